/*
 * view-mark.c: a view's place by name (view_mark), and going back there
 * in a fresh view of a rebuilt profile (view_follow), so that a picture
 * redrawn from newer samples keeps its selection, zoom and search.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "util.h"
#include "view.h"

void
view_mark(const struct view *v, struct view_mark *m)
{
	const struct profile *p = v->p;
	uint32_t n;
	size_t i;

	memset(m, 0, sizeof *m);
	m->n = p->nodes[v->sel].depth;
	m->names = xcalloc(m->n + 1, sizeof *m->names);
	for (n = v->sel, i = m->n; n != PROFILE_ROOT; n = p->nodes[n].parent)
		m->names[--i] = xstrdup(profile_name(p, n)->s);
	m->nzoom = v->nzoom;
	m->zdepth = xcalloc(v->nzoom, sizeof *m->zdepth);
	for (i = 0; i < v->nzoom; i++)
		m->zdepth[i] = p->nodes[v->zoom[i]].depth;
	m->scroll = v->scroll;
	m->icicle = v->icicle;
	m->pattern = v->searching ? xstrdup(v->pattern) : NULL;
	m->icase = v->icase;
}

void
view_mark_free(struct view_mark *m)
{
	size_t i;

	for (i = 0; i < m->n; i++)
		free(m->names[i]);
	free(m->names);
	free(m->zdepth);
	free(m->pattern);
	memset(m, 0, sizeof *m);
}

/* The child of node named s, or NODE_NONE. */
static uint32_t
view_child_named(const struct profile *p, uint32_t node, const char *s)
{
	uint32_t c;

	for (c = p->nodes[node].child; c != NODE_NONE; c = p->nodes[c].next)
		if (strcmp(profile_name(p, c)->s, s) == 0)
			return c;
	return NODE_NONE;
}

/*
 * Put the marked stack back into the profile with no samples, and make
 * the view's per-node state fit the nodes added.
 */
static void
view_restore_stack(struct view *v, const struct view_mark *m)
{
	struct profile *p = v->p;
	uint32_t *ids, *path, oldn = p->nnodes, i;
	char *pat = NULL;
	int icase = v->icase;

	ids = xcalloc(m->n + 1, sizeof *ids);
	path = xcalloc(m->n + 1, sizeof *path);
	for (i = 0; i < m->n; i++)
		ids[i] = profile_intern(p, m->names[i], strlen(m->names[i]));
	profile_add_ids(p, ids, m->n, path, 0, 0, 0);
	p->nstacks--;		/* no stack was seen */
	profile_finish(p);
	free(ids);
	free(path);
	if (p->nnodes == oldn)
		return;
	/* The new nodes' parents must sort their children again. */
	if (v->sorted != NULL) {
		v->sorted = xrealloc(v->sorted, (size_t)p->nnodes / 8 + 1);
		memset(v->sorted + oldn / 8 + 1, 0,
		    (size_t)p->nnodes / 8 - oldn / 8);
		for (i = oldn; i < p->nnodes; i++) {
			uint32_t par = p->nodes[i].parent;

			v->sorted[par / 8] &= (uint8_t)~(1u << (par % 8));
		}
	}
	free(v->order);
	v->order = NULL;
	view_order(v);
	free(v->parents);
	free(v->names);
	v->parents = v->names = NULL;
	if (v->searching) {
		pat = xstrdup(v->pattern);
		view_search(v, pat, icase, NULL, 0);
		free(pat);
	}
}

int
view_follow(struct view *v, const struct view_mark *m)
{
	const struct profile *p = v->p;
	uint32_t n = PROFILE_ROOT, c;
	size_t i, z = 1;

	v->icicle = m->icicle;
	if (m->pattern != NULL && (!v->searching || v->icase != m->icase ||
	    strcmp(v->pattern, m->pattern) != 0))
		view_search(v, m->pattern, m->icase, NULL, 0);
	for (i = 0; i < m->n; i++)
		if ((n = view_child_named(p, n, m->names[i])) == NODE_NONE)
			break;
	if (i < m->n)
		view_restore_stack(v, m);
	n = PROFILE_ROOT;
	v->nzoom = 1;
	for (i = 0; i < m->n; i++) {
		if ((c = view_child_named(v->p, n, m->names[i])) == NODE_NONE)
			break;
		n = c;
		if (z < m->nzoom && m->zdepth[z] == i + 1) {
			v->zoom = xgrow(v->zoom, &v->capzoom, v->nzoom + 1,
			    sizeof *v->zoom);
			v->zoom[v->nzoom++] = n;
			z++;
		}
	}
	v->sel = v->pinned = n;
	v->lastchild = NODE_NONE;
	v->scroll = m->scroll;
	return VIEW_LAYOUT;
}
