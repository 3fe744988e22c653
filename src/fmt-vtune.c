/*
 * fmt-vtune.c: Intel VTune top-down call trees exported as CSV, as
 * stackcollapse-vtune.pl reads them (VTune 2015 and later):
 *
 *	amplxe-cl -R top-down -call-stack-mode all \
 *	    -column="CPU Time:Self","Module" -report-out out.csv \
 *	    -filter "Function Stack" -format csv -csv-delimiter comma -r DIR
 *
 *	Function Stack,CPU Time:Self,Module
 *	Total,0,[Unknown]
 *	 _start,0,tachyon_find_hotspots
 *	  main,0.010,tachyon_find_hotspots
 *
 * The first row is a header. Double quotes are dropped. The depth is the
 * number of leading blanks; the name runs to the first comma that is
 * followed by a number and a comma; the rest of the row is the module. A
 * frame is MODULE!NAME, and its self time in seconds becomes the count in
 * milliseconds; rows with no self time add nothing. As in the reference, a
 * depth a row skips keeps the frame it had in an earlier branch.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"
#include "util.h"

/* Is c a blank, as Perl's \s? */
static int
vtune_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Is c a digit? */
static int
vtune_digit(char c)
{
	return c >= '0' && c <= '9';
}

/*
 * Does s[i..len) start with /[0-9]*\.?[0-9]+?,/? Sets *end to the comma.
 */
static int
vtune_number(const char *s, size_t len, size_t i, size_t *end)
{
	size_t j = i, k;

	while (j < len && vtune_digit(s[j]))
		j++;
	if (j < len && s[j] == ',' && j > i) {
		*end = j;
		return 1;
	}
	if (j < len && s[j] == '.') {
		for (k = j + 1; k < len && vtune_digit(s[k]); k++)
			;
		if (k > j + 1 && k < len && s[k] == ',') {
			*end = k;
			return 1;
		}
	}
	return 0;
}

/*
 * The self time s[0..len) in seconds as a count of milliseconds in units of
 * 10^-*frac. Returns 0 when it does not fit.
 */
static int
vtune_ms(const char *s, size_t len, uint64_t *count, unsigned *frac)
{
	uint64_t v = 0;
	size_t i;
	int dot = -1, f;

	for (i = 0; i < len; i++) {
		if (s[i] == '.') {
			dot = (int)i;
			continue;
		}
		if (dot >= 0 && (int)i - dot > 3 + SAMPLE_MAX_FRAC)
			break;		/* finer than we keep */
		if (v > (UINT64_MAX - 9) / 10)
			return 0;
		v = v * 10 + (uint64_t)(s[i] - '0');
	}
	/* Digits after the dot, at most 3 + SAMPLE_MAX_FRAC of them. */
	f = dot < 0 ? 0 : (int)i - dot - 1;
	f -= 3;				/* seconds to milliseconds */
	for (; f < 0; f++) {
		if (v > UINT64_MAX / 10)
			return 0;
		v *= 10;
	}
	*count = v;
	*frac = (unsigned)f;
	return 1;
}

/* VTune if the header names the "Function Stack" column. */
static int
vtune_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	struct strv l;

	if (len >= 3 && memcmp(p, "\xef\xbb\xbf", 3) == 0)
		p += 3;
	if (!detect_line(&p, end, &l))
		return 0;
	if (l.len > 0 && l.s[0] == '"') {
		l.s++;
		l.len--;
	}
	return stack_prefix(l.s, l.len, "Function Stack") ? 95 : 0;
}

/* Read VTune top-down CSV rows into stacks weighted by self time. */
static int
vtune_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct levels lv = { 0 };
	char *row = NULL, *name = NULL;
	size_t rowcap = 0, namecap = 0, len, i, depth, end = 0, n;
	struct strv line;
	unsigned frac;
	uint64_t count;

	while (reader_text_line(r, d, &line)) {
		if (r->lineno == 1)
			continue;
		row = xgrow(row, &rowcap, line.len + 1, 1);
		for (i = 0, len = 0; i < line.len; i++)
			if (line.s[i] != '"')
				row[len++] = line.s[i];
		for (depth = 0; depth < len && vtune_space(row[depth]); depth++)
			;
		/* The name ends at the first ",NUMBER,". */
		for (i = depth; i < len; i++)
			if (row[i] == ',' &&
			    vtune_number(row, len, i + 1, &end))
				break;
		if (i == len) {
			if (!stack_blank(row, len))
				diag_bad(d, r->lineno, "not a VTune row "
				    "(NAME,SELF TIME,MODULE)");
			continue;
		}
		if (!vtune_ms(row + i + 1, end - i - 1, &count, &frac)) {
			diag_bad(d, r->lineno, "self time too large");
			continue;
		}
		/* MODULE!NAME */
		n = len - end - 1 + 1 + (i - depth);
		name = xgrow(name, &namecap, n + 1, 1);
		memcpy(name, row + end + 1, len - end - 1);
		name[len - end - 1] = '!';
		memcpy(name + len - end, row + depth, i - depth);
		levels_set(&lv, depth, name, n);
		if (count > 0)
			levels_emit(&lv, depth, 0, sink, count, frac);
	}
	levels_free(&lv);
	free(row);
	free(name);
	(void)o;
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_vtune = {
	.name = "vtune",
	.desc = "Intel VTune top-down CSV (stackcollapse-vtune.pl)",
	.producer =
	    "amplxe-cl -R top-down -call-stack-mode all -column=\"CPU Time:Self\","
	    "\"Module\" -report-out out.csv -filter \"Function Stack\""
	    " -format csv -csv-delimiter comma -r DIR",
	.probe = vtune_probe,
	.parse = vtune_parse,
};
