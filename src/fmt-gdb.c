/*
 * fmt-gdb.c: gdb backtraces, as the "poor man's profiler" collects them
 * (gdb -batch -ex 'thread apply all bt' -p PID, many times over) and as
 * stackcollapse-gdb.pl reads them. Every backtrace counts 1:
 *
 *	Thread 2 (Thread 0x7fcb9c56d6c0 (LWP 6171) "busy"):
 *	#0  0x000055ea7cb2e176 in spin (n=1000) at busy.c:7
 *	#1  0x000055ea7cb2e1e3 in worker (a=0x0) at busy.c:9
 *
 * A frame line is "#N", blanks, then at least four blank-separated words.
 * The name is the first word, or the third when the first holds "0x" (an
 * address, "ADDR in NAME"). A "Thread" line starts a new backtrace; any
 * other line ends the one being read, which is counted then.
 *
 * One deliberate difference: "#N  <signal handler called>" is a frame of
 * that name; the reference's pattern makes it an empty name.
 */
#include "config.h"

#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

#define GDB_SIGNAL "<signal handler called>"

/*
 * The function name in a frame line, as the reference's pattern
 * /^#[0-9]* *([^ ]*) ([^ ]*) ([^ ]*) ([^ ]*)/ picks it, backtracking
 * included. Returns 0 when the line does not match.
 */
static int
gdb_frame(const char *s, size_t len, const char **name, size_t *namelen)
{
	const char *tok[3], *e = s + len, *p, *q;
	size_t toklen[3], spaces = 0, i;

	if (len == 0 || s[0] != '#')
		return 0;
	for (p = s + 1; p < e && *p >= '0' && *p <= '9'; p++)
		;
	for (q = p; q < e; q++)
		spaces += *q == ' ';
	if (spaces < 3)
		return 0;
	for (q = p; q < e && *q == ' '; q++)
		;
	if ((size_t)(e - q) == sizeof GDB_SIGNAL - 1 &&
	    memcmp(q, GDB_SIGNAL, sizeof GDB_SIGNAL - 1) == 0) {
		*name = q;
		*namelen = sizeof GDB_SIGNAL - 1;
		return 1;
	}
	if (spaces - (size_t)(q - p) < 3) {
		/* Backtracking into the blanks: the first word is empty. */
		*name = q;
		*namelen = 0;
		return 1;
	}
	for (i = 0; i < 3; i++) {
		tok[i] = q;
		while (q < e && *q != ' ')
			q++;
		toklen[i] = (size_t)(q - tok[i]);
		q++;	/* the blank after it */
	}
	if (memmem(tok[0], toklen[0], "0x", 2) != NULL) {
		*name = tok[2];
		*namelen = toklen[2];
	} else {
		*name = tok[0];
		*namelen = toklen[0];
	}
	return 1;
}

/* gdb if "Thread N (" lines are followed by "#N  0x... in" frames. */
static int
gdb_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *n;
	int threads = 0, frames = 0;
	struct strv l;
	size_t nl;

	while (detect_line(&p, end, &l)) {
		if (stack_prefix(l.s, l.len, "Thread ") && l.len > 7 &&
		    l.s[7] >= '0' && l.s[7] <= '9')
			threads++;
		else if (threads > 0 && gdb_frame(l.s, l.len, &n, &nl))
			frames++;
	}
	return threads > 0 && frames > 0 ? 80 : 0;
}

/* Count the backtrace read so far, unless it is empty, and start again. */
static void
gdb_flush(struct stack *st, struct sink *sink)
{
	/* The reference keeps the stack as a string: "" is no stack. */
	if (st->n > 1 || (st->n == 1 && st->len > 0))
		stack_emit(st, sink, 1, 1, 0);
	stack_clear(st);
}

/* Read gdb backtraces, one stack of count 1 each. */
static int
gdb_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct stack st = { 0 };
	struct strv line;
	const char *name;
	size_t namelen;

	while (reader_text_line(r, d, &line)) {
		if (stack_prefix(line.s, line.len, "Thread")) {
			stack_clear(&st);
			continue;
		}
		if (gdb_frame(line.s, line.len, &name, &namelen)) {
			/* An empty stack string is replaced, not extended. */
			if (st.n == 1 && st.len == 0)
				stack_clear(&st);
			stack_push(&st, name, namelen);
			continue;
		}
		if (line.len > 0 && line.s[0] == '#')
			diag_bad(d, r->lineno, "not a gdb frame line "
			    "(#N ADDR in FUNCTION (ARGS) ...)");
		gdb_flush(&st, sink);
	}
	gdb_flush(&st, sink);
	stack_free(&st);
	(void)o;
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_gdb = {
	.name = "gdb",
	.desc =
	    "gdb backtraces, the poor man's profiler (stackcollapse-gdb.pl)",
	.producer = "for i in $(seq 100); do gdb -batch -ex 'set pagination 0'"
	    " -ex 'thread apply all bt' -p PID; sleep 0.1; done > out.gdb",
	.probe = gdb_probe,
	.parse = gdb_parse,
};
