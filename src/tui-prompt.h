/*
 * tui-prompt.h: a line of input on the bottom row, for the search and for
 * other questions (a file name with a default, for one).
 *
 * The prompt draws only its own line. When the terminal is resized while
 * it is up, it calls back whoever opened it to redraw the screen under it.
 */
#ifndef TUI_PROMPT_H
#define TUI_PROMPT_H

#include <stddef.h>

struct prompt {
	const char *label;	/* shown before the text: "/", "Save as: " */
	char buf[1024];		/* the text, NUL-terminated; the default */
	size_t len, cur;	/* its length and the cursor, in bytes */
	int *icase;		/* when set, Tab toggles it and it is shown */
	void (*redraw)(void *);	/* lays out and draws the screen under it */
	void *arg;		/* for redraw */
};

/* Edit until Enter (returns 1) or Escape (returns 0). */
int prompt_read(struct prompt *);

#endif
