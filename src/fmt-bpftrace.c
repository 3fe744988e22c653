/*
 * fmt-bpftrace.c: bpftrace maps keyed by stacks, as printed when bpftrace
 * exits, and as stackcollapse-bpftrace.pl reads them. For
 * `@[kstack, ustack, comm] = count()`:
 *
 *	@[
 *	        do_nanosleep+1
 *	        hrtimer_nanosleep+206
 *	, 
 *	        __GI___clock_nanosleep+93
 *	        main+42
 *	, sleep]: 3
 *
 * A stack prints as a newline and then one indented frame per line, leaf
 * first; the elements of a key are joined by ", "; an element that is not a
 * stack (comm) ends up on the closing line before "]: COUNT". The stack is
 * turned around, so comm becomes the root, then the user frames, then the
 * kernel frames. A frame's "+N" offset goes (--include-offset keeps it), so
 * that the samples of a function merge, and an address that is not resolved
 * ("0x7f76a3b2c4d0") becomes "[unknown]" (--addrs keeps it), as for perf.
 *
 * Differences from the reference, which was written for `@[kstack]` alone:
 * the ", " lines between a key's elements are separators, not frames; a key
 * whose first stack is empty (bpftrace then prints "@[, " and no newline) is
 * read, not dropped; empty elements on the closing line (", , comm" when
 * the user stack is empty) are skipped; and a map may have a name, as in "@s[".
 */
#include "config.h"

#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

/* Is c a word character, as in a map name? */
static int
bpftrace_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_';
}

/* The length of "@NAME[" at the start of s, or 0. */
static size_t
bpftrace_open(const char *s, size_t len)
{
	size_t i = 1;

	if (len < 2 || s[0] != '@')
		return 0;
	while (i < len && bpftrace_word(s[i]))
		i++;
	return i < len && s[i] == '[' ? i + 1 : 0;
}

/*
 * Find the last "]: DIGITS" in s; set *close to the offset of its ']' and
 * *count and *clen to the digits. Returns 0 when there is none.
 */
static int
bpftrace_close(const char *s, size_t len, size_t *close, const char **count,
    size_t *clen)
{
	size_t i, j;

	for (i = len; i-- > 0;) {
		if (s[i] != ']' || len - i < 4 || s[i + 1] != ':' ||
		    s[i + 2] != ' ' || s[i + 3] < '0' || s[i + 3] > '9')
			continue;
		for (j = i + 3; j < len && s[j] >= '0' && s[j] <= '9'; j++)
			;
		*close = i;
		*count = s + i + 3;
		*clen = j - (i + 3);
		return 1;
	}
	return 0;
}

/* Push a frame line's frame, its offset and an unresolved address tidied. */
static void
bpftrace_frame(struct stack *st, const char *s, size_t len,
    const struct parse_opts *o)
{
	size_t i;

	for (i = len; i > 0 && s[i - 1] >= '0' && s[i - 1] <= '9'; i--)
		;
	if (!o->include_offset && i > 1 && i < len && s[i - 1] == '+')
		len = i - 1;
	if (!o->addrs && len > 2 && s[0] == '0' && s[1] == 'x') {
		for (i = 2; i < len && ((s[i] >= '0' && s[i] <= '9') ||
		    (s[i] >= 'a' && s[i] <= 'f')); i++)
			;
		if (i == len) {
			s = "[unknown]";
			len = 9;
		}
	}
	stack_push(st, s, len);
}

/* Is the line a separator between the elements of a key: "," and blanks? */
static int
bpftrace_sep(const char *s, size_t len)
{
	stack_ltrim(&s, &len);
	return len > 0 && s[0] == ',' && stack_blank(s + 1, len - 1);
}

/* bpftrace if a map entry opens with "@[" alone and later closes. */
static int
bpftrace_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *c;
	int opens = 0, closes = 0;
	size_t at, clen, n;
	struct strv l;

	while (detect_line(&p, end, &l)) {
		n = bpftrace_open(l.s, l.len);
		if (n > 0 && (n == l.len || (l.len - n <= 2 && l.s[n] == ',')))
			opens++;
		else if (opens > 0 &&
		    bpftrace_close(l.s, l.len, &at, &c, &clen))
			closes++;
	}
	return opens > 0 && closes > 0 ? 85 : 0;
}

/* Push the elements of a closing line, s = what precedes "]: COUNT". */
static void
bpftrace_elements(struct stack *st, const char *s, size_t len)
{
	const char *sep;
	size_t n;

	/* As the reference: one optional ',' then one optional blank. */
	if (len > 0 && s[0] == ',') {
		s++;
		len--;
	}
	if (len > 0 && (s[0] == ' ' || s[0] == '\t')) {
		s++;
		len--;
	}
	while (len > 0) {
		sep = memmem(s, len, ", ", 2);
		n = sep != NULL ? (size_t)(sep - s) : len;
		if (n > 0)
			stack_push(st, s, n);
		if (sep == NULL)
			break;
		s += n + 2;
		len -= n + 2;
	}
}

/* Read bpftrace map entries, each "@[" ... "]: COUNT", into stacks. */
static int
bpftrace_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct stack st = { 0 };
	uint64_t count, first = 0;
	const char *s, *cnt;
	size_t len, n, at, clen;
	struct strv line;
	int in = 0, ret;

	while (reader_text_line(r, d, &line)) {
		s = line.s;
		len = line.len;
		if (!in) {
			if ((n = bpftrace_open(s, len)) == 0) {
				if (!stack_blank(s, len) &&
				    !stack_prefix(s, len, "Attaching "))
					diag_bad(d, r->lineno, "not part of a "
					    "bpftrace map");
				continue;
			}
			s += n;
			len -= n;
			if (bpftrace_close(s, len, &at, &cnt, &clen)) {
				/* One line: a key with no stack but empty
				 * ones ("@[, , comm]: 3"), or another map. */
				if (len < 2 || s[0] != ',' || s[1] != ' ')
					continue;
				stack_clear(&st);
				bpftrace_elements(&st, s, at);
				goto emit;
			}
			if (len > 0 && !bpftrace_sep(s, len)) {
				diag_bad(d, r->lineno, "unexpected text after "
				    "'@[' (not a map keyed by a stack?)");
				continue;
			}
			in = 1;
			first = r->lineno;
			stack_clear(&st);
			continue;
		}
		if (bpftrace_close(s, len, &at, &cnt, &clen)) {
			bpftrace_elements(&st, s, at);
			in = 0;
			goto emit;
		}
		if (bpftrace_sep(s, len))
			continue;
		stack_ltrim(&s, &len);
		bpftrace_frame(&st, s, len, o);
		continue;
emit:
		if ((ret = stack_count(cnt, clen, &count)) < 0)
			diag_bad(d, r->lineno, "count does not fit in 64 bits");
		else
			stack_emit(&st, sink, 1, count, 0);
	}
	if (in)
		diag_bad(d, first, "map entry has no closing ']: COUNT'; "
		    "dropped");
	stack_free(&st);
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_bpftrace = {
	.name = "bpftrace",
	.desc =
	    "bpftrace maps keyed by kstack/ustack (stackcollapse-bpftrace.pl)",
	.producer =
	    "bpftrace -e 'profile:hz:99 { @[kstack, ustack, comm] = count(); }'"
	    " > out.bt",
	.probe = bpftrace_probe,
	.parse = bpftrace_parse,
};
