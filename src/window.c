/*
 * window.c: the samples of a live profile that are in view: a profile per
 * second of sample time, merged into a picture on demand (see window.h).
 */
#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "window.h"

#define NS 1000000000LL
#define WINDOW_IDLE 1.0		/* seconds without a sample: use the clock */
#define WINDOW_FLOOR 0.005	/* decayed stacks under this many samples go */
#define WINDOW_DECAY_FRAC 3	/* decimals of a decayed count */

/* Seconds from a to b. */
static double
window_since(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* Empty a profile for new samples, keeping their times when wanted. */
static void
window_fresh(struct profile *p, int keeptimes)
{
	profile_init(p);
	p->keeptimes = keeptimes;
}

void
window_init(struct window *w, int span, double halflife, int keepall)
{
	int i;

	memset(w, 0, sizeof *w);
	pthread_mutex_init(&w->lock, NULL);
	w->span = halflife > 0 ? 0 : span;
	w->halflife = halflife;
	w->nslots = w->span > 0 ? w->span : 1;
	w->slots = xcalloc((size_t)w->nslots, sizeof *w->slots);
	w->slotsec = xcalloc((size_t)w->nslots, sizeof *w->slotsec);
	w->slotn = xcalloc((size_t)w->nslots, sizeof *w->slotn);
	for (i = 0; i < w->nslots; i++) {
		window_fresh(&w->slots[i], halflife == 0);
		w->slotsec[i] = -1;
	}
	window_fresh(&w->acc, halflife == 0);
	w->keepall = keepall;
	if (keepall)
		profile_init(&w->all);
	w->head = w->t0 = -1;
}

void
window_free(struct window *w)
{
	int i;

	for (i = 0; i < w->nslots; i++)
		profile_free(&w->slots[i]);
	free(w->slots);
	free(w->slotsec);
	free(w->slotn);
	profile_free(&w->acc);
	if (w->keepall)
		profile_free(&w->all);
	pthread_mutex_destroy(&w->lock);
	memset(w, 0, sizeof *w);
}

/*
 * Multiply every count of acc by f, leaving out the stacks that fall
 * under WINDOW_FLOOR of a mean sample: they would never leave otherwise.
 */
static void
window_decay(struct window *w, double f)
{
	struct profile n;
	uint32_t *ids = NULL, *path = NULL, i, k, d;
	size_t capids = 0, cappath = 0;
	unsigned frac = w->acc.frac > WINDOW_DECAY_FRAC ? w->acc.frac :
	    WINDOW_DECAY_FRAC;
	double scale = f * pow(10, (double)(frac - w->acc.frac)), floor, c;

	/* The floor, a share of a mean sample, in units of 10^-frac. */
	floor = WINDOW_FLOOR * pow(10, (double)frac) * (w->accn > 0 ?
	    profile_samples(&w->acc, w->acc.nodes[PROFILE_ROOT].total) /
	    w->accn : 1);
	window_fresh(&n, 0);
	profile_borrow_names(&n, &w->acc);
	for (i = 1; i < w->acc.nnodes; i++) {
		c = (double)w->acc.nodes[i].self * scale;
		if (w->acc.nodes[i].self == 0 || c < floor || c < 1)
			continue;
		d = w->acc.nodes[i].depth;
		ids = xgrow(ids, &capids, d, sizeof *ids);
		path = xgrow(path, &cappath, d, sizeof *path);
		for (k = i; k != PROFILE_ROOT; k = w->acc.nodes[k].parent)
			ids[--d] = w->acc.nodes[k].name;
		profile_add_ids(&n, ids, w->acc.nodes[i].depth, path, 0,
		    (uint64_t)(c + 0.5), frac);
	}
	free(ids);
	free(path);
	profile_take_names(&n, &w->acc);
	profile_free(&w->acc);
	w->acc = n;
}

/*
 * Move the newest second on to sec, later than head, retiring the seconds
 * it passes.
 */
static void
window_advance(struct window *w, int64_t sec)
{
	struct profile *cur;
	int64_t gap = w->head < 0 ? 0 : sec - w->head;

	if (w->span == 0 && w->head >= 0) {
		/* The current second joins the past (and decays with it). */
		cur = &w->slots[0];
		if (w->slotn[0] > 0) {
			profile_merge(&w->acc, cur);
			profile_free(cur);
			window_fresh(cur, w->halflife == 0);
			w->accn += (double)w->slotn[0];
			w->slotn[0] = 0;
		}
		w->slotsec[0] = -1;
		if (w->halflife > 0 && w->accn > 0) {
			window_decay(w, pow(2, -(double)gap / w->halflife));
			w->accn *= pow(2, -(double)gap / w->halflife);
		}
		w->last = NULL;
	}
	w->head = sec;
}

/* The profile of second sec, emptied when it held an older one. */
static struct profile *
window_slot(struct window *w, int64_t sec)
{
	int i = (int)(sec % w->nslots);

	if (w->slotsec[i] != sec) {
		profile_free(&w->slots[i]);
		window_fresh(&w->slots[i], w->halflife == 0);
		w->slotsec[i] = sec;
		w->slotn[i] = 0;
		if (w->last == &w->slots[i])
			w->last = NULL;
	}
	return &w->slots[i];
}

/* Take a sample into its second (and into all). */
static void
window_stack(void *ctx, const struct sample *s)
{
	struct window *w = ctx;
	struct sample c = *s;
	struct profile *p;
	struct sink k;
	int64_t sec;

	pthread_mutex_lock(&w->lock);
	clock_gettime(CLOCK_MONOTONIC, &w->lastwall);
	if (s->time_ns >= 0) {
		if (w->t0 < 0)
			w->t0 = s->time_ns;
		if (s->time_ns > w->lastns)
			w->lastns = s->time_ns;
		sec = s->time_ns >= w->t0 ? (s->time_ns - w->t0) / NS : -1;
	} else
		sec = w->head < 0 ? 0 : w->head;
	if (sec > w->head)
		window_advance(w, sec);
	/* Everything is kept: a sample later than the clock joins the
	 * newest second (with its own time). */
	if (w->span == 0 && sec < w->head)
		sec = w->head;
	if (sec < 0 || sec <= w->head - w->nslots)
		w->late++;
	else {
		p = window_slot(w, sec);
		if (p != w->last)
			c.same = 0;
		k = profile_sink(p);
		k.stack(k.ctx, &c);
		w->slotn[p - w->slots]++;
		w->last = p;
	}
	if (w->keepall) {
		k = profile_sink(&w->all);
		c.same = s->same;
		k.stack(k.ctx, &c);
	}
	w->recorded++;
	pthread_mutex_unlock(&w->lock);
}

/* Take the unit of the counts the parser tells. */
static void
window_unit(void *ctx, const char *unit)
{
	struct window *w = ctx;

	pthread_mutex_lock(&w->lock);
	snprintf(w->unit, sizeof w->unit, "%s", unit != NULL ? unit : "");
	pthread_mutex_unlock(&w->lock);
}

struct sink
window_sink(struct window *w)
{
	return (struct sink){ window_stack, w, NULL, window_unit, NULL };
}

double
window_picture(struct window *w, const struct timespec *now,
    struct profile *out)
{
	double idle, n;
	int64_t sec;
	int i;

	pthread_mutex_lock(&w->lock);
	idle = window_since(&w->lastwall, now);
	/* Idle: the window moves on by the clock, once a second. */
	sec = (w->lastns - w->t0) / NS + (int64_t)idle;
	if (w->head >= 0 && idle > WINDOW_IDLE && sec > w->head)
		window_advance(w, sec);
	out->keeptimes = w->halflife == 0;
	profile_set_unit(out, w->unit);
	n = w->span == 0 ? w->accn : 0;
	if (w->span == 0)
		profile_merge(out, &w->acc);
	for (i = 0; i < w->nslots; i++)
		if (w->slotsec[i] >= 0 && w->slotsec[i] > w->head - w->nslots) {
			profile_merge(out, &w->slots[i]);
			n += (double)w->slotn[i];
		}
	pthread_mutex_unlock(&w->lock);
	profile_finish(out);
	return n;
}

uint64_t
window_recorded(struct window *w, uint64_t *late)
{
	uint64_t n;

	pthread_mutex_lock(&w->lock);
	n = w->recorded;
	*late = w->late;
	pthread_mutex_unlock(&w->lock);
	return n;
}

const struct profile *
window_all(const struct window *w)
{
	return &w->all;
}
