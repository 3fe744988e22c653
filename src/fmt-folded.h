/*
 * fmt-folded.h: what the loader needs to know of folded input beyond the
 * format table.
 */
#ifndef FMT_FOLDED_H
#define FMT_FOLDED_H

#include <stddef.h>

/*
 * Is buf (the start of an input) differential folded stacks, "stack BEFORE
 * AFTER"? Its first stack line says. The parallel loader does not carry the
 * BEFORE counts, so such input is read by one thread.
 */
int folded_differential(const char *buf, size_t len);

#endif
