/*
 * sink.h: the one interface every parser feeds.
 *
 * A parser calls sink->stack() once per stack it reads. It knows nothing of
 * what is behind the sink: the call tree builder is one implementation, a
 * test recorder or a time-bucketing sink could be others.
 */
#ifndef SINK_H
#define SINK_H

#include <stddef.h>
#include <stdint.h>

#define SAMPLE_MAX_FRAC 6	/* most decimal places in sample.count */

/* Bytes that are not NUL-terminated. */
struct strv {
	const char *s;
	size_t len;
};

#define STRV(lit) ((struct strv){ (lit), sizeof(lit) - 1 })

/* One stack and its weight, as a parser read it. */
struct sample {
	const struct strv *frames;	/* frames[0] is the root (outermost) */
	size_t nframes;			/* may be 0: an empty stack */
	uint64_t count;			/* weight, in units of 10^-frac */
	unsigned frac;			/* decimal places in count, 0..6 */
	int64_t time_ns;		/* timestamp, or -1 when there is none */
};

struct sink {
	/* Take one sample. The frames are only valid during the call. */
	void (*stack)(void *ctx, const struct sample *);
	void *ctx;
};

#endif
