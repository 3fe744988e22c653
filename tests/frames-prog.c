/*
 * frames-prog.c: a workload for tests/frames.sh that spends about a third
 * of its CPU time in each of three places a profile by dso tells apart:
 * a loop of its own on the line marked HOT, libc's memset, and the kernel
 * (reading /dev/zero). Each phase runs for SECONDS / 3 of CPU time (default
 * 0.6 s in all). Build it with -g -O0 -fno-omit-frame-pointer.
 */
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static volatile unsigned long counter;
static char buf[1 << 16];

/* CPU seconds used so far. */
static double
cpu(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* The program's own work. */
__attribute__((noinline)) static void
own(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++) counter += i ^ (counter >> 3); /* HOT */
}

/* libc's work. */
__attribute__((noinline)) static void
in_libc(unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		memset(buf, (int)i, sizeof buf);
}

/* The kernel's work. */
__attribute__((noinline)) static void
in_kernel(int fd, unsigned long n)
{
	unsigned long i;

	for (i = 0; i < n; i++)
		if (read(fd, buf, sizeof buf) < 0)
			exit(1);
}

int
main(int argc, char **argv)
{
	double third = (argc > 1 ? atof(argv[1]) : 0.6) / 3, end;
	int fd = open("/dev/zero", O_RDONLY);

	if (fd < 0)
		return 1;
	for (end = cpu() + third; cpu() < end;)
		own(100000);
	for (end = cpu() + third; cpu() < end;)
		in_libc(100);
	for (end = cpu() + third; cpu() < end;)
		in_kernel(fd, 100);
	return 0;
}
