/*
 * window.h: the samples of a live profile (`flametui top`) that are in
 * view: the last seconds (a sliding window), everything since the start,
 * or everything with older samples weighing less (exponential decay).
 *
 * A parser thread feeds samples through window_sink(); the viewer takes a
 * picture of what is in view with window_picture() whenever it redraws.
 * Both lock the window, so they may run in different threads.
 *
 * Samples are kept in one profile per second of sample time (the
 * samples' timestamps, so a stream read faster than real time keeps its
 * own seconds). A second that leaves the window is freed, names and all:
 * memory is bounded by the window, not by how long it runs.
 */
#ifndef WINDOW_H
#define WINDOW_H

#include <pthread.h>
#include <stdint.h>
#include <time.h>

#include "profile.h"

struct window {
	pthread_mutex_t lock;
	int span;		/* --window in seconds; 0 accumulates */
	double halflife;	/* --decay in seconds; 0 for none */

	struct profile *slots;	/* slots[sec % nslots] holds second sec */
	int64_t *slotsec;	/* the second each slot holds, -1 for none */
	uint64_t *slotn;	/* the samples each slot holds */
	int nslots;
	int64_t head;		/* the newest second, -1 before any sample */
	int64_t t0;		/* the first sample's time in ns, -1 before */
	struct profile acc;	/* --window=0: everything; --decay: the past,
				   decayed */
	double accn;		/* the samples acc holds (decayed) */
	char unit[64];		/* what a count is, "" for samples */
	struct profile all;	/* with keepall: every sample, for -o */
	int keepall;

	struct profile *last;	/* the slot given the last sample */
	uint64_t recorded;	/* samples taken */
	uint64_t late;		/* samples older than the window, dropped */
	int64_t lastns;		/* the newest sample's time */
	struct timespec lastwall;	/* when it came */
};

/*
 * Start a window of span seconds (0: everything), or, with halflife > 0,
 * everything decayed by half every halflife seconds. keepall keeps every
 * sample as well, for window_all().
 */
void window_init(struct window *, int span, double halflife, int keepall);
void window_free(struct window *);
/*
 * A sink that adds to the window; any thread may feed it. A sample weighs
 * its count (perf's period), in the unit the parser tells, as the viewer
 * weighs it.
 */
struct sink window_sink(struct window *);
/*
 * Make out, a profile fresh from profile_init(), the picture of what is
 * in view now, in the parser's unit; returns the samples in view
 * (decayed). Seconds with no sample since the last one came (an idle
 * target) move the window on by the clock: now is CLOCK_MONOTONIC.
 */
double window_picture(struct window *, const struct timespec *now,
    struct profile *out);
/* Samples taken so far, and of them the ones too late for the window. */
uint64_t window_recorded(struct window *, uint64_t *late);
/* Every sample, for -o (keepall); valid once no thread feeds it. */
const struct profile *window_all(const struct window *);

#endif
