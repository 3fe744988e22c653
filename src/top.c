/*
 * top.c: self and total samples of every function, in one pass over the
 * call tree.
 *
 * The tree is walked depth first through its links, keeping for each name
 * how many times it is on the path from the root: a node adds its total to
 * its name only when the name is not already on the path, so recursion
 * counts each stack once, without walking up from every node.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diff.h"
#include "text.h"
#include "top.h"
#include "util.h"

static const struct profile *top_p;	/* for the qsort comparisons */

/* Largest first by total, then self, then name. */
static int
top_cmp_total(const void *a, const void *b)
{
	const struct top_row *x = a, *y = b;

	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	return strcmp(top_p->names[x->name].s, top_p->names[y->name].s);
}

/* The largest growth first, then total, then name. */
static int
top_cmp_delta(const void *a, const void *b)
{
	const struct top_row *x = a, *y = b;

	if (x->delta != y->delta)
		return x->delta > y->delta ? -1 : 1;
	return top_cmp_total(a, b);
}

/* Largest first by self, then total, then name. */
static int
top_cmp_self(const void *a, const void *b)
{
	const struct top_row *x = a, *y = b;

	if (x->self != y->self)
		return x->self > y->self ? -1 : 1;
	if (x->total != y->total)
		return x->total > y->total ? -1 : 1;
	return strcmp(top_p->names[x->name].s, top_p->names[y->name].s);
}

void
top_sort(const struct profile *p, struct top_row *rows, size_t n,
    enum top_sort key)
{
	top_p = p;
	qsort(rows, n, sizeof *rows, key == TOP_BY_SELF ? top_cmp_self :
	    key == TOP_BY_DELTA ? top_cmp_delta : top_cmp_total);
}

size_t
top_compute(const struct profile *p, int reversed, enum top_sort key,
    struct top_row **out)
{
	const struct node *nodes = p->nodes;
	uint32_t *onpath = xcalloc(p->nnames, sizeof *onpath);
	uint64_t *self = xcalloc(p->nnames, sizeof *self);
	uint64_t *total = xcalloc(p->nnames, sizeof *total);
	int64_t *inc = NULL, *delta = xcalloc(p->nnames, sizeof *delta);
	struct top_row *rows;
	uint32_t n, i;
	size_t k = 0;

	if (p->delta != NULL) {
		inc = xcalloc(p->nnodes, sizeof *inc);
		diff_inclusive(p, inc);
	}
	/* Preorder through the links; leaving a node takes it off the path. */
	n = nodes[PROFILE_ROOT].child;
	while (n != NODE_NONE) {
		if (!reversed)
			self[nodes[n].name] += nodes[n].self;
		else if (nodes[n].parent == PROFILE_ROOT)
			self[nodes[n].name] += nodes[n].total;
		if (onpath[nodes[n].name]++ == 0) {
			total[nodes[n].name] += nodes[n].total;
			delta[nodes[n].name] += inc != NULL ? inc[n] : 0;
		}
		if (nodes[n].child != NODE_NONE) {
			n = nodes[n].child;
			continue;
		}
		for (;;) {
			onpath[nodes[n].name]--;
			if (nodes[n].next != NODE_NONE) {
				n = nodes[n].next;
				break;
			}
			n = nodes[n].parent;
			if (n == PROFILE_ROOT) {
				n = NODE_NONE;
				break;
			}
		}
	}
	for (i = 0; i < p->nnames; i++)
		if (total[i] != 0 || self[i] != 0 || delta[i] != 0)
			k++;
	rows = xcalloc(k > 0 ? k : 1, sizeof *rows);
	k = 0;
	for (i = 0; i < p->nnames; i++)
		if (total[i] != 0 || self[i] != 0 || delta[i] != 0)
			rows[k++] = (struct top_row){ i, self[i], total[i],
			    delta[i] };
	free(onpath);
	free(self);
	free(total);
	free(delta);
	free(inc);
	top_sort(p, rows, k, key);
	*out = rows;
	return k;
}

void
top_sides(const struct profile *p, const struct top_row *r, uint64_t *before,
    uint64_t *after)
{
	uint64_t mag = r->delta < 0 ? 0 - (uint64_t)r->delta :
	    (uint64_t)r->delta;

	if (p->diff_before) {
		*before = r->total;
		*after = r->delta < 0 ? (r->total > mag ? r->total - mag : 0) :
		    r->total + mag;
	} else {
		*after = r->total;
		*before = r->delta > 0 ? (r->total > mag ? r->total - mag : 0) :
		    r->total + mag;
	}
}

void
top_write(const struct profile *p, const struct top_row *rows, size_t n,
    FILE *f)
{
	uint64_t all = p->nodes[PROFILE_ROOT].total;
	char s[64], t[64];
	const struct name *nm;
	size_t i;
	int w, tty = isatty(fileno(f));	/* escape controls for a terminal */

	/* 12 wide, or as wide as the largest count, the root's. */
	w = (int)strlen(profile_fmt(p, all, NUM_LONG, s, sizeof s));
	if (w < 12)
		w = 12;
	fprintf(f, "%*s %7s %*s %7s  %s\n", w, "self", "self%", w, "total",
	    "total%", "function");
	for (i = 0; i < n; i++) {
		nm = &p->names[rows[i].name];
		fprintf(f, "%*s %6.2f%% %*s %6.2f%%  ", w,
		    profile_fmt(p, rows[i].self, NUM_LONG, s, sizeof s),
		    all == 0 ? 0.0 : 100.0 * (double)rows[i].self / (double)all,
		    w, profile_fmt(p, rows[i].total, NUM_LONG, t, sizeof t),
		    all == 0 ? 0.0 : 100.0 * (double)rows[i].total / (double)all);
		if (tty)
			text_write(nm->s, nm->len, f);
		else
			fwrite(nm->s, 1, nm->len, f);
		fputc('\n', f);
	}
}
