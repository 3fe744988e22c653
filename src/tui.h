/*
 * tui.h: the interactive flame graph: the entry points main() uses, and the
 * options and first state of the view. The screens and the state they
 * share are in tui-screen.h.
 */
#ifndef TUI_H
#define TUI_H

#include <stdint.h>

#include "diff.h"
#include "palette.h"
#include "profile.h"

/* What the area under the title shows, as the undo keeps it. */
enum tui_mode {
	MODE_GRAPH,		/* the flame graph */
	MODE_TOP,		/* the top table */
	MODE_SANDWICH,		/* callers above a function, callees below */
	MODE_COUNT
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
	enum tui_mode from;	/* the mode t or c opened this one from */
	int matches;		/* the table lists the search's functions */
	char *func;		/* the sandwich's function */
	uint32_t *zoom;		/* the graph's zoom stack and selection */
	size_t nzoom;
	uint32_t sel;
	int before;		/* differential: widths from BEFORE */
	int samples;		/* weighted counts: samples instead */
	enum diff_color color;	/* differential: what red and blue say */
	/* The heat map's time range shown, ns from the first sample; none
	 * when range_to < 0. */
	int64_t range_from, range_to;
};

/*
 * A live profile (flametui top): every interval the view asks for a new
 * picture of what is in view and draws it in place of the last, the
 * selection, zoom and screen following the same frames by name.
 */
struct tui_feed {
	double interval;	/* seconds between pictures */
	int fd;			/* readable when there is news, or -1 */
	void *ctx;
	/*
	 * Make out (fresh from profile_init()) the picture now, and say in
	 * label what it is ("last 10 s"). Returns the samples it holds.
	 */
	double (*picture)(void *ctx, struct profile *out, char *label,
	    size_t size);
	/*
	 * fd is readable: read it. Returns 1 when the source has ended (no
	 * more pictures; fd is no longer watched), else 0; a message for the
	 * user, if any, in msg.
	 */
	int (*news)(void *ctx, char *msg, size_t size);
};

/*
 * The frame levels of --frames the viewer can switch between (F), each by
 * reading the input again at that level.
 */
struct tui_frames {
	unsigned levels;	/* FRAMES_BIT()s the inputs give */
	int level;		/* the level shown first */
	const char *why;	/* why the others are not: "folded input has
				   none" */
	/*
	 * Read the inputs again at level into out (fresh from
	 * profile_init()). Returns 0, or -1 with a message in msg.
	 */
	int (*reload)(void *ctx, int level, struct profile *out, char *msg,
	    size_t size);
	void *ctx;
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
	const struct tui_feed *feed;	/* flametui top's, or NULL */
	const struct tui_frames *frames; /* F's levels, or NULL: none */
};

/*
 * The view's options before the command line's: hot colours, no filters,
 * the whole time range. The main viewer and record's both start here.
 */
void tui_defaults(struct tui_opts *);

/* While loading: a read_progress_fn that shows how far it has got. */
int tui_progress(void *arg, uint64_t done, uint64_t total);
/* While a URL sends nothing yet: a fetch_wait_fn counting down. */
void tui_waiting(void *arg, const char *url, double left);
/* Start showing progress (if stderr is a terminal); Ctrl-C cancels. */
void tui_loading(void);
/* Erase the progress line. */
void tui_loaded(void);

/*
 * Run the interactive view of p (with o->feed, of its pictures; p is
 * NULL) until the user quits. Returns the exit status: 0, or 2 when there
 * is no terminal, or 128 + a signal's number when one ended it.
 */
int tui_run(struct profile *p, const struct tui_opts *, char *const *paths,
    int npaths, const char *format, const char *warning);

#endif
