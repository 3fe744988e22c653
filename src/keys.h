/*
 * keys.h: the one table of keys. Every key the program reacts to is a row:
 * the key, the action it runs and a line saying what it does. The help
 * screen, --list-keys and the man page's KEYS section come from, or are
 * checked against, this table.
 */
#ifndef KEYS_H
#define KEYS_H

#include <stdio.h>

enum action {
	ACT_NONE,
	ACT_UP, ACT_DOWN, ACT_LEFT, ACT_RIGHT,
	ACT_ZOOM, ACT_UNZOOM, ACT_RESET,
	ACT_PAGE_UP, ACT_PAGE_DOWN, ACT_SCROLL_UP, ACT_SCROLL_DOWN,
	ACT_ICICLE,
	ACT_SEARCH, ACT_NEXT, ACT_PREV, ACT_ESCAPE,
	ACT_HELP, ACT_REDRAW, ACT_QUIT, ACT_SAVE_SVG,
	ACT_CLICK, ACT_DOUBLE_CLICK,
	ACT_UNDO, ACT_REVERSE, ACT_TOP, ACT_SORT, ACT_SANDWICH, ACT_PANE,
	ACT_FOCUS, ACT_HIDE, ACT_IGNORE, ACT_PRUNE, ACT_RECURSION,
	ACT_HEATMAP, ACT_H_MARK, ACT_H_SHOW, ACT_H_CLEAR, ACT_H_BUCKETS,
	ACT_SHIFT_CLICK, ACT_WIDTHS, ACT_PAUSE, ACT_MATCHES,
	ACT_SAMPLES,
	ACT_DIFF_COLOR, ACT_COPY_NAME, ACT_COPY_STACK, ACT_FRAMES, ACT_CPI,

	/* In a prompt. */
	ACT_P_ACCEPT, ACT_P_CANCEL, ACT_P_BACKSPACE, ACT_P_DELETE,
	ACT_P_LEFT, ACT_P_RIGHT, ACT_P_HOME, ACT_P_END, ACT_P_KILL,
	ACT_P_WORD, ACT_P_CASE,
};

/* Where a key applies. */
enum keys_context {
	KEYS_GRAPH,		/* the flame graph */
	KEYS_PROMPT,		/* a prompt on the bottom line */
	KEYS_HEATMAP,		/* the sub-second heat map */
	KEYS_TOP,		/* flametui top: before the screen's own keys */
};

#define KEYS_ALIASES 3	/* the most names of one row */

/* A row: the keys that do one thing, and what it is. */
struct key {
	enum keys_context ctx;
	/* libtermkey's names: "Up", "k", "C-l", ..., the first NULL after
	   the last; the help shows them on one line, the first first. */
	const char *names[KEYS_ALIASES + 1];
	enum action action;
	const char *desc;	/* one line for the help screen */
};

/* The table, ending in a row with no name. */
extern const struct key keys[];

/* The action bound to a key name in a context, or ACT_NONE. */
enum action keys_find(enum keys_context, const char *key);
/* Print the table, "CONTEXT<tab>KEY<tab>DESCRIPTION" a line, for --list-keys. */
void keys_list(FILE *);

#endif
