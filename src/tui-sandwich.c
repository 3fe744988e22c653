/*
 * tui-sandwich.c: the callers and callees screen of a function: its
 * callers merged up from it in the pane above, its callees in the pane
 * below. Each pane is a view of a profile of its own, two transforms of
 * the profile shown: the stacks through the function cut after its
 * outermost call and reversed, and the focus on it. The graph's moves,
 * zoom and search act on the selected pane (t->v); Tab selects the other.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "transform.h"
#include "tui-screen.h"
#include "util.h"

struct tui_sandwich {
	struct profile sp[2];	/* callers (merged up), callees */
	struct view views[2];	/* of each; drawn in pane 0 (top) or 1 */
	int pane;		/* the one t->v is */
	struct view_mark keep[2];	/* flametui top: each pane's place
					   while the profile is replaced */
};

/* The first screen line and height of pane 0 or 1. */
static void
sandwich_pane(int pane, int *top, int *height)
{
	int h = chrome_height(), half = h / 2;

	*top = chrome_top() + (pane == 0 ? 0 : half);
	*height = pane == 0 ? half : h - half;
}

/* Root a pane at the function, the only child of "all" (when present). */
static void
sandwich_root(struct view *v)
{
	uint32_t c = v->p->nodes[PROFILE_ROOT].child;

	if (c != NODE_NONE && v->p->nodes[c].next == NODE_NONE) {
		v->sel = c;
		view_zoom(v);
		v->nbase = v->nzoom;	/* no "all" under the function */
	}
}

/* Make both panes from the profile shown. */
static void
sandwich_build(struct tui *t, struct tui_sandwich *sw)
{
	struct transform tr;
	regex_t re, *rp;
	int i;

	memset(&tr, 0, sizeof tr);
	tr.focus = rp = filters_regex(&re, t->cur.func, 1);
	for (i = 0; i < 2; i++) {
		tr.callers = tr.reverse = i == 0;
		profile_init(&sw->sp[i]);
		if (tr.focus != NULL)
			transform_apply(t->p, &tr, &sw->sp[i]);
	}
	filters_regfree(rp);
	diffcache_forget(t);
	for (i = 0; i < 2; i++) {
		view_init(&sw->views[i], &sw->sp[i]);
		sw->views[i].icicle = i == 1;
		sandwich_root(&sw->views[i]);
	}
}

/* Open on t->cur.func, from the profile shown. */
static int
sandwich_open(struct tui *t)
{
	struct tui_sandwich *sw;

	if (t->cur.func == NULL)
		return -1;
	sw = t->sandwich = xcalloc(1, sizeof *t->sandwich);
	sandwich_build(t, sw);
	sw->pane = 1;
	t->v = &sw->views[1];
	return 0;
}

/* Make both panes again from a new picture, each where it was. */
static void
sandwich_renew(struct tui *t, int after)
{
	struct tui_sandwich *sw = t->sandwich;
	int i;

	if (sw == NULL)
		return;
	for (i = 0; i < 2; i++) {
		if (!after) {
			view_mark(&sw->views[i], &sw->keep[i]);
			continue;
		}
		view_free(&sw->views[i]);
		profile_free(&sw->sp[i]);
	}
	if (!after)
		return;
	sandwich_build(t, sw);
	for (i = 0; i < 2; i++) {
		view_follow(&sw->views[i], &sw->keep[i]);
		view_mark_free(&sw->keep[i]);
	}
	t->v = &sw->views[sw->pane];
}

/* Close: the graph's view comes back as t->v. */
static void
sandwich_close(struct tui *t)
{
	struct tui_sandwich *sw = t->sandwich;
	int i;

	if (sw == NULL)
		return;
	for (i = 0; i < 2; i++) {
		view_free(&sw->views[i]);
		profile_free(&sw->sp[i]);
	}
	free(sw);
	t->sandwich = NULL;
	t->v = &t->graph;
}

/* Lay out both panes. */
static void
sandwich_layout(struct tui *t)
{
	struct tui_sandwich *sw = t->sandwich;
	int top, h, i;

	for (i = 0; i < 2; i++) {
		sandwich_pane(i, &top, &h);
		view_resize(&sw->views[i], COLS, h);
		view_layout(&sw->views[i]);
	}
	sandwich_pane(sw->pane, &t->vtop, &t->vheight);
}

/* Draw the two panes, the selection's status and the hint. */
static void
sandwich_draw(struct tui *t)
{
	struct tui_sandwich *sw = t->sandwich;
	char hint[256];
	int top, h, i;

	erase();
	if (LINES < 1 || COLS < 1)
		return;
	chrome_title(t);
	if (LINES >= 3) {
		for (i = 0; i < 2; i++) {
			sandwich_pane(i, &top, &h);
			graph_view(t, &sw->views[i], top, h);
		}
		graph_status(t);
	}
	snprintf(hint, sizeof hint, "%s above, %s below  Tab: switch pane  "
	    "f: focus  c: back  u: undo  q: quit",
	    sw->pane == 0 ? "CALLERS" : "callers",
	    sw->pane == 1 ? "CALLEES" : "callees");
	if (LINES >= 2)
		graph_bottom(t, hint);
}

/* Tab, and the search and export of a pane; the rest as in the graph. */
static int
sandwich_action(struct tui *t, enum action act, const struct term_event *ev)
{
	struct tui_sandwich *sw = t->sandwich;

	switch (act) {
	case ACT_PANE:
		sw->pane = !sw->pane;
		t->v = &sw->views[sw->pane];
		return VIEW_LAYOUT;
	case ACT_SEARCH:
		return graph_search(t, "no frame in this pane matches (Tab: "
		    "the other pane)");
	case ACT_SAVE_SVG:
		return graph_save(t, sw->pane == 0 ? "Save the callers pane as "
		    "SVG: " : "Save the callees pane as SVG: ", sw->pane == 0 ?
		    "the callers pane as " : "the callees pane as ");
	default:
		return graph_action(t, act, ev);
	}
}

const struct screen sandwich_screen = {
	.name = "callers and callees",
	.keys = KEYS_GRAPH,
	.open = sandwich_open,
	.close = sandwich_close,
	.layout = sandwich_layout,
	.draw = sandwich_draw,
	.action = sandwich_action,
	.renew = sandwich_renew,
};
