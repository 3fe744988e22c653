/*
 * profile.c: interned names and the merged call tree.
 *
 * Nodes live in one array and refer to each other by index, so the array can
 * grow without invalidating anything. Two open-addressing hash tables find a
 * name's id and a (parent, name) pair's child node. A third, the stack cache,
 * maps a whole stack (its frames joined by ';') to its leaf node: most stacks
 * of a big profile repeat, and a repeat then costs one hash and one compare
 * instead of a lookup per frame. Adding a stack only adds to its leaf's self
 * count; profile_finish() sums the totals in one pass, since a child's index
 * is always greater than its parent's.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"
#include "profile.h"
#include "util.h"

#define KEYS_MAX (64u << 20)	/* most bytes of cached stacks kept */
#define CACHE_TRIAL 65536	/* new stacks before the cache is judged */
#define KID_LIST 4		/* children found by list, not by table */

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

/*
 * Hash a (parent, name) pair for the child table. Every bit of both must
 * reach the low bits the table uses: a plain multiply leaves the low bits
 * a linear function of the low bits of parent and name, and the nodes of a
 * tree made in order then crowd into long probe runs.
 */
static uint32_t
hash_kid(uint32_t parent, uint32_t name)
{
	uint64_t h = (uint64_t)parent << 32 | name;

	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdull;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ull;
	h ^= h >> 33;
	return (uint32_t)h;
}

/* Mix one 64-bit word into a hash lane. */
static inline uint64_t
hash_round(uint64_t acc, uint64_t w)
{
	acc += w * 0xc2b2ae3d27d4eb4full;
	acc = (acc << 31) | (acc >> 33);
	return acc * 0x9e3779b97f4a7c15ull;
}

/* Hash a stack's bytes: four independent lanes, for long keys. */
uint64_t
profile_hash(const char *s, size_t len)
{
	uint64_t a = 0x60ea27eeadc0b5d6ull ^ len, b = 0xc2b2ae3d27d4eb4full;
	uint64_t c = 0x165667b19e3779f9ull, d = 0x85ebca77c2b2ae63ull, w[4];

	while (len >= 32) {
		memcpy(w, s, 32);
		a = hash_round(a, w[0]);
		b = hash_round(b, w[1]);
		c = hash_round(c, w[2]);
		d = hash_round(d, w[3]);
		s += 32;
		len -= 32;
	}
	while (len >= 8) {
		memcpy(w, s, 8);
		a = hash_round(a, w[0]);
		s += 8;
		len -= 8;
	}
	w[0] = 0;
	memcpy(w, s, len);
	a = hash_round(a, w[0] ^ len);
	a ^= ((b << 7) | (b >> 57)) ^ ((c << 12) | (c >> 52)) ^
	    ((d << 18) | (d >> 46));
	a ^= a >> 33;
	a *= 0xff51afd7ed558ccdull;
	a ^= a >> 29;
	return a;
}

/* The largest count, in the profile's units: a whole number of samples. */
static uint64_t
sat_max(const struct profile *p)
{
	return UINT64_MAX / pow10[p->frac] * pow10[p->frac];
}

/* Add with saturation; remember that it happened. */
static uint64_t
sat_add(struct profile *p, uint64_t a, uint64_t b)
{
	if (a > UINT64_MAX - b || a + b > sat_max(p)) {
		p->saturated = 1;
		return sat_max(p);
	}
	return a + b;
}

/* Multiply with saturation; remember that it happened. */
static uint64_t
sat_mul(struct profile *p, uint64_t a, uint64_t b)
{
	if (b != 0 && (a > UINT64_MAX / b || a * b > sat_max(p))) {
		p->saturated = 1;
		return sat_max(p);
	}
	return a * b;
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

/* Copy a borrowed name table into p's own, keeping every id. */
static void
profile_unborrow(struct profile *p)
{
	const struct name *lent = p->names;
	uint32_t n = p->nnames, i;

	p->names = NULL;
	p->nnames = p->capnames = 0;
	memset(&p->names_arena, 0, sizeof p->names_arena);
	p->namemask = 1023;
	p->namehash = xcalloc((size_t)p->namemask + 1, sizeof *p->namehash);
	p->names_borrowed = 0;
	for (i = 0; i < n; i++)
		profile_intern(p, lent[i].s, lent[i].len);
}

void
profile_borrow_names(struct profile *to, const struct profile *from)
{
	arena_free(&to->names_arena);
	free(to->names);
	free(to->namehash);
	to->names = from->names;
	to->nnames = from->nnames;
	to->capnames = from->capnames;
	to->namehash = from->namehash;
	to->namemask = from->namemask;
	to->names_arena = from->names_arena;
	to->names_borrowed = 1;
	to->nodes[PROFILE_ROOT].name = from->nodes[PROFILE_ROOT].name;
}

void
profile_take_names(struct profile *to, struct profile *from)
{
	if (!to->names_borrowed || to->names != from->names)
		return;
	to->names_arena = from->names_arena;
	to->names_borrowed = from->names_borrowed;
	from->names_borrowed = 1;
}

uint32_t
profile_intern(struct profile *p, const char *s, size_t len)
{
	uint32_t h, i, id;
	size_t cap;
	struct name *n;

	if (p->names_borrowed)
		profile_unborrow(p);
	h = hash_bytes(s, len);
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
	n->s = arena_copy(&p->names_arena, s, len);
	n->len = (uint32_t)len;
	n->hash = h;
	p->namehash[i] = ++p->nnames;
	if ((uint64_t)p->nnames * 2 > p->namemask)
		names_rehash(p);
	return p->nnames - 1;
}

/* Put node id in the child table; the caller makes room. */
static void
kids_put(struct profile *p, uint32_t id)
{
	uint32_t j;

	for (j = hash_kid(p->nodes[id].parent, p->nodes[id].name) & p->kidmask;
	    p->kidhash[j] != 0; j = (j + 1) & p->kidmask)
		;
	p->kidhash[j] = id + 1;
	p->nkids++;
}

/* Rebuild the child table at twice its size. */
static void
kids_rehash(struct profile *p)
{
	uint32_t i;

	free(p->kidhash);
	p->kidmask = p->kidmask * 2 + 1;
	p->kidhash = xcalloc((size_t)p->kidmask + 1, sizeof *p->kidhash);
	p->nkids = 0;
	for (i = 1; i < p->nnodes; i++)
		if (p->nodes[p->nodes[i].parent].nchild > KID_LIST)
			kids_put(p, i);
}

/* Make room for cap nodes' samples, the new ones none. */
static void
profile_grow_samples(struct profile *p, size_t cap)
{
	p->altself = xrealloc(p->altself, cap * sizeof *p->altself);
	p->alttotal = xrealloc(p->alttotal, cap * sizeof *p->alttotal);
	memset(p->altself + p->capnodes, 0,
	    (cap - p->capnodes) * sizeof *p->altself);
	memset(p->alttotal + p->capnodes, 0,
	    (cap - p->capnodes) * sizeof *p->alttotal);
}

/* Start counting samples apart: each count so far was one sample each. */
static void
profile_start_samples(struct profile *p)
{
	uint32_t i;

	p->altself = xcalloc(p->capnodes, sizeof *p->altself);
	p->alttotal = xcalloc(p->capnodes, sizeof *p->alttotal);
	for (i = 0; i < p->nnodes; i++) {
		p->altself[i] = p->nodes[i].self;
		p->alttotal[i] = p->nodes[i].total;
	}
}

/* Add a child called name to parent, listed first, and not in the table. */
static uint32_t
profile_newchild(struct profile *p, uint32_t parent, uint32_t name)
{
	uint32_t id;
	size_t cap;
	struct node *n;

	if (p->nnodes == NODE_NONE - 1)
		fatal("too many nodes in the call tree (%u)", p->nnodes);
	cap = p->capnodes;
	p->nodes = xgrow(p->nodes, &cap, (size_t)p->nnodes + 1, sizeof *p->nodes);
	if (p->delta != NULL && cap != p->capnodes) {
		p->delta = xrealloc(p->delta, cap * sizeof *p->delta);
		memset(p->delta + p->capnodes, 0,
		    (cap - p->capnodes) * sizeof *p->delta);
	}
	if (p->altself != NULL && cap != p->capnodes)
		profile_grow_samples(p, cap);
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
	if (n->depth > p->maxdepth)
		p->maxdepth = n->depth;
	p->nodes[parent].nchild++;
	return id;
}

/*
 * Find the child of parent with the given name, adding it if missing. A
 * node with few children is searched along its list, which also makes a
 * path of new nodes cheap; the children of the others are in the child
 * table.
 */
static uint32_t
profile_child(struct profile *p, uint32_t parent, uint32_t name)
{
	uint32_t i, id, c;
	struct node *n;

	if (p->nodes[parent].nchild <= KID_LIST) {
		for (c = p->nodes[parent].child; c != NODE_NONE;
		    c = p->nodes[c].next)
			if (p->nodes[c].name == name)
				return c;
	} else {
		for (i = hash_kid(parent, name) & p->kidmask;
		    (id = p->kidhash[i]) != 0; i = (i + 1) & p->kidmask) {
			n = &p->nodes[id - 1];
			if (n->parent == parent && n->name == name)
				return id - 1;
		}
	}
	id = profile_newchild(p, parent, name);
	if (p->nodes[parent].nchild <= KID_LIST)
		return id;
	/* Past the list's length: the table holds every child of parent. */
	if ((uint64_t)(p->nkids + KID_LIST + 1) * 2 > p->kidmask)
		kids_rehash(p);
	else if (p->nodes[parent].nchild == KID_LIST + 1)
		for (c = p->nodes[parent].child; c != NODE_NONE;
		    c = p->nodes[c].next)
			kids_put(p, c);
	else
		kids_put(p, id);
	return id;
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
	p->stackmask = 1023;
	p->stacks = xcalloc((size_t)p->stackmask + 1, sizeof *p->stacks);
	p->nodes = xgrow(NULL, &cap, 1024, sizeof *p->nodes);
	p->capnodes = (uint32_t)cap;
	p->nnodes = 1;
	memset(&p->nodes[0], 0, sizeof p->nodes[0]);
	p->nodes[0].name = profile_intern(p, "all", 3);
	p->nodes[0].parent = NODE_NONE;
	p->nodes[0].child = NODE_NONE;
	p->nodes[0].next = NODE_NONE;
	p->now_ns = -1;
}

void
profile_free(struct profile *p)
{
	if (!p->names_borrowed) {
		arena_free(&p->names_arena);
		free(p->names);
		free(p->namehash);
	}
	arena_free(&p->keys_arena);
	free(p->nodes);
	free(p->unit);
	free(p->kidhash);
	free(p->stacks);
	free(p->scratch);
	free(p->delta);
	free(p->times);
	free(p->event);
	free(p->wunit);
	free(p->altself);
	free(p->alttotal);
	memset(p, 0, sizeof *p);
}

/* A count clamped to 32 bits, for struct tsample. */
static uint64_t
sat_clamp32(uint64_t c)
{
	return c > UINT32_MAX ? UINT32_MAX : c;
}

/* Change the profile's unit to 10^-frac, scaling every count. */
static void
profile_rescale(struct profile *p, unsigned frac)
{
	uint64_t k = pow10[frac - p->frac];
	uint32_t i;
	size_t j;

	p->frac = frac;		/* and so the largest count, for sat_mul() */
	for (i = 0; i < p->nnodes; i++) {
		p->nodes[i].total = sat_mul(p, p->nodes[i].total, k);
		p->nodes[i].self = sat_mul(p, p->nodes[i].self, k);
		if (p->altself != NULL) {
			p->altself[i] = sat_mul(p, p->altself[i], k);
			p->alttotal[i] = sat_mul(p, p->alttotal[i], k);
		}
		if (p->delta != NULL)
			p->delta[i] = p->delta[i] > INT64_MAX / (int64_t)k ?
			    INT64_MAX : p->delta[i] < -INT64_MAX / (int64_t)k ?
			    -INT64_MAX : p->delta[i] * (int64_t)k;
	}
	p->maxdelta = sat_mul(p, p->maxdelta, k);
	for (j = 0; j < p->ntimes; j++)
		p->times[j].count = (uint32_t)sat_clamp32(sat_mul(p,
		    p->times[j].count, k));
}

/* A count of 10^-frac units in the profile's unit, which may get finer. */
static uint64_t
profile_units(struct profile *p, uint64_t count, unsigned frac)
{
	if (frac > SAMPLE_MAX_FRAC) {
		count /= pow10[frac - SAMPLE_MAX_FRAC];	/* drop digits */
		frac = SAMPLE_MAX_FRAC;
	}
	if (frac > p->frac)
		profile_rescale(p, frac);
	else if (frac < p->frac)
		count = sat_mul(p, count, pow10[p->frac - frac]);
	return count;
}

/*
 * Add count to a stack's leaf, which is nsamp samples (in count units; 0 when
 * the caller keeps the samples itself, with profile_add_samples()).
 */
static void
profile_count(struct profile *p, uint32_t leaf, uint64_t count,
    uint64_t nsamp)
{
	struct tsample *ts;

	if (nsamp > 0 && p->altself == NULL && count != nsamp)
		profile_start_samples(p);
	if (nsamp > 0 && p->altself != NULL)
		p->altself[leaf] = sat_add(p, p->altself[leaf], nsamp);
	p->nodes[leaf].self = sat_add(p, p->nodes[leaf].self, count);
	p->last = leaf;
	p->nstacks++;
	p->dirty = 1;
	if (p->keeptimes && p->now_ns >= 0) {
		p->times = xgrow(p->times, &p->captimes, p->ntimes + 1,
		    sizeof *p->times);
		ts = &p->times[p->ntimes++];
		ts->time_ns = p->now_ns;
		ts->leaf = leaf;
		ts->count = (uint32_t)sat_clamp32(count);
	}
}

/* Find a stack in the cache: its slot, where key is NULL when it is new. */
static struct stackent *
stack_find(struct profile *p, uint64_t h, const char *key, size_t len)
{
	struct stackent *e;
	uint32_t i;

	for (i = (uint32_t)h & p->stackmask;; i = (i + 1) & p->stackmask) {
		e = &p->stacks[i];
		if (e->key == NULL || (e->hash == h && e->len == len &&
		    memcmp(e->key, key, len) == 0))
			return e;
	}
}

/* Rebuild the stack cache at twice its size. */
static void
stacks_rehash(struct profile *p)
{
	struct stackent *old = p->stacks, *e;
	uint32_t n = p->stackmask + 1, i;

	p->stackmask = p->stackmask * 2 + 1;
	p->stacks = xcalloc((size_t)p->stackmask + 1, sizeof *p->stacks);
	for (i = 0; i < n; i++) {
		if (old[i].key == NULL)
			continue;
		e = stack_find(p, old[i].hash, old[i].key, old[i].len);
		*e = old[i];
	}
	free(old);
}

/* Remember that the stack key leads to leaf, while there is room. */
static void
stack_remember(struct profile *p, struct stackent *e, uint64_t h,
    const char *key, size_t len, uint32_t leaf)
{
	if (++p->cachemisses == CACHE_TRIAL && p->cachehits < CACHE_TRIAL) {
		/* Fewer repeats than new stacks: the cache costs more time and
		 * memory than it saves (every stack of the input may differ). */
		p->nocache = 1;
		arena_free(&p->keys_arena);
		free(p->stacks);
		p->stacks = NULL;
		p->nstacks_cached = 0;
		return;
	}
	if (len > UINT32_MAX || p->keys_arena.total + len + 1 > KEYS_MAX)
		return;
	e->hash = h;
	e->key = arena_copy(&p->keys_arena, key, len);
	e->len = (uint32_t)len;
	e->leaf = leaf;
	if ((uint64_t)++p->nstacks_cached * 2 > p->stackmask)
		stacks_rehash(p);
}

/* Join frames with ';' into p->scratch; returns 0 if a frame holds a ';'. */
static int
stack_join(struct profile *p, const struct strv *frames, size_t n,
    size_t *lenp)
{
	size_t i, len = n - 1;
	char *d;

	for (i = 0; i < n; i++)
		len += frames[i].len;
	p->scratch = xgrow(p->scratch, &p->scratchcap, len + 1, 1);
	d = p->scratch;
	for (i = 0; i < n; i++) {
		if (memchr(frames[i].s, ';', frames[i].len) != NULL)
			return 0;
		if (i > 0)
			*d++ = ';';
		memcpy(d, frames[i].s, frames[i].len);
		d += frames[i].len;
	}
	*lenp = len;
	return 1;
}

/*
 * Add a stack of count units (the profile's) whose first same frames are
 * those of the stack added last (see sample.same); returns its last node.
 */
static uint32_t
profile_add_units(struct profile *p, const struct strv *frames, size_t n,
    size_t same, uint64_t count, uint64_t nsamp)
{
	struct stackent *e = NULL;
	uint32_t cur = PROFILE_ROOT, name, kid;
	uint64_t h = 0;
	size_t i = 0, len = 0;

	/* Start from the last stack's node for frame same: the work is in
	 * what changed, however deep the stacks are. */
	if (same > 0 && same <= n && p->nodes[p->last].depth >= same) {
		for (cur = p->last; p->nodes[cur].depth > same;
		    cur = p->nodes[cur].parent)
			;
		i = same;
	}
	if (p->flamechart) {
		/* Merge only with the newest child: the last stack's. */
		for (; i < n; i++) {
			name = profile_intern(p, frames[i].s, frames[i].len);
			if ((kid = p->nodes[cur].child) != NODE_NONE &&
			    p->nodes[kid].name == name)
				cur = kid;
			else
				cur = profile_newchild(p, cur, name);
		}
		profile_count(p, cur, count, nsamp);
		return cur;
	}
	if (i == 0 && n > 0 && !p->nocache &&
	    stack_join(p, frames, n, &len)) {
		h = profile_hash(p->scratch, len);
		e = stack_find(p, h, p->scratch, len);
		if (e->key != NULL) {
			p->cachehits++;
			profile_count(p, e->leaf, count, nsamp);
			return e->leaf;
		}
	}
	for (; i < n; i++)
		cur = profile_child(p, cur,
		    profile_intern(p, frames[i].s, frames[i].len));
	if (e != NULL)
		stack_remember(p, e, h, p->scratch, len, cur);
	profile_count(p, cur, count, nsamp);
	return cur;
}

uint32_t
profile_node_joined(struct profile *p, const char *s, size_t len)
{
	const char *semi;
	uint32_t cur = PROFILE_ROOT;
	size_t at;

	for (at = 0;; at = (size_t)(semi - s) + 1) {
		semi = memchr(s + at, ';', len - at);
		cur = profile_child(p, cur, profile_intern(p, s + at,
		    (semi != NULL ? (size_t)(semi - s) : len) - at));
		if (semi == NULL)
			return cur;
	}
}

void
profile_add_node(struct profile *p, uint32_t node, uint64_t count,
    unsigned frac, uint64_t nsamp)
{
	count = profile_units(p, count, frac);
	profile_count(p, node, count, sat_mul(p, nsamp, pow10[p->frac]));
}

void
profile_add_ids(struct profile *p, const uint32_t *names, size_t n,
    uint32_t *path, size_t known, uint64_t count, unsigned frac)
{
	uint32_t cur = known > 0 ? path[known - 1] : PROFILE_ROOT;
	size_t i;

	count = profile_units(p, count, frac);
	for (i = known; i < n; i++)
		cur = path[i] = profile_child(p, cur, names[i]);
	profile_count(p, cur, count, 0);
}

void
profile_add(struct profile *p, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac)
{
	profile_add_n(p, frames, n, count, frac, 1);
}

void
profile_add_n(struct profile *p, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac, uint64_t nsamp)
{
	count = profile_units(p, count, frac);
	profile_add_units(p, frames, n, 0, count, sat_mul(p, nsamp,
	    pow10[p->frac]));
}

void
profile_add_diff(struct profile *p, const struct strv *frames, size_t n,
    uint64_t count, uint64_t before, unsigned frac)
{
	uint32_t leaf;
	uint64_t mag;
	int64_t d;

	if (p->delta == NULL) {
		p->delta = xcalloc(p->capnodes, sizeof *p->delta);
		p->maxdelta = 1;
	}
	count = profile_units(p, count, frac);
	before = profile_units(p, before, frac);
	/* Each side fits a signed change: clamp it, and say so. */
	if (count > INT64_MAX || before > INT64_MAX)
		p->saturated = 1;
	count = count > INT64_MAX ? INT64_MAX : count;
	before = before > INT64_MAX ? INT64_MAX : before;
	leaf = profile_add_units(p, frames, n, 0, count, 0);
	mag = count >= before ? count - before : before - count;
	d = count >= before ? (int64_t)mag : -(int64_t)mag;
	if ((d > 0 && p->delta[leaf] > INT64_MAX - d) ||
	    (d < 0 && p->delta[leaf] < -INT64_MAX - d))
		p->delta[leaf] = d > 0 ? INT64_MAX : -INT64_MAX;
	else
		p->delta[leaf] += d;
	if (mag > p->maxdelta)
		p->maxdelta = mag;
}

int
profile_add_joined(struct profile *p, const char *s, size_t len,
    uint64_t count, unsigned frac)
{
	return profile_add_hashed(p, s, len, profile_hash(s, len), count, frac,
	    1);
}

int
profile_add_hashed(struct profile *p, const char *s, size_t len, uint64_t h,
    uint64_t count, unsigned frac, uint64_t nsamp)
{
	struct stackent *e;

	if (len == 0 || p->flamechart || p->nocache)
		return 0;	/* a flame chart merges by order, not by stack */
	e = stack_find(p, h, s, len);
	if (e->key == NULL)
		return 0;
	p->cachehits++;
	count = profile_units(p, count, frac);
	profile_count(p, e->leaf, count, sat_mul(p, nsamp, pow10[p->frac]));
	return 1;
}

void
profile_finish(struct profile *p)
{
	struct node *n;
	uint32_t i;

	if (!p->dirty)
		return;
	for (i = 0; i < p->nnodes; i++)
		p->nodes[i].total = 0;
	/* Children come after their parents: sum from the end. */
	for (i = p->nnodes; i-- > 0;) {
		n = &p->nodes[i];
		n->total = sat_add(p, n->total, n->self);
		if (i != PROFILE_ROOT)
			p->nodes[n->parent].total = sat_add(p,
			    p->nodes[n->parent].total, n->total);
	}
	if (p->altself != NULL) {
		memcpy(p->alttotal, p->altself, p->nnodes * sizeof *p->alttotal);
		for (i = p->nnodes; i-- > 1;)
			p->alttotal[p->nodes[i].parent] = sat_add(p,
			    p->alttotal[p->nodes[i].parent], p->alttotal[i]);
	}
	p->dirty = 0;
}

void
profile_merge(struct profile *dst, const struct profile *src)
{
	uint32_t *names, *map, i;
	uint64_t k;
	size_t j;

	if (src->frac > dst->frac)
		profile_rescale(dst, src->frac);
	k = pow10[dst->frac - src->frac];
	names = xmalloc(((size_t)src->nnames + 1) * sizeof *names);
	for (i = 0; i < src->nnames; i++)
		names[i] = profile_intern(dst, src->names[i].s,
		    src->names[i].len);
	map = xmalloc(((size_t)src->nnodes + 1) * sizeof *map);
	map[PROFILE_ROOT] = PROFILE_ROOT;
	for (i = 0; i < src->nnodes; i++) {
		if (i != PROFILE_ROOT)
			map[i] = profile_child(dst, map[src->nodes[i].parent],
			    names[src->nodes[i].name]);
		if (src->nodes[i].self > 0)
			dst->nodes[map[i]].self = sat_add(dst,
			    dst->nodes[map[i]].self,
			    sat_mul(dst, src->nodes[i].self, k));
		if (src->altself != NULL && dst->altself == NULL)
			profile_start_samples(dst);
		if (dst->altself != NULL)
			dst->altself[map[i]] = sat_add(dst,
			    dst->altself[map[i]], sat_mul(dst,
			    src->altself != NULL ? src->altself[i] :
			    src->nodes[i].self, k));
		if (src->delta != NULL && src->delta[i] != 0) {
			if (dst->delta == NULL) {
				dst->delta = xcalloc(dst->capnodes,
				    sizeof *dst->delta);
				dst->maxdelta = 1;
			}
			dst->delta[map[i]] += src->delta[i] * (int64_t)k;
		}
	}
	if (dst->keeptimes && src->ntimes > 0) {
		dst->times = xgrow(dst->times, &dst->captimes, dst->ntimes +
		    src->ntimes, sizeof *dst->times);
		for (j = 0; j < src->ntimes; j++) {
			dst->times[dst->ntimes] = src->times[j];
			dst->times[dst->ntimes].leaf = map[src->times[j].leaf];
			dst->times[dst->ntimes++].count = (uint32_t)sat_clamp32(
			    sat_mul(dst, src->times[j].count, k));
		}
	}
	if (src->delta != NULL && src->maxdelta * k > dst->maxdelta)
		dst->maxdelta = src->maxdelta * k;
	dst->nstacks += src->nstacks;
	dst->saturated |= src->saturated;
	dst->dirty = 1;
	free(names);
	free(map);
}

/* The sink callback that adds a sample to the tree. */
static void
profile_sink_stack(void *ctx, const struct sample *s)
{
	struct profile *p = ctx;

	p->now_ns = s->time_ns;
	if (s->has_before)
		profile_add_diff(ctx, s->frames, s->nframes, s->count, s->before,
		    s->frac);
	else
		profile_add_units(p, s->frames, s->nframes, s->same,
		    profile_units(p, s->count, s->frac), pow10[p->frac]);
	p->now_ns = -1;
}

/* The sink callback that adds a sample seen before, given joined. */
static int
profile_sink_joined(void *ctx, const struct sample *s)
{
	struct profile *p = ctx;
	int ret;

	if (s->has_before)
		return 0;	/* through profile_sink_stack(), for the change */
	p->now_ns = s->time_ns;
	ret = profile_add_joined(ctx, s->joined.s, s->joined.len, s->count,
	    s->frac);
	p->now_ns = -1;
	return ret;
}

/* The sink callback that keeps what the counts are. */
static void
profile_sink_unit(void *ctx, const char *unit)
{
	profile_set_unit(ctx, unit);
}

/* The sink callback that keeps the event weighing the counts. */
static void
profile_sink_event(void *ctx, const char *event)
{
	profile_set_event(ctx, event);
}

struct sink
profile_sink(struct profile *p)
{
	return (struct sink){ profile_sink_stack, p, profile_sink_joined,
	    profile_sink_unit, profile_sink_event };
}

size_t
profile_path(const struct profile *p, uint32_t node, struct strv **frames,
    size_t *cap)
{
	size_t n = p->nodes[node].depth, d = n;

	*frames = xgrow(*frames, cap, n + 1, sizeof **frames);
	for (; node != PROFILE_ROOT; node = p->nodes[node].parent) {
		d--;
		(*frames)[d].s = profile_name(p, node)->s;
		(*frames)[d].len = profile_name(p, node)->len;
	}
	return n;
}

void
profile_set_unit(struct profile *p, const char *unit)
{
	char *old = p->unit;

	p->unit = unit != NULL && unit[0] != '\0' ? xstrdup(unit) : NULL;
	free(old);
}

const char *
profile_unit(const struct profile *p)
{
	return p->unit != NULL ? p->unit : "samples";
}

void
profile_set_event(struct profile *p, const char *event)
{
	char *old = p->event;

	p->event = event != NULL && event[0] != '\0' ? xstrdup(event) : NULL;
	free(old);
}

double
profile_samples(const struct profile *p, uint64_t count)
{
	return (double)count / (double)pow10[p->frac];
}
