/*
 * test-window.c: the window of flametui top without perf or a terminal.
 * Samples weigh their count in the parser's unit, as in the viewer; an
 * idle picture that does not move the window leaves the past alone; with
 * --window=0 a sample that comes after the clock has moved the window on
 * is kept, not dropped as late.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "unit.h"
#include "window.h"

#define NS 1000000000LL

/* Feed the stack "a;b" of count at time ns (-1: none) through w's sink. */
static void
feed(struct window *w, const char *a, const char *b, uint64_t count,
    int64_t ns)
{
	struct strv f[2] = { { a, strlen(a) }, { b, strlen(b) } };
	struct sample s;
	struct sink k = window_sink(w);

	memset(&s, 0, sizeof s);
	s.frames = f;
	s.nframes = 2;
	s.count = count;
	s.time_ns = ns;
	k.stack(k.ctx, &s);
}

/* The time secs after the last sample came. */
static struct timespec
after(const struct window *w, double secs)
{
	struct timespec t = w->lastwall;
	long ns = t.tv_nsec + (long)((secs - (double)(long)secs) * 1e9);

	t.tv_sec += (time_t)secs + ns / 1000000000L;
	t.tv_nsec = ns % 1000000000L;
	return t;
}

/* The total of a picture now (secs after the last sample), and its unit. */
static uint64_t
total(struct window *w, double secs, char *unit, size_t size)
{
	struct timespec now = after(w, secs);
	struct profile p;
	uint64_t n;

	profile_init(&p);
	window_picture(w, &now, &p);
	n = p.nodes[PROFILE_ROOT].total;
	if (unit != NULL)
		snprintf(unit, size, "%s", profile_unit(&p));
	profile_free(&p);
	return n;
}

/* A sample weighs its period, in the unit the parser tells. */
static void
test_weights(void)
{
	struct window w;
	struct sink k;
	struct timespec now;
	struct profile p, *all;
	char unit[64];

	window_init(&w, 10, 0, 1);
	feed(&w, "main", "a", 7000000, 0);
	feed(&w, "main", "b", 5000000, NS / 2);
	k = window_sink(&w);
	sink_unit(&k, "nanoseconds");
	CHECK_U(total(&w, 0, unit, sizeof unit), 12000000);
	CHECK_S(unit, "nanoseconds");
	all = (struct profile *)window_all(&w);
	profile_finish(all);
	CHECK_U(all->nodes[PROFILE_ROOT].total, 12000000);
	now = after(&w, 0);
	profile_init(&p);
	CHECK(window_picture(&w, &now, &p) == 2.0);
	profile_free(&p);
	window_free(&w);
}

/* An idle picture in the second the window was moved to does nothing. */
static void
test_idle(void)
{
	struct window w;
	const struct node *past;
	uint64_t n;

	window_init(&w, 0, 2.0, 0);
	feed(&w, "main", "a", 1000, 0);
	feed(&w, "main", "a", 1000, NS + NS / 5);
	/* 1.5 s idle: the window moves on to second 2 and the past decays. */
	n = total(&w, 1.5, NULL, 0);
	CHECK(n > 0);
	past = w.acc.nodes;
	/* Still second 2: the past is not decayed again, nor rebuilt. */
	CHECK_U(total(&w, 1.8, NULL, 0), n);
	CHECK(w.acc.nodes == past);
	window_free(&w);
}

/* --window=0 keeps a sample later than the clock, as every other. */
static void
test_late_accumulated(void)
{
	struct window w;
	uint64_t late;

	window_init(&w, 0, 0, 0);
	feed(&w, "main", "a", 1, 0);
	/* 3.5 s idle: the window moves on to second 3 by the clock. */
	CHECK_U(total(&w, 3.5, NULL, 0), 1);
	/* Then comes a sample of second 1, late in the pipe. */
	feed(&w, "main", "b", 1, NS + NS / 2);
	CHECK_U(total(&w, 0, NULL, 0), 2);
	CHECK_U(window_recorded(&w, &late), 2);
	CHECK_U(late, 0);
	window_free(&w);
}

int
main(void)
{
	test_weights();
	test_idle();
	test_late_accumulated();
	return unit_status("test-window");
}
