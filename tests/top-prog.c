/*
 * top-prog.c: a workload whose hot function changes when told, for
 * tests/top.sh. It writes its pid to the file named by its argument and
 * spins in phase_a(); each SIGUSR1 switches between phase_a() and
 * phase_b(); SIGUSR2 ends it. Build it with -fno-omit-frame-pointer.
 */
#include <signal.h>
#include <stdio.h>
#include <unistd.h>

static volatile sig_atomic_t phase, done;
static volatile unsigned long counter;

/* SIGUSR1: on to the other phase. */
static void
on_usr1(int sig)
{
	(void)sig;
	phase = !phase;
}

/* SIGUSR2: exit. */
static void
on_usr2(int sig)
{
	(void)sig;
	done = 1;
}

/* Spin: phase A's hot function. */
__attribute__((noinline)) static void
phase_a(void)
{
	unsigned long i;

	for (i = 0; i < 100000; i++)
		counter += i ^ (counter >> 3);
}

/* Spin: phase B's hot function. */
__attribute__((noinline)) static void
phase_b(void)
{
	unsigned long i;

	for (i = 0; i < 100000; i++)
		counter += i ^ (counter >> 5);
}

int
main(int argc, char **argv)
{
	FILE *f;

	signal(SIGUSR1, on_usr1);
	signal(SIGUSR2, on_usr2);
	if (argc > 1 && (f = fopen(argv[1], "w")) != NULL) {
		fprintf(f, "%ld\n", (long)getpid());
		fclose(f);
	}
	while (!done) {
		if (phase == 0)
			phase_a();
		else
			phase_b();
	}
	return 0;
}
