/*
 * fmt-sample.c: macOS `sample` reports, as stackcollapse-sample.awk reads
 * them. Between "Call graph:" and "Total number in stack", each line is a
 * node of a call tree with its inclusive sample count:
 *
 *	    2668 Thread_5431900
 *	    + 2668 start_wqthread  (in libsystem_pthread.dylib) + 15  [0x7ff8..]
 *	    +   2668 _pthread_wqthread  (in libsystem_pthread.dylib) + 326  [..]
 *
 * The depth is the column of the count: after four blanks, two columns per
 * level of markers ("+", "!", ":", "|"). A frame is named MODULE`NAME, the
 * module from "(in MODULE)" without ".dylib"; a name of two words, such as
 * Objective-C's "-[NSObject init]", is joined with ".". Each node counts its
 * own samples, those not in its children. As in the reference, a subtree
 * whose deepest frame is a known wait (__psynch_cvwait, __workq_kernreturn,
 * mach_msg_trap, read, ...) is left out, so idle threads do not swamp the
 * graph.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"
#include "util.h"

/* Deepest frames that mark a waiting thread, with and without module. */
static const char *const sample_ignore[] = {
	"__psynch_cvwait", "__select", "__semwait_signal", "__ulock_wait",
	"__wait4", "__workq_kernreturn", "kevent", "mach_msg_trap", "read",
	"semaphore_wait_trap", NULL
};

/* State of one read. */
struct macsample {
	struct levels lv;	/* names by depth */
	int64_t *times;		/* self samples by depth */
	char *set;		/* depth holds a node not yet printed */
	size_t cap;
	size_t level;		/* depth of the last node, when any */
	int any;		/* a node was read since the last flush */
	char *name;		/* building a frame name */
	size_t namecap;
};

/* Is a frame name one of the waits, alone or as libsystem_kernel`NAME? */
static int
sample_ignored(const char *s, size_t len)
{
	static const char kern[] = "libsystem_kernel`";
	size_t i, n;

	if (len > sizeof kern - 1 && memcmp(s, kern, sizeof kern - 1) == 0) {
		s += sizeof kern - 1;
		len -= sizeof kern - 1;
	}
	for (i = 0; sample_ignore[i] != NULL; i++) {
		n = strlen(sample_ignore[i]);
		if (n == len && memcmp(s, sample_ignore[i], n) == 0)
			return 1;
	}
	return 0;
}

/*
 * Print depths from down to to, deepest first, each with its own count,
 * unless the deepest is a wait; then forget them (printStack in the
 * reference).
 */
static void
sample_flush(struct macsample *sm, size_t from, size_t to, struct sink *sink,
    struct diag *d, uint64_t line)
{
	int print = 1;
	size_t l;

	if (from < sm->cap && sm->set[from] && from < sm->lv.n &&
	    sm->lv.v[from].s != NULL)
		print = !sample_ignored(sm->lv.v[from].s, sm->lv.v[from].len);
	for (l = from + 1; l-- > to;) {
		if (l >= sm->cap || !sm->set[l])
			continue;
		if (print && sm->times[l] < 0)
			diag_bad(d, line, "a node has fewer samples than its "
			    "children");
		else if (print && sm->times[l] > 0)
			levels_emit(&sm->lv, l, 0, sink,
			    (uint64_t)sm->times[l], 0);
		sm->set[l] = 0;
		sm->times[l] = 0;
		levels_set(&sm->lv, l, "", 0);
	}
}

/* Is c a blank, as awk splits fields? */
static int
sample_blank(char c)
{
	return c == ' ' || c == '\t';
}

/* The next blank-separated field of s[*i..len), or an empty one. */
static struct strv
sample_field(const char *s, size_t len, size_t *i)
{
	struct strv f;

	while (*i < len && sample_blank(s[*i]))
		(*i)++;
	f.s = s + *i;
	while (*i < len && !sample_blank(s[*i]))
		(*i)++;
	f.len = (size_t)(s + *i - f.s);
	return f;
}

/* Append bytes to the frame name being built. */
static void
sample_add(struct macsample *sm, size_t *n, const char *s, size_t len)
{
	sm->name = xgrow(sm->name, &sm->namecap, *n + len + 1, 1);
	memcpy(sm->name + *n, s, len);
	*n += len;
}

/*
 * Read one call graph line: depth, count and frame name. Returns 0 when the
 * line is not one (/^    [^0-9]*[0-9]/ in the reference).
 */
static int
sample_node(struct macsample *sm, const char *s, size_t len, size_t *depth,
    int64_t *count, size_t *namelen)
{
	struct strv f1, f2, f3;
	const char *in, *close, *m;
	size_t i, n = 0, mlen;

	if (len < 5 || memcmp(s, "    ", 4) != 0)
		return 0;
	for (i = 4; i < len && (s[i] < '0' || s[i] > '9'); i++)
		;
	if (i == len)
		return 0;
	*depth = (i - 4) / 2;
	s += i;
	len -= i;
	i = 0;
	f1 = sample_field(s, len, &i);
	f2 = sample_field(s, len, &i);
	f3 = sample_field(s, len, &i);
	*count = 0;
	for (i = 0; i < f1.len && f1.s[i] >= '0' && f1.s[i] <= '9'; i++)
		if ((*count = *count * 10 + (f1.s[i] - '0')) > INT64_MAX / 20)
			return 0;
	/* The module, from "(in MODULE)", with every ".dylib" removed. */
	if ((in = memmem(s, len, "(in ", 4)) != NULL &&
	    (close = memchr(in, ')', len - (size_t)(in - s))) != NULL) {
		m = in + 4;
		mlen = (size_t)(close - m);
		while (mlen > 0) {
			const char *dy = memmem(m, mlen, ".dylib", 6);
			size_t k = dy != NULL ? (size_t)(dy - m) : mlen;

			sample_add(sm, &n, m, k);
			if (dy == NULL)
				break;
			m += k + 6;
			mlen -= k + 6;
		}
		sample_add(sm, &n, "`", 1);
	}
	sample_add(sm, &n, f2.s, f2.len);
	if (!(f3.len == 0 || (f3.len == 3 && memcmp(f3.s, "(in", 3) == 0))) {
		sample_add(sm, &n, ".", 1);
		sample_add(sm, &n, f3.s, f3.len);
	}
	*namelen = n;
	return 1;
}

/* sample if a "Call graph:" line is followed by call graph lines. */
static int
sample_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int graph = 0, nodes = 0, analysis = 0;
	struct strv l;

	while (detect_line(&p, end, &l)) {
		if (stack_prefix(l.s, l.len, "Analysis of sampling "))
			analysis = 1;
		else if (stack_prefix(l.s, l.len, "Call graph:"))
			graph = 1;
		else if (graph && l.len > 5 && memcmp(l.s, "    ", 4) == 0 &&
		    memmem(l.s, l.len, "  (in ", 6) != NULL)
			nodes++;
	}
	if (graph && nodes > 0)
		return analysis ? 95 : 85;
	return 0;
}

/* Read the call graphs of sample reports into self-count stacks. */
static int
sample_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct macsample sm;
	struct strv line;
	size_t depth, namelen, old;
	int64_t count;
	int graph = 0;

	memset(&sm, 0, sizeof sm);
	while (reader_text_line(r, d, &line)) {
		if (stack_prefix(line.s, line.len, "Call graph")) {
			graph = 1;
			continue;
		}
		if (stack_prefix(line.s, line.len, "Total number")) {
			graph = 0;
			if (sm.any)
				sample_flush(&sm, sm.level, 0, sink, d,
				    r->lineno);
			sm.any = 0;
			continue;
		}
		if (!graph)
			continue;
		if (!sample_node(&sm, line.s, line.len, &depth, &count,
		    &namelen)) {
			if (!stack_blank(line.s, line.len))
				diag_bad(d, r->lineno, "not a call graph line "
				    "(COUNT NAME  (in MODULE) ...)");
			continue;
		}
		if (sm.any && depth <= sm.level)
			sample_flush(&sm, sm.level, depth, sink, d, r->lineno);
		if (depth >= sm.cap) {
			old = sm.cap;
			sm.times = xgrow(sm.times, &sm.cap, depth + 1,
			    sizeof *sm.times);
			sm.set = xrealloc(sm.set, sm.cap);
			memset(sm.times + old, 0, (sm.cap - old) *
			    sizeof *sm.times);
			memset(sm.set + old, 0, sm.cap - old);
		}
		levels_set(&sm.lv, depth, sm.name, namelen);
		sm.times[depth] = count;
		sm.set[depth] = 1;
		if (depth > 0 && sm.set[depth - 1])
			sm.times[depth - 1] -= count;
		sm.level = depth;
		sm.any = 1;
	}
	if (graph && sm.any) {
		diag_bad(d, r->lineno, "call graph has no 'Total number in "
		    "stack' line after it; kept");
		sample_flush(&sm, sm.level, 0, sink, d, r->lineno);
	}
	levels_free(&sm.lv);
	free(sm.times);
	free(sm.set);
	free(sm.name);
	(void)o;
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_sample = {
	.name = "sample",
	.desc = "macOS sample reports (stackcollapse-sample.awk)",
	.producer = "sample PID 10 -file out.sample",
	.probe = sample_probe,
	.parse = sample_parse,
};
