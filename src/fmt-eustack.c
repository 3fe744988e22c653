/*
 * fmt-eustack.c: elfutils eu-stack backtraces, collected over and over as a
 * poor man's profiler, as stackcollapse-elfutils.pl reads them. Every
 * backtrace counts 1:
 *
 *	PID 6169 - process
 *	TID 6171:
 *	#0  0x000055ea7cb2e180 spin
 *	#1  0x000055ea7cb2e1e3 worker
 *
 * A frame is whatever follows the address (eu-stack's options may add
 * more, such as " - /lib/module.so"); a frame with no name is
 * "[unknown]". A PID or TID line ends the backtrace before it. With --pid
 * and --tid each stack is rooted at "PID=N", then "TID=N".
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

/* Is c a lowercase hexadecimal digit? */
static int
eustack_hex(char c)
{
	return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
}

/*
 * Split a frame line, /^#[0-9]* *0x[0-9a-f]*( (.*))?/: *name is what
 * follows the address and a blank, or NULL when nothing does. Returns 0
 * when the line is no frame.
 */
static int
eustack_frame(const char *s, size_t len, const char **name, size_t *namelen)
{
	const char *e = s + len, *p;

	if (len == 0 || s[0] != '#')
		return 0;
	for (p = s + 1; p < e && *p >= '0' && *p <= '9'; p++)
		;
	while (p < e && *p == ' ')
		p++;
	if (e - p < 2 || p[0] != '0' || p[1] != 'x')
		return 0;
	for (p += 2; p < e && eustack_hex(*p); p++)
		;
	if (p < e && *p == ' ') {
		*name = p + 1;
		*namelen = (size_t)(e - p - 1);
	} else
		*name = NULL;
	return 1;
}

/* The digits after "PID " or "TID " at the start of s, as text. */
static void
eustack_id(const char *s, size_t len, char *buf, size_t size)
{
	size_t i = 4;

	while (i < len && s[i] >= '0' && s[i] <= '9' && i - 4 + 1 < size)
		i++;
	memcpy(buf, s + 4, i - 4);
	buf[i - 4] = '\0';
}

/* eu-stack if "PID N - " or "TID N:" lines come with "#N  0x" frames. */
static int
eustack_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *n;
	int ids = 0, frames = 0, other = 0;
	struct strv l;
	size_t nl;

	while (detect_line(&p, end, &l)) {
		if (stack_prefix(l.s, l.len, "PID ") ||
		    stack_prefix(l.s, l.len, "TID "))
			ids++;
		else if (eustack_frame(l.s, l.len, &n, &nl))
			frames++;
		else if (!stack_blank(l.s, l.len))
			other++;
	}
	return ids > 0 && frames > 0 && other <= frames / 8 ? 85 : 0;
}

/* State of one read. */
struct eustack {
	struct stack st;
	const struct parse_opts *o;
	struct sink *sink;
	char pid[32], tid[32];	/* last PID and TID seen */
	char root[80];		/* "PID=N" or "TID=N", for the root */
};

/* Count the backtrace read so far, if any, with its PID and TID roots. */
static void
eustack_flush(struct eustack *e)
{
	struct stack *st = &e->st;
	int n;

	if (st->n > 1 || (st->n == 1 && st->len > 0)) {
		/* Frames are pushed leaf first, so roots go last. */
		if (e->o->tid) {
			n = snprintf(e->root, sizeof e->root, "TID=%s", e->tid);
			stack_push(st, e->root, (size_t)n);
		}
		if (e->o->pid) {
			n = snprintf(e->root, sizeof e->root, "PID=%s", e->pid);
			stack_push(st, e->root, (size_t)n);
		}
		stack_emit(st, e->sink, 1, 1, 0);
	}
	stack_clear(st);
}

/* Read eu-stack backtraces, one stack of count 1 each. */
static int
eustack_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct eustack e;
	struct strv line;
	const char *name;
	size_t namelen;

	memset(&e, 0, sizeof e);
	e.o = o;
	e.sink = sink;
	while (reader_text_line(r, d, &line)) {
		if (stack_prefix(line.s, line.len, "PID ")) {
			eustack_flush(&e);
			eustack_id(line.s, line.len, e.pid, sizeof e.pid);
		} else if (stack_prefix(line.s, line.len, "TID ")) {
			eustack_flush(&e);
			eustack_id(line.s, line.len, e.tid, sizeof e.tid);
		} else if (eustack_frame(line.s, line.len, &name, &namelen)) {
			if (e.st.n == 1 && e.st.len == 0)
				stack_clear(&e.st);
			if (name == NULL)
				stack_push(&e.st, "[unknown]", 9);
			else
				stack_push(&e.st, name, namelen);
		} else if (!stack_blank(line.s, line.len))
			diag_bad(d, r->lineno, "not an eu-stack line "
			    "(PID, TID or #N ADDRESS NAME)");
	}
	eustack_flush(&e);
	stack_free(&e.st);
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_eustack = {
	.name = "eu-stack",
	.desc = "elfutils eu-stack backtraces (stackcollapse-elfutils.pl)",
	.producer = "for i in $(seq 100); do eu-stack -p PID; sleep 0.1; done"
	    " > out.eustack",
	.probe = eustack_probe,
	.parse = eustack_parse,
};
