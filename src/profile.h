/*
 * profile.h: the model. Interned frame names and the merged call tree.
 *
 * The tree knows nothing of input formats: parsers hand it stacks through a
 * struct sink (see sink.h), and profile_sink() is the sink that builds it.
 *
 * Adding a stack only adds to its leaf's self count; the totals of the nodes
 * above are summed by profile_finish(), which load_files() calls. Stacks seen
 * before are found whole in a stack cache, without walking the tree.
 */
#ifndef PROFILE_H
#define PROFILE_H

#include <stddef.h>
#include <stdint.h>

#include "arena.h"
#include "num.h"
#include "sink.h"

#define NODE_NONE UINT32_MAX
#define PROFILE_ROOT 0		/* index of the root node, named "all" */


/* One node of the merged call tree. */
struct node {
	uint32_t name;		/* id in the profile's name table */
	uint32_t parent;	/* parent node, NODE_NONE for the root */
	uint32_t child;		/* first child, NODE_NONE when a leaf */
	uint32_t next;		/* next sibling, NODE_NONE when the last */
	uint32_t depth;		/* 0 for the root */
	uint32_t nchild;	/* number of children */
	uint64_t total;		/* samples here and below, in count units */
	uint64_t self;		/* samples whose stack ends here */
};

/* A sample with a timestamp: when it was taken and the leaf it added to. */
struct tsample {
	int64_t time_ns;
	uint32_t leaf;		/* its stack's last node */
	uint32_t count;		/* in the profile's count units, clamped */
};

/* A distinct frame name, stored once. */
struct name {
	const char *s;		/* NUL-terminated copy */
	uint32_t len;		/* length without the NUL */
	uint32_t hash;		/* hash of the bytes, kept for rehashing */
};

/* A stack seen before: its bytes, joined by ';', and its leaf node. */
struct stackent {
	uint64_t hash;
	const char *key;	/* in keys_arena, NULL for an empty slot */
	uint32_t len;
	uint32_t leaf;
};

struct profile {
	struct node *nodes;	/* nodes[0] is the root */
	uint32_t nnodes, capnodes;

	struct name *names;	/* names[id] */
	uint32_t nnames, capnames;
	uint32_t *namehash;	/* open addressing: name id + 1, 0 empty */
	uint32_t namemask;

	uint32_t *kidhash;	/* open addressing: node index + 1, 0 empty;
				   only children of nodes with many */
	uint32_t kidmask, nkids;

	struct arena names_arena;	/* the name bytes */
	/*
	 * names, namehash and names_arena are another profile's, lent by
	 * profile_borrow_names(): that profile must outlive this one and
	 * intern nothing meanwhile. profile_intern() here copies them first.
	 */
	int names_borrowed;

	struct stackent *stacks;	/* stack cache: open addressing */
	uint32_t stackmask, nstacks_cached;
	uint64_t cachehits, cachemisses;	/* stacks found, not found */
	int nocache;		/* the cache paid off too little: off */
	struct arena keys_arena;	/* the stacks' bytes, "a;b;c" */
	char *scratch;		/* a stack being joined into a key */
	size_t scratchcap;
	int dirty;		/* totals are stale: profile_finish() */

	uint32_t last;		/* the leaf of the stack added last */
	unsigned frac;		/* counts are in units of 10^-frac samples */
	uint64_t nstacks;	/* stacks added */
	int saturated;		/* a count overflowed and was clamped */
	uint32_t maxdepth;	/* deepest node */
	/*
	 * A flame chart: a stack merges only with the frames it shares with
	 * the stack added just before it, so x keeps the input's order, as
	 * flamegraph.pl --flamechart. Set before adding any stack. Children
	 * are listed newest first.
	 */
	int flamechart;
	/*
	 * Differential input: per node, AFTER - BEFORE of the stacks that end
	 * there, in count units; NULL when the input had no second count.
	 * maxdelta is the largest |AFTER - BEFORE| of a stack (at least 1).
	 */
	int64_t *delta;
	uint64_t maxdelta;
	/*
	 * Differential: the counts (the widths) are BEFORE's rather than
	 * AFTER's, and delta is still AFTER - BEFORE (see diff_swap()).
	 */
	int diff_before;
	/*
	 * A CPI profile (--cpi): a differential one whose BEFORE counts are
	 * cycles and AFTER counts instructions, sized by cycles.
	 */
	int cpi;
	char *unit;		/* what a count is, NULL for samples */
	/*
	 * Counts weighed by each sample's period (perf's cpu-clock counts
	 * nanoseconds): event names the event, and altself and alltotal hold
	 * per node the samples themselves, in count units, as self and total
	 * do; NULL when every count is one sample. profile_by_samples() swaps
	 * the two, and wunit keeps the weighted unit meanwhile.
	 */
	char *event;
	uint64_t *altself, *alttotal;
	int by_samples;
	char *wunit;
	/*
	 * Timestamps, when keeptimes is set before adding stacks: every
	 * sample with a time, in the order added (see timeline.h). now_ns is
	 * the time of the stack being added, -1 for none.
	 */
	int keeptimes;
	int64_t now_ns;
	struct tsample *times;
	size_t ntimes, captimes;
};

/* Make an empty profile holding only the root. */
void profile_init(struct profile *);
/* Free everything a profile holds. */
void profile_free(struct profile *);

/*
 * Set (*frames)[0..depth) to the stack of node, root first, growing the
 * array as xgrow does. Returns the depth. The strings are the profile's.
 */
size_t profile_path(const struct profile *, uint32_t node,
    struct strv **frames, size_t *cap);
/* Say what a count is ("nanoseconds"); NULL or "" for samples. */
void profile_set_unit(struct profile *, const char *unit);
/* What a count is: "samples" unless the input or --countname said. */
const char *profile_unit(const struct profile *);

/* Say which event's periods weigh the counts ("cpu-clock"). */
void profile_set_event(struct profile *, const char *event);
/* Copy in's unit, event and samples to out, which rebuilds in. */
void profile_copy_unit(struct profile *out, const struct profile *in);
/* Can the counts switch between weights and samples? */
int profile_weighted(const struct profile *);
/* Make the counts samples (on) or the weights again; 0 if it cannot. */
int profile_by_samples(struct profile *, int on);
/* Forget the samples of a profile whose counts are samples already. */
void profile_drop_samples(struct profile *);
/* Add n samples (count units) to node's own, for rebuilt profiles. */
void profile_add_samples(struct profile *, uint32_t node, uint64_t n);

/* Return the id of a name, adding it if new. */
uint32_t profile_intern(struct profile *, const char *s, size_t len);
/*
 * Give to, a profile fresh from profile_init(), the name table of from, so
 * that to's name ids are from's: no name is copied or hashed. from must
 * outlive to and intern nothing while to lives, unless to takes the table
 * over with profile_take_names() before from is freed.
 */
void profile_borrow_names(struct profile *to, const struct profile *from);
/*
 * to, which borrowed from's names, owns them from now on (if from did):
 * from may then be freed first.
 */
void profile_take_names(struct profile *to, struct profile *from);
/* Return the name of a node. */
static inline const struct name *
profile_name(const struct profile *p, uint32_t node)
{
	return &p->names[p->nodes[node].name];
}

/* Add one stack (root first) with a count of count * 10^-frac samples. */
void profile_add(struct profile *, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac);
/* profile_add() of a stack that nsamp samples weigh count in all. */
void profile_add_n(struct profile *, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac, uint64_t nsamp);
/*
 * Add a stack (root first) given as name ids of p, from profile_intern():
 * no strings to hash, for code that rebuilds a profile (transform.c). Not
 * for flame charts. path[i] is set to the node of names[0..i]; the first
 * known of them are taken as they are, from the call for a stack with the
 * same first known names.
 */
void profile_add_ids(struct profile *, const uint32_t *names, size_t n,
    uint32_t *path, size_t known, uint64_t count, unsigned frac);
/*
 * Add a stack given as its frames joined by ';' (no frame holding a ';') if
 * the profile has seen it before, and return 1; else add nothing and return
 * 0, and the caller must use profile_add().
 */
int profile_add_joined(struct profile *, const char *s, size_t len,
    uint64_t count, unsigned frac);
/*
 * profile_add_joined() with h = profile_hash(s, len), found beforehand, of
 * nsamp samples.
 */
int profile_add_hashed(struct profile *, const char *s, size_t len,
    uint64_t h, uint64_t count, unsigned frac, uint64_t nsamp);
/*
 * The last node of the stack s, its frames joined by ';' (none holding a
 * ';'), added with its ancestors if new, with no count: for adding the same
 * stack many times with profile_add_node(). Not for flame charts, which
 * merge by order.
 */
uint32_t profile_node_joined(struct profile *, const char *s, size_t len);
/*
 * Add count * 10^-frac to node, as profile_add() of its stack would, from
 * nsamp samples.
 */
void profile_add_node(struct profile *, uint32_t node, uint64_t count,
    unsigned frac, uint64_t nsamp);
/* The hash of a joined stack, for profile_add_hashed(). */
uint64_t profile_hash(const char *s, size_t len);
/* Sum the nodes' totals from their self counts, if stacks were added. */
void profile_finish(struct profile *);
/* Add every stack of src to dst. src is left as it was. */
void profile_merge(struct profile *dst, const struct profile *src);
/*
 * The same as profile_add() for differential input: count is AFTER,
 * before is BEFORE (both in units of 10^-frac); their difference is added
 * to the stack's last frame in p->delta.
 */
void profile_add_diff(struct profile *, const struct strv *frames, size_t n,
    uint64_t count, uint64_t before, unsigned frac);

/* A sink that adds every stack it is given to the profile. */
struct sink profile_sink(struct profile *);

/* Sort every node's children by name, in byte order (and finish it). */
void profile_sort(struct profile *);
/*
 * Sort one node's children by name; *kids (*cap entries) is scratch space,
 * grown as needed.
 */
void profile_sort_children(struct profile *, uint32_t node, uint32_t **kids,
    size_t *cap);
/* Sort n node ids by their names, in byte order. */
void profile_sort_ids(const struct profile *, uint32_t *ids, size_t n);

/* Write a count in the profile's unit as num_fmt() does. Returns buf. */
char *profile_fmt(const struct profile *, uint64_t count, int style,
    char *buf, size_t size);
/*
 * Write the other count of node's stacks, with its unit: the samples when
 * the counts are weights ("3,123 samples"), the weights when they are
 * samples ("124.6 s"); "" when the counts are not weighted. Returns buf.
 */
char *profile_fmt_other(const struct profile *, uint32_t node, int style,
    char *buf, size_t size);
/* A count as a floating point number of samples. */
double profile_samples(const struct profile *, uint64_t count);

#endif
