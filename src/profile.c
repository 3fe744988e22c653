/*
 * profile.c: interned names and the merged call tree.
 *
 * Nodes live in one array and refer to each other by index, so the array can
 * grow without invalidating anything. Two open-addressing hash tables find a
 * name's id and a (parent, name) pair's child node.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "util.h"

#define ARENA_BLOCK (1u << 20)

static const uint64_t pow10[] = {
	1, 10, 100, 1000, 10000, 100000, 1000000
};

/* Hash a byte string, eight bytes at a time. */
static uint32_t
hash_bytes(const char *s, size_t len)
{
	uint64_t h = 0x9e3779b97f4a7c15ull ^ len, w;

	while (len >= 8) {
		memcpy(&w, s, 8);
		h = (h ^ w) * 0xff51afd7ed558ccdull;
		h ^= h >> 32;
		s += 8;
		len -= 8;
	}
	if (len > 0) {
		w = 0;
		memcpy(&w, s, len);
		h = (h ^ w) * 0xc4ceb9fe1a85ec53ull;
	}
	h ^= h >> 29;
	h *= 0xbf58476d1ce4e5b9ull;
	h ^= h >> 32;
	return (uint32_t)h;
}

/* Hash a (parent, name) pair for the child table. */
static uint32_t
hash_kid(uint32_t parent, uint32_t name)
{
	uint64_t h = ((uint64_t)parent << 32 | name) * 0x9e3779b97f4a7c15ull;

	return (uint32_t)(h >> 32);
}

/* Add with saturation; remember that it happened. */
static uint64_t
sat_add(struct profile *p, uint64_t a, uint64_t b)
{
	if (a > UINT64_MAX - b) {
		p->saturated = 1;
		return UINT64_MAX;
	}
	return a + b;
}

/* Multiply with saturation; remember that it happened. */
static uint64_t
sat_mul(struct profile *p, uint64_t a, uint64_t b)
{
	if (b != 0 && a > UINT64_MAX / b) {
		p->saturated = 1;
		return UINT64_MAX;
	}
	return a * b;
}

/* Copy name bytes into the arena, NUL-terminated. */
static const char *
arena_copy(struct profile *p, const char *s, size_t len)
{
	char *dst;

	if (p->narena == 0 || p->arenaused + len + 1 > p->arenacap) {
		p->arenacap = len + 1 > ARENA_BLOCK ? len + 1 : ARENA_BLOCK;
		p->arena = xrealloc(p->arena, (p->narena + 1) * sizeof *p->arena);
		p->arena[p->narena++] = xmalloc(p->arenacap);
		p->arenaused = 0;
	}
	dst = p->arena[p->narena - 1] + p->arenaused;
	memcpy(dst, s, len);
	dst[len] = '\0';
	p->arenaused += len + 1;
	return dst;
}

/* Rebuild the name table at twice its size. */
static void
names_rehash(struct profile *p)
{
	uint32_t mask = p->namemask * 2 + 1, i, j;

	free(p->namehash);
	p->namehash = xcalloc((size_t)mask + 1, sizeof *p->namehash);
	p->namemask = mask;
	for (i = 0; i < p->nnames; i++) {
		for (j = p->names[i].hash & mask; p->namehash[j] != 0;
		    j = (j + 1) & mask)
			;
		p->namehash[j] = i + 1;
	}
}

uint32_t
profile_intern(struct profile *p, const char *s, size_t len)
{
	uint32_t h = hash_bytes(s, len), i, id;
	size_t cap;
	struct name *n;

	for (i = h & p->namemask; (id = p->namehash[i]) != 0;
	    i = (i + 1) & p->namemask) {
		n = &p->names[id - 1];
		if (n->hash == h && n->len == len && memcmp(n->s, s, len) == 0)
			return id - 1;
	}
	if (len > UINT32_MAX)
		len = UINT32_MAX;
	cap = p->capnames;
	p->names = xgrow(p->names, &cap, (size_t)p->nnames + 1, sizeof *p->names);
	p->capnames = (uint32_t)cap;
	n = &p->names[p->nnames];
	n->s = arena_copy(p, s, len);
	n->len = (uint32_t)len;
	n->hash = h;
	p->namehash[i] = ++p->nnames;
	if ((uint64_t)p->nnames * 2 > p->namemask)
		names_rehash(p);
	return p->nnames - 1;
}

/* Rebuild the child table at twice its size. */
static void
kids_rehash(struct profile *p)
{
	uint32_t mask = p->kidmask * 2 + 1, i, j;

	free(p->kidhash);
	p->kidhash = xcalloc((size_t)mask + 1, sizeof *p->kidhash);
	p->kidmask = mask;
	for (i = 1; i < p->nnodes; i++) {
		for (j = hash_kid(p->nodes[i].parent, p->nodes[i].name) & mask;
		    p->kidhash[j] != 0; j = (j + 1) & mask)
			;
		p->kidhash[j] = i + 1;
	}
}

/*
 * Add a child called name to parent, listed first. slot is its place in the
 * child table, or NODE_NONE to leave it out (a flame chart's nodes).
 */
static uint32_t
profile_newchild(struct profile *p, uint32_t parent, uint32_t name,
    uint32_t slot)
{
	uint32_t id;
	size_t cap;
	struct node *n;

	if (p->nnodes == NODE_NONE - 1)
		fatal("too many nodes in the call tree (%u)", p->nnodes);
	cap = p->capnodes;
	p->nodes = xgrow(p->nodes, &cap, (size_t)p->nnodes + 1, sizeof *p->nodes);
	p->capnodes = (uint32_t)cap;
	id = p->nnodes++;
	n = &p->nodes[id];
	n->name = name;
	n->parent = parent;
	n->child = NODE_NONE;
	n->next = p->nodes[parent].child;
	n->depth = p->nodes[parent].depth + 1;
	n->nchild = 0;
	n->total = n->self = 0;
	p->nodes[parent].child = id;
	p->nodes[parent].nchild++;
	if (n->depth > p->maxdepth)
		p->maxdepth = n->depth;
	if (slot != NODE_NONE) {
		p->kidhash[slot] = id + 1;
		if ((uint64_t)p->nnodes * 2 > p->kidmask)
			kids_rehash(p);
	}
	return id;
}

/* Find the child of parent with the given name, adding it if missing. */
static uint32_t
profile_child(struct profile *p, uint32_t parent, uint32_t name)
{
	uint32_t i, id;
	struct node *n;

	for (i = hash_kid(parent, name) & p->kidmask;
	    (id = p->kidhash[i]) != 0; i = (i + 1) & p->kidmask) {
		n = &p->nodes[id - 1];
		if (n->parent == parent && n->name == name)
			return id - 1;
	}
	return profile_newchild(p, parent, name, i);
}

void
profile_init(struct profile *p)
{
	size_t cap = 0;

	memset(p, 0, sizeof *p);
	p->namemask = 1023;
	p->namehash = xcalloc((size_t)p->namemask + 1, sizeof *p->namehash);
	p->kidmask = 1023;
	p->kidhash = xcalloc((size_t)p->kidmask + 1, sizeof *p->kidhash);
	p->nodes = xgrow(NULL, &cap, 1024, sizeof *p->nodes);
	p->capnodes = (uint32_t)cap;
	p->nnodes = 1;
	memset(&p->nodes[0], 0, sizeof p->nodes[0]);
	p->nodes[0].name = profile_intern(p, "all", 3);
	p->nodes[0].parent = NODE_NONE;
	p->nodes[0].child = NODE_NONE;
	p->nodes[0].next = NODE_NONE;
}

void
profile_free(struct profile *p)
{
	size_t i;

	for (i = 0; i < p->narena; i++)
		free(p->arena[i]);
	free(p->arena);
	free(p->nodes);
	free(p->names);
	free(p->namehash);
	free(p->kidhash);
	memset(p, 0, sizeof *p);
}

/* Change the profile's unit to 10^-frac, scaling every count. */
static void
profile_rescale(struct profile *p, unsigned frac)
{
	uint64_t k = pow10[frac - p->frac];
	uint32_t i;

	for (i = 0; i < p->nnodes; i++) {
		p->nodes[i].total = sat_mul(p, p->nodes[i].total, k);
		p->nodes[i].self = sat_mul(p, p->nodes[i].self, k);
	}
	p->frac = frac;
}

void
profile_add(struct profile *p, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac)
{
	uint32_t cur = PROFILE_ROOT, name, kid;
	size_t i;

	if (frac > SAMPLE_MAX_FRAC) {
		count /= pow10[frac - SAMPLE_MAX_FRAC];	/* drop digits */
		frac = SAMPLE_MAX_FRAC;
	}
	if (frac > p->frac)
		profile_rescale(p, frac);
	else if (frac < p->frac)
		count = sat_mul(p, count, pow10[p->frac - frac]);
	p->nstacks++;
	p->nodes[cur].total = sat_add(p, p->nodes[cur].total, count);
	for (i = 0; i < n; i++) {
		name = profile_intern(p, frames[i].s, frames[i].len);
		if (!p->flamechart)
			cur = profile_child(p, cur, name);
		else if ((kid = p->nodes[cur].child) != NODE_NONE &&
		    p->nodes[kid].name == name)
			cur = kid;	/* the newest child: the last stack's */
		else
			cur = profile_newchild(p, cur, name, NODE_NONE);
		p->nodes[cur].total = sat_add(p, p->nodes[cur].total, count);
	}
	p->nodes[cur].self = sat_add(p, p->nodes[cur].self, count);
}

/* The sink callback that adds a sample to the tree. */
static void
profile_sink_stack(void *ctx, const struct sample *s)
{
	profile_add(ctx, s->frames, s->nframes, s->count, s->frac);
}

struct sink
profile_sink(struct profile *p)
{
	return (struct sink){ profile_sink_stack, p };
}

/* The profile qsort compares names in; qsort has no context argument. */
static const struct profile *sort_profile;

/* Order two nodes by name bytes. */
static int
sort_cmp(const void *a, const void *b)
{
	const struct name *x = profile_name(sort_profile, *(const uint32_t *)a);
	const struct name *y = profile_name(sort_profile, *(const uint32_t *)b);
	uint32_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n);

	if (c != 0)
		return c;
	return (x->len > y->len) - (x->len < y->len);
}

void
profile_sort(struct profile *p)
{
	uint32_t *kids = NULL, i, k, c;
	size_t cap = 0;

	sort_profile = p;
	for (i = 0; i < p->nnodes; i++) {
		if (p->nodes[i].nchild < 2)
			continue;
		kids = xgrow(kids, &cap, p->nodes[i].nchild, sizeof *kids);
		for (k = 0, c = p->nodes[i].child; c != NODE_NONE;
		    c = p->nodes[c].next)
			kids[k++] = c;
		qsort(kids, k, sizeof *kids, sort_cmp);
		p->nodes[i].child = kids[0];
		for (c = 0; c + 1 < k; c++)
			p->nodes[kids[c]].next = kids[c + 1];
		p->nodes[kids[k - 1]].next = NODE_NONE;
	}
	free(kids);
}

char *
profile_fmt_count(const struct profile *p, uint64_t count, char *buf,
    size_t size)
{
	uint64_t unit = pow10[p->frac];
	int len;

	len = snprintf(buf, size, "%llu", (unsigned long long)(count / unit));
	if (p->frac > 0 && count % unit != 0 && len > 0 && (size_t)len < size) {
		snprintf(buf + len, size - (size_t)len, ".%0*llu", (int)p->frac,
		    (unsigned long long)(count % unit));
		len = (int)strlen(buf);
		while (buf[len - 1] == '0')
			buf[--len] = '\0';
	}
	return buf;
}

double
profile_samples(const struct profile *p, uint64_t count)
{
	return (double)count / (double)pow10[p->frac];
}
