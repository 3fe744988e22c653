/*
 * diff.h: a differential profile from two, as difffolded.pl makes one:
 * the widths of AFTER, and per stack the change from BEFORE.
 */
#ifndef DIFF_H
#define DIFF_H

#include "profile.h"

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
 * Per node of a differential profile, the change of its whole subtree
 * (AFTER - BEFORE, in count units) into inc (p->nnodes of them).
 */
void diff_inclusive(const struct profile *p, int64_t *inc);

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
