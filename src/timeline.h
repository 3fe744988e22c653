/*
 * timeline.h: samples in time, for the sub-second offset heat map and for
 * --time-range.
 *
 * A profile loaded with keeptimes set holds each timestamped sample as a
 * (time, leaf node) pair. A timeline bins them into cells: one column per
 * second from the first sample, each cut into nbuckets sub-second buckets,
 * as FlameScope draws them. A range of time gives back a profile of just
 * its samples, rebuilt from the leaves without reading the input again.
 *
 * Idle samples (the kernel's idle loop: a frame such as cpu_idle,
 * intel_idle or do_idle, or the swapper task as a --pid/--tid root) are
 * left out of both unless include_idle is set.
 */
#ifndef TIMELINE_H
#define TIMELINE_H

#include <stdint.h>

#include "profile.h"

#define TIMELINE_BUCKETS 50		/* default buckets a second: 20 ms */
#define TIMELINE_MAX_CELLS (64u << 20)	/* the most cells a timeline has */

struct timeline {
	const struct profile *p;
	int nbuckets;		/* cells a second */
	int nsecs;		/* columns: seconds from t0 */
	int64_t t0;		/* the first sample's time, ns */
	uint32_t *cells;	/* samples: cells[sec * nbuckets + bucket] */
	uint32_t max;		/* the most in a cell */
	uint64_t nsamples;	/* samples counted in cells */
	uint64_t nidle;		/* idle samples left out */
	int include_idle;
	uint8_t *idle;		/* per node: it or a caller is idle */
};

/*
 * Bin p's timestamped samples. Returns 0, or -1 with a message in err when
 * there are none or the span is too long for the cells.
 */
int timeline_init(struct timeline *, const struct profile *, int nbuckets,
    int include_idle, char *err, size_t errlen);
void timeline_free(struct timeline *);

/* The first nanosecond (from t0) of cell c, sec * nbuckets + bucket. */
int64_t timeline_cell_start(const struct timeline *, int64_t c);
/* The cell of a time from t0. */
int64_t timeline_cell_of(const struct timeline *, int64_t off);

/*
 * Make out a new profile of the samples from from_ns to before to_ns
 * (nanoseconds from t0), idle ones left out unless include_idle. Returns
 * the samples it holds.
 */
uint64_t timeline_range(const struct timeline *, int64_t from_ns,
    int64_t to_ns, struct profile *out);

/*
 * A flame chart in time order: when every sample of p (a flame chart, read
 * with keeptimes) has a timestamp and they are out of order, make out the
 * chart again with the samples sorted by time (ties in input order) and
 * return 1; else return 0 and leave out untouched.
 */
int timeline_chart(const struct profile *p, struct profile *out);

/*
 * Parse --time-range's START-END, seconds from the first sample, into
 * nanoseconds. Returns 0, or -1 when it is not two ordered numbers.
 */
int timeline_parse_range(const char *, int64_t *from_ns, int64_t *to_ns);

#endif
