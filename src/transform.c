/*
 * transform.c: rebuild a profile through reverse, focus, hide, ignore,
 * prune and collapse-recursion.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "transform.h"
#include "util.h"

/* What a regex says of each name id: bit 0 focus, 1 ignore, 2 hide. */
#define M_FOCUS		1u
#define M_IGNORE	2u
#define M_HIDE		4u

/* The state of one transform_apply() run. */
struct apply {
	const struct profile *in;
	const struct transform *t;
	struct profile *out;
	unsigned char *match;	/* M_* bits per name id of in */
	uint32_t *ids;		/* the stack being rebuilt, name ids */
	uint32_t *outids;	/* the same stack as it is added to out */
	uint32_t *previds;	/* the stack added before, and its nodes */
	uint32_t *path;
	size_t nprev, capprev, cappath;
	size_t capids, capout;
	uint64_t nsamp;		/* the samples of the stack being added */
};

int
transform_active(const struct transform *t)
{
	return t->reverse || t->focus != NULL || t->ignore != NULL ||
	    t->hide != NULL || t->prune > 0 || t->collapse_recursion;
}

/* Match each regex of t once against every name of p. */
static unsigned char *
transform_match(const struct profile *p, const struct transform *t)
{
	unsigned char *m = xcalloc(p->nnames, 1);
	uint32_t i;

	if (t->focus == NULL && t->ignore == NULL && t->hide == NULL)
		return m;
	for (i = 0; i < p->nnames; i++) {
		const char *s = p->names[i].s;

		if (t->focus != NULL && regexec(t->focus, s, 0, NULL, 0) == 0)
			m[i] |= M_FOCUS;
		if (t->ignore != NULL && regexec(t->ignore, s, 0, NULL, 0) == 0)
			m[i] |= M_IGNORE;
		if (t->hide != NULL && regexec(t->hide, s, 0, NULL, 0) == 0)
			m[i] |= M_HIDE;
	}
	return m;
}

/* Add a stack's AFTER - BEFORE to its last node, saturating. */
static void
transform_delta(struct profile *out, uint32_t leaf, int64_t d)
{
	int64_t *x;

	if (out->delta == NULL) {
		out->delta = xcalloc(out->capnodes, sizeof *out->delta);
		out->maxdelta = 1;
	}
	x = &out->delta[leaf];
	if (d > 0 && *x > INT64_MAX - d)
		*x = INT64_MAX;
	else if (d < 0 && *x < -INT64_MAX - d)
		*x = -INT64_MAX;
	else
		*x += d;
}

/*
 * List each node's children together, in one pass over the nodes: those
 * of n are kids[first[n] .. first[n + 1]). Walking the tree through these
 * rather than the sibling links reads the nodes without waiting on each
 * sibling for the next one's index, which costs a cache miss a node.
 */
static void
transform_kids(const struct profile *in, uint32_t **firstp, uint32_t **kidsp)
{
	uint32_t n = in->nnodes, i, *first, *kids;

	first = xcalloc((size_t)n + 2, sizeof *first);
	kids = xmalloc(((size_t)n + 1) * sizeof *kids);
	for (i = 1; i < n; i++)
		first[in->nodes[i].parent + 2]++;
	for (i = 2; i < n + 2; i++)
		first[i] += first[i - 1];
	for (i = 1; i < n; i++)
		kids[first[in->nodes[i].parent + 1]++] = i;
	*firstp = first;
	*kidsp = kids;
}

/*
 * Rebuild one stack of ids (root first) through the transform and add it,
 * with delta its AFTER - BEFORE when the profile is differential.
 */
static void
transform_stack(struct apply *a, size_t n, uint64_t count, int64_t delta)
{
	const struct transform *t = a->t;
	uint32_t *ids = a->ids;
	size_t i, k, first = 0;

	if (t->ignore != NULL)
		for (i = 0; i < n; i++)
			if (a->match[ids[i]] & M_IGNORE)
				return;
	if (t->focus != NULL) {
		for (first = 0; first < n; first++)
			if (a->match[ids[first]] & M_FOCUS)
				break;
		if (first == n)
			return;
		if (t->callers) {
			n = first + 1;
			first = 0;
		}
	}
	for (i = first, k = 0; i < n; i++) {
		if (a->match[ids[i]] & M_HIDE)
			continue;
		/* As stackcollapse-recursive.pl, the frame before the first
		 * counts as the empty name. */
		if (t->collapse_recursion && (k > 0 ? ids[i] == ids[k - 1] :
		    a->in->names[ids[i]].len == 0))
			continue;
		ids[k++] = ids[i];
	}
	n = k;
	a->outids = xgrow(a->outids, &a->capout, n + 1, sizeof *a->outids);
	for (i = 0; i < n; i++)
		a->outids[i] = ids[t->reverse ? n - 1 - i : i];
	/* Stacks come in depth-first order: reuse the shared prefix. */
	for (k = 0; k < n && k < a->nprev; k++)
		if (a->previds[k] != a->outids[k])
			break;
	a->path = xgrow(a->path, &a->cappath, n + 1, sizeof *a->path);
	profile_add_ids(a->out, a->outids, n, a->path, k, count, a->in->frac);
	if (a->in->delta != NULL)
		transform_delta(a->out, n > 0 ? a->path[n - 1] : PROFILE_ROOT,
		    delta);
	if (a->in->altself != NULL)
		profile_add_samples(a->out, n > 0 ? a->path[n - 1] :
		    PROFILE_ROOT, a->nsamp);
	a->previds = xgrow(a->previds, &a->capprev, n + 1, sizeof *a->previds);
	memcpy(a->previds + k, a->outids + k, (n - k) * sizeof *a->previds);
	a->nprev = n;
}

/* The largest change of a stack of a differential profile, at least 1. */
static void
transform_maxdelta(struct profile *out)
{
	uint64_t m;
	uint32_t i;

	out->maxdelta = 1;
	for (i = 0; i < out->nnodes; i++) {
		m = out->delta[i] < 0 ? (uint64_t)-out->delta[i] :
		    (uint64_t)out->delta[i];
		if (m > out->maxdelta)
			out->maxdelta = m;
	}
}

void
transform_apply(const struct profile *in, const struct transform *t,
    struct profile *out)
{
	const struct node *nodes = in->nodes;
	struct apply a = { .in = in, .t = t, .out = out };
	double min_total = 0;
	uint64_t self;
	int64_t *inc = NULL, d = 0;
	uint32_t *todo, *first, *kids, *path, n, c, k, depth;
	size_t ntodo = 0, cappath = 0;

	a.match = transform_match(in, t);
	profile_borrow_names(out, in);
	profile_copy_unit(out, in);
	if (t->prune > 0)
		min_total = (double)nodes[PROFILE_ROOT].total * t->prune / 100;
	/* A differential profile keeps its changes: pruned, a subtree's. */
	if (in->delta != NULL) {
		inc = xcalloc(in->nnodes, sizeof *inc);
		diff_inclusive(in, inc);
		out->diff_before = in->diff_before;
		out->cpi = in->cpi;
	}
	/*
	 * Depth first, so that each stack shares most of its frames with the
	 * one before; path[] holds the names from the root to the node.
	 * Pruning visits few nodes: along the sibling links, the children's
	 * totals being needed anyway.
	 */
	first = kids = NULL;
	if (min_total <= 0)
		transform_kids(in, &first, &kids);
	todo = xmalloc((size_t)in->nnodes * sizeof *todo);
	path = NULL;
	todo[ntodo++] = PROFILE_ROOT;
	while (ntodo > 0) {
		n = todo[--ntodo];
		self = nodes[n].self;
		a.nsamp = in->altself != NULL ? in->altself[n] : 0;
		d = inc != NULL ? in->delta[n] : 0;
		depth = nodes[n].depth;
		path = xgrow(path, &cappath, (size_t)depth + 1, sizeof *path);
		if (n != PROFILE_ROOT)
			path[depth - 1] = nodes[n].name;
		if (kids != NULL)
			for (k = first[n]; k < first[n + 1]; k++)
				todo[ntodo++] = kids[k];
		for (c = kids == NULL ? nodes[n].child : NODE_NONE;
		    c != NODE_NONE; c = nodes[c].next) {
			if ((double)nodes[c].total < min_total) {
				self += nodes[c].total;
				a.nsamp += in->altself != NULL ?
				    in->alttotal[c] : 0;
				d += inc != NULL ? inc[c] : 0;
				continue;
			}
			todo[ntodo++] = c;
		}
		if (self == 0 && d == 0 && a.nsamp == 0)
			continue;
		a.ids = xgrow(a.ids, &a.capids, (size_t)depth + 1,
		    sizeof *a.ids);
		memcpy(a.ids, path, depth * sizeof *path);
		transform_stack(&a, depth, self, d);
	}
	if (out->delta != NULL)
		transform_maxdelta(out);
	out->saturated |= in->saturated;
	profile_finish(out);
	free(todo);
	free(first);
	free(kids);
	free(path);
	free(inc);
	free(a.match);
	free(a.ids);
	free(a.outids);
	free(a.previds);
	free(a.path);
}

char *
transform_exact(const char *s, size_t len)
{
	char *re = xmalloc(2 * len + 3), *o = re;
	size_t i;

	*o++ = '^';
	for (i = 0; i < len; i++) {
		if (strchr(".[]()*+?{}|^$\\", s[i]) != NULL && s[i] != '\0')
			*o++ = '\\';
		*o++ = s[i];
	}
	*o++ = '$';
	*o = '\0';
	return re;
}
