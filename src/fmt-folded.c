/*
 * fmt-folded.c: folded stacks, one per line: "root;child;leaf COUNT".
 *
 * The count is the last whitespace-separated field: digits with an optional
 * fraction ("1.5", "2."), as flamegraph.pl accepts. A second count may
 * follow ("stack BEFORE AFTER", the differential form); as in flamegraph.pl
 * the second one, AFTER, gives the weight. The first stack decides for the
 * whole input (parse_opts.differential), so that blocks parsed apart agree:
 * a second count in an input that starts without one is dropped, and a stack
 * without one in a differential input is taken as unchanged, each with a
 * counted warning.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "formats.h"
#include "util.h"

/*
 * Parse the count that ends line[0..*len) and shorten *len to what precedes
 * it and its whitespace. Returns 1, 0 when there is no count, -1 when the
 * count is too large and was clamped to UINT64_MAX (a whole number, its
 * fraction dropped), -2 when it is not 0 but below the finest fraction kept.
 */
static int
folded_count(const char *line, size_t *len, uint64_t *count, unsigned *frac)
{
	size_t end = *len, i = end, k;
	uint64_t v = 0;
	unsigned f = 0;
	int dot = 0, big = 0, fine = 0;

	/* Stop early at a byte no count holds: the stack before a count is
	 * often long, and a second count is looked for on every line. */
	while (i > 0 && ((line[i - 1] >= '0' && line[i - 1] <= '9') ||
	    line[i - 1] == '.'))
		i--;
	if (i > 0 && line[i - 1] != ' ' && line[i - 1] != '\t')
		return 0;
	/* The token line[i..end) must be \d+(\.\d*)? after whitespace. */
	if (i == 0 || i == end || line[i] < '0' || line[i] > '9')
		return 0;
	for (k = i; k < end; k++) {
		if (line[k] == '.' && !dot) {
			dot = 1;
			continue;
		}
		if (line[k] < '0' || line[k] > '9')
			return 0;
		if (dot) {
			if (f >= SAMPLE_MAX_FRAC) {
				fine |= line[k] != '0';
				continue;	/* finer than we keep */
			}
			f++;
		}
		if (v > (UINT64_MAX - (uint64_t)(line[k] - '0')) / 10)
			big = 1;
		else
			v = v * 10 + (uint64_t)(line[k] - '0');
	}
	while (i > 0 && (line[i - 1] == ' ' || line[i - 1] == '\t'))
		i--;
	*len = i;
	*count = big ? UINT64_MAX : v;
	*frac = big ? 0 : f;
	return big ? -1 : v == 0 && fine ? -2 : 1;
}

/* Bring two counts to the same number of decimal places, the larger. */
static void
folded_same_units(uint64_t *a, unsigned *fa, uint64_t *b, unsigned *fb)
{
	uint64_t *v;

	while (*fa != *fb) {
		v = *fa < *fb ? a : b;
		*v = *v > UINT64_MAX / 10 ? UINT64_MAX : *v * 10;
		if (*fa < *fb)
			(*fa)++;
		else
			(*fb)++;
	}
}

/* Is this line empty or only whitespace? */
static int
folded_blank(const char *s, size_t len)
{
	while (len > 0 && (s[len - 1] == ' ' || s[len - 1] == '\t'))
		len--;
	return len == 0;
}

/*
 * Is buf (the start of an input) differential folded stacks, "stack BEFORE
 * AFTER"? Its first stack line says.
 */
static int
folded_differential(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	uint64_t c;
	unsigned f;
	size_t n;

	while (p < end && (nl = memchr(p, '\n', (size_t)(end - p))) != NULL) {
		n = (size_t)(nl - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		if (!folded_blank(p, n))
			return folded_count(p, &n, &c, &f) != 0 &&
			    folded_count(p, &n, &c, &f) != 0;
		p = nl + 1;
	}
	return 0;
}

/* Is this line a folded stack? */
static int
folded_line_ok(const char *s, size_t len)
{
	uint64_t c;
	unsigned f;

	return memchr(s, '\0', len) == NULL && folded_count(s, &len, &c, &f) != 0;
}

/* Folded if most of the first lines are folded stacks. */
static int
folded_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	int good = 0, bad = 0;
	size_t n;

	while (p < end && good + bad < 100) {
		nl = memchr(p, '\n', (size_t)(end - p));
		n = nl != NULL ? (size_t)(nl - p) : (size_t)(end - p);
		if (n > 0 && p[n - 1] == '\r')
			n--;
		/* A cut-off last line says nothing either way. */
		if (!folded_blank(p, n) && (nl != NULL || good + bad == 0)) {
			if (folded_line_ok(p, n))
				good++;
			else
				bad++;
		}
		if (nl == NULL)
			break;
		p = nl + 1;
	}
	/* One line longer than buf, so with no count in sight: deep stack? */
	if (good == 0 && p == buf && len >= READ_PEEK &&
	    memchr(buf, ';', len) != NULL && memchr(buf, '\0', len) == NULL)
		return 10;
	return good > bad ? 50 : 0;
}

static int
folded_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct strv line, *frames = NULL;
	size_t cap = 0, n, len, start;
	const char *semi;
	struct sample smp = { .time_ns = -1 };
	uint64_t count;
	unsigned frac;
	int ret;

	while (reader_text_line(r, d, &line)) {
		len = line.len;
		if (folded_blank(line.s, len))
			continue;
		ret = folded_count(line.s, &len, &count, &frac);
		if (ret == 0) {
			diag_bad(d, r->lineno, "not a folded stack (STACK COUNT)");
			continue;
		}
		if (ret == -1)
			diag_tally(d, r->lineno, "warning: count does not fit "
			    "in 64 bits, clamped to the largest count");
		else if (ret == -2)
			diag_tally(d, r->lineno, "warning: count below "
			    "0.000001, the finest kept, counted as 0");
		/* A second count: the differential form "stack BEFORE AFTER". */
		smp.has_before = 0;
		{
			size_t l2 = len;
			uint64_t c2;
			unsigned f2;
			if (folded_count(line.s, &l2, &c2, &f2) != 0) {
				len = l2;
				if (o->differential) {
					folded_same_units(&c2, &f2, &count,
					    &frac);
					smp.has_before = 1;
					smp.before = c2;
				} else
					diag_tally(d, r->lineno, "warning: "
					    "two counts, but the first stack "
					    "has one: the first count is "
					    "ignored");
			} else if (o->differential)
				diag_tally(d, r->lineno, "warning: one count "
				    "in differential input: taken as "
				    "unchanged");
		}
		smp.count = count;
		smp.frac = frac;
		smp.joined.s = line.s;
		smp.joined.len = len;
		if (len > 0 && sink->joined != NULL && sink->joined(sink->ctx,
		    &smp))
			continue;
		n = 0;
		if (len > 0) {
			for (start = 0;; start = (size_t)(semi - line.s) + 1) {
				semi = memchr(line.s + start, ';', len - start);
				frames = xgrow(frames, &cap, n + 1, sizeof *frames);
				frames[n].s = line.s + start;
				frames[n].len = (semi != NULL ? (size_t)(semi -
				    line.s) : len) - start;
				n++;
				if (semi == NULL)
					break;
			}
		}
		smp.frames = frames;
		smp.nframes = n;
		sink->stack(sink->ctx, &smp);
	}
	free(frames);
	(void)err;
	(void)errlen;
	return 0;
}

/*
 * The first stack says for the whole input whether it is differential. The
 * parallel reader does not carry the BEFORE counts, so such input is read
 * in one piece.
 */
static int
folded_prepare(const char *buf, size_t len, struct parse_opts *o)
{
	o->differential = folded_differential(buf, len);
	return o->differential;
}

/* Every line stands alone: cut after the last newline. */
static size_t
folded_cut(const char *buf, size_t len)
{
	const char *nl = memrchr(buf, '\n', len);

	return nl != NULL ? (size_t)(nl - buf) + 1 : 0;
}

const struct format fmt_folded = {
	.name = "folded",
	.desc =
	    "folded stacks, \"frame;frame;frame COUNT\" (stackcollapse output)",
	.producer =
	    "stackcollapse-*.pl, inferno-collapse-*, flametui --fold, or any folded output",
	.probe = folded_probe,
	.parse = folded_parse,
	.prepare = folded_prepare,
	.cut = folded_cut,
};
