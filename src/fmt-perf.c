/*
 * fmt-perf.c: `perf script` output, as stackcollapse-perf.pl reads it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "detect.h"

/* perf script if an event line is followed by an indented frame line. */
static int
perf_probe(const char *buf, size_t len)
{
	return 0;
}

static int
perf_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: perf script input is not supported yet",
	    r->name);
	return -1;
}

const struct format fmt_perf = {
	"perf",
	"`perf script` output (what stackcollapse-perf.pl reads)",
	perf_probe,
	perf_parse,
	"perf record -g -- COMMAND; perf script > out.perf",
};
