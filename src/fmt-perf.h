/*
 * fmt-perf.h: the `perf script` parser as a line-at-a-time state machine.
 *
 * All state lives in one struct perf_parse, so that a caller can run several
 * of them at once, one per chunk of a large input, each with its own sink and
 * diag (a chunk must start at a sample's event line). fmt_perf, the entry in
 * the format table (fmt-perf-blocks.c), feeds one of them every line of a
 * reader, or one a block of the input.
 */
#ifndef FMT_PERF_H
#define FMT_PERF_H

#include <stddef.h>
#include <stdint.h>

#include "diag.h"
#include "formats.h"
#include "sink.h"
#include "util.h"

#define PERF_CYCLES 1		/* --cpi: a sample of cycles */
#define PERF_INSTRUCTIONS 2	/* --cpi: a sample of instructions */

/* A frame of the sample being read: bytes in perf_parse.text. */
struct perf_frame {
	size_t off;		/* offset in text */
	size_t len;
};

/* An event name and how many samples of it were seen. */
struct perf_event {
	char *name;
	uint64_t samples;
};

struct perf_parse {
	const struct parse_opts *opts;
	struct sink *sink;		/* where finished samples go */
	struct diag *diag;		/* bad lines are counted here */

	/* The sample being read. */
	int active;		/* an event line was kept: frames follow */
	char *text;		/* the root name, then every frame */
	size_t textlen, textcap;
	size_t rootlen;		/* text[0..rootlen): comm[-PID[/TID]] */
	int java;		/* comm starts with "java": tidy L names */
	struct perf_frame *frames; /* leaf first, as perf prints them */
	size_t nframes, capframes;
	struct strv *out;	/* root first, handed to the sink */
	size_t capout;
	uint64_t period;	/* the sample's weight */
	int64_t time_ns;	/* its timestamp, -1 when none */
	size_t srcat;		/* --frames=line: 1 + the index in frames of
				   the frame the next source line names, or
				   0 for none */
	size_t inl;		/* 1 + the index of the frame of an inlined
				   function that the next frame line, at the
				   same address, replaces; or 0 */
	char inlpc[32];		/* its address */

	/* Events. */
	char *event;		/* the event kept, NULL until known */
	size_t eventlen;
	int defaulted;		/* event is the first seen, not asked */
	uint64_t kept;		/* samples of the kept event */
	int periods;		/* one of them weighed more than 1 */
	uint64_t nochain;	/* of them, left out for having no frames */
	uint64_t leafonly;	/* of them, only a frame on the event line */
	struct perf_event *skipped; /* other events, as they appeared */
	size_t nskipped, capskipped;
	/* --cpi: the sample's side and the samples of each side kept. */
	int side;		/* PERF_CYCLES or PERF_INSTRUCTIONS */
	uint64_t ncpi[2];	/* cycles', instructions' */
};

/* The format's probe: how sure it is that buf is perf script output. */
int fmt_perf_probe(const char *buf, size_t len);
/*
 * The frame levels perf script output whose first bytes are buf gives:
 * dso always, address when its symbols have +0x offsets, line when it has
 * source lines (-F +srcline).
 */
unsigned fmt_perf_levels(const char *buf, size_t len);
/* Start a parse that sends samples to sink and bad lines to d. */
void fmt_perf_begin(struct perf_parse *, const struct parse_opts *,
    struct sink *, struct diag *);
/* Take one line (without its newline); lineno is for messages. */
void fmt_perf_line(struct perf_parse *, const char *s, size_t len,
    uint64_t lineno);
/*
 * Add a frame, already as fmt_perf_line() makes it, to the sample being
 * read (the innermost first): for a caller that keeps the frames it made.
 */
void fmt_perf_push_frame(struct perf_parse *, const char *s, size_t len);
/*
 * End the sample being read, if any, as the end of the input does: sent
 * when it has frames, else counted in nochain.
 */
void fmt_perf_end_sample(struct perf_parse *);
/*
 * Finish: send the last sample even without a blank line after it, add a
 * note to the diag about skipped events, tell the sink the unit (the
 * event's name, when samples are weighed by their period), and free
 * everything.
 */
void fmt_perf_end(struct perf_parse *);

#endif
