/*
 * profile-sort.c: the call tree's children in the order of their names'
 * bytes, as the folded output and the SVG list them (profile.h).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "util.h"

/* The profile qsort compares names in; qsort has no context argument. */
static const struct profile *sort_profile;

/* Order two nodes by name bytes. */
static int
sort_cmp(const void *a, const void *b)
{
	const struct name *x = profile_name(sort_profile, *(const uint32_t *)a);
	const struct name *y = profile_name(sort_profile, *(const uint32_t *)b);
	uint32_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);

	if (c != 0)
		return c;
	return (x->len > y->len) - (x->len < y->len);
}

void
profile_sort_ids(const struct profile *p, uint32_t *ids, size_t n)
{
	sort_profile = p;
	qsort(ids, n, sizeof *ids, sort_cmp);
}

void
profile_sort_children(struct profile *p, uint32_t node, uint32_t **kids,
    size_t *cap)
{
	uint32_t k = 0, c;

	if (p->nodes[node].nchild < 2)
		return;
	*kids = xgrow(*kids, cap, p->nodes[node].nchild, sizeof **kids);
	for (c = p->nodes[node].child; c != NODE_NONE; c = p->nodes[c].next)
		(*kids)[k++] = c;
	profile_sort_ids(p, *kids, k);
	p->nodes[node].child = (*kids)[0];
	for (c = 0; c + 1 < k; c++)
		p->nodes[(*kids)[c]].next = (*kids)[c + 1];
	p->nodes[(*kids)[k - 1]].next = NODE_NONE;
}

void
profile_sort(struct profile *p)
{
	uint32_t *kids = NULL, i;
	size_t cap = 0;

	profile_finish(p);
	for (i = 0; i < p->nnodes; i++)
		profile_sort_children(p, i, &kids, &cap);
	free(kids);
}
