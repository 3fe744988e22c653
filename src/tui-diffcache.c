/*
 * tui-diffcache.c: what the graph and the table work out once for a
 * differential profile: each subtree's change, the largest change of
 * share (for the colours), and the stacks the widths leave out. The last
 * two profiles' are kept: the callers' and the callees' panes.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "tui-screen.h"
#include "util.h"

struct tui_diffs {
	struct diffcache slot[2];
	int last;		/* the one used last */
};

/* Free what a slot holds. */
static void
diffcache_clear(struct diffcache *dc)
{
	free(dc->inc);
	free(dc->hidstacks);
	free(dc->hidcount);
	memset(dc, 0, sizeof *dc);
}

void
diffcache_forget(struct tui *t)
{
	if (t->diffs != NULL)
		t->diffs->slot[0].of = t->diffs->slot[1].of = NULL;
}

void
diffcache_free(struct tui *t)
{
	if (t->diffs == NULL)
		return;
	diffcache_clear(&t->diffs->slot[0]);
	diffcache_clear(&t->diffs->slot[1]);
	free(t->diffs);
	t->diffs = NULL;
}

/* Work out the slot dc for p. */
static void
diffcache_fill(struct diffcache *dc, const struct profile *p)
{
	uint32_t i;

	diffcache_clear(dc);
	dc->inc = xcalloc(p->nnodes, sizeof *dc->inc);
	dc->hidstacks = xcalloc(p->nnodes, sizeof *dc->hidstacks);
	dc->hidcount = xcalloc(p->nnodes, sizeof *dc->hidcount);
	dc->of = p;
	dc->nnodes = p->nnodes;
	diff_inclusive(p, dc->inc);
	for (i = 0; i < p->nnodes; i++)
		if (diff_hidden(p, i)) {
			dc->hidstacks[i] = 1;
			dc->hidcount[i] = diff_other(p, i);
		}
	/* Children come after their parents: sum from the end. */
	for (i = p->nnodes; i-- > 1;) {
		dc->hidstacks[p->nodes[i].parent] += dc->hidstacks[i];
		dc->hidcount[p->nodes[i].parent] += dc->hidcount[i];
	}
	dc->maxshare = diff_max_share(p, dc->inc);
}

const struct diffcache *
diffcache_get(struct tui *t, const struct profile *p)
{
	struct tui_diffs *d;
	int k;

	if (p->delta == NULL)
		return NULL;
	if (t->diffs == NULL)
		t->diffs = xcalloc(1, sizeof *t->diffs);
	d = t->diffs;
	for (k = 0; k < 2; k++)
		if (d->slot[k].of == p && d->slot[k].nnodes == p->nnodes) {
			d->last = k;
			return &d->slot[k];
		}
	d->last = !d->last;	/* the one not used last */
	diffcache_fill(&d->slot[d->last], p);
	return &d->slot[d->last];
}
