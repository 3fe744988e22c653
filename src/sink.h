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
	struct strv joined;		/* for sink->joined: the frames joined
					   by ';', none holding a ';' */
	/*
	 * Differential input (folded "stack BEFORE AFTER"): count is AFTER
	 * and before is BEFORE, in the same units.
	 */
	int has_before;
	uint64_t before;
	/*
	 * A hint, 0 when unknown: frames[0..same) are the first frames of the
	 * sample this sink was given last, so a sink may skip them. A sink
	 * that passes samples on must say 0 after one it did not pass on.
	 */
	size_t same;
};

struct sink {
	/* Take one sample. The frames are only valid during the call. */
	void (*stack)(void *ctx, const struct sample *);
	void *ctx;
	/*
	 * Optional (NULL when the sink has none). A parser that has a stack
	 * as one string, its frames joined by ';' with no frame holding a
	 * ';', may offer it here first, in sample.joined with frames NULL.
	 * Returns 1 when the sink took the sample, 0 when the parser must
	 * still call stack() with the frames. It lets the tree take a stack
	 * it has seen before without the parser splitting it into frames.
	 */
	int (*joined)(void *ctx, const struct sample *);
	/*
	 * Optional. A parser whose counts are not samples says what they are
	 * ("nanoseconds", "microseconds"), once, before or after its stacks.
	 */
	void (*unit)(void *ctx, const char *unit);
	/*
	 * Optional. A parser whose counts weigh each sample by its period
	 * names the event, once: each stack it gave was one sample.
	 */
	void (*event)(void *ctx, const char *event);
};

/* Tell the sink what the counts are, if it cares. */
static inline void
sink_unit(struct sink *s, const char *unit)
{
	if (s->unit != NULL)
		s->unit(s->ctx, unit);
}

/* Tell the sink which event's periods weigh the counts, if it cares. */
static inline void
sink_event(struct sink *s, const char *event)
{
	if (s->event != NULL)
		s->event(s->ctx, event);
}

#endif
