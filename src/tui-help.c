/*
 * tui-help.c: the help screen, generated from the key table so that it cannot
 * drift from what the keys do.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "keys.h"
#include "term.h"
#include "text.h"
#include "tui.h"

#define HELP_LINE 512
/* The title says how to leave, which the last line says too. */
#define HELP_TITLE "flametui help  (Up, Down, PageUp, PageDown: scroll; " \
	"any other key: close)"

/*
 * Write help line n (from 0) into buf; returns 0 past the last line. Rows
 * of the table with the same action and description share a line.
 */
static int
help_line(int n, char *buf, size_t size)
{
	static const char *const heads[] = {
		"Keys in the graph", "Keys in a prompt (/, H, I, p, s)",
		"Keys in the heat map (m)",
	};
	const struct key *k, *g;
	char names[128];
	int line = 0, ctx = -1;

	for (k = keys; k->key != NULL; k = g) {
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
		for (g = k; g->key != NULL && g->ctx == k->ctx &&
		    g->action == k->action && strcmp(g->desc, k->desc) == 0;
		    g++) {
			if (g != k)
				strncat(names, ", ", sizeof names - strlen(names) - 1);
			strncat(names, g->key, sizeof names - strlen(names) - 1);
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

void
help_draw(struct tui *t)
{
	char buf[HELP_LINE], out[HELP_LINE * 4];
	int y, n = help_count();

	if (t->helptop > n - (LINES - 1))
		t->helptop = n - (LINES - 1);
	if (t->helptop < 0)
		t->helptop = 0;
	erase();
	flame_bar(0, HELP_TITLE, 0);
	for (y = 1; y < LINES && help_line(t->helptop + y - 1, buf, sizeof buf);
	    y++) {
		text_fit(buf, strlen(buf), COLS, term.utf8, out, sizeof out);
		mvaddstr(y, 0, out);
	}
}

int
help_key(struct tui *t, const char *key)
{
	switch (keys_find(KEYS_GRAPH, key)) {
	case ACT_UP:
	case ACT_SCROLL_UP:
		t->helptop--;
		break;
	case ACT_DOWN:
	case ACT_SCROLL_DOWN:
		t->helptop++;
		break;
	case ACT_PAGE_UP:
		t->helptop -= LINES - 2;
		break;
	case ACT_PAGE_DOWN:
		t->helptop += LINES - 2;
		break;
	default:
		t->help = 0;
		break;
	}
	return VIEW_DRAW;
}
