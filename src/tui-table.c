/*
 * tui-table.c: the top table screen: every function of the profile shown with
 * its self and total samples, sorted by either, searched with /; Enter
 * focuses the graph on the selected function.
 *
 * Lines: the title, the column heads, the rows, a status line and the
 * bottom line, as the graph's screen.
 */
#include "config.h"

#include <curses.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "keys.h"
#include "term.h"
#include "text.h"
#include "tui.h"
#include "util.h"

#define TABLE_LINE 8192

/* The first screen line of the rows, and how many fit. */
static int
table_top(void)
{
	return 2;
}

static int
table_height(void)
{
	return LINES > 4 ? LINES - 4 : 0;
}

/* The rows the search lets through, into t->topvis. */
static void
table_filter(struct tui *t)
{
	regex_t re;
	size_t i;
	int ok = 0;

	free(t->topvis);
	t->topvis = xcalloc(t->ntop > 0 ? t->ntop : 1, sizeof *t->topvis);
	t->ntopvis = 0;
	if (t->toppat != NULL)
		ok = regcomp(&re, t->toppat, REG_EXTENDED | REG_NOSUB |
		    (t->icase ? REG_ICASE : 0)) == 0;
	for (i = 0; i < t->ntop; i++)
		if (!ok || regexec(&re, t->p->names[t->top[i].name].s, 0, NULL,
		    0) == 0)
			t->topvis[t->ntopvis++] = i;
	if (ok)
		regfree(&re);
	if (t->topsel >= t->ntopvis)
		t->topsel = t->ntopvis > 0 ? t->ntopvis - 1 : 0;
}

/* Compute the table of the profile shown, if it is not yet. */
static void
table_ensure(struct tui *t)
{
	if (t->top != NULL)
		return;
	t->ntop = top_compute(t->p, t->cur.reverse, t->topsort,
	    &t->top);
	t->topsel = t->topfirst = 0;
	table_filter(t);
}

/* c as a percentage of the profile shown. */
static double
table_pct(const struct tui *t, uint64_t c)
{
	uint64_t all = t->p->nodes[PROFILE_ROOT].total;

	return all == 0 ? 0.0 : 100.0 * (double)c / (double)all;
}

/*
 * Add to the status line of a differential profile's table the side its
 * counts are from and the stacks those leave out, which w lists.
 */
static void
table_diff(struct tui *t, char *line, size_t size)
{
	const struct profile *p = t->p;
	const struct diffcache *dc = flame_diff(t, p);
	size_t len = strlen(line);
	char c[64];

	if (len < size)
		len += (size_t)snprintf(line + len, size - len, " | %s's counts "
		    "(w: %s's)", p->diff_before ? "BEFORE" : "AFTER",
		    p->diff_before ? "AFTER" : "BEFORE");
	if (dc->hidstacks[PROFILE_ROOT] == 0 || len >= size)
		return;
	snprintf(line + len, size - len, " | %s: %llu stack%s, %s %s",
	    p->diff_before ? "new" : "gone",
	    (unsigned long long)dc->hidstacks[PROFILE_ROOT],
	    dc->hidstacks[PROFILE_ROOT] == 1 ? "" : "s",
	    profile_fmt_count(p, dc->hidcount[PROFILE_ROOT], c, sizeof c),
	    profile_unit(p));
}

/*
 * The width of the count columns: 14, or on a screen too narrow to leave
 * the names 20 columns that way, as wide as the largest count (the root's).
 */
static int
table_count_width(const struct tui *t)
{
	char s[64];
	int w;

	if (COLS >= 14 + 1 + 7 + 1 + 14 + 1 + 7 + 2 + 20)
		return 14;
	w = (int)strlen(flame_count(t->p, t->p->nodes[PROFILE_ROOT].total, s,
	    sizeof s));
	return w > 7 ? w : 7;	/* "[total]" */
}

void
table_draw(struct tui *t)
{
	char line[TABLE_LINE], out[TABLE_LINE], s[64], tot[64];
	const struct top_row *r;
	size_t i;
	int y, h = table_height(), cw = table_count_width(t);

	table_ensure(t);
	erase();
	if (LINES < 1 || COLS < 1)
		return;
	flame_title(t);
	if (h > 0) {
		if (t->topsel < t->topfirst)
			t->topfirst = t->topsel;
		if (t->topsel >= t->topfirst + (size_t)h)
			t->topfirst = t->topsel - (size_t)h + 1;
		snprintf(line, sizeof line, "%*s %7s %*s %7s  %s", cw,
		    t->topsort == TOP_BY_SELF ? "[self]" : "self", "self%", cw,
		    t->topsort == TOP_BY_TOTAL ? "[total]" : "total", "total%",
		    "function");
		attr_set(A_BOLD, 0, NULL);
		text_fit(line, strlen(line), COLS, term.utf8, out, sizeof out);
		mvaddstr(1, 0, out);
		attr_set(A_NORMAL, 0, NULL);
		for (y = 0; y < h && t->topfirst + (size_t)y < t->ntopvis; y++) {
			i = t->topfirst + (size_t)y;
			r = &t->top[t->topvis[i]];
			snprintf(line, sizeof line, "%*s %6.2f%% %*s %6.2f%%  "
			    "%s", cw, flame_count(t->p, r->self, s, sizeof s),
			    table_pct(t, r->self), cw,
			    flame_count(t->p, r->total, tot, sizeof tot),
			    table_pct(t, r->total), t->p->names[r->name].s);
			if (i == t->topsel)
				flame_bar(table_top() + y, line, 1);
			else {
				text_fit(line, strlen(line), COLS, term.utf8,
				    out, sizeof out);
				mvaddstr(table_top() + y, 0, out);
			}
		}
	}
	if (LINES >= 3) {
		if (t->toppat != NULL)
			snprintf(line, sizeof line, "%zu of %zu functions | "
			    "sorted by %s samples", t->ntopvis, t->ntop,
			    t->topsort == TOP_BY_SELF ? "self" : "total");
		else
			snprintf(line, sizeof line, "%zu functions | sorted by "
			    "%s samples", t->ntop,
			    t->topsort == TOP_BY_SELF ? "self" : "total");
		if (t->p->delta != NULL)
			table_diff(t, line, sizeof line);
		flame_bar(LINES - 2, line, 0);
	}
	if (LINES >= 2) {
		if (t->msg[0] != '\0')
			snprintf(line, sizeof line, "%s", t->msg);
		else if (t->toppat != NULL)
			snprintf(line, sizeof line, "/%s/%s (Esc: clear)",
			    t->toppat, t->icase ? "i" : "");
		else
			snprintf(line, sizeof line, "Enter: focus  c: callers "
			    "and callees  o: sort  /: search  t: graph  "
			    "u: undo  q: quit");
		text_fit(line, strlen(line), COLS, term.utf8, out, sizeof out);
		mvaddstr(LINES - 1, 0, out);
	}
}

/* The / prompt of the table: keep the functions whose name matches. */
static int
table_search(struct tui *t)
{
	struct prompt pr;
	regex_t re;
	char err[256];
	int ret;

	memset(&pr, 0, sizeof pr);
	pr.label = "/";
	pr.icase = &t->icase;
	if (!screen_prompt(t, &pr))
		return VIEW_DRAW;
	free(t->toppat);
	t->toppat = NULL;
	if (pr.buf[0] != '\0') {
		ret = regcomp(&re, pr.buf, REG_EXTENDED | REG_NOSUB |
		    (t->icase ? REG_ICASE : 0));
		if (ret != 0) {
			regerror(ret, &re, err, sizeof err);
			snprintf(t->msg, sizeof t->msg, "bad regular "
			    "expression: %s", err);
			return VIEW_DRAW;
		}
		regfree(&re);
		t->toppat = xstrdup(pr.buf);
	}
	t->topsel = t->topfirst = 0;
	table_filter(t);
	if (t->toppat != NULL && t->ntopvis == 0)
		snprintf(t->msg, sizeof t->msg, "no function matches");
	return VIEW_DRAW;
}

/* The name of the selected row, or NULL when the table is empty. */
static const char *
table_selected(struct tui *t)
{
	if (t->topsel >= t->ntopvis)
		return NULL;
	return t->p->names[t->top[t->topvis[t->topsel]].name].s;
}

int
table_action(struct tui *t, int act, int line)
{
	int page = table_height() > 1 ? table_height() - 1 : 1;
	const char *name;
	size_t i;

	table_ensure(t);
	switch (act) {
	case ACT_CLICK:
	case ACT_DOUBLE_CLICK:
		/* A click selects a row; on the selected row, focuses. */
		if (line < table_top() || line >= table_top() + table_height())
			return 0;
		i = t->topfirst + (size_t)(line - table_top());
		if (i >= t->ntopvis)
			return 0;
		if (i != t->topsel && act == ACT_CLICK) {
			t->topsel = i;
			return VIEW_DRAW;
		}
		t->topsel = i;
		return filters_focus(t, table_selected(t));
	case ACT_UP:
	case ACT_SCROLL_UP:
		if (t->topsel > 0)
			t->topsel--;
		return VIEW_DRAW;
	case ACT_DOWN:
	case ACT_SCROLL_DOWN:
		if (t->topsel + 1 < t->ntopvis)
			t->topsel++;
		return VIEW_DRAW;
	case ACT_PAGE_UP:
		t->topsel = t->topsel > (size_t)page ? t->topsel -
		    (size_t)page : 0;
		return VIEW_DRAW;
	case ACT_PAGE_DOWN:
		t->topsel += (size_t)page;
		if (t->topsel >= t->ntopvis)
			t->topsel = t->ntopvis > 0 ? t->ntopvis - 1 : 0;
		return VIEW_DRAW;
	case ACT_RESET:
		t->topsel = 0;
		return VIEW_DRAW;
	case ACT_ZOOM:
	case ACT_FOCUS:
	case ACT_SANDWICH:
		if ((name = table_selected(t)) == NULL)
			return VIEW_DRAW;
		if (act == ACT_SANDWICH)
			return filters_sandwich(t, name);
		return filters_focus(t, name);
	case ACT_SORT:
		t->topsort = t->topsort == TOP_BY_TOTAL ? TOP_BY_SELF :
		    TOP_BY_TOTAL;
		top_sort(t->p, t->top, t->ntop, t->topsort);
		t->topsel = t->topfirst = 0;
		table_filter(t);
		return VIEW_DRAW;
	case ACT_SEARCH:
		return table_search(t);
	case ACT_ESCAPE:
		if (t->toppat != NULL) {
			free(t->toppat);
			t->toppat = NULL;
			table_filter(t);
			return VIEW_DRAW;
		}
		return filters_action(t, ACT_TOP);
	case ACT_HELP:
	case ACT_REDRAW:
	case ACT_QUIT:
	case ACT_UNDO:
	case ACT_REVERSE:
	case ACT_TOP:
	case ACT_HIDE:
	case ACT_IGNORE:
	case ACT_PRUNE:
	case ACT_RECURSION:
	case ACT_WIDTHS:
		return -1;	/* as in the graph */
	default:
		return 0;
	}
}
