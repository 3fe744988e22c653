/*
 * fmt-perf-sched.c: off-CPU time from scheduler events in `perf script`
 * output, as stackcollapse-perf-sched.awk computes it:
 *
 *	perf record -g -e sched:sched_switch -e sched:sched_stat_sleep \
 *	    -e sched:sched_stat_blocked -p PID -- sleep 10
 *	perf script -F time,comm,pid,tid,event,ip,sym,dso,trace
 *
 * A sched_switch event remembers the stack of the task switched out
 * (prev_pid=). The next sched_stat_sleep or sched_stat_blocked event for that
 * task (pid=) adds its delay=, in nanoseconds, to the stack "comm;frames";
 * later duplicates of the event for the same switch add nothing. Each
 * distinct stack's total becomes its count in microseconds, truncated, and
 * stacks under one microsecond are left out. With --tid the root is
 * "comm-PID" (the awk's record_tid). A frame is the words of a frame line
 * between the address and the last word (the dso).
 *
 * The rules run in the awk's order on every line, so odd input gives what
 * the awk gives. This format is chosen over plain perf only when the input
 * holds both sched_switch and sched_stat_sleep/blocked events: anything else
 * is ordinary perf script output, for fmt-perf.c.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"
#include "util.h"

/* One entry of a string-keyed table. */
struct ps_entry {
	char *key;
	size_t klen;
	char *val;		/* switch stacks: the stack, root first */
	size_t vlen, vcap;
	int64_t sum;		/* stack times: nanoseconds */
	int live;		/* not deleted */
};

/* An open-addressing table of strings. */
struct ps_table {
	struct ps_entry *e;
	size_t n, cap;		/* entries in use (live or not), slots */
};

/* State of one read. */
struct perf_sched {
	struct ps_table switches;	/* pid -> stack at its last switch */
	struct ps_table times;		/* comm;stack -> nanoseconds */
	struct stack sw;		/* frames of the switch being read */
	int in_switch;			/* switchpid != 0 */
	char swpid[32];
	int in_stat;			/* stat_next_pid != 0 */
	char statpid[32];
	char *statcomm;			/* comm=, or comm-PID with --tid */
	size_t statcommlen, statcommcap;
	int64_t delay;			/* delay= in ns */
	char *buf;			/* building keys and stacks */
	size_t bufcap;
};

/* FNV-1a. */
static uint64_t
perf_sched_hash(const char *s, size_t len)
{
	uint64_t h = 14695981039346656037ULL;

	while (len-- > 0)
		h = (h ^ (unsigned char)*s++) * 1099511628211ULL;
	return h;
}

/* Find key, adding it (not live) when add is set; NULL when absent. */
static struct ps_entry *
perf_sched_find(struct ps_table *t, const char *key, size_t klen, int add)
{
	struct ps_entry *old, *e;
	size_t i, oldcap;

	if (add && (t->n + 1) * 2 > t->cap) {
		old = t->e;
		oldcap = t->cap;
		t->cap = oldcap == 0 ? 64 : oldcap * 2;
		t->e = xcalloc(t->cap, sizeof *t->e);
		for (i = 0; i < oldcap; i++) {
			size_t j;

			if (old[i].key == NULL)
				continue;
			j = perf_sched_hash(old[i].key, old[i].klen) &
			    (t->cap - 1);
			while (t->e[j].key != NULL)
				j = (j + 1) & (t->cap - 1);
			t->e[j] = old[i];
		}
		free(old);
	}
	if (t->cap == 0)
		return NULL;
	i = perf_sched_hash(key, klen) & (t->cap - 1);
	for (;; i = (i + 1) & (t->cap - 1)) {
		e = &t->e[i];
		if (e->key == NULL)
			break;
		if (e->klen == klen && memcmp(e->key, key, klen) == 0)
			return e;
	}
	if (!add)
		return NULL;
	e->key = xmalloc(klen + 1);
	memcpy(e->key, key, klen);
	e->klen = klen;
	t->n++;
	return e;
}

/* Free a table. */
static void
perf_sched_free(struct ps_table *t)
{
	size_t i;

	for (i = 0; i < t->cap; i++) {
		free(t->e[i].key);
		free(t->e[i].val);
	}
	free(t->e);
	memset(t, 0, sizeof *t);
}

/* Is c a blank, as [[:space:]]? */
static int
perf_sched_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/*
 * The value of the first "VAR=VALUE" in the line, VALUE being one or more
 * non-blanks (the awk's get_perf_captured_variable). Empty when none.
 */
static struct strv
perf_sched_var(const char *s, size_t len, const char *var)
{
	size_t n = strlen(var), i, j;
	struct strv v = { "", 0 };

	for (i = 0; i + n + 1 < len; i++) {
		if (memcmp(s + i, var, n) != 0 || s[i + n] != '=' ||
		    perf_sched_space(s[i + n + 1]))
			continue;
		for (j = i + n + 1; j < len && !perf_sched_space(s[j]); j++)
			;
		v.s = s + i + n + 1;
		v.len = j - (i + n + 1);
		break;
	}
	return v;
}

/* Copy a value into a fixed buffer, as a pid key. */
static void
perf_sched_copy(char *dst, size_t size, struct strv v)
{
	if (v.len >= size)
		v.len = size - 1;
	memcpy(dst, v.s, v.len);
	dst[v.len] = '\0';
}

/* awk's int() of a string: leading blanks, sign, digits. */
static int64_t
perf_sched_int(struct strv v)
{
	int64_t n = 0;
	size_t i = 0;
	int neg = 0;

	while (i < v.len && perf_sched_space(v.s[i]))
		i++;
	if (i < v.len && (v.s[i] == '-' || v.s[i] == '+'))
		neg = v.s[i++] == '-';
	for (; i < v.len && v.s[i] >= '0' && v.s[i] <= '9'; i++)
		if (n < INT64_MAX / 20)
			n = n * 10 + (v.s[i] - '0');
	return neg ? -n : n;
}

/* Does the line hold the text needle? */
static int
perf_sched_has(const char *s, size_t len, const char *needle)
{
	return memmem(s, len, needle, strlen(needle)) != NULL;
}

/*
 * Push a frame line's function: its blank-separated words from the second
 * to the one before the last, joined by one blank, or the second alone (the
 * awk's get_function_name).
 */
static void
perf_sched_func(struct perf_sched *ps, const char *s, size_t len)
{
	const char *e = s + len, *p, *w;
	size_t nw = 0, i, n = 0;

	for (p = s; p < e;) {
		while (p < e && perf_sched_space(*p))
			p++;
		if (p == e)
			break;
		nw++;
		while (p < e && !perf_sched_space(*p))
			p++;
	}
	ps->buf = xgrow(ps->buf, &ps->bufcap, len + 1, 1);
	for (i = 0, p = s; p < e;) {
		while (p < e && perf_sched_space(*p))
			p++;
		if (p == e)
			break;
		w = p;
		while (p < e && !perf_sched_space(*p))
			p++;
		if (++i < 2 || (i > 2 && i >= nw))
			continue;
		if (i > 2)
			ps->buf[n++] = ' ';
		memcpy(ps->buf + n, w, (size_t)(p - w));
		n += (size_t)(p - w);
	}
	/* The awk builds a string: while it is empty, a frame replaces it. */
	if (ps->sw.len == 0)
		stack_clear(&ps->sw);
	stack_push(&ps->sw, ps->buf, n);
}

/* Append bytes to e->val. */
static void
perf_sched_val(struct ps_entry *e, const char *s, size_t len)
{
	e->val = xgrow(e->val, &e->vcap, e->vlen + len + 1, 1);
	memcpy(e->val + e->vlen, s, len);
	e->vlen += len;
}

/* The switch's stack is complete: remember it for its pid. */
static void
perf_sched_end_switch(struct perf_sched *ps)
{
	struct ps_entry *e;
	size_t i, end;

	e = perf_sched_find(&ps->switches, ps->swpid, strlen(ps->swpid), 1);
	e->vlen = 0;
	for (i = ps->sw.n; i-- > 0;) {
		end = i + 1 < ps->sw.n ? ps->sw.off[i + 1] : ps->sw.len;
		perf_sched_val(e, ps->sw.buf + ps->sw.off[i],
		    end - ps->sw.off[i]);
		if (i > 0)
			perf_sched_val(e, ";", 1);
	}
	e->live = 1;
	ps->in_switch = 0;
	stack_clear(&ps->sw);
}

/* The stat event is complete: charge its delay to the pending switch. */
static void
perf_sched_end_stat(struct perf_sched *ps)
{
	struct ps_entry *sw, *t;
	size_t n;

	sw = perf_sched_find(&ps->switches, ps->statpid, strlen(ps->statpid),
	    0);
	if (sw != NULL && sw->live) {
		n = ps->statcommlen + 1 + sw->vlen;
		ps->buf = xgrow(ps->buf, &ps->bufcap, n + 1, 1);
		memcpy(ps->buf, ps->statcomm, ps->statcommlen);
		ps->buf[ps->statcommlen] = ';';
		if (sw->vlen > 0)
			memcpy(ps->buf + ps->statcommlen + 1, sw->val,
			    sw->vlen);
		sw->live = 0;
		t = perf_sched_find(&ps->times, ps->buf, n, 1);
		t->live = 1;
		t->sum += ps->delay;
	}
	ps->in_stat = 0;
}

/* perf-sched if sched_switch and sched_stat_sleep/blocked events are both
 * there; plain perf script output otherwise. */
static int
perf_sched_probe(const char *buf, size_t len)
{
	int sw = perf_sched_has(buf, len, "sched:sched_switch:");
	int st = perf_sched_has(buf, len, "sched:sched_stat_sleep:") ||
	    perf_sched_has(buf, len, "sched:sched_stat_blocked:");
	const char *p = buf, *end = buf + len;
	struct strv l;
	int frames = 0;

	if (!sw || !st)
		return 0;
	while (detect_line(&p, end, &l) && frames == 0)
		if (l.len > 1 && l.s[0] == '\t' && l.s[l.len - 1] == ')')
			frames++;
	return frames > 0 ? 95 : 0;
}

/* Emit every stack's total, in microseconds. */
static void
perf_sched_emit(struct perf_sched *ps, struct sink *sink)
{
	struct stack st = { 0 };
	struct ps_entry *e;
	const char *p, *semi, *end;
	size_t i;

	sink_unit(sink, "microseconds");
	for (i = 0; i < ps->times.cap; i++) {
		e = &ps->times.e[i];
		if (e->key == NULL || e->sum / 1000 <= 0)
			continue;
		stack_clear(&st);
		for (p = e->key, end = e->key + e->klen;; p = semi + 1) {
			semi = memchr(p, ';', (size_t)(end - p));
			stack_push(&st, p, semi != NULL ? (size_t)(semi - p) :
			    (size_t)(end - p));
			if (semi == NULL)
				break;
		}
		stack_emit(&st, sink, 0, (uint64_t)(e->sum / 1000), 0);
	}
	stack_free(&st);
}

/* Read perf script scheduler events; emit off-CPU time per stack at the end. */
static int
perf_sched_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct perf_sched ps;
	struct strv line, v, c;
	const char *s;
	size_t len;

	memset(&ps, 0, sizeof ps);
	while (reader_text_line(r, d, &line)) {
		s = line.s;
		len = line.len;
		if ((len == 0 || s[0] != '#') &&
		    perf_sched_has(s, len, "sched:sched_switch")) {
			v = perf_sched_var(s, len, "prev_pid");
			if (v.len == 0)
				diag_bad(d, r->lineno, "sched_switch event "
				    "without prev_pid=");
			perf_sched_copy(ps.swpid, sizeof ps.swpid, v);
			ps.in_switch = strcmp(ps.swpid, "0") != 0;
			stack_clear(&ps.sw);
		}
		if (ps.in_switch && len > 0 && perf_sched_space(s[0]))
			perf_sched_func(&ps, s, len);
		if (ps.in_switch && len == 0)
			perf_sched_end_switch(&ps);
		if ((len == 0 || s[0] != '#') &&
		    (perf_sched_has(s, len, "sched:sched_stat_sleep") ||
		    perf_sched_has(s, len, "sched:sched_stat_blocked"))) {
			c = perf_sched_var(s, len, "comm");
			v = perf_sched_var(s, len, "pid");
			if (v.len == 0 ||
			    perf_sched_var(s, len, "delay").len == 0)
				diag_bad(d, r->lineno, "sched_stat event "
				    "without pid= or delay=");
			perf_sched_copy(ps.statpid, sizeof ps.statpid, v);
			ps.in_stat = strcmp(ps.statpid, "0") != 0;
			ps.delay = perf_sched_int(perf_sched_var(s, len,
			    "delay"));
			ps.statcommlen = 0;
			ps.statcomm = xgrow(ps.statcomm, &ps.statcommcap,
			    c.len + v.len + 2, 1);
			memcpy(ps.statcomm, c.s, c.len);
			ps.statcommlen = c.len;
			if (o->tid) {
				ps.statcomm[ps.statcommlen++] = '-';
				memcpy(ps.statcomm + ps.statcommlen, v.s,
				    v.len);
				ps.statcommlen += v.len;
			}
		}
		if (ps.in_stat && len == 0)
			perf_sched_end_stat(&ps);
	}
	perf_sched_emit(&ps, sink);
	perf_sched_free(&ps.switches);
	perf_sched_free(&ps.times);
	stack_free(&ps.sw);
	free(ps.statcomm);
	free(ps.buf);
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_perf_sched = {
	.name = "perf-sched",
	.desc =
	    "off-CPU time from perf sched events (stackcollapse-perf-sched.awk)",
	.producer =
	    "perf record -g -e sched:sched_switch -e sched:sched_stat_sleep"
	    " -e sched:sched_stat_blocked -p PID -- sleep 10;"
	    " perf script -F time,comm,pid,tid,event,ip,sym,dso,trace",
	.probe = perf_sched_probe,
	.parse = perf_sched_parse,
};
