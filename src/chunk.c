/*
 * chunk.c: parallel parsing of one input, in blocks cut between stacks.
 *
 * The calling thread reads (and decompresses) the input into blocks and
 * queues them; workers take blocks in order, count their lines, learn the
 * line the block starts at once the blocks before it are counted, and parse
 * it with the format's own parser through a reader over the block, into a
 * sink that records each stack. The workers share a table of the distinct
 * stacks they have seen (their frames joined by ';', hashed and compared
 * there), in stripes that each have a lock, and a record names its stack in
 * that table; a worker looks up its stacks a few at a time, so that the
 * waits for memory overlap (see chunk_flush). One more thread, the adder,
 * adds the records of each block to the one profile, in the order of the
 * input, and gives the block back for reading: the first record of a
 * stack makes its node, and every record adds its count to that node. So
 * the tree is built exactly as a single thread builds it, node by node and
 * sample by sample (with timestamps, or as a flame chart), while the
 * workers do the parsing, hashing and comparing of the stacks, and the
 * reading goes on beside the adding.
 *
 * A stripe holds at most its share of CHUNK_KEYS bytes, and turns itself
 * off when the stacks repeat too little to pay; a stack it does not keep
 * is recorded as its bytes (in the block, or copied) and its hash, for the
 * profile's own stack cache. A flame chart merges by order, not by stack:
 * it uses no table. A stack with a frame holding a ';' is recorded
 * frame by frame. A block that cannot be cut within CHUNK_MAX bytes (a huge
 * line or stack) sends the rest of the input, from that block on, through
 * the parser in one piece after the workers are done, just as a single
 * thread would read it.
 */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "arena.h"
#include "chunk.h"
#include "diag.h"

#define CHUNK_BLOCK (512u << 10)	/* bytes read into a block */
#define CHUNK_MAX (16u << 20)		/* the most a block grows to */
#define CHUNK_THREADS 16		/* the most worker threads */
#define CHUNK_STACK (1u << 20)		/* stack size of a worker */
#define CHUNK_KEYS (64u << 20)		/* bytes of stacks the table keeps */
#define CHUNK_TRIAL 65536		/* new stacks before it is judged */
#define CHUNK_STRIPES 64		/* parts of it, each with its lock */
#define CHUNK_BATCH 16			/* stacks looked up together */
#define CHUNK_POOL (64u << 10)		/* a new block of a pool */

/* A block of the input, whole stacks only. */
struct block {
	char *buf;
	size_t len, cap;
	size_t seq;		/* its place in the input, from 0 */
	struct block *next;	/* in the queue or the free list */
};

/*
 * A distinct stack the workers have seen, in their table (whose slot has
 * its hash): its frames joined by ';', and the node it ends at in the
 * profile, which only the adding thread sets and reads.
 */
struct stackrec {
	const char *key;	/* in the stripe's pool */
	uint32_t len;
	uint32_t leaf;		/* NODE_NONE until the adding thread adds it */
};

/*
 * One stack recorded by a worker, for the adding thread to add: the stack
 * in the workers' table; or when the table does not keep it, its frames
 * joined by ';' (in the block, or copied) and their hash; or when a frame
 * holds a ';', the frames one by one.
 */
struct rec {
	struct stackrec *st;	/* in the table, or NULL */
	const char *s;		/* the joined frames, or a struct recframes */
	uint64_t hash;		/* profile_hash(s, len) */
	uint64_t count;
	int64_t time_ns;	/* the sample's, -1 for none */
	uint32_t len;
	uint16_t frac;
	uint16_t split;		/* s is a struct recframes */
};

/* The frames of a stack that cannot be joined. */
struct recframes {
	const struct strv *v;
	size_t n;
};

/*
 * A slot of a stripe: a stack and its hash, kept here too so that probing
 * past other stacks reads only the slots, not the stacks (each a likely
 * cache miss).
 */
struct slot {
	uint64_t hash;
	struct stackrec *st;	/* NULL for an empty slot */
};

/*
 * A stripe of the workers' table of the distinct stacks they have seen
 * (open addressing), for the stacks whose hash picks it, with their bytes
 * in its pool, which lives until the whole input is added. Each stripe
 * has its own lock, so the workers seldom wait for each other. slots and
 * mask are also read without the lock, atomically, but only to prefetch.
 */
struct stripe {
	pthread_mutex_t lock;
	struct slot *slots;
	uint32_t mask, n;
	size_t bytes;		/* bytes of stacks kept */
	uint64_t hits, misses;
	int off;		/* it paid off too little: not used any more */
	struct arena pool;
};

/* What is known of one block. */
struct part {
	struct block *block;	/* the input, until the stacks are added */
	struct rec *recs;	/* its stacks, in order */
	size_t nrecs, caprecs;
	struct arena pool;	/* copies of frames not in the block */
	int parsed;		/* recs are complete */
	int counted;		/* lines is known */
	uint64_t lines;		/* lines in the block */
	uint64_t start;		/* lines before it, once known */
	struct diag diag;	/* what parsing it found */
	int failed;		/* the parser returned -1: see err */
	char err[512];
	void *fmtpart;		/* the format's part(), for its merge() */
	int times;		/* keep each sample's time: no runs merged */
};

/* The state shared by the reading thread and the workers. */
struct chunker {
	pthread_mutex_t lock;
	pthread_cond_t work;	/* a block was queued, or closing was set */
	pthread_cond_t started;	/* nstarted grew */
	pthread_cond_t parsed;	/* a part was parsed or queued, or closing */
	pthread_cond_t freed;	/* a block was put back on the free list */

	struct block *head, *tail;	/* queued blocks, in order */
	struct block *free;	/* blocks not in use */
	int nblocks, maxblocks;	/* blocks allocated, the most allowed */
	int closing;		/* no more blocks will be queued */

	struct part **parts;	/* parts[seq], allocated as queued */
	size_t nparts, capparts;
	size_t nstarted;	/* parts whose start line is known */
	uint64_t startline;	/* the start line of part nstarted */

	const struct format *fmt;
	const struct parse_opts *opts;
	const char *name;	/* the input, for messages */

	struct stripe *stripes;	/* the workers' table of stacks */
	size_t stripebytes;	/* the most bytes a stripe keeps */

	int times;		/* the profile keeps timestamps */
	void *input;		/* the format's begin(), for the whole input */
};

/*
 * A stack a worker has hashed but not yet looked up (see chunk_flush): the
 * record it is to make, with rec.s NULL while the stack is in the worker's
 * scratch, at off.
 */
struct pending {
	struct rec rec;
	size_t off;
	int skip;		/* its stripe is off: no lookup */
};

/* A worker thread and the part it is parsing. */
struct worker {
	struct chunker *c;
	pthread_t tid;
	struct part *pt;
	struct pending batch[CHUNK_BATCH];	/* to look up, in order */
	size_t nbatch;
	char *scratch;		/* the batch's stacks not in the block */
	size_t scratchlen, scratchcap;
};

/* The thread that adds the parts to the profile, in order. */
struct adder {
	struct chunker *c;
	pthread_t tid;
	struct profile *p;
	struct diag *d;
	char *err;
	size_t errlen;
	int ret;		/* -1 when a part's parser failed: see err */
	struct strv *frames;
	size_t capframes;
};

int
chunk_threads(int n)
{
	long cpus;

	if (n <= 0) {
		cpus = sysconf(_SC_NPROCESSORS_ONLN);
		n = cpus > 0 ? (int)cpus : 1;
	}
	return n > CHUNK_THREADS ? CHUNK_THREADS : n;
}

/* Count the lines of a block: its newlines, and a last unfinished line. */
static uint64_t
chunk_lines(const char *s, size_t len)
{
	uint64_t n = 0;
	size_t i = 0;
#ifdef __SSE2__
	/* 16 bytes at a time: a match byte is -1; subtract, then add up the
	 * byte counters every 255 rounds, before they can wrap. */
	const __m128i nl = _mm_set1_epi8('\n'), zero = _mm_setzero_si128();
	__m128i acc, sum;
	size_t k;

	while (len - i >= 16) {
		acc = zero;
		for (k = 0; k < 255 && len - i >= 16; k++, i += 16)
			acc = _mm_sub_epi8(acc, _mm_cmpeq_epi8(nl,
			    _mm_loadu_si128((const __m128i *)(const void *)(s + i))));
		sum = _mm_sad_epu8(acc, zero);
		n += (uint64_t)_mm_cvtsi128_si32(sum) +
		    (uint64_t)_mm_cvtsi128_si32(_mm_srli_si128(sum, 8));
	}
#else
	const uint64_t ones = 0x0101010101010101ull, nl = ones * '\n';
	const uint64_t low = ones * 0x7f, high = ones * 0x80;
	uint64_t acc, w, x;
	size_t k;

	while (len - i >= 8) {
		/* Add up to 255 words' match bytes (0 or 1) in acc's bytes. */
		acc = 0;
		for (k = 0; k < 255 && len - i >= 8; k++, i += 8) {
			memcpy(&w, s + i, 8);
			x = w ^ nl;
			acc += (~(((x & low) + low) | x) & high) >> 7;
		}
		n += (acc * ones) >> 56;
	}
#endif
	for (; i < len; i++)
		n += s[i] == '\n';
	if (len > 0 && s[len - 1] != '\n')
		n++;
	return n;
}

/* Move the known start line on past every counted part. */
static void
chunk_advance(struct chunker *c)
{
	struct part *pt;
	int moved = 0;

	while (c->nstarted < c->nparts && (pt = c->parts[c->nstarted])->counted) {
		pt->start = c->startline;
		c->startline += pt->lines;
		c->nstarted++;
		moved = 1;
	}
	if (moved)
		pthread_cond_broadcast(&c->started);
}

/* Copy n bytes into a pool, at a multiple of 8 for the structs there. */
static void *
chunk_copy(struct arena *pl, const void *p, size_t n)
{
	return memcpy(arena_alloc(pl, n, 8), p, n);
}

/* A new record at the end of a part. */
static struct rec *
chunk_rec(struct part *pt, const struct sample *smp)
{
	struct rec *rc;

	pt->recs = xgrow(pt->recs, &pt->caprecs, pt->nrecs + 1, sizeof *pt->recs);
	rc = &pt->recs[pt->nrecs++];
	memset(rc, 0, sizeof *rc);
	rc->count = smp->count;
	rc->time_ns = smp->time_ns;
	rc->frac = (uint16_t)smp->frac;
	return rc;
}

/* The stripe of the workers' table for hash h. */
static struct stripe *
chunk_stripe(struct chunker *c, uint64_t h)
{
	return &c->stripes[(h >> 32) % CHUNK_STRIPES];
}

/*
 * Rebuild a stripe at twice its size. A worker may be reading slots and
 * mask to prefetch, without the lock: it may see the old array or a mask
 * that does not fit it, which is harmless for a prefetch.
 */
static void
chunk_stripe_grow(struct stripe *sp)
{
	struct slot *old = sp->slots, *slots;
	uint32_t n = sp->mask + 1, mask = sp->mask * 2 + 1, i, j;

	slots = xcalloc((size_t)mask + 1, sizeof *slots);
	for (i = 0; i < n; i++) {
		if (old[i].st == NULL)
			continue;
		for (j = (uint32_t)old[i].hash & mask; slots[j].st != NULL;
		    j = (j + 1) & mask)
			;
		slots[j] = old[i];
	}
	__atomic_store_n(&sp->slots, slots, __ATOMIC_RELAXED);
	__atomic_store_n(&sp->mask, mask, __ATOMIC_RELAXED);
	free(old);
}

/* Start loading the slot where the lookup of hash h begins. */
static void
chunk_prefetch_slot(struct chunker *c, uint64_t h)
{
	struct stripe *sp = chunk_stripe(c, h);
	struct slot *slots = __atomic_load_n(&sp->slots, __ATOMIC_RELAXED);
	uint32_t mask = __atomic_load_n(&sp->mask, __ATOMIC_RELAXED);

	__builtin_prefetch(&slots[(uint32_t)h & mask]);
}

/*
 * The stack in the workers' table whose hash is h, if there is one, for
 * the caller to compare without the lock (a kept stack never changes); the
 * hash is only compared in the slots, so no stack is read here. NULL when
 * there is none, or its stripe is off (then *off is set).
 */
static struct stackrec *
chunk_find(struct chunker *c, uint64_t h, int *off)
{
	struct stripe *sp = chunk_stripe(c, h);
	struct stackrec *st = NULL;
	uint32_t i;

	pthread_mutex_lock(&sp->lock);
	*off = sp->off;
	if (!sp->off) {
		for (i = (uint32_t)h & sp->mask; sp->slots[i].st != NULL;
		    i = (i + 1) & sp->mask)
			if (sp->slots[i].hash == h) {
				st = sp->slots[i].st;
				sp->hits++;
				break;
			}
	}
	pthread_mutex_unlock(&sp->lock);
	return st;
}

/*
 * The stack s (h its hash) in the workers' table, added if new; NULL when
 * it is new and its stripe has no room, or is off.
 */
static struct stackrec *
chunk_lookup(struct chunker *c, const char *s, size_t len, uint64_t h)
{
	struct stripe *sp = chunk_stripe(c, h);
	struct stackrec *st;
	uint32_t i;

	pthread_mutex_lock(&sp->lock);
	if (sp->off) {
		pthread_mutex_unlock(&sp->lock);
		return NULL;
	}
	for (i = (uint32_t)h & sp->mask; (st = sp->slots[i].st) != NULL;
	    i = (i + 1) & sp->mask)
		if (sp->slots[i].hash == h && st->len == len &&
		    memcmp(st->key, s, len) == 0) {
			sp->hits++;
			pthread_mutex_unlock(&sp->lock);
			return st;
		}
	if (++sp->misses == CHUNK_TRIAL / CHUNK_STRIPES &&
	    sp->hits < CHUNK_TRIAL / CHUNK_STRIPES) {
		/* Fewer repeats than new stacks: it costs more than it saves
		 * (every stack of the input may differ). */
		sp->off = 1;
	} else if (sp->bytes + sizeof *st + len <= c->stripebytes) {
		st = arena_alloc(&sp->pool, sizeof *st + len, 8);
		st->key = memcpy(st + 1, s, len);
		st->len = (uint32_t)len;
		st->leaf = NODE_NONE;
		sp->bytes += sizeof *st + len;
		sp->slots[i].hash = h;
		sp->slots[i].st = st;
		if ((uint64_t)++sp->n * 2 > sp->mask)
			chunk_stripe_grow(sp);
	}
	pthread_mutex_unlock(&sp->lock);
	return st;
}

/*
 * Add n's count to the last record if it is the same stack (n->st, or
 * n->s when n->st is NULL) with the same weighing, as runs often are.
 */
static int
chunk_same(struct part *pt, const struct rec *n)
{
	struct rec *rc = pt->nrecs > 0 ? &pt->recs[pt->nrecs - 1] : NULL;

	if (rc == NULL || rc->split || rc->st != n->st ||
	    rc->frac != n->frac || rc->count > UINT64_MAX - n->count ||
	    (pt->times && rc->time_ns != n->time_ns))
		return 0;
	if (n->st == NULL && (rc->hash != n->hash || rc->len != n->len ||
	    memcmp(rc->s, n->s, n->len) != 0))
		return 0;
	rc->count += n->count;
	return 1;
}

/*
 * Record the worker's batch of joined stacks, in order, and empty it. Each
 * stack is found in (or added to) the workers' table, or else recorded as
 * its bytes, which are copied unless they are in the block.
 *
 * The table is far bigger than the caches, so each lookup would wait for
 * memory twice: for the slot, then for the stack found there to compare.
 * Looking up a batch in steps lets those waits overlap: chunk_defer()
 * prefetched each stack's first slot as it hashed it; here the first pass
 * takes from the slots the stack with the same hash (no stack is read)
 * and prefetches it, and the second compares the stacks, now loaded or on
 * their way, and records them. A stack not found (new, or a hash shared
 * by another stack) takes the plain lookup, which adds it.
 */
static void
chunk_flush(struct worker *w)
{
	struct part *pt = w->pt;
	const struct block *b = pt->block;
	struct pending *p;
	struct stackrec *st;
	struct rec *rc;
	size_t i;

	for (i = 0; i < w->nbatch; i++) {
		p = &w->batch[i];
		if (p->rec.s == NULL)
			p->rec.s = w->scratch + p->off;
		st = chunk_find(w->c, p->rec.hash, &p->skip);
		if (st != NULL) {
			/* Its head and the first lines of its key. */
			__builtin_prefetch(st);
			__builtin_prefetch((const char *)st + 64);
			__builtin_prefetch((const char *)st + 128);
			__builtin_prefetch((const char *)st + 192);
		}
		p->rec.st = st;
	}
	for (i = 0; i < w->nbatch; i++) {
		rc = &w->batch[i].rec;
		st = rc->st;
		if (!w->batch[i].skip && (st == NULL ||
		    st->len != rc->len || memcmp(st->key, rc->s, rc->len) != 0))
			st = chunk_lookup(w->c, rc->s, rc->len, rc->hash);
		rc->st = st;
		if (chunk_same(pt, rc))
			continue;
		if (st == NULL && (rc->s < b->buf ||
		    rc->s + rc->len > b->buf + b->len))
			rc->s = chunk_copy(&pt->pool, rc->s, rc->len);
		pt->recs = xgrow(pt->recs, &pt->caprecs, pt->nrecs + 1,
		    sizeof *pt->recs);
		pt->recs[pt->nrecs++] = *rc;
	}
	w->nbatch = 0;
	w->scratchlen = 0;
}

/*
 * Put a joined stack of smp in the worker's batch: s, in the block, or
 * with s NULL the len bytes at the end of the scratch. Its hash is taken
 * and its slot prefetched now; a full batch is looked up and recorded.
 */
static void
chunk_defer(struct worker *w, const char *s, size_t len,
    const struct sample *smp)
{
	struct pending *p = &w->batch[w->nbatch++];

	memset(p, 0, sizeof *p);
	p->rec.count = smp->count;
	p->rec.time_ns = smp->time_ns;
	p->rec.frac = (uint16_t)smp->frac;
	p->rec.len = (uint32_t)len;
	p->rec.s = s;
	p->off = w->scratchlen;
	if (s == NULL) {
		s = w->scratch + p->off;
		w->scratchlen += len;
	}
	p->rec.hash = profile_hash(s, len);
	chunk_prefetch_slot(w->c, p->rec.hash);
	if (w->nbatch == CHUNK_BATCH)
		chunk_flush(w);
}

/* The record sink's joined callback: keep the joined stack. */
static int
chunk_sink_joined(void *ctx, const struct sample *smp)
{
	struct worker *w = ctx;
	const struct block *b = w->pt->block;
	const char *s = smp->joined.s;
	size_t len = smp->joined.len;

	if (len > UINT32_MAX)
		return 0;
	if (s < b->buf || s + len > b->buf + b->len) {
		/* Not in the block: it lives only during the call. */
		w->scratch = xgrow(w->scratch, &w->scratchcap,
		    w->scratchlen + len, 1);
		memcpy(w->scratch + w->scratchlen, s, len);
		s = NULL;
	}
	chunk_defer(w, s, len, smp);
	return 1;
}

/* The record sink's stack callback: keep the frames, joined if they can be. */
static void
chunk_sink_stack(void *ctx, const struct sample *smp)
{
	struct worker *w = ctx;
	struct part *pt = w->pt;
	struct recframes rf;
	struct rec *rc;
	struct strv *v;
	size_t i, len;
	char *d;

	for (i = 0, len = 0; i < smp->nframes; i++) {
		if (memchr(smp->frames[i].s, ';', smp->frames[i].len) != NULL)
			break;
		len += smp->frames[i].len + 1;
	}
	if (smp->nframes > 0 && i == smp->nframes && len - 1 <= UINT32_MAX) {
		w->scratch = xgrow(w->scratch, &w->scratchcap,
		    w->scratchlen + len, 1);
		d = w->scratch + w->scratchlen;
		for (i = 0; i < smp->nframes; i++) {
			memcpy(d, smp->frames[i].s, smp->frames[i].len);
			d += smp->frames[i].len;
			*d++ = ';';
		}
		chunk_defer(w, NULL, len - 1, smp);
		return;
	}
	/* No frames, or a frame holding ';': keep them one by one, after
	 * the stacks before them. */
	chunk_flush(w);
	v = smp->nframes > 0 ? chunk_copy(&pt->pool, smp->frames,
	    smp->nframes * sizeof *v) : NULL;
	for (i = 0; i < smp->nframes; i++)
		v[i].s = chunk_copy(&pt->pool, v[i].s, v[i].len);
	rf.v = v;
	rf.n = smp->nframes;
	rc = chunk_rec(pt, smp);
	rc->s = chunk_copy(&pt->pool, &rf, sizeof rf);
	rc->split = 1;
}

/* Split a joined stack at each ';' into *frames; returns their number. */
static size_t
chunk_split(const char *s, size_t len, struct strv **frames, size_t *cap)
{
	const char *semi;
	size_t n, start;

	for (n = 0, start = 0;; start = (size_t)(semi - s) + 1) {
		semi = memchr(s + start, ';', len - start);
		*frames = xgrow(*frames, cap, n + 1, sizeof **frames);
		(*frames)[n].s = s + start;
		(*frames)[n].len = (semi != NULL ? (size_t)(semi - s) : len) -
		    start;
		n++;
		if (semi == NULL)
			return n;
	}
}

/* Add a part's recorded stacks to the profile, in order. */
static void
chunk_add(struct profile *p, struct adder *ad, struct part *pt)
{
	const struct rec *rc;
	struct stackrec *st;
	size_t i, n;

	for (i = 0; i < pt->nrecs; i++) {
		rc = &pt->recs[i];
		p->now_ns = rc->time_ns;
		if ((st = rc->st) != NULL) {
			/* The stack's first record makes its node. */
			if (st->leaf == NODE_NONE)
				st->leaf = profile_node_joined(p, st->key,
				    st->len);
			profile_add_node(p, st->leaf, rc->count, rc->frac);
			continue;
		}
		if (rc->split) {
			const struct recframes *rf = (const void *)rc->s;

			profile_add(p, rf->v, rf->n, rc->count, rc->frac);
			continue;
		}
		if (profile_add_hashed(p, rc->s, rc->len, rc->hash, rc->count,
		    rc->frac))
			continue;
		n = chunk_split(rc->s, rc->len, &ad->frames, &ad->capframes);
		profile_add(p, ad->frames, n, rc->count, rc->frac);
	}
	p->now_ns = -1;
}

/*
 * Parse the lines of r into sink and d, by the format's part() when it has
 * one, leaving what it sums over the input in pt.
 */
static int
chunk_run(struct chunker *c, struct reader *r, struct sink *sink,
    struct diag *d, struct part *pt, char *err, size_t errlen)
{
	if (c->fmt->part == NULL)
		return c->fmt->parse(r, c->opts, sink, d, err, errlen);
	return c->fmt->part(c->input, &pt->fmtpart, r, c->opts, sink, d, err,
	    errlen);
}

/* Add what a part's parser summed to the input's, in order. */
static void
chunk_merge(struct chunker *c, struct part *pt)
{
	if (c->fmt->merge != NULL && pt->fmtpart != NULL)
		c->fmt->merge(c->input, pt->fmtpart);
	pt->fmtpart = NULL;
}

/* A worker: parse blocks until the queue is closed and empty. */
static void *
chunk_work(void *arg)
{
	struct worker *w = arg;
	struct chunker *c = w->c;
	struct sink sink = { .stack = chunk_sink_stack, .ctx = w,
	    .joined = chunk_sink_joined };
	struct reader *r;
	struct block *b;
	struct part *pt;
	uint64_t lines;

	for (;;) {
		pthread_mutex_lock(&c->lock);
		while (c->head == NULL && !c->closing)
			pthread_cond_wait(&c->work, &c->lock);
		if ((b = c->head) == NULL) {
			pthread_mutex_unlock(&c->lock);
			break;
		}
		if ((c->head = b->next) == NULL)
			c->tail = NULL;
		pt = c->parts[b->seq];
		pthread_mutex_unlock(&c->lock);

		lines = chunk_lines(b->buf, b->len);
		pthread_mutex_lock(&c->lock);
		pt->lines = lines;
		pt->counted = 1;
		chunk_advance(c);
		while (c->nstarted <= b->seq)
			pthread_cond_wait(&c->started, &c->lock);
		pthread_mutex_unlock(&c->lock);

		r = reader_mem(c->name, b->buf, b->len);
		r->lineno = pt->start;
		diag_begin(&pt->diag, c->name);
		w->pt = pt;
		if (chunk_run(c, r, &sink, &pt->diag, pt, pt->err,
		    sizeof pt->err) < 0)
			pt->failed = 1;
		chunk_flush(w);
		reader_close(r);

		pthread_mutex_lock(&c->lock);
		pt->parsed = 1;
		pthread_cond_broadcast(&c->parsed);
		pthread_mutex_unlock(&c->lock);
	}
	return NULL;
}

/* Put a block back on the free list. */
static void
chunk_give(struct chunker *c, struct block *b)
{
	b->next = c->free;
	c->free = b;
}

/*
 * The adding thread: add each part's stacks to the profile, in order, once
 * it is parsed, until the queue is closed and every part is added.
 */
static void *
chunk_build(void *arg)
{
	struct adder *ad = arg;
	struct chunker *c = ad->c;
	struct part *pt;
	size_t next;

	for (next = 0;; next++) {
		pthread_mutex_lock(&c->lock);
		while (next == c->nparts && !c->closing)
			pthread_cond_wait(&c->parsed, &c->lock);
		if (next == c->nparts) {
			pthread_mutex_unlock(&c->lock);
			break;
		}
		while (!c->parts[next]->parsed)
			pthread_cond_wait(&c->parsed, &c->lock);
		pt = c->parts[next];
		pthread_mutex_unlock(&c->lock);

		chunk_add(ad->p, ad, pt);
		if (pt->failed && ad->ret == 0) {
			snprintf(ad->err, ad->errlen, "%s", pt->err);
			ad->ret = -1;
		}
		diag_merge(ad->d, &pt->diag);
		chunk_merge(c, pt);
		free(pt->recs);
		arena_free(&pt->pool);
		pt->recs = NULL;

		pthread_mutex_lock(&c->lock);
		chunk_give(c, pt->block);
		pthread_cond_signal(&c->freed);
		pthread_mutex_unlock(&c->lock);
	}
	return NULL;
}

/* Take a free block, or make one; NULL when all are in use. */
static struct block *
chunk_take(struct chunker *c)
{
	struct block *b;

	if ((b = c->free) != NULL)
		c->free = b->next;
	else if (c->nblocks < c->maxblocks) {
		c->nblocks++;
		b = xcalloc(1, sizeof *b);
		b->cap = CHUNK_BLOCK;
		b->buf = xmalloc(b->cap);
	} else
		return NULL;
	b->len = 0;
	return b;
}

/* Queue a block for the workers, as the next part of the input. */
static void
chunk_queue(struct chunker *c, struct block *b)
{
	pthread_mutex_lock(&c->lock);
	c->parts = xgrow(c->parts, &c->capparts, c->nparts + 1,
	    sizeof *c->parts);
	b->seq = c->nparts;
	c->parts[c->nparts] = xcalloc(1, sizeof (struct part));
	c->parts[c->nparts]->times = c->times;
	c->parts[c->nparts]->pool.block = CHUNK_POOL;
	c->parts[c->nparts++]->block = b;
	b->next = NULL;
	if (c->tail != NULL)
		c->tail->next = b;
	else
		c->head = b;
	c->tail = b;
	pthread_cond_signal(&c->work);
	pthread_cond_broadcast(&c->parsed);
	pthread_mutex_unlock(&c->lock);
}

/* Free a block. */
static void
chunk_block_free(struct block *b)
{
	free(b->buf);
	free(b);
}

/*
 * Read the next block, whole stacks only, into b. Returns 1 for a block to
 * queue (the rest of a cut block is left in *carry), 0 at the end (b holds
 * the last block, perhaps empty), -1 when no cut was found.
 */
static int
chunk_fill(struct reader *r, size_t (*cut)(const char *, size_t),
    struct block *b, char **carry, size_t *ncarry, size_t *capcarry)
{
	const char *nl;
	size_t got, at;

	if (*ncarry > b->cap) {
		b->cap = *ncarry;
		b->buf = xrealloc(b->buf, b->cap);
	}
	if (*ncarry > 0)
		memcpy(b->buf, *carry, *ncarry);
	b->len = *ncarry;
	*ncarry = 0;
	for (;;) {
		while (b->len < b->cap && (got = reader_read(r, b->buf + b->len,
		    b->cap - b->len)) > 0)
			b->len += got;
		if (b->len < b->cap)
			break;
		if ((at = cut(b->buf, b->len)) > 0) {
			*ncarry = b->len - at;
			if (*ncarry > 0) {	/* a cut at the end carries nothing */
				*carry = xgrow(*carry, capcarry, *ncarry, 1);
				memcpy(*carry, b->buf + at, *ncarry);
			}
			b->len = at;
			return 1;
		}
		if (b->cap >= CHUNK_MAX)
			return -1;
		b->cap *= 2;
		b->buf = xrealloc(b->buf, b->cap);
	}
	if (r->error) {
		/* A line cut by a failed read is dropped, as reader_line does. */
		nl = memrchr(b->buf, '\n', b->len);
		b->len = nl != NULL ? (size_t)(nl - b->buf) + 1 : 0;
	}
	if (r->cancelled)
		b->len = 0;
	return 0;
}

int
chunk_parse(struct reader *r, const struct format *fmt,
    const struct parse_opts *o, int threads, struct profile *p,
    struct diag *d, char *err, size_t errlen)
{
	struct chunker c;
	struct adder ad;
	struct block *b, *rest = NULL;
	struct part last;
	struct sink sink;
	struct worker *w;
	pthread_attr_t attr;
	char *carry = NULL;
	size_t ncarry = 0, capcarry = 0, next;
	int ret = 0, more = 1, t, building;

	memset(&c, 0, sizeof c);
	pthread_mutex_init(&c.lock, NULL);
	pthread_cond_init(&c.work, NULL);
	pthread_cond_init(&c.started, NULL);
	pthread_cond_init(&c.parsed, NULL);
	pthread_cond_init(&c.freed, NULL);
	c.maxblocks = 2 * threads + 2;
	c.fmt = fmt;
	c.opts = o;
	c.name = r->name;
	c.input = fmt->begin != NULL ? fmt->begin(o) : NULL;
	c.times = p->keeptimes;
	memset(&ad, 0, sizeof ad);
	ad.c = &c;
	ad.p = p;
	ad.d = d;
	ad.err = err;
	ad.errlen = errlen;
	/* A flame chart merges by order, not by stack: no table. */
	c.stripes = xcalloc(CHUNK_STRIPES, sizeof *c.stripes);
	c.stripebytes = CHUNK_KEYS / CHUNK_STRIPES;
	for (t = 0; t < CHUNK_STRIPES; t++) {
		pthread_mutex_init(&c.stripes[t].lock, NULL);
		c.stripes[t].off = p->flamechart;
		c.stripes[t].mask = 63;
		c.stripes[t].pool.block = CHUNK_POOL;
		c.stripes[t].slots = xcalloc((size_t)c.stripes[t].mask + 1,
		    sizeof *c.stripes[t].slots);
	}

	/* Small stacks: the parsers need little, and address space may be
	 * limited (ulimit -v). With no thread at all, read in one piece. */
	w = xcalloc((size_t)threads, sizeof *w);
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, CHUNK_STACK);
	for (t = 0; t < threads; t++) {
		w[t].c = &c;
		if (pthread_create(&w[t].tid, &attr, chunk_work, &w[t]) != 0)
			break;
	}
	building = (threads = t) > 0 &&
	    pthread_create(&ad.tid, &attr, chunk_build, &ad) == 0;
	pthread_attr_destroy(&attr);
	if (!building)
		more = 0;

	/* Read blocks and queue them, while the other threads parse and
	 * add them and give them back. */
	while (more > 0) {
		pthread_mutex_lock(&c.lock);
		while ((b = chunk_take(&c)) == NULL)
			pthread_cond_wait(&c.freed, &c.lock);
		pthread_mutex_unlock(&c.lock);
		more = chunk_fill(r, fmt->cut, b, &carry, &ncarry, &capcarry);
		if (more >= 0 && b->len > 0 && fmt->block != NULL &&
		    fmt->block(c.input, b->buf, b->len) < 0)
			more = -1;
		if (more < 0)
			rest = b;
		else if (b->len > 0)
			chunk_queue(&c, b);
		else {
			pthread_mutex_lock(&c.lock);
			chunk_give(&c, b);
			pthread_mutex_unlock(&c.lock);
		}
	}

	pthread_mutex_lock(&c.lock);
	c.closing = 1;
	pthread_cond_broadcast(&c.work);
	pthread_cond_broadcast(&c.parsed);
	pthread_mutex_unlock(&c.lock);
	for (t = 0; t < threads; t++)
		pthread_join(w[t].tid, NULL);
	if (building) {
		pthread_join(ad.tid, NULL);
		ret = ad.ret;
	}

	if (!building || (rest != NULL && ret == 0)) {
		/* No place to cut, or no thread: read the rest in one piece. */
		if (rest != NULL) {
			/* rest may have been cut: its tail is in carry. */
			reader_unread(r, carry, ncarry);
			reader_unread(r, rest->buf, rest->len);
		}
		r->lineno = c.startline;
		sink = profile_sink(p);
		if (c.nparts == 0)
			ret = fmt->parse(r, o, &sink, d, err, errlen);
		else {
			memset(&last, 0, sizeof last);
			ret = chunk_run(&c, r, &sink, d, &last, err, errlen);
			chunk_merge(&c, &last);
		}
	}
	if (fmt->finish != NULL) {
		sink = profile_sink(p);
		fmt->finish(c.input, &sink, c.nparts > 0 ? d : NULL);
	}
	if (rest != NULL)
		chunk_block_free(rest);
	for (next = 0; next < c.nparts; next++)
		free(c.parts[next]);
	while ((b = c.free) != NULL) {
		c.free = b->next;
		chunk_block_free(b);
	}
	free(c.parts);
	free(carry);
	free(ad.frames);
	for (t = 0; t < threads; t++)
		free(w[t].scratch);
	free(w);
	for (t = 0; t < CHUNK_STRIPES; t++) {
		pthread_mutex_destroy(&c.stripes[t].lock);
		free(c.stripes[t].slots);
		arena_free(&c.stripes[t].pool);
	}
	free(c.stripes);
	pthread_mutex_destroy(&c.lock);
	pthread_cond_destroy(&c.work);
	pthread_cond_destroy(&c.started);
	pthread_cond_destroy(&c.parsed);
	pthread_cond_destroy(&c.freed);
	return ret;
}
