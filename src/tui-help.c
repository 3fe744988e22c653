/*
 * tui-help.c: the help screen, generated from the key table so that it cannot
 * drift from what the keys do.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "tui-screen.h"
#include "util.h"

#define HELP_LINE 512
/* The title says how to leave, which the last line says too. */
#define HELP_TITLE "flametui help  (Up, Down, PageUp, PageDown: scroll; " \
	"any other key: close)"

struct tui_help {
	int top;			/* first help line shown */
	const struct screen *back;	/* the screen it was opened over */
};

/*
 * Write help line n (from 0) into buf; returns 0 past the last line. A row
 * of the table is a line, its keys' names joined by ", ".
 */
static int
help_line(int n, char *buf, size_t size)
{
	static const char *const heads[] = {
		"Keys in the graph", "Keys in a prompt (/, H, I, p, s)",
		"Keys in the heat map (m)",
		"Keys in flametui top (before the others; Space marks in "
		    "the heat map)",
	};
	const struct key *k;
	char names[128];
	int line = 0, ctx = -1;
	size_t i;

	for (k = keys; k->names[0] != NULL; k++) {
		if ((int)k->ctx != ctx) {
			if (ctx != -1 && line++ == n) {
				buf[0] = '\0';
				return 1;
			}
			ctx = (int)k->ctx;
			if (line++ == n) {
				snprintf(buf, size, "%s", heads[ctx]);
				return 1;
			}
		}
		names[0] = '\0';
		for (i = 0; k->names[i] != NULL; i++) {
			if (i > 0)
				strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, k->names[i], sizeof names - strlen(names) - 1);
		}
		if (line++ == n) {
			snprintf(buf, size, "  %-20s %s", names, k->desc);
			return 1;
		}
	}
	if (line++ == n) {
		buf[0] = '\0';
		return 1;
	}
	if (line++ == n) {
		snprintf(buf, size, "Up, Down, PageUp, PageDown scroll this "
		    "help; any other key closes it.");
		return 1;
	}
	return 0;
}

/* The number of help lines. */
static int
help_count(void)
{
	char buf[HELP_LINE];
	int n = 0;

	while (help_line(n, buf, sizeof buf))
		n++;
	return n;
}

/* Open over the screen up, at the first line. */
static int
help_open(struct tui *t)
{
	if (t->help == NULL)
		t->help = xcalloc(1, sizeof *t->help);
	t->help->top = 0;
	t->help->back = t->screen;
	return 0;
}

/* Lay out the screen under it, which shows again when it closes. */
static void
help_layout(struct tui *t)
{
	if (t->help->back->layout != NULL)
		t->help->back->layout(t);
}

/* Draw the help from its first line shown. */
static void
help_draw(struct tui *t)
{
	struct tui_help *h = t->help;
	char buf[HELP_LINE], out[HELP_LINE * 4];
	int y, n = help_count();

	if (h->top > n - (LINES - 1))
		h->top = n - (LINES - 1);
	if (h->top < 0)
		h->top = 0;
	erase();
	chrome_bar(0, HELP_TITLE, 0);
	for (y = 1; y < LINES && help_line(h->top + y - 1, buf, sizeof buf);
	    y++) {
		text_fit(buf, strlen(buf), COLS, term.utf8, out, sizeof out);
		mvaddstr(y, 0, out);
	}
}

/* Scroll; any other key closes the help. */
static int
help_action(struct tui *t, enum action act, const struct term_event *ev)
{
	(void)ev;
	switch (act) {
	case ACT_UP:
	case ACT_SCROLL_UP:
		t->help->top--;
		break;
	case ACT_DOWN:
	case ACT_SCROLL_DOWN:
		t->help->top++;
		break;
	case ACT_PAGE_UP:
		t->help->top -= LINES - 2;
		break;
	case ACT_PAGE_DOWN:
		t->help->top += LINES - 2;
		break;
	default:
		t->screen = t->help->back;
		break;
	}
	return VIEW_DRAW;
}

/* Free its state. */
static void
help_free(struct tui *t)
{
	free(t->help);
	t->help = NULL;
}

const struct screen help_screen = {
	.name = "help",
	.keys = KEYS_GRAPH,
	.open = help_open,
	.layout = help_layout,
	.draw = help_draw,
	.action = help_action,
	.free = help_free,
};
