/*
 * profile.h: the model. Interned frame names and the merged call tree.
 *
 * The tree knows nothing of input formats: parsers hand it stacks through a
 * struct sink (see sink.h), and profile_sink() is the sink that builds it.
 */
#ifndef PROFILE_H
#define PROFILE_H

#include <stddef.h>
#include <stdint.h>

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

/* A distinct frame name, stored once. */
struct name {
	const char *s;		/* NUL-terminated copy */
	uint32_t len;		/* length without the NUL */
	uint32_t hash;		/* hash of the bytes, kept for rehashing */
};

struct profile {
	struct node *nodes;	/* nodes[0] is the root */
	uint32_t nnodes, capnodes;

	struct name *names;	/* names[id] */
	uint32_t nnames, capnames;
	uint32_t *namehash;	/* open addressing: name id + 1, 0 empty */
	uint32_t namemask;

	uint32_t *kidhash;	/* open addressing: node index + 1, 0 empty */
	uint32_t kidmask;

	char **arena;		/* blocks holding the name bytes */
	size_t narena, arenaused, arenacap;

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
};

/* Make an empty profile holding only the root. */
void profile_init(struct profile *);
/* Free everything a profile holds. */
void profile_free(struct profile *);

/* Return the id of a name, adding it if new. */
uint32_t profile_intern(struct profile *, const char *s, size_t len);
/* Return the name of a node. */
static inline const struct name *
profile_name(const struct profile *p, uint32_t node)
{
	return &p->names[p->nodes[node].name];
}

/* Add one stack (root first) with a count of count * 10^-frac samples. */
void profile_add(struct profile *, const struct strv *frames, size_t n,
    uint64_t count, unsigned frac);

/* A sink that adds every stack it is given to the profile. */
struct sink profile_sink(struct profile *);

/* Sort every node's children by name, in byte order. */
void profile_sort(struct profile *);

/*
 * Format a count (in the profile's units) as a decimal number of samples into
 * buf, with trailing fractional zeros removed. Returns buf.
 */
char *profile_fmt_count(const struct profile *, uint64_t count, char *buf,
    size_t size);
/* A count as a floating point number of samples. */
double profile_samples(const struct profile *, uint64_t count);

#endif
