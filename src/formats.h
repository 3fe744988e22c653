/*
 * formats.h: input formats: what a format is, the table of them (formats.c)
 * and detection of an input's format by its content.
 *
 * A format is a probe and a parser. The parser reads lines from a reader and
 * pushes every stack into a sink; it never exits, and reports problems
 * through a struct diag. Adding a format is one new fmt-NAME.c file that
 * defines its `const struct format fmt_NAME` with designated initialisers,
 * one extern line below and one line in the table in formats.c.
 *
 * Nothing outside a format's own file knows what it is: load.c and the
 * parallel reader (chunk.c) ask only through the hooks of its struct
 * format, and never compare its name.
 */
#ifndef FORMATS_H
#define FORMATS_H

#include <stddef.h>

#include "diag.h"
#include "read.h"
#include "sink.h"
#include "util.h"

/*
 * The level a frame is named at (--frames): its function (what every
 * format gives), its library or executable, both, its function and offset,
 * or its source line.
 */
enum frames_level {
	FRAMES_FUNCTION,	/* "main" */
	FRAMES_DSO,		/* "libc.so.6", "[kernel.kallsyms]" */
	FRAMES_FUNCDSO,		/* "main (prog)" */
	FRAMES_ADDRESS,		/* "main+0x1c" */
	FRAMES_LINE,		/* "prog.c:123" */
	FRAMES_COUNT
};
#define FRAMES_BIT(level) (1u << (level))
#define FRAMES_ALL (FRAMES_BIT(FRAMES_COUNT) - 1)

/* Options that change how stacks are read. */
struct parse_opts {
	int pid;		/* perf: root stacks at comm-PID */
	int tid;		/* perf: root stacks at comm-PID/TID */
	int kernel;		/* perf: mark kernel frames _[k] */
	int jit;		/* perf: mark JIT frames _[j] */
	int addrs;		/* perf: keep addresses of unknown frames */
	enum frames_level frames; /* the level frames are named at */
	const char *event;	/* perf: the event to keep, NULL for the first */
	int include_offset;	/* dtrace: keep +0x offsets */
	const char *thread_state; /* jstack: "all", a state, or NULL: RUNNABLE */
	const char *sample_type; /* pprof, chrome-trace: values to show */
	int no_perf;		/* perf-data: never run perf script */
	int differential;	/* folded: the first stack has two counts, so
				   every stack has a BEFORE count */
	int cpi;		/* perf: keep cycles and instructions, the
				   cycles as BEFORE counts (--cpi) */
};

/*
 * An input format. name, desc, probe and parse are required; the rest are
 * optional (NULL).
 *
 * Parallel reading (chunk.c). A format with a cut hook may have a large
 * input read in blocks, each parsed on its own thread, the stacks of every
 * block added to the profile in the input's order. The result must be what
 * parse() gives for the whole input: the same stacks, warnings and notes.
 * The hooks are called in this order, for one input:
 *
 *   prepare	(load.c, before anything is parsed) may set fields of o,
 *		this input's copy of the options, from buf, the first bytes
 *		of the input; returns 1 when the input must be read in one
 *		piece by parse().
 *   begin	makes the input's private state, or NULL for none.
 *   block	(the reading thread, on each block in order, before it is
 *		parsed) may learn from it what every block needs, in the
 *		state; returns -1 when this block and all after it must be
 *		read in one piece (by part() after the other blocks).
 *   cut	(the reading thread) the length of the longest prefix of buf
 *		after which parsing may start afresh, 0 when there is none.
 *		It must be stateless: a block is cut before block() sees it.
 *   part	(a worker thread, several at once) parses one block as
 *		parse() would, reading but never writing the input's state,
 *		and leaves in *part what is to be summed for the whole input
 *		(NULL for nothing). Without it, parse() reads each block, and
 *		a format with counts to sum over the input needs part.
 *   merge	(one thread, each block's *part in the input's order) adds a
 *		block's part to the input's state, and frees the part.
 *   finish	(once, last) says to d what is to be said once for the whole
 *		input, and the unit to sink (which takes no stacks), then
 *		frees the state; d is NULL when no block was parsed by
 *		part() (the input went through parse() whole, which told
 *		its own notes): then it only frees.
 */
struct format {
	const char *name;	/* for --format and messages */
	const char *desc;	/* one line for --help */
	const char *producer;	/* the command that writes it, for
				   --list-formats */
	/*
	 * How sure is it that buf (the first bytes of the input) is this
	 * format: 0 for not at all, up to 100.
	 */
	int (*probe)(const char *buf, size_t len);
	/*
	 * Optional: the frame levels (FRAMES_BIT()s) the input whose first
	 * bytes are buf can give. Without it, only FRAMES_FUNCTION.
	 */
	unsigned (*levels)(const char *buf, size_t len);
	/*
	 * Read the whole input into the sink. Returns 0, or -1 with a message
	 * in err when the input cannot be read at all (err left empty when
	 * reading failed: the caller shows the reader's errmsg). Bad lines are
	 * counted in diag instead.
	 */
	int (*parse)(struct reader *, const struct parse_opts *, struct sink *,
	    struct diag *, char *err, size_t errlen);

	/* Parallel reading, as above. */
	int (*prepare)(const char *buf, size_t len, struct parse_opts *o);
	size_t (*cut)(const char *buf, size_t len);
	void *(*begin)(const struct parse_opts *o);
	int (*block)(void *input, const char *buf, size_t len);
	int (*part)(const void *input, void **part, struct reader *,
	    const struct parse_opts *, struct sink *, struct diag *,
	    char *err, size_t errlen);
	void (*merge)(void *input, void *part);
	void (*finish)(void *input, struct sink *sink, struct diag *d);
};

/* The formats, each defined in its fmt-*.c. */
extern const struct format fmt_folded, fmt_perf, fmt_perf_data;
extern const struct format fmt_dtrace, fmt_stap, fmt_pmc, fmt_bpftrace;
extern const struct format fmt_pprof, fmt_gdb, fmt_eustack, fmt_jstack;
extern const struct format fmt_sample, fmt_vtune, fmt_perf_sched;
extern const struct format fmt_cpuprofile, fmt_chrome_trace;

/* The table of them, in the order detection prefers, ending in NULL. */
extern const struct format *const formats[];

/* The format called name, or NULL. */
const struct format *format_find(const char *name);
/* The most likely format of buf, or NULL when none matches. */
const struct format *format_detect(const char *buf, size_t len);
/* "folded, perf, ..." for messages. */
const char *format_names(void);
/* The name of a frame level, "function+dso" say. */
const char *frames_name(enum frames_level);
/* The level called name; -1 when none is. */
int frames_find(const char *name);
/* "dso, address" for the levels in mask, into buf. */
const char *frames_names(unsigned mask, char *buf, size_t size);

#endif
