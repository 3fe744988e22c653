/*
 * recurse.h: --collapse-recursion, a sink that sits between any parser and
 * the next sink and merges direct recursion, as stackcollapse-recursive.pl
 * does: a frame equal to the one before it is dropped, so
 * "main;f;f;f;g" becomes "main;f;g". Being a sink, it applies to every
 * input format alike.
 */
#ifndef RECURSE_H
#define RECURSE_H

#include <stddef.h>

#include "sink.h"

struct recurse {
	struct sink next;	/* where the merged stacks go */
	struct strv *frames;	/* the kept frames of the current stack */
	size_t cap;
};

/* Make r a sink that merges recursion and passes stacks on to next. */
struct sink recurse_sink(struct recurse *r, struct sink next);
void recurse_free(struct recurse *);

#endif
