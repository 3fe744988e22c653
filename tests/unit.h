/*
 * unit.h: the few assertions the C unit tests share. Each test program
 * runs its checks, prints every failure with its line, and exits 1 when
 * any failed (0 otherwise), as automake's test driver expects.
 */
#ifndef UNIT_H
#define UNIT_H

#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "profile.h"

static int unit_failures;

/* Check that a condition holds. */
#define CHECK(cond) do {						\
	if (!(cond)) {							\
		fprintf(stderr, "%s:%d: FAIL: %s\n", __FILE__, __LINE__,	\
		    #cond);						\
		unit_failures++;					\
	}								\
} while (0)

/* Check that two unsigned integers are equal. */
#define CHECK_U(got, want) do {						\
	uint64_t g_ = (uint64_t)(got), w_ = (uint64_t)(want);		\
	if (g_ != w_) {							\
		fprintf(stderr, "%s:%d: FAIL: %s is %" PRIu64		\
		    ", want %" PRIu64 "\n", __FILE__, __LINE__, #got,	\
		    g_, w_);						\
		unit_failures++;					\
	}								\
} while (0)

/* Check that two strings are equal. */
#define CHECK_S(got, want) do {						\
	const char *g_ = (got), *w_ = (want);				\
	if (g_ == NULL || strcmp(g_, w_) != 0) {			\
		fprintf(stderr, "%s:%d: FAIL: %s is \"%s\", want "	\
		    "\"%s\"\n", __FILE__, __LINE__, #got,		\
		    g_ != NULL ? g_ : "(null)", w_);			\
		unit_failures++;					\
	}								\
} while (0)

/* Add the stack "a;b;c" (at most 32 frames) with count * 10^-frac samples. */
static inline void
unit_add(struct profile *p, const char *stack, uint64_t count, unsigned frac)
{
	struct strv f[32];
	size_t n = 0;
	const char *s = stack, *e;

	while (*s != '\0' && n < 32) {
		e = strchr(s, ';');
		if (e == NULL)
			e = s + strlen(s);
		f[n++] = (struct strv){ s, (size_t)(e - s) };
		s = *e == ';' ? e + 1 : e;
	}
	profile_add(p, f, n, count, frac);
}

/* The exit status: 0 when every check passed. */
static inline int
unit_status(const char *prog)
{
	if (unit_failures != 0)
		fprintf(stderr, "%s: %d check(s) failed\n", prog,
		    unit_failures);
	return unit_failures != 0;
}

#endif
