/*
 * tui-graph.c: the graph screen: the flame graph under the title line, the
 * status line of the selected frame and the bottom line (search, messages),
 * and the actions on the view: moves, zoom, search, the SVG export. The
 * callers and callees (tui-sandwich.c) draw and act on their panes with
 * these.
 */
#include "config.h"

#include <sys/stat.h>

#include <curses.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diff.h"
#include "svg.h"
#include "text.h"
#include "tui-screen.h"
#include "util.h"

#define LABEL_MAX 8192
static const struct rgb match_rgb = { 230, 0, 230 };	/* as flamegraph.pl */
static const struct rgb filler_rgb = { 150, 150, 150 };
static const struct rgb selected_rgb = { 68, 68, 68 };	/* under the text */
static const struct rgb ancestor_rgb = { 190, 190, 190 };	/* dimmed */

/* The screen line of a layout row of v, drawn from line top, h high. */
static int
graph_line(const struct view *v, int top, int h, size_t row)
{
	return top + (v->icicle ? v->nanc + (int)row : h - 1 - v->nanc -
	    (int)row);
}

/* The screen line of ancestor row i of v (0: the zoom root's parent). */
static int
graph_ancestor_line(const struct view *v, int top, int h, int i)
{
	return top + (v->icicle ? v->nanc - 1 - i : h - v->nanc + i);
}

/* c as a percentage of of. */
static double
graph_pct(uint64_t c, uint64_t of)
{
	return of == 0 ? 0.0 : 100.0 * (double)c / (double)of;
}

/*
 * The colour of a frame of a differential profile by the rule in use: red
 * grew, blue shrank.
 */
static struct rgb
graph_diff_rgb(const struct tui *t, const struct diffcache *dc,
    const struct profile *p, uint32_t n)
{
	if (t->cur.color == DIFF_COLOR_SHARE)
		return palette_diff(diff_share_change(p, dc->inc, n),
		    dc->maxshare);
	/* The root's change is 0, as in the SVG: it ends no stack. */
	return palette_diff(n == PROFILE_ROOT ? 0 : (double)p->delta[n],
	    (double)p->maxdelta);
}

/* Append " | " and a field to the status line in buf. */
static void
graph_field(char *buf, size_t size, const char *fmt, ...)
{
	size_t n = strlen(buf);
	va_list ap;

	if (n + 3 >= size)
		return;
	memcpy(buf + n, " | ", 4);
	n += 3;
	va_start(ap, fmt);
	vsnprintf(buf + n, size - n, fmt, ap);
	va_end(ap);
}

/* A CPI profile's frame: its cycles and instructions, and their ratio. */
static double
graph_cpi(const struct diffcache *dc, const struct profile *p, uint32_t n,
    uint64_t *cycles, uint64_t *instructions)
{
	diff_counts(p, dc->inc, n, instructions, cycles);
	if (*instructions == 0)
		return *cycles == 0 ? 1.0 : HUGE_VAL;
	return (double)*cycles / (double)*instructions;
}

/* The colour of a CPI profile's frame, by its cycles per instruction. */
static struct rgb
graph_cpi_rgb(const struct diffcache *dc, const struct profile *p, uint32_t n)
{
	uint64_t cy, in;

	return palette_cpi(graph_cpi(dc, p, n, &cy, &in));
}

/* Does the graph colour frames by their CPI? */
static int
graph_cpi_on(const struct tui *t, const struct profile *p)
{
	return p->cpi && !t->nocpi;
}

/* A CPI frame's status: cycles, instructions, CPI and IPC. */
static void
graph_cpi_status(const struct diffcache *dc, const struct profile *p,
    uint32_t n, char *buf, size_t size)
{
	char c[64], i[64], ipc[32] = "-", cpi[32] = "-";
	uint64_t cy, in;
	double r = graph_cpi(dc, p, n, &cy, &in);

	if (in > 0)
		snprintf(cpi, sizeof cpi, "%.2f", r);
	if (cy > 0)
		snprintf(ipc, sizeof ipc, "%.2f", (double)in / (double)cy);
	graph_field(buf, size, "cycles %s", profile_fmt(p, cy, NUM_LONG, c,
	    sizeof c));
	graph_field(buf, size, "instructions %s", profile_fmt(p, in, NUM_LONG,
	    i, sizeof i));
	graph_field(buf, size, "CPI %s", cpi);
	graph_field(buf, size, "IPC %s", ipc);
}

/*
 * A differential frame's counts, most telling first: before, after, delta
 * and the stacks under it only on the other side (not drawn).
 */
static void
graph_diff_status(const struct diffcache *dc, const struct profile *p,
    uint32_t n, char *buf, size_t size)
{
	char b[64], a[64], d[64], h[64], k[32];
	int64_t inc = dc->inc[n];
	uint64_t mag = inc < 0 ? 0 - (uint64_t)inc : (uint64_t)inc;
	uint64_t after, before;

	diff_counts(p, dc->inc, n, &after, &before);
	graph_field(buf, size, "before %s", profile_fmt(p, before, NUM_LONG,
	    b, sizeof b));
	graph_field(buf, size, "after %s", profile_fmt(p, after, NUM_LONG, a,
	    sizeof a));
	graph_field(buf, size, "delta %s%s (%s%.1f%%)", inc < 0 ? "-" : "+",
	    profile_fmt(p, mag, NUM_LONG, d, sizeof d), inc < 0 ? "-" : "+",
	    before > 0 ? 100.0 * (double)mag / (double)before : 100.0);
	if (dc->hidstacks[n] > 0)
		graph_field(buf, size, "%s: %s stack%s, %s",
		    p->diff_before ? "new" : "gone", num_fmt(dc->hidstacks[n],
		    0, NULL, NUM_LONG, k, sizeof k), dc->hidstacks[n] == 1 ?
		    "" : "s", profile_fmt(p, dc->hidcount[n], NUM_LONG |
		    NUM_UNIT, h, sizeof h));
}

/*
 * The path from the view's base to the selected frame in at most cols cells,
 * "all > main > serve" (with a UTF-8 arrow), cut at the left when long.
 * Returns its width.
 */
static int
graph_breadcrumb(const struct view *v, int cols, char *out, size_t size)
{
	const char *sep = term.utf8 ? " \xe2\x80\xba " : " > ";
	const char *cut = term.utf8 ? "\xe2\x80\xa6" : "..";
	const struct name *nm;
	uint32_t n, *path = NULL;
	char *tmp;
	size_t np = 0, cap = 0, k, len = 0;
	int w = 0, nw, cw = term.utf8 ? 1 : 2;

	for (n = v->sel; n != NODE_NONE; n = v->p->nodes[n].parent) {
		path = xgrow(path, &cap, np + 1, sizeof *path);
		path[np++] = n;
		if (n == view_base(v))
			break;
	}
	/* As many frames from the selection up as fit with the cut mark. */
	for (k = 0; k < np; k++) {
		nm = profile_name(v->p, path[k]);
		nw = text_width(nm->s, nm->len, term.utf8) + (k > 0 ? 3 : 0);
		if (k > 0 && w + nw + (k + 1 < np ? cw + 3 : 0) > cols)
			break;
		w += nw;
	}
	if (k <= 1 && np > 1 && w > cols)
		k = 1;
	out[0] = '\0';
	if (k < np)
		len = (size_t)snprintf(out, size, "%s%s", cut, sep);
	while (k-- > 0 && len < size) {
		nm = profile_name(v->p, path[k]);
		text_fit(nm->s, nm->len, cols, term.utf8, out + len, size - len);
		len += strlen(out + len);
		if (k > 0 && len < size)
			len += (size_t)snprintf(out + len, size - len, "%s", sep);
	}
	free(path);
	if (len >= size)
		len = size - 1;
	if ((w = text_width(out, len, term.utf8)) <= cols)
		return w;
	tmp = xstrndup(out, len);	/* one name alone is too long */
	w = text_fit(tmp, len, cols, term.utf8, out, size);
	free(tmp);
	return w;
}

/*
 * The status line: the selected frame's name, then its fields by
 * importance. The name keeps at least a third of the line when it is
 * longer; the fields that do not fit are cut, and the cut marked.
 */
void
graph_status(struct tui *t)
{
	const struct profile *p = t->v->p;
	const struct name *nm = profile_name(p, t->v->sel);
	uint64_t c = p->nodes[t->v->sel].total;
	const struct diffcache *dc;
	char right[1024], count[160], name[LABEL_MAX], cut[1024];
	double all;
	int rw, nw, x, room;

	right[0] = '\0';
	if ((dc = diffcache_get(t, p)) != NULL && p->cpi)
		graph_cpi_status(dc, p, t->v->sel, right, sizeof right);
	else if (dc != NULL)
		graph_diff_status(dc, p, t->v->sel, right, sizeof right);
	else
		graph_field(right, sizeof right, "%s", chrome_amount(p,
		    t->v->sel, count, sizeof count));
	/* Of the profile as loaded, and of what the filters left of it. */
	all = graph_pct(c, t->orig->nodes[PROFILE_ROOT].total);
	graph_field(right, sizeof right, "%.2f%% of total", all);
	if (t->p->nodes[PROFILE_ROOT].total != t->orig->nodes[PROFILE_ROOT].total)
		graph_field(right, sizeof right, "%.2f%% of filtered",
		    graph_pct(c, t->p->nodes[PROFILE_ROOT].total));
	if (dc != NULL && !p->cpi)
		graph_field(right, sizeof right, "widths: %s", p->diff_before ?
		    "before" : "after");
	graph_field(right, sizeof right, "%.2f%% of zoom",
	    graph_pct(c, p->nodes[view_root(t->v)].total));
	rw = text_width(right, strlen(right), term.utf8);
	room = COLS - rw;
	if (room < COLS / 3)
		room = COLS / 3;
	if (view_root(t->v) != view_base(t->v))
		nw = graph_breadcrumb(t->v, room > 1 ? room : 1, name,
		    sizeof name);
	else
		nw = text_fit(nm->s, nm->len, room > 1 ? room : 1, term.utf8,
		    name, sizeof name);
	text_cut(right, strlen(right), COLS - nw, term.utf8, cut, sizeof cut);
	attr_set(A_REVERSE | A_BOLD, 0, NULL);
	mvaddstr(LINES - 2, 0, name);
	attr_set(A_REVERSE, 0, NULL);
	for (x = nw; x < COLS; x++)
		addch(' ');
	if (nw < COLS)
		mvaddstr(LINES - 2, nw, cut);
	attr_set(A_NORMAL, 0, NULL);
}

/* The CPI scale at the right of the bottom line: each step on its colour. */
static void
graph_cpi_legend(void)
{
	static const char *const steps[] = { "<=0.25", "0.5", "1", "2", ">=4" };
	static const double cpi[] = { 0.25, 0.5, 1, 2, 4 };
	int x = COLS - 5, i;

	for (i = 0; i < 5; i++)
		x -= (int)strlen(steps[i]) + 2;
	if (x < 0)
		return;
	mvaddstr(LINES - 1, x, " CPI ");
	for (i = 0; i < 5; i++) {
		if (term.colors == TERM_MONO)
			attr_set(A_REVERSE, 0, NULL);
		else
			attr_set(A_NORMAL, term_pair(COLOR_BLACK,
			    term_color(palette_cpi(cpi[i]))), NULL);
		printw(" %s ", steps[i]);
	}
	attr_set(A_NORMAL, 0, NULL);
}

void
graph_bottom(struct tui *t, const char *hint)
{
	const struct profile *p = t->v->p;
	char line[LABEL_MAX], pat[256];
	uint64_t mz;

	if (t->msg[0] != '\0')
		snprintf(line, sizeof line, "%s", t->msg);
	else if (t->v->searching) {
		mz = view_matched_zoom(t->v);
		text_fit(t->v->pattern, strlen(t->v->pattern), 60, term.utf8,
		    pat, sizeof pat);
		snprintf(line, sizeof line, "/%s/%s matched %.2f%% of total, "
		    "%.2f%% of zoom (n, N: next, previous; Esc: clear)", pat,
		    t->v->icase ? "i" : "",
		    graph_pct(t->v->matched, p->nodes[PROFILE_ROOT].total),
		    graph_pct(mz, p->nodes[view_root(t->v)].total));
	} else if (hint != NULL)
		snprintf(line, sizeof line, "%s", hint);
	else if (p->cpi)
		snprintf(line, sizeof line, "Enter: zoom  C: %s  u: undo  /: "
		    "search  ?: help  q: quit", t->nocpi ? "CPI colours" :
		    "palette");
	else if (p->delta != NULL)
		snprintf(line, sizeof line, "Enter: zoom  w: widths from %s  "
		    "d: colour by %s  u: undo  /: search  ?: help  q: quit",
		    p->diff_before ? "AFTER" : "BEFORE",
		    diff_color_name(t->cur.color == DIFF_COLOR_SELF ?
		    DIFF_COLOR_SHARE : DIFF_COLOR_SELF));
	else
		snprintf(line, sizeof line, "Enter: zoom  u: undo  /: search  "
		    "i: %s  ?: help  q: quit",
		    t->v->icicle ? "flame graph" : "icicle");
	chrome_bottom(line);
	if (graph_cpi_on(t, p))
		graph_cpi_legend();
}

/* Draw a run of narrow frames: blocks of eighths of a cell, or dots. */
static void
graph_filler(const struct span *s, int y)
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
			mvaddch(y, c, '.');	/* any part of a cell, as below */
			continue;
		}
		wc[0] = (wchar_t)(0x2590 - eighths);	/* U+258F..U+2588 */
		mvaddwstr(y, c, wc);
	}
	attr_set(A_NORMAL, 0, NULL);
}

/* Draw one frame: a coloured block with its label, then a gap cell. */
static void
graph_frame(struct tui *t, const struct view *v, const struct diffcache *dc,
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
		    dc != NULL && graph_cpi_on(t, v->p) ? graph_cpi_rgb(dc,
		    v->p, s->node) : dc != NULL && !v->p->cpi ?
		    graph_diff_rgb(t, dc, v->p, s->node) :
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

/* The zoom root's ancestors, dimmed and full width; the farthest elided. */
static void
graph_ancestors(const struct view *v, int top, int h)
{
	char text[LABEL_MAX], label[LABEL_MAX];
	const struct name *nm;
	uint32_t n;
	int i, x, w;

	attr_set(term.colors == TERM_MONO ? A_DIM | A_UNDERLINE : A_NORMAL,
	    term.colors == TERM_MONO ? 0 : term_pair(COLOR_BLACK,
	    term_color(ancestor_rgb)), NULL);
	for (i = 0; i < v->nanc; i++) {
		if ((n = view_ancestor(v, i)) != NODE_NONE) {
			nm = profile_name(v->p, n);
			w = text_fit(nm->s, nm->len, COLS, term.utf8, label,
			    sizeof label);
		} else {
			snprintf(text, sizeof text, "%s %lu more below",
			    term.utf8 ? "\xe2\x80\xa6" : "..",
			    (unsigned long)v->elided);
			w = text_fit(text, strlen(text), COLS, term.utf8,
			    label, sizeof label);
		}
		mvaddstr(graph_ancestor_line(v, top, h, i), 0, label);
		for (x = w; x < COLS; x++)
			addch(' ');
	}
	attr_set(A_NORMAL, 0, NULL);
}

void
graph_view(struct tui *t, const struct view *v, int top, int h)
{
	const struct diffcache *dc = diffcache_get(t, v->p);
	const struct span *s;
	size_t r, i;
	int y;

	graph_ancestors(v, top, h);
	for (r = 0; r < v->nrows; r++) {
		y = graph_line(v, top, h, r);
		for (i = 0; i < v->rows[r].n; i++) {
			s = &v->spans[v->rows[r].first + i];
			if (s->flags & SPAN_FILLER)
				graph_filler(s, y);
		}
		for (i = 0; i < v->rows[r].n; i++) {
			s = &v->spans[v->rows[r].first + i];
			if (!(s->flags & SPAN_FILLER))
				graph_frame(t, v, dc, s, y);
		}
	}
}


/*
 * The layout row of t->v at screen line y, or -1; on an ancestor's row,
 * -2 - the ancestor row's index.
 */
static int
graph_row_at(const struct tui *t, int y)
{
	const struct view *v = t->v;
	int r;

	if (y < t->vtop || y >= t->vtop + t->vheight)
		return -1;
	r = y - t->vtop;
	r = v->icicle ? r : t->vheight - 1 - r;
	return r < v->nanc ? -2 - (v->nanc - 1 - r) : r - v->nanc;
}

/* Lay out the graph between the title and the status line. */
static void
graph_layout(struct tui *t)
{
	t->vtop = chrome_top();
	t->vheight = chrome_height();
	view_resize(t->v, COLS, t->vheight);
	view_layout(t->v);
}

/* Draw the graph's screen. */
static void
graph_draw(struct tui *t)
{
	erase();
	if (LINES < 1 || COLS < 1)
		return;
	chrome_title(t);
	if (LINES >= 3) {
		graph_view(t, t->v, chrome_top(), chrome_height());
		graph_status(t);
	}
	if (LINES >= 2)
		graph_bottom(t, NULL);
}

/* Say something on the bottom line until the next key. */
static int
graph_say(struct tui *t, const char *msg)
{
	snprintf(t->msg, sizeof t->msg, "%s", msg);
	return VIEW_DRAW;
}

/*
 * y, Y: put the selected frame's name, or its stack as a folded line, on
 * the terminal's clipboard, and say what.
 */
static int
graph_copy(struct tui *t, int stack)
{
	const struct view *v = t->v;
	const struct name *nm = profile_name(v->p, v->sel);
	struct strv *frames = NULL;
	size_t n, cap = 0, i, len = 0;
	char *s;

	if (v->sel == PROFILE_ROOT)
		return graph_say(t, "the root is no frame: select one to copy");
	if (!stack) {
		s = xstrndup(nm->s, nm->len);
		len = nm->len;
	} else {
		n = profile_path(v->p, v->sel, &frames, &cap);
		for (i = 0; i < n; i++)
			len += frames[i].len + 1;
		s = xmalloc(len);
		for (i = 0, len = 0; i < n; i++) {
			memcpy(s + len, frames[i].s, frames[i].len);
			len += frames[i].len;
			s[len++] = ';';
		}
		s[--len] = '\0';
		free(frames);
	}
	term_clipboard(s, len);
	snprintf(t->msg, sizeof t->msg, "copied %s%.400s to the clipboard "
	    "(OSC 52)", stack ? "the stack " : "", s);
	free(s);
	return VIEW_DRAW;
}

int
graph_search(struct tui *t, const char *nomatch)
{
	struct prompt pr;
	int ret;

	memset(&pr, 0, sizeof pr);
	pr.label = "/";
	pr.icase = &t->icase;
	screen_draw(t);
	if (!screen_prompt(t, &pr))
		return VIEW_DRAW;
	if (pr.buf[0] == '\0')
		return view_search_clear(t->v) | VIEW_DRAW;
	ret = view_search(t->v, pr.buf, t->icase, t->msg, sizeof t->msg);
	if (ret == 0)
		return VIEW_DRAW;
	if (t->v->matched == 0)
		graph_say(t, nomatch);
	return ret;
}

/*
 * A file name for an export that does not exist yet:
 * flametui-YYYYmmdd-HHMMSS.svg, or with -2, -3, ... after it.
 */
static void
graph_export_name(char *buf, size_t len)
{
	char stamp[32];
	struct stat st;
	struct tm tm;
	time_t now = time(NULL);
	int i;

	localtime_r(&now, &tm);
	strftime(stamp, sizeof stamp, "%Y%m%d-%H%M%S", &tm);
	snprintf(buf, len, "flametui-%s.svg", stamp);
	for (i = 2; lstat(buf, &st) == 0 && i < 1000; i++)
		snprintf(buf, len, "flametui-%s-%d.svg", stamp, i);
}

/*
 * Would saving to path replace a file of the user's? Not "-", a device or
 * a FIFO (written to, not replaced), nor an input (refused anyway).
 */
static int
graph_replaces(const struct tui *t, const char *path)
{
	struct stat st;
	size_t i;

	if (strcmp(path, "-") == 0 || stat(path, &st) != 0 ||
	    !S_ISREG(st.st_mode))
		return 0;
	for (i = 0; i < t->inputs.n; i++)
		if (t->inputs.ids[i].dev == st.st_dev &&
		    t->inputs.ids[i].ino == st.st_ino)
			return 0;
	return 1;
}

int
graph_save(struct tui *t, const char *label, const char *pane)
{
	struct svg_opts so;
	struct prompt pr, yn;
	char err[1024], full[PATH_MAX];
	uint64_t deep = 0;
	size_t n;

	memset(&pr, 0, sizeof pr);
	pr.label = label;
	graph_export_name(pr.buf, sizeof pr.buf);
	pr.len = pr.cur = strlen(pr.buf);
	screen_draw(t);
	if (!screen_prompt(t, &pr) || pr.buf[0] == '\0')
		return graph_say(t, "not saved");
	/* The default never exists; a file typed is replaced if the user
	 * says so. */
	if (graph_replaces(t, pr.buf)) {
		memset(&yn, 0, sizeof yn);
		snprintf(err, sizeof err, "%.900s exists: replace it? (y/n) ",
		    pr.buf);
		yn.label = err;
		if (!screen_prompt(t, &yn) || (yn.buf[0] != 'y' &&
		    yn.buf[0] != 'Y'))
			return graph_say(t, "not saved");
	}
	svg_defaults(&so);
	so.palette = t->pal;
	so.hash = 1;		/* the colours of the screen */
	so.inverted = t->v->icicle;
	so.diffcolor = t->cur.color;
	so.deep = &deep;
	if (t->v->searching) {
		so.search = t->v->pattern;
		so.search_icase = t->v->icase;
	}
	if (svg_export(t->v->p, view_root(t->v), &so, pr.buf, &t->inputs, err,
	    sizeof err) != 0) {
		snprintf(t->msg, sizeof t->msg, "not saved: %.480s", err);
		return VIEW_DRAW;
	}
	if (strcmp(pr.buf, "-") != 0 && realpath(pr.buf, full) != NULL)
		snprintf(t->msg, sizeof t->msg, "saved %s%.450s", pane, full);
	else
		snprintf(t->msg, sizeof t->msg, "saved %s%.450s", pane,
		    pr.buf);
	n = strlen(t->msg);
	if (deep > 0)
		snprintf(t->msg + n, sizeof t->msg - n, " (%llu frames more "
		    "than %u levels up left out)", (unsigned long long)deep,
		    so.maxdepth);
	return VIEW_DRAW;
}

/* Select, or zoom into, the frame under a mouse click. */
static int
graph_click(struct tui *t, const struct term_event *ev, int dbl)
{
	int row = graph_row_at(t, ev->line);
	uint32_t n;

	if (row <= -2)		/* an ancestor: zoom out to it */
		return view_zoom_out_to(t->v, view_ancestor(t->v, -2 - row));
	if (row < 0)
		return 0;
	n = view_node_at(t->v, (size_t)row, ev->col);
	if (n == NODE_NONE)
		return 0;
	if (dbl || n == t->v->sel) {
		view_select(t->v, n);
		return view_zoom(t->v) | VIEW_LAYOUT;
	}
	return view_select(t->v, n);
}

/* The actions that change the zoom. */
static int
graph_zoom(struct tui *t, enum action act, const struct term_event *ev)
{
	struct view *v = t->v;

	switch (act) {
	case ACT_ZOOM:
		return view_zoom(v);
	case ACT_UNZOOM:
		return view_unzoom(v);
	case ACT_ESCAPE:
		if (v->searching)
			return view_search_clear(v);
		return view_unzoom(v);
	case ACT_RESET:
		return view_unzoom_all(v);
	case ACT_CLICK:
		return graph_click(t, ev, 0);
	case ACT_DOUBLE_CLICK:
		return graph_click(t, ev, 1);
	default:
		return 0;
	}
}

int
graph_action(struct tui *t, enum action act, const struct term_event *ev)
{
	struct view *v = t->v;
	int up = v->icicle ? -1 : 1;	/* scrolling up goes to the leaves */
	int page = chrome_height() > 1 ? chrome_height() - 1 : 1;
	int ret;

	switch (act) {
	case ACT_UP:
		return view_vertical(v, -1);
	case ACT_DOWN:
		return view_vertical(v, 1);
	case ACT_LEFT:
		return view_sideways(v, -1);
	case ACT_RIGHT:
		return view_sideways(v, 1);
	case ACT_ZOOM:
	case ACT_UNZOOM:
	case ACT_ESCAPE:
	case ACT_RESET:
	case ACT_CLICK:
	case ACT_DOUBLE_CLICK:
		filters_mark(t);
		ret = graph_zoom(t, act, ev);
		filters_marked(t);
		return ret;
	case ACT_PAGE_UP:
		return view_scroll(v, up * page);
	case ACT_PAGE_DOWN:
		return view_scroll(v, -up * page);
	case ACT_SCROLL_UP:
		return view_scroll(v, up);
	case ACT_SCROLL_DOWN:
		return view_scroll(v, -up);
	case ACT_ICICLE:
		return view_toggle_icicle(v);
	case ACT_SEARCH:
		return graph_search(t, "no frame matches");
	case ACT_NEXT:
	case ACT_PREV:
		if (!v->searching)
			return graph_say(t, "no search: press / to start one");
		if (v->matched == 0)
			return graph_say(t, "no frame matches");
		/* Zooms out, or in, to draw the match: u goes back. */
		filters_mark(t);
		ret = view_search_next(v, act == ACT_NEXT ? 1 : -1);
		filters_marked(t);
		return ret;
	case ACT_SAVE_SVG:
		return graph_save(t, "Save SVG as: ", "");
	case ACT_COPY_NAME:
	case ACT_COPY_STACK:
		return graph_copy(t, act == ACT_COPY_STACK);
	case ACT_CPI:
		if (!t->p->cpi)
			return graph_say(t, "C: no CPI profile; run flametui "
			    "--cpi on perf record -e cycles,instructions -g");
		t->nocpi = !t->nocpi;
		return VIEW_DRAW;
	default:
		return SCREEN_PASS;
	}
}

const struct screen graph_screen = {
	.name = "graph",
	.keys = KEYS_GRAPH,
	.layout = graph_layout,
	.draw = graph_draw,
	.action = graph_action,
};
