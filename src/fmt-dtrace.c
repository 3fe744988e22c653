/*
 * fmt-dtrace.c: DTrace aggregations of stack(), ustack() and jstack(), as
 * stackcollapse.pl reads them.
 *
 * Each entry is its frames, leaf first, one an indented line
 * ("module`function+0xoff"), then an indented count line. dtrace's header
 * ("CPU ID FUNCTION:NAME" and the probe line under it) is skipped wherever
 * it appears. The reference skips the first three lines, whatever they
 * hold; flametui skips those of them that are not indented (a script's
 * banner, a printf before printa) and keeps indented ones, the frames and
 * counts of `dtrace -q` output, which the reference loses. With
 * --include-offset, offsets stay, except the leaf's, as in the reference
 * (which, when the leaf has none, cuts from the last "+" of the whole stack;
 * flametui only ever cuts within the leaf).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "formats.h"
#include "util.h"

#define DTRACE_PROBE_LINES 400	/* lines the probe looks at, at most */
#define DTRACE_HEAD_LINES 3	/* lines the reference skips */

/* A frame: bytes in dtrace_parse.text. */
struct dtrace_frame {
	size_t off;
	size_t len;
};

/* The state of one parse. */
struct dtrace_parse {
	const struct parse_opts *opts;
	char *text;		/* the frames' bytes */
	size_t textlen, textcap;
	struct dtrace_frame *frames;	/* leaf first */
	size_t nframes, capframes;
	struct strv *out;	/* root first, for the sink */
	size_t capout;
};

/* Is c whitespace, as Perl's \s? */
static int
dtrace_space(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Does the line hold only whitespace? */
static int
dtrace_blank(const char *s, size_t len)
{
	while (len > 0 && dtrace_space(s[len - 1]))
		len--;
	return len == 0;
}

/*
 * Is the line a count: digits, with whitespace around? Returns 1 with the
 * digits in *d, 0 when it is no count.
 */
static int
dtrace_count_line(const char *s, size_t len, struct strv *d)
{
	size_t a = 0, b;

	while (a < len && dtrace_space(s[a]))
		a++;
	for (b = a; b < len && s[b] >= '0' && s[b] <= '9'; b++)
		;
	if (b == a)
		return 0;
	d->s = s + a;
	d->len = b - a;
	while (b < len && dtrace_space(s[b]))
		b++;
	return b == len;
}

/* Skip whitespace from *i; then skip the token there, if any. */
static size_t
dtrace_token(const char *s, size_t len, size_t *i)
{
	size_t a;

	while (*i < len && dtrace_space(s[*i]))
		(*i)++;
	for (a = *i; *i < len && !dtrace_space(s[*i]); (*i)++)
		;
	return *i - a;
}

/*
 * Is the line dtrace's own: the "CPU ID FUNCTION:NAME" header, or the probe
 * line under it ("  0  64091   :tick-60s"), which may go on with what the
 * probe's printf() wrote?
 */
static int
dtrace_header(const char *s, size_t len)
{
	size_t i = 0, a, n;

	a = i;
	n = dtrace_token(s, len, &i);
	if (n == 3 && memcmp(s + i - 3, "CPU", 3) == 0)
		return 1;
	/* CPU number, probe id, then one "module:function:name" field. */
	for (; a < i; a++)
		if (!dtrace_space(s[a]) && (s[a] < '0' || s[a] > '9'))
			return 0;
	if (n == 0)
		return 0;
	a = i;
	n = dtrace_token(s, len, &i);
	for (a = i - n; a < i; a++)
		if (s[a] < '0' || s[a] > '9')
			return 0;
	if (n == 0)
		return 0;
	n = dtrace_token(s, len, &i);
	return n > 0 && memchr(s + i - n, ':', n) != NULL;
}

/* Append a frame (one piece of a line) in the reference's tidy form. */
static void
dtrace_piece(struct dtrace_parse *dp, const char *s, size_t len, size_t idx)
{
	size_t off, i;
	char *t;

	if (len > 0 && s[0] == 'L') {
		s++;
		len--;
	}
	dp->text = xgrow(dp->text, &dp->textcap, dp->textlen + len + 4, 1);
	off = dp->textlen;
	t = dp->text + off;
	for (i = 0; i < len; i++)
		t[i] = s[i] == ';' ? ':' : s[i];
	if (idx > 0)
		memcpy(t + len, "_[i]", 4), len += 4;
	dp->textlen += len;
	dp->frames = xgrow(dp->frames, &dp->capframes, dp->nframes + 1,
	    sizeof *dp->frames);
	dp->frames[dp->nframes].off = off;
	dp->frames[dp->nframes++].len = len;
}

/* Add a frame line to the stack being read. */
static void
dtrace_frame(struct dtrace_parse *dp, const char *s, size_t len)
{
	size_t i, c, first = dp->nframes, n, idx;
	const char *end, *q;
	struct dtrace_frame tmp;

	while (len > 0 && dtrace_space(s[0]))
		s++, len--;
	if (!dp->opts->include_offset) {
		/* The offset: from the last "+" on. */
		for (i = len; i > 0 && s[i - 1] != '+'; i--)
			;
		if (i > 0)
			len = i - 1;
	}
	/* C++: after the first "::", cut from the last "(" or "<". */
	for (c = 0; c + 1 < len && !(s[c] == ':' && s[c + 1] == ':'); c++)
		;
	if (c + 1 < len) {
		for (i = len; i > c + 2 && s[i - 1] != '(' && s[i - 1] != '<';
		    i--)
			;
		if (i > c + 2)
			len = i - 1;
	}
	if (len == 0) {
		s = "-";
		len = 1;
	}
	/* "a->b": b inlined into a; empty pieces at the end go. */
	end = s + len;
	while (end - s >= 2 && end[-1] == '>' && end[-2] == '-')
		end -= 2;
	for (idx = 0; s < end; idx++) {
		for (q = s; q + 1 < end && !(q[0] == '-' && q[1] == '>'); q++)
			;
		if (q + 1 >= end)
			q = end;
		dtrace_piece(dp, s, (size_t)(q - s), idx);
		s = q == end ? end : q + 2;
	}
	/* frames[] is leaf first: the innermost piece comes first. */
	n = dp->nframes - first;
	for (i = 0; i < n / 2; i++) {
		tmp = dp->frames[first + i];
		dp->frames[first + i] = dp->frames[first + n - 1 - i];
		dp->frames[first + n - 1 - i] = tmp;
	}
}

/* Send the stack read so far with its count, and start a new one. */
static void
dtrace_flush(struct dtrace_parse *dp, struct sink *sink, uint64_t count)
{
	struct sample smp = { .time_ns = -1 };
	size_t i, n = dp->nframes;

	if (dp->opts->include_offset && n > 0) {
		/* The leaf's offset goes even so. */
		const char *leaf = dp->text + dp->frames[0].off;

		for (i = dp->frames[0].len; i > 0 && leaf[i - 1] != '+'; i--)
			;
		if (i > 0)
			dp->frames[0].len = i - 1;
	}
	dp->out = xgrow(dp->out, &dp->capout, n + 1, sizeof *dp->out);
	for (i = 0; i < n; i++) {
		dp->out[i].s = dp->text + dp->frames[n - 1 - i].off;
		dp->out[i].len = dp->frames[n - 1 - i].len;
	}
	smp.frames = dp->out;
	smp.nframes = n;
	smp.count = count;
	smp.frac = 0;
	smp.time_ns = -1;
	sink->stack(sink->ctx, &smp);
	dp->nframes = 0;
	dp->textlen = 0;
}

/* Parse decimal digits; returns 0 when they overflow 64 bits. */
static int
dtrace_number(struct strv d, uint64_t *v)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < d.len; i++) {
		if (n > (UINT64_MAX - 9) / 10)
			return 0;
		n = n * 10 + (uint64_t)(d.s[i] - '0');
	}
	*v = n;
	return 1;
}

/*
 * DTrace when indented frame lines are followed by indented count lines,
 * with little else beside dtrace's header.
 */
static int
dtrace_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	int frames = 0, counts = 0, pairs = 0, other = 0, lines = 0;
	int prev_frame = 0, ticks = 0;
	struct strv d;
	size_t n;

	while (p < end && lines < DTRACE_PROBE_LINES) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;	/* a cut-off line says nothing */
		n = (size_t)(nl - p);
		lines++;
		if (memchr(p, '\0', n) != NULL)
			return 0;
		if (dtrace_blank(p, n))
			;
		else if (dtrace_header(p, n))
			ticks++;
		else if (lines <= DTRACE_HEAD_LINES && !dtrace_space(p[0]))
			;	/* a banner, skipped as dtrace_parse does */
		else if (!dtrace_space(p[0]))
			other++;
		else if (dtrace_count_line(p, n, &d)) {
			counts++;
			pairs += prev_frame;
			prev_frame = 0;
			p = nl + 1;
			continue;
		} else {
			frames++;
			prev_frame = 1;
			/* perf's frames end in "(dso)"; dtrace's do not. */
			if (p[n - 1] == ')' || (n > 1 && p[n - 2] == ')'))
				other++;
		}
		p = nl + 1;
	}
	if (pairs == 0 || other * 4 > frames + counts + ticks)
		return 0;
	return ticks > 0 ? 85 : 75;
}

/* Read the aggregation into the sink. */
static int
dtrace_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct dtrace_parse dp;
	struct strv line, digits;
	uint64_t count;

	memset(&dp, 0, sizeof dp);
	dp.opts = o;
	while (reader_text_line(r, d, &line)) {
		if (dtrace_blank(line.s, line.len) ||
		    (r->lineno <= DTRACE_HEAD_LINES &&
		    !dtrace_space(line.s[0])))
			continue;
		if (dtrace_count_line(line.s, line.len, &digits)) {
			if (!dtrace_number(digits, &count)) {
				diag_bad(d, r->lineno, "count does not fit "
				    "in 64 bits");
				dp.nframes = dp.textlen = 0;
				continue;
			}
			dtrace_flush(&dp, sink, count);
			continue;
		}
		if (dtrace_header(line.s, line.len))
			continue;
		dtrace_frame(&dp, line.s, line.len);
	}
	if (dp.nframes > 0)
		diag_bad(d, r->lineno, "stack without a count at the end "
		    "of the input");
	free(dp.text);
	free(dp.frames);
	free(dp.out);
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_dtrace = {
	.name = "dtrace",
	.desc =
	    "DTrace aggregations of stack(), ustack(), jstack() (stackcollapse.pl)",
	.producer =
	    "dtrace -x ustackframes=100 -n 'profile-97 { @[ustack()] = count(); }'"
	    " -o out.stacks",
	.probe = dtrace_probe,
	.parse = dtrace_parse,
};
