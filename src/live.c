/*
 * live.c: `flametui top`: a live flame graph. Its options, the checks
 * before anything runs (record.c's, for the same scope options), perf
 * record writing perf.data to a pipe (-o -), a thread that parses the
 * stream into the window of samples in view (window.c), and the viewer
 * drawing a picture of the window every interval (tui-feed.c).
 *
 * The stream is read natively, as it comes, by the perf.data reader
 * (fmt-perf-data.c): no `perf script` runs, unless that reader refuses
 * the stream (tracepoints, compressed records) and hands it to perf
 * script itself. The source is live_source() alone.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <locale.h>
#include <limits.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <dirent.h>
#include <time.h>
#include <unistd.h>

#include "capture.h"
#include "fold.h"
#include "live.h"
#include "record.h"
#include "term.h"
#include "tui.h"
#include "util.h"
#include "window.h"

#define LIVE_STOP_WAIT 5.0	/* seconds perf may take to stop */
#define LIVE_MAX_ARGS 32

enum {
	OPT_CALLGRAPH = 256, OPT_INTERVAL, OPT_WINDOW, OPT_DECAY,
};

static const struct option live_longopts[] = {
	{ "all-cpus", no_argument, NULL, 'a' },
	{ "freq", required_argument, NULL, 'F' },
	{ "call-graph", required_argument, NULL, OPT_CALLGRAPH },
	{ "interval", required_argument, NULL, OPT_INTERVAL },
	{ "window", required_argument, NULL, OPT_WINDOW },
	{ "decay", required_argument, NULL, OPT_DECAY },
	{ "output", required_argument, NULL, 'o' },
	{ "input", required_argument, NULL, 'i' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 }
};

/* `flametui top`: its options, and the processes and thread it runs. */
struct live {
	/* Options: the scope, -F, --call-graph and -o as record's. */
	struct record rec;
	double interval;	/* --interval */
	long span;		/* --window, 0 accumulates */
	double decay;		/* --decay, the half-life; 0 for none */
	const char *input;	/* -i FILE: a perf.data stream, not perf */

	/* State. */
	struct window win;
	char *label;		/* "top -a": the title's */
	pid_t perf;		/* perf record, or -1 */
	pid_t copy;		/* the copier of -i's pipe (live_copy), or -1 */
	int datafd;		/* what the thread parses: perf.data */
	int logfd;		/* their standard error: a file with no name */
	uint64_t logpos;	/* how much of it has been read */
	int endfd[2];		/* the thread closes endfd[1] at the end */
	int infd;		/* -i FILE, open */
	pthread_t thread;
	int threaded;
	struct diag diag;	/* the parser's */
	int ended;		/* perf has stopped */
	int status;		/* perf record's wait status, when it has */
	struct timespec start;
};

/* Print `flametui top --help`. */
static void
live_usage(FILE *f)
{
	fprintf(f,
"Usage: %s top [OPTION]... [-- COMMAND [ARG]...]\n"
"A live flame graph of what perf records now, redrawn every interval.\n"
"\n"
"Scope (the whole system when neither COMMAND nor -p nor -t is given):\n"
"  -a, --all-cpus         the whole system\n"
"  -p PID                 one running process\n"
"  -t TID                 one thread\n"
"  COMMAND [ARG]...       run COMMAND (its output is not shown) and\n"
"                         record it\n"
"  -i, --input=FILE       read a stream of `perf record -o -` from FILE\n"
"                         (- for standard input) instead of running perf\n"
"                         record\n"
"\n"
"Sampling:\n"
"  -F, --freq=HZ          samples per second (default 99)\n"
"      --call-graph=MODE  how perf walks stacks: fp (frame pointers, the\n"
"                         default), dwarf or lbr\n"
"\n"
"What it shows:\n"
"      --interval=SECONDS redraw every SECONDS (default 1)\n"
"      --window=SECONDS   the samples of the last SECONDS, whole seconds\n"
"                         (default 10); 0 keeps every sample from the start\n"
"      --decay=SECONDS    every sample, older ones weighing less: half as\n"
"                         much every SECONDS, as perf top decays\n"
"\n"
"Output:\n"
"  -o, --output=FILE      on quitting, save every sample recorded as folded\n"
"                         stacks (- for standard output)\n"
"\n"
"  -h, --help             display this help and exit\n"
"\n"
"Keys are the viewer's (? lists them); p or Space pauses the picture while\n"
"recording goes on, and P prunes. q or Ctrl-C stops perf and quits.\n"
"perf comes from the Debian package linux-perf. Recording the whole system\n"
"needs root, or a low kernel.perf_event_paranoid.\n",
	    PROGNAME);
}

/* Parse a number of seconds in [min, max]; -1 when it is not one. */
static double
live_seconds(const char *s, double min, double max)
{
	char *end;
	double v;

	errno = 0;
	v = strtod(s, &end);
	if (*s == '\0' || *end != '\0' || errno != 0 || !(v >= min && v <= max))
		return -1;
	return v;
}

/* Parse one option into l; 0, or -1 after saying why not. */
static int
live_option(struct live *l, int c, int *window_given)
{
	switch (c) {
	case 'a':
		l->rec.all = 1;
		return 0;
	case 'p':
	case 't':
		if ((*(c == 'p' ? &l->rec.pid : &l->rec.tid) =
		    record_number(optarg, 1, INT_MAX)) >= 0)
			return 0;
		fprintf(stderr, "%s: -%c: '%s' is not a %s ID\n", PROGNAME, c,
		    optarg, c == 'p' ? "process" : "thread");
		return -1;
	case 'F':
		if ((l->rec.freq = record_number(optarg, 1, 100000)) >= 0)
			return 0;
		fprintf(stderr, "%s: -F: '%s' is not a frequency from 1 to "
		    "100000 Hz\n", PROGNAME, optarg);
		return -1;
	case OPT_CALLGRAPH:
		if (strcmp(optarg, "fp") != 0 && strcmp(optarg, "lbr") != 0 &&
		    strcmp(optarg, "dwarf") != 0 &&
		    strncmp(optarg, "dwarf,", 6) != 0) {
			fprintf(stderr, "%s: --call-graph: '%s' is not fp, "
			    "dwarf or lbr\n", PROGNAME, optarg);
			return -1;
		}
		l->rec.callgraph = optarg;
		return 0;
	case OPT_INTERVAL:
		if ((l->interval = live_seconds(optarg, 0.05, 3600)) >= 0)
			return 0;
		fprintf(stderr, "%s: --interval: '%s' is not a number of "
		    "seconds from 0.05 to 3600\n", PROGNAME, optarg);
		return -1;
	case OPT_WINDOW:
		*window_given = 1;
		if ((l->span = record_number(optarg, 0, 86400)) >= 0)
			return 0;
		fprintf(stderr, "%s: --window: '%s' is not a whole number of "
		    "seconds from 0 to 86400\n", PROGNAME, optarg);
		return -1;
	case OPT_DECAY:
		if ((l->decay = live_seconds(optarg, 0.1, 86400)) >= 0)
			return 0;
		fprintf(stderr, "%s: --decay: '%s' is not a number of seconds "
		    "from 0.1 to 86400\n", PROGNAME, optarg);
		return -1;
	case 'o':
		l->rec.out = optarg;
		return 0;
	case 'i':
		l->input = optarg;
		return 0;
	default:
		return -1;
	}
}

/* Parse the options into l; returns 0, 1 after --help, or -1. */
static int
live_parse(struct live *l, int argc, char **argv)
{
	int c, window_given = 0;

	l->rec.freq = 99;
	l->interval = 1;
	l->span = 10;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+aF:o:p:t:i:h", live_longopts,
	    NULL)) != -1) {
		if (c == 'h') {
			live_usage(stdout);
			return 1;
		}
		if (live_option(l, c, &window_given) < 0)
			return -1;
	}
	if (optind < argc)
		l->rec.cmd = argv + optind;
	if ((l->rec.pid != 0) + (l->rec.tid != 0) + (l->rec.cmd != NULL) +
	    (l->input != NULL) > 1 || (l->rec.all && (l->rec.pid != 0 ||
	    l->rec.tid != 0 || l->input != NULL))) {
		fprintf(stderr, "%s: top: give one scope: -a, -p PID, -t TID, "
		    "a COMMAND or -i FILE\n", PROGNAME);
		return -1;
	}
	if (window_given && l->decay > 0) {
		fprintf(stderr, "%s: top: --window and --decay are two ways to "
		    "show older samples: give one\n", PROGNAME);
		return -1;
	}
	if (l->rec.pid == 0 && l->rec.tid == 0 && l->rec.cmd == NULL &&
	    l->input == NULL)
		l->rec.all = 1;
	return 0;
}

/* Check what can be checked before running perf; -1 after a refusal. */
static int
live_check(struct live *l)
{
	int fd;

	if ((fd = open("/dev/tty", O_RDWR | O_CLOEXEC)) < 0) {
		fprintf(stderr, "%s: top: no terminal to draw on (/dev/tty: "
		    "%s): `flametui record` records without one\n", PROGNAME,
		    strerror(errno));
		return -1;
	}
	close(fd);
	if (l->input == NULL)
		return record_check(&l->rec);
	if ((l->rec.perf = util_which("perf", NULL)) == NULL) {
		fprintf(stderr, "%s: perf is not installed (not found in PATH): "
		    "install the Debian package linux-perf (apt-get install "
		    "linux-perf)\n", PROGNAME);
		return -1;
	}
	if (strcmp(l->input, "-") == 0)
		l->infd = dup(STDIN_FILENO);
	else
		l->infd = open(l->input, O_RDONLY | O_CLOEXEC);
	if (l->infd < 0) {
		fprintf(stderr, "%s: %s: %s\n", PROGNAME, l->input,
		    strerror(errno));
		return -1;
	}
	fcntl(l->infd, F_SETFD, FD_CLOEXEC);
	return 0;
}

/* perf record's arguments for the scope and sampling asked for. */
static char **
live_record_args(struct live *l, char *freq, char *cg, char *who)
{
	const struct record *rec = &l->rec;
	char **argv;
	int argc = 0, n = 0, i;

	while (rec->cmd != NULL && rec->cmd[n] != NULL)
		n++;
	argv = xcalloc(LIVE_MAX_ARGS + (size_t)n, sizeof *argv);
	argv[argc++] = rec->perf;
	argv[argc++] = (char *)"record";
	argv[argc++] = (char *)"-o";
	argv[argc++] = (char *)"-";
	/* Each sample as it comes, not when a buffer is half full: a
	 * quiet target would otherwise show nothing for seconds. */
	argv[argc++] = (char *)"--no-buffering";
	snprintf(freq, 32, "%ld", rec->freq);
	argv[argc++] = (char *)"-F";
	argv[argc++] = freq;
	if (rec->callgraph != NULL) {
		snprintf(cg, 64, "--call-graph=%s", rec->callgraph);
		argv[argc++] = cg;
	} else
		argv[argc++] = (char *)"-g";
	if (rec->all)
		argv[argc++] = (char *)"-a";
	if (rec->pid != 0 || rec->tid != 0) {
		snprintf(who, 32, "%ld", rec->pid ? rec->pid : rec->tid);
		argv[argc++] = (char *)(rec->pid ? "-p" : "-t");
		argv[argc++] = who;
	}
	if (rec->cmd != NULL) {
		argv[argc++] = (char *)"--";
		for (i = 0; i < n; i++)
			argv[argc++] = rec->cmd[i];
	}
	argv[argc] = NULL;
	return argv;
}

/*
 * A file for perf's standard error (and the COMMAND's output), with no
 * name: nothing is left behind, however flametui ends. A file, not a
 * pipe, so that a chatty COMMAND never waits for it to be read.
 */
static int
live_log(void)
{
	const char *t = getenv("TMPDIR");
	char *path;
	int fd;

	if (t == NULL || *t == '\0')
		t = "/tmp";
	if ((fd = open(t, O_TMPFILE | O_RDWR | O_APPEND | O_CLOEXEC, 0600)) >=
	    0)
		return fd;
	path = xasprintf("%s/flametui-top.XXXXXX", t);
	if ((fd = mkostemp(path, O_APPEND | O_CLOEXEC)) < 0)
		fatal("%s: %s", path, strerror(errno));
	unlink(path);
	free(path);
	return fd;
}

/*
 * A child copying the pipe in to out until in ends or the child is
 * killed: stopping it stops -i's stream on quitting, as stopping perf
 * stops perf's (a reader blocked on a pipe that never ends could not be
 * stopped). Returns its pid.
 */
static pid_t
live_copy(struct live *l, int in, int out, int other)
{
	pid_t parent = getpid(), child;
	char buf[65536];
	ssize_t n, w, off;

	if ((child = fork()) < 0)
		fatal("fork: %s", strerror(errno));
	if (child != 0)
		return child;
	util_tether(parent, SIGKILL);
	/* The viewer sees the end of the stream when the thread closes its
	 * end of endfd: no copy of it here. */
	close(l->endfd[0]);
	close(l->endfd[1]);
	close(other);
	while ((n = read(in, buf, sizeof buf)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			_exit(1);
		for (off = 0; off < n; off += w)
			if ((w = write(out, buf + off, (size_t)(n - off))) < 0 &&
			    errno != EINTR)
				_exit(1);
			else if (w < 0)
				w = 0;
	}
	_exit(0);
}

/*
 * Start the source of samples: perf record -o - (or -i FILE), whose
 * perf.data stream the thread reads. Sets datafd and logfd.
 */
static void
live_source(struct live *l)
{
	char freq[32], cg[64], who[32], **argv;
	int data[2], null;
	struct stat st;

	if (pipe2(l->endfd, O_CLOEXEC) < 0)
		fatal("pipe: %s", strerror(errno));
	l->logfd = live_log();
	if (l->input != NULL && fstat(l->infd, &st) == 0 &&
	    S_ISREG(st.st_mode)) {
		l->datafd = l->infd;	/* a file ends */
		l->infd = -1;
		return;
	}
	if (l->input != NULL) {
		if (pipe2(data, O_CLOEXEC) < 0)
			fatal("pipe: %s", strerror(errno));
		l->copy = live_copy(l, l->infd, data[1], data[0]);
		close(data[1]);
		close(l->infd);
		l->infd = -1;
		l->datafd = data[0];
		return;
	}
	if (pipe2(data, O_CLOEXEC) < 0 ||
	    (null = open("/dev/null", O_RDONLY | O_CLOEXEC)) < 0)
		fatal("pipe: %s", strerror(errno));
	argv = live_record_args(l, freq, cg, who);
	capture_show(argv);
	/* The COMMAND's output would draw over the screen. */
	l->perf = capture_spawn(&l->rec, argv, null, data[1], l->logfd);
	close(data[1]);
	close(null);
	free(argv);
	l->datafd = data[0];
}

/* The parser thread: the whole stream into the window. */
static void *
live_thread(void *arg)
{
	struct live *l = arg;
	struct parse_opts opts;
	struct reader *r;
	struct sink sink = window_sink(&l->win);
	const char *head;
	char err[512];

	memset(&opts, 0, sizeof opts);
	diag_begin(&l->diag, l->input != NULL ? l->input : "perf record");
	if ((r = reader_fdopen(l->datafd, l->input != NULL ? l->input :
	    "perf record", err, sizeof err)) == NULL)
		diag_push_error(&l->diag, "%s", err);
	/* An empty stream is perf failing, which live_why() says. */
	else if (reader_peek_some(r, 1, &head) > 0) {
		err[0] = '\0';
		if (fmt_perf_data.parse(r, &opts, &sink, &l->diag, err,
		    sizeof err) < 0 && err[0] != '\0')
			diag_push_error(&l->diag, "%s", err);
	}
	if (r != NULL)
		reader_close(r);
	diag_end(&l->diag);
	/* The viewer sees the end of the pipe: the stream has ended. */
	close(l->endfd[1]);
	return NULL;
}

/* What the picture is, for the title: "last 10 s". */
static void
live_what(const struct live *l, char *buf, size_t size)
{
	if (l->decay > 0)
		snprintf(buf, size, "decay: half every %g s", l->decay);
	else if (l->span > 0)
		snprintf(buf, size, "last %ld s", l->span);
	else
		snprintf(buf, size, "since the start");
}

/* The feed's picture callback: what is in view now, its samples. */
static double
live_picture(void *ctx, struct profile *out, char *label, size_t size)
{
	struct live *l = ctx;
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	live_what(l, label, size);
	return window_picture(&l->win, &now, out);
}

/* Wait up to secs for a child; 1 with its status, 0 when it runs on. */
static int
live_reap(pid_t child, int *status, double secs)
{
	int i, n = (int)(secs * 20);

	for (i = 0; i <= n; i++) {
		if (waitpid(child, status, WNOHANG) == child)
			return 1;
		if (i < n)
			poll(NULL, 0, 50);
	}
	return 0;
}

/*
 * End what is left of our children: a COMMAND whose perf died before it
 * could end it comes to us (we are its subreaper).
 */
static void
live_orphans(void)
{
	char path[64], buf[512], *p;
	struct dirent *de;
	long ppid, pid;
	int status, sig;
	DIR *d;
	FILE *f;

	for (sig = SIGTERM; sig != 0; sig = sig == SIGTERM ? SIGKILL : 0) {
		if ((d = opendir("/proc")) == NULL)
			return;
		while ((de = readdir(d)) != NULL) {
			if ((pid = record_number(de->d_name, 1, INT_MAX)) < 0)
				continue;
			snprintf(path, sizeof path, "/proc/%ld/stat", pid);
			if ((f = fopen(path, "r")) == NULL)
				continue;
			p = fgets(buf, sizeof buf, f);
			fclose(f);
			/* "pid (comm) state ppid": comm may hold anything. */
			if (p == NULL || (p = strrchr(buf, ')')) == NULL ||
			    sscanf(p + 1, " %*c %ld", &ppid) != 1 ||
			    ppid != (long)getpid())
				continue;
			kill((pid_t)pid, sig);
			live_reap((pid_t)pid, &status, LIVE_STOP_WAIT / 2);
		}
		closedir(d);
	}
}

/*
 * Stop perf (asked nicely unless the stream has ended, then not), wait
 * for the thread to finish.
 */
static void
live_stop(struct live *l)
{
	int status;

	if (l->perf > 0 && !l->ended)
		kill(l->perf, SIGINT);
	if (l->perf > 0 && !live_reap(l->perf, &l->status, LIVE_STOP_WAIT)) {
		kill(l->perf, SIGKILL);
		live_reap(l->perf, &l->status, LIVE_STOP_WAIT);
	}
	l->perf = -1;
	if (l->copy > 0) {
		kill(l->copy, SIGKILL);
		live_reap(l->copy, &status, LIVE_STOP_WAIT);
		l->copy = -1;
	}
	/* The reader reads to the end of the stream, then ends. */
	if (l->threaded)
		pthread_join(l->thread, NULL);
	l->threaded = 0;
	live_orphans();
}

/* Why the stream ended, in a line for the status line and exit message. */
static void
live_why(struct live *l, char *msg, size_t size)
{
	const struct record *rec = &l->rec;
	int st = l->status;

	if (l->input != NULL)
		snprintf(msg, size, "the end of %s", l->input);
	else if (rec->saw_paranoid)
		snprintf(msg, size, "perf was not allowed to record: %s",
		    rec->firsterr);
	else if (rec->saw_nosuch)
		snprintf(msg, size, "%s %ld does not exist", rec->pid ?
		    "process" : "thread", rec->pid ? rec->pid : rec->tid);
	else if (WIFSIGNALED(st))
		snprintf(msg, size, "perf record was killed by signal %d",
		    WTERMSIG(st));
	else if (WEXITSTATUS(st) != 0)
		snprintf(msg, size, "perf record failed (exit status %d)%s%s",
		    WEXITSTATUS(st), rec->firsterr[0] ? ": " : "",
		    rec->firsterr);
	else if (rec->cmd != NULL)
		snprintf(msg, size, "%s has exited", rec->cmd[0]);
	else if (rec->pid != 0 || rec->tid != 0)
		snprintf(msg, size, "%s %ld has exited", rec->pid ? "process" :
		    "thread", rec->pid ? rec->pid : rec->tid);
	else
		snprintf(msg, size, "perf record has stopped");
	snprintf(msg + strlen(msg), size - strlen(msg), ": recording "
	    "stopped");
}

/* Take in a line perf wrote on its standard error. */
static void
live_errline(struct live *l, const char *line)
{
	if (strncmp(line, "[ perf record:", 14) == 0 || *line == '\0')
		return;
	capture_classify(&l->rec, line);
}

/* Take in the lines perf wrote on its standard error since the last call. */
static void
live_read_log(struct live *l)
{
	struct record *rec = &l->rec;
	char *nl;
	size_t used;
	ssize_t n;

	while ((n = pread(l->logfd, rec->errbuf + rec->errlen,
	    sizeof rec->errbuf - 1 - rec->errlen, (off_t)l->logpos)) > 0) {
		l->logpos += (uint64_t)n;
		rec->errlen += (size_t)n;
		rec->errbuf[rec->errlen] = '\0';
		for (used = 0; (nl = strchr(rec->errbuf + used, '\n')) != NULL;
		    used = (size_t)(nl - rec->errbuf) + 1) {
			*nl = '\0';
			live_errline(l, rec->errbuf + used);
		}
		if (used == 0 && rec->errlen == sizeof rec->errbuf - 1)
			used = rec->errlen;	/* a line too long: dropped */
		memmove(rec->errbuf, rec->errbuf + used, rec->errlen - used);
		rec->errlen -= used;
	}
}

/*
 * The feed's news callback: the stream has ended, so perf has stopped:
 * say why. Returns 1.
 */
static int
live_news(void *ctx, char *msg, size_t size)
{
	struct live *l = ctx;

	/* perf is ending: it is given time, not interrupted. */
	l->ended = 1;
	live_stop(l);
	live_read_log(l);
	live_why(l, msg, size);
	return 1;
}

/* Save every sample recorded to -o FILE, opened before. 0, or -1. */
static int
live_save(struct live *l)
{
	return record_save(&l->rec, window_all(&l->win));
}

/* "top -p 1234": what is recorded, for the title. */
static char *
live_title(const struct live *l)
{
	const struct record *rec = &l->rec;

	if (l->input != NULL)
		return xasprintf("top -i %s", l->input);
	if (rec->cmd != NULL)
		return xasprintf("top -- %s", rec->cmd[0]);
	if (rec->pid != 0 || rec->tid != 0)
		return xasprintf("top -%c %ld", rec->pid ? 'p' : 't',
		    rec->pid ? rec->pid : rec->tid);
	return xstrdup("top -a");
}

/*
 * After the view: stop perf, say what was recorded and why it stopped,
 * save -o. Returns the exit status, given the view's.
 */
static int
live_finish(struct live *l, int ret)
{
	struct timespec now;
	uint64_t n, late;
	char why[512];

	if (!l->ended) {
		live_stop(l);
		live_read_log(l);
		why[0] = '\0';
	} else
		live_why(l, why, sizeof why);
	diag_print(&l->diag, stderr);
	clock_gettime(CLOCK_MONOTONIC, &now);
	n = window_recorded(&l->win, &late);
	fprintf(stderr, "%s: top: %llu sample%s in %.1f s%s%s\n", PROGNAME,
	    (unsigned long long)n, n == 1 ? "" : "s",
	    (double)(now.tv_sec - l->start.tv_sec) +
	    (double)(now.tv_nsec - l->start.tv_nsec) / 1e9,
	    why[0] != '\0' ? "; " : "", why);
	if (late > 0)
		fprintf(stderr, "%s: top: %llu samples came after their "
		    "second had left the window, and were not shown\n",
		    PROGNAME, (unsigned long long)late);
	if (l->ended && l->input == NULL && (n == 0 ||
	    WIFSIGNALED(l->status) || WEXITSTATUS(l->status) != 0)) {
		if (n == 0)
			record_explain(&l->rec, l->status);
		if (ret == 0)
			ret = 2;
	}
	if (ret >= 128)
		fprintf(stderr, "%s: interrupted\n", PROGNAME);
	if (l->rec.out != NULL && live_save(l) < 0 && ret == 0)
		ret = 2;
	return ret;
}

/* Record and show; returns the exit status. */
static int
live_run(struct live *l)
{
	struct tui_feed feed = { l->interval, -1, l, live_picture, live_news };
	struct tui_opts to;
	char err[512];
	int ret;

	if (l->rec.out != NULL && save_open(&l->rec.outsave, l->rec.out,
	    &l->rec.inputs, err, sizeof err) < 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	window_init(&l->win, (int)l->span, l->decay, l->rec.out != NULL);
	/* Until the view takes the terminal, a signal just stops perf. */
	capture_catch(1);
	clock_gettime(CLOCK_MONOTONIC, &l->start);
	/* Should perf die, its COMMAND comes to us, to be ended. */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	live_source(l);
	if (pthread_create(&l->thread, NULL, live_thread, l) != 0)
		fatal("pthread_create: %s", strerror(errno));
	l->threaded = 1;
	feed.fd = l->endfd[0];
	tui_defaults(&to);
	to.feed = &feed;
	l->label = live_title(l);
	term_soft_quit();
	ret = capture_interrupted() ? 128 + capture_last_signal() :
	    tui_run(NULL, &to, &l->label, 1, "perf", NULL);
	capture_catch(0);
	ret = live_finish(l, ret);
	if (l->rec.outsave.f != NULL)
		save_abort(&l->rec.outsave);
	window_free(&l->win);
	return ret;
}

int
live_main(int argc, char **argv)
{
	struct live l;
	int ret;

	setlocale(LC_CTYPE, "");
	memset(&l, 0, sizeof l);
	l.rec.errfd = l.rec.datafd = l.infd = l.logfd = l.datafd = -1;
	l.endfd[0] = l.endfd[1] = -1;
	l.perf = l.copy = -1;
	switch (live_parse(&l, argc, argv)) {
	case 1:
		return 0;
	case -1:
		fprintf(stderr, "Try '%s top --help' for more information.\n",
		    PROGNAME);
		return 2;
	}
	ret = live_check(&l) < 0 ? 2 : live_run(&l);
	if (l.infd >= 0)
		close(l.infd);
	if (l.logfd >= 0)
		close(l.logfd);
	if (l.endfd[0] >= 0)
		close(l.endfd[0]);
	diag_free(&l.diag);
	save_input_free(&l.rec.inputs);
	free(l.label);
	free(l.rec.perf);
	return ret;
}
