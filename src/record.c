/*
 * record.c: `flametui record`: run the system's perf record into a private
 * temporary directory, showing a countdown and the samples so far, then
 * stream `perf script` through a pipe into the loader and show or save the
 * profile.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <dirent.h>

#include "fold.h"
#include "load.h"
#include "offcpu.h"
#include "profile.h"
#include "record.h"
#include "save.h"
#include "svg.h"
#include "tui.h"
#include "util.h"

#define RECORD_TICK_MS 200		/* status line refresh */
#define RECORD_SAMPLE 9			/* PERF_RECORD_SAMPLE */
#define RECORD_MAX_ARGS 32		/* perf's own arguments */
#define RECORD_START_MAX 5.0		/* seconds perf may take to start */

/* What the user asked for, and what is under way. */
struct record {
	/* Options. */
	int all;		/* -a: the whole system */
	long pid;		/* -p PID, or 0 */
	long tid;		/* -t TID, or 0 */
	char **cmd;		/* COMMAND and its arguments, or NULL */
	long freq;		/* -F HZ */
	double secs;		/* -d SECONDS */
	int secs_given;		/* -d was given (a COMMAND runs to its end) */
	int freq_given;		/* -F was given */
	const char *callgraph;	/* --call-graph=MODE, or NULL for -g */
	int icicle;		/* --icicle */
	int chart;		/* --chart */
	int raw;		/* --raw: -o saves perf script text */
	int offcpu;		/* --off-cpu */
	int keep;		/* --keep: leave perf.data behind */
	const char *out;	/* -o FILE, or NULL */
	const char *svg;	/* --svg=FILE, or NULL */

	/* State. */
	struct input_ids inputs;	/* files no output may overwrite */
	char *perf;		/* path of the perf executable */
	char *dir;		/* private temporary directory, or NULL */
	char *data;		/* dir/perf.data */
	int tty;		/* stderr is a terminal: draw a status line */
	int status_shown;	/* a status line is on the screen */
	int early;		/* stopped by a signal before its time */

	/* perf record's standard error, relayed line by line. */
	int errfd;
	char errbuf[4096];
	size_t errlen;
	int saw_paranoid;	/* perf complained of permissions */
	int saw_tracepoint;	/* perf could not use sched:sched_switch */
	int saw_nosuch;		/* perf found no such process */
	char firsterr[256];	/* the first thing perf said */
	int started;		/* perf has written the perf.data header */
	char *held;		/* what perf said before it started */
	size_t heldlen;

	/* Samples counted in perf.data while it grows. */
	int datafd;
	uint64_t datapos;	/* offset of the next record */
	uint64_t samples;
};

/* Signals received: SIGINT stops recording early. */
static volatile sig_atomic_t record_signals;
static volatile sig_atomic_t record_lastsig;

enum {
	OPT_CALLGRAPH = 256, OPT_ICICLE, OPT_CHART, OPT_RAW, OPT_SVG,
	OPT_OFFCPU, OPT_KEEP,
};

static const struct option record_longopts[] = {
	{ "all-cpus", no_argument, NULL, 'a' },
	{ "freq", required_argument, NULL, 'F' },
	{ "duration", required_argument, NULL, 'd' },
	{ "output", required_argument, NULL, 'o' },
	{ "call-graph", required_argument, NULL, OPT_CALLGRAPH },
	{ "icicle", no_argument, NULL, OPT_ICICLE },
	{ "chart", no_argument, NULL, OPT_CHART },
	{ "raw", no_argument, NULL, OPT_RAW },
	{ "svg", required_argument, NULL, OPT_SVG },
	{ "off-cpu", no_argument, NULL, OPT_OFFCPU },
	{ "keep", no_argument, NULL, OPT_KEEP },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* Print `flametui record --help`. */
static void
record_usage(FILE *f)
{
	fprintf(f,
"Usage: %s record [OPTION]... [-- COMMAND [ARG]...]\n"
"Record a profile with the system's perf, then explore it.\n"
"\n"
"Scope (the whole system when neither COMMAND nor -p nor -t is given):\n"
"  -a, --all-cpus         the whole system\n"
"  -p PID                 one running process\n"
"  -t TID                 one thread\n"
"  COMMAND [ARG]...       run COMMAND and record it until it exits\n"
"\n"
"Sampling:\n"
"  -F, --freq=HZ          samples per second (default 99)\n"
"  -d, --duration=SECONDS how long to record (default 10; with a COMMAND,\n"
"                         until it exits unless -d is given). Ctrl-C stops\n"
"                         early and keeps what was recorded\n"
"      --call-graph=MODE  how perf walks stacks: fp (frame pointers, the\n"
"                         default), dwarf or lbr\n"
"      --off-cpu          record scheduler switches (sched:sched_switch):\n"
"                         where threads blocked, weighted by the\n"
"                         microseconds they stayed off the CPU\n"
"\n"
"Output (the interactive view when none is given):\n"
"  -o, --output=FILE      save the capture as folded stacks (- for standard\n"
"                         output)\n"
"      --raw              with -o, save the `perf script` text instead\n"
"      --svg=FILE         write an SVG flame graph instead of opening the view\n"
"      --icicle           upside down, roots at the top (view and --svg)\n"
"      --chart            a flame chart: time on the x axis (with --svg)\n"
"      --keep             keep the temporary directory holding perf.data\n"
"\n"
"  -h, --help             display this help and exit\n"
"\n"
"perf comes from the Debian package linux-perf. Recording the whole system\n"
"or --off-cpu needs root, or a low kernel.perf_event_paranoid.\n",
	    PROGNAME);
}

/* Parse a whole decimal number in [min, max]; -1 when it is not one. */
static long
record_number(const char *s, long min, long max)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < min || v > max)
		return -1;
	return v;
}

/* Parse the options into rec; returns 0, 1 after --help, or -1. */
static int
record_parse(struct record *rec, int argc, char **argv)
{
	char *end;
	int c;

	rec->freq = 99;
	rec->secs = 10;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+aF:d:o:p:t:h", record_longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'a':
			rec->all = 1;
			break;
		case 'p':
			if ((rec->pid = record_number(optarg, 1, INT_MAX)) < 0) {
				fprintf(stderr, "%s: -p: '%s' is not a process "
				    "ID\n", PROGNAME, optarg);
				return -1;
			}
			break;
		case 't':
			if ((rec->tid = record_number(optarg, 1, INT_MAX)) < 0) {
				fprintf(stderr, "%s: -t: '%s' is not a thread "
				    "ID\n", PROGNAME, optarg);
				return -1;
			}
			break;
		case 'F':
			if ((rec->freq = record_number(optarg, 1, 100000)) < 0) {
				fprintf(stderr, "%s: -F: '%s' is not a frequency "
				    "from 1 to 100000 Hz\n", PROGNAME, optarg);
				return -1;
			}
			rec->freq_given = 1;
			break;
		case 'd':
			errno = 0;
			rec->secs = strtod(optarg, &end);
			if (*optarg == '\0' || *end != '\0' || errno != 0 ||
			    !(rec->secs > 0 && rec->secs <= 86400)) {
				fprintf(stderr, "%s: -d: '%s' is not a number of "
				    "seconds from 0 to 86400\n", PROGNAME, optarg);
				return -1;
			}
			rec->secs_given = 1;
			break;
		case 'o':
			rec->out = optarg;
			break;
		case OPT_CALLGRAPH:
			if (strcmp(optarg, "fp") != 0 &&
			    strcmp(optarg, "lbr") != 0 &&
			    strcmp(optarg, "dwarf") != 0 &&
			    strncmp(optarg, "dwarf,", 6) != 0) {
				fprintf(stderr, "%s: --call-graph: '%s' is not "
				    "fp, dwarf or lbr\n", PROGNAME, optarg);
				return -1;
			}
			rec->callgraph = optarg;
			break;
		case OPT_ICICLE:
			rec->icicle = 1;
			break;
		case OPT_CHART:
			rec->chart = 1;
			break;
		case OPT_RAW:
			rec->raw = 1;
			break;
		case OPT_SVG:
			rec->svg = optarg;
			break;
		case OPT_OFFCPU:
			rec->offcpu = 1;
			break;
		case OPT_KEEP:
			rec->keep = 1;
			break;
		case 'h':
			record_usage(stdout);
			return 1;
		default:
			return -1;
		}
	}
	if (optind < argc)
		rec->cmd = argv + optind;
	if ((rec->pid != 0) + (rec->tid != 0) + (rec->cmd != NULL) > 1 ||
	    (rec->all && (rec->pid != 0 || rec->tid != 0))) {
		fprintf(stderr, "%s: record: give one scope: -a, -p PID, -t TID "
		    "or a COMMAND\n", PROGNAME);
		return -1;
	}
	if (rec->pid == 0 && rec->tid == 0 && rec->cmd == NULL)
		rec->all = 1;
	if (rec->raw && (rec->out == NULL || strcmp(rec->out, "-") == 0)) {
		fprintf(stderr, "%s: record: --raw needs -o FILE\n", PROGNAME);
		return -1;
	}
	return 0;
}

/* The path of an executable found in $PATH, or NULL. */
static char *
record_which(const char *name)
{
	const char *path = getenv("PATH"), *p, *colon;
	char *try;
	size_t n;

	if (strchr(name, '/') != NULL)
		return access(name, X_OK) == 0 ? xstrdup(name) : NULL;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path;; p = colon + 1) {
		colon = strchr(p, ':');
		n = colon != NULL ? (size_t)(colon - p) : strlen(p);
		if (n == 0)
			try = xasprintf("./%s", name);
		else
			try = xasprintf("%.*s/%s", (int)n, p, name);
		if (access(try, X_OK) == 0)
			return try;
		free(try);
		if (colon == NULL)
			return NULL;
	}
}

/* Is this process allowed to profile anything (root, CAP_PERFMON, ...)? */
static int
record_privileged(void)
{
	unsigned long long cap;
	char line[256];
	FILE *f;
	int yes = 0;

	if (geteuid() == 0)
		return 1;
	if ((f = fopen("/proc/self/status", "r")) == NULL)
		return 0;
	while (fgets(line, sizeof line, f) != NULL) {
		if (sscanf(line, "CapEff: %llx", &cap) == 1) {
			/* CAP_PERFMON is 38, CAP_SYS_ADMIN 21. */
			yes = (cap >> 38 & 1) || (cap >> 21 & 1);
			break;
		}
	}
	fclose(f);
	return yes;
}

/* kernel.perf_event_paranoid, or INT_MIN when it cannot be read. */
static int
record_paranoid(void)
{
	FILE *f;
	int v;

	if ((f = fopen("/proc/sys/kernel/perf_event_paranoid", "r")) == NULL)
		return INT_MIN;
	if (fscanf(f, "%d", &v) != 1)
		v = INT_MIN;
	fclose(f);
	return v;
}

/* Tell the user that perf_event_paranoid forbids this recording. */
static void
record_refuse_paranoid(const struct record *rec, int paranoid)
{
	int need = rec->offcpu ? -1 : rec->all ? 0 : 2;

	if (paranoid != INT_MIN && paranoid <= need) {
		fprintf(stderr, "%s: perf was not allowed to record (see "
		    "above): run as root%s\n", PROGNAME, rec->pid || rec->tid ?
		    ", or as the owner of the process" : "");
		return;
	}
	if (paranoid != INT_MIN)
		fprintf(stderr, "%s: kernel.perf_event_paranoid is %d, which "
		    "forbids %s for unprivileged users (it needs %d or less)\n",
		    PROGNAME, paranoid, rec->offcpu ? "tracing scheduler "
		    "switches" : rec->all ? "recording the whole system" :
		    "recording", need);
	else
		fprintf(stderr, "%s: perf was not allowed to record\n",
		    PROGNAME);
	fprintf(stderr, "%s: run as root, or allow it with: "
	    "sudo sysctl kernel.perf_event_paranoid=%d\n", PROGNAME, need);
	if (rec->all && !rec->offcpu && paranoid <= 2)
		fprintf(stderr, "%s: or record one process: -p PID, or "
		    "-- COMMAND\n", PROGNAME);
}

/* Check what can be checked before running perf; -1 after a refusal. */
static int
record_check(struct record *rec)
{
	char *exe, path[64];
	struct stat st, st2;
	int paranoid, fd;

	if (rec->chart && rec->svg == NULL && rec->out == NULL) {
		fprintf(stderr, "%s: --chart: the interactive view has no "
		    "flame-chart mode in this version; write one with "
		    "--chart --svg=FILE\n", PROGNAME);
		return -1;
	}
	if ((rec->perf = record_which("perf")) == NULL) {
		fprintf(stderr, "%s: perf is not installed (not found in PATH): "
		    "install the Debian package linux-perf\n"
		    "(apt-get install linux-perf), or record elsewhere and "
		    "open the file: see flametui(1)\n", PROGNAME);
		return -1;
	}
	if (rec->pid != 0 && kill((pid_t)rec->pid, 0) < 0 && errno == ESRCH) {
		fprintf(stderr, "%s: -p %ld: no such process\n", PROGNAME,
		    rec->pid);
		return -1;
	}
	snprintf(path, sizeof path, "/proc/%ld", rec->tid);
	if (rec->tid != 0 && access(path, F_OK) < 0) {
		fprintf(stderr, "%s: -t %ld: no such thread\n", PROGNAME,
		    rec->tid);
		return -1;
	}
	if ((rec->pid != 0 || rec->tid != 0) && !record_privileged() &&
	    kill((pid_t)(rec->pid ? rec->pid : rec->tid), 0) < 0 &&
	    errno == EPERM) {
		fprintf(stderr, "%s: %s %ld belongs to another user: run as "
		    "root, or as its owner\n", PROGNAME, rec->pid ? "process" :
		    "thread", rec->pid ? rec->pid : rec->tid);
		return -1;
	}
	exe = NULL;
	if (rec->cmd != NULL && (exe = record_which(rec->cmd[0])) == NULL) {
		fprintf(stderr, "%s: %s: command not found\n", PROGNAME,
		    rec->cmd[0]);
		return -1;
	}
	/* Never write over the program being recorded, or one output
	 * over the other. */
	if (rec->out != NULL && rec->svg != NULL &&
	    (strcmp(rec->out, rec->svg) == 0 || (stat(rec->out, &st) == 0 &&
	    stat(rec->svg, &st2) == 0 && st.st_dev == st2.st_dev &&
	    st.st_ino == st2.st_ino))) {
		fprintf(stderr, "%s: -o and --svg name the same file\n",
		    PROGNAME);
		free(exe);
		return -1;
	}
	if (exe != NULL)
		save_input_add(&rec->inputs, exe);
	if (exe != NULL && stat(exe, &st) == 0 &&
	    ((rec->out != NULL && stat(rec->out, &st2) == 0 &&
	    st.st_dev == st2.st_dev && st.st_ino == st2.st_ino) ||
	    (rec->svg != NULL && stat(rec->svg, &st2) == 0 &&
	    st.st_dev == st2.st_dev && st.st_ino == st2.st_ino))) {
		fprintf(stderr, "%s: the output file is %s, the program to "
		    "record: not overwriting it\n", PROGNAME, exe);
		free(exe);
		return -1;
	}
	free(exe);
	if (!record_privileged()) {
		paranoid = record_paranoid();
		if (paranoid != INT_MIN && (paranoid > 2 ||
		    (rec->all && paranoid > 0) ||
		    (rec->offcpu && paranoid > -1))) {
			record_refuse_paranoid(rec, paranoid);
			return -1;
		}
	}
	/* Check now for the terminal the view needs, not after recording. */
	if (rec->out == NULL && rec->svg == NULL) {
		if ((fd = open("/dev/tty", O_RDWR | O_CLOEXEC)) < 0) {
			fprintf(stderr, "%s: no terminal for the interactive "
			    "view (/dev/tty: %s): save the capture with -o FILE "
			    "or --svg=FILE\n", PROGNAME, strerror(errno));
			return -1;
		}
		close(fd);
	}
	return 0;
}

/* Print a command line as a shell would need it typed. */
static void
record_show(char *const *argv)
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

/* Remove the private temporary directory, unless --keep. */
static void
record_cleanup(struct record *rec)
{
	struct dirent *de;
	char *path;
	DIR *d;

	if (rec->dir == NULL)
		return;
	if (rec->keep) {
		fprintf(stderr, "%s: kept %s\n", PROGNAME, rec->data);
		return;
	}
	if ((d = opendir(rec->dir)) != NULL) {
		while ((de = readdir(d)) != NULL) {
			if (strcmp(de->d_name, ".") == 0 ||
			    strcmp(de->d_name, "..") == 0)
				continue;
			path = xasprintf("%s/%s", rec->dir, de->d_name);
			unlink(path);
			free(path);
		}
		closedir(d);
	}
	if (rmdir(rec->dir) < 0)
		fprintf(stderr, "%s: removing %s: %s\n", PROGNAME, rec->dir,
		    strerror(errno));
}

/* Remember a signal; the recording loop acts on it. */
static void
record_on_signal(int sig)
{
	record_signals++;
	record_lastsig = sig;
}

/* Catch (or, with handler SIG_DFL, release) the signals that stop us. */
static void
record_signals_set(void (*handler)(int))
{
	struct sigaction sa;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = handler;
	sigemptyset(&sa.sa_mask);
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
}

/* Seconds since start. */
static double
record_since(const struct timespec *start)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	return (double)(now.tv_sec - start->tv_sec) +
	    (double)(now.tv_nsec - start->tv_nsec) / 1e9;
}

/* Erase the status line, if one is showing. */
static void
record_status_clear(struct record *rec)
{
	if (rec->status_shown) {
		fputs("\r\033[K", stderr);
		rec->status_shown = 0;
	}
}

/* Draw the status line: time left (or taken) and samples so far. */
static void
record_status(struct record *rec, double elapsed, int stopping)
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
record_count(struct record *rec)
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
			if (type == RECORD_SAMPLE)
				rec->samples++;
		}
		rec->datapos += i;
		if ((size_t)n < sizeof buf)
			return;
	}
}

/* Act on one line perf record (or the COMMAND) wrote to standard error. */
static void
record_errline(struct record *rec, const char *line)
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
		record_status_clear(rec);
		fprintf(stderr, "%s\n", line);
	}
	if (rec->firsterr[0] == '\0' && *line != '\0')
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
record_held(struct record *rec)
{
	rec->started = 1;
	if (rec->held != NULL) {
		record_status_clear(rec);
		fputs(rec->held, stderr);
		free(rec->held);
		rec->held = NULL;
		rec->heldlen = 0;
	}
}

/* Read what perf wrote to standard error and pass it on line by line. */
static void
record_relay(struct record *rec, int final)
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
			if (n == 0 || final) {
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
			record_errline(rec, rec->errbuf + used);
			used = (size_t)(nl - rec->errbuf) + 1;
		}
		if (used == 0 && rec->errlen == sizeof rec->errbuf - 1) {
			record_errline(rec, rec->errbuf);
			used = rec->errlen;
		}
		memmove(rec->errbuf, rec->errbuf + used, rec->errlen - used);
		rec->errlen -= used;
	}
	if (rec->errfd < 0 && rec->errlen > 0) {
		rec->errbuf[rec->errlen] = '\0';
		record_errline(rec, rec->errbuf);
		rec->errlen = 0;
	}
}

/* Run perf record until its time is up; returns its wait status. */
static int
record_perf(struct record *rec)
{
	char *argv[RECORD_MAX_ARGS + 1], **all, freq[32], pages[32], who[32];
	char cg[64];
	struct timespec forked, start;
	unsigned long npages;
	int fds[2], status, stopping = 0, started, argc = 0, i, n;
	sig_atomic_t seen = 0;
	double elapsed, took = -1;
	pid_t child, w;

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
	} else {
		snprintf(freq, sizeof freq, "%ld", rec->freq);
		argv[argc++] = (char *)"-F";
		argv[argc++] = freq;
	}
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
		snprintf(pages, sizeof pages, "%lu", npages);
		argv[argc++] = (char *)"-m";
		argv[argc++] = pages;
	}
	if (rec->callgraph != NULL) {
		snprintf(cg, sizeof cg, "--call-graph=%s", rec->callgraph);
		argv[argc++] = cg;
	} else
		argv[argc++] = (char *)"-g";
	argv[argc++] = (char *)"-o";
	argv[argc++] = rec->data;
	if (rec->all)
		argv[argc++] = (char *)"-a";
	if (rec->pid != 0 || rec->tid != 0) {
		snprintf(who, sizeof who, "%ld", rec->pid ? rec->pid : rec->tid);
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
	record_show(all);

	if (pipe(fds) < 0)
		fatal("pipe: %s", strerror(errno));
	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) < 0)
		fatal("fork: %s", strerror(errno));
	if (child == 0) {
		close(fds[0]);
		/* With -o -, the COMMAND's output must not mix with ours. */
		if (rec->out != NULL && strcmp(rec->out, "-") == 0)
			dup2(STDERR_FILENO, STDOUT_FILENO);
		dup2(fds[1], STDERR_FILENO);
		close(fds[1]);
		execv(rec->perf, all);
		dprintf(STDERR_FILENO, "%s: %s: %s\n", PROGNAME, rec->perf,
		    strerror(errno));
		_exit(127);
	}
	free(all);
	close(fds[1]);
	rec->errfd = fds[0];
	fcntl(rec->errfd, F_SETFL, O_NONBLOCK);
	fcntl(rec->errfd, F_SETFD, FD_CLOEXEC);

	clock_gettime(CLOCK_MONOTONIC, &forked);
	started = 0;
	for (;;) {
		struct pollfd pfd = { rec->errfd, POLLIN, 0 };

		if (poll(&pfd, rec->errfd >= 0, RECORD_TICK_MS) > 0)
			record_relay(rec, 0);
		/* The time starts when perf has opened its events and
		 * written the header of perf.data: starting it can take a
		 * while, and that time is not recording. */
		if (!started && (rec->datapos != 0 ||
		    record_since(&forked) >= RECORD_START_MAX)) {
			clock_gettime(CLOCK_MONOTONIC, &start);
			started = 1;
			record_held(rec);
		}
		elapsed = started ? record_since(&start) : 0;
		if (record_signals != seen) {
			/* Ctrl-C reached perf from the terminal too; a
			 * signal sent to flametui alone is passed on. */
			seen = record_signals;
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
		record_count(rec);
		record_status(rec, elapsed, stopping);
	}
	/* The COMMAND may still hold the pipe: take what is there. */
	record_relay(rec, 1);
	record_count(rec);
	if (rec->datapos != 0 && !rec->started)
		record_held(rec);
	record_status_clear(rec);
	if (rec->datafd >= 0)
		close(rec->datafd);
	rec->datafd = -1;
	fprintf(stderr, "%s: recorded %llu samples in %.1fs%s\n", PROGNAME,
	    (unsigned long long)rec->samples, took >= 0 ? took : started ?
	    record_since(&start) : 0.0,
	    rec->early ? " (stopped early)" : "");
	if (w != child)
		return -1;
	/* Attached to a process, perf stops by raising the SIGINT it was
	 * sent, after writing perf.data. */
	if (stopping && WIFSIGNALED(status) && WTERMSIG(status) == SIGINT)
		return 0;
	return status;
}

/* Say why perf record failed, when it is one of the known reasons. */
static void
record_explain(struct record *rec, int status)
{
	if (rec->saw_paranoid && !record_privileged()) {
		record_refuse_paranoid(rec, record_paranoid());
		return;
	}
	if (rec->offcpu && rec->saw_tracepoint) {
		fprintf(stderr, "%s: --off-cpu: this kernel or perf cannot trace "
		    "sched:sched_switch (see above); it needs a kernel with "
		    "tracepoints (CONFIG_FTRACE) and tracefs mounted on "
		    "/sys/kernel/tracing, and root or "
		    "kernel.perf_event_paranoid=-1\n", PROGNAME);
		return;
	}
	if (rec->saw_nosuch) {
		fprintf(stderr, "%s: the process to record has gone\n",
		    PROGNAME);
		return;
	}
	if (rec->held != NULL)
		fputs(rec->held, stderr);
	if (status == -1)
		fprintf(stderr, "%s: lost track of perf record\n", PROGNAME);
	else if (WIFSIGNALED(status))
		fprintf(stderr, "%s: perf record was killed by signal %d\n",
		    PROGNAME, WTERMSIG(status));
	else
		fprintf(stderr, "%s: perf record failed (exit status %d)%s%s\n",
		    PROGNAME, WEXITSTATUS(status), rec->firsterr[0] ? ": " : "",
		    rec->firsterr);
}

/* Show progress while perf script is read; a signal cancels. */
static int
record_progress(void *arg, uint64_t done, uint64_t total)
{
	struct record *rec = arg;

	if (rec->tty) {
		fprintf(stderr, "\r\033[K%s: reading perf script output: "
		    "%.0f MB", PROGNAME, (double)done / 1e6);
		fflush(stderr);
		rec->status_shown = 1;
	}
	return record_signals != 0;
}

/* Print what perf script said on its standard error (up to 5 lines). */
static void
record_script_log(const char *log)
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

/* Start perf with argv, its output to outfd and its errors to logfd. */
static pid_t
record_spawn(struct record *rec, char **argv, int outfd, int logfd)
{
	pid_t child;

	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) < 0)
		fatal("fork: %s", strerror(errno));
	if (child == 0) {
		dup2(outfd, STDOUT_FILENO);
		dup2(logfd, STDERR_FILENO);
		execv(rec->perf, argv);
		dprintf(STDERR_FILENO, "%s: %s\n", rec->perf, strerror(errno));
		_exit(127);
	}
	return child;
}

/* Open a log file in the private directory for a child's errors. */
static int
record_log(struct record *rec, const char *name, char **path)
{
	int fd;

	*path = xasprintf("%s/%s", rec->dir, name);
	if ((fd = open(*path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0600)) < 0)
		fatal("%s: %s", *path, strerror(errno));
	return fd;
}

/*
 * --off-cpu: read when each task left and came back to the CPU, from a
 * quick perf script pass without stacks. Returns 0, or -1 after saying why.
 */
static int
record_offcpu(struct record *rec, struct offcpu *oc)
{
	char *argv[] = { rec->perf, (char *)"script", (char *)"-i", rec->data,
	    (char *)"-F", (char *)"tid,time,trace", (char *)"--ns",
	    (char *)"--show-switch-events", NULL };
	struct reader *r;
	char *log, err[512];
	int fds[2], logfd, status, ret = -1;
	pid_t child;

	record_show(argv);
	logfd = record_log(rec, "perf-script-switches.log", &log);
	if (pipe2(fds, O_CLOEXEC) < 0)
		fatal("pipe: %s", strerror(errno));
	child = record_spawn(rec, argv, fds[1], logfd);
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
		record_script_log(log);
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
 * Run perf script on perf.data into the loader, through a pipe or, with
 * --raw, through the -o file. Returns 0, or -1 when nothing could be read.
 */
static int
record_script(struct record *rec, struct load *l, struct profile *p)
{
	char *argv[] = { rec->perf, (char *)"script", (char *)"-i", rec->data,
	    rec->offcpu ? (char *)"--ns" : NULL, NULL };
	char *log, err[512];
	int fds[2], logfd, outfd, status, nread;
	struct save sv;
	pid_t child;

	record_show(argv);
	logfd = record_log(rec, "perf-script.log", &log);
	fds[0] = fds[1] = -1;
	if (rec->raw) {
		if (save_open(&sv, rec->out, &rec->inputs, err, sizeof err) < 0) {
			fprintf(stderr, "%s: %s\n", PROGNAME, err);
			close(logfd);
			free(log);
			return -1;
		}
		outfd = fileno(sv.f);
	} else {
		if (pipe2(fds, O_CLOEXEC) < 0)
			fatal("pipe: %s", strerror(errno));
		outfd = fds[1];
	}
	child = record_spawn(rec, argv, outfd, logfd);
	if (!rec->raw)
		close(outfd);
	close(logfd);

	l->forced = format_find("perf");
	l->progress = record_progress;
	l->progress_arg = rec;
	if (!rec->raw) {
		nread = load_fd(l, fds[0], "perf script", p);
		while (waitpid(child, &status, 0) < 0 && errno == EINTR)
			;
	} else {
		while (waitpid(child, &status, 0) < 0 && errno == EINTR)
			;
		nread = 0;
		if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
			save_abort(&sv);
		else if (save_commit(&sv, err, sizeof err) < 0)
			fprintf(stderr, "%s: %s\n", PROGNAME, err);
		else {
			fprintf(stderr, "%s: saved %s\n", PROGNAME, rec->out);
			nread = load_files(l, (char *const *)&rec->out, 1, p);
		}
	}
	record_status_clear(rec);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		record_script_log(log);
		fprintf(stderr, "%s: perf script failed (%s %d)\n", PROGNAME,
		    WIFEXITED(status) ? "exit status" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
	} else if (p->nstacks == 0)
		record_script_log(log);
	free(log);
	return nread > 0 ? 0 : -1;
}

/* Write the profile as folded stacks to -o FILE, by rename. */
static int
record_save(struct record *rec, const struct profile *p)
{
	struct save sv;
	char err[512];

	if (save_open(&sv, rec->out, &rec->inputs, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	if (fold_write(p, sv.f) < 0) {
		fprintf(stderr, "%s: %s: %s\n", PROGNAME, rec->out,
		    strerror(errno));
		save_abort(&sv);
		return -1;
	}
	if (save_commit(&sv, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	if (strcmp(rec->out, "-") != 0)
		fprintf(stderr, "%s: saved %s\n", PROGNAME, rec->out);
	return 0;
}

/* Write the SVG flame graph (or icicle, or flame chart) to --svg=FILE. */
static int
record_svg(struct record *rec, const struct profile *p)
{
	struct svg_opts so;
	char err[512];

	svg_defaults(&so);
	so.inverted = rec->icicle;
	so.flamechart = rec->chart;
	if (svg_export(p, PROFILE_ROOT, &so, rec->svg, &rec->inputs, err,
	    sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	if (strcmp(rec->svg, "-") != 0)
		fprintf(stderr, "%s: wrote %s\n", PROGNAME, rec->svg);
	return 0;
}

/* Say that nothing was sampled, and what to try. */
static void
record_nothing(const struct record *rec)
{
	if (rec->samples == 0 && rec->offcpu)
		fprintf(stderr, "%s: nothing was sampled: no scheduler switches "
		    "were recorded; record longer (-d) or a busier target\n",
		    PROGNAME);
	else if (rec->samples == 0)
		fprintf(stderr, "%s: nothing was sampled: the target did not "
		    "run on a CPU while recording; record longer (-d), at a "
		    "higher frequency (-F) or a busier target\n", PROGNAME);
	else
		fprintf(stderr, "%s: nothing was sampled: perf recorded %llu "
		    "samples but `perf script` gave no stacks\n", PROGNAME,
		    (unsigned long long)rec->samples);
}

/* Open the interactive view on the capture; returns the exit status. */
static int
record_view(struct record *rec, const struct load *l, struct profile *p)
{
	struct tui_opts to;
	char *title, warning[512];
	int ret;

	memset(&to, 0, sizeof to);
	to.pal = PAL_HOT;
	to.icicle = rec->icicle;
	if (rec->cmd != NULL)
		title = xasprintf("perf record -- %s", rec->cmd[0]);
	else if (rec->pid != 0 || rec->tid != 0)
		title = xasprintf("perf record -%c %ld", rec->pid ? 'p' : 't',
		    rec->pid ? rec->pid : rec->tid);
	else
		title = xstrdup("perf record -a");
	warning[0] = '\0';
	if (l->diag.nmsgs > 0)
		snprintf(warning, sizeof warning, "%s%s", l->diag.msgs[0],
		    l->diag.nmsgs > 1 ? " (and more: see standard error "
		    "after quitting)" : "");
	ret = tui_run(p, &to, &title, 1, l->formats, warning[0] != '\0' ?
	    warning : NULL);
	free(title);
	return ret;
}

int
record_main(int argc, char **argv)
{
	struct offcpu oc;
	struct sink ocsink;
	struct record rec;
	struct profile p;
	struct load l;
	char *tmpdir;
	const char *t;
	int status, ret = 0;

	memset(&rec, 0, sizeof rec);
	rec.errfd = rec.datafd = -1;
	switch (record_parse(&rec, argc, argv)) {
	case 1:
		return 0;
	case -1:
		fprintf(stderr, "Try '%s record --help' for more information.\n",
		    PROGNAME);
		return 2;
	}
	if (record_check(&rec) < 0) {
		save_input_free(&rec.inputs);
		free(rec.perf);
		return 2;
	}
	rec.tty = isatty(STDERR_FILENO);

	if ((t = getenv("TMPDIR")) == NULL || *t == '\0')
		t = "/tmp";
	tmpdir = xasprintf("%s/flametui-record.XXXXXX", t);
	if (mkdtemp(tmpdir) == NULL) {
		fprintf(stderr, "%s: making a temporary directory in %s: %s\n",
		    PROGNAME, t, strerror(errno));
		free(tmpdir);
		save_input_free(&rec.inputs);
		free(rec.perf);
		return 2;
	}
	rec.dir = tmpdir;
	rec.data = xasprintf("%s/perf.data", rec.dir);

	record_signals_set(record_on_signal);
	status = record_perf(&rec);
	if (record_lastsig == SIGTERM || record_lastsig == SIGHUP) {
		ret = 128 + record_lastsig;
		goto out;
	}
	if (rec.samples == 0 && (status == -1 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)) {
		record_explain(&rec, status);
		ret = 2;
		goto out;
	}
	if (rec.samples == 0) {
		record_nothing(&rec);
		ret = 1;
		goto out;
	}
	save_input_add(&rec.inputs, rec.data);
	if (rec.cmd != NULL && WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "%s: note: %s exited with status %d\n",
		    PROGNAME, rec.cmd[0], WEXITSTATUS(status));

	/* From here a signal cancels reading. */
	record_signals = 0;
	memset(&l, 0, sizeof l);
	profile_init(&p);
	p.flamechart = rec.chart;
	memset(&oc, 0, sizeof oc);
	if (rec.offcpu) {
		if (record_offcpu(&rec, &oc) < 0) {
			ret = 2;
			goto done;
		}
		ocsink = offcpu_sink(&oc, profile_sink(&p));
		l.sink = &ocsink;
	}
	if (record_script(&rec, &l, &p) < 0 || p.nstacks == 0) {
		diag_print(&l.diag, stderr);
		if (record_signals != 0) {
			fprintf(stderr, "%s: interrupted\n", PROGNAME);
			ret = 130;
		} else {
			record_nothing(&rec);
			ret = 1;
		}
		goto done;
	}
	diag_print(&l.diag, stderr);
	if (l.cancelled || record_signals != 0) {
		fprintf(stderr, "%s: interrupted\n", PROGNAME);
		ret = 130;
		goto done;
	}
	record_signals_set(SIG_DFL);
	fprintf(stderr, "%s: read %llu stacks\n", PROGNAME,
	    (unsigned long long)p.nstacks);
	if (oc.unmatched > 0)
		fprintf(stderr, "%s: warning: %llu switch stacks had no switch "
		    "time to weigh them by, and were left out\n", PROGNAME,
		    (unsigned long long)oc.unmatched);

	if (rec.out != NULL && !rec.raw && record_save(&rec, &p) < 0)
		ret = 2;
	if (rec.svg != NULL && record_svg(&rec, &p) < 0)
		ret = 2;
	if (rec.out == NULL && rec.svg == NULL)
		ret = record_view(&rec, &l, &p);
done:
	offcpu_free(&oc);
	profile_free(&p);
	diag_free(&l.diag);
out:
	record_signals_set(SIG_DFL);
	record_cleanup(&rec);
	save_input_free(&rec.inputs);
	free(rec.held);
	free(rec.data);
	free(rec.dir);
	free(rec.perf);
	return ret;
}
