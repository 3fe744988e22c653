/*
 * test-view.c: the view-model without a terminal (view.h promises it needs
 * no curses). A known profile is laid out at a known width, and the spans,
 * cells, selection moves, zoom, scrolling and search must be what a person
 * would see on the screen.
 *
 * The profile, 200 samples in 100 cells (half a cell a sample):
 *
 *	main;a;x 80   main;a 40   main;b 60   main 18   main;c 1   main;d 1
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "unit.h"
#include "view.h"

/* The node called name (names are unique in this profile). */
static uint32_t
node(const struct profile *p, const char *name)
{
	uint32_t i;

	for (i = 0; i < p->nnodes; i++)
		if (strcmp(profile_name(p, i)->s, name) == 0)
			return i;
	return NODE_NONE;
}

/* Build the test profile. */
static void
setup(struct profile *p)
{
	profile_init(p);
	unit_add(p, "main;a;x", 80, 0);
	unit_add(p, "main;a", 40, 0);
	unit_add(p, "main;d", 1, 0);
	unit_add(p, "main;b", 60, 0);
	unit_add(p, "main", 18, 0);
	unit_add(p, "main;c", 1, 0);
	profile_finish(p);
}

/* The span of node in the layout must cover exactly [x0, x1). */
static void
check_span(const struct view *v, uint32_t n, double x0, double x1,
    int col, int ncol)
{
	const struct span *s = view_span_of(v, n);

	CHECK(s != NULL);
	if (s == NULL)
		return;
	CHECK(s->x0 > x0 - 1e-9 && s->x0 < x0 + 1e-9);
	CHECK(s->x1 > x1 - 1e-9 && s->x1 < x1 + 1e-9);
	CHECK_U(s->col, col);
	CHECK_U(s->ncol, ncol);
}

/* Rows, spans and cells of the whole profile. */
static void
test_layout(void)
{
	struct profile p;
	struct view v;
	const struct view_row *r;

	setup(&p);
	view_init(&v, &p);
	view_resize(&v, 100, 10);
	view_layout(&v);

	CHECK_U(v.nrows, 4);	/* all, main, {a b c d}, x */
	check_span(&v, PROFILE_ROOT, 0, 100, 0, 100);
	check_span(&v, node(&p, "main"), 0, 100, 0, 100);
	/* main's own 18 samples come first (9 cells), then a, b by name. */
	check_span(&v, node(&p, "a"), 9, 69, 9, 60);
	check_span(&v, node(&p, "b"), 69, 99, 69, 30);
	/* a's own 40 samples (20 cells) come before x. */
	check_span(&v, node(&p, "x"), 29, 69, 29, 40);
	/* c and d, half a cell each, are one filler of a cell. */
	r = &v.rows[2];
	CHECK_U(r->n, 3);
	CHECK(v.spans[r->first + 2].flags & SPAN_FILLER);
	CHECK_U(v.spans[r->first + 2].col, 99);
	CHECK_U(v.spans[r->first + 2].ncol, 1);
	CHECK(view_span_of(&v, node(&p, "c")) == NULL);

	CHECK_U(view_node_at(&v, 2, 9), node(&p, "a"));
	CHECK_U(view_node_at(&v, 2, 68), node(&p, "a"));
	CHECK_U(view_node_at(&v, 2, 69), node(&p, "b"));
	CHECK_U(view_node_at(&v, 2, 5), NODE_NONE);	/* main's self */
	CHECK_U(view_node_at(&v, 2, 99), NODE_NONE);	/* the filler */
	CHECK_U(view_node_at(&v, 7, 50), NODE_NONE);	/* no such row */
	CHECK(view_width_of(&v, node(&p, "c")) == 0.5);
	CHECK(v.rows[0].first == 0 && v.rows[0].n == 1);
	CHECK(v.spans[0].flags & SPAN_SELECTED);	/* the root at first */
	view_free(&v);
	profile_free(&p);
}

/* Moving the selection as the arrow keys do. */
static void
test_moves(void)
{
	struct profile p;
	struct view v;
	uint32_t main_, a, b;

	setup(&p);
	main_ = node(&p, "main");
	a = node(&p, "a");
	b = node(&p, "b");
	view_init(&v, &p);
	view_resize(&v, 100, 10);
	view_layout(&v);

	CHECK(view_child(&v) == VIEW_LAYOUT);
	CHECK_U(v.sel, main_);
	view_child(&v);			/* the widest child */
	CHECK_U(v.sel, a);
	view_layout(&v);
	CHECK(view_sideways(&v, 1) == VIEW_LAYOUT);
	CHECK_U(v.sel, b);
	view_layout(&v);
	CHECK_U(view_sideways(&v, 1), 0);	/* only a filler beyond */
	CHECK_U(v.sel, b);
	view_parent(&v);
	CHECK_U(v.sel, main_);
	view_child(&v);			/* back to the child it came from */
	CHECK_U(v.sel, b);

	/* In a flame graph up is towards the leaves; in an icicle, down. */
	view_select(&v, a);
	view_vertical(&v, -1);
	CHECK_U(v.sel, node(&p, "x"));
	view_toggle_icicle(&v);
	view_vertical(&v, -1);
	CHECK_U(v.sel, a);
	CHECK(v.icicle);

	/* A selection too narrow to draw moves to its drawn parent. */
	view_select(&v, node(&p, "c"));
	view_layout(&v);
	CHECK_U(v.sel, main_);
	CHECK_U(view_select(&v, main_), 0);	/* nothing changed */
	view_free(&v);
	profile_free(&p);
}

/* Zooming widens a frame to the whole width and back. */
static void
test_zoom(void)
{
	struct profile p;
	struct view v;
	uint32_t a, x;

	setup(&p);
	a = node(&p, "a");
	x = node(&p, "x");
	view_init(&v, &p);
	view_resize(&v, 120, 10);
	view_select(&v, a);
	CHECK(view_zoom(&v) == VIEW_LAYOUT);
	view_layout(&v);
	CHECK_U(view_root(&v), a);
	CHECK_U(v.nrows, 2);
	check_span(&v, a, 0, 120, 0, 120);
	check_span(&v, x, 40, 120, 40, 80);
	CHECK_U(view_depth_of(&v, x), 1);
	CHECK(view_depth_of(&v, node(&p, "b")) < 0);	/* outside */
	CHECK(view_span_of(&v, node(&p, "main")) == NULL);
	CHECK_U(view_zoom(&v), 0);	/* already the root */
	view_select(&v, x);
	view_zoom(&v);
	CHECK_U(v.nzoom, 3);
	view_unzoom(&v);
	CHECK_U(view_root(&v), a);
	view_unzoom_all(&v);
	CHECK_U(view_root(&v), PROFILE_ROOT);
	CHECK_U(v.sel, a);	/* the first zoom's frame stays selected */
	CHECK_U(view_unzoom(&v), 0);
	view_free(&v);
	profile_free(&p);
}

/* A graph taller than the screen scrolls, keeping the selection drawn. */
static void
test_scroll(void)
{
	struct profile p;
	struct view v;

	setup(&p);
	view_init(&v, &p);
	view_resize(&v, 100, 2);
	view_select(&v, node(&p, "x"));
	view_layout(&v);
	CHECK_U(v.scroll, 2);	/* x at depth 3 is on the last row */
	CHECK_U(v.nrows, 2);
	CHECK_U(v.rows[0].depth, 2);
	CHECK(view_scroll(&v, -2) == VIEW_LAYOUT);
	CHECK_U(v.scroll, 0);
	CHECK(view_span_of(&v, v.sel) != NULL);	/* moved into view */
	CHECK_U(view_scroll(&v, -1), 0);
	view_scroll(&v, 10);	/* no further than the deepest row */
	CHECK_U(v.scroll, 2);
	view_free(&v);
	profile_free(&p);
}

/* The search marks frames and counts nested matches once. */
static void
test_search(void)
{
	struct profile p;
	struct view v;
	char err[128];
	uint32_t a, b, x;

	setup(&p);
	a = node(&p, "a");
	b = node(&p, "b");
	x = node(&p, "x");
	view_init(&v, &p);
	view_resize(&v, 100, 10);
	view_layout(&v);

	CHECK_U(view_search(&v, "(", 0, err, sizeof err), 0);
	CHECK(err[0] != '\0');
	CHECK(!v.searching);

	CHECK(view_search(&v, "^(b|x)$", 0, err, sizeof err) == VIEW_LAYOUT);
	view_layout(&v);
	CHECK_U(v.matched, 140);
	CHECK(view_matches(&v, b) && view_matches(&v, x));
	CHECK(!view_matches(&v, a));
	CHECK(view_span_of(&v, b)->flags & SPAN_MATCH);
	CHECK_U(view_matched_zoom(&v), 140);

	/* n visits the matches in order, and wraps. */
	view_search_next(&v, 1);
	CHECK_U(v.sel, x);
	view_search_next(&v, 1);
	CHECK_U(v.sel, b);
	view_search_next(&v, 1);
	CHECK_U(v.sel, x);
	view_search_next(&v, -1);
	CHECK_U(v.sel, b);

	/* Zoomed into a, only x's samples are matched there. */
	view_select(&v, a);
	view_zoom(&v);
	CHECK_U(view_matched_zoom(&v), 80);

	/* A match inside a match counts once; case can be ignored. */
	CHECK(view_search(&v, "MAIN|x", 1, err, sizeof err) == VIEW_LAYOUT);
	CHECK_U(v.matched, 200);
	CHECK_U(view_matched_zoom(&v), 120);	/* a is under main */
	CHECK(view_search(&v, "MAIN|x", 0, err, sizeof err) == VIEW_LAYOUT);
	CHECK_U(v.matched, 80);
	CHECK(!view_matches(&v, PROFILE_ROOT));
	CHECK(view_search(&v, "all", 0, err, sizeof err) == VIEW_LAYOUT);
	CHECK_U(v.matched, 0);	/* the root is no frame */

	CHECK(view_search_clear(&v) == VIEW_LAYOUT);
	CHECK(!v.searching);
	CHECK_U(view_matched_zoom(&v), 0);
	CHECK_U(view_search_next(&v, 1), 0);
	view_free(&v);
	profile_free(&p);
}

int
main(void)
{
	test_layout();
	test_moves();
	test_zoom();
	test_scroll();
	test_search();
	return unit_status("test-view");
}
