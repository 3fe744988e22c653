/*
 * fold.h: write a profile back out as folded stacks.
 */
#ifndef FOLD_H
#define FOLD_H

#include <stdio.h>

#include "profile.h"

/*
 * Write one line "frame;frame COUNT" per distinct stack, in the byte order of
 * the stack strings, as the FlameGraph collapsers sort them (a flame chart:
 * in the chart's order, a line per block). Returns 0, or -1
 * on a write error (errno is set). A differential profile's lines are
 * "frame;frame BEFORE AFTER".
 */
int fold_write(const struct profile *, FILE *);

#endif
