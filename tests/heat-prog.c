/*
 * heat-prog.c: a workload with known bursts, for the heat map's fixture
 * (tests/heat/record.sh). From its start it spins in start_mark() for
 * 50 ms, sleeps, spins in hot_burst() from 1.4 s to 1.7 s, sleeps, spins
 * in hot_burst() again from 3.4 s to 3.7 s, sleeps to 4 s and exits.
 */
#include <stdio.h>
#include <time.h>

static struct timespec t0;
static volatile unsigned long sink;

/* Seconds since the start. */
static double
since(void)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - t0.tv_sec) +
	    (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
}

/* Sleep until s seconds since the start. */
static void
sleep_until(double s)
{
	struct timespec ts;
	double d = s - since();

	if (d <= 0)
		return;
	ts.tv_sec = (time_t)d;
	ts.tv_nsec = (long)((d - (double)ts.tv_sec) * 1e9);
	nanosleep(&ts, NULL);
}

/* Spin until s seconds since the start. */
static void __attribute__((noinline))
spin(double s)
{
	while (since() < s)
		sink++;
}

/* Spin for the first 50 ms: the start of the recording. */
static void __attribute__((noinline))
start_mark(void)
{
	spin(0.05);
}

/* The burst: spin from a to b seconds. */
static void __attribute__((noinline))
hot_burst(double a, double b)
{
	sleep_until(a);
	spin(b);
}

int
main(void)
{
	clock_gettime(CLOCK_MONOTONIC, &t0);
	start_mark();
	hot_burst(1.4, 1.7);
	hot_burst(3.4, 3.7);
	sleep_until(4.0);
	printf("%lu\n", sink > 0 ? 1ul : 0ul);
	return 0;
}
