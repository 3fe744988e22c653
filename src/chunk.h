/*
 * chunk.h: parse one input in blocks on several threads, into one profile.
 *
 * The input is read in blocks cut where the parser may start afresh (after a
 * newline for folded stacks); worker threads parse whole blocks and find
 * each stack in a shared table of the stacks they have seen, and one more
 * thread adds them to the profile in the input's order (see chunk.c).
 * Before parsing a block a worker counts its lines, and waits until the
 * blocks before it are counted, so every FILE:LINE in a message is the line
 * in the whole file. The result is the same as parsing in one piece: the
 * same tree, the same warnings.
 */
#ifndef CHUNK_H
#define CHUNK_H

#include <stddef.h>

#include "detect.h"
#include "profile.h"
#include "read.h"
#include "util.h"

/*
 * Where a block of a format's input may be cut: the length of the longest
 * prefix of buf after which the parser can start afresh, 0 when there is
 * none.
 */
typedef size_t (*chunk_cut_fn)(const char *buf, size_t len);

/* How to cut the input of fmt, or NULL when it must be parsed in one piece. */
chunk_cut_fn chunk_cutter(const struct format *fmt);

/* The number of threads to use when asked for n (0: one per core). */
int chunk_threads(int n);

/*
 * Parse all of r with fmt on threads threads into p, as fmt->parse() would
 * (same return value and err); messages go to d, which diag_begin() opened
 * for this file.
 */
int chunk_parse(struct reader *r, const struct format *fmt, chunk_cut_fn cut,
    const struct parse_opts *o, int threads, struct profile *p,
    struct diag *d, char *err, size_t errlen);

#endif
