/*
 * view.h: the view-model between the call tree and the screen.
 *
 * A view holds what the user is looking at: the zoom stack, the orientation
 * (flame graph or icicle), the selected frame, the vertical scroll and the
 * search. view_layout() turns that into rows of spans for the visible part
 * of the graph only; drawing code reads the rows and changes state only
 * through view_* calls. Nothing here knows about curses, so other front
 * ends (an SVG export of what is on screen, for one) can use it as well.
 *
 * Geometry: the graph area is width cells wide and area rows tall. When
 * zoomed, the zoom root's ancestors take up to a third of the rows on its
 * root side, full width (nanc rows), and the subtree the other height
 * rows. Row 0 of the layout is the zoom root's depth plus the scroll; in a
 * flame graph the drawing puts it at the bottom, in an icicle at the top.
 */
#ifndef VIEW_H
#define VIEW_H

#include <regex.h>
#include <stddef.h>
#include <stdint.h>

#include "profile.h"

/* What an action changed; the main loop redraws only when something did. */
#define VIEW_DRAW	0x1	/* redraw the screen */
#define VIEW_LAYOUT	0x2	/* recompute the layout, then redraw */
#define VIEW_QUIT	0x4	/* leave */

#define SPAN_MATCH	0x1	/* the frame's name matches the search */
#define SPAN_SELECTED	0x2	/* the selected frame */
#define SPAN_FILLER	0x4	/* a run of frames each narrower than a cell */

/* One block on one row of the graph. */
struct span {
	uint32_t node;		/* the frame; for a filler, its first frame */
	unsigned flags;		/* SPAN_* */
	double x0, x1;		/* exact extent in cells, x0 < x1 */
	int col, ncol;		/* cells drawn: col .. col + ncol - 1 */
};

/* The visible rows of the graph, from the zoom root outwards. */
struct view_row {
	uint32_t depth;		/* depth below the zoom root */
	size_t first, n;	/* spans[first .. first + n - 1], by x */
};

struct view {
	struct profile *p;

	uint32_t *zoom;		/* zoom stack; zoom[nzoom - 1] is the root */
	size_t nzoom, capzoom;
	size_t nbase;		/* zoom levels that are the view's own floor:
				   ancestors and the path stop at zoom[nbase - 1] */
	uint32_t sel;		/* the selected frame */
	uint32_t lastchild;	/* the frame the selection last left upwards */
	uint32_t pinned;	/* view_follow()'s selection: stays selected
				   even when too narrow to draw */
	int icicle;		/* root at the top instead of the bottom */
	int width, height;	/* the zoom root's rows, in cells */
	int area;		/* the graph area's rows, from view_resize */
	int nanc;		/* rows of the zoom root's ancestors under it */
	uint32_t elided;	/* ancestors left out: the farthest row says so */
	uint32_t scroll;	/* depth (below the zoom root) of row 0 */

	/* Search. */
	int searching;		/* a search is active */
	int icase;		/* case-insensitive */
	char *pattern;		/* the regex as typed */
	regex_t re;
	uint8_t *namematch;	/* per name id: 1 when the name matches */
	uint8_t *covered;	/* per node: it or an ancestor matches */
	uint64_t *matchsum;	/* per node: outermost matched samples below */
	uint64_t matched;	/* outermost matched samples in the profile */

	/* Layout, valid after view_layout(). */
	struct span *spans;
	size_t nspans, capspans;
	struct view_row *rows;
	size_t nrows, caprows;
	struct span *work[2];	/* rows above the scroll, built and dropped */
	size_t nwork[2], capwork[2];
	uint32_t *order;	/* nodes, parents first; NULL: index order is */
	uint8_t *sorted;	/* bit per node: children sorted by name */
	uint32_t *kids;		/* children being sorted or walked back */
	size_t capkids;
	uint32_t *parents;	/* for searching: each node's parent, */
	uint32_t *names;	/* and name, packed; built at the first search */
};

/*
 * Set up a view of the whole profile. Siblings are sorted by name as they
 * are first laid out, so the view reorders the profile's child lists.
 */
void view_init(struct view *, struct profile *);
void view_free(struct view *);

/* Set the size of the graph area. Returns VIEW_LAYOUT. */
int view_resize(struct view *, int width, int height);
/* Recompute the visible rows. Cheap: walks only frames at least a cell wide. */
void view_layout(struct view *);

/* The zoom root. */
uint32_t view_root(const struct view *);
/* The floor of the zoom: the root of the view's own tree (1 for the graph). */
uint32_t view_base(const struct view *);
/*
 * The frame of ancestor row i (0: the zoom root's parent, up to nanc - 1),
 * or NODE_NONE for the row that says how many more are elided.
 */
uint32_t view_ancestor(const struct view *, int i);
/* Zoom out to an ancestor of the zoom root and select it. */
int view_zoom_out_to(struct view *, uint32_t node);
/* The node's exact width in cells at the current zoom. */
double view_width_of(const struct view *, uint32_t node);
/* The depth of a node below the zoom root, or -1 when outside the zoom. */
int64_t view_depth_of(const struct view *, uint32_t node);
/* The span of a node in the layout, or NULL when it is not drawn. */
const struct span *view_span_of(const struct view *, uint32_t node);
/* The frame drawn at (row of the layout, cell), or NODE_NONE. */
uint32_t view_node_at(const struct view *, size_t row, int col);

/* Moves of the selection; each returns VIEW_* flags. */
int view_select(struct view *, uint32_t node);
int view_parent(struct view *);
int view_child(struct view *);
int view_sideways(struct view *, int dir);	/* -1 left, +1 right */
/* Move visually: dir -1 up, +1 down, whatever the orientation. */
int view_vertical(struct view *, int dir);

/* Zoom into the selection, back out one level, or all the way. */
int view_zoom(struct view *);
int view_unzoom(struct view *);
int view_unzoom_all(struct view *);

/* Scroll by rows towards the leaves (n > 0) or the root (n < 0). */
int view_scroll(struct view *, int n);
/* Flip between a flame graph and an icicle. */
int view_toggle_icicle(struct view *);

/*
 * Search for a POSIX extended regex. Returns VIEW_LAYOUT, or 0 with a
 * message in err when the pattern does not compile.
 */
int view_search(struct view *, const char *pattern, int icase, char *err,
    size_t errlen);
int view_search_clear(struct view *);
/* Does a node's name match the active search? */
int view_matches(const struct view *, uint32_t node);
/*
 * Select the next (dir 1) or previous (dir -1) matching frame, in the
 * order drawn, under the view's base, revealing it as view_reveal does.
 */
int view_search_next(struct view *, int dir);
/*
 * Select a frame and make it drawn: zoom out until the zoom holds it, then,
 * when narrower than a cell, into its parent (or itself, when that is not
 * enough). Undoing it is the caller's.
 */
int view_reveal(struct view *, uint32_t node);
/* Samples matched, counted once per nesting, in the whole zoom. */
uint64_t view_matched_zoom(const struct view *);

/*
 * Where a view is, by name rather than by node: the names on the
 * selection's stack (the zoom roots are on it too) and the zoom roots'
 * depths, so that a view of a rebuilt profile can go back there.
 */
struct view_mark {
	char **names;		/* root first, copies; the root's not kept */
	size_t n;
	uint32_t *zdepth;	/* depth of each zoom root, the first 0 */
	size_t nzoom;
	uint32_t scroll;
	int icicle;
	char *pattern;		/* the search, or NULL */
	int icase;
};
void view_mark(const struct view *, struct view_mark *);
/*
 * Zoom and select as marked, in a fresh view of a profile rebuilt from
 * newer samples. A marked frame the profile no longer has is put back
 * with no samples: it stays selected and shows as 0. Returns VIEW_LAYOUT.
 */
int view_follow(struct view *, const struct view_mark *);
void view_mark_free(struct view_mark *);
/* For view-mark.c: order the nodes parent first when their index order is
   not such an order already (v->order). */
void view_order(struct view *);

#endif
