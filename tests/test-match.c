/*
 * test-match.c: match_names() against regexec() on every name.
 *
 *   test-match [-i] [-r N] PATTERN <NAMES
 *
 * Reads names, one a line, and matches PATTERN (an ERE; -i ignores case)
 * against them as the search does, with the list repeated N times (1) so
 * that many names are split across threads. Prints the prefilter's
 * literals ("literals: [fn1] [func_1]", "exact" when no regex is needed,
 * "literals: none" when none), then each name matched, once. Exits 1,
 * naming the name, when match_names() and regexec() disagree on any.
 */
#include "config.h"

#include <locale.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "match.h"
#include "util.h"

int
main(int argc, char **argv)
{
	struct match_lits l;
	struct name *names = NULL;
	size_t cap = 0, n = 0, nread, i, len;
	uint8_t *got;
	regex_t re;
	regmatch_t rm;
	char *line = NULL;
	ssize_t r;
	int c, flags = REG_EXTENDED | REG_NOSUB, reps = 1, bad = 0, want, k;

	setlocale(LC_CTYPE, "");
	while ((c = getopt(argc, argv, "ir:")) != -1) {
		if (c == 'i')
			flags |= REG_ICASE;
		else if (c == 'r')
			reps = atoi(optarg);
		else
			return 2;
	}
	if (optind + 1 != argc || regcomp(&re, argv[optind], flags) != 0) {
		fprintf(stderr, "usage: test-match [-i] [-r N] ERE <names\n");
		return 2;
	}
	while ((r = getline(&line, &cap, stdin)) > 0) {
		len = (size_t)r - (line[r - 1] == '\n');
		names = xrealloc(names, (n + 1) * sizeof *names);
		names[n].s = xstrndup(line, len);
		names[n++].len = (uint32_t)len;
	}
	nread = n;
	names = xrealloc(names, (nread * (size_t)reps + 1) * sizeof *names);
	for (k = 1; k < reps; k++)
		for (i = 0; i < nread; i++)
			names[n++] = names[i];

	match_lits(argv[optind], &l);
	printf("literals:");
	for (k = 0; k < l.n; k++)
		printf(" [%s]", l.s[k]);
	printf("%s\n", l.n == 0 ? " none" : l.exact ? " exact" : "");
	match_lits_free(&l);

	got = xcalloc(n + 1, 1);
	match_names(names, (uint32_t)n, argv[optind], flags, &re, got);
	for (i = 0; i < n; i++) {
		rm.rm_so = 0;
		rm.rm_eo = names[i].len;
		want = regexec(&re, names[i].s, 1, &rm, REG_STARTEND) == 0;
		if (got[i] != want) {
			fprintf(stderr, "name %zu \"%s\": match_names says %d, "
			    "regexec %d\n", i, names[i].s, got[i], want);
			bad = 1;
		}
		if (i < nread && got[i])
			printf("%s\n", names[i].s);
	}
	for (i = 0; i < nread; i++)
		free((char *)names[i].s);
	free(names);
	free(got);
	free(line);
	regfree(&re);
	return bad;
}
