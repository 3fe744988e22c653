/*
 * arena.c: bytes allocated in blocks that never move (arena.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "arena.h"
#include "util.h"

#define ARENA_BLOCK (1u << 20)	/* a new block's size by default */

void *
arena_alloc(struct arena *a, size_t len, size_t align)
{
	size_t at = (a->used + align - 1) & ~(align - 1);
	size_t block = a->block > 0 ? a->block : ARENA_BLOCK;

	if (a->n == 0 || at + len > a->cap) {
		a->cap = len > block ? len : block;
		a->blocks = xrealloc(a->blocks, (a->n + 1) * sizeof *a->blocks);
		a->blocks[a->n++] = xmalloc(a->cap);
		a->total += a->cap;
		at = 0;
	}
	a->used = at + len;
	return a->blocks[a->n - 1] + at;
}

const char *
arena_copy(struct arena *a, const char *s, size_t len)
{
	char *dst = arena_alloc(a, len + 1, 1);

	memcpy(dst, s, len);
	dst[len] = '\0';
	return dst;
}

void
arena_free(struct arena *a)
{
	size_t i, block = a->block;

	for (i = 0; i < a->n; i++)
		free(a->blocks[i]);
	free(a->blocks);
	memset(a, 0, sizeof *a);
	a->block = block;
}
