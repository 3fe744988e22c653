/*
 * tui-feed.c: the live pictures of flametui top. Every interval the feed
 * makes a new picture of what is in view; it replaces the profile shown
 * (t->orig), the filters are applied again, and each screen keeps what it
 * shows by name: the graph its selection and zoom (view_mark(),
 * view_follow()), the others through their renew callbacks. Pause stops
 * the pictures, not the recording; a time range of the heat map freezes
 * the picture it was cut from.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "num.h"
#include "tui-screen.h"
#include "util.h"

struct tui_live {
	const struct tui_feed *src;
	struct profile *pic;	/* the latest picture */
	struct timespec due;	/* when the next picture is */
	int paused;
	int ended;		/* the source has ended: no more pictures */
	char what[192];		/* the picture's label */
	char news[256];		/* the last news, kept on the title line */
};

/* Seconds from a to b. */
static double
feed_seconds(const struct timespec *a, const struct timespec *b)
{
	return (double)(b->tv_sec - a->tv_sec) +
	    (double)(b->tv_nsec - a->tv_nsec) / 1e9;
}

/* The next picture is an interval from now. */
static void
feed_schedule(struct tui_live *l)
{
	double s = l->src->interval;

	clock_gettime(CLOCK_MONOTONIC, &l->due);
	l->due.tv_sec += (time_t)s;
	l->due.tv_nsec += (long)((s - (double)(time_t)s) * 1e9);
	if (l->due.tv_nsec >= 1000000000L) {
		l->due.tv_sec++;
		l->due.tv_nsec -= 1000000000L;
	}
}

/* The title's part: what the picture is, paused, the news. */
static void
feed_label(struct tui *t)
{
	struct tui_live *l = t->live;

	snprintf(t->livelabel, sizeof t->livelabel, "%s%s%s%s", l->what,
	    l->paused ? " | paused (p: resume)" : heatmap_frozen(t) ?
	    " | frozen on a time range (m: the heat map)" : "",
	    l->news[0] != '\0' ? " | " : "", l->news);
}

/* A new picture from the feed, and its label: "last 10 s: 1,234 samples". */
static struct profile *
feed_picture(struct tui_live *l)
{
	struct profile *p = xmalloc(sizeof *p);
	char what[96], n[32];
	double samples;

	profile_init(p);
	samples = l->src->picture(l->src->ctx, p, what, sizeof what);
	/* A count of whole samples (decayed ones rounded). */
	num_fmt((uint64_t)(samples + 0.5), 0, NULL, NUM_LONG, n, sizeof n);
	snprintf(l->what, sizeof l->what, "%s: %s sample%s", what, n,
	    strcmp(n, "1") == 0 ? "" : "s");
	return p;
}

struct profile *
feed_start(struct tui *t, const struct tui_feed *src)
{
	struct tui_live *l = t->live = xcalloc(1, sizeof *t->live);

	l->src = src;
	l->pic = feed_picture(l);
	feed_schedule(l);
	term_watch(src->fd);
	feed_label(t);
	return l->pic;
}

/* Replace the picture shown by a new one; screens keep what they show. */
static int
feed_renew(struct tui *t)
{
	struct tui_live *l = t->live;
	const struct screen *base = screen_base(t), *up = t->screen;
	struct profile *old = l->pic;
	struct view_mark gm;

	l->pic = feed_picture(l);
	view_mark(&t->graph, &gm);
	if (base->renew != NULL)
		base->renew(t, 0);
	heatmap_renew(t, l->pic);
	t->orig = t->full = l->pic;
	filters_renew(t);
	view_follow(&t->graph, &gm);
	view_mark_free(&gm);
	if (base->renew != NULL)
		base->renew(t, 1);
	t->screen = up;
	profile_free(old);
	free(old);
	return VIEW_LAYOUT;
}

int
feed_timeout(struct tui *t)
{
	struct tui_live *l = t->live;
	struct timespec now;
	double s;

	if (l == NULL || l->paused || l->ended)
		return -1;
	clock_gettime(CLOCK_MONOTONIC, &now);
	s = feed_seconds(&now, &l->due);
	return s <= 0 ? 0 : (int)(s * 1000) + 1;
}

int
feed_poll(struct tui *t, int readable)
{
	struct tui_live *l = t->live;
	struct timespec now;
	char msg[256];
	int dirty = 0;

	if (l == NULL)
		return 0;
	if (readable) {
		msg[0] = '\0';
		if (l->src->news(l->src->ctx, msg, sizeof msg)) {
			l->ended = 1;
			term_watch(-1);
		}
		if (msg[0] != '\0') {
			snprintf(l->news, sizeof l->news, "%s", msg);
			snprintf(t->msg, sizeof t->msg, "%s", msg);
			dirty = VIEW_DRAW;
		}
	}
	clock_gettime(CLOCK_MONOTONIC, &now);
	/* The last picture when the source ends: what it recorded last. */
	if (!l->paused && !heatmap_frozen(t) && (l->ended ||
	    feed_seconds(&l->due, &now) >= 0)) {
		dirty |= feed_renew(t);
		feed_schedule(l);
	}
	if (dirty)
		feed_label(t);
	return dirty;
}

enum action
feed_key(struct tui *t, const char *key, enum action act)
{
	enum action live;

	if (t->live == NULL || t->screen == &help_screen ||
	    (live = keys_find(KEYS_TOP, key)) == ACT_NONE)
		return act;
	/* The heat map's own keys (Space) come first there. */
	if (t->screen->keys != KEYS_GRAPH && act != ACT_NONE)
		return act;
	return live;
}

int
feed_pause(struct tui *t)
{
	struct tui_live *l = t->live;

	l->paused = !l->paused;
	if (!l->paused && !l->ended && !heatmap_frozen(t)) {
		/* Catch up at once. */
		feed_renew(t);
		feed_schedule(l);
	}
	feed_label(t);
	return VIEW_LAYOUT;
}

void
feed_free(struct tui *t)
{
	struct tui_live *l = t->live;

	if (l == NULL)
		return;
	term_watch(-1);
	if (t->orig == l->pic)
		t->orig = NULL;
	if (t->full == l->pic)
		t->full = NULL;
	profile_free(l->pic);
	free(l->pic);
	free(l);
	t->live = NULL;
}
