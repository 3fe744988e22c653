/*
 * tui-heatmap.c: the sub-second offset heat map screen, FlameScope's view: one
 * column per second, one row per sub-second bucket, each cell shaded by its
 * samples. A range of cells, in time order, is selected with the keyboard
 * or the mouse, and its flame graph is rebuilt from the timeline.
 *
 * Layout: a title line, the seconds axis, the grid (the offset axis at its
 * left), the colour scale, a status line and the bottom line.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "text.h"
#include "timeline.h"
#include "tui-screen.h"
#include "util.h"

#define HEAT_LEVELS 9		/* shades of a non-empty cell */
#define HEAT_LABEL 6		/* columns of the offset axis */
#define HEAT_MAXCW 4		/* the widest a second's column gets */
#define NS 1000000000LL

/* Buckets a second that b offers: each a whole number of ms, most first. */
static const int heat_choices[] = { 100, 50, 40, 25, 20, 10, 5 };

struct tui_heatmap {
	struct timeline tl;
	int built;		/* tl is */
	int nbuckets, include_idle;
	int64_t cur;		/* the cursor's cell */
	int64_t anchor;		/* where a selection began, -1 for none */
	int marking;		/* the selection follows the cursor */
	int64_t from, to;	/* the selection in ns from t0; to < 0: none */
	int64_t showfrom, showto;	/* the range it last showed */
	int col0, row0;		/* first second and bucket shown */
};

/* Density characters of the levels, for monochrome terminals. */
static const char heat_chars[HEAT_LEVELS + 1] = " .:-=+*#%@";

/* The colour of a level: from pale yellow to deep red, as FlameScope. */
static struct rgb
heatmap_rgb(int level)
{
	struct rgb c;

	c.r = (unsigned char)(255 - 75 * (level - 1) / (HEAT_LEVELS - 1));
	c.g = (unsigned char)(235 - 225 * (level - 1) / (HEAT_LEVELS - 1));
	c.b = (unsigned char)(170 - 160 * (level - 1) / (HEAT_LEVELS - 1));
	return c;
}

/* The level of a cell of n samples: 0 when empty, else 1..HEAT_LEVELS. */
static int
heatmap_level(const struct timeline *tl, uint32_t n)
{
	if (n == 0 || tl->max == 0)
		return 0;
	return 1 + (int)((uint64_t)(n - 1) * HEAT_LEVELS / tl->max);
}

/* The fewest samples a cell of a level holds. */
static uint32_t
heatmap_level_min(const struct timeline *tl, int level)
{
	uint64_t m = tl->max;

	if (level <= 1)
		return level;
	return (uint32_t)(((uint64_t)(level - 1) * m + HEAT_LEVELS - 1) /
	    HEAT_LEVELS + 1);
}

/* Rows of the grid on the screen. */
static int
heatmap_rows(void)
{
	return LINES > 6 ? LINES - 6 : 0;
}

/* The most buckets a second of heat_choices that fit the rows, or 0. */
static int
heatmap_fit(void)
{
	size_t i;

	for (i = 0; i < sizeof heat_choices / sizeof heat_choices[0]; i++)
		if (heat_choices[i] <= heatmap_rows())
			return heat_choices[i];
	return 0;
}

/* Width of a second's column. */
static int
heatmap_cw(const struct tui *t)
{
	const struct tui_heatmap *h = t->heatmap;
	int cw = (COLS - HEAT_LABEL) / (h->tl.nsecs > 0 ? h->tl.nsecs : 1);

	return cw < 1 ? 1 : cw > HEAT_MAXCW ? HEAT_MAXCW : cw;
}

/* Seconds shown across the screen. */
static int
heatmap_cols(const struct tui *t)
{
	int n = (COLS - HEAT_LABEL) / heatmap_cw(t);

	return n < 1 ? 1 : n;
}

/* Scroll so that the cursor is on the screen. */
static void
heatmap_follow(struct tui *t)
{
	struct tui_heatmap *h = t->heatmap;
	int sec = (int)(h->cur / h->tl.nbuckets);
	int b = (int)(h->cur % h->tl.nbuckets), rows = heatmap_rows();

	if (sec < h->col0)
		h->col0 = sec;
	if (sec >= h->col0 + heatmap_cols(t))
		h->col0 = sec - heatmap_cols(t) + 1;
	if (b < h->row0)
		h->row0 = b;
	if (rows > 0 && b >= h->row0 + rows)
		h->row0 = b - rows + 1;
}

/* The selection's cells, first to last; 0 when there is none. */
static int
heatmap_sel_cells(const struct tui *t, int64_t *c0, int64_t *c1)
{
	const struct tui_heatmap *h = t->heatmap;
	if (h->to < 0)
		return 0;
	*c0 = timeline_cell_of(&h->tl, h->from);
	*c1 = timeline_cell_of(&h->tl, h->to - 1);
	return 1;
}

/* Select the cells from a to b, in either order. */
static void
heatmap_select(struct tui *t, int64_t a, int64_t b)
{
	struct tui_heatmap *h = t->heatmap;
	int64_t lo = a < b ? a : b, hi = a < b ? b : a;

	h->from = timeline_cell_start(&h->tl, lo);
	h->to = timeline_cell_start(&h->tl, hi + 1);
}

/*
 * Build the heat map: 0, or -1 with a message shown. A range shown since
 * the heat map last showed one (by u) is its selection.
 */
static int
heatmap_open(struct tui *t)
{
	struct tui_heatmap *h = t->heatmap;
	char err[256];

	if (t->cur.range_from != h->showfrom || t->cur.range_to != h->showto) {
		h->from = h->showfrom = t->cur.range_from;
		h->to = h->showto = t->cur.range_to;
	}
	if (h->built)
		return 0;
	if (timeline_init(&h->tl, t->full, h->nbuckets, h->include_idle, err,
	    sizeof err) != 0) {
		snprintf(t->msg, sizeof t->msg, "no heat map: %s", err);
		return -1;
	}
	h->built = 1;
	t->tl = &h->tl;
	h->anchor = -1;
	if (h->tl.max == 0)
		snprintf(t->msg, sizeof t->msg, "every sample is idle: "
		    "--include-idle shows them");
	return 0;
}

/* Draw one cell: a shade, or its density character when monochrome. */
static void
heatmap_cell(struct tui *t, int y, int x, int cw, int64_t c, int sel)
{
	struct tui_heatmap *h = t->heatmap;
	uint32_t n = h->tl.cells[c];
	int level = heatmap_level(&h->tl, n), i;
	attr_t a = A_NORMAL;
	short pair = 0;
	char ch = heat_chars[level];

	if (term.colors == TERM_MONO) {
		if (sel)
			a |= A_REVERSE;
	} else {
		if (level > 0)
			pair = term_pair(COLOR_BLACK, term_color(
			    heatmap_rgb(level)));
		if (sel)
			pair = term_pair(COLOR_BLACK, term_color(
			    (struct rgb){ 120, 170, 255 }));
		ch = ' ';
	}
	/* The cursor: the cell in reverse video, a block in the shades. */
	if (c == h->cur)
		a = (a & A_REVERSE ? A_NORMAL : A_REVERSE) | A_BOLD;
	attr_set(a, pair, NULL);
	for (i = 0; i < cw && x + i < COLS; i++)
		mvaddch(y, x + i, (chtype)(c == h->cur && ch == ' ' &&
		    term.colors == TERM_MONO && (a & A_REVERSE) == 0 ? '#' :
		    ch));
	attr_set(A_NORMAL, 0, NULL);
}

/* The seconds axis: a label every few seconds. */
static void
heatmap_xaxis(struct tui *t, int y, int cw, int ncols)
{
	struct tui_heatmap *h = t->heatmap;
	char lab[32];
	int step = 1, s, x, w;
	static const int steps[] = { 1, 2, 5, 10, 20, 50, 100, 200, 500, 1000,
	    2000, 5000, 10000 };
	size_t i;

	w = snprintf(lab, sizeof lab, "%d", h->tl.nsecs) + 1;
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		step = steps[i];
		if (step * cw >= w)
			break;
	}
	mvaddstr(y, 0, "s  ms");
	for (s = h->col0; s < h->col0 + ncols && s < h->tl.nsecs; s++) {
		if (s % step != 0)
			continue;
		x = HEAT_LABEL + (s - h->col0) * cw;
		snprintf(lab, sizeof lab, "%d", s);
		if (x + (int)strlen(lab) <= COLS)
			mvaddstr(y, x, lab);
	}
}

/* The colour scale: each level's shade and the fewest samples in it. */
static void
heatmap_legend(struct tui *t, int y)
{
	struct tui_heatmap *h = t->heatmap;
	char num[32];
	int l, x;

	move(y, 0);
	addstr("scale: ");
	for (l = 0; l <= HEAT_LEVELS && l <= (int)h->tl.max; l++) {
		x = getcurx(stdscr);
		snprintf(num, sizeof num, " %u ", heatmap_level_min(&h->tl, l));
		if (x + 2 + (int)strlen(num) > COLS)
			break;
		if (term.colors == TERM_MONO)
			addch((chtype)(l == 0 ? '_' : heat_chars[l]));
		else {
			attr_set(A_NORMAL, l > 0 ? term_pair(COLOR_BLACK,
			    term_color(heatmap_rgb(l))) : 0, NULL);
			addch(' ');
			attr_set(A_NORMAL, 0, NULL);
		}
		addstr(num);
	}
	snprintf(num, sizeof num, "(max %u a cell)", h->tl.max);
	if (getcurx(stdscr) + (int)strlen(num) <= COLS)
		addstr(num);
}

/* Draw the heat map's screen. */
static void
heatmap_draw(struct tui *t)
{
	struct tui_heatmap *h = t->heatmap;
	const struct timeline *tl = &h->tl;
	char line[1024], sel[256], rowpos[128], rowms[32];
	int64_t c, c0 = 0, c1 = -1, cc;
	uint64_t nsel = 0;
	int rows = heatmap_rows(), cw = heatmap_cw(t), ncols = heatmap_cols(t);
	int r, s, b, y, bucket_ms = 1000 / tl->nbuckets, has;

	erase();
	if (LINES < 1 || COLS < 1)
		return;
	heatmap_follow(t);
	snprintf(line, sizeof line, "%s | heat map: %llu samples%s, %d "
	    "buckets a second (%d ms) | %s", t->files,
	    (unsigned long long)tl->nsamples, tl->include_idle ? "" : " not idle",
	    tl->nbuckets, bucket_ms, t->format);
	chrome_bar(0, line, 0);
	if (LINES < 7)
		return;
	heatmap_xaxis(t, 1, cw, ncols);
	has = heatmap_sel_cells(t, &c0, &c1);
	for (r = 0; r < rows && h->row0 + r < tl->nbuckets; r++) {
		b = h->row0 + r;
		y = 2 + r;
		if (b == 0 || b % (tl->nbuckets > 10 ? 5 : 1) == 0)
			mvprintw(y, 0, "%5lld",
			    (long long)(timeline_cell_start(tl, b) / 1000000));
		for (s = h->col0; s < h->col0 + ncols && s < tl->nsecs; s++) {
			c = (int64_t)s * tl->nbuckets + b;
			heatmap_cell(t, y, HEAT_LABEL + (s - h->col0) * cw, cw,
			    c, has && c >= c0 && c <= c1);
		}
	}
	heatmap_legend(t, LINES - 3);
	snprintf(rowms, sizeof rowms, "%g", 1000.0 / tl->nbuckets);
	sel[0] = '\0';
	if (has) {
		/* A --time-range may run past the last cell. */
		for (cc = c0; cc <= c1 &&
		    cc < (int64_t)tl->nsecs * tl->nbuckets; cc++)
			nsel += tl->cells[cc];
		snprintf(sel, sizeof sel, " | selection %.3f-%.3f s: %llu "
		    "samples%s", (double)h->from / 1e9, (double)h->to / 1e9,
		    (unsigned long long)nsel, h->marking ? " (Space ends it)" :
		    "");
	}
	/* The row size, and where the rows shown are when not all fit. */
	if (tl->nbuckets > rows)
		snprintf(rowpos, sizeof rowpos, " | rows %d-%d of %d, %s ms "
		    "each", h->row0 + 1, h->row0 + rows < tl->nbuckets ?
		    h->row0 + rows : tl->nbuckets, tl->nbuckets, rowms);
	else
		snprintf(rowpos, sizeof rowpos, " | %s ms a row", rowms);
	snprintf(line, sizeof line, "cursor %lld s + %lld ms: %u samples%s%s",
	    (long long)(h->cur / tl->nbuckets),
	    (long long)(timeline_cell_start(tl, h->cur % tl->nbuckets) /
	    1000000), tl->cells[h->cur], rowpos, sel);
	chrome_bar(LINES - 2, line, 1);
	if (t->msg[0] != '\0')
		snprintf(line, sizeof line, "%s", t->msg);
	else if ((b = heatmap_fit()) > 0 && tl->nbuckets > rows)
		snprintf(line, sizeof line, "b: %d buckets a second fit  "
		    "Space: mark  Enter: flame graph of the selection  m: graph  "
		    "?: help  q: quit", b);
	else
		snprintf(line, sizeof line, "Space: mark  Enter: flame graph of "
		    "the selection  m: graph  ?: help  q: quit");
	text_fit(line, strlen(line), COLS, term.utf8, sel, sizeof sel);
	mvaddstr(LINES - 1, 0, sel);
}

/*
 * b: the next of heat_choices that fits the rows, fewer than now (after
 * the fewest, the most). The cursor and the selection keep their time.
 */
static int
heatmap_buckets(struct tui *t)
{
	struct tui_heatmap *h = t->heatmap;
	struct timeline tl;
	int64_t curns, anchorns = -1;
	int nb = heatmap_fit();
	size_t i;
	char err[256];

	if (nb == 0) {
		snprintf(t->msg, sizeof t->msg, "the screen is too short for "
		    "%d buckets a second", heat_choices[sizeof heat_choices /
		    sizeof heat_choices[0] - 1]);
		return VIEW_DRAW;
	}
	for (i = 0; i < sizeof heat_choices / sizeof heat_choices[0]; i++)
		if (heat_choices[i] < h->tl.nbuckets &&
		    heat_choices[i] <= heatmap_rows()) {
			nb = heat_choices[i];
			break;
		}
	if (nb == h->tl.nbuckets)
		return 0;
	if (timeline_init(&tl, t->full, nb, h->include_idle, err,
	    sizeof err) != 0) {
		snprintf(t->msg, sizeof t->msg, "no heat map: %s", err);
		return VIEW_DRAW;
	}
	curns = timeline_cell_start(&h->tl, h->cur);
	if (h->anchor >= 0)
		anchorns = timeline_cell_start(&h->tl, h->anchor);
	timeline_free(&h->tl);
	h->tl = tl;
	h->nbuckets = nb;
	h->cur = timeline_cell_of(&h->tl, curns);
	h->anchor = anchorns < 0 ? -1 : timeline_cell_of(&h->tl, anchorns);
	h->row0 = 0;
	return VIEW_DRAW;
}

/* The cell at a screen position, or -1. */
static int64_t
heatmap_cell_at(const struct tui *t, int line, int col)
{
	const struct tui_heatmap *h = t->heatmap;
	int cw = heatmap_cw(t), r = line - 2, s;

	if (r < 0 || r >= heatmap_rows() || col < HEAT_LABEL)
		return -1;
	s = h->col0 + (col - HEAT_LABEL) / cw;
	if (s >= h->tl.nsecs || h->row0 + r >= h->tl.nbuckets)
		return -1;
	return (int64_t)s * h->tl.nbuckets + h->row0 + r;
}

/* Move the cursor to cell c; a selection being marked follows it. */
static int
heatmap_move(struct tui *t, int64_t c)
{
	struct tui_heatmap *h = t->heatmap;
	int64_t ncells = (int64_t)h->tl.nsecs * h->tl.nbuckets;

	if (c < 0 || c >= ncells)
		return 0;
	h->cur = c;
	if (h->marking)
		heatmap_select(t, h->anchor, c);
	return VIEW_DRAW;
}

/* The heat map's actions; SCREEN_PASS for the others. */
static int
heatmap_action(struct tui *t, enum action action, const struct term_event *ev)
{
	int line = ev->line, col = ev->col;
	struct tui_heatmap *h = t->heatmap;
	int nb = h->tl.nbuckets;
	int64_t c;

	switch ((enum action)action) {
	case ACT_LEFT:
		return heatmap_move(t, h->cur - nb);
	case ACT_RIGHT:
		return heatmap_move(t, h->cur + nb);
	case ACT_UP:
		if (h->cur % nb == 0)
			return 0;
		return heatmap_move(t, h->cur - 1);
	case ACT_DOWN:
		if (h->cur % nb == nb - 1)
			return 0;
		return heatmap_move(t, h->cur + 1);
	case ACT_H_MARK:
		if (h->marking) {
			h->marking = 0;
			return VIEW_DRAW;
		}
		h->anchor = h->cur;
		h->marking = 1;
		heatmap_select(t, h->cur, h->cur);
		return VIEW_DRAW;
	case ACT_H_BUCKETS:
		return heatmap_buckets(t);
	case ACT_H_CLEAR:
		h->marking = 0;
		h->anchor = -1;
		h->to = -1;
		return VIEW_DRAW;
	case ACT_CLICK:
		if ((c = heatmap_cell_at(t, line, col)) < 0)
			return 0;
		h->marking = 0;
		h->anchor = h->cur = c;
		heatmap_select(t, c, c);
		return VIEW_DRAW;
	case ACT_SHIFT_CLICK:
		if ((c = heatmap_cell_at(t, line, col)) < 0)
			return 0;
		if (h->anchor < 0)
			h->anchor = h->cur;
		h->marking = 0;
		h->cur = c;
		heatmap_select(t, h->anchor, c);
		return VIEW_DRAW;
	case ACT_H_SHOW:
		h->marking = 0;
		h->showfrom = h->from;
		h->showto = h->to;
		return filters_time_range(t, h->from, h->to, 1);
	case ACT_HEATMAP:
		t->screen = screen_base(t);
		return VIEW_LAYOUT;
	default:
		return SCREEN_PASS;
	}
}

/* Lay out the screen under it, which shows again when it closes. */
static void
heatmap_layout(struct tui *t)
{
	const struct screen *s = screen_base(t);

	if (s->layout != NULL)
		s->layout(t);
}

void
heatmap_start(struct tui *t, const struct tui_opts *o)
{
	struct tui_heatmap *h;

	h = t->heatmap = xcalloc(1, sizeof *t->heatmap);
	h->nbuckets = o->nbuckets > 0 ? o->nbuckets : TIMELINE_BUCKETS;
	h->include_idle = o->include_idle;
	h->anchor = -1;
	h->to = h->showto = -1;
	if ((o->range_to < 0 && !o->heatmap) || heatmap_open(t) != 0)
		return;
	if (o->range_to >= 0) {
		h->from = o->range_from;
		h->to = o->range_to;
		h->cur = timeline_cell_of(&h->tl, h->from);
		/* A range past the end: the cursor on the last cell. */
		if (h->cur >= (int64_t)h->tl.nsecs * h->tl.nbuckets)
			h->cur = (int64_t)h->tl.nsecs * h->tl.nbuckets - 1;
		if (h->cur < 0)
			h->cur = 0;
		h->showfrom = h->from;
		h->showto = h->to;
		filters_time_range(t, h->from, h->to, 0);
		if (t->p->nodes[PROFILE_ROOT].total == 0)
			snprintf(t->msg, sizeof t->msg, "no samples in "
			    "--time-range (m: the heat map)");
	}
	if (o->heatmap)
		t->screen = &heatmap_screen;
}

/* The cell of a time in ns (from no t0), clamped to the timeline. */
static int64_t
heatmap_cell_clamped(const struct timeline *tl, int64_t ns)
{
	int64_t c = timeline_cell_of(tl, ns - tl->t0);
	int64_t n = (int64_t)tl->nsecs * tl->nbuckets;

	return c < 0 ? 0 : c >= n ? n - 1 : c;
}

void
heatmap_renew(struct tui *t, struct profile *full)
{
	struct tui_heatmap *h = t->heatmap;
	int64_t t0, cur_ns, anchor_ns;
	char err[256];
	int nb, last;

	if (h == NULL || !h->built)
		return;
	nb = h->tl.nbuckets;
	t0 = h->tl.t0;
	last = h->cur / nb == h->tl.nsecs - 1;
	cur_ns = t0 + timeline_cell_start(&h->tl, h->cur);
	anchor_ns = t0 + timeline_cell_start(&h->tl, h->anchor);
	timeline_free(&h->tl);
	h->built = 0;
	t->tl = NULL;
	if (timeline_init(&h->tl, full, h->nbuckets, h->include_idle, err,
	    sizeof err) != 0) {
		if (t->screen == &heatmap_screen) {
			snprintf(t->msg, sizeof t->msg, "no heat map: %s", err);
			t->screen = screen_base(t);
		}
		return;
	}
	h->built = 1;
	t->tl = &h->tl;
	/* The cursor on the newest second stays there: the map grows. */
	h->cur = last ? (int64_t)(h->tl.nsecs - 1) * nb + h->cur % nb :
	    heatmap_cell_clamped(&h->tl, cur_ns);
	if (h->anchor >= 0)
		h->anchor = heatmap_cell_clamped(&h->tl, anchor_ns);
	if (h->to >= 0) {
		h->from += t0 - h->tl.t0;
		h->to += t0 - h->tl.t0;
		if (h->to <= 0)
			h->to = -1;
		else if (h->from < 0)
			h->from = 0;
	}
}

int
heatmap_frozen(const struct tui *t)
{
	return t->orig == &t->range;
}

/* Free the timeline and the time range's profile. */
static void
heatmap_free(struct tui *t)
{
	struct tui_heatmap *h = t->heatmap;

	if (h == NULL)
		return;
	if (t->orig == &t->range) {
		profile_free(&t->range);
		t->orig = t->full;
	}
	if (h->built)
		timeline_free(&h->tl);
	t->tl = NULL;
	free(h);
	t->heatmap = NULL;
}

const struct screen heatmap_screen = {
	.name = "heat map",
	.keys = KEYS_HEATMAP,
	.open = heatmap_open,
	.layout = heatmap_layout,
	.draw = heatmap_draw,
	.action = heatmap_action,
	.free = heatmap_free,
};
