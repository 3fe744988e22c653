/*
 * top.h: the top table's model: every function of a profile with its self
 * and total samples, as pprof's top. Total counts a stack once however
 * often the function recurs in it.
 */
#ifndef TOP_H
#define TOP_H

#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "profile.h"

/* One function. */
struct top_row {
	uint32_t name;		/* id in the profile's name table */
	uint64_t self;		/* samples whose stack ends in it */
	uint64_t total;		/* samples of stacks through it */
	int64_t delta;		/* differential: AFTER - BEFORE of total */
};

enum top_sort {
	TOP_BY_TOTAL,
	TOP_BY_SELF,
	TOP_BY_DELTA,		/* differential: the largest growth first */
};

/*
 * Fill *rows with every function of p (not the root), sorted by key, the
 * other column, then name; returns how many. One pass over the nodes.
 * When p is merged from the leaf (reversed), a stack's last frame is at
 * depth 1, and self is counted there, so the table is the same either way.
 */
size_t top_compute(const struct profile *p, int reversed, enum top_sort key,
    struct top_row **rows);
/* Sort rows again by another key. */
void top_sort(const struct profile *p, struct top_row *rows, size_t n,
    enum top_sort key);
/* A differential row's total before and after. */
void top_sides(const struct profile *p, const struct top_row *r,
    uint64_t *before, uint64_t *after);
/* Write the table as text: "self self% total total% name" a line. */
void top_write(const struct profile *p, const struct top_row *rows,
    size_t n, FILE *f);

#endif
