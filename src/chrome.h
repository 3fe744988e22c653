/*
 * chrome.h: what the two Chrome JSON formats share, private to
 * fmt-chrome.c (the model, V8 CPU profiles, cpuprofile) and
 * fmt-chrome-trace.c (trace events, read one at a time).
 */
#ifndef CHROME_H
#define CHROME_H

#include <jansson.h>
#include <stddef.h>
#include <stdint.h>

#include "formats.h"

#define CHROME_NONE INT64_MIN	/* no parent: a root */
#define CHROME_ROOT SIZE_MAX	/* chrome_node.up of a root */
#define CHROME_LOST (SIZE_MAX - 1)	/* chrome_node.up: parent missing */
#define CHROME_MAX_NS 2.3e18	/* times beyond are not believed (73 years) */
#define CHROME_MAX_US (INT64_C(1) << 50)	/* sample times, microseconds */
#define CHROME_CHUNK (1u << 20)	/* bytes of a trace read at a time */
#define CHROME_NONAME SIZE_MAX	/* chrome_node.name of the (root) node */

/* One node of a V8 CPU profile's call tree. */
struct chrome_node {
	int64_t id;
	int64_t parent;		/* the parent's id, or CHROME_NONE */
	uint64_t hits;		/* hitCount */
	size_t name;		/* the frame name, at chrome.names + name, or
				   CHROME_NONAME */
	size_t len;		/* its length */
	size_t up;		/* index of the parent, once sorted */
	size_t prof;		/* index of its profile */
};

/* A sample of a V8 CPU profile. */
struct chrome_sample {
	int64_t node;		/* id of the node the sample hit */
	int64_t time;		/* when, in microseconds */
	size_t prof;		/* index of its profile */
};

/* A parent link from a node's "children" array. */
struct chrome_link {
	int64_t parent, child;
	size_t prof;		/* index of its profile */
};

/*
 * The nodes, samples and links of V8 CPU profiles: of every profile as
 * they are read, or of one profile, in input order, as it is walked.
 */
struct chrome_prof {
	struct chrome_node *nodes;
	size_t nnodes, capnodes;
	struct chrome_sample *samples;
	size_t nsamples, capsamples;
	struct chrome_link *links;
	size_t nlinks, caplinks;
};

/* A duration event of a trace, a span of time on one thread. */
struct chrome_span {
	int64_t ts, dur;	/* nanoseconds */
	size_t name, len;	/* the name, at chrome.names + name */
	size_t thread;		/* index of its thread */
	size_t order;		/* position in the input */
};

/* A B event waiting for its E. */
struct chrome_open {
	int64_t ts;		/* nanoseconds */
	size_t name, len;	/* as in chrome_span */
	size_t prev;		/* the B open before it on its thread, or
				   SIZE_MAX */
};

/* One thread of a trace. */
struct chrome_thread {
	int64_t last;		/* latest time seen (X: its end), nanoseconds */
	size_t open;		/* its innermost open B, in chrome.opens, or
				   SIZE_MAX */
};

/* Threads or profiles by key (see chrome_find()): a hash table. */
struct chrome_ix {
	size_t *slot;		/* an entry's index + 1, or 0 for none */
	size_t cap;		/* slots, a power of 2 */
	struct {
		size_t key;	/* its key, at chrome.names + key */
		uint64_t hash;	/* the key's hash */
	} *ent;			/* the entries, in the order they came */
	size_t n, capent;
};

/* Everything read from one input. */
struct chrome {
	struct chrome_prof all;	/* every CPU profile */
	int64_t *now;		/* each profile's time of its last sample,
				   microseconds */
	size_t nprofs, capprofs;
	struct chrome_thread *threads;
	size_t nthreads, capthreads;
	struct chrome_span *spans;	/* of every thread, in input order */
	size_t nspans, capspans;
	struct chrome_open *opens;	/* B events read, a stack per thread */
	size_t nopens, capopens;
	char *names;		/* the names of spans and nodes, one after
				   another */
	size_t nnames, capnames;
	struct chrome_ix profix, threadix;	/* positions in now and
						   threads, by key */
	uint64_t badnodes;	/* nodes without an id */
	uint64_t badsamples;	/* samples of unknown nodes, or in a cycle */
	uint64_t badevents;	/* events without a usable ts */
	uint64_t unmatched;	/* E without B, B without E */
	uint64_t nevents;	/* duration events read */
	struct strv *frames;	/* the stack for the sink */
	size_t capframes;
	struct {
		struct chrome_span *span;
		int64_t self;	/* its self time so far */
	} *nest;		/* the spans of frames, nesting a thread's */
	size_t capnest;
};

int chrome_trace_probe(const char *buf, size_t len);
int chrome_ns(const json_t *v, int64_t *ns);
size_t chrome_name(struct chrome *c, const char *name, size_t len);
void chrome_add_nodes(struct chrome *c, size_t prof, const json_t *nodes);
void chrome_start(struct chrome *c, size_t prof, const json_t *start);
void chrome_add_samples(struct chrome *c, size_t prof, const json_t *samples,
    const json_t *deltas);
void chrome_push(struct sink *sink, struct sample *smp, size_t *same);
void chrome_emit_profs(struct chrome *c, struct sink *sink);
void chrome_notes(struct chrome *c, struct diag *d);
void chrome_free(struct chrome *c);

#endif
