/*
 * tui.c: the main loop of the interactive view, its actions, and the
 * progress line shown while the input loads.
 *
 * Each action returns what it changed (VIEW_DRAW, VIEW_LAYOUT, VIEW_QUIT);
 * the loop recomputes the layout and redraws only when something did.
 */
#include "config.h"

#include <sys/stat.h>

#include <curses.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "keys.h"
#include "svg.h"
#include "term.h"
#include "tui.h"
#include "util.h"

#define PROGRESS_EVERY 0.1	/* seconds between updates */

static struct timespec load_start, load_last;
static int load_shown;

/* Seconds from a to b. */
static double
tui_seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

void
tui_loading(void)
{
	clock_gettime(CLOCK_MONOTONIC, &load_start);
	load_last = load_start;
	load_shown = 0;
	if (isatty(STDERR_FILENO))
		term_guard_loading();
}

int
tui_progress(void *arg, uint64_t done, uint64_t total)
{
	struct timespec now;
	double el, rate, mb = 1e6;

	(void)arg;
	if (!isatty(STDERR_FILENO))
		return 0;
	clock_gettime(CLOCK_MONOTONIC, &now);
	el = tui_seconds(&load_start, &now);
	if (load_shown && tui_seconds(&load_last, &now) < PROGRESS_EVERY)
		return 0;
	load_last = now;
	load_shown = 1;
	rate = el > 0 ? (double)done / el : 0;
	if (total > 0 && done <= total)
		fprintf(stderr, "\r%s: reading %.1f of %.1f MB (%.0f%%), "
		    "%.1f MB/s, about %.0f s left\033[K", PROGNAME,
		    (double)done / mb, (double)total / mb,
		    100.0 * (double)done / (double)total, rate / mb,
		    rate > 0 ? (double)(total - done) / rate : 0.0);
	else
		fprintf(stderr, "\r%s: reading %.1f MB, %.1f MB/s\033[K",
		    PROGNAME, (double)done / mb, rate / mb);
	fflush(stderr);
	return 0;
}

void
tui_loaded(void)
{
	if (load_shown) {
		fprintf(stderr, "\r\033[K");
		fflush(stderr);
	}
	load_shown = 0;
}

/* Say something on the bottom line until the next key. */
static int
tui_say(struct tui *t, const char *msg)
{
	snprintf(t->msg, sizeof t->msg, "%s", msg);
	return VIEW_DRAW;
}

/* The / prompt, then the search. */
static int
tui_search(struct tui *t)
{
	struct prompt pr;
	char err[256];
	int ret;

	memset(&pr, 0, sizeof pr);
	pr.label = "/";
	pr.icase = &t->icase;
	flame_draw(t);
	if (!screen_prompt(t, &pr))
		return VIEW_DRAW;
	if (pr.buf[0] == '\0')
		return view_search_clear(&t->v) | VIEW_DRAW;
	ret = view_search(&t->v, pr.buf, t->icase, err, sizeof err);
	if (ret == 0) {
		snprintf(t->msg, sizeof t->msg, "bad regular expression: %s",
		    err);
		return VIEW_DRAW;
	}
	if (t->v.matched == 0)
		tui_say(t, t->cur.mode == MODE_SANDWICH ? "no frame in this "
		    "pane matches (Tab: the other pane)" : "no frame matches");
	return ret;
}

/*
 * A file name for an export that does not exist yet:
 * flametui-YYYYmmdd-HHMMSS.svg, or with -2, -3, ... after it.
 */
static void
tui_export_name(char *buf, size_t len)
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

/* The s prompt, then an SVG of the zoom root, orientation and search. */
static int
tui_save_svg(struct tui *t)
{
	struct svg_opts so;
	struct prompt pr;
	char err[1024], full[PATH_MAX];
	const char *pane = "";
	uint64_t deep = 0;
	size_t n;

	/* In the callers and callees, the selected pane is what is saved. */
	if (t->cur.mode == MODE_SANDWICH)
		pane = t->pane == 0 ? "the callers pane as " :
		    "the callees pane as ";
	memset(&pr, 0, sizeof pr);
	pr.label = t->cur.mode != MODE_SANDWICH ? "Save SVG as: " :
	    t->pane == 0 ? "Save the callers pane as SVG: " :
	    "Save the callees pane as SVG: ";
	tui_export_name(pr.buf, sizeof pr.buf);
	pr.len = pr.cur = strlen(pr.buf);
	flame_draw(t);
	if (!screen_prompt(t, &pr) || pr.buf[0] == '\0')
		return tui_say(t, "not saved");
	/* The default never exists; a name typed over one is replaced. */
	svg_defaults(&so);
	so.palette = t->pal;
	so.hash = 1;		/* the colours of the screen */
	so.inverted = t->v.icicle;
	so.deep = &deep;
	if (t->v.searching) {
		so.search = t->v.pattern;
		so.search_icase = t->v.icase;
	}
	if (svg_export(t->v.p, view_root(&t->v), &so, pr.buf, &t->inputs, err,
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
tui_click(struct tui *t, const struct term_event *ev, int dbl)
{
	int row = flame_row_at(t, ev->line);
	uint32_t n;

	if (row < 0)
		return 0;
	n = view_node_at(&t->v, (size_t)row, ev->col);
	if (n == NODE_NONE)
		return 0;
	if (dbl || n == t->v.sel) {
		view_select(&t->v, n);
		return view_zoom(&t->v) | VIEW_LAYOUT;
	}
	return view_select(&t->v, n);
}

/* The actions that change the zoom. */
static int
tui_zoom(struct tui *t, enum action act, const struct term_event *ev)
{
	struct view *v = &t->v;

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
		return tui_click(t, ev, 0);
	case ACT_DOUBLE_CLICK:
		return tui_click(t, ev, 1);
	default:
		return 0;
	}
}

/* Run an action; returns what it changed. */
static int
tui_action(struct tui *t, enum action act, const struct term_event *ev)
{
	struct view *v = &t->v;
	int up = v->icicle ? -1 : 1;	/* scrolling up goes to the leaves */
	int page = flame_height() > 1 ? flame_height() - 1 : 1;
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
		ret = tui_zoom(t, act, ev);
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
		return tui_search(t);
	case ACT_NEXT:
	case ACT_PREV:
		if (!v->searching)
			return tui_say(t, "no search: press / to start one");
		if (v->matched == 0)
			return tui_say(t, "no frame matches");
		if (view_matched_zoom(v) == 0)
			return tui_say(t, "no frame in this zoom matches: "
			    "Backspace or 0 zooms out");
		ret = view_search_next(v, act == ACT_NEXT ? 1 : -1);
		if (ret == 0 && !view_matches(v, v->sel))
			return tui_say(t, "the matching frames are all narrower "
			    "than a cell: zoom in to reach them");
		return ret;
	case ACT_SAVE_SVG:
		return tui_save_svg(t);
	case ACT_HELP:
		t->help = 1;
		t->helptop = 0;
		return VIEW_DRAW;
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		return VIEW_LAYOUT;
	case ACT_QUIT:
		return VIEW_QUIT;
	case ACT_HEATMAP:
		if (heatmap_open(t) != 0)
			return VIEW_DRAW;
		t->heat = 1;
		return VIEW_DRAW;
	default:
		return filters_action(t, act);
	}
}

/* "a, b, <stdin>": the input names for the title. */
static char *
tui_files(char *const *paths, int npaths)
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < npaths; i++)
		len += strlen(paths[i]) + 9;
	s = xmalloc(len);
	s[0] = '\0';
	for (i = 0; i < npaths; i++) {
		if (i > 0)
			strcat(s, ", ");
		strcat(s, strcmp(paths[i], "-") == 0 ? "<stdin>" : paths[i]);
	}
	return s;
}

void
tui_defaults(struct tui_opts *o)
{
	memset(o, 0, sizeof *o);
	o->pal = PAL_HOT;
	o->range_to = -1;
}

int
tui_run(struct profile *p, const struct tui_opts *o, char *const *paths,
    int npaths, const char *format, const char *warning)
{
	struct tui t;
	struct term_event ev;
	char err[512];
	enum action act;
	int dirty, i, c;

	memset(&t, 0, sizeof t);
	t.p = p;
	t.pal = o->pal;
	t.no_color = o->no_color;
	t.format = format;
	if (term_open(o->no_color, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	t.files = tui_files(paths, npaths);
	for (i = 0; i < npaths; i++)
		save_input_add(&t.inputs, paths[i]);
	t.inputs.viewer = 1;
	t.full = p;
	t.nbuckets = o->nbuckets > 0 ? o->nbuckets : TIMELINE_BUCKETS;
	t.include_idle = o->include_idle;
	t.hanchor = -1;
	t.hto = -1;
	t.v.icicle = o->icicle;
	filters_init(&t, &o->init);
	if (warning != NULL)
		tui_say(&t, warning);
	if ((o->range_to >= 0 || o->heatmap) && heatmap_open(&t) == 0) {
		if (o->range_to >= 0) {
			t.hfrom = o->range_from;
			t.hto = o->range_to;
			t.hcur = timeline_cell_of(&t.tl, t.hfrom);
			/* A range past the end: the cursor on the last cell. */
			if (t.hcur >= (int64_t)t.tl.nsecs * t.tl.nbuckets)
				t.hcur = (int64_t)t.tl.nsecs * t.tl.nbuckets - 1;
			if (t.hcur < 0)
				t.hcur = 0;
			heatmap_show_range(&t, t.hfrom, t.hto);
			if (t.p->nodes[PROFILE_ROOT].total == 0)
				tui_say(&t, "no samples in --time-range (m: "
				    "the heat map)");
		}
		t.heat = o->heatmap;
	}

	dirty = VIEW_LAYOUT;
	for (;;) {
		if (dirty & VIEW_LAYOUT)
			screen_layout(&t);
		if (dirty != 0) {
			screen_draw(&t);
			refresh();
		}
		term_event(&ev, -1);
		dirty = 0;
		if (ev.type == TERM_CLOSED)
			break;
		if (ev.type == TERM_RESIZE) {
			dirty = VIEW_LAYOUT;
			continue;
		}
		if (ev.type != TERM_KEY)
			continue;
		if (t.help) {
			dirty = help_key(&t, ev.key);
			continue;
		}
		if (t.msg[0] != '\0') {
			t.msg[0] = '\0';
			dirty = VIEW_DRAW;
		}
		if (t.heat) {
			act = keys_find(KEYS_HEATMAP, ev.key);
			if (act == ACT_QUIT || act == ACT_HELP ||
			    act == ACT_REDRAW)
				dirty |= tui_action(&t, act, &ev);
			else
				dirty |= heatmap_action(&t, act, ev.line,
				    ev.col);
		} else {
			act = keys_find(KEYS_GRAPH, ev.key);
			c = t.cur.mode == MODE_TOP ? table_action(&t, act,
			    ev.line) : -1;
			dirty |= c >= 0 ? c : tui_action(&t, act, &ev);
		}
		if (dirty & VIEW_QUIT)
			break;
	}
	term_close();
	filters_free(&t);
	flame_diff_free(&t);
	if (t.orig == &t.range)
		profile_free(&t.range);
	if (t.hasheat)
		timeline_free(&t.tl);
	free(t.files);
	save_input_free(&t.inputs);
	return 0;
}
