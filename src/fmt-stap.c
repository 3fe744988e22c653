/*
 * fmt-stap.c: SystemTap print_stack() and print_ustack() output, each stack
 * followed by a line holding its count, as stackcollapse-stap.pl reads it:
 *
 *	 0xffffffff8103ce3b : native_safe_halt+0xb/0x10 [kernel]
 *	 0xffffffff8101c6a3 : default_idle+0x53/0x1d0 [kernel]
 *	        2404
 *
 * Frames come leaf first. A frame loses everything from its last '+' (the
 * offset, size and module) and everything up to its last " : " (the
 * address); an empty frame becomes "-". Blank lines are skipped. Unlike
 * the reference, which passes each stack to printf as a format string, a
 * '%' in a frame name is kept as it is.
 */
#include "config.h"

#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

/* Is the line only a count, "^\s*\d+$"? */
static int
stap_is_count(const char *s, size_t len)
{
	size_t i;

	stack_ltrim(&s, &len);
	if (len == 0)
		return 0;
	for (i = 0; i < len; i++)
		if (s[i] < '0' || s[i] > '9')
			return 0;
	return 1;
}

/* Is the line a frame as print_stack() writes it, "0xADDR : name"? */
static int
stap_is_frame(const char *s, size_t len)
{
	size_t i;

	stack_ltrim(&s, &len);
	if (len < 4 || s[0] != '0' || s[1] != 'x')
		return 0;
	for (i = 2; i < len && ((s[i] >= '0' && s[i] <= '9') ||
	    (s[i] >= 'a' && s[i] <= 'f')); i++)
		;
	return i > 2 && i + 3 <= len && memcmp(s + i, " : ", 3) == 0;
}

/* SystemTap if frames "0xADDR : name" are followed by a count line. */
static int
stap_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int frames = 0, counts = 0, other = 0;
	struct strv l;

	while (detect_line(&p, end, &l) && frames + counts + other < 200) {
		if (stack_blank(l.s, l.len))
			continue;
		if (stap_is_frame(l.s, l.len))
			frames++;
		else if (stap_is_count(l.s, l.len)) {
			if (frames > 0)
				counts++;
		} else
			other++;
	}
	if (frames > 0 && counts > 0 && other <= frames / 4)
		return 80;
	return 0;
}

/* Reduce a frame line to its function name, as stackcollapse-stap.pl. */
static void
stap_frame(const char **s, size_t *len)
{
	const char *p;
	size_t i, n;

	stack_ltrim(s, len);
	if ((p = memrchr(*s, '+', *len)) != NULL)
		*len = (size_t)(p - *s);
	/* Everything up to the last " : " goes. */
	for (n = *len; (p = memrchr(*s, ':', n)) != NULL;
	    n = (size_t)(p - *s)) {
		i = (size_t)(p - *s);
		if (i >= 1 && i + 1 < *len && p[-1] == ' ' && p[1] == ' ') {
			*s += i + 2;
			*len -= i + 2;
			break;
		}
	}
	if (*len == 0) {
		*s = "-";
		*len = 1;
	}
}

/* Read SystemTap stacks: frames until a count line, then the next stack. */
static int
stap_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct stack st = { 0 };
	uint64_t count, first = 0;
	struct strv line;
	const char *s;
	size_t len;
	int ret;

	while (reader_text_line(r, d, &line)) {
		s = line.s;
		len = line.len;
		if (stap_is_count(s, len)) {
			stack_ltrim(&s, &len);
			if ((ret = stack_count(s, len, &count)) < 0)
				diag_bad(d, r->lineno, "count does not fit in "
				    "64 bits; stack dropped");
			else
				stack_emit(&st, sink, 1, count, 0);
			stack_clear(&st);
			continue;
		}
		if (stack_blank(s, len))
			continue;
		if (st.n == 0)
			first = r->lineno;
		stap_frame(&s, &len);
		stack_push(&st, s, len);
	}
	if (st.n > 0)
		diag_bad(d, first, "stack has no count line after it; dropped");
	stack_free(&st);
	(void)o;
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_stap = {
	.name = "stap",
	.desc =
	    "SystemTap print_stack()/print_ustack() stacks, each with a count",
	.producer =
	    "stap -e 'global s; probe timer.profile { s[backtrace()] <<< 1 }"
	    " probe end { foreach (k in s-) { print_stack(k);"
	    " printf(\"\\t%d\\n\", @count(s[k])) } }'",
	.probe = stap_probe,
	.parse = stap_parse,
};
