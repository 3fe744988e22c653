/*
 * record-prog.c: a workload with known hot functions for tests/record.sh.
 * For SECONDS (default 1.5), it calls burn_hot for three units of work for
 * every unit of burn_warm, so burn_hot should take about 75% of the
 * samples and burn_warm about 25%. With a second argument, "clock", it
 * only reads the clock, so that its samples fall in the vdso. Build it with
 * -fno-omit-frame-pointer.
 */
#include <stdlib.h>
#include <string.h>
#include <time.h>

static volatile unsigned long counter;

/* Spin for n rounds: three quarters of the time. */
__attribute__((noinline)) static void
burn_hot(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		counter += i ^ (counter >> 3);
}

/* Spin for n rounds: one quarter of the time. */
__attribute__((noinline)) static void
burn_warm(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		counter += i ^ (counter >> 5);
}

/* Seconds on a monotonic clock. */
static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int
main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1.5);

	if (argc > 2 && strcmp(argv[2], "clock") == 0) {
		while (now() < end)
			;
		return 0;
	}
	while (now() < end) {
		burn_hot(3000000);
		burn_warm(1000000);
	}
	return 0;
}
