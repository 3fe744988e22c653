/*
 * bench/tui-keys.c: the time of each keystroke of the interactive view on a
 * profile of more than a million nodes: the action, the layout and the
 * drawing into a curses screen whose output goes to /dev/null (curses still
 * works out and writes every escape sequence it would send a terminal).
 *
 *   bench/tui-keys [COLUMNS ROWS]      (make bench runs it at 240x60 and
 *                                       300x90)
 *   bench/tui-keys COLUMNS ROWS FILE   the same on a profile loaded from
 *                                       FILE instead, bench/out/folded-1G.txt
 *                                       say
 *   TUI_KEYS_VIEWS=1 bench/tui-keys ...  the view changes only
 *
 * Two profiles are generated, deterministically:
 *   wide: 1,000,000 stacks of seven frames fanning out by ten at each
 *         level, every leaf name distinct: 1,111,112 nodes and as many
 *         names, plus a 300-frame chain for scrolling;
 *   real: 300,000 stacks drawn from 2,000 function names, depth 4 to 30,
 *         each frame calling one of a few likely callees: over a million
 *         nodes sharing few names, as real profiles do.
 * For each: time to first frame (sort, layout, draw), then the mean, the
 * 99th percentile and the worst of each kind of keystroke, in CPU time:
 * the action, the layout and the drawing into curses' screen, and apart,
 * the time curses took to write its output.
 * Then the view changes (tui-filters.c): each rebuilds the profile shown from
 * the loaded one through transform_apply(), or computes the top table or
 * the two halves of the sandwich, then lays out and draws.
 */
#include "config.h"

#include <curses.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "diag.h"
#include "keys.h"
#include "load.h"
#include "profile.h"
#include "term.h"
#include "tui-screen.h"
#include "view.h"

#define RUNS 200

/* The screens the view changes switch between, as tui.c has them. */
static const struct screen *const screens[MODE_COUNT] = {
	[MODE_GRAPH] = &graph_screen,
	[MODE_TOP] = &table_screen,
	[MODE_SANDWICH] = &sandwich_screen,
};

/*
 * Now, in milliseconds of this process's CPU time: the machine is shared,
 * and wall time would count the time other work had the CPU.
 */
static double
ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

/* A small deterministic generator (xorshift). */
static uint64_t
rnd(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

/* Add a stack of names given as one string "a;b;c". */
static void
add(struct profile *p, char *stack, uint64_t count)
{
	struct strv f[400];
	size_t n = 0;
	char *s = stack, *e;

	for (;;) {
		e = strchr(s, ';');
		f[n].s = s;
		f[n].len = e != NULL ? (size_t)(e - s) : strlen(s);
		n++;
		if (e == NULL || n == 400)
			break;
		s = e + 1;
	}
	profile_add(p, f, n, count, 0);
}

/* The fan-out profile, as bench/svg.sh makes it, plus a deep chain. */
static void
make_wide(struct profile *p)
{
	char buf[8192];
	size_t o;
	int i;

	for (i = 0; i < 1000000; i++) {
		snprintf(buf, sizeof buf, "main;mod%d;fn%d;call%d;step%d;work%d;"
		    "leaf%d", i % 10, i % 100, i % 1000, i % 10000, i % 100000,
		    i);
		add(p, buf, (uint64_t)i * 7919 % 97 + 1);
	}
	o = (size_t)snprintf(buf, sizeof buf, "main;deep");
	for (i = 0; i < 300; i++)
		o += (size_t)snprintf(buf + o, sizeof buf - o, ";chain%d", i);
	add(p, buf, 5000000);
}

/*
 * Stacks from 2,000 names, depth 4 to 30: each frame calls one of a few
 * likely callees of its caller, as code does, so prefixes are shared.
 */
static void
make_real(struct profile *p)
{
	char buf[8192];
	uint64_t s = 88172645463325252ull, r, k, prev;
	size_t o;
	int i, d, depth;

	for (i = 0; i < 300000; i++) {
		o = (size_t)snprintf(buf, sizeof buf, "main");
		depth = 4 + (int)(rnd(&s) % 27);
		prev = 0;
		for (d = 0; d < depth; d++) {
			r = rnd(&s) % 100;
			k = r < 55 ? 0 : r < 80 ? 1 : r < 92 ? 2 : 3 + r % 5;
			prev = (prev * 31 + k * 7 + (uint64_t)d) % 2000;
			o += (size_t)snprintf(buf + o, sizeof buf - o,
			    ";func_%llu", (unsigned long long)prev);
		}
		add(p, buf, 1 + rnd(&s) % 10);
	}
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Now, in milliseconds of wall time. */
static double
wall(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double out_ms;	/* time in refresh() of the last frame() */

/*
 * Lay out and draw into curses' screen, then send it to the (null)
 * terminal: one keystroke's work. The time of the output is kept apart
 * in out_ms; the caller's timing includes it.
 */
static void
frame(struct tui *t, int flags)
{
	double t0;

	if (flags & VIEW_LAYOUT)
		view_layout(t->v);
	screen_draw(t);
	t0 = ms();
	refresh();
	out_ms = ms() - t0;
}

/*
 * Report the times of one kind of keystroke: action, layout and drawing,
 * and apart, the output curses wrote for it.
 */
static void
report(const char *what, double *t, double *o, int n)
{
	double sum = 0, osum = 0;
	int i;

	qsort(t, (size_t)n, sizeof *t, cmp);
	qsort(o, (size_t)n, sizeof *o, cmp);
	for (i = 0; i < n; i++) {
		sum += t[i];
		osum += o[i];
	}
	printf("  %-20s mean %7.3f  p99 %7.3f  max %7.3f ms | output mean "
	    "%6.3f  max %6.3f ms (%d)\n", what, sum / n, t[n * 99 / 100],
	    t[n - 1], osum / n, o[n - 1], n);
}

/* Time every kind of keystroke on a profile. */
static void
bench(const char *name, struct profile *p)
{
	static double t[RUNS], o[RUNS];
	struct tui tui;
	double t0, w0, w;
	int i, f;
	char err[256];

	memset(&tui, 0, sizeof tui);
	tui.p = tui.orig = p;	/* the status line gives shares of orig */
	tui.files = (char *)name;
	tui.format = "folded";
	tui.pal = PAL_HOT;
	tui.v = &tui.graph;
	tui.screen = &graph_screen;
	printf("%s: %u nodes, %u names, %d x %d cells\n", name, p->nnodes,
	    p->nnames, COLS, LINES);

	t0 = ms();
	view_init(tui.v, p);
	view_resize(tui.v, COLS, chrome_height());
	frame(&tui, VIEW_LAYOUT);
	printf("  %-20s %7.1f ms (sort, layout, draw, output)\n",
	    "first frame", ms() - t0);

	/* Up and down between the root and the deepest frame. */
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = view_vertical(tui.v, (i / 20) % 2 ? 1 : -1);
		frame(&tui, f | VIEW_DRAW);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("move up/down", t, o, RUNS);

	/* Sideways at depth 3. */
	view_unzoom_all(tui.v);
	view_select(tui.v, PROFILE_ROOT);
	frame(&tui, VIEW_LAYOUT);
	for (i = 0; i < 3; i++)
		view_vertical(tui.v, tui.v->icicle ? 1 : -1);
	frame(&tui, VIEW_LAYOUT);
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = view_sideways(tui.v, (i / 10) % 2 ? -1 : 1);
		frame(&tui, f | VIEW_DRAW);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("move sideways", t, o, RUNS);

	/* Zoom in and out again. */
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = i % 2 ? view_unzoom(tui.v) : view_zoom(tui.v);
		frame(&tui, f | VIEW_DRAW);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("zoom / unzoom", t, o, RUNS);

	/* Scroll a page at a time through the deep chain and back. */
	view_unzoom_all(tui.v);
	frame(&tui, VIEW_LAYOUT);
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = view_scroll(tui.v, (i / 10) % 2 ? -(LINES - 4) : LINES - 4);
		frame(&tui, f | VIEW_DRAW);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("scroll a page", t, o, RUNS);

	/* Icicle and back. */
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = view_toggle_icicle(tui.v);
		frame(&tui, f);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("icicle toggle", t, o, RUNS);

	/* Searches: a regex over every distinct name, then the shares. */
	w = 0;
	for (i = 0; i < 20; i++) {
		w0 = wall();
		t0 = ms();
		f = view_search(tui.v, i % 2 ? "fn1[0-9]|func_1.*7" :
		    "^(leaf|func_)9+$", i % 4 >= 2, err, sizeof err);
		frame(&tui, f);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
		w += wall() - w0;
	}
	report("search (regex)", t, o, 20);
	printf("  %-20s wall mean %7.3f ms (names are matched on every core)\n",
	    "", w / 20);
	w = 0;
	for (i = 0; i < 20; i++) {
		w0 = wall();
		t0 = ms();
		f = view_search(tui.v, i % 2 ? "call12" : "func_17", i % 4 >= 2,
		    err, sizeof err);
		frame(&tui, f);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
		w += wall() - w0;
	}
	report("search (plain word)", t, o, 20);
	printf("  %-20s wall mean %7.3f ms\n", "", w / 20);
	for (i = 0; i < RUNS; i++) {
		t0 = ms();
		f = view_search_next(tui.v, i % 3 == 2 ? -1 : 1);
		frame(&tui, f | VIEW_DRAW);
		t[i] = ms() - t0 - out_ms;
		o[i] = out_ms;
	}
	report("next match (n/N)", t, o, RUNS);
	view_free(tui.v);
}

#define VRUNS 6		/* view changes rebuild the profile: fewer runs */

/* Lay out and draw whatever screen a view change left up. */
static void
vframe(struct tui *t, int flags)
{
	double t0;

	if (flags & VIEW_LAYOUT)
		screen_layout(t);
	screen_draw(t);
	t0 = ms();
	refresh();
	out_ms = ms() - t0;
}

/* Select the widest frame n levels under the root. */
static void
pick(struct tui *t, int n)
{
	view_select(t->v, PROFILE_ROOT);
	while (n-- > 0)
		view_child(t->v);
}

/*
 * Time a view change and its way back: act, then back (an action, or
 * ACT_UNDO), VRUNS times each; depth is where the selection goes first.
 */
static void
vbench(struct tui *t, const char *what, const char *whatback, int act,
    int back, int depth)
{
	static double on[VRUNS], onout[VRUNS], off[VRUNS], offout[VRUNS];
	double t0;
	int i, f;

	for (i = 0; i < VRUNS; i++) {
		pick(t, depth);
		vframe(t, VIEW_LAYOUT);
		t0 = ms();
		f = filters_action(t, act);
		vframe(t, f);
		on[i] = ms() - t0 - out_ms;
		onout[i] = out_ms;
		t0 = ms();
		f = filters_action(t, back);
		vframe(t, f);
		off[i] = ms() - t0 - out_ms;
		offout[i] = out_ms;
	}
	report(what, on, onout, VRUNS);
	report(whatback, off, offout, VRUNS);
}

/* Time the view changes on a profile. */
static void
bench_views(const char *name, struct profile *p)
{
	struct tui tui;
	double t0;

	memset(&tui, 0, sizeof tui);
	tui.p = p;
	tui.files = (char *)name;
	tui.format = "folded";
	tui.pal = PAL_HOT;
	tui.screens = screens;
	filters_init(&tui, NULL);
	vframe(&tui, VIEW_LAYOUT);
	printf("%s: view changes, %u nodes\n", name, p->nnodes);
	vbench(&tui, "reverse (r)", "reverse off (r)", ACT_REVERSE,
	    ACT_REVERSE, 0);
	vbench(&tui, "recursion (R)", "undo it (u)", ACT_RECURSION, ACT_UNDO,
	    0);
	vbench(&tui, "focus (f)", "undo it (u)", ACT_FOCUS, ACT_UNDO, 2);
	vbench(&tui, "top table (t)", "back (t)", ACT_TOP, ACT_TOP, 0);
	vbench(&tui, "sandwich (c)", "back (c)", ACT_SANDWICH, ACT_SANDWICH, 2);
	t0 = ms();
	filters_free(&tui);
	table_screen.free(&tui);
	diffcache_free(&tui);
	printf("  %-20s %7.1f ms\n", "free", ms() - t0);
}

int
main(int argc, char **argv)
{
	struct profile p;
	FILE *null = fopen("/dev/null", "w");
	int cols = argc > 2 ? atoi(argv[1]) : 240;
	int rows = argc > 2 ? atoi(argv[2]) : 60;
	int views_only = getenv("TUI_KEYS_VIEWS") != NULL;
	double t0;

	if (null == NULL || term_open_file(null, "xterm-256color", 0) < 0) {
		fprintf(stderr, "tui-keys: cannot start curses on /dev/null\n");
		return 1;
	}
	resizeterm(rows, cols);

	if (argc > 3) {
		struct load l;

		memset(&l, 0, sizeof l);
		profile_init(&p);
		t0 = ms();
		if (load_files(&l, argv + 3, 1, &p) != 1) {
			endwin();
			fprintf(stderr, "tui-keys: cannot read %s\n", argv[3]);
			return 1;
		}
		fprintf(stderr, "loaded %s in %.0f ms of CPU\n", argv[3],
		    ms() - t0);
		diag_free(&l.diag);
		if (!views_only)
			bench(argv[3], &p);
		bench_views(argv[3], &p);
		profile_free(&p);
		endwin();
		return 0;
	}
	profile_init(&p);
	t0 = ms();
	make_wide(&p);
	fprintf(stderr, "built the wide profile in %.0f ms\n", ms() - t0);
	if (!views_only)
		bench("wide", &p);
	bench_views("wide", &p);
	profile_free(&p);

	profile_init(&p);
	make_real(&p);
	if (!views_only)
		bench("real", &p);
	bench_views("real", &p);
	profile_free(&p);

	endwin();
	return 0;
}
