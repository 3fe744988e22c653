/*
 * tui-chrome.c: the frame around the screens: the title line (inputs,
 * samples, format, filters, the screen and the zoom), reverse-video bars
 * for it and the status line, and the bottom line; between the title and
 * the status line is the area a screen draws in.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <string.h>

#include "formats.h"
#include "text.h"
#include "tui-screen.h"

#define LABEL_MAX 8192

int
chrome_top(void)
{
	return 1;
}

int
chrome_height(void)
{
	return LINES > 3 ? LINES - 3 : 0;
}

char *
chrome_amount(const struct profile *p, uint32_t node, char *buf, size_t size)
{
	char other[64];
	size_t n;

	profile_fmt(p, p->nodes[node].total, NUM_LONG | NUM_UNIT, buf, size);
	profile_fmt_other(p, node, NUM_LONG, other, sizeof other);
	n = strlen(buf);
	if (other[0] != '\0' && n < size)
		snprintf(buf + n, size - n, ", %s", other);
	return buf;
}

void
chrome_bar(int y, const char *s, int bold)
{
	char buf[LABEL_MAX];
	int w;

	attr_set(bold ? A_REVERSE | A_BOLD : A_REVERSE, 0, NULL);
	move(y, 0);
	w = text_fit(s, strlen(s), COLS, term.utf8, buf, sizeof buf);
	addstr(buf);
	for (; w < COLS; w++)
		addch(' ');
	attr_set(A_NORMAL, 0, NULL);
}

void
chrome_bottom(const char *s)
{
	char out[LABEL_MAX];

	move(LINES - 1, 0);
	text_fit(s, strlen(s), COLS, term.utf8, out, sizeof out);
	addstr(out);
}

/* Append pre, s and post to the string in buf. */
static void
chrome_cat(char *buf, size_t size, const char *pre, const char *s,
    const char *post)
{
	size_t n = strlen(buf);

	if (n < size)
		snprintf(buf + n, size - n, "%s%s%s", pre, s, post);
}

/* The active filters and screen: " | reverse | hide: /re/ ...". */
static void
chrome_describe(const struct vstate *s, int cpi, char *buf, size_t size)
{
	char pct[32];

	buf[0] = '\0';
	if (s->reverse)
		chrome_cat(buf, size, " | reverse", "", "");
	if (s->focus != NULL)
		chrome_cat(buf, size, s->focus_exact ? " | focus: " :
		    " | focus: /", s->focus, s->focus_exact ? "" : "/");
	if (s->ignore != NULL)
		chrome_cat(buf, size, " | ignore: /", s->ignore, "/");
	if (s->hide != NULL)
		chrome_cat(buf, size, " | hide: /", s->hide, "/");
	if (s->prune > 0) {
		snprintf(pct, sizeof pct, "%g%%", s->prune);
		chrome_cat(buf, size, " | prune: ", pct, "");
	}
	if (s->recursion)
		chrome_cat(buf, size, " | recursion collapsed", "", "");
	if (cpi)
		chrome_cat(buf, size, " | CPI, widths by ", s->before ?
		    "cycles" : "instructions", "");
	else if (s->before)
		chrome_cat(buf, size, " | widths: BEFORE", "", "");
	if (s->mode == MODE_SANDWICH)
		chrome_cat(buf, size, " | callers and callees of ", s->func, "");
	else if (s->mode == MODE_TOP)
		chrome_cat(buf, size, " | top functions", "", "");
}

void
chrome_title(struct tui *t)
{
	const struct profile *p = t->p;
	char line[LABEL_MAX], count[160], filters[LABEL_MAX / 2];
	uint32_t root = view_root(t->v);
	int n;

	chrome_describe(&t->cur, p->cpi, filters, sizeof filters);
	chrome_amount(p, PROFILE_ROOT, count, sizeof count);
	n = snprintf(line, sizeof line, "%s | %s%s%s%s%s | %s%s%s%s", t->files,
	    t->livelabel, t->livelabel[0] != '\0' ? " | " : "", count,
	    profile_weighted(p) ? " of " : "", profile_weighted(p) ? p->event :
	    "", t->format, t->level != FRAMES_FUNCTION ? " | by " : "",
	    t->level != FRAMES_FUNCTION ? frames_name(t->level) : "", filters);
	if (t->rangelabel[0] != '\0' && n > 0 && (size_t)n < sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " | %s",
		    t->rangelabel);
	if (p->delta != NULL && n > 0 && (size_t)n < sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " | colour: %s",
		    diff_color_name(t->cur.color));
	if (t->cur.mode == MODE_GRAPH && root != PROFILE_ROOT && n > 0 &&
	    (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, " | zoom: %s",
		    profile_name(p, root)->s);
	chrome_bar(0, line, 0);
}
