/*
 * chunk-worker.c: the workers of the parallel reader (chunk.c): each takes
 * the next block, counts its lines, parses it with the format's own parser
 * into a sink that records each stack, and finds the stack in the table
 * the workers share (the stripes), a few stacks at a time.
 */
#include "config.h"

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif

#include "chunk-int.h"
#include "util.h"

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
	rc->nsamp = 1;
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
	rc->nsamp += n->nsamp;
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
	p->rec.nsamp = 1;
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

/*
 * Parse the lines of r into sink and d, by the format's part() when it has
 * one, leaving what it sums over the input in pt.
 */
int
chunk_run(struct chunker *c, struct reader *r, struct sink *sink,
    struct diag *d, struct part *pt, char *err, size_t errlen)
{
	if (c->fmt->part == NULL)
		return c->fmt->parse(r, c->opts, sink, d, err, errlen);
	return c->fmt->part(c->input, &pt->fmtpart, r, c->opts, sink, d, err,
	    errlen);
}

/* A worker: parse blocks until the queue is closed and empty. */
void *
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
