/*
 * timeline.c: binning timestamped samples into heat map cells, and the
 * profile of a range of time.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "timeline.h"
#include "util.h"

#define NS 1000000000LL

/* Frames of the kernel's idle loop, as perf shows them. */
static const char *const timeline_idle_names[] = {
	"cpu_idle", "cpu_idle_poll", "do_idle", "cpu_startup_entry",
	"cpuidle_enter", "cpuidle_enter_state", "default_idle",
	"default_idle_call", "arch_cpu_idle", "intel_idle", "intel_idle_irq",
	"acpi_idle_enter", "acpi_idle_do_entry", "poll_idle",
	"native_safe_halt", "pv_native_safe_halt", "mwait_idle", NULL
};

/* Is a frame name the idle loop's (a trailing _[k] ignored)? */
static int
timeline_idle_name(const char *s, size_t len)
{
	size_t i;

	if (len > 4 && memcmp(s + len - 4, "_[k]", 4) == 0)
		len -= 4;
	if ((len == 7 && memcmp(s, "swapper", 7) == 0) ||
	    (len > 8 && memcmp(s, "swapper-", 8) == 0))
		return 1;
	for (i = 0; timeline_idle_names[i] != NULL; i++)
		if (strlen(timeline_idle_names[i]) == len &&
		    memcmp(timeline_idle_names[i], s, len) == 0)
			return 1;
	return 0;
}

int
timeline_init(struct timeline *tl, const struct profile *p, int nbuckets,
    int include_idle, char *err, size_t errlen)
{
	const struct name *nm;
	int64_t t0, t1, c;
	uint64_t ncells;
	uint32_t i;
	size_t j;

	memset(tl, 0, sizeof *tl);
	tl->p = p;
	tl->nbuckets = nbuckets;
	tl->include_idle = include_idle;
	if (p->ntimes == 0) {
		snprintf(err, errlen, "the input has no timestamps (perf "
		    "script output has them)");
		return -1;
	}
	t0 = t1 = p->times[0].time_ns;
	for (j = 1; j < p->ntimes; j++) {
		if (p->times[j].time_ns < t0)
			t0 = p->times[j].time_ns;
		if (p->times[j].time_ns > t1)
			t1 = p->times[j].time_ns;
	}
	ncells = ((uint64_t)(t1 - t0) / NS + 1) * (uint64_t)nbuckets;
	if (ncells > TIMELINE_MAX_CELLS) {
		snprintf(err, errlen, "the samples span %.0f s, too long for "
		    "a heat map of %d buckets a second", (double)(t1 - t0) /
		    NS, nbuckets);
		return -1;
	}
	tl->t0 = t0;
	tl->nsecs = (int)((t1 - t0) / NS + 1);
	tl->cells = xcalloc(ncells, sizeof *tl->cells);
	tl->idle = xcalloc(p->nnodes, 1);
	/* Parents come before their children. */
	for (i = 0; i < p->nnodes; i++) {
		nm = profile_name(p, i);
		tl->idle[i] = (i != PROFILE_ROOT &&
		    tl->idle[p->nodes[i].parent]) ||
		    (i != PROFILE_ROOT && timeline_idle_name(nm->s, nm->len));
	}
	for (j = 0; j < p->ntimes; j++) {
		if (!include_idle && tl->idle[p->times[j].leaf]) {
			tl->nidle++;
			continue;
		}
		c = timeline_cell_of(tl, p->times[j].time_ns - t0);
		if (tl->cells[c] < UINT32_MAX)
			tl->cells[c]++;
		if (tl->cells[c] > tl->max)
			tl->max = tl->cells[c];
		tl->nsamples++;
	}
	return 0;
}

void
timeline_free(struct timeline *tl)
{
	free(tl->cells);
	free(tl->idle);
	memset(tl, 0, sizeof *tl);
}

int64_t
timeline_cell_start(const struct timeline *tl, int64_t c)
{
	int64_t sec = c / tl->nbuckets, b = c % tl->nbuckets;

	/* The first ns whose bucket is b: ceil(b * NS / nbuckets). */
	return sec * NS + (b * NS + tl->nbuckets - 1) / tl->nbuckets;
}

int64_t
timeline_cell_of(const struct timeline *tl, int64_t off)
{
	return off / NS * tl->nbuckets + off % NS * tl->nbuckets / NS;
}

uint64_t
timeline_range(const struct timeline *tl, int64_t from_ns, int64_t to_ns,
    struct profile *out)
{
	const struct profile *p = tl->p;
	struct strv *frames = NULL;
	size_t cap = 0, n, j;
	uint32_t node;
	uint64_t kept = 0;
	int64_t off;

	profile_init(out);
	out->frac = p->frac;
	out->flamechart = p->flamechart;
	profile_set_unit(out, p->by_samples ? p->wunit : p->unit);
	profile_set_event(out, p->event);
	for (j = 0; j < p->ntimes; j++) {
		off = p->times[j].time_ns - tl->t0;
		if (off < from_ns || off >= to_ns)
			continue;
		node = p->times[j].leaf;
		if (!tl->include_idle && tl->idle[node])
			continue;
		n = profile_path(p, node, &frames, &cap);
		profile_add(out, frames, n, p->times[j].count, p->frac);
		kept++;
	}
	free(frames);
	profile_finish(out);
	return kept;
}

/* A sample's place in time order: its time, then its place in the input. */
struct order {
	int64_t t;
	size_t i;
};

/* Order samples by time, then by input order. */
static int
timeline_order_cmp(const void *a, const void *b)
{
	const struct order *x = a, *y = b;

	if (x->t != y->t)
		return (x->t > y->t) - (x->t < y->t);
	return (x->i > y->i) - (x->i < y->i);
}

int
timeline_chart(const struct profile *p, struct profile *out)
{
	struct strv *frames = NULL;
	struct order *ord;
	size_t cap = 0, n, j;
	uint32_t node;
	const struct tsample *ts;

	if (p->ntimes == 0 || p->ntimes != p->nstacks)
		return 0;
	for (j = 1; j < p->ntimes; j++)
		if (p->times[j].time_ns < p->times[j - 1].time_ns)
			break;
	if (j == p->ntimes)
		return 0;	/* in time order already */
	ord = xcalloc(p->ntimes, sizeof *ord);
	for (j = 0; j < p->ntimes; j++) {
		ord[j].t = p->times[j].time_ns;
		ord[j].i = j;
	}
	qsort(ord, p->ntimes, sizeof *ord, timeline_order_cmp);
	profile_init(out);
	out->flamechart = 1;
	out->keeptimes = p->keeptimes;
	out->frac = p->frac;
	profile_set_unit(out, p->by_samples ? p->wunit : p->unit);
	profile_set_event(out, p->event);
	for (j = 0; j < p->ntimes; j++) {
		ts = &p->times[ord[j].i];
		node = ts->leaf;
		n = profile_path(p, node, &frames, &cap);
		out->now_ns = ts->time_ns;
		profile_add(out, frames, n, ts->count, p->frac);
	}
	out->now_ns = -1;
	free(ord);
	free(frames);
	profile_finish(out);
	return 1;
}

int
timeline_parse_range(const char *s, int64_t *from_ns, int64_t *to_ns)
{
	const char *dash;
	char *end;
	double a, b;

	/* The dash between the two: the first after a leading digit. */
	if ((dash = strchr(s + (s[0] != '\0'), '-')) == NULL)
		return -1;
	errno = 0;
	a = strtod(s, &end);
	if (end != dash || errno != 0)
		return -1;
	b = strtod(dash + 1, &end);
	if (end == dash + 1 || *end != '\0' || errno != 0)
		return -1;
	if (!(a >= 0) || !(b > a) || b > 1e9)
		return -1;
	*from_ns = (int64_t)(a * 1e9 + 0.5);
	*to_ns = (int64_t)(b * 1e9 + 0.5);
	return 0;
}
