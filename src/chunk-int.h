/*
 * chunk-int.h: what the two halves of the parallel reader share: chunk.c,
 * which reads the input into blocks and adds the parsed stacks to the
 * profile, and chunk-worker.c, the workers that parse the blocks and find
 * their stacks in a shared table. Nothing else includes it.
 */
#ifndef CHUNK_INT_H
#define CHUNK_INT_H

#include <pthread.h>
#include <stdint.h>

#include "arena.h"
#include "chunk.h"
#include "diag.h"

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
	uint64_t nsamp;		/* the samples merged into it */
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

/* A worker thread: parse blocks until the queue is closed and empty. */
void *chunk_work(void *arg);
/*
 * Parse the lines of r into sink and d, by the format's part() when it has
 * one, leaving what it sums over the input in pt.
 */
int chunk_run(struct chunker *c, struct reader *r, struct sink *sink,
    struct diag *d, struct part *pt, char *err, size_t errlen);

#endif
