/*
 * offcpu.h: weigh scheduler switch stacks by the time spent off the CPU.
 *
 * A sched:sched_switch sample holds the stack of the task leaving the CPU.
 * How long it stayed off is only known from a later switch that brings it
 * back (next_pid). offcpu_read() reads the switches' times and pids, as
 * `perf script -F tid,time,trace --ns` prints them, and works out for each
 * one how long its task was off the CPU; offcpu_sink() then forwards each
 * stack a parser reads (matched by its timestamp) with that weight.
 */
#ifndef OFFCPU_H
#define OFFCPU_H

#include <stddef.h>
#include <stdint.h>

#include "read.h"
#include "sink.h"

/* One switch out: when, and for how long its task stayed off the CPU. */
struct offcpu_switch {
	int64_t time_ns;	/* when the task left the CPU */
	uint64_t off_ns;	/* until it ran again, or the end; 0 for idle */
};

struct offcpu {
	struct offcpu_switch *sw;	/* in time order */
	size_t n, cap;
	uint64_t bad;		/* lines that were not switches */
	uint64_t unmatched;	/* stacks with no switch at their time */
	struct sink inner;	/* where offcpu_sink() forwards stacks */
};

/*
 * Read the switches from r. Returns 0, or -1 with a message in err when
 * there were lines but no switch among them.
 */
int offcpu_read(struct offcpu *, struct reader *r, char *err, size_t errlen);
/*
 * A sink that passes each stack on to inner, weighted by the microseconds
 * (rounded up) its task was off the CPU. Stacks of the idle task, and those
 * whose timestamp matches no switch, are left out.
 */
struct sink offcpu_sink(struct offcpu *, struct sink inner);
void offcpu_free(struct offcpu *);

#endif
