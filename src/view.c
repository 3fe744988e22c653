/*
 * view.c: zoom, selection, search and the layout of the visible rows.
 *
 * The layout is built a row at a time, breadth first: the spans of a row
 * are the children of the previous row's frames, in order, so every row
 * comes out sorted by x. A child narrower than one cell is not walked
 * further; consecutive narrow children become one filler span, so that
 * their parent still reads at its true width. Only the rows on screen are
 * kept; the rows scrolled past are built in two scratch buffers.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "match.h"
#include "util.h"
#include "view.h"

/* Append a span to a growing array. */
static void
span_push(struct span **a, size_t *n, size_t *cap, const struct span *s)
{
	*a = xgrow(*a, cap, *n + 1, sizeof **a);
	(*a)[(*n)++] = *s;
}

/* Cells per sample at the current zoom. */
static double
view_scale(const struct view *v)
{
	uint64_t t = v->p->nodes[view_root(v)].total;

	return t == 0 ? 0.0 : (double)v->width / (double)t;
}

int
view_matches(const struct view *v, uint32_t node)
{
	return v->searching && v->namematch[v->p->nodes[node].name];
}

/*
 * Make an order of the nodes in which every parent comes before its
 * children, when the index order is not one already (it is for trees built
 * by profile_add).
 */
void
view_order(struct view *v)
{
	const struct node *nodes = v->p->nodes;
	uint32_t i, n, k = 0;

	for (i = 1; i < v->p->nnodes; i++)
		if (nodes[i].parent >= i)
			break;
	if (i == v->p->nnodes)
		return;
	v->order = xcalloc(v->p->nnodes, sizeof *v->order);
	/* Preorder without a stack, through the parent links. */
	n = PROFILE_ROOT;
	while (n != NODE_NONE) {
		v->order[k++] = n;
		if (nodes[n].child != NODE_NONE) {
			n = nodes[n].child;
			continue;
		}
		while (n != NODE_NONE && nodes[n].next == NODE_NONE)
			n = nodes[n].parent;
		if (n != NODE_NONE)
			n = nodes[n].next;
	}
}

void
view_init(struct view *v, struct profile *p)
{
	memset(v, 0, sizeof *v);
	v->p = p;
	/*
	 * Children are sorted by name when first laid out, not all at once:
	 * the first frame needs only the frames on it. A flame chart keeps
	 * the input's order (its lists are newest first).
	 */
	profile_finish(p);
	if (!p->flamechart)
		v->sorted = xcalloc((size_t)p->nnodes / 8 + 1, 1);
	v->zoom = xgrow(NULL, &v->capzoom, 8, sizeof *v->zoom);
	v->zoom[0] = PROFILE_ROOT;
	v->nzoom = v->nbase = 1;
	v->sel = PROFILE_ROOT;
	v->lastchild = NODE_NONE;
	v->pinned = NODE_NONE;
	view_order(v);
}

void
view_free(struct view *v)
{
	view_search_clear(v);
	free(v->zoom);
	free(v->spans);
	free(v->rows);
	free(v->work[0]);
	free(v->work[1]);
	free(v->order);
	free(v->parents);
	free(v->names);
	free(v->kids);
	free(v->sorted);
	memset(v, 0, sizeof *v);
}

int
view_resize(struct view *v, int width, int height)
{
	v->width = width > 0 ? width : 0;
	v->area = v->height = height > 0 ? height : 0;
	v->nanc = 0;
	v->elided = 0;
	return VIEW_LAYOUT;
}

uint32_t
view_root(const struct view *v)
{
	return v->zoom[v->nzoom - 1];
}

double
view_width_of(const struct view *v, uint32_t node)
{
	return (double)v->p->nodes[node].total * view_scale(v);
}

uint32_t
view_base(const struct view *v)
{
	return v->zoom[(v->nbase < v->nzoom ? v->nbase : v->nzoom) - 1];
}

/* Rows for the zoom root's ancestors: up to a third of the area. */
static void
view_ancestors(struct view *v)
{
	const struct node *nodes = v->p->nodes;
	uint32_t root = view_root(v), base = view_base(v);
	uint32_t above = nodes[root].depth - nodes[base].depth;
	int cap = v->area / 3;

	v->nanc = above < (uint32_t)cap ? (int)above : cap;
	v->elided = v->nanc == 0 ? 0 : above - (uint32_t)v->nanc;
	if (v->elided > 0)	/* the farthest row says how many are left */
		v->elided++;
	v->height = v->area - v->nanc;
}

uint32_t
view_ancestor(const struct view *v, int i)
{
	uint32_t n = view_root(v);

	if (i < 0 || i >= v->nanc || (v->elided > 0 && i == v->nanc - 1))
		return NODE_NONE;
	while (i-- >= 0)
		n = v->p->nodes[n].parent;
	return n;
}

int
view_zoom_out_to(struct view *v, uint32_t node)
{
	const struct node *nodes = v->p->nodes;

	if (node == NODE_NONE || nodes[node].depth >= nodes[view_root(v)].depth)
		return 0;
	while (v->nzoom > 1 && nodes[view_root(v)].depth > nodes[node].depth)
		v->nzoom--;
	if (view_root(v) != node) {
		v->zoom = xgrow(v->zoom, &v->capzoom, v->nzoom + 1,
		    sizeof *v->zoom);
		v->zoom[v->nzoom++] = node;
	}
	v->sel = node;
	v->scroll = 0;
	return VIEW_LAYOUT;
}

int64_t
view_depth_of(const struct view *v, uint32_t node)
{
	const struct node *nodes = v->p->nodes;
	uint32_t root = view_root(v), n = node;

	if (nodes[node].depth < nodes[root].depth)
		return -1;
	while (nodes[n].depth > nodes[root].depth)
		n = nodes[n].parent;
	if (n != root)
		return -1;
	return (int64_t)nodes[node].depth - nodes[root].depth;
}

/* Sort a node's children by name, the first time they are needed. */
static void
view_sort(struct view *v, uint32_t n)
{
	if (v->sorted == NULL || (v->sorted[n / 8] & (1u << (n % 8))))
		return;
	v->sorted[n / 8] |= (uint8_t)(1u << (n % 8));
	profile_sort_children(v->p, n, &v->kids, &v->capkids);
}

/*
 * Place one child c of the frame par after the cum samples before it: as
 * a span of its own, or as part of the filler being built.
 */
static void
view_child_span(struct view *v, const struct span *par, double scale,
    uint32_t c, uint64_t *cum, size_t *filler, struct span **a, size_t *n,
    size_t *cap)
{
	const struct node *nodes = v->p->nodes;
	struct span s;
	double x0, x1;

	x0 = par->x0 + (double)*cum * scale;
	*cum += nodes[c].total;
	x1 = par->x0 + (double)*cum * scale;
	if (x1 - x0 >= 1.0) {
		s.node = c;
		s.flags = view_matches(v, c) ? SPAN_MATCH : 0;
		s.x0 = x0;
		s.x1 = x1;
		span_push(a, n, cap, &s);
		*filler = (size_t)-1;
		return;
	}
	if (x1 <= x0)
		return;
	if (*filler == (size_t)-1) {
		s.node = c;
		s.flags = SPAN_FILLER;
		s.x0 = x0;
		s.x1 = x1;
		span_push(a, n, cap, &s);
		*filler = *n - 1;
	}
	(*a)[*filler].x1 = x1;
	if (view_matches(v, c))
		(*a)[*filler].flags |= SPAN_MATCH;
}

/*
 * Append the children of the frame par to a row: wide ones as spans of
 * their own, runs of narrow ones as fillers. The frame's own samples come
 * first, at its left, as in flamegraph.pl.
 */
static void
view_children(struct view *v, struct span par, double scale, struct span **a,
    size_t *n, size_t *cap)
{
	const struct node *nodes = v->p->nodes;
	uint64_t cum = nodes[par.node].self;
	size_t filler = (size_t)-1;
	uint32_t c, k, nk = 0;

	if (!v->p->flamechart) {
		view_sort(v, par.node);
		for (c = nodes[par.node].child; c != NODE_NONE; c = nodes[c].next)
			view_child_span(v, &par, scale, c, &cum, &filler, a, n,
			    cap);
		return;
	}
	/* A flame chart lists children newest first: walk them backwards. */
	for (c = nodes[par.node].child; c != NODE_NONE; c = nodes[c].next) {
		v->kids = xgrow(v->kids, &v->capkids, nk + 1, sizeof *v->kids);
		v->kids[nk++] = c;
	}
	for (k = nk; k-- > 0;)
		view_child_span(v, &par, scale, v->kids[k], &cum, &filler, a, n,
		    cap);
}

/* Build the rows from the scroll position down; returns rows built. */
static size_t
view_build(struct view *v)
{
	double scale = view_scale(v);
	struct span root, par, *s;
	size_t i, r, first, n, cur = 0;
	uint32_t depth;

	v->nspans = v->nrows = 0;
	if (v->width <= 0 || v->height <= 0)
		return 0;
	root.node = view_root(v);
	root.flags = view_matches(v, root.node) ? SPAN_MATCH : 0;
	root.x0 = 0;
	root.x1 = v->width;

	/* Rows scrolled past: only their wide frames are needed. */
	v->nwork[0] = 0;
	span_push(&v->work[0], &v->nwork[0], &v->capwork[0], &root);
	for (depth = 0; depth < v->scroll && v->nwork[cur] > 0; depth++) {
		v->nwork[!cur] = 0;
		for (i = 0; i < v->nwork[cur]; i++) {
			par = v->work[cur][i];
			if (!(par.flags & SPAN_FILLER))
				view_children(v, par, scale, &v->work[!cur],
				    &v->nwork[!cur], &v->capwork[!cur]);
		}
		cur = !cur;
	}
	for (i = 0; i < v->nwork[cur]; i++)
		span_push(&v->spans, &v->nspans, &v->capspans, &v->work[cur][i]);

	/* Rows on screen. */
	first = 0;
	for (r = 0; r < (size_t)v->height && v->nspans > first; r++) {
		n = v->nspans - first;
		v->rows = xgrow(v->rows, &v->caprows, r + 1, sizeof *v->rows);
		v->rows[r].depth = v->scroll + (uint32_t)r;
		v->rows[r].first = first;
		v->rows[r].n = n;
		v->nrows = r + 1;
		if (r + 1 == (size_t)v->height)
			break;
		for (i = first; i < first + n; i++) {
			par = v->spans[i];
			if (!(par.flags & SPAN_FILLER))
				view_children(v, par, scale, &v->spans,
				    &v->nspans, &v->capspans);
		}
		first += n;
	}
	v->nspans = v->nrows == 0 ? 0 : v->rows[v->nrows - 1].first +
	    v->rows[v->nrows - 1].n;

	/* Cells. */
	for (i = 0; i < v->nspans; i++) {
		s = &v->spans[i];
		if (s->flags & SPAN_FILLER) {
			s->col = (int)s->x0;
			s->ncol = (int)(s->x1 + 0.999999) - s->col;
		} else {
			s->col = (int)(s->x0 + 0.5);
			s->ncol = (int)(s->x1 + 0.5) - s->col;
		}
		if (s->node == v->sel && !(s->flags & SPAN_FILLER))
			s->flags |= SPAN_SELECTED;
	}
	return v->nrows;
}

const struct span *
view_span_of(const struct view *v, uint32_t node)
{
	int64_t d = view_depth_of(v, node);
	const struct view_row *row;
	size_t i;

	if (d < v->scroll || d >= (int64_t)v->scroll + (int64_t)v->nrows)
		return NULL;
	row = &v->rows[d - v->scroll];
	for (i = row->first; i < row->first + row->n; i++)
		if (v->spans[i].node == node &&
		    !(v->spans[i].flags & SPAN_FILLER))
			return &v->spans[i];
	return NULL;
}

uint32_t
view_node_at(const struct view *v, size_t row, int col)
{
	const struct span *s;
	size_t i;

	if (row >= v->nrows)
		return NODE_NONE;
	for (i = v->rows[row].first; i < v->rows[row].first + v->rows[row].n;
	    i++) {
		s = &v->spans[i];
		if (!(s->flags & SPAN_FILLER) && col >= s->col &&
		    col < s->col + s->ncol)
			return s->node;
	}
	return NODE_NONE;
}

void
view_layout(struct view *v)
{
	int64_t d;
	uint32_t n;
	int pass;

	view_ancestors(v);
	if (view_depth_of(v, v->sel) < 0)
		v->sel = view_root(v);
	/* A selection too narrow to draw moves to its nearest drawn parent. */
	while (v->sel != view_root(v) && v->sel != v->pinned &&
	    view_width_of(v, v->sel) < 1.0)
		v->sel = v->p->nodes[v->sel].parent;
	for (pass = 0; pass < 3; pass++) {
		d = view_depth_of(v, v->sel);
		if (d < v->scroll)
			v->scroll = (uint32_t)d;
		else if (v->height > 0 && d >= (int64_t)v->scroll + v->height)
			v->scroll = (uint32_t)(d - v->height + 1);
		view_build(v);
		/* Do not leave empty rows when scrolled too far. */
		if (v->nrows >= (size_t)v->height || v->scroll == 0)
			break;
		n = (uint32_t)(v->height - v->nrows);
		v->scroll = v->scroll > n ? v->scroll - n : 0;
	}
}

int
view_select(struct view *v, uint32_t node)
{
	if (node == NODE_NONE || node == v->sel)
		return 0;
	v->sel = node;
	return VIEW_LAYOUT;
}

int
view_parent(struct view *v)
{
	if (v->sel == view_root(v))
		return 0;
	v->lastchild = v->sel;
	v->sel = v->p->nodes[v->sel].parent;
	return VIEW_LAYOUT;
}

int
view_child(struct view *v)
{
	const struct node *nodes = v->p->nodes;
	uint32_t c, best = NODE_NONE;

	if (v->lastchild != NODE_NONE && nodes[v->lastchild].parent == v->sel &&
	    view_width_of(v, v->lastchild) >= 1.0)
		best = v->lastchild;
	else
		for (c = nodes[v->sel].child; c != NODE_NONE; c = nodes[c].next)
			if (best == NODE_NONE || nodes[c].total > nodes[best].total)
				best = c;
	if (best == NODE_NONE || view_width_of(v, best) < 1.0)
		return 0;
	v->sel = best;
	return VIEW_LAYOUT;
}

int
view_sideways(struct view *v, int dir)
{
	const struct span *s = view_span_of(v, v->sel);
	const struct view_row *row;
	size_t i;

	if (s == NULL)
		return 0;
	row = &v->rows[view_depth_of(v, v->sel) - v->scroll];
	i = (size_t)(s - v->spans);
	for (;;) {
		if (dir < 0 && i == row->first)
			return 0;
		if (dir > 0 && i + 1 >= row->first + row->n)
			return 0;
		i += dir < 0 ? (size_t)-1 : 1;
		if (!(v->spans[i].flags & SPAN_FILLER))
			break;
	}
	v->lastchild = NODE_NONE;
	return view_select(v, v->spans[i].node);
}

int
view_vertical(struct view *v, int dir)
{
	if ((dir < 0) != (v->icicle != 0))
		return view_child(v);
	return view_parent(v);
}

int
view_zoom(struct view *v)
{
	if (v->sel == view_root(v))
		return 0;
	v->zoom = xgrow(v->zoom, &v->capzoom, v->nzoom + 1, sizeof *v->zoom);
	v->zoom[v->nzoom++] = v->sel;
	v->scroll = 0;
	return VIEW_LAYOUT;
}

int
view_unzoom(struct view *v)
{
	if (v->nzoom <= 1)
		return 0;
	v->nzoom--;
	v->scroll = 0;
	return VIEW_LAYOUT;
}

int
view_unzoom_all(struct view *v)
{
	if (v->nzoom <= 1 && v->scroll == 0)
		return 0;
	if (v->nzoom > 1)
		v->sel = v->zoom[1];
	v->nzoom = 1;
	v->scroll = 0;
	return VIEW_LAYOUT;
}

int
view_scroll(struct view *v, int n)
{
	const struct span *s = view_span_of(v, v->sel);
	uint32_t old = v->scroll, pick = NODE_NONE;
	int64_t d, want;
	double mid = s != NULL ? (s->x0 + s->x1) / 2 : v->width / 2.0;
	const struct view_row *row;
	size_t i;

	want = (int64_t)v->scroll + n;
	v->scroll = want < 0 ? 0 : want > UINT32_MAX ? UINT32_MAX :
	    (uint32_t)want;
	/* Build without moving back to the selection, then fit it in. */
	view_build(v);
	while (v->nrows < (size_t)v->height && v->scroll > old) {
		v->scroll--;
		view_build(v);
	}
	if (v->scroll == old)
		return 0;
	d = view_depth_of(v, v->sel);
	if (v->nrows > 0 && (d < v->scroll ||
	    d >= (int64_t)v->scroll + (int64_t)v->nrows)) {
		row = &v->rows[d < v->scroll ? 0 : v->nrows - 1];
		for (i = row->first; i < row->first + row->n; i++) {
			if (v->spans[i].flags & SPAN_FILLER)
				continue;
			if (pick == NODE_NONE || v->spans[i].x0 <= mid)
				pick = v->spans[i].node;
		}
		if (pick != NODE_NONE)
			v->sel = pick;
	}
	return VIEW_LAYOUT;
}

int
view_toggle_icicle(struct view *v)
{
	v->icicle = !v->icicle;
	return VIEW_LAYOUT;
}

int
view_search_clear(struct view *v)
{
	if (!v->searching)
		return 0;
	regfree(&v->re);
	free(v->pattern);
	free(v->namematch);
	free(v->covered);
	free(v->matchsum);
	v->pattern = NULL;
	v->namematch = v->covered = NULL;
	v->matchsum = NULL;
	v->matched = 0;
	v->searching = 0;
	return VIEW_LAYOUT;
}

/*
 * The two passes of a search when every parent's index is below its
 * children's: over packed arrays of parents and names (8 bytes a node
 * rather than a 40-byte node), and the upward pass only where something
 * matched.
 */
static void
view_search_sums(struct view *v)
{
	const struct profile *p = v->p;
	const uint8_t *match = v->namematch;
	uint8_t *cov = v->covered;
	uint64_t *sum = v->matchsum;
	const uint32_t *par, *nm;
	uint32_t i, n = p->nnodes;

	if (v->parents == NULL) {
		v->parents = xcalloc(n, sizeof *v->parents);
		v->names = xcalloc(n, sizeof *v->names);
		for (i = 0; i < n; i++) {
			v->parents[i] = p->nodes[i].parent;
			v->names[i] = p->nodes[i].name;
		}
	}
	par = v->parents;
	nm = v->names;
	for (i = 1; i < n; i++) {
		if (cov[par[i]])
			cov[i] = 1;
		else if (match[nm[i]]) {
			cov[i] = 1;
			sum[i] = p->nodes[i].total;
		}
	}
	for (i = n - 1; i > 0; i--)
		if (sum[i] != 0)
			sum[par[i]] += sum[i];
}

int
view_search(struct view *v, const char *pattern, int icase, char *err,
    size_t errlen)
{
	const struct profile *p = v->p;
	const struct node *nodes = p->nodes;
	regex_t re;
	uint32_t i, k, par;
	int flags = MATCH_CFLAGS | (icase ? REG_ICASE : 0);

	if (match_compile(&re, pattern, icase, err, errlen) != 0)
		return 0;
	view_search_clear(v);
	v->re = re;
	v->pattern = xstrdup(pattern);
	v->icase = icase;
	v->searching = 1;

	/* Each distinct name is matched once. */
	v->namematch = xcalloc(p->nnames, 1);
	match_names(p->names, p->nnames, pattern, flags, &v->re,
	    v->namematch);
	v->namematch[nodes[PROFILE_ROOT].name] = 0;	/* "all" is no frame */

	/*
	 * Parents first: a node is covered when it or an ancestor matches;
	 * only matches with no matched ancestor count, as in flamegraph.pl.
	 * Then children first, to sum what is matched under each node.
	 */
	v->covered = xcalloc(p->nnodes, 1);
	v->matchsum = xcalloc(p->nnodes, sizeof *v->matchsum);
	if (v->order == NULL) {
		view_search_sums(v);
		goto done;
	}
	for (k = 1; k < p->nnodes; k++) {
		i = v->order[k];
		par = nodes[i].parent;
		if (v->covered[par])
			v->covered[i] = 1;
		else if (v->namematch[nodes[i].name]) {
			v->covered[i] = 1;
			v->matchsum[i] = nodes[i].total;
		}
	}
	for (k = p->nnodes - 1; k > 0; k--) {
		i = v->order[k];
		v->matchsum[nodes[i].parent] += v->matchsum[i];
	}
done:
	v->matched = v->matchsum[PROFILE_ROOT];
	return VIEW_LAYOUT;
}

uint64_t
view_matched_zoom(const struct view *v)
{
	uint32_t root = view_root(v);

	if (!v->searching)
		return 0;
	if (v->covered[root])
		return v->p->nodes[root].total;
	return v->matchsum[root];
}

/*
 * The next frame after n in preorder under the view's base, going into
 * n's children only when down is set.
 */
static uint32_t
view_preorder_next(struct view *v, uint32_t n, int down)
{
	const struct node *nodes = v->p->nodes;
	uint32_t base = view_base(v);

	if (down) {
		view_sort(v, n);
		if (nodes[n].child != NODE_NONE)
			return nodes[n].child;
	}
	for (; n != base; n = nodes[n].parent)
		if (nodes[n].next != NODE_NONE)
			return nodes[n].next;
	return NODE_NONE;
}

int
view_reveal(struct view *v, uint32_t node)
{
	const struct node *nodes = v->p->nodes;
	uint32_t par, root;
	int ret = 0;

	/* Out until the zoom holds the frame, then in until it is drawn. */
	while (v->nzoom > v->nbase && view_depth_of(v, node) < 0) {
		v->nzoom--;
		ret = VIEW_LAYOUT;
	}
	if (view_depth_of(v, node) < 0)
		return ret;
	root = view_root(v);
	if (node != root && view_width_of(v, node) < 1.0) {
		par = nodes[node].parent;
		/* The parent, when the frame is a cell wide in it. */
		if (par == root || (double)nodes[node].total * v->width <
		    (double)nodes[par].total)
			par = node;
		v->zoom = xgrow(v->zoom, &v->capzoom, v->nzoom + 1,
		    sizeof *v->zoom);
		v->zoom[v->nzoom++] = par;
		ret = VIEW_LAYOUT;
	}
	if (ret != 0)
		v->scroll = 0;
	v->sel = node;
	return ret | VIEW_LAYOUT;
}

int
view_search_next(struct view *v, int dir)
{
	const struct node *nodes = v->p->nodes;
	uint32_t *path = NULL, n, first = NODE_NONE, last = NODE_NONE;
	uint32_t before = NODE_NONE, after = NODE_NONE, sd = nodes[v->sel].depth;
	size_t cap = 0;
	int seen = 0, down;

	if (!v->searching)
		return 0;
	/* The selection's path, by depth, to go down it whatever matches. */
	path = xgrow(NULL, &cap, (size_t)sd + 1, sizeof *path);
	for (n = v->sel; n != NODE_NONE; n = nodes[n].parent)
		path[nodes[n].depth] = n;
	/*
	 * Every frame under the base in order, however narrow, going down
	 * only where something matches, noting the matches around sel.
	 */
	for (n = view_base(v); n != NODE_NONE; n = view_preorder_next(v, n,
	    down)) {
		down = v->covered[n] || v->matchsum[n] > 0 ||
		    (nodes[n].depth <= sd && path[nodes[n].depth] == n);
		if (n == v->sel) {
			seen = 1;
			continue;
		}
		if (!view_matches(v, n) || nodes[n].total == 0)
			continue;
		if (first == NODE_NONE)
			first = n;
		last = n;
		if (!seen)
			before = n;
		else if (after == NODE_NONE) {
			after = n;
			if (dir > 0)
				break;
		}
	}
	free(path);
	if (dir > 0)
		n = after != NODE_NONE ? after : first;
	else
		n = before != NODE_NONE ? before : last;
	if (n == NODE_NONE)
		return 0;
	return view_reveal(v, n);
}
