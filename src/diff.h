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
 */
void diff_build(const struct profile *before, const struct profile *after,
    int normalize, struct profile *out);

/*
 * Per node of a differential profile, the change of its whole subtree
 * (AFTER - BEFORE, in count units) into inc (p->nnodes of them).
 */
void diff_inclusive(const struct profile *p, int64_t *inc);

#endif
