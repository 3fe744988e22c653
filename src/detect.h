/*
 * detect.h: input formats: what a format is, the table of them (formats.c)
 * and detection of an input's format by its content.
 *
 * A format is a probe and a parser. The parser reads lines from a reader and
 * pushes every stack into a sink; it never exits, and reports problems
 * through a struct diag. Adding a format is one new fmt-NAME.c file and one
 * line in the table in formats.c.
 */
#ifndef DETECT_H
#define DETECT_H

#include <stddef.h>

#include "read.h"
#include "sink.h"
#include "util.h"

/* Options that change how stacks are read. */
struct parse_opts {
	int pid;		/* perf: root stacks at comm-PID */
	int tid;		/* perf: root stacks at comm-PID/TID */
	int kernel;		/* perf: mark kernel frames _[k] */
	int jit;		/* perf: mark JIT frames _[j] */
	int addrs;		/* perf: keep addresses of unknown frames */
	const char *event;	/* perf: the event to keep, NULL for the first */
	int include_offset;	/* dtrace: keep +0x offsets */
	const char *thread_state; /* jstack: "all", a state, or NULL: RUNNABLE */
	const char *sample_type; /* pprof, chrome-trace: values to show */
	int no_perf;		/* perf-data: never run perf script */
	int differential;	/* folded: the first stack has two counts, so
				   every stack has a BEFORE count */
};

struct format {
	const char *name;	/* for --format and messages */
	const char *desc;	/* one line for --help */
	/*
	 * How sure is it that buf (the first bytes of the input) is this
	 * format: 0 for not at all, up to 100.
	 */
	int (*probe)(const char *buf, size_t len);
	/*
	 * Read the whole input into the sink. Returns 0, or -1 with a message
	 * in err when the input cannot be read at all (err left empty when
	 * reading failed: the caller shows the reader's errmsg). Bad lines are
	 * counted in diag instead.
	 */
	int (*parse)(struct reader *, const struct parse_opts *, struct sink *,
	    struct diag *, char *err, size_t errlen);
	const char *producer;	/* the command that writes it, for --list-formats */
};

extern const struct format *const formats[];

/* The format called name, or NULL. */
const struct format *format_find(const char *name);
/* The most likely format of buf, or NULL when none matches. */
const struct format *format_detect(const char *buf, size_t len);
/* "folded, perf, ..." for messages. */
const char *format_names(void);

/*
 * For probes: set *line to the line at *p in [*p, end), without its "\n" or
 * "\r\n", and move *p past it. Returns 0 when *p == end.
 */
int detect_line(const char **p, const char *end, struct strv *line);

#endif
