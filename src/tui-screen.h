/*
 * tui-screen.h: the screens of the interactive view and the state they
 * share.
 *
 * A screen is a struct screen of callbacks, as tmux's window modes are: the
 * graph (tui-graph.c), the callers and callees (tui-sandwich.c), the top
 * table (tui-table.c), the heat map (tui-heatmap.c) and the help
 * (tui-help.c). Each keeps its own state in its file, behind a pointer in
 * struct tui; t->screen is the one that is up. The main loop (tui.c) looks a
 * key up in the screen's context and gives the action to the screen; what
 * it does not handle goes to the global actions in tui.c.
 *
 * The frame around the screens (title, status and bottom lines) is drawn
 * by tui-chrome.c; the filters and undo (tui-filters.c) rebuild the profile
 * and switch between the graph, the table and the callers and callees.
 */
#ifndef TUI_SCREEN_H
#define TUI_SCREEN_H

#include <stddef.h>
#include <stdint.h>

#include "keys.h"
#include "palette.h"
#include "profile.h"
#include "save.h"
#include "term.h"
#include "tui-prompt.h"
#include "tui.h"
#include "view.h"

struct tui;

/* An action's result when the screen leaves it to the global actions. */
#define SCREEN_PASS (-1)

struct screen {
	const char *name;
	enum keys_context keys;		/* where its keys are looked up */
	/* Before it shows: 0, or -1 (a message said why) to stay. */
	int (*open)(struct tui *);
	void (*close)(struct tui *);	/* it stops showing */
	void (*layout)(struct tui *);	/* after a resize or a change */
	void (*draw)(struct tui *);
	/* Returns VIEW_* flags, or SCREEN_PASS. */
	int (*action)(struct tui *, enum action, const struct term_event *);
	void (*free)(struct tui *);	/* at the end: all it holds */
	/*
	 * Optional. flametui top is about to replace the profile with a
	 * newer picture (after 0), or has (after 1): keep what the screen
	 * shows by name across it.
	 */
	void (*renew)(struct tui *, int after);
};

extern const struct screen graph_screen, sandwich_screen, table_screen,
    heatmap_screen, help_screen;

/* What the screens share. */
struct tui {
	struct view *v;		/* what moves act on: &graph or a pane */
	struct view graph;	/* the flame graph's view */
	int vtop, vheight;	/* where *v is drawn: first line, lines */
	struct profile *p;	/* the profile shown */
	char *files;		/* input names for the title */
	const char *format;	/* "perf", "folded+perf", ... */
	enum palette pal;
	int no_color;		/* --no-color */
	int nocpi;		/* C: a CPI profile in the palette's colours */
	char msg[512];		/* one-off message for the bottom line */
	int icase;		/* the next search ignores case */
	struct input_ids inputs;	/* never overwritten by an export */
	char rangelabel[96];	/* "time 1.400-1.720 s" of a heat map range */

	struct profile *orig;	/* the profile as loaded, or a time range */
	struct profile *full;	/* the profile as loaded (or flametui top's
				   picture): orig is it or range */
	struct profile range;	/* t->cur's time range of it, when orig */
	const struct timeline *tl;	/* the heat map's, for time ranges */
	struct profile shown;	/* orig through the filters, when any */
	int hasshown;
	struct vstate shownby;	/* the filters shown was made with */
	struct profile spare;	/* the shown profile before, kept so that
				   going back to its filters (r again, u)
				   costs no rebuild; of this orig */
	struct vstate spareby;
	int hasspare;
	unsigned gen;		/* counts the rebuilds of p */
	struct vstate cur;	/* the filters and screen now */
	struct vstate *undo;	/* earlier states, the last on top */
	size_t nundo, capundo;

	const struct screen *screen;	/* the one up */
	const struct screen *const *screens;	/* by enum tui_mode */
	/* Each screen's state, private to its file; NULL until needed. */
	struct tui_sandwich *sandwich;
	struct tui_table *table;
	struct tui_heatmap *heatmap;
	struct tui_help *help;
	struct tui_diffs *diffs;	/* tui-diffcache.c */
	struct tui_live *live;		/* tui-feed.c: flametui top's pictures */
	char livelabel[512];	/* "last 10 s: 1,234 samples | paused" */
	const struct tui_frames *frames;	/* F's levels, or NULL */
	int level;		/* the frame level shown */
	struct profile *reread;	/* the input read again at level, or NULL */
};

/*
 * The screen up (tui-screen.c): lay it out, draw it, or both (for a
 * prompt's redraw).
 */
void screen_layout(struct tui *);
void screen_draw(struct tui *);
void screen_redraw(void *tui);
/* Ask on the bottom line; a resize meanwhile redraws the screen. */
int screen_prompt(struct tui *, struct prompt *);
/* Show the screen of a mode: the graph when it cannot open. */
void screen_enter(struct tui *, enum tui_mode);
/* Close the screen of t->cur.mode: the graph shows. */
void screen_close(struct tui *);
/* The screen of t->cur.mode, which the heat map and help go back to. */
const struct screen *screen_base(const struct tui *);
/* Show s over the screen up; returns VIEW_* flags. */
int screen_push(struct tui *, const struct screen *s);

/*
 * The frame (tui-chrome.c): the title line, a reverse-video bar, a count
 * for people, the bottom line, and the area between the
 * title and the status line.
 */
void chrome_title(struct tui *);
void chrome_bar(int y, const char *s, int bold);
/*
 * The stacks through node for people: their count with its unit, and for
 * weighted counts the other count ("124.6 s, 3,123 samples").
 */
char *chrome_amount(const struct profile *, uint32_t node, char *buf,
    size_t size);
void chrome_bottom(const char *s);
int chrome_top(void);
int chrome_height(void);

/* What tui-diffcache.c works out once for a differential profile. */
struct diffcache {
	const struct profile *of;	/* NULL when empty */
	uint32_t nnodes;	/* of's when worked out */
	int64_t *inc;		/* per node: AFTER - BEFORE of its subtree */
	double maxshare;	/* the largest change of share */
	uint64_t *hidstacks;	/* per node: the stacks of its subtree only on
				   the side the widths are not from */
	uint64_t *hidcount;	/* and their count on that side */
};
/*
 * The subtree changes of a differential profile, and the stacks under each
 * node that the widths leave out, worked out if they are not yet; NULL when
 * the profile is not differential. The last two profiles' are kept.
 */
const struct diffcache *diffcache_get(struct tui *, const struct profile *);
/* Forget them: the profiles were rebuilt. Free them. */
void diffcache_forget(struct tui *);
void diffcache_free(struct tui *);

/*
 * Filters, screen switches and undo (tui-filters.c). Actions return VIEW_*
 * flags.
 */
void filters_init(struct tui *, const struct vstate *);
void filters_free(struct tui *);
int filters_action(struct tui *, enum action);
/* Before a zoom in the graph, then after it: a change is kept for u. */
void filters_mark(struct tui *);
void filters_marked(struct tui *);
/* Focus the graph on a function's name (top table, sandwich). */
int filters_focus(struct tui *, const char *name);
/* Show the heaviest frame of a name's id in the graph (list of matches). */
int filters_show(struct tui *, uint32_t name);
/* Open the callers and callees of a function's name. */
int filters_sandwich(struct tui *, const char *name);
/*
 * Show the graph of the time range from_ns to to_ns of t->tl (to_ns < 0:
 * the whole profile), a change u undoes when undo is set.
 */
int filters_time_range(struct tui *, int64_t from_ns, int64_t to_ns,
    int undo);
/* Compile a filter's regex (a name when exact); NULL for none. */
regex_t *filters_regex(regex_t *re, const char *text, int exact);
void filters_regfree(regex_t *re);

/* The graph's parts, which the callers and callees draw too (tui-graph.c). */
void graph_view(struct tui *, const struct view *, int top, int h);
void graph_status(struct tui *);
/* The bottom line: a message, the search, hint, or the graph's hint. */
void graph_bottom(struct tui *, const char *hint);
/* The actions on t->v; SCREEN_PASS for the others. */
int graph_action(struct tui *, enum action, const struct term_event *);
/* The / prompt, then the search; nomatch says that nothing matched. */
int graph_search(struct tui *, const char *nomatch);
/* The s prompt with its label, then an SVG of t->v; what goes in "saved". */
int graph_save(struct tui *, const char *label, const char *what);

/*
 * F (tui-frames.c): read the input again with frames named at the next
 * level it can give, and show that; the levels it cannot are skipped,
 * with a message naming why.
 */
int frames_cycle(struct tui *);
/* Free the profile read again. */
void frames_free(struct tui *);

/* The heat map's start from the options (tui-heatmap.c). */
void heatmap_start(struct tui *, const struct tui_opts *);
/*
 * flametui top's new picture, full, is the profile the heat map shows; it
 * is built again, the cursor and selection kept at the same times.
 */
void heatmap_renew(struct tui *, struct profile *full);
/* A selected range is shown: the picture stays as it is. */
int heatmap_frozen(const struct tui *);

/*
 * The live pictures of flametui top (tui-feed.c): the first picture, then
 * how long the main loop may wait for a key, the news on the feed's
 * descriptor and each new picture when it is due, and the keys of
 * KEYS_TOP, which come before the screen's: act is the screen's action,
 * and the action to run is returned. Each returns VIEW_* flags.
 */
struct profile *feed_start(struct tui *, const struct tui_feed *);
int feed_timeout(struct tui *);
int feed_poll(struct tui *, int readable);
enum action feed_key(struct tui *, const char *key, enum action act);
int feed_pause(struct tui *);
void feed_free(struct tui *);

/* flametui top: t->orig is a newer picture; rebuild, keep the undo. */
void filters_renew(struct tui *);
/* F: p, the input read again, is the whole profile; forget the undo. */
void filters_reload(struct tui *, struct profile *p);

#endif
