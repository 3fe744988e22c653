/*
 * test-profile.c: the model without a terminal. Stacks merge into one
 * call tree with the right totals and self counts; names are interned once;
 * the stack cache, fractional counts, saturation, merging and paths give
 * what profile.h promises.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "unit.h"
#include "util.h"

/* The child of node called name, or NODE_NONE. */
static uint32_t
child(const struct profile *p, uint32_t node, const char *name)
{
	uint32_t c;

	for (c = p->nodes[node].child; c != NODE_NONE; c = p->nodes[c].next)
		if (strcmp(profile_name(p, c)->s, name) == 0)
			return c;
	return NODE_NONE;
}

/* The node at the end of the path "a;b", or NODE_NONE. */
static uint32_t
find(const struct profile *p, const char *path)
{
	char buf[256], *tok, *save = NULL;
	uint32_t n = PROFILE_ROOT;

	snprintf(buf, sizeof buf, "%s", path);
	for (tok = strtok_r(buf, ";", &save); tok != NULL && n != NODE_NONE;
	    tok = strtok_r(NULL, ";", &save))
		n = child(p, n, tok);
	return n;
}

/* Stacks merge by common prefix; totals sum the self counts below. */
static void
test_merge(void)
{
	struct profile p;
	uint32_t main_, a, b;

	profile_init(&p);
	unit_add(&p, "main;a;x", 3, 0);
	unit_add(&p, "main;a", 2, 0);
	unit_add(&p, "main;b", 5, 0);
	unit_add(&p, "main;a;x", 1, 0);
	unit_add(&p, "other", 4, 0);
	profile_finish(&p);

	CHECK_S(profile_name(&p, PROFILE_ROOT)->s, "all");
	CHECK_U(p.nodes[PROFILE_ROOT].total, 15);
	CHECK_U(p.nodes[PROFILE_ROOT].nchild, 2);
	CHECK_U(p.nstacks, 5);
	main_ = find(&p, "main");
	a = find(&p, "main;a");
	b = find(&p, "main;b");
	CHECK(main_ != NODE_NONE && a != NODE_NONE && b != NODE_NONE);
	CHECK_U(p.nodes[main_].total, 11);
	CHECK_U(p.nodes[main_].self, 0);
	CHECK_U(p.nodes[a].total, 6);
	CHECK_U(p.nodes[a].self, 2);
	CHECK_U(p.nodes[find(&p, "main;a;x")].self, 4);
	CHECK_U(p.nodes[find(&p, "main;a;x")].depth, 3);
	CHECK_U(p.maxdepth, 3);
	CHECK_U(p.nodes[b].parent, main_);
	CHECK_U(p.nnodes, 6);	/* all, main, a, x, b, other */
	profile_free(&p);
}

/* A name is stored once, whatever node it is on. */
static void
test_intern(void)
{
	struct profile p;
	uint32_t id;

	profile_init(&p);
	unit_add(&p, "f;g;f", 1, 0);
	unit_add(&p, "g;f", 1, 0);
	profile_finish(&p);
	CHECK_U(p.nnames, 3);	/* all, f, g */
	CHECK_U(profile_name(&p, find(&p, "f"))->len, 1);
	CHECK(profile_name(&p, find(&p, "f")) ==
	    profile_name(&p, find(&p, "g;f")));
	id = profile_intern(&p, "g", 1);
	CHECK_U(id, p.nodes[find(&p, "f;g")].name);
	CHECK_U(profile_intern(&p, "new", 3), 3);
	CHECK_U(p.nnames, 4);
	profile_free(&p);
}

/* A joined stack is taken only once the profile has seen it. */
static void
test_joined(void)
{
	struct profile p;

	profile_init(&p);
	CHECK(!profile_add_joined(&p, "a;b", 3, 7, 0));
	unit_add(&p, "a;b", 7, 0);
	CHECK(profile_add_joined(&p, "a;b", 3, 5, 0));
	CHECK(!profile_add_joined(&p, "a;c", 3, 1, 0));
	profile_finish(&p);
	CHECK_U(p.nodes[find(&p, "a;b")].self, 12);
	CHECK_U(p.nodes[PROFILE_ROOT].total, 12);
	CHECK_U(p.nstacks, 2);
	profile_free(&p);
}

/* Fractional counts turn the whole profile into finer units, exactly. */
static void
test_fractions(void)
{
	struct profile p;
	char buf[64];

	profile_init(&p);
	unit_add(&p, "a", 2, 0);
	unit_add(&p, "b", 25, 1);	/* 2.5 */
	unit_add(&p, "c", 125, 3);	/* 0.125 */
	profile_finish(&p);
	CHECK_U(p.frac, 3);
	CHECK_U(p.nodes[find(&p, "a")].total, 2000);
	CHECK_S(profile_fmt(&p, p.nodes[PROFILE_ROOT].total, NUM_EXACT, buf,
	    sizeof buf), "4.625");
	CHECK_S(profile_fmt(&p, p.nodes[find(&p, "b")].total, NUM_EXACT, buf,
	    sizeof buf), "2.5");
	CHECK_S(profile_fmt(&p, p.nodes[find(&p, "a")].total, NUM_EXACT, buf,
	    sizeof buf), "2");
	CHECK(profile_samples(&p, 4625) == 4.625);
	CHECK(!p.saturated);
	profile_free(&p);
}

/* A total that would overflow is clamped, and the profile says so. */
static void
test_saturation(void)
{
	struct profile p;

	profile_init(&p);
	unit_add(&p, "a", UINT64_MAX - 1, 0);
	unit_add(&p, "a", 5, 0);
	unit_add(&p, "b", 1, 0);
	profile_finish(&p);
	CHECK(p.saturated);
	CHECK_U(p.nodes[find(&p, "a")].self, UINT64_MAX);
	CHECK_U(p.nodes[PROFILE_ROOT].total, UINT64_MAX);
	profile_free(&p);
}

/* profile_merge adds every stack of one profile to another. */
static void
test_profile_merge(void)
{
	struct profile a, b;

	profile_init(&a);
	profile_init(&b);
	unit_add(&a, "m;x", 1, 0);
	unit_add(&b, "m;x", 2, 0);
	unit_add(&b, "m;y", 3, 0);
	profile_finish(&b);
	profile_merge(&a, &b);
	profile_finish(&a);
	CHECK_U(a.nodes[find(&a, "m;x")].total, 3);
	CHECK_U(a.nodes[find(&a, "m;y")].total, 3);
	CHECK_U(a.nodes[PROFILE_ROOT].total, 6);
	CHECK_U(b.nodes[PROFILE_ROOT].total, 5);	/* left as it was */
	profile_free(&a);
	profile_free(&b);
}

/* profile_path gives a node's stack, root first; children sort by name. */
static void
test_path_and_sort(void)
{
	struct profile p;
	struct strv *f = NULL;
	size_t cap = 0, n;
	uint32_t c;
	const char *want[] = { "apple", "mango", "zebra" };
	int i = 0;

	profile_init(&p);
	unit_add(&p, "r;zebra", 1, 0);
	unit_add(&p, "r;apple;deep", 1, 0);
	unit_add(&p, "r;mango", 1, 0);
	n = profile_path(&p, find(&p, "r;apple;deep"), &f, &cap);
	CHECK_U(n, 3);
	CHECK(n == 3 && f[0].len == 1 && memcmp(f[0].s, "r", 1) == 0);
	CHECK(n == 3 && f[2].len == 4 && memcmp(f[2].s, "deep", 4) == 0);
	profile_sort(&p);
	for (c = p.nodes[find(&p, "r")].child; c != NODE_NONE && i < 3;
	    c = p.nodes[c].next)
		CHECK_S(profile_name(&p, c)->s, want[i++]);
	CHECK_U(i, 3);
	free(f);
	profile_free(&p);
}

/* A flame chart merges a stack only with the one just before it. */
static void
test_flamechart(void)
{
	struct profile p;
	uint32_t c;
	int n = 0;

	profile_init(&p);
	p.flamechart = 1;
	unit_add(&p, "m;a", 1, 0);
	unit_add(&p, "m;b", 1, 0);
	unit_add(&p, "m;a", 1, 0);
	profile_finish(&p);
	for (c = p.nodes[find(&p, "m")].child; c != NODE_NONE;
	    c = p.nodes[c].next)
		n++;
	CHECK_U(n, 3);		/* a, b, a: the order is kept */
	CHECK_U(p.nodes[PROFILE_ROOT].total, 3);
	profile_free(&p);
}

/* Differential stacks keep AFTER - BEFORE on their last frame. */
static void
test_diff(void)
{
	struct profile p;
	struct strv f[2] = { STRV("m"), STRV("x") };

	profile_init(&p);
	profile_add_diff(&p, f, 2, 7, 10, 0);
	profile_add_diff(&p, f, 1, 4, 1, 0);
	profile_finish(&p);
	CHECK(p.delta != NULL);
	CHECK(p.delta != NULL && p.delta[find(&p, "m;x")] == -3);
	CHECK(p.delta != NULL && p.delta[find(&p, "m")] == 3);
	CHECK_U(p.nodes[PROFILE_ROOT].total, 11);
	CHECK_U(p.maxdelta, 3);
	profile_free(&p);
}

/* Numbers for people: separators, times in their unit, short forms. */
static void
test_num(void)
{
	char b[64];

	CHECK_S(num_fmt(124591835115ULL, 0, "nanoseconds", NUM_LONG, b,
	    sizeof b), "124.6 s");
	CHECK_S(num_fmt(35200000, 0, "nanoseconds", NUM_LONG | NUM_UNIT, b,
	    sizeof b), "35.2 ms");
	CHECK_S(num_fmt(850, 0, "nanoseconds", NUM_LONG, b, sizeof b),
	    "850 ns");
	CHECK_S(num_fmt(4321000, 0, "milliseconds", NUM_LONG, b, sizeof b),
	    "4,321.0 s");
	CHECK_S(num_fmt(26821, 0, "microseconds", NUM_LONG, b, sizeof b),
	    "26.8 ms");
	CHECK_S(num_fmt(124591835115ULL, 0, "nanoseconds", NUM_EXACT, b,
	    sizeof b), "124591835115");
	CHECK_S(num_fmt(3237237234ULL, 0, "samples", NUM_LONG | NUM_UNIT, b,
	    sizeof b), "3,237,237,234 samples");
	CHECK_S(num_fmt(12345675, 1, NULL, NUM_LONG, b, sizeof b),
	    "1,234,567.5");
	CHECK_S(num_fmt(1800000000, 0, "cycles", NUM_SHORT, b, sizeof b),
	    "1.8G");
	CHECK_S(num_fmt(12345, 0, NULL, NUM_SHORT, b, sizeof b), "12K");
	CHECK_S(num_fmt(999, 0, NULL, NUM_SHORT, b, sizeof b), "999");
	CHECK_S(num_fmt(35200000, 0, "nanoseconds", NUM_SHORT, b, sizeof b),
	    "35ms");
	CHECK_S(num_fmt(3520000, 0, "nanoseconds", NUM_SHORT, b, sizeof b),
	    "3.5ms");
}

/* Weighted samples: the counts switch between weights and samples. */
static void
test_samples(void)
{
	struct profile p;
	struct sink s;
	struct strv f[2] = { STRV("main"), STRV("a") };
	struct sample smp;
	char b[64];

	profile_init(&p);
	s = profile_sink(&p);
	memset(&smp, 0, sizeof smp);
	smp.frames = f;
	smp.nframes = 2;
	smp.time_ns = -1;
	smp.count = 1000000;
	s.stack(s.ctx, &smp);
	s.stack(s.ctx, &smp);
	smp.nframes = 1;
	smp.count = 3000000;
	s.stack(s.ctx, &smp);
	sink_unit(&s, "nanoseconds");
	sink_event(&s, "cpu-clock");
	profile_finish(&p);
	CHECK(profile_weighted(&p));
	CHECK_U(p.nodes[PROFILE_ROOT].total, 5000000);
	CHECK_S(profile_fmt_other(&p, PROFILE_ROOT, NUM_LONG, b, sizeof b),
	    "3 samples");
	CHECK(profile_by_samples(&p, 1));
	CHECK_U(p.nodes[PROFILE_ROOT].total, 3);
	CHECK_U(p.nodes[find(&p, "main;a")].total, 2);
	CHECK_S(profile_unit(&p), "samples");
	CHECK_S(profile_fmt_other(&p, PROFILE_ROOT, NUM_LONG, b, sizeof b),
	    "5.0 ms");
	CHECK(profile_by_samples(&p, 0));
	CHECK_U(p.nodes[find(&p, "main;a")].total, 2000000);
	CHECK_S(profile_unit(&p), "nanoseconds");
	profile_free(&p);
}

int
main(void)
{
	test_num();
	test_samples();
	test_merge();
	test_intern();
	test_joined();
	test_fractions();
	test_saturation();
	test_profile_merge();
	test_path_and_sort();
	test_flamechart();
	test_diff();
	return unit_status("test-profile");
}
