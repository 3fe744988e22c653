/*
 * tui-graph.c: the graph screen: title line, the flame graph itself, the status
 * line of the selected frame and the bottom line (search, messages).
 *
 * It reads the view's layout and draws it; it changes nothing.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "term.h"
#include "text.h"
#include "tui.h"
#include "util.h"

#define LABEL_MAX 8192
static const struct rgb match_rgb = { 230, 0, 230 };	/* as flamegraph.pl */
static const struct rgb filler_rgb = { 150, 150, 150 };
static const struct rgb selected_rgb = { 68, 68, 68 };	/* under the text */

int
flame_top(void)
{
	return 1;
}

int
flame_height(void)
{
	return LINES > 3 ? LINES - 3 : 0;
}

/* The first line and height of the area of t->v: the graph, or a pane. */
static void
flame_area(const struct tui *t, int *top, int *h)
{
	if (t->cur.mode == MODE_SANDWICH)
		filters_pane(t->pane, top, h);
	else {
		*top = flame_top();
		*h = flame_height();
	}
}

int
flame_row_at(const struct tui *t, int y)
{
	int top, h, r;

	flame_area(t, &top, &h);
	if (y < top || y >= top + h)
		return -1;
	r = y - top;
	return t->v.icicle ? r : h - 1 - r;
}

/* The screen line of a layout row of v, drawn from line top, h high. */
static int
flame_line(const struct view *v, int top, int h, size_t row)
{
	return top + (v->icicle ? (int)row : h - 1 - (int)row);
}

/* A count of samples with thousands separators: "1,234,567.5". */
char *
flame_count(const struct profile *p, uint64_t c, char *buf, size_t size)
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

/* c as a percentage of of. */
static double
flame_pct(uint64_t c, uint64_t of)
{
	return of == 0 ? 0.0 : 100.0 * (double)c / (double)of;
}

/*
 * A node's count (its subtree's) after, and before, in a differential
 * profile, whichever side the widths are from.
 */
static void
flame_diff_counts(const struct profile *p, const int64_t *inc, uint32_t n,
    double *after, double *before)
{
	double w = (double)p->nodes[n].total;

	*after = p->diff_before ? w + (double)inc[n] : w;
	*before = p->diff_before ? w : w - (double)inc[n];
}

/* A node's share after less its share before, in a differential profile. */
static double
flame_share_change(const struct profile *p, const int64_t *inc, uint32_t n)
{
	double a, b, ra, rb;

	flame_diff_counts(p, inc, PROFILE_ROOT, &ra, &rb);
	flame_diff_counts(p, inc, n, &a, &b);
	return (ra > 0 ? a / ra : 0) - (rb > 0 ? b / rb : 0);
}

/* The colour of a frame of a differential profile: red grew, blue shrank. */
static struct rgb
flame_diff_rgb(const struct diffcache *dc, const struct profile *p, uint32_t n)
{
	double sh = flame_share_change(p, dc->inc, n), f;
	unsigned char x;

	f = dc->maxshare > 0 ? (sh < 0 ? -sh : sh) / dc->maxshare : 0;
	x = (unsigned char)(230 - 200 * (f > 1 ? 1 : f));
	if (sh > 1e-12)
		return (struct rgb){ 255, x, x };
	if (sh < -1e-12)
		return (struct rgb){ x, x, 255 };
	return (struct rgb){ 230, 230, 230 };
}

/*
 * A differential frame's status: before, after, delta, the side of the
 * widths and the stacks under it only on the other side (not drawn). Short
 * leaves the last two out.
 */
static void
flame_diff_status(const struct diffcache *dc, const struct profile *p,
    uint32_t n, int shrt, char *buf, size_t size)
{
	char b[64], a[64], d[64], h[64];
	int64_t inc = dc->inc[n];
	uint64_t mag = inc < 0 ? (uint64_t)-inc : (uint64_t)inc;
	double after, before;
	int len;

	flame_diff_counts(p, dc->inc, n, &after, &before);
	profile_fmt_count(p, (uint64_t)before, b, sizeof b);
	profile_fmt_count(p, (uint64_t)after, a, sizeof a);
	profile_fmt_count(p, mag, d, sizeof d);
	len = snprintf(buf, size, " | before %s | after %s | delta %s%s "
	    "(%s%.1f%%)", b, a, inc < 0 ? "-" : "+", d, inc < 0 ? "-" : "+",
	    before > 0 ? 100.0 * (double)mag / before : 100.0);
	if (shrt || len < 0 || (size_t)len >= size)
		return;
	len += snprintf(buf + len, size - (size_t)len, " | widths: %s",
	    p->diff_before ? "before" : "after");
	if (dc->hidstacks[n] == 0 || len < 0 || (size_t)len >= size)
		return;
	profile_fmt_count(p, dc->hidcount[n], h, sizeof h);
	snprintf(buf + len, size - (size_t)len, " | %s: %llu stack%s, %s %s",
	    p->diff_before ? "new" : "gone",
	    (unsigned long long)dc->hidstacks[n],
	    dc->hidstacks[n] == 1 ? "" : "s", h, profile_unit(p));
}

void
flame_bar(int y, const char *s, int bold)
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

/* The title: inputs, total samples, format, filters, and the zoom. */
void
flame_title(struct tui *t)
{
	const struct profile *p = t->p;
	char line[LABEL_MAX], count[64], filters[LABEL_MAX / 2];
	uint32_t root = view_root(&t->v);
	int n;

	filters_describe(t, filters, sizeof filters);
	n = snprintf(line, sizeof line, "%s | %s %s | %s%s", t->files,
	    flame_count(p, p->nodes[PROFILE_ROOT].total, count, sizeof count),
	    profile_unit(p), t->format, filters);
	if (t->rangelabel[0] != '\0' && n > 0 && (size_t)n < sizeof line)
		n += snprintf(line + n, sizeof line - (size_t)n, " | %s",
		    t->rangelabel);
	if (t->cur.mode == MODE_GRAPH && root != PROFILE_ROOT && n > 0 &&
	    (size_t)n < sizeof line)
		snprintf(line + n, sizeof line - (size_t)n, " | zoom: %s",
		    profile_name(p, root)->s);
	flame_bar(0, line, 0);
}

/* The status line: the selected frame and its share. */
static void
flame_status(struct tui *t)
{
	const struct profile *p = t->v.p;
	const struct name *nm = profile_name(p, t->v.sel);
	uint64_t c = p->nodes[t->v.sel].total;
	const struct diffcache *dc;
	char right[256], count[64], name[LABEL_MAX];
	double all, zoom;
	int rw, nw, x;

	flame_count(p, c, count, sizeof count);
	all = flame_pct(c, t->p->nodes[PROFILE_ROOT].total);
	zoom = flame_pct(c, p->nodes[view_root(&t->v)].total);
	/* The numbers in full, or shorter when the screen is narrow. */
	snprintf(right, sizeof right, " | %s %s | %.2f%% of total | "
	    "%.2f%% of zoom", count, profile_unit(p), all, zoom);
	if ((dc = flame_diff(t, p)) != NULL) {
		flame_diff_status(dc, p, t->v.sel, 0, right, sizeof right);
		if ((int)strlen(right) + 8 > COLS)
			flame_diff_status(dc, p, t->v.sel, 1, right,
			    sizeof right);
	}
	if ((int)strlen(right) + 8 > COLS)
		snprintf(right, sizeof right, " | %s | %.2f%% | %.2f%%", count,
		    all, zoom);
	if ((int)strlen(right) + 8 > COLS)
		snprintf(right, sizeof right, " %.1f%%", all);
	rw = (int)strlen(right);
	nw = text_fit(nm->s, nm->len, COLS - rw > 1 ? COLS - rw : 1, term.utf8,
	    name, sizeof name);
	attr_set(A_REVERSE | A_BOLD, 0, NULL);
	mvaddstr(LINES - 2, 0, name);
	attr_set(A_REVERSE, 0, NULL);
	for (x = nw; x < COLS; x++)
		addch(' ');
	if (nw < COLS)
		mvaddnstr(LINES - 2, nw, right, COLS - nw);
	attr_set(A_NORMAL, 0, NULL);
}

/* The bottom line: a message, the search, or a hint. */
static void
flame_bottom(struct tui *t)
{
	const struct profile *p = t->v.p;
	char line[LABEL_MAX], pat[256], out[LABEL_MAX];
	uint64_t mz;

	if (t->msg[0] != '\0')
		snprintf(line, sizeof line, "%s", t->msg);
	else if (t->v.searching) {
		mz = view_matched_zoom(&t->v);
		text_fit(t->v.pattern, strlen(t->v.pattern), 60, term.utf8,
		    pat, sizeof pat);
		snprintf(line, sizeof line, "/%s/%s matched %.2f%% of total, "
		    "%.2f%% of zoom (n, N: next, previous; Esc: clear)", pat,
		    t->v.icase ? "i" : "",
		    flame_pct(t->v.matched, p->nodes[PROFILE_ROOT].total),
		    flame_pct(mz, p->nodes[view_root(&t->v)].total));
	} else if (t->cur.mode == MODE_SANDWICH)
		snprintf(line, sizeof line, "%s above, %s below  Tab: "
		    "switch pane  f: focus  c: back  u: undo  q: quit",
		    t->pane == 0 ? "CALLERS" : "callers",
		    t->pane == 1 ? "CALLEES" : "callees");
	else if (p->delta != NULL)
		snprintf(line, sizeof line, "Enter: zoom  w: widths from %s  "
		    "u: undo  /: search  ?: help  q: quit",
		    p->diff_before ? "AFTER" : "BEFORE");
	else
		snprintf(line, sizeof line, "Enter: zoom  u: undo  /: search  "
		    "i: %s  ?: help  q: quit",
		    t->v.icicle ? "flame graph" : "icicle");
	move(LINES - 1, 0);
	text_fit(line, strlen(line), COLS, term.utf8, out, sizeof out);
	addstr(out);
}

/* Draw a run of narrow frames: blocks of eighths of a cell, or dots. */
static void
flame_filler(const struct span *s, int y)
{
	double cov, lo, hi;
	int c, eighths;
	wchar_t wc[2] = { 0, 0 };
	short pair;

	pair = term_pair(term_color((s->flags & SPAN_MATCH) ? match_rgb :
	    filler_rgb), TERM_DEFAULT);
	attr_set(term.colors == TERM_MONO ? A_DIM : A_NORMAL, pair, NULL);
	for (c = s->col; c < s->col + s->ncol && c < COLS; c++) {
		lo = s->x0 > c ? s->x0 : c;
		hi = s->x1 < c + 1 ? s->x1 : c + 1;
		cov = hi - lo;
		eighths = (int)(cov * 8 + 0.5);
		if (eighths <= 0)
			continue;
		if (!term.utf8) {
			if (eighths >= 4)
				mvaddch(y, c, '.');
			continue;
		}
		wc[0] = (wchar_t)(0x2590 - eighths);	/* U+258F..U+2588 */
		mvaddwstr(y, c, wc);
	}
	attr_set(A_NORMAL, 0, NULL);
}

/* Draw one frame: a coloured block with its label, then a gap cell. */
static void
flame_frame(struct tui *t, const struct view *v, const struct diffcache *dc,
    const struct span *s, int y)
{
	const struct name *nm = profile_name(v->p, s->node);
	char label[LABEL_MAX];
	int area, w, x, c, sel = s->flags & SPAN_SELECTED;
	attr_t a;
	short pair = 0;

	if (s->col >= COLS || s->ncol <= 0)
		return;
	area = s->ncol >= 2 ? s->ncol - 1 : s->ncol;
	if (s->col + area > COLS)
		area = COLS - s->col;
	if (term.colors == TERM_MONO) {
		if (sel)
			a = A_BOLD | A_UNDERLINE;
		else if (s->flags & SPAN_MATCH)
			a = A_REVERSE | A_BOLD | A_UNDERLINE;
		else
			a = A_REVERSE;
	} else {
		c = term_color((s->flags & SPAN_MATCH) ? match_rgb :
		    dc != NULL ? flame_diff_rgb(dc, v->p, s->node) :
		    palette_color(t->pal, nm->s, nm->len));
		pair = term_pair(COLOR_BLACK, c);
		a = A_NORMAL;
		/* Selected: the frame's colour as text on dark grey. */
		if (sel && term.colors == TERM_256) {
			pair = term_pair(c, term_color(selected_rgb));
			a = A_BOLD;
		} else if (sel)
			a = A_REVERSE | A_BOLD;
	}
	w = text_fit(nm->s, nm->len, area, term.utf8, label, sizeof label);
	attr_set(a, pair, NULL);
	mvaddstr(y, s->col, label);
	for (x = w; x < area; x++)
		addch(' ');
	attr_set(A_NORMAL, 0, NULL);
}

/* A graph of v from line top, h lines high. */
static void
flame_graph(struct tui *t, const struct view *v, int top, int h)
{
	const struct diffcache *dc = flame_diff(t, v->p);
	const struct span *s;
	size_t r, i;
	int y;

	for (r = 0; r < v->nrows; r++) {
		y = flame_line(v, top, h, r);
		for (i = 0; i < v->rows[r].n; i++) {
			s = &v->spans[v->rows[r].first + i];
			if (s->flags & SPAN_FILLER)
				flame_filler(s, y);
		}
		for (i = 0; i < v->rows[r].n; i++) {
			s = &v->spans[v->rows[r].first + i];
			if (!(s->flags & SPAN_FILLER))
				flame_frame(t, v, dc, s, y);
		}
	}
}

/* Free what a slot of the differential cache holds. */
static void
flame_diff_clear(struct diffcache *dc)
{
	free(dc->inc);
	free(dc->hidstacks);
	free(dc->hidcount);
	memset(dc, 0, sizeof *dc);
}

void
flame_diff_forget(struct tui *t)
{
	t->diff[0].of = t->diff[1].of = NULL;
}

void
flame_diff_free(struct tui *t)
{
	flame_diff_clear(&t->diff[0]);
	flame_diff_clear(&t->diff[1]);
}

const struct diffcache *
flame_diff(struct tui *t, const struct profile *p)
{
	struct diffcache *dc;
	double sh;
	uint32_t i;
	int k;

	if (p->delta == NULL)
		return NULL;
	for (k = 0; k < 2; k++)
		if (t->diff[k].of == p && t->diff[k].nnodes == p->nnodes) {
			t->difflast = k;
			return &t->diff[k];
		}
	t->difflast = !t->difflast;	/* the one not used last */
	dc = &t->diff[t->difflast];
	flame_diff_clear(dc);
	dc->inc = xcalloc(p->nnodes, sizeof *dc->inc);
	dc->hidstacks = xcalloc(p->nnodes, sizeof *dc->hidstacks);
	dc->hidcount = xcalloc(p->nnodes, sizeof *dc->hidcount);
	dc->of = p;
	dc->nnodes = p->nnodes;
	diff_inclusive(p, dc->inc);
	for (i = 0; i < p->nnodes; i++)
		if (diff_hidden(p, i)) {
			dc->hidstacks[i] = 1;
			dc->hidcount[i] = diff_other(p, i);
		}
	/* Children come after their parents: sum from the end. */
	for (i = p->nnodes; i-- > 1;) {
		dc->hidstacks[p->nodes[i].parent] += dc->hidstacks[i];
		dc->hidcount[p->nodes[i].parent] += dc->hidcount[i];
	}
	for (i = 1; i < p->nnodes; i++) {
		sh = flame_share_change(p, dc->inc, i);
		if (sh < 0)
			sh = -sh;
		if (sh > dc->maxshare)
			dc->maxshare = sh;
	}
	return dc;
}

void
flame_draw(struct tui *t)
{
	int top, h;

	erase();
	if (LINES < 1 || COLS < 1)
		return;
	flame_title(t);
	if (LINES >= 3 && t->cur.mode == MODE_SANDWICH) {
		filters_pane(t->pane, &top, &h);
		flame_graph(t, &t->v, top, h);
		filters_pane(!t->pane, &top, &h);
		flame_graph(t, &t->other, top, h);
		flame_status(t);
	} else if (LINES >= 3) {
		flame_graph(t, &t->v, flame_top(), flame_height());
		flame_status(t);
	}
	if (LINES >= 2)
		flame_bottom(t);
}
