/*
 * num.h: the one way a number is written for a person or a file: counts
 * with thousands separators, times in the largest sensible unit, and a
 * short form for narrow columns.
 */
#ifndef NUM_H
#define NUM_H

#include <stddef.h>
#include <stdint.h>

/* How num_fmt() writes a number. */
enum num_style {
	NUM_EXACT,	/* every digit and nothing else: 1234567.5 */
	NUM_LONG,	/* for people: 1,234,567.5, a time as 124.6 s */
	NUM_SHORT,	/* for narrow columns: 1.2M, 124.6s */
};
#define NUM_UNIT 8	/* or'ed into the style: the unit follows */

/*
 * Write n * 10^-frac of unit ("samples", "nanoseconds", ...; NULL for a
 * plain number) into buf as style says. A time (nanoseconds, microseconds,
 * milliseconds, seconds) is written in its largest whole unit, but not by
 * NUM_EXACT; a time names its unit always, other units with NUM_UNIT.
 * Returns buf.
 */
char *num_fmt(uint64_t n, unsigned frac, const char *unit, int style,
    char *buf, size_t size);
/* Is unit a time, one num_fmt() writes in seconds, ms, ...? */
int num_is_time(const char *unit);

#endif
