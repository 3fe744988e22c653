/*
 * chunk.h: parse one input in blocks on several threads, into one profile.
 *
 * The input is read in blocks cut where the parser may start afresh (where
 * the format's cut hook says: see formats.h for the hooks); worker threads
 * parse whole blocks and find each stack in a shared table of the stacks they have seen, and one more
 * thread adds them to the profile in the input's order (see chunk.c).
 * Before parsing a block a worker counts its lines, and waits until the
 * blocks before it are counted, so every FILE:LINE in a message is the line
 * in the whole file. The result is the same as parsing in one piece: the
 * same tree, the same warnings.
 */
#ifndef CHUNK_H
#define CHUNK_H

#include <stddef.h>

#include "diag.h"
#include "formats.h"
#include "profile.h"
#include "read.h"
#include "util.h"

/* The number of threads to use when asked for n (0: one per core). */
int chunk_threads(int n);

/*
 * Parse all of r with fmt, which has a cut hook, on threads threads into p,
 * as fmt->parse() would (same return value and err); messages go to d,
 * which diag_begin() opened for this file.
 */
int chunk_parse(struct reader *r, const struct format *fmt,
    const struct parse_opts *o, int threads, struct profile *p,
    struct diag *d, char *err, size_t errlen);

#endif
