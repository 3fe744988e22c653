/*
 * tui-table.c: the top table screen: every function of the profile shown with
 * its self and total samples, sorted by either, searched with /; Enter
 * focuses the graph on the selected function. L opens it as the list of
 * the functions the graph's search matches, where Enter shows the
 * function's heaviest frame in the graph.
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

#include "match.h"
#include "text.h"
#include "top.h"
#include "tui-screen.h"
#include "util.h"

#define TABLE_LINE 8192

struct tui_table {
	struct top_row *top;	/* every function; NULL until shown */
	size_t ntop;
	enum top_sort sort;
	size_t *vis;		/* rows shown: indices into top */
	size_t nvis, sel, first;
	char *pat;		/* the search, or NULL */
	int icase;		/* the search ignores case */
	int matches;		/* pat is the graph's search (L) */
	unsigned gen;		/* t->gen when top was computed */
	char *keep;		/* flametui top: the selected function's name
				   while the profile is replaced */
	size_t keepfirst;	/* and the first row shown */
};

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

/* The rows the search lets through, into tb->vis. */
static void
table_filter(struct tui *t)
{
	struct tui_table *tb = t->table;
	regex_t re;
	size_t i;
	int ok = 0;

	free(tb->vis);
	tb->vis = xcalloc(tb->ntop > 0 ? tb->ntop : 1, sizeof *tb->vis);
	tb->nvis = 0;
	if (tb->pat != NULL)
		ok = match_compile(&re, tb->pat, tb->icase, NULL, 0) == 0;
	for (i = 0; i < tb->ntop; i++)
		if (!ok || regexec(&re, t->p->names[tb->top[i].name].s, 0, NULL,
		    0) == 0)
			tb->vis[tb->nvis++] = i;
	if (ok)
		regfree(&re);
	if (tb->sel >= tb->nvis)
		tb->sel = tb->nvis > 0 ? tb->nvis - 1 : 0;
}

/* Compute the table of the profile shown, if it is not yet. */
static struct tui_table *
table_ensure(struct tui *t)
{
	struct tui_table *tb = t->table;

	if (tb == NULL) {
		tb = t->table = xcalloc(1, sizeof *t->table);
		/* A differential table shows the largest growth first. */
		if (t->p->delta != NULL)
			tb->sort = TOP_BY_DELTA;
	}
	if (tb->top != NULL && tb->gen == t->gen)
		return tb;
	free(tb->top);
	tb->ntop = top_compute(t->p, t->cur.reverse, tb->sort,
	    &tb->top);
	tb->gen = t->gen;
	tb->sel = tb->first = 0;
	table_filter(t);
	return tb;
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
	const struct diffcache *dc = diffcache_get(t, p);
	size_t len = strlen(line);
	char c[64], k[32];

	if (len < size)
		len += (size_t)snprintf(line + len, size - len, " | %s's counts "
		    "(w: %s's)", p->diff_before ? "BEFORE" : "AFTER",
		    p->diff_before ? "AFTER" : "BEFORE");
	if (dc->hidstacks[PROFILE_ROOT] == 0 || len >= size)
		return;
	snprintf(line + len, size - len, " | %s: %s stack%s, %s",
	    p->diff_before ? "new" : "gone", num_fmt(dc->hidstacks[PROFILE_ROOT],
	    0, NULL, NUM_LONG, k, sizeof k),
	    dc->hidstacks[PROFILE_ROOT] == 1 ? "" : "s",
	    profile_fmt(p, dc->hidcount[PROFILE_ROOT], NUM_LONG | NUM_UNIT, c,
	    sizeof c));
}

/* The table's columns as the screen's width allows. */
struct table_cols {
	int shrt;		/* numbers short: 1.8G, 12.3% */
	int cw, pw;		/* widths of a count and of a percentage */
};

/*
 * Numbers in full while the names keep a third of the line, else short
 * (they shrink first).
 */
static void
table_cols(const struct tui *t, struct table_cols *c)
{
	char s[64];
	int w;

	w = (int)strlen(profile_fmt(t->p, t->p->nodes[PROFILE_ROOT].total,
	    NUM_LONG, s, sizeof s));
	c->shrt = 0;
	c->cw = w > 7 ? w : 7;		/* "[total]" */
	c->pw = 7;			/* "100.00%" */
	if (t->p->delta != NULL) {
		c->cw = w > 8 ? w : 8;	/* "[before]" */
		c->pw = 8;		/* "-100.00%" */
	}
	/* 14 wide as before when the screen leaves the names 20 columns. */
	if (t->p->delta == NULL && c->cw < 14 &&
	    COLS >= 2 * 14 + 2 * c->pw + 5 + 20)
		c->cw = 14;
	if (COLS - (2 * c->cw + 2 * c->pw + 5) >= COLS / 3)
		return;
	w = (int)strlen(profile_fmt(t->p, t->p->nodes[PROFILE_ROOT].total,
	    NUM_SHORT, s, sizeof s));
	c->shrt = 1;
	c->cw = w > 5 ? w : 5;
	c->pw = 5;
}

/* A count for a column. */
static const char *
table_count(const struct tui *t, const struct table_cols *c, uint64_t n,
    char *buf, size_t size)
{
	return profile_fmt(t->p, n, c->shrt ? NUM_SHORT : NUM_LONG, buf,
	    size);
}

/* A percentage for a column: 12.34%, or short 12.3%. */
static const char *
table_pct_fmt(const struct table_cols *c, double pct, int sign, char *buf,
    size_t size)
{
	if (c->shrt && (pct >= 99.95 || pct <= -99.95))
		snprintf(buf, size, sign ? "%+.0f%%" : "%.0f%%", pct);
	else
		snprintf(buf, size, sign ? "%+.*f%%" : "%.*f%%", c->shrt ? 1 : 2,
		    pct);
	return buf;
}

/* A column's head: the sort key's in brackets when there is room. */
static const char *
table_head(const struct table_cols *c, const char *name, int key, char *buf,
    size_t size)
{
	snprintf(buf, size, key && (int)strlen(name) + 2 <= c->cw ? "[%s]" :
	    "%s", name);
	return buf;
}

/* The table's line of column heads. */
static void
table_heads(const struct tui *t, const struct table_cols *c, char *line,
    size_t size)
{
	const struct tui_table *tb = t->table;
	char h1[32], h2[32], h3[32];
	int bytotal = tb->sort == TOP_BY_TOTAL;

	if (t->p->delta != NULL)
		snprintf(line, size, "%*s %*s %*s %*s  %s", c->cw, table_head(c,
		    "before", bytotal && t->p->diff_before, h1, sizeof h1), c->cw,
		    table_head(c, "after", bytotal && !t->p->diff_before, h2,
		    sizeof h2), c->cw,
		    table_head(c, "delta", tb->sort == TOP_BY_DELTA, h3,
		    sizeof h3), c->pw, c->shrt ? "d%" : "delta%", "function");
	else
		snprintf(line, size, "%*s %*s %*s %*s  %s", c->cw, table_head(c,
		    "self", tb->sort == TOP_BY_SELF, h1, sizeof h1), c->pw,
		    "self%", c->cw, table_head(c, "total", tb->sort ==
		    TOP_BY_TOTAL, h2, sizeof h2), c->pw, c->shrt ? "tot%" :
		    "total%", "function");
}

/* One row of the table. */
static void
table_row(const struct tui *t, const struct table_cols *c,
    const struct top_row *r, char *line, size_t size)
{
	char a[64], b[64], d[64], p1[32], p2[32];
	uint64_t before, after, mag;

	if (t->p->delta != NULL) {
		top_sides(t->p, r, &before, &after);
		mag = r->delta < 0 ? 0 - (uint64_t)r->delta :
		    (uint64_t)r->delta;
		table_count(t, c, mag, d + 1, sizeof d - 1);
		d[0] = r->delta < 0 ? '-' : '+';
		snprintf(line, size, "%*s %*s %*s %*s  %s", c->cw,
		    table_count(t, c, before, b, sizeof b), c->cw,
		    table_count(t, c, after, a, sizeof a), c->cw, d, c->pw,
		    before > 0 ? table_pct_fmt(c, 100.0 * (double)r->delta /
		    (double)before, 1, p1, sizeof p1) : "new",
		    t->p->names[r->name].s);
		return;
	}
	snprintf(line, size, "%*s %*s %*s %*s  %s", c->cw, table_count(t, c,
	    r->self, a, sizeof a), c->pw, table_pct_fmt(c, table_pct(t,
	    r->self), 0, p1, sizeof p1), c->cw, table_count(t, c, r->total, b,
	    sizeof b), c->pw, table_pct_fmt(c, table_pct(t, r->total), 0, p2,
	    sizeof p2), t->p->names[r->name].s);
}

/* What the table is sorted by, for the status line: "total time". */
static void
table_sorted(const struct tui *t, char *buf, size_t size)
{
	const char *unit = profile_unit(t->p);

	snprintf(buf, size, "%s %s", t->table->sort == TOP_BY_SELF ? "self" :
	    t->table->sort == TOP_BY_DELTA ? "change in" : "total",
	    num_is_time(unit) ? "time" : unit);
}

/* Draw the table's screen. */
static void
table_draw(struct tui *t)
{
	char line[TABLE_LINE], out[TABLE_LINE], nf[32], nv[32], by[96];
	struct tui_table *tb = table_ensure(t);
	struct table_cols c;
	size_t i;
	int y, h = table_height();

	erase();
	if (LINES < 1 || COLS < 1)
		return;
	chrome_title(t);
	table_cols(t, &c);
	if (h > 0) {
		if (tb->sel < tb->first)
			tb->first = tb->sel;
		if (tb->sel >= tb->first + (size_t)h)
			tb->first = tb->sel - (size_t)h + 1;
		table_heads(t, &c, line, sizeof line);
		attr_set(A_BOLD, 0, NULL);
		text_fit(line, strlen(line), COLS, term.utf8, out, sizeof out);
		mvaddstr(1, 0, out);
		attr_set(A_NORMAL, 0, NULL);
		for (y = 0; y < h && tb->first + (size_t)y < tb->nvis; y++) {
			i = tb->first + (size_t)y;
			table_row(t, &c, &tb->top[tb->vis[i]], line,
			    sizeof line);
			if (i == tb->sel)
				chrome_bar(table_top() + y, line, 1);
			else {
				text_fit(line, strlen(line), COLS, term.utf8,
				    out, sizeof out);
				mvaddstr(table_top() + y, 0, out);
			}
		}
	}
	if (LINES >= 3) {
		num_fmt(tb->ntop, 0, NULL, NUM_LONG, nf, sizeof nf);
		num_fmt(tb->nvis, 0, NULL, NUM_LONG, nv, sizeof nv);
		table_sorted(t, by, sizeof by);
		if (tb->matches)
			snprintf(line, sizeof line, "%s of %s functions match "
			    "the search /%s/%s | sorted by %s", nv, nf, tb->pat,
			    tb->icase ? "i" : "", by);
		else if (tb->pat != NULL)
			snprintf(line, sizeof line, "%s of %s functions | "
			    "sorted by %s", nv, nf, by);
		else
			snprintf(line, sizeof line, "%s functions | sorted by "
			    "%s", nf, by);
		if (t->p->delta != NULL)
			table_diff(t, line, sizeof line);
		chrome_bar(LINES - 2, line, 0);
	}
	if (LINES >= 2) {
		if (t->msg[0] != '\0')
			snprintf(line, sizeof line, "%s", t->msg);
		else if (tb->matches)
			snprintf(line, sizeof line, "Enter: show in the graph  "
			    "f: focus  c: callers and callees  o: sort  L: back  "
			    "u: undo  q: quit");
		else if (tb->pat != NULL)
			snprintf(line, sizeof line, "/%s/%s (Esc: clear)",
			    tb->pat, tb->icase ? "i" : "");
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
	struct tui_table *tb = t->table;
	struct prompt pr;
	regex_t re;

	memset(&pr, 0, sizeof pr);
	pr.label = "/";
	pr.icase = &t->icase;
	if (!screen_prompt(t, &pr))
		return VIEW_DRAW;
	free(tb->pat);
	tb->pat = NULL;
	tb->icase = t->icase;
	tb->matches = t->cur.matches = 0;
	if (pr.buf[0] != '\0') {
		if (match_compile(&re, pr.buf, t->icase, t->msg,
		    sizeof t->msg) != 0)
			return VIEW_DRAW;
		regfree(&re);
		tb->pat = xstrdup(pr.buf);
	}
	tb->sel = tb->first = 0;
	table_filter(t);
	if (tb->pat != NULL && tb->nvis == 0)
		snprintf(t->msg, sizeof t->msg, "no function matches");
	return VIEW_DRAW;
}

/* The name of the selected row, or NULL when the table is empty. */
static const char *
table_selected(struct tui *t)
{
	struct tui_table *tb = t->table;

	if (tb->sel >= tb->nvis)
		return NULL;
	return t->p->names[tb->top[tb->vis[tb->sel]].name].s;
}

/* Enter: focus on the selected function; in the list of matches, show it. */
static int
table_enter(struct tui *t)
{
	struct tui_table *tb = t->table;

	if (tb->sel >= tb->nvis)
		return VIEW_DRAW;
	if (tb->matches)
		return filters_show(t, tb->top[tb->vis[tb->sel]].name);
	return filters_focus(t, table_selected(t));
}

/* Opening: the list of the graph's matches (L), or the table as it was. */
static int
table_open(struct tui *t)
{
	struct tui_table *tb = table_ensure(t);

	if (t->cur.matches && t->graph.searching) {
		free(tb->pat);
		tb->pat = xstrdup(t->graph.pattern);
		tb->icase = t->graph.icase;
		tb->matches = 1;
	} else if (tb->matches) {
		free(tb->pat);
		tb->pat = NULL;
		tb->matches = 0;
	} else
		return 0;
	tb->sel = tb->first = 0;
	table_filter(t);
	return 0;
}

/* The table's actions: moves, focus, sort, search; SCREEN_PASS for others. */
static int
table_action(struct tui *t, enum action act, const struct term_event *ev)
{
	struct tui_table *tb = table_ensure(t);
	int page = table_height() > 1 ? table_height() - 1 : 1;
	int line = ev->line;
	const char *name;
	size_t i;

	switch (act) {
	case ACT_CLICK:
	case ACT_DOUBLE_CLICK:
		/* A click selects a row; on the selected row, focuses. */
		if (line < table_top() || line >= table_top() + table_height())
			return 0;
		i = tb->first + (size_t)(line - table_top());
		if (i >= tb->nvis)
			return 0;
		if (i != tb->sel && act == ACT_CLICK) {
			tb->sel = i;
			return VIEW_DRAW;
		}
		tb->sel = i;
		return table_enter(t);
	case ACT_UP:
	case ACT_SCROLL_UP:
		if (tb->sel > 0)
			tb->sel--;
		return VIEW_DRAW;
	case ACT_DOWN:
	case ACT_SCROLL_DOWN:
		if (tb->sel + 1 < tb->nvis)
			tb->sel++;
		return VIEW_DRAW;
	case ACT_PAGE_UP:
		tb->sel = tb->sel > (size_t)page ? tb->sel -
		    (size_t)page : 0;
		return VIEW_DRAW;
	case ACT_PAGE_DOWN:
		tb->sel += (size_t)page;
		if (tb->sel >= tb->nvis)
			tb->sel = tb->nvis > 0 ? tb->nvis - 1 : 0;
		return VIEW_DRAW;
	case ACT_RESET:
		tb->sel = 0;
		return VIEW_DRAW;
	case ACT_ZOOM:
		return table_enter(t);
	case ACT_FOCUS:
	case ACT_SANDWICH:
		if ((name = table_selected(t)) == NULL)
			return VIEW_DRAW;
		if (act == ACT_SANDWICH)
			return filters_sandwich(t, name);
		return filters_focus(t, name);
	case ACT_SORT:
		/* Total, self, and for a differential profile the change. */
		tb->sort = tb->sort == TOP_BY_TOTAL ? (t->p->delta != NULL ?
		    TOP_BY_DELTA : TOP_BY_SELF) : TOP_BY_TOTAL;
		top_sort(t->p, tb->top, tb->ntop, tb->sort);
		tb->sel = tb->first = 0;
		table_filter(t);
		return VIEW_DRAW;
	case ACT_SEARCH:
		return table_search(t);
	case ACT_ESCAPE:
		if (tb->pat != NULL && !tb->matches) {
			free(tb->pat);
			tb->pat = NULL;
			table_filter(t);
			return VIEW_DRAW;
		}
		return filters_action(t, ACT_TOP);
	default:
		return SCREEN_PASS;
	}
}

/* Keep the selected function's row across a new picture. */
static void
table_renew(struct tui *t, int after)
{
	struct tui_table *tb = t->table;
	size_t i;

	if (tb == NULL || tb->top == NULL)
		return;
	if (!after) {
		free(tb->keep);
		tb->keep = tb->nvis > 0 ? xstrdup(t->p->names[
		    tb->top[tb->vis[tb->sel]].name].s) : NULL;
		tb->keepfirst = tb->first;
		return;
	}
	table_ensure(t);
	for (i = 0; tb->keep != NULL && i < tb->nvis; i++)
		if (strcmp(t->p->names[tb->top[tb->vis[i]].name].s,
		    tb->keep) == 0) {
			tb->sel = i;
			tb->first = tb->keepfirst;
			break;
		}
	free(tb->keep);
	tb->keep = NULL;
}

/* Free the table and its search. */
static void
table_free(struct tui *t)
{
	struct tui_table *tb = t->table;

	if (tb == NULL)
		return;
	free(tb->top);
	free(tb->vis);
	free(tb->pat);
	free(tb->keep);
	free(tb);
	t->table = NULL;
}

const struct screen table_screen = {
	.name = "top table",
	.keys = KEYS_GRAPH,
	.open = table_open,
	.draw = table_draw,
	.action = table_action,
	.free = table_free,
	.renew = table_renew,
};
