/*
 * offcpu.c: off-CPU time of scheduler switches, and a sink that weighs
 * switch stacks by it.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "offcpu.h"
#include "util.h"

#define OFFCPU_NONE SIZE_MAX
#define OFFCPU_OUT 1		/* a sched_switch: a task leaves the CPU */
#define OFFCPU_IN 2		/* a switch record: a task comes back */

/* Tasks that are off the CPU: tid -> index of their switch out. */
struct offcpu_waiting {
	int64_t *tid;
	size_t *sw;		/* OFFCPU_NONE: the task is running */
	size_t mask, used;
};

/* The slot for tid: where it is, or where it would go. */
static size_t
offcpu_slot(const struct offcpu_waiting *w, int64_t tid)
{
	size_t i = ((uint64_t)tid * 0x9e3779b97f4a7c15ull >> 20) & w->mask;

	while (w->tid[i] != -1) {
		if (w->tid[i] == tid)
			return i;
		i = (i + 1) & w->mask;
	}
	return i;
}

/* Make the table at least size slots (a power of two), keeping entries. */
static void
offcpu_grow(struct offcpu_waiting *w, size_t size)
{
	struct offcpu_waiting old = *w;
	size_t i, j;

	w->tid = xcalloc(size, sizeof *w->tid);
	w->sw = xcalloc(size, sizeof *w->sw);
	w->mask = size - 1;
	for (i = 0; i < size; i++) {
		w->tid[i] = -1;
		w->sw[i] = OFFCPU_NONE;
	}
	for (i = 0; old.tid != NULL && i <= old.mask; i++) {
		if (old.tid[i] == -1)
			continue;
		j = offcpu_slot(w, old.tid[i]);
		w->tid[j] = old.tid[i];
		w->sw[j] = old.sw[i];
	}
	free(old.tid);
	free(old.sw);
}

/* The slot of tid, added if new. */
static size_t
offcpu_task(struct offcpu_waiting *w, int64_t tid)
{
	size_t i;

	if (w->tid == NULL || (w->used + 1) * 2 > w->mask + 1)
		offcpu_grow(w, w->tid == NULL ? 1024 : (w->mask + 1) * 2);
	i = offcpu_slot(w, tid);
	if (w->tid[i] != tid) {
		w->tid[i] = tid;
		w->used++;
	}
	return i;
}

/* The decimal number after the last "key" in s[0..len), or -1. */
static int64_t
offcpu_field(const char *s, size_t len, const char *key, size_t *at)
{
	size_t klen = strlen(key), i;
	int64_t v = 0;

	for (i = len; i >= klen; i--) {
		if (memcmp(s + i - klen, key, klen) != 0)
			continue;
		*at = i - klen;
		if (i >= len || s[i] < '0' || s[i] > '9')
			return -1;
		for (; i < len && s[i] >= '0' && s[i] <= '9'; i++) {
			v = v * 10 + (s[i] - '0');
			if (v > INT32_MAX)
				return -1;
		}
		return v;
	}
	return -1;
}

/*
 * Parse "TID  SEC.NSEC: prev_comm=... prev_pid=P ... next_pid=N ...", a
 * switch (returns OFFCPU_OUT), or "TID  SEC.NSEC: PERF_RECORD_SWITCH IN", a
 * task coming back (OFFCPU_IN, with *next = TID). Returns 0 for other switch
 * records, -1 when the line is none of these.
 */
static int
offcpu_parse(const struct strv *l, int64_t *t, int64_t *prev, int64_t *next)
{
	static const char in[] = " PERF_RECORD_SWITCH IN";
	const char *s = l->s;
	size_t i = 0, at, n = l->len;
	uint64_t sec = 0, frac = 0, scale = 1000000000ull;
	int64_t tid = 0;

	while (i < n && s[i] == ' ')
		i++;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++)
		if (tid <= INT32_MAX)
			tid = tid * 10 + (s[i] - '0');
	while (i < n && s[i] != ' ')
		i++;
	while (i < n && s[i] == ' ')
		i++;
	if (i == n || s[i] < '0' || s[i] > '9')
		return -1;
	for (; i < n && s[i] >= '0' && s[i] <= '9'; i++) {
		sec = sec * 10 + (uint64_t)(s[i] - '0');
		if (sec > 9000000000ull)
			return -1;
	}
	if (i < n && s[i] == '.')
		for (i++; i < n && s[i] >= '0' && s[i] <= '9'; i++)
			if (scale > 1) {
				scale /= 10;
				frac += (uint64_t)(s[i] - '0') * scale;
			}
	if (i == n || s[i] != ':')
		return -1;
	*t = (int64_t)(sec * 1000000000ull + frac);
	i++;
	if (n - i >= sizeof in - 1 && memcmp(s + i, in, sizeof in - 1) == 0) {
		*next = tid;
		return OFFCPU_IN;
	}
	if (n - i >= 19 && memcmp(s + i, " PERF_RECORD_SWITCH", 19) == 0)
		return 0;
	if ((*next = offcpu_field(s, n, " next_pid=", &at)) < 0 ||
	    (*prev = offcpu_field(s, at, " prev_pid=", &i)) < 0)
		return -1;
	/* A task that exits (prev_state X or Z) is not waiting. */
	for (i += 10; i + 12 < at; i++)
		if (memcmp(s + i, " prev_state=", 12) == 0) {
			if (s[i + 12] == 'X' || s[i + 12] == 'Z')
				*prev = 0;
			break;
		}
	return OFFCPU_OUT;
}

/* Task tid is back on a CPU at t: close its time off, if it was off. */
static void
offcpu_back(struct offcpu *o, struct offcpu_waiting *w, int64_t tid,
    int64_t t)
{
	size_t k = offcpu_task(w, tid), i;

	if ((i = w->sw[k]) != OFFCPU_NONE) {
		o->sw[i].off_ns = (uint64_t)(t - o->sw[i].time_ns);
		w->sw[k] = OFFCPU_NONE;
	}
}

int
offcpu_read(struct offcpu *o, struct reader *r, char *err, size_t errlen)
{
	struct offcpu_waiting w;
	struct strv line;
	int64_t t, prev, next, end = 0;
	size_t i, k;
	int kind;

	memset(&w, 0, sizeof w);
	while (reader_line(r, &line)) {
		if (line.len == 0)
			continue;
		if ((kind = offcpu_parse(&line, &t, &prev, &next)) < 0) {
			o->bad++;
			continue;
		}
		if (t > end)
			end = t;
		if (kind == OFFCPU_IN)
			offcpu_back(o, &w, next, t);
		if (kind != OFFCPU_OUT)
			continue;
		o->sw = xgrow(o->sw, &o->cap, o->n + 1, sizeof *o->sw);
		o->sw[o->n].time_ns = t;
		o->sw[o->n].off_ns = 0;
		/* With the whole system recorded, the task coming in. */
		offcpu_back(o, &w, next, t);
		/* The idle task (pid 0) is never waiting for anything, nor
		 * is a task that exits (offcpu_parse made it 0). */
		if (prev != 0)
			w.sw[offcpu_task(&w, prev)] = o->n;
		o->n++;
	}
	/* Still off the CPU when the recording ended. */
	for (k = 0; w.tid != NULL && k <= w.mask; k++)
		if (w.tid[k] != -1 && (i = w.sw[k]) != OFFCPU_NONE)
			o->sw[i].off_ns = (uint64_t)(end - o->sw[i].time_ns);
	free(w.tid);
	free(w.sw);
	if (o->n == 0 && o->bad > 0) {
		snprintf(err, errlen, "%s: no scheduler switches in %llu lines",
		    r->name, (unsigned long long)o->bad);
		return -1;
	}
	return 0;
}

/* Forward a stack weighted by its switch's off-CPU time. */
static void
offcpu_stack(void *ctx, const struct sample *s)
{
	struct offcpu *o = ctx;
	struct sample w = *s;
	size_t lo = 0, hi = o->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (o->sw[mid].time_ns < s->time_ns)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == o->n || o->sw[lo].time_ns != s->time_ns) {
		o->unmatched++;
		return;
	}
	if (o->sw[lo].off_ns == 0)
		return;
	w.count = (o->sw[lo].off_ns + 999) / 1000;
	w.frac = 0;
	w.same = 0;	/* stacks are dropped above */
	o->inner.stack(o->inner.ctx, &w);
}

struct sink
offcpu_sink(struct offcpu *o, struct sink inner)
{
	struct sink s = { offcpu_stack, o, NULL, NULL, NULL };

	o->inner = inner;
	return s;
}

void
offcpu_free(struct offcpu *o)
{
	free(o->sw);
	memset(o, 0, sizeof *o);
}
