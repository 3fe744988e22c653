/*
 * diff.h: a differential profile from two, as difffolded.pl makes one:
 * the widths of AFTER, and per stack the change from BEFORE.
 */
#ifndef DIFF_H
#define DIFF_H

#include "profile.h"

/*
 * What the red and blue of a differential frame say (--diff-color). The
 * graph and the SVG colour by the same rule, self unless asked.
 */
enum diff_color {
	DIFF_COLOR_SELF,	/* the change of the stacks ending in the frame,
				   as flamegraph.pl */
	DIFF_COLOR_SHARE,	/* the change of the frame's share of the whole,
				   the stacks through it included */
};

/* The rule called name ("self", "share"), or -1. */
int diff_color_find(const char *name);
/* The name of a rule. */
const char *diff_color_name(enum diff_color);

/*
 * Make out a profile of after's stacks with their counts, and in out->delta
 * each stack's AFTER - BEFORE. Stacks only in before are kept, with a count
 * of 0. With normalize set and the totals different, each BEFORE count is
 * first scaled to after's total and truncated, as difffolded.pl -n does.
 * The counts are in the inputs' unit, "counts" when they have different ones.
 */
void diff_build(const struct profile *before, const struct profile *after,
    int normalize, struct profile *out);

/*
 * Make p, read with parse_opts.cpi (cycles as BEFORE counts, instructions
 * as AFTER's), a CPI profile sized by its cycles. Returns NULL, or without
 * changing p the name of the event it has no counts of.
 */
const char *diff_cpi(struct profile *p);

/*
 * Per node of a differential profile, the change of its whole subtree
 * (AFTER - BEFORE, in count units) into inc (p->nnodes of them).
 */
void diff_inclusive(const struct profile *p, int64_t *inc);

/*
 * A node's whole count AFTER, and BEFORE, whichever side the widths are
 * from, with inc its subtree's change (diff_inclusive()). Of a CPI profile,
 * AFTER's are its instructions and BEFORE's its cycles.
 */
void diff_counts(const struct profile *p, const int64_t *inc, uint32_t n,
    uint64_t *after, uint64_t *before);

/* A node's share of the whole after less its share before (0 if tiny). */
double diff_share_change(const struct profile *p, const int64_t *inc,
    uint32_t n);

/* The largest magnitude of diff_share_change() of a node but the root. */
double diff_max_share(const struct profile *p, const int64_t *inc);

/*
 * Take the counts, and so the widths, of a differential profile from its
 * other side, in place: BEFORE's when they are AFTER's, and back. The tree
 * and its node indices do not change, p->delta stays AFTER - BEFORE and
 * p->diff_before says which side the counts are. Stacks only on the other
 * side get their width; those only on this side have none. Nothing happens
 * to a profile without p->delta.
 */
void diff_swap(struct profile *p);

/*
 * The count of the stack ending at node on the side the widths are not
 * from: BEFORE's for a profile of AFTER's widths, and the other way round.
 */
uint64_t diff_other(const struct profile *p, uint32_t node);

/*
 * Is the stack ending at node only on the side the widths are not from
 * (so of no width)? Its count there is diff_other().
 */
int diff_hidden(const struct profile *p, uint32_t node);

#endif
