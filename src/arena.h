/*
 * arena.h: bytes allocated in blocks that never move, all freed at once.
 * The profile keeps its names and stacks in arenas, the parallel reader
 * its workers' copies.
 */
#ifndef ARENA_H
#define ARENA_H

#include <stddef.h>

struct arena {
	char **blocks;
	size_t n, used, cap;	/* blocks, bytes used and size of the last */
	size_t total;		/* bytes in every block */
	size_t block;		/* the size of a new block, 0 for 1 MiB */
};

/*
 * Room for len bytes at a multiple of align (a power of two, at most 16)
 * from the start of its block; a larger len gets a block of its own.
 */
void *arena_alloc(struct arena *, size_t len, size_t align);
/* A copy of s[0..len), NUL-terminated. */
const char *arena_copy(struct arena *, const char *s, size_t len);
/* Free every block, leaving an empty arena of the same block size. */
void arena_free(struct arena *);

#endif
