/*
 * stack.h: helpers the line-based parsers share. A stack of frame names
 * copied out of the lines they came from (lines do not outlive the next
 * reader_line() call), frames kept by depth for formats that write a call
 * tree by indentation, and strict decimal counts.
 *
 * Nothing here allocates per line: buffers grow to the largest stack seen
 * and are reused.
 */
#ifndef STACK_H
#define STACK_H

#include <stddef.h>
#include <stdint.h>

#include "sink.h"

/* Frames collected one at a time, in reading order. */
struct stack {
	char *buf;		/* the names' bytes, back to back */
	size_t len, cap;
	size_t *off;		/* frame i: buf[off[i] .. off[i + 1] or len) */
	size_t n, capoff;
	struct strv *v;		/* built for the sink by stack_emit() */
	size_t capv;
};

/* Append a frame. */
void stack_push(struct stack *, const char *s, size_t len);
/* Forget every frame. */
void stack_clear(struct stack *);
/*
 * Hand the frames to the sink as one sample. leaf_first: they were pushed
 * leaf first (as most tools print them), so reverse them. The stack is not
 * cleared.
 */
void stack_emit(struct stack *, struct sink *, int leaf_first,
    uint64_t count, unsigned frac);
void stack_free(struct stack *);

/*
 * Frames by depth, for formats that print a tree by indentation: setting
 * depth d keeps what was at depths < d, including names left over from an
 * earlier branch (as the reference collapsers do); a depth never set is an
 * empty name.
 */
struct levels {
	struct level_name {
		char *s;
		size_t len, cap;
	} *v;
	size_t n, cap;		/* depths in use, allocated */
	struct strv *out;	/* built by levels_emit() */
	size_t capout;
};

/* Set the name at depth d. */
void levels_set(struct levels *, size_t d, const char *s, size_t len);
/* Hand depths 0..d (root first, or leaf first if reverse) to the sink. */
void levels_emit(struct levels *, size_t d, int reverse, struct sink *,
    uint64_t count, unsigned frac);
void levels_free(struct levels *);

/*
 * Parse s[0..len) as a decimal count: digits only. Returns 1, 0 when it is
 * not one, -1 when it does not fit in 64 bits.
 */
int stack_count(const char *s, size_t len, uint64_t *v);

/* Skip leading blanks (space, tab, and the other isspace bytes). */
void stack_ltrim(const char **s, size_t *len);
/* Drop trailing blanks. */
void stack_rtrim(const char *s, size_t *len);
/* Does s[0..len) start with the literal prefix? */
int stack_prefix(const char *s, size_t len, const char *prefix);
/* Is s[0..len) only blanks? */
int stack_blank(const char *s, size_t len);

#endif
