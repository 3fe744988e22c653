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
chrome_count(const struct profile *p, uint64_t c, char *buf, size_t size)
{
	char raw[64];
	size_t digits, i, o = 0;

	profile_fmt_count(p, c, raw, sizeof raw);
	digits = strcspn(raw, ".");
	for (i = 0; raw[i] != '\0' && o + 2 < size; i++) {
		if (i > 0 && i < digits && (digits - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = raw[i];
	}
	buf[o] = '\0';
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
chrome_describe(const struct vstate *s, char *buf, size_t size)
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
	if (s->before)
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
	char line[LABEL_MAX], count[64], filters[LABEL_MAX / 2];
	uint32_t root = view_root(t->v);
	int n;

	chrome_describe(&t->cur, filters, sizeof filters);
	n = snprintf(line, sizeof line, "%s | %s%s%s %s | %s%s", t->files,
	    t->livelabel, t->livelabel[0] != '\0' ? " | " : "",
	    chrome_count(p, p->nodes[PROFILE_ROOT].total, count, sizeof count),
	    profile_unit(p), t->format, filters);
	if (t->rangelabel[0] != '\0' && n > 0 && (size_t)n < sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " | %s",
		    t->rangelabel);
	if (t->cur.mode == MODE_GRAPH && root != PROFILE_ROOT && n > 0 &&
	    (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, " | zoom: %s",
		    profile_name(p, root)->s);
	chrome_bar(0, line, 0);
}
