/*
 * capture.c: run the system's perf for `flametui record`. perf record
 * writes into the private directory while a status line counts down and
 * counts the samples perf has flushed to perf.data, and what perf says
 * in its log there is passed on; then perf script is streamed through a
 * pipe into the loader.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "save.h"
#include "util.h"

#define CAPTURE_TICK_MS 200		/* status line refresh */
#define CAPTURE_SAMPLE 9		/* PERF_RECORD_SAMPLE */
#define CAPTURE_MAX_ARGS (32 + 2 * RECORD_MAX_EVENTS + 6)	/* perf's own */
#define CAPTURE_START_MAX 5.0		/* seconds perf may take to start */

/* Signals received: SIGINT stops recording early, the others end it. */
static volatile sig_atomic_t capture_signals;
static volatile sig_atomic_t capture_lastsig;

/* Print a command line as a shell would need it typed. */
void
capture_show(char *const *argv)
{
	const char *s;

	fprintf(stderr, "%s: running:", PROGNAME);
	for (; *argv != NULL; argv++) {
		s = *argv;
		if (*s != '\0' && strspn(s, "abcdefghijklmnopqrstuvwxyz"
		    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-+=./,:@%") ==
		    strlen(s)) {
			fprintf(stderr, " %s", s);
			continue;
		}
		fputs(" '", stderr);
		for (; *s != '\0'; s++) {
			if (*s == '\'')
				fputs("'\\''", stderr);
			else
				fputc(*s, stderr);
		}
		fputc('\'', stderr);
	}
	fputc('\n', stderr);
}

/* Remember a signal; the recording loop acts on it. */
static void
capture_on_signal(int sig)
{
	capture_signals++;
	capture_lastsig = sig;
}

/*
 * Catch (or, with handler SIG_DFL, release) the signals that would end
 * the program, so that it stops perf and removes its files first.
 */
static void
capture_signals_set(void (*handler)(int))
{
	static const int sigs[] = {
		SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1,
		SIGUSR2, SIGXCPU, SIGVTALRM, SIGPROF,
	};
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* Catch the signals that stop a recording, or give them back. */
void
capture_catch(int on)
{
	capture_signals_set(on ? capture_on_signal : SIG_DFL);
}

/* Has a signal come since the last capture_forget()? */
int
capture_interrupted(void)
{
	return capture_signals != 0;
}

/* The last signal caught, or 0. */
int
capture_last_signal(void)
{
	return capture_lastsig;
}

/* Forget the signals caught so far. */
void
capture_forget(void)
{
	capture_signals = 0;
}

/* Seconds since start. */
static double
capture_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	    (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Erase the status line, if one is showing. */
static void
capture_status_clear(struct record *rec)
{
	if (rec->status_shown) {
		fputs("\r\033[K", stderr);
		rec->status_shown = 0;
	}
}

/* Draw the status line: time left (or taken) and samples so far. */
static void
capture_status(struct record *rec, double elapsed, int stopping)
{
	double left;

	if (!rec->tty)
		return;
	fputs("\r\033[K", stderr);
	if (stopping)
		fprintf(stderr, "%s: stopping; perf is writing %llu samples",
		    PROGNAME, (unsigned long long)rec->samples);
	else if (rec->cmd != NULL && !rec->secs_given)
		fprintf(stderr, "%s: recording %s: %.0fs, %llu samples "
		    "(Ctrl-C stops early)", PROGNAME, rec->cmd[0], elapsed,
		    (unsigned long long)rec->samples);
	else {
		left = rec->secs - elapsed;
		fprintf(stderr, "%s: recording: %.0fs left, %llu samples "
		    "(Ctrl-C stops early)", PROGNAME, left > 0 ? left + 0.499 :
		    0, (unsigned long long)rec->samples);
	}
	fflush(stderr);
	rec->status_shown = 1;
}

/* Count the sample records perf has written to perf.data so far. */
static void
capture_count(struct record *rec)
{
	static char buf[262144];
	uint32_t type;
	uint16_t size;
	uint64_t off;
	ssize_t n;
	size_t i;

	if (rec->datafd < 0) {
		if ((rec->datafd = open(rec->data, O_RDONLY | O_CLOEXEC)) < 0)
			return;
	}
	if (rec->datapos == 0) {
		/* struct perf_file_header: magic, size, attr_size, then the
		 * attrs and data sections as { offset, size }. */
		if (pread(rec->datafd, buf, 48, 0) != 48 ||
		    memcmp(buf, "PERFILE2", 8) != 0)
			return;
		memcpy(&off, buf + 40, sizeof off);
		if (off == 0)
			return;
		rec->datapos = off;
	}
	for (;;) {
		n = pread(rec->datafd, buf, sizeof buf, (off_t)rec->datapos);
		if (n <= 0)
			return;
		for (i = 0; i + 8 <= (size_t)n; i += size) {
			memcpy(&type, buf + i, sizeof type);
			memcpy(&size, buf + i + 6, sizeof size);
			if (size < 8) {
				/* Not a record: give up counting. */
				rec->datapos = UINT64_MAX / 2;
				return;
			}
			if (i + size > (size_t)n)
				break;
			if (type == CAPTURE_SAMPLE)
				rec->samples++;
		}
		rec->datapos += i;
		if ((size_t)n < sizeof buf)
			return;
	}
}

/* Act on one line perf record (or the COMMAND) wrote to standard error. */
static void
capture_errline(struct record *rec, const char *line)
{
	/* perf's "[ perf record: Woken up 1 times ... ]" chatter. */
	if (strncmp(line, "[ perf record:", 14) == 0)
		return;
	if (!rec->started) {
		/* Held back: when perf fails to start, one clear line
		 * may say it better than perf's paragraphs. */
		rec->held = xrealloc(rec->held, rec->heldlen + strlen(line) + 2);
		memcpy(rec->held + rec->heldlen, line, strlen(line));
		rec->heldlen += strlen(line);
		rec->held[rec->heldlen++] = '\n';
		rec->held[rec->heldlen] = '\0';
	} else {
		capture_status_clear(rec);
		fprintf(stderr, "%s\n", line);
	}
	capture_classify(rec, line);
}

/* Note what a line perf wrote says: the first error, refusals. */
void
capture_classify(struct record *rec, const char *line)
{
	/* perf heads its errors with a line "Error:" that says nothing. */
	if (rec->firsterr[0] == '\0' && *line != '\0' &&
	    strcmp(line, "Error:") != 0)
		snprintf(rec->firsterr, sizeof rec->firsterr, "%s", line);
	if (strstr(line, "perf_event_paranoid") != NULL ||
	    strstr(line, "Permission denied") != NULL ||
	    strstr(line, "No permission") != NULL)
		rec->saw_paranoid = 1;
	if (strstr(line, "sched:sched_switch") != NULL ||
	    strstr(line, "tracepoint") != NULL ||
	    strstr(line, "tracefs") != NULL)
		rec->saw_tracepoint = 1;
	if (strstr(line, "No such process") != NULL)
		rec->saw_nosuch = 1;
}

/* Pass on what perf said before it started, now that it has. */
static void
capture_held(struct record *rec)
{
	rec->started = 1;
	if (rec->held != NULL) {
		capture_status_clear(rec);
		fputs(rec->held, stderr);
		free(rec->held);
		rec->held = NULL;
		rec->heldlen = 0;
	}
}

/* Open a log file in the private directory for a child's errors. */
static int
capture_log(struct record *rec, const char *name, char **path)
{
	int fd;

	*path = xasprintf("%s/%s", rec->dir, name);
	if ((fd = open(*path, O_WRONLY | O_CREAT | O_TRUNC | O_APPEND |
	    O_CLOEXEC, 0600)) < 0)
		fatal("%s: %s", *path, strerror(errno));
	return fd;
}

/*
 * Pass on, line by line, what perf record wrote to its log since the last
 * call; with final, the last of it too.
 */
static void
capture_relay(struct record *rec, int final)
{
	ssize_t n;
	char *nl;
	size_t used;

	while (rec->errfd >= 0) {
		n = read(rec->errfd, rec->errbuf + rec->errlen,
		    sizeof rec->errbuf - 1 - rec->errlen);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			if (n < 0 || final) {
				close(rec->errfd);
				rec->errfd = -1;
			}
			break;
		}
		rec->errlen += (size_t)n;
		rec->errbuf[rec->errlen] = '\0';
		used = 0;
		while ((nl = strchr(rec->errbuf + used, '\n')) != NULL) {
			*nl = '\0';
			capture_errline(rec, rec->errbuf + used);
			used = (size_t)(nl - rec->errbuf) + 1;
		}
		if (used == 0 && rec->errlen == sizeof rec->errbuf - 1) {
			capture_errline(rec, rec->errbuf);
			used = rec->errlen;
		}
		memmove(rec->errbuf, rec->errbuf + used, rec->errlen - used);
		rec->errlen -= used;
	}
	if (rec->errfd < 0 && rec->errlen > 0) {
		rec->errbuf[rec->errlen] = '\0';
		capture_errline(rec, rec->errbuf);
		rec->errlen = 0;
	}
}

/* Where capture_argv() writes the numbers of perf's arguments. */
struct capture_args {
	char *argv[CAPTURE_MAX_ARGS + 1];
	char freq[32], pages[32], who[32], cg[64];
};

/* perf record's arguments for rec, then -- and the COMMAND: an array to
   free, whose strings live in rec and in a. */
static char **
capture_argv(struct record *rec, struct capture_args *a)
{
	char **argv = a->argv, **all, *freq = a->freq, *pages = a->pages;
	char *who = a->who, *cg = a->cg;
	unsigned long npages;
	int argc = 0, i, n;

	argv[argc++] = rec->perf;
	argv[argc++] = (char *)"record";
	if (rec->offcpu) {
		argv[argc++] = (char *)"-e";
		argv[argc++] = (char *)"sched:sched_switch";
		/* A busy system switches tens of thousands of times a
		 * second: perf's default buffers lose some. Tracing them
		 * needs paranoid -1 or root, which lifts the mlock limit. */
		argv[argc++] = (char *)"-m";
		argv[argc++] = (char *)"1024";
		/* Recording some tasks only, their switches back in are
		 * seen as switch records, not as other tasks' switches. */
		if (!rec->all)
			argv[argc++] = (char *)"--switch-events";
	} else if (rec->freq_given || (rec->nevents == 0 &&
	    rec->memory == MEM_NONE)) {
		/* Tracepoints and probes count every event: no -F. */
		snprintf(freq, sizeof a->freq, "%ld", rec->freq);
		argv[argc++] = (char *)"-F";
		argv[argc++] = freq;
	} else if (rec->nevents == 0 && rec->memory == MEM_FAULTS) {
		/* Every fault a sample: a frequency would weigh each by a
		 * period the kernel guesses, and the shares would drift. */
		argv[argc++] = (char *)"-c";
		argv[argc++] = (char *)"1";
	}
	for (i = 0; i < rec->neargs; i++)
		argv[argc++] = rec->eargs[i];
	if (!rec->offcpu && (rec->callgraph == NULL ||
	    strncmp(rec->callgraph, "dwarf", 5) != 0)) {
		/* Small buffers make perf write to perf.data often enough
		 * for the sample count to move: perf writes when a buffer is
		 * half full, about every half second at the full rate with
		 * short stacks (~128 bytes a sample), in 8 to 128 pages
		 * (perf's default). dwarf samples carry 8 KiB of stack
		 * each: they keep perf's default. */
		for (npages = 8; npages < 128 &&
		    npages < (unsigned long)rec->freq / 32; npages *= 2)
			;
		snprintf(pages, sizeof a->pages, "%lu", npages);
		argv[argc++] = (char *)"-m";
		argv[argc++] = pages;
	}
	if (rec->callgraph != NULL) {
		snprintf(cg, sizeof a->cg, "--call-graph=%s", rec->callgraph);
		argv[argc++] = cg;
	} else
		argv[argc++] = (char *)"-g";
	argv[argc++] = (char *)"-o";
	argv[argc++] = rec->data;
	if (rec->all)
		argv[argc++] = (char *)"-a";
	if (rec->pid != 0 || rec->tid != 0) {
		snprintf(who, sizeof a->who, "%ld", rec->pid ? rec->pid : rec->tid);
		argv[argc++] = (char *)(rec->pid ? "-p" : "-t");
		argv[argc++] = who;
	}
	argv[argc] = NULL;
	n = 0;
	if (rec->cmd != NULL)
		while (rec->cmd[n] != NULL)
			n++;
	all = xcalloc((size_t)argc + (size_t)n + 2, sizeof *all);
	for (i = 0; i < argc; i++)
		all[i] = argv[i];
	if (rec->cmd != NULL) {
		all[argc] = (char *)"--";
		for (i = 0; i < n; i++)
			all[argc + 1 + i] = rec->cmd[i];
	}
	return all;
}

/* Run perf record until its time is up; returns its wait status. */
int
capture_record(struct record *rec)
{
	struct capture_args args;
	char **all, *log;
	struct timespec forked, start;
	int logfd, status, stopping = 0, started, tostdout;
	sig_atomic_t seen = 0;
	double elapsed, took = -1;
	pid_t child, w, self = getpid();

	all = capture_argv(rec, &args);
	capture_show(all);
	/* The COMMAND's output must not mix with ours (-o -), nor be glued
	 * to the status line: on the terminal, it goes through the log. */
	tostdout = rec->out != NULL && strcmp(rec->out, "-") == 0;
	rec->relayout = rec->cmd != NULL && rec->tty && (tostdout ||
	    isatty(STDOUT_FILENO));
	if (rec->relayout)
		fprintf(stderr, "%s: %s's output goes to a file, shown here a "
		    "line at a time above the status line\n", PROGNAME,
		    rec->cmd[0]);

	/* perf's standard error (and the COMMAND's) goes to a file, not a
	 * pipe: should flametui die, a pipe would break, and perf die of
	 * SIGPIPE as it stops, without ending the COMMAND. */
	logfd = capture_log(rec, "perf-record.log", &log);
	if ((rec->errfd = open(log, O_RDONLY | O_CLOEXEC)) < 0)
		fatal("%s: %s", log, strerror(errno));
	free(log);
	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) < 0)
		fatal("fork: %s", strerror(errno));
	if (child == 0) {
		/* SIGTERM: perf then stops and ends its COMMAND. */
		util_tether(self, SIGTERM);
		if (rec->relayout)
			dup2(logfd, STDOUT_FILENO);
		else if (tostdout)
			dup2(STDERR_FILENO, STDOUT_FILENO);
		dup2(logfd, STDERR_FILENO);
		execv(rec->perf, all);
		dprintf(STDERR_FILENO, "%s: %s: %s\n", PROGNAME, rec->perf,
		    strerror(errno));
		_exit(127);
	}
	free(all);
	close(logfd);

	clock_gettime(CLOCK_MONOTONIC, &forked);
	started = 0;
	for (;;) {
		/* A signal cuts the wait short. */
		poll(NULL, 0, CAPTURE_TICK_MS);
		capture_relay(rec, 0);
		/* The time starts when perf has opened its events and
		 * written the header of perf.data: starting it can take a
		 * while, and that time is not recording. */
		if (!started && (rec->datapos != 0 ||
		    capture_since(&forked) >= CAPTURE_START_MAX)) {
			clock_gettime(CLOCK_MONOTONIC, &start);
			started = 1;
			capture_held(rec);
		}
		elapsed = started ? capture_since(&start) : 0;
		if (capture_signals != seen) {
			/* Ctrl-C reached perf from the terminal too; a
			 * signal sent to flametui alone is passed on. */
			seen = capture_signals;
			kill(child, SIGINT);
			stopping = 1;
			rec->early = 1;
		}
		if (!stopping && started && (rec->cmd == NULL ||
		    rec->secs_given) && elapsed >= rec->secs) {
			kill(child, SIGINT);
			stopping = 1;
		}
		if (stopping && took < 0)
			took = elapsed;
		w = waitpid(child, &status, WNOHANG);
		if (w == child || (w < 0 && errno != EINTR))
			break;
		capture_count(rec);
		capture_status(rec, elapsed, stopping);
	}
	/* The rest of what perf said. */
	capture_relay(rec, 1);
	capture_count(rec);
	if (rec->datapos != 0 && !rec->started)
		capture_held(rec);
	capture_status_clear(rec);
	if (rec->datafd >= 0)
		close(rec->datafd);
	rec->datafd = -1;
	fprintf(stderr, "%s: recorded %llu sample%s in %.1fs%s\n", PROGNAME,
	    (unsigned long long)rec->samples, rec->samples == 1 ? "" : "s",
	    took >= 0 ? took : started ?
	    capture_since(&start) : 0.0,
	    rec->early ? " (stopped early)" : "");
	if (w != child)
		return -1;
	/* Attached to a process, perf stops by raising the SIGINT it was
	 * sent, after writing perf.data. */
	if (stopping && WIFSIGNALED(status) && WTERMSIG(status) == SIGINT)
		return 0;
	return status;
}

/* Show progress while perf script is read; a signal cancels. */
static int
capture_progress(void *arg, uint64_t done, uint64_t total)
{
	struct record *rec = arg;

	if (rec->tty) {
		fprintf(stderr, "\r\033[K%s: reading perf script output: "
		    "%.0f MB", PROGNAME, (double)done / 1e6);
		fflush(stderr);
		rec->status_shown = 1;
	}
	return capture_signals != 0;
}

/* Print what perf script said on its standard error (up to 5 lines). */
static void
capture_script_log(const char *log)
{
	char line[512];
	FILE *f;
	int n = 0;

	if ((f = fopen(log, "r")) == NULL)
		return;
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0')
			continue;
		if (n++ == 5) {
			fprintf(stderr, "%s: (more in %s with --keep)\n",
			    PROGNAME, log);
			break;
		}
		fprintf(stderr, "perf script: %s\n", line);
	}
	fclose(f);
}

/* Start perf with argv on the descriptors given (see capture.h). */
pid_t
capture_spawn(struct record *rec, char **argv, int infd, int outfd,
    int logfd)
{
	pid_t child, self = getpid();

	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) < 0)
		fatal("fork: %s", strerror(errno));
	if (child == 0) {
		/* SIGTERM: perf then stops and ends its COMMAND. */
		util_tether(self, SIGTERM);
		if ((infd >= 0 && dup2(infd, STDIN_FILENO) < 0) ||
		    dup2(outfd, STDOUT_FILENO) < 0 ||
		    dup2(logfd, STDERR_FILENO) < 0)
			_exit(127);
		execv(rec->perf, argv);
		dprintf(STDERR_FILENO, "%s: %s: %s\n", PROGNAME, rec->perf,
		    strerror(errno));
		_exit(127);
	}
	return child;
}

/*
 * --off-cpu: read when each task left and came back to the CPU, from a
 * quick perf script pass without stacks. Returns 0, or -1 after saying why.
 */
int
capture_offcpu(struct record *rec, struct offcpu *oc)
{
	char *argv[] = { rec->perf, (char *)"script", (char *)"-i", rec->data,
	    (char *)"-F", (char *)"tid,time,trace", (char *)"--ns",
	    (char *)"--show-switch-events", NULL };
	struct reader *r;
	char *log, err[512];
	int fds[2], logfd, status, ret = -1;
	pid_t child;

	capture_show(argv);
	logfd = capture_log(rec, "perf-script-switches.log", &log);
	if (pipe2(fds, O_CLOEXEC) < 0)
		fatal("pipe: %s", strerror(errno));
	child = capture_spawn(rec, argv, -1, fds[1], logfd);
	close(fds[1]);
	close(logfd);
	if ((r = reader_fdopen(fds[0], "perf script -F tid,time,trace", err,
	    sizeof err)) != NULL) {
		if (offcpu_read(oc, r, err, sizeof err) == 0)
			ret = 0;
		reader_close(r);
	}
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	if (ret < 0 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		capture_script_log(log);
		if (ret < 0)
			fprintf(stderr, "%s: %s\n", PROGNAME, err);
		fprintf(stderr, "%s: --off-cpu: cannot read the times of the "
		    "scheduler switches\n", PROGNAME);
		ret = -1;
	}
	free(log);
	return ret;
}

/*
 * Run perf script (argv) into the loader through a pipe; its errors go to
 * logfd, its wait status to *status. Returns 1 when read, 0 when not.
 */
static int
capture_pipe(struct record *rec, struct load *l, struct profile *p,
    char **argv, int logfd, int *status)
{
	int fds[2], nread;
	pid_t child;

	if (pipe2(fds, O_CLOEXEC) < 0)
		fatal("pipe: %s", strerror(errno));
	child = capture_spawn(rec, argv, -1, fds[1], logfd);
	close(fds[1]);
	nread = load_fd(l, fds[0], "perf script", p);
	while (waitpid(child, status, 0) < 0 && errno == EINTR)
		;
	return nread;
}

/*
 * --raw: run perf script (argv) into the -o file, opened before recording,
 * then read what it saved. Returns 1 when read, 0 when not.
 */
static int
capture_raw(struct record *rec, struct load *l, struct profile *p,
    char **argv, int logfd, int *status)
{
	int stream = rec->outsave.how == SAVE_STREAM;
	char err[512];
	pid_t child;

	fflush(rec->outsave.f);
	child = capture_spawn(rec, argv, -1, fileno(rec->outsave.f), logfd);
	while (waitpid(child, status, 0) < 0 && errno == EINTR)
		;
	if (!WIFEXITED(*status) || WEXITSTATUS(*status) != 0) {
		save_abort(&rec->outsave);
		return 0;
	}
	if (save_commit(&rec->outsave, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		rec->savefailed = 1;
		return 0;
	}
	fprintf(stderr, "%s: saved %s\n", PROGNAME, rec->out);
	/* A stream (a pipe, a device) cannot be read back: run it again. */
	if (stream)
		return capture_pipe(rec, l, p, argv, logfd, status);
	return load_files(l, (char *const *)&rec->out, 1, p);
}

/*
 * Run perf script on perf.data into the loader, through a pipe or, with
 * --raw, through the -o file. Returns 0, or -1 when nothing could be read.
 */
int
capture_script(struct record *rec, struct load *l, struct profile *p)
{
	char *argv[] = { rec->perf, (char *)"script", (char *)"-i", rec->data,
	    rec->offcpu ? (char *)"--ns" : NULL, NULL };
	char *log;
	int logfd, status, nread;

	/* perf.data is read natively, unless perf script's text is wanted. */
	if (!rec->raw && !rec->offcpu) {
		l->forced = format_find("perf-data");
		l->progress = capture_progress;
		l->progress_arg = rec;
		nread = load_files(l, &rec->data, 1, p);
		capture_status_clear(rec);
		return nread > 0 ? 0 : -1;
	}
	capture_show(argv);
	logfd = capture_log(rec, "perf-script.log", &log);
	l->forced = format_find("perf");
	l->progress = capture_progress;
	l->progress_arg = rec;
	if (rec->raw)
		nread = capture_raw(rec, l, p, argv, logfd, &status);
	else
		nread = capture_pipe(rec, l, p, argv, logfd, &status);
	close(logfd);
	capture_status_clear(rec);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		capture_script_log(log);
		fprintf(stderr, "%s: perf script failed (%s %d)\n", PROGNAME,
		    WIFEXITED(status) ? "exit status" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	} else if (p->nstacks == 0)
		capture_script_log(log);
	free(log);
	return nread > 0 ? 0 : -1;
}
