/*
 * pace.c: copy standard input to standard output at a steady rate, for
 * bench/top.sh's stream played faster than real time.
 *
 *	pace BYTES_PER_SECOND
 *
 * Writes 4 KiB at a time, each when the clock says the rate allows it.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec t0, now, ts;
	char buf[4096];
	double rate, sent = 0, due, el;
	ssize_t n, w, off;

	if (argc != 2 || (rate = atof(argv[1])) <= 0) {
		fprintf(stderr, "usage: pace BYTES_PER_SECOND\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while ((n = read(STDIN_FILENO, buf, sizeof buf)) > 0) {
		due = sent / rate;
		clock_gettime(CLOCK_MONOTONIC, &now);
		el = (double)(now.tv_sec - t0.tv_sec) +
		    (double)(now.tv_nsec - t0.tv_nsec) / 1e9;
		if (due > el) {
			ts.tv_sec = (time_t)(due - el);
			ts.tv_nsec = (long)((due - el - (double)ts.tv_sec) * 1e9);
			nanosleep(&ts, NULL);
		}
		for (off = 0; off < n; off += w)
			if ((w = write(STDOUT_FILENO, buf + off,
			    (size_t)(n - off))) <= 0)
				return 1;
		sent += (double)n;
	}
	return 0;
}
