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

#include "chunk-int.h"

#define CHUNK_BLOCK (512u << 10)	/* bytes read into a block */
#define CHUNK_MAX (16u << 20)		/* the most a block grows to */
#define CHUNK_THREADS 16		/* the most worker threads */
#define CHUNK_STACK (1u << 20)		/* stack size of a worker */
#define CHUNK_KEYS (64u << 20)		/* bytes of stacks the table keeps */

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
			profile_add_node(p, st->leaf, rc->count, rc->frac,
			    rc->nsamp);
			continue;
		}
		if (rc->split) {
			const struct recframes *rf = (const void *)rc->s;

			profile_add(p, rf->v, rf->n, rc->count, rc->frac);
			continue;
		}
		if (profile_add_hashed(p, rc->s, rc->len, rc->hash, rc->count,
		    rc->frac, rc->nsamp))
			continue;
		n = chunk_split(rc->s, rc->len, &ad->frames, &ad->capframes);
		profile_add_n(p, ad->frames, n, rc->count, rc->frac,
		    rc->nsamp);
	}
	p->now_ns = -1;
}

/* Add what a part's parser summed to the input's, in order. */
static void
chunk_merge(struct chunker *c, struct part *pt)
{
	if (c->fmt->merge != NULL && pt->fmtpart != NULL)
		c->fmt->merge(c->input, pt->fmtpart);
	pt->fmtpart = NULL;
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

/*
 * Set up c to read the input name with fmt and o on threads threads into
 * p: its locks, and the workers' table of stacks (none for a flame chart,
 * which merges by order, not by stack).
 */
static void
chunk_init(struct chunker *c, const char *name, const struct format *fmt,
    const struct parse_opts *o, int threads, const struct profile *p)
{
	int t;

	memset(c, 0, sizeof *c);
	pthread_mutex_init(&c->lock, NULL);
	pthread_cond_init(&c->work, NULL);
	pthread_cond_init(&c->started, NULL);
	pthread_cond_init(&c->parsed, NULL);
	pthread_cond_init(&c->freed, NULL);
	c->maxblocks = 2 * threads + 2;
	c->fmt = fmt;
	c->opts = o;
	c->name = name;
	c->input = fmt->begin != NULL ? fmt->begin(o) : NULL;
	c->times = p->keeptimes;
	c->stripes = xcalloc(CHUNK_STRIPES, sizeof *c->stripes);
	c->stripebytes = CHUNK_KEYS / CHUNK_STRIPES;
	for (t = 0; t < CHUNK_STRIPES; t++) {
		pthread_mutex_init(&c->stripes[t].lock, NULL);
		c->stripes[t].off = p->flamechart;
		c->stripes[t].mask = 63;
		c->stripes[t].pool.block = CHUNK_POOL;
		c->stripes[t].slots = xcalloc((size_t)c->stripes[t].mask + 1,
		    sizeof *c->stripes[t].slots);
	}
}

/* Free what chunk_init() and the reading made, once the threads are done. */
static void
chunk_free(struct chunker *c)
{
	struct block *b;
	size_t i;
	int t;

	for (i = 0; i < c->nparts; i++)
		free(c->parts[i]);
	while ((b = c->free) != NULL) {
		c->free = b->next;
		chunk_block_free(b);
	}
	free(c->parts);
	for (t = 0; t < CHUNK_STRIPES; t++) {
		pthread_mutex_destroy(&c->stripes[t].lock);
		free(c->stripes[t].slots);
		arena_free(&c->stripes[t].pool);
	}
	free(c->stripes);
	pthread_mutex_destroy(&c->lock);
	pthread_cond_destroy(&c->work);
	pthread_cond_destroy(&c->started);
	pthread_cond_destroy(&c->parsed);
	pthread_cond_destroy(&c->freed);
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
	size_t ncarry = 0, capcarry = 0;
	int ret = 0, more = 1, t, building;

	chunk_init(&c, r->name, fmt, o, threads, p);
	memset(&ad, 0, sizeof ad);
	ad.c = &c;
	ad.p = p;
	ad.d = d;
	ad.err = err;
	ad.errlen = errlen;

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
	free(carry);
	free(ad.frames);
	for (t = 0; t < threads; t++)
		free(w[t].scratch);
	free(w);
	chunk_free(&c);
	return ret;
}
