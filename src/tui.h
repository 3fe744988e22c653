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
#include "view.h"

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
};

/* Options of the interactive view, from the command line. */
struct tui_opts {
	enum palette pal;
	int no_color;
	int icicle;
};

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

/* Screens: graph (flame.c), help (help.c). */
void flame_draw(struct tui *);
/* The graph row (layout row index) at screen line y, or -1. */
int flame_row_at(const struct tui *, int y);
/* The first screen line of the graph and its height. */
int flame_top(void);
int flame_height(void);
void help_draw(struct tui *);
/* Handle a key on the help screen; returns VIEW_DRAW or 0. */
int help_key(struct tui *, const char *key);

/*
 * A line of input on the bottom row, for the search and for other
 * questions (a file name with a default, for one). The buffer starts with
 * the default text.
 */
struct prompt {
	const char *label;	/* shown before the text: "/", "Save as: " */
	char buf[1024];		/* the text, NUL-terminated */
	size_t len, cur;	/* its length and the cursor, in bytes */
	int *icase;		/* when set, Tab toggles it and it is shown */
};
/* Edit until Enter (returns 1) or Escape (returns 0). */
int prompt_read(struct tui *, struct prompt *);

#endif
