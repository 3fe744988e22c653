/*
 * fmt-dtrace.c: `dtrace script` output, as stackcollapse-dtrace.pl reads it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "detect.h"

/* dtrace script if an event line is followed by an indented frame line. */
static int
dtrace_probe(const char *buf, size_t len)
{
	return 0;
}

static int
dtrace_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	snprintf(err, errlen, "%s: dtrace script input is not supported yet",
	    r->name);
	return -1;
}

const struct format fmt_dtrace = {
	"dtrace",
	"DTrace aggregations of stack(), ustack(), jstack() (stackcollapse.pl)",
	dtrace_probe,
	dtrace_parse,
	"dtrace -x ustackframes=100 -n 'profile-97 { @[ustack()] = count(); }'"
	    " -o out.stacks",
};
