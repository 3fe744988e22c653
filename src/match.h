/*
 * match.h: which of a profile's distinct names a search regex matches, fast.
 *
 * Each name is matched once. Before regexec() sees a name, a prefilter
 * looks for the literal strings one of which every match must contain
 * (for "fn1[0-9]|func_1.*7", "fn1" or "func_1"): most names fail it at the
 * cost of a byte scan, and regexec() runs only on the rest. A pattern with
 * no special character needs no regexec() at all, unless it ignores case.
 * Many names are split across threads, each with its own compiled copy of
 * the regex, as glibc's regexec() locks the regex_t it is given.
 */
#ifndef MATCH_H
#define MATCH_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "profile.h"

#define MATCH_MAXLITS 16	/* more alternatives than this: no prefilter */
#define MATCH_CFLAGS (REG_EXTENDED | REG_NOSUB)	/* how every regex is read */

/*
 * Compile pattern, a POSIX extended regex, into re for every search and
 * filter (with MATCH_CFLAGS, and REG_ICASE when icase). What could make
 * glibc take exponential time or worse is refused: backreferences (\1),
 * repeats that copy their piece over 1000 times (a{1,255}{1,255}), groups
 * nested over 100 deep. Returns 0, or -1 with "bad regular expression
 * 'PATTERN': why" in err (when not NULL).
 */
int match_compile(regex_t *re, const char *pattern, int icase, char *err,
    size_t errlen);

/* Literals one of which is in every string a regex matches. */
struct match_lits {
	int n;			/* how many; 0 when nothing is known */
	int exact;		/* the pattern is the one literal: no regex */
	char *s[MATCH_MAXLITS];	/* NUL-terminated */
	size_t len[MATCH_MAXLITS];
};

/*
 * Find the literals of an extended regex, a pattern regcomp() accepted.
 * Whatever the parse is unsure of yields fewer literals or none, never a
 * wrong one. Free them with match_lits_free().
 */
void match_lits(const char *pattern, struct match_lits *);
void match_lits_free(struct match_lits *);

/*
 * Set out[i] to 1 for each of names[0 .. n) that re matches and to 0 for the
 * others, exactly as regexec() on each name would. re is pattern compiled
 * with cflags (REG_EXTENDED, with or without REG_ICASE), and is not changed.
 */
void match_names(const struct name *names, uint32_t n, const char *pattern,
    int cflags, regex_t *re, uint8_t *out);

#endif
