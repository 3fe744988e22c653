/*
 * tui.c: the main loop of the interactive view, its global actions, and
 * the progress line shown while the input loads.
 *
 * The loop gives each key to the screen up (tui-screen.h); what the screen
 * does not handle goes to the global actions here. Each action returns
 * what it changed (VIEW_DRAW, VIEW_LAYOUT, VIEW_QUIT); the loop recomputes
 * the layout and redraws only when something did.
 */
#include "config.h"

#include <curses.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "tui-screen.h"
#include "util.h"

#define PROGRESS_EVERY 0.1	/* seconds between updates */

/* The screens the filters and undo switch between, by enum tui_mode. */
static const struct screen *const tui_screens[MODE_COUNT] = {
	[MODE_GRAPH] = &graph_screen,
	[MODE_TOP] = &table_screen,
	[MODE_SANDWICH] = &sandwich_screen,
};
/* Each screen, for freeing at the end. */
static const struct screen *const tui_all[] = {
	&graph_screen, &sandwich_screen, &table_screen, &heatmap_screen,
	&help_screen,
};

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
tui_waiting(void *arg, const char *url, double left)
{
	(void)arg;
	if (!isatty(STDERR_FILENO))
		return;
	(void)url;	/* too long for the line */
	if (left >= 0)
		fprintf(stderr, "\r%s: profiling, %.0f s left (Ctrl-C "
		    "cancels)\033[K", PROGNAME, ceil(left));
	else
		fprintf(stderr, "\r%s: waiting for the server (Ctrl-C "
		    "cancels)\033[K", PROGNAME);
	fflush(stderr);
	load_shown = 1;
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

/* The global actions: what the screen up leaves; returns what changed. */
static int
tui_action(struct tui *t, enum action act)
{
	switch (act) {
	case ACT_HELP:
		return screen_push(t, &help_screen);
	case ACT_REDRAW:
		clearok(curscr, TRUE);
		return VIEW_LAYOUT;
	case ACT_QUIT:
		return VIEW_QUIT;
	case ACT_HEATMAP:
		return screen_push(t, &heatmap_screen);
	case ACT_FRAMES:
		return frames_cycle(t);
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

/* Give a key to the screen up, then to the global actions. */
static int
tui_key(struct tui *t, const struct term_event *ev)
{
	enum action act;
	int dirty = 0, c;

	if (t->msg[0] != '\0') {
		t->msg[0] = '\0';
		dirty = VIEW_DRAW;
	}
	act = feed_key(t, ev->key, keys_find(t->screen->keys, ev->key));
	if (act == ACT_PAUSE)
		return dirty | feed_pause(t);
	c = t->screen->action(t, act, ev);
	return dirty | (c != SCREEN_PASS ? c : tui_action(t, act));
}

int
tui_run(struct profile *p, const struct tui_opts *o, char *const *paths,
    int npaths, const char *format, const char *warning)
{
	struct tui t;
	struct term_event ev;
	char err[512];
	size_t k;
	int dirty, i, ret = 0;

	memset(&t, 0, sizeof t);
	t.pal = o->pal;
	t.no_color = o->no_color;
	t.format = format;
	t.screens = tui_screens;
	t.frames = o->frames;
	t.level = o->frames != NULL ? o->frames->level : 0;
	if (term_open(o->no_color, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	t.p = o->feed != NULL ? feed_start(&t, o->feed) : p;
	t.files = tui_files(paths, npaths);
	for (i = 0; i < npaths; i++)
		save_input_add(&t.inputs, paths[i]);
	t.inputs.viewer = 1;
	t.graph.icicle = o->icicle;
	filters_init(&t, &o->init);
	if (warning != NULL)
		snprintf(t.msg, sizeof t.msg, "%s", warning);
	heatmap_start(&t, o);

	dirty = VIEW_LAYOUT;
	for (;;) {
		if (dirty & VIEW_LAYOUT)
			screen_layout(&t);
		if (dirty != 0) {
			screen_draw(&t);
			refresh();
		}
		term_event(&ev, feed_timeout(&t));
		dirty = 0;
		if (ev.type == TERM_CLOSED)
			break;
		if (ev.type == TERM_QUIT) {
			ret = 128 + term_quit_signal();
			break;
		}
		if (ev.type == TERM_RESIZE)
			dirty = VIEW_LAYOUT;
		else if (ev.type == TERM_NONE || ev.type == TERM_WATCHED)
			dirty = feed_poll(&t, ev.type == TERM_WATCHED);
		else if (ev.type == TERM_KEY)
			dirty = tui_key(&t, &ev);
		if (dirty & VIEW_QUIT)
			break;
	}
	term_close();
	filters_free(&t);
	for (k = 0; k < sizeof tui_all / sizeof tui_all[0]; k++)
		if (tui_all[k]->free != NULL)
			tui_all[k]->free(&t);
	feed_free(&t);
	frames_free(&t);
	diffcache_free(&t);
	free(t.files);
	save_input_free(&t.inputs);
	return ret;
}
