/*
 * transform.h: views of a profile that are other profiles: reversed
 * (merged from the leaf), focused on a function, with frames or stacks
 * hidden, small blocks pruned, recursion collapsed.
 *
 * A transform replays every distinct stack of a profile, changed, into a
 * new profile, so the TUI, --fold and --svg all see the same result and the
 * drawing code needs no special cases. Regular expressions are matched once
 * per distinct name, not once per node.
 */
#ifndef TRANSFORM_H
#define TRANSFORM_H

#include <regex.h>
#include <stddef.h>

#include "profile.h"

struct transform {
	int reverse;		/* merge stacks from the leaf */
	const regex_t *focus;	/* keep stacks through a match, re-rooted at
				   its outermost match; NULL for none */
	const regex_t *ignore;	/* drop stacks with a matching frame */
	const regex_t *hide;	/* drop matching frames from every stack */
	double prune;		/* fold blocks under this % of the total
				   into their parent; 0 for none */
	int collapse_recursion;	/* merge a frame that repeats its caller */
	int callers;		/* with focus: keep each stack from its root
				   down to the outermost match, not from the
				   match down (its callers, not its callees) */
};

/* Does t change anything? */
int transform_active(const struct transform *t);

/*
 * Build out (initialised by the caller with profile_init) from in through
 * t. Counts keep in's units. out borrows in's name table (see
 * profile_borrow_names()): in must outlive out, or out must take the table
 * over with profile_take_names() before in is freed.
 */
void transform_apply(const struct profile *in, const struct transform *t,
    struct profile *out);

/*
 * A regex text matching exactly the name s (len bytes): "^s$" with every
 * character special to an ERE escaped. The caller frees it.
 */
char *transform_exact(const char *s, size_t len);

#endif
