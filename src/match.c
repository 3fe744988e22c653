/*
 * match.c: match a search regex against every distinct name, with a literal
 * prefilter and on every core.
 *
 * The prefilter's literals come from a small parse of the ERE, after the
 * way RE2 and Google Code Search find theirs. A piece of the regex is
 * either exact, a small set of strings that are all it can match ("ab?c":
 * "ac" and "abc"), or it comes with a set of strings one of which every
 * match of it holds. A sequence of exact pieces is exact (their cross
 * product), so is an alternation of exact pieces (their union), and a piece
 * that repeats ("x+") still holds its own strings. What the parse does not
 * know (brackets, '.', GNU escapes, bytes past ASCII, which may be part of
 * a multibyte character) could match anything, and anything it is unsure
 * of sends more names to regexec(), never fewer.
 */
#include "config.h"

#include <ctype.h>
#include <langinfo.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wctype.h>

#include "match.h"
#include "util.h"

#define MATCH_THREADS 4		/* most threads matching names */
#define MATCH_PER_THREAD 32768	/* fewer names than this: one thread */
#define MATCH_DEPTH 64		/* groups nested deeper: no prefilter */
#define MATCH_MAX_COPIES 1000	/* repeats that copy more: refused */
#define MATCH_MAX_NEST 100	/* groups nested deeper: refused */

/* Characters special to an ERE outside brackets. */
static const char match_special[] = ".[]()*+?{}|^$\\";

/* The state of a parse. */
struct match_parse {
	const char *p;		/* the next byte of the pattern */
	int depth;		/* groups open */
	int anchors;		/* met ^ or $: exact sets are not the answer */
	int fail;		/* met something it does not know */
};

/* What a piece of a regex can match. */
struct match_info {
	int isexact;		/* exact holds every string it matches */
	struct match_lits exact;
	struct match_lits need;	/* else one of these is in every match */
};

/* A share of the names for one thread to match. */
struct match_job {
	const struct name *names;
	uint8_t *out;
	uint32_t from, to;	/* names [from, to) */
	regex_t *re;		/* the thread's own copy: regexec locks it */
	const struct match_lits *lits;
	const uint16_t *fold;	/* byte to what the regex compares */
	int icase;
};

static void match_alt(struct match_parse *, struct match_info *);

void
match_lits_free(struct match_lits *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		free(l->s[i]);
	memset(l, 0, sizeof *l);
}

/* Free what a piece's info holds. */
static void
match_info_free(struct match_info *a)
{
	match_lits_free(&a->exact);
	match_lits_free(&a->need);
	a->isexact = 0;
}

/* Add a string to a set. Returns -1 when the set is full. */
static int
match_add(struct match_lits *l, const char *s, size_t len)
{
	if (l->n == MATCH_MAXLITS)
		return -1;
	l->s[l->n] = xstrndup(s, len);
	l->len[l->n++] = len;
	return 0;
}

/* Set out to each string of a followed by each of b; -1 when too many. */
static int
match_cross(const struct match_lits *a, const struct match_lits *b,
    struct match_lits *out)
{
	char *s;
	int i, k;

	memset(out, 0, sizeof *out);
	if (a->n * b->n > MATCH_MAXLITS)
		return -1;
	for (i = 0; i < a->n; i++)
		for (k = 0; k < b->n; k++) {
			s = xmalloc(a->len[i] + b->len[k] + 1);
			memcpy(s, a->s[i], a->len[i]);
			memcpy(s + a->len[i], b->s[k], b->len[k] + 1);
			out->s[out->n] = s;
			out->len[out->n++] = a->len[i] + b->len[k];
		}
	return 0;
}

/* Make an exact set a needed one: nothing is needed if it holds "". */
static void
match_needed(struct match_lits *l)
{
	int i;

	for (i = 0; i < l->n; i++)
		if (l->len[i] == 0) {
			match_lits_free(l);
			return;
		}
}

/* The length of a set's shortest string, 0 for an empty set. */
static size_t
match_shortest(const struct match_lits *l)
{
	size_t m = 0;
	int i;

	for (i = 0; i < l->n; i++)
		if (i == 0 || l->len[i] < m)
			m = l->len[i];
	return m;
}

/* Keep in best whichever needed set of best and cand filters more. */
static void
match_keep(struct match_lits *best, struct match_lits *cand)
{
	struct match_lits t;
	size_t b = match_shortest(best), c = match_shortest(cand);

	if (cand->n > 0 && (best->n == 0 || c > b ||
	    (c == b && cand->n < best->n))) {
		t = *best;
		*best = *cand;
		*cand = t;
	}
	match_lits_free(cand);
}

/* a becomes "a or b": nothing is needed when either needs nothing. */
static void
match_union(struct match_lits *a, struct match_lits *b)
{
	int i;

	if (a->n == 0 || b->n == 0 || a->n + b->n > MATCH_MAXLITS) {
		match_lits_free(a);
		match_lits_free(b);
		return;
	}
	for (i = 0; i < b->n; i++) {
		a->s[a->n] = b->s[i];
		a->len[a->n++] = b->len[i];
	}
	memset(b, 0, sizeof *b);
}

/* A piece's info becomes "it or b's piece". */
static void
match_info_union(struct match_info *a, struct match_info *b)
{
	if (a->isexact && b->isexact &&
	    a->exact.n + b->exact.n <= MATCH_MAXLITS) {
		match_union(&a->exact, &b->exact);
		return;
	}
	if (a->isexact) {
		a->need = a->exact;
		memset(&a->exact, 0, sizeof a->exact);
		match_needed(&a->need);
		a->isexact = 0;
	}
	if (b->isexact) {
		b->need = b->exact;
		memset(&b->exact, 0, sizeof b->exact);
		match_needed(&b->need);
	}
	match_union(&a->need, &b->need);
	match_info_free(b);
}

/* Skip a bracket expression, from its '['. */
static void
match_bracket(struct match_parse *mp)
{
	const char *p = mp->p + 1, *e;

	if (*p == '^')
		p++;
	if (*p == ']')
		p++;
	for (;;) {
		if (*p == '\0') {
			mp->fail = 1;
			return;
		}
		if (*p == '[' && (p[1] == ':' || p[1] == '.' || p[1] == '=')) {
			for (e = p + 2; *e != '\0' && !(e[0] == p[1] &&
			    e[1] == ']'); e++)
				;
			if (*e == '\0') {
				mp->fail = 1;
				return;
			}
			p = e + 2;
			continue;
		}
		if (*p++ == ']')
			break;
	}
	mp->p = p;
}

/* Read one quantifier: *min and *max (-1 for no limit) of its repeats. */
static void
match_quant(struct match_parse *mp, long *min, long *max)
{
	const char *p = mp->p;
	int digits = 0;

	*min = 0;
	*max = -1;
	switch (*p) {
	case '*':
		break;
	case '+':
		*min = 1;
		break;
	case '?':
		*max = 1;
		break;
	default:	/* '{' */
		for (p++; isdigit((unsigned char)*p); p++, digits++)
			if (*min < 100000)
				*min = *min * 10 + (*p - '0');
		*max = *min;
		if (*p == ',') {
			p++;
			digits++;
			*max = isdigit((unsigned char)*p) ? 0 : -1;
			for (; isdigit((unsigned char)*p); p++)
				if (*max < 100000)
					*max = *max * 10 + (*p - '0');
		}
		if (*p != '}' || digits == 0) {
			mp->fail = 1;
			return;
		}
		break;
	}
	mp->p = p + 1;
}

/*
 * Why glibc could take too long on an ERE, or NULL. A backreference makes
 * its matcher backtrack, in time exponential in the name's length. Its
 * regcomp() copies a repeated piece once per repeat (a{1,255} is 255 a's,
 * a{1,255}{1,255} 255 times that, "x+" is "xx*"), at a cost that grows
 * faster than the copies. Its parser recurses into each group.
 */
static const char *
match_refusal(const char *pattern)
{
	struct match_parse mp = { pattern, 0, 0, 0 };
	uint64_t size[MATCH_MAX_NEST + 1], piece = 0, copies = 0, k;
	long min, max;

	size[0] = 0;
	while (*mp.p != '\0') {
		switch (*mp.p) {
		case '\\':
			if (mp.p[1] >= '1' && mp.p[1] <= '9')
				return "backreferences (\\1) are not supported, "
				    "as they can take exponential time";
			mp.p += mp.p[1] != '\0' ? 2 : 1;
			piece = 1;
			break;
		case '[':
			match_bracket(&mp);
			if (mp.fail)
				return NULL;	/* regcomp() says what is wrong */
			piece = 1;
			break;
		case '(':
			if (mp.depth == MATCH_MAX_NEST)
				return "groups nested over 100 deep";
			size[++mp.depth] = 0;
			mp.p++;
			piece = 0;
			continue;
		case ')':
			mp.p++;
			piece = mp.depth > 0 ? size[mp.depth--] : 1;
			break;
		case '|':
			mp.p++;
			piece = 0;
			continue;
		case '*':
		case '+':
		case '?':
		case '{':
			match_quant(&mp, &min, &max);
			if (mp.fail)
				return NULL;
			k = max >= 0 ? (uint64_t)max : (uint64_t)min + 1;
			if (k > 1) {
				copies += piece * (k - 1);
				size[mp.depth] += piece * (k - 1);
				piece *= k;
			}
			if (copies > MATCH_MAX_COPIES)
				return "its repeats make over 1000 copies: use "
				    "* or smaller bounds";
			continue;
		default:
			mp.p++;
			piece = 1;
			break;
		}
		size[mp.depth] += piece;
	}
	return NULL;
}

int
match_compile(regex_t *re, const char *pattern, int icase, char *err,
    size_t errlen)
{
	const char *why = match_refusal(pattern);
	char msg[256];
	int ret = 0;

	if (why == NULL && (ret = regcomp(re, pattern, MATCH_CFLAGS |
	    (icase ? REG_ICASE : 0))) == 0)
		return 0;
	if (why == NULL) {
		regerror(ret, re, msg, sizeof msg);
		why = msg;
	}
	if (err != NULL && errlen > 0)
		snprintf(err, errlen, "bad regular expression '%s': %s",
		    pattern, why);
	return -1;
}

/*
 * Parse one atom and its quantifiers into a. *tail is set when a's exact
 * strings are followed by something unknown: a repeat ("x+" is "x" then
 * "x*").
 */
static void
match_atom(struct match_parse *mp, struct match_info *a, int *tail)
{
	int c = (unsigned char)*mp->p, anchor = 0;
	long min, max;
	char one;

	memset(a, 0, sizeof *a);
	*tail = 0;
	switch (c) {
	case '(':
		mp->p++;
		if (++mp->depth > MATCH_DEPTH) {
			mp->fail = 1;
			return;
		}
		match_alt(mp, a);
		mp->depth--;
		if (*mp->p != ')')
			mp->fail = 1;
		else
			mp->p++;
		break;
	case '[':
		match_bracket(mp);
		break;
	case '^':
	case '$':
		mp->p++;
		mp->anchors = anchor = 1;
		a->isexact = 1;
		match_add(&a->exact, "", 0);
		break;
	case '.':
		mp->p++;
		break;
	case '\\':
		one = mp->p[1];
		if (one == '\0') {
			mp->fail = 1;
			return;
		}
		mp->p += 2;
		if (strchr(match_special, one) != NULL) {
			a->isexact = 1;
			match_add(&a->exact, &one, 1);
		}		/* else \w, \b, \1 ...: unknown */
		break;
	case '*':
	case '+':
	case '?':
	case '{':
		mp->fail = 1;	/* a quantifier of nothing */
		return;
	default:
		mp->p++;
		if (c < 0x80) {
			one = (char)c;
			a->isexact = 1;
			match_add(&a->exact, &one, 1);
		}
		break;
	}
	while (!mp->fail && *mp->p != '\0' && strchr("*+?{", *mp->p) != NULL) {
		if (anchor) {
			mp->fail = 1;
			break;
		}
		match_quant(mp, &min, &max);
		if (min == 0 && max == 1 && a->isexact && !*tail) {
			if (match_add(&a->exact, "", 0) < 0)
				match_info_free(a);
		} else if (min == 0) {
			match_info_free(a);	/* may not be there at all */
			*tail = 0;
		} else if ((min != 1 || max != 1) && a->isexact)
			*tail = 1;
	}
}

/* Parse one branch of an alternation: a sequence of atoms. */
static void
match_branch(struct match_parse *mp, struct match_info *out)
{
	struct match_info a;
	struct match_lits cur, next, best;
	int c, isexact = 1, tail;

	memset(out, 0, sizeof *out);
	memset(&cur, 0, sizeof cur);
	memset(&next, 0, sizeof next);
	memset(&best, 0, sizeof best);
	match_add(&cur, "", 0);
	while ((c = *mp->p) != '\0' && c != '|' && c != ')') {
		match_atom(mp, &a, &tail);
		if (mp->fail) {
			match_info_free(&a);
			break;
		}
		if (a.isexact && match_cross(&cur, &a.exact, &next) == 0) {
			match_lits_free(&cur);
			cur = next;
			memset(&next, 0, sizeof next);
		} else {
			/* Too many strings, or an unknown: a run ends. */
			match_lits_free(&next);
			match_needed(&cur);
			match_keep(&best, &cur);
			isexact = 0;
			if (a.isexact) {
				cur = a.exact;
				memset(&a.exact, 0, sizeof a.exact);
			} else {
				match_keep(&best, &a.need);
				match_add(&cur, "", 0);
			}
		}
		if (tail) {
			match_needed(&cur);
			match_keep(&best, &cur);
			match_add(&cur, "", 0);
			isexact = 0;
		}
		match_info_free(&a);
	}
	if (mp->fail) {
		match_lits_free(&cur);
		match_lits_free(&best);
		return;
	}
	if (isexact) {
		out->isexact = 1;
		out->exact = cur;
		match_lits_free(&best);
		return;
	}
	match_needed(&cur);
	match_keep(&best, &cur);
	out->need = best;
}

/* Parse an alternation up to the end of the pattern or a ')'. */
static void
match_alt(struct match_parse *mp, struct match_info *out)
{
	struct match_info b;

	match_branch(mp, out);
	while (!mp->fail && *mp->p == '|') {
		mp->p++;
		match_branch(mp, &b);
		match_info_union(out, &b);
	}
}

void
match_lits(const char *pattern, struct match_lits *l)
{
	struct match_parse mp;
	struct match_info top;

	memset(&mp, 0, sizeof mp);
	memset(l, 0, sizeof *l);
	mp.p = pattern;
	match_alt(&mp, &top);
	if (mp.fail || *mp.p != '\0') {
		match_info_free(&top);
		return;
	}
	if (top.isexact) {
		*l = top.exact;
		match_needed(l);
		l->exact = l->n > 0 && !mp.anchors;
	} else
		*l = top.need;
}

/*
 * What the regex compares each byte as, for ignoring case the way glibc
 * does: through tolower() in a single-byte locale, through towupper() in a
 * multibyte one, where a letter whose other case is past ASCII (the Turkish
 * i) only equals itself. Bytes past ASCII never get here (see
 * match_names_share()).
 */
static void
match_fold(uint16_t *fold, int icase)
{
	wint_t u;
	int b;

	for (b = 0; b < 256; b++) {
		fold[b] = (uint16_t)b;
		if (!icase)
			continue;
		if (MB_CUR_MAX == 1)
			fold[b] = (uint16_t)tolower(b);
		else if (b < 0x80) {
			u = towupper((wint_t)b);
			fold[b] = u < 0x80 ? (uint16_t)u : (uint16_t)(0x100 | b);
		}
	}
}

/* Does s hold lit, byte for byte or through fold when ignoring case? */
static int
match_has(const unsigned char *s, size_t len, const unsigned char *lit,
    size_t litlen, const uint16_t *fold, int icase)
{
	size_t i, k;
	uint16_t c0 = fold[lit[0]];

	if (len < litlen)
		return 0;
	if (!icase) {
		for (i = 0; i + litlen <= len; i++) {
			if (s[i] != lit[0])
				continue;
			for (k = 1; k < litlen && s[i + k] == lit[k]; k++)
				;
			if (k == litlen)
				return 1;
		}
		return 0;
	}
	for (i = 0; i + litlen <= len; i++) {
		if (fold[s[i]] != c0)
			continue;
		for (k = 1; k < litlen && fold[s[i + k]] == fold[lit[k]]; k++)
			;
		if (k == litlen)
			return 1;
	}
	return 0;
}

/* Is every byte of s ASCII? */
static int
match_ascii(const char *s, size_t len)
{
	uint64_t w, acc = 0;
	size_t i;

	for (i = 0; i + 8 <= len; i += 8) {
		memcpy(&w, s + i, 8);
		acc |= w;
	}
	for (; i < len; i++)
		acc |= (unsigned char)s[i];
	return (acc & 0x8080808080808080ull) == 0;
}

/*
 * Match a share of the names: the body of a matching thread. A name none
 * of whose literals it holds cannot match, unless case is ignored and it
 * has bytes past ASCII, whose case only regexec() knows.
 */
static void *
match_names_share(void *arg)
{
	struct match_job *j = arg;
	const struct match_lits *l = j->lits;
	const struct name *nm;
	regmatch_t rm;
	uint32_t i;
	int k, hit;

	for (i = j->from; i < j->to; i++) {
		nm = &j->names[i];
		if (l->n > 0) {
			for (hit = 0, k = 0; k < l->n && !hit; k++)
				hit = match_has((const unsigned char *)nm->s,
				    nm->len, (const unsigned char *)l->s[k],
				    l->len[k], j->fold, j->icase);
			if (!hit && (!j->icase || match_ascii(nm->s,
			    nm->len))) {
				j->out[i] = 0;
				continue;
			}
			if (hit && l->exact && (!j->icase ||
			    match_ascii(nm->s, nm->len))) {
				j->out[i] = 1;
				continue;
			}
		}
		rm.rm_so = 0;
		rm.rm_eo = nm->len;
		j->out[i] = regexec(j->re, nm->s, 1, &rm, REG_STARTEND) == 0;
	}
	return NULL;
}

/* Can the prefilter's byte scan see the locale's characters as bytes? */
static int
match_bytes_ok(void)
{
	return MB_CUR_MAX == 1 || strcmp(nl_langinfo(CODESET), "UTF-8") == 0;
}

void
match_names(const struct name *names, uint32_t n, const char *pattern,
    int cflags, regex_t *re, uint8_t *out)
{
	struct match_job j[MATCH_THREADS];
	struct match_lits lits;
	pthread_t th[MATCH_THREADS];
	regex_t extra[MATCH_THREADS];
	uint16_t fold[256];
	uint32_t per;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int nt = 1, i, icase = (cflags & REG_ICASE) != 0;
	int started[MATCH_THREADS] = { 0 };

	memset(&lits, 0, sizeof lits);
	if (match_bytes_ok())
		match_lits(pattern, &lits);
	match_fold(fold, icase);
	if (n >= 2 * MATCH_PER_THREAD && ncpu > 1)
		nt = ncpu < MATCH_THREADS ? (int)ncpu : MATCH_THREADS;
	per = (n + (uint32_t)nt - 1) / (uint32_t)nt;
	for (i = 0; i < nt; i++) {
		j[i].names = names;
		j[i].out = out;
		j[i].from = (uint32_t)i * per < n ? (uint32_t)i * per : n;
		j[i].to = j[i].from + per < n ? j[i].from + per : n;
		j[i].re = re;
		j[i].lits = &lits;
		j[i].fold = fold;
		j[i].icase = icase;
		/* Without a copy of its own, a share is left to this thread. */
		if (i > 0 && regcomp(&extra[i], pattern, cflags) == 0) {
			j[i].re = &extra[i];
			started[i] = pthread_create(&th[i], NULL,
			    match_names_share, &j[i]) == 0;
		}
	}
	match_names_share(&j[0]);
	for (i = 1; i < nt; i++) {
		if (started[i])
			pthread_join(th[i], NULL);
		else {
			j[0].from = j[i].from;
			j[0].to = j[i].to;
			match_names_share(&j[0]);
		}
		if (j[i].re != re)
			regfree(&extra[i]);
	}
	match_lits_free(&lits);
}
