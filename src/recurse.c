/*
 * recurse.c: the sink behind --collapse-recursion.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "recurse.h"
#include "util.h"

/*
 * Pass the sample on without frames equal to their predecessor. As in
 * stackcollapse-recursive.pl the frame before the first is taken to be the
 * empty name, so empty frames at the root go too.
 */
static void
recurse_stack(void *ctx, const struct sample *s)
{
	struct recurse *r = ctx;
	struct sample out = *s;
	const struct strv *f;
	const char *prev = "";
	size_t i, n = 0, prevlen = 0;

	r->frames = xgrow(r->frames, &r->cap, s->nframes + 1, sizeof *r->frames);
	for (i = 0; i < s->nframes; i++) {
		f = &s->frames[i];
		if (f->len == prevlen && memcmp(f->s, prev, prevlen) == 0)
			continue;
		r->frames[n++] = *f;
		prev = f->s;
		prevlen = f->len;
	}
	out.frames = r->frames;
	out.nframes = n;
	r->next.stack(r->next.ctx, &out);
}

struct sink
recurse_sink(struct recurse *r, struct sink next)
{
	memset(r, 0, sizeof *r);
	r->next = next;
	return (struct sink){ recurse_stack, r };
}

void
recurse_free(struct recurse *r)
{
	free(r->frames);
	r->frames = NULL;
	r->cap = 0;
}
