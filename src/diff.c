/*
 * diff.c: differential profiles (--diff BEFORE AFTER).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "util.h"

/* The node of a stack in p, or NODE_NONE when p has no such stack. */
static uint32_t
diff_find(const struct profile *p, const struct strv *frames, size_t n)
{
	uint32_t cur = PROFILE_ROOT, c;
	const struct name *nm;
	size_t i;

	for (i = 0; i < n; i++) {
		for (c = p->nodes[cur].child; c != NODE_NONE;
		    c = p->nodes[c].next) {
			nm = profile_name(p, c);
			if (nm->len == frames[i].len &&
			    memcmp(nm->s, frames[i].s, nm->len) == 0)
				break;
		}
		if (c == NODE_NONE)
			return NODE_NONE;
		cur = c;
	}
	return cur;
}

/* 10^n. */
static uint64_t
diff_pow10(unsigned n)
{
	uint64_t k = 1;

	while (n-- > 0)
		k *= 10;
	return k;
}

/* A BEFORE count in the common unit, normalised when asked; clamped. */
static uint64_t
diff_before(uint64_t c, uint64_t kb, double scale)
{
	double d;

	c = c > UINT64_MAX / kb ? UINT64_MAX : c * kb;
	if (scale <= 0)
		return c;
	d = (double)c * scale;
	return d >= 18446744073709551615.0 ? UINT64_MAX : (uint64_t)d;
}

/* a * k, clamped. */
static uint64_t
diff_scale(uint64_t a, uint64_t k)
{
	return a > UINT64_MAX / k ? UINT64_MAX : a * k;
}

void
diff_build(const struct profile *before, const struct profile *after,
    int normalize, struct profile *out)
{
	unsigned frac = before->frac > after->frac ? before->frac : after->frac;
	uint64_t kb = diff_pow10(frac - before->frac);
	uint64_t ka = diff_pow10(frac - after->frac);
	uint64_t tb = diff_scale(before->nodes[PROFILE_ROOT].total, kb);
	uint64_t ta = diff_scale(after->nodes[PROFILE_ROOT].total, ka), b;
	struct strv *frames = NULL;
	uint8_t *used;
	double scale = 0;
	size_t cap = 0, n;
	uint32_t i, m;

	if (normalize && tb != ta && tb > 0)
		scale = (double)ta / (double)tb;
	profile_init(out);
	used = xcalloc((size_t)before->nnodes + 1, 1);
	for (i = 0; i < after->nnodes; i++) {
		if (after->nodes[i].self == 0)
			continue;
		n = profile_path(after, i, &frames, &cap);
		m = diff_find(before, frames, n);
		b = 0;
		if (m != NODE_NONE) {
			used[m] = 1;
			b = diff_before(before->nodes[m].self, kb, scale);
		}
		profile_add_diff(out, frames, n,
		    diff_scale(after->nodes[i].self, ka), b, frac);
	}
	for (i = 0; i < before->nnodes; i++) {
		if (before->nodes[i].self == 0 || used[i])
			continue;
		n = profile_path(before, i, &frames, &cap);
		profile_add_diff(out, frames, n, 0,
		    diff_before(before->nodes[i].self, kb, scale), frac);
	}
	if (out->delta == NULL) {
		out->delta = xcalloc(out->capnodes, sizeof *out->delta);
		out->maxdelta = 1;
	}
	free(used);
	free(frames);
	/* The inputs' unit, as load.c gives several files one. */
	profile_set_unit(out, strcmp(profile_unit(before),
	    profile_unit(after)) == 0 ? after->unit : "counts");
	profile_finish(out);
}

int
diff_color_find(const char *name)
{
	if (strcmp(name, "self") == 0)
		return DIFF_COLOR_SELF;
	if (strcmp(name, "share") == 0)
		return DIFF_COLOR_SHARE;
	return -1;
}

const char *
diff_color_name(enum diff_color c)
{
	return c == DIFF_COLOR_SHARE ? "share" : "self";
}

const char *
diff_cpi(struct profile *p)
{
	uint64_t cycles = 0;
	uint32_t i;

	for (i = 0; p->delta != NULL && i < p->nnodes; i++)
		cycles += diff_other(p, i);
	if (cycles == 0 || p->nodes[PROFILE_ROOT].total == 0)
		return cycles == 0 ? "cycles" : "instructions";
	diff_swap(p);
	p->cpi = 1;
	return NULL;
}

void
diff_inclusive(const struct profile *p, int64_t *inc)
{
	int64_t *d;
	uint32_t i;

	for (i = 0; i < p->nnodes; i++)
		inc[i] = p->delta != NULL ? p->delta[i] : 0;
	/* Children come after their parents: sum from the end, clamped. */
	for (i = p->nnodes; i-- > 1;) {
		d = &inc[p->nodes[i].parent];
		if (inc[i] > 0 && *d > INT64_MAX - inc[i])
			*d = INT64_MAX;
		else if (inc[i] < 0 && *d < -INT64_MAX - inc[i])
			*d = -INT64_MAX;
		else
			*d += inc[i];
	}
}

void
diff_counts(const struct profile *p, const int64_t *inc, uint32_t n,
    uint64_t *after, uint64_t *before)
{
	uint64_t w = p->nodes[n].total, other;
	uint64_t mag = inc[n] < 0 ? 0 - (uint64_t)inc[n] : (uint64_t)inc[n];
	int up = (inc[n] >= 0) == (p->diff_before != 0);

	/* The widths' side is w; the other is w moved by the change, clamped. */
	if (up)
		other = w > UINT64_MAX - mag ? UINT64_MAX : w + mag;
	else
		other = mag > w ? 0 : w - mag;
	*after = p->diff_before ? other : w;
	*before = p->diff_before ? w : other;
}

double
diff_share_change(const struct profile *p, const int64_t *inc, uint32_t n)
{
	uint64_t a, b, ra, rb;
	double sh;

	diff_counts(p, inc, PROFILE_ROOT, &ra, &rb);
	diff_counts(p, inc, n, &a, &b);
	sh = (ra > 0 ? (double)a / (double)ra : 0) -
	    (rb > 0 ? (double)b / (double)rb : 0);
	return sh > -1e-12 && sh < 1e-12 ? 0 : sh;
}

double
diff_max_share(const struct profile *p, const int64_t *inc)
{
	double sh, max = 0;
	uint32_t i;

	for (i = 1; i < p->nnodes; i++) {
		sh = diff_share_change(p, inc, i);
		if (sh < 0)
			sh = -sh;
		if (sh > max)
			max = sh;
	}
	return max;
}

uint64_t
diff_other(const struct profile *p, uint32_t node)
{
	uint64_t self = p->nodes[node].self, mag;
	int64_t d;

	if (p->delta == NULL)
		return self;
	/* AFTER's widths: BEFORE = self - delta; BEFORE's: AFTER = self + delta. */
	d = p->diff_before ? p->delta[node] : -p->delta[node];
	mag = d < 0 ? (uint64_t)-d : (uint64_t)d;
	if (d < 0)
		return mag > self ? 0 : self - mag;
	return self + mag < self ? UINT64_MAX : self + mag;
}

int
diff_hidden(const struct profile *p, uint32_t node)
{
	return p->delta != NULL && p->nodes[node].self == 0 &&
	    p->delta[node] != 0 && diff_other(p, node) > 0;
}

void
diff_swap(struct profile *p)
{
	uint32_t i;

	if (p->delta == NULL)
		return;
	for (i = 0; i < p->nnodes; i++)
		p->nodes[i].self = diff_other(p, i);
	p->diff_before = !p->diff_before;
	p->dirty = 1;
	profile_finish(p);
}
