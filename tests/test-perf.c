/*
 * test-perf.c: run the perf script parser on a file through its line API
 * (fmt-perf.h) and print every sample it sends to the sink, one a line:
 * "TIME_NS COUNT root;...;leaf", so that tests can see what --fold does not
 * show: timestamps, and samples in input order, before any merging.
 * Options: -e EVENT (--event-filter).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "diag.h"
#include "fmt-perf.h"
#include "read.h"

/* Print one sample. */
static void
print_sample(void *ctx, const struct sample *s)
{
	size_t i;

	printf("%lld %llu ", (long long)s->time_ns,
	    (unsigned long long)s->count);
	for (i = 0; i < s->nframes; i++)
		printf("%s%.*s", i > 0 ? ";" : "", (int)s->frames[i].len,
		    s->frames[i].s);
	putchar('\n');
	(void)ctx;
}

int
main(int argc, char **argv)
{
	struct parse_opts o;
	struct perf_parse pp;
	struct sink sink = { .stack = print_sample };
	struct diag d;
	struct reader *r;
	struct strv line;
	char err[512];
	int c;

	memset(&o, 0, sizeof o);
	memset(&d, 0, sizeof d);
	while ((c = getopt(argc, argv, "e:")) != -1) {
		if (c != 'e')
			return 2;
		o.event = optarg;
	}
	if (optind + 1 != argc) {
		fprintf(stderr, "usage: test-perf [-e EVENT] FILE\n");
		return 2;
	}
	if ((r = reader_open(argv[optind], err, sizeof err)) == NULL) {
		fprintf(stderr, "%s\n", err);
		return 2;
	}
	diag_begin(&d, r->name);
	fmt_perf_begin(&pp, &o, &sink, &d);
	while (reader_line(r, &line))
		fmt_perf_line(&pp, line.s, line.len, r->lineno);
	fmt_perf_end(&pp);
	diag_end(&d);
	diag_print(&d, stderr);
	diag_free(&d);
	reader_close(r);
	return 0;
}
