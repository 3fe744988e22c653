/*
 * fmt-pmc.c: FreeBSD hwpmc call graphs, as `pmcstat -R FILE -G OUT` writes
 * them and stackcollapse-pmc.pl reads them:
 *
 *	@ CPU_CLK_UNHALTED_CORE [1052 samples]
 *
 *	03.07%  [17]       witness_unlock @ /boot/kernel/kernel
 *	 70.59%  [12]        __mtx_unlock_flags
 *	  100.0%  [12]         sys_poll
 *
 * Each line is "PERCENT%  [COUNT]  NAME ..."; the number of leading spaces is
 * its depth. Depth 0 is the sampled function, each deeper line a caller of
 * the line above it. A stack ends, leaf at depth 0, wherever the next line
 * is no deeper, and its count is the [COUNT] of its deepest line. Only the
 * first word of the name is kept. As in the reference, a depth that a line
 * skips keeps the name it had in an earlier branch.
 */
#include "config.h"

#include <string.h>

#include "detect.h"
#include "diag.h"
#include "stack.h"

/* One "PERCENT%  [COUNT]  NAME" line, split. */
struct pmc_line {
	size_t depth;
	const char *count, *name;
	size_t countlen, namelen;
};

/* Is c a blank as Perl's \s sees it? */
static int
pmc_space(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/* Split a line as /^( *)[0-9.]+%  \[([0-9]+)\]\s*(\S+)/; 0 if no match. */
static int
pmc_split(const char *s, size_t len, struct pmc_line *pl)
{
	size_t i = 0, j;

	while (i < len && s[i] == ' ')
		i++;
	pl->depth = i;
	for (j = i; j < len && ((s[j] >= '0' && s[j] <= '9') || s[j] == '.');
	    j++)
		;
	if (j == i || len - j < 4 || memcmp(s + j, "%  [", 4) != 0)
		return 0;
	i = j + 4;
	for (j = i; j < len && s[j] >= '0' && s[j] <= '9'; j++)
		;
	if (j == i || j == len || s[j] != ']')
		return 0;
	pl->count = s + i;
	pl->countlen = j - i;
	for (i = j + 1; i < len && pmc_space(s[i]); i++)
		;
	for (j = i; j < len && !pmc_space(s[j]); j++)
		;
	if (j == i)
		return 0;
	pl->name = s + i;
	pl->namelen = j - i;
	return 1;
}

/* Is this a header line, "@ EVENT [N samples]"? */
static int
pmc_header(const char *s, size_t len)
{
	return len > 2 && s[0] == '@' && s[1] == ' ' && s[len - 1] == ']';
}

/* pmcstat -G if most lines are call graph lines. */
static int
pmc_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len;
	int good = 0, bad = 0, header = 0;
	struct pmc_line pl;
	struct strv l;

	while (detect_line(&p, end, &l) && good + bad < 200) {
		if (stack_blank(l.s, l.len))
			continue;
		if (pmc_header(l.s, l.len))
			header = 1;
		else if (pmc_split(l.s, l.len, &pl))
			good++;
		else
			bad++;
	}
	if (good > 0 && bad <= good / 8)
		return header ? 90 : 70;
	return 0;
}

/* Read pmcstat -G lines, emitting a stack wherever the depth stops growing. */
static int
pmc_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct levels lv = { 0 };
	uint64_t count = 0, c;
	struct pmc_line pl;
	struct strv line;
	size_t prev = 0;
	int have = 0, ret;

	while (reader_text_line(r, d, &line)) {
		if (!pmc_split(line.s, line.len, &pl)) {
			if (!stack_blank(line.s, line.len) &&
			    !pmc_header(line.s, line.len))
				diag_bad(d, r->lineno, "not a pmcstat -G line "
				    "(PERCENT%%  [COUNT]  NAME)");
			continue;
		}
		if ((ret = stack_count(pl.count, pl.countlen, &c)) < 0) {
			diag_bad(d, r->lineno, "count does not fit in 64 bits");
			continue;
		}
		if (have && pl.depth <= prev)
			levels_emit(&lv, prev, 1, sink, count, 0);
		levels_set(&lv, pl.depth, pl.name, pl.namelen);
		prev = pl.depth;
		count = c;
		have = 1;
	}
	if (have)
		levels_emit(&lv, prev, 1, sink, count, 0);
	levels_free(&lv);
	(void)o;
	(void)err;
	(void)errlen;
	return 0;
}

const struct format fmt_pmc = {
	.name = "pmc",
	.desc = "FreeBSD pmcstat -G call graphs (stackcollapse-pmc.pl)",
	.producer = "pmcstat -S unhalted-cycles -O pmc.out;"
	    " pmcstat -R pmc.out -z16 -G out.pmc",
	.probe = pmc_probe,
	.parse = pmc_parse,
};
