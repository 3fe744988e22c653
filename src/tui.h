/*
 * tui.h: the interactive flame graph: the state its screens share, and the
 * entry points main() uses.
 *
 * The screen is a title line, the graph, a status line for the selected
 * frame and a bottom line for the search, messages and prompts.
 */
#ifndef TUI_H
#define TUI_H

#include <stdint.h>

#include "palette.h"
#include "profile.h"
#include "save.h"
#include "tui-prompt.h"
#include "top.h"
#include "timeline.h"
#include "view.h"

/* What the area under the title shows. */
enum tui_mode {
	MODE_GRAPH,		/* the flame graph */
	MODE_TOP,		/* the top table */
	MODE_SANDWICH,		/* callers above a function, callees below */
};

/*
 * What the view shows: the filters, the screen and the graph's zoom. The
 * filters rebuild the loaded profile through transform_apply(); u goes
 * back to the state before the last change.
 */
struct vstate {
	int reverse;		/* merged from the leaf */
	int recursion;		/* recursion collapsed */
	double prune;		/* percent of the total; 0 for none */
	char *focus;		/* a regex, or a name when focus_exact */
	int focus_exact;
	char *hide;		/* regexes; NULL for none */
	char *ignore;
	enum tui_mode mode;
	char *func;		/* the sandwich's function */
	uint32_t *zoom;		/* the graph's zoom stack and selection */
	size_t nzoom;
	uint32_t sel;
	int before;		/* differential: widths from BEFORE */
};

/* What tui-graph.c works out once for the colours of a differential profile. */
struct diffcache {
	const struct profile *of;	/* NULL when empty */
	uint32_t nnodes;	/* of's when worked out */
	int64_t *inc;		/* per node: AFTER - BEFORE of its subtree */
	double maxshare;	/* the largest change of share */
	uint64_t *hidstacks;	/* per node: the stacks of its subtree only on
				   the side the widths are not from */
	uint64_t *hidcount;	/* and their count on that side */
};

struct tui {
	struct view v;
	struct profile *p;
	char *files;		/* input names for the title */
	const char *format;	/* "perf", "folded+perf", ... */
	enum palette pal;
	int no_color;		/* --no-color */
	char msg[512];		/* one-off message for the bottom line */
	int help;		/* the help screen is up */
	int helptop;		/* first help line shown */
	int icase;		/* the next search ignores case */
	struct input_ids inputs;	/* never overwritten by an export */

	struct profile *orig;	/* the profile as loaded */
	struct profile shown;	/* orig through the filters, when any */
	int hasshown;
	struct vstate cur;	/* the filters and screen now */
	struct vstate *undo;	/* earlier states, the last on top */
	size_t nundo, capundo;

	/* Top table. */
	struct top_row *top;	/* every function; NULL until shown */
	size_t ntop;
	enum top_sort topsort;
	size_t *topvis;		/* rows shown: indices into top */
	size_t ntopvis, topsel, topfirst;
	char *toppat;		/* the table's search, or NULL */

	/* Sandwich: t->v is one pane, other the other one. */
	struct view graphv;	/* the graph's view, kept meanwhile */
	struct view other;
	struct profile sp[2];	/* callers (merged up), callees */
	int pane;		/* which of sp[] t->v shows */

	/* The heat map (tui-heatmap.c). */
	struct profile *full;	/* the whole profile; p is it or range */
	struct profile range;	/* the selection's profile, when p is it */
	char rangelabel[96];	/* "1.400-1.720 s" when p is range */
	struct timeline tl;
	int hasheat;		/* tl is built */
	int heat;		/* the heat map is up */
	int nbuckets, include_idle;
	int64_t hcur;		/* the cursor's cell */
	int64_t hanchor;	/* where a selection began, -1 for none */
	int hmarking;		/* the selection follows the cursor */
	int64_t hfrom, hto;	/* the selection in ns from t0; hto < 0: none */
	int hcol0, hrow0;	/* first second and bucket shown */

	/* Differential profiles' colours: the two panes' (tui-graph.c). */
	struct diffcache diff[2];
	int difflast;		/* the one used last */
};

/* Options of the interactive view, from the command line. */
struct tui_opts {
	enum palette pal;
	int no_color;
	int icicle;
	struct vstate init;	/* filters and screen to start with */
	int heatmap;		/* --heatmap: open on the heat map */
	int nbuckets;		/* --buckets */
	int include_idle;	/* --include-idle */
	int64_t range_from, range_to;	/* --time-range in ns; to < 0: none */
};

/*
 * The view's options before the command line's: hot colours, no filters,
 * the whole time range. The main viewer and record's both start here.
 */
void tui_defaults(struct tui_opts *);

/* While loading: a read_progress_fn that shows how far it has got. */
int tui_progress(void *arg, uint64_t done, uint64_t total);
/* Start showing progress (if stderr is a terminal); Ctrl-C cancels. */
void tui_loading(void);
/* Erase the progress line. */
void tui_loaded(void);

/*
 * Run the interactive view of p until the user quits. Returns the exit
 * status: 0, or 2 when there is no terminal.
 */
int tui_run(struct profile *p, const struct tui_opts *, char *const *paths,
    int npaths, const char *format, const char *warning);

/* Screens: graph (tui-graph.c), help (tui-help.c). */
void flame_draw(struct tui *);
/* The graph row (layout row index) at screen line y, or -1. */
int flame_row_at(const struct tui *, int y);
/* The first screen line of the graph and its height. */
int flame_top(void);
int flame_height(void);
/*
 * The subtree changes of a differential profile, and the stacks under each
 * node that the widths leave out, worked out if they are not yet; NULL when
 * the profile is not differential. The last two profiles' are kept.
 */
const struct diffcache *flame_diff(struct tui *, const struct profile *);
/* Forget them: the profiles were rebuilt. Free them. */
void flame_diff_forget(struct tui *);
void flame_diff_free(struct tui *);
/* The title line, and a count with thousands separators. */
void flame_title(struct tui *);
/* Write s in reverse video (and bold) across the screen at line y. */
void flame_bar(int y, const char *s, int bold);
char *flame_count(const struct profile *, uint64_t c, char *buf,
    size_t size);
void help_draw(struct tui *);
/* The top table's screen (tui-table.c). */
void table_draw(struct tui *);
/*
 * Run an action on the top table, a click's at screen line (from 0);
 * returns VIEW_* flags.
 */
int table_action(struct tui *, int act, int line);

/*
 * Filters, screens and undo (tui-filters.c). Actions return VIEW_* flags;
 * act is an enum action.
 */
void filters_init(struct tui *, const struct vstate *);
void filters_free(struct tui *);
int filters_action(struct tui *, int act);
/* Before a zoom in the graph, then after it: a change is kept for u. */
void filters_mark(struct tui *);
void filters_marked(struct tui *);
/* Resize and lay out the view(s) of the screen shown. */
void filters_layout(struct tui *);
/* The active filters for the title: " | reverse | hide: /re/ ...". */
void filters_describe(const struct tui *, char *buf, size_t size);
/* Focus the graph on a function's name (top table, sandwich). */
int filters_focus(struct tui *, const char *name);
/* Open the sandwich on a function's name. */
int filters_sandwich(struct tui *, const char *name);
/* The sandwich's panes: first screen line and height of pane 0 or 1. */
void filters_pane(int pane, int *top, int *height);
/* The loaded profile t->orig was replaced: rebuild, forget the undo. */
void filters_reload(struct tui *);
/*
 * The heat map: build it (0, or -1 with a message shown), draw it, handle
 * its keys (returns VIEW_* flags), and show the flame graph of from_ns to
 * to_ns (to_ns < 0: the whole profile).
 */
int heatmap_open(struct tui *);
void heatmap_draw(struct tui *);
int heatmap_action(struct tui *, int action, int line, int col);
void heatmap_show_range(struct tui *, int64_t from_ns, int64_t to_ns);
/* Handle a key on the help screen; returns VIEW_DRAW or 0. */
int help_key(struct tui *, const char *key);

/* Which screen is up (tui-screen.c): lay it out, draw it, or both. */
void screen_layout(struct tui *);
void screen_draw(struct tui *);
void screen_redraw(void *tui);
/* Ask on the bottom line; a resize meanwhile redraws the screen. */
int screen_prompt(struct tui *, struct prompt *);

#endif
