/*
 * measure.c: run a command and report its wall time and peak memory.
 *
 *	measure OUTFILE COMMAND [ARG]...
 *
 * The command's standard output goes to OUTFILE (/dev/null to drop it).
 * Prints "WALL_SECONDS USER_SECONDS SYS_SECONDS PEAK_RSS_KB EXIT" on stderr,
 * from getrusage of the child, so that no GNU time is needed.
 */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct timespec t0, t1;
	struct rusage ru;
	int status, fd;
	pid_t pid;

	if (argc < 3) {
		fprintf(stderr, "usage: measure OUTFILE COMMAND [ARG]...\n");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((pid = fork()) < 0) {
		perror("fork");
		return 2;
	}
	if (pid == 0) {
		if ((fd = open(argv[1], O_WRONLY | O_CREAT | O_TRUNC, 0644)) < 0) {
			perror(argv[1]);
			_exit(127);
		}
		dup2(fd, STDOUT_FILENO);
		close(fd);
		execvp(argv[2], argv + 2);
		perror(argv[2]);
		_exit(127);
	}
	if (wait4(pid, &status, 0, &ru) < 0) {
		perror("wait4");
		return 2;
	}
	clock_gettime(CLOCK_MONOTONIC, &t1);
	fprintf(stderr, "%.4f %.3f %.3f %ld %d\n",
	    (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9,
	    ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6,
	    ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6, ru.ru_maxrss,
	    WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status));
	return 0;
}
