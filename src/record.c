/*
 * record.c: `flametui record`: its options, the checks and refusals before
 * anything runs, the private temporary directory, and what becomes of the
 * capture (the view, -o, --svg). capture.c runs perf itself.
 */
#include "config.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "diag.h"
#include "diff.h"
#include "fold.h"
#include "load.h"
#include "offcpu.h"
#include "profile.h"
#include "record.h"
#include "save.h"
#include "svg.h"
#include "tui.h"
#include "util.h"

enum {
	OPT_CALLGRAPH = 256, OPT_ICICLE, OPT_CHART, OPT_RAW, OPT_SVG,
	OPT_OFFCPU, OPT_KEEP, OPT_CPI, OPT_MEMORY,
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
	{ "cpi", no_argument, NULL, OPT_CPI },
	{ "memory", required_argument, NULL, OPT_MEMORY },
	{ "event", required_argument, NULL, 'e' },
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
"      --cpi              record cycles and instructions and show a CPI flame\n"
"                         graph (see flametui --cpi); needs hardware\n"
"                         counters, which many virtual machines lack\n"
"      --memory=MODE      record memory use, in the mem palette: faults\n"
"                         (page faults), brk or mmap (their system calls),\n"
"                         malloc (calls, through a uprobe on libc's malloc,\n"
"                         removed afterwards; needs root)\n"
"  -e, --event=EVENT      record EVENT too, as perf record -e (repeatable);\n"
"                         -F applies only when given\n"
"\n"
"Output (the interactive view when none is given):\n"
"  -o, --output=FILE      save the capture as folded stacks (- for standard\n"
"                         output)\n"
"      --raw              with -o, save the `perf script` text instead\n"
"      --svg=FILE         write an SVG flame graph instead of opening the view\n"
"      --icicle           upside down, roots at the top (view and --svg)\n"
"      --chart            a flame chart: time on the x axis\n"
"      --keep             keep the temporary directory holding perf.data\n"
"\n"
"  -h, --help             display this help and exit\n"
"\n"
"perf comes from the Debian package linux-perf. Recording the whole system\n"
"or --off-cpu needs root, or a low kernel.perf_event_paranoid.\n",
	    PROGNAME);
}

long
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

/*
 * After the options (lastarg the last one's argument): the COMMAND, and
 * the options that do not go together. Returns 0, or -1 with a message.
 */
static int
record_scope(struct record *rec, int argc, char **argv, const char *lastarg)
{
	if (optind < argc)
		rec->cmd = argv + optind;
	/* "record --" alone, or "-- ''": not the whole system. */
	if ((rec->cmd == NULL && !rec->all && optind > 1 && optind == argc &&
	    strcmp(argv[optind - 1], "--") == 0 && argv[optind - 1] !=
	    lastarg) || (rec->cmd != NULL && rec->cmd[0][0] == '\0')) {
		fprintf(stderr, "%s: record: the COMMAND after -- is empty: "
		    "give one, or -a for the whole system\n", PROGNAME);
		return -1;
	}
	if ((rec->pid != 0) + (rec->tid != 0) + (rec->cmd != NULL) > 1 ||
	    (rec->all && (rec->pid != 0 || rec->tid != 0))) {
		fprintf(stderr, "%s: record: give one scope: -a, -p PID, -t TID "
		    "or a COMMAND\n", PROGNAME);
		return -1;
	}
	if (rec->pid == 0 && rec->tid == 0 && rec->cmd == NULL)
		rec->all = 1;
	if ((rec->cpi != 0) + (rec->memory != MEM_NONE) + rec->offcpu > 1) {
		fprintf(stderr, "%s: record: one of --cpi, --memory and "
		    "--off-cpu\n", PROGNAME);
		return -1;
	}
	if (rec->raw && (rec->out == NULL || strcmp(rec->out, "-") == 0)) {
		fprintf(stderr, "%s: record: --raw needs -o FILE\n", PROGNAME);
		return -1;
	}
	return 0;
}

/* Parse the options into rec; returns 0, 1 after --help, or -1. */
static int
record_parse(struct record *rec, int argc, char **argv)
{
	const char *lastarg = NULL;	/* the last option's argument */
	char *end;
	int c;

	rec->freq = 99;
	rec->secs = 10;
	optind = 1;
	while ((c = getopt_long(argc, argv, "+aF:d:o:p:t:e:h", record_longopts,
	    NULL)) != -1) {
		lastarg = optarg;
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
				    "seconds above 0 and at most 86400 (a day)\n",
				    PROGNAME, optarg);
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
		case OPT_CPI:
			rec->cpi = 1;
			break;
		case OPT_MEMORY:
			if (record_events_memory(rec, optarg) < 0)
				return -1;
			break;
		case 'e':
			if (record_events_add(rec, optarg) < 0)
				return -1;
			break;
		case 'h':
			record_usage(stdout);
			return 1;
		default:
			return -1;
		}
	}
	return record_scope(rec, argc, argv, lastarg);
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

/* Does rec trace (tracepoints, uprobes), which needs paranoid -1? */
static int
record_traces(const struct record *rec)
{
	return rec->offcpu || rec->memory == MEM_BRK ||
	    rec->memory == MEM_MMAP || rec->memory == MEM_MALLOC;
}

/* Tell the user that perf_event_paranoid forbids this recording. */
static void
record_refuse_paranoid(const struct record *rec, int paranoid)
{
	int need = record_traces(rec) ? -1 : rec->all ? 0 : 2;

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
		    "switches (--off-cpu)" : record_traces(rec) ? "tracing "
		    "system calls (--memory)" : rec->all ? "recording the whole "
		    "system" : "recording", need);
	else
		fprintf(stderr, "%s: perf was not allowed to record\n",
		    PROGNAME);
	fprintf(stderr, "%s: run as root, or allow it with: "
	    "sudo sysctl kernel.perf_event_paranoid=%d\n", PROGNAME, need);
	if (rec->all && !record_traces(rec) && paranoid <= 2)
		fprintf(stderr, "%s: or record one process: -p PID, or "
		    "-- COMMAND\n", PROGNAME);
}

int
record_check(struct record *rec)
{
	char *exe, path[64];
	struct stat st, st2;
	int paranoid, fd, why;

	if ((rec->perf = util_which("perf", NULL)) == NULL) {
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
	if (rec->cmd != NULL && (exe = util_which(rec->cmd[0], &why)) ==
	    NULL) {
		fprintf(stderr, "%s: %s: %s\n", PROGNAME, rec->cmd[0],
		    why == EACCES ? "not executable (permission denied)" :
		    why == ENOENT && strchr(rec->cmd[0], '/') == NULL ?
		    "command not found" : strerror(why));
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
		    (record_traces(rec) && paranoid > -1))) {
			record_refuse_paranoid(rec, paranoid);
			return -1;
		}
	}
	if (record_events_check(rec, record_privileged()) < 0)
		return -1;
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

/* Remove the private temporary directory, unless kept; then forget it. */
static void
record_cleanup(struct record *rec)
{
	struct dirent *de;
	char *path;
	DIR *d;

	if (rec->dir == NULL)
		return;
	if (rec->keep || rec->savefailed) {
		fprintf(stderr, "%s: kept %s\n", PROGNAME, rec->data);
		goto out;
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
out:
	free(rec->dir);
	rec->dir = NULL;
}

/* Make the private temporary directory for perf.data; 0, or -1. */
static int
record_tmpdir(struct record *rec)
{
	const char *t;

	if ((t = getenv("TMPDIR")) == NULL || *t == '\0')
		t = "/tmp";
	rec->dir = xasprintf("%s/flametui-record.XXXXXX", t);
	if (mkdtemp(rec->dir) == NULL) {
		fprintf(stderr, "%s: making a temporary directory in %s: %s\n",
		    PROGNAME, t, strerror(errno));
		free(rec->dir);
		rec->dir = NULL;
		return -1;
	}
	rec->data = xasprintf("%s/perf.data", rec->dir);
	return 0;
}

/* Start writing -o and --svg before recording: a bad path costs nothing. */
static int
record_open(struct record *rec)
{
	char err[512];

	if ((rec->out != NULL && save_open(&rec->outsave, rec->out,
	    &rec->inputs, err, sizeof err) < 0) ||
	    (rec->svg != NULL && save_open(&rec->svgsave, rec->svg,
	    &rec->inputs, err, sizeof err) < 0)) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	return 0;
}

/* Give up the outputs not written, removing their temporary files. */
static void
record_close(struct record *rec)
{
	if (rec->outsave.f != NULL)
		save_abort(&rec->outsave);
	if (rec->svgsave.f != NULL)
		save_abort(&rec->svgsave);
}

void
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

/* Write the profile as folded stacks to -o FILE, opened before. */
int
record_save(struct record *rec, const struct profile *p)
{
	char err[512];

	errno = 0;
	if (fold_write(p, rec->outsave.f) < 0) {
		save_fail(&rec->outsave, errno != 0 ? errno : EIO, err,
		    sizeof err);
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	if (save_commit(&rec->outsave, err, sizeof err) < 0) {
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
	if (rec->memory != MEM_NONE)
		so.palette = PAL_MEM;
	so.flamechart = rec->chart;
	errno = 0;
	if (svg_write(p, PROFILE_ROOT, &so, rec->svgsave.f) != 0) {
		save_fail(&rec->svgsave, errno != 0 ? errno : EIO, err,
		    sizeof err);
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return -1;
	}
	if (save_commit(&rec->svgsave, err, sizeof err) < 0) {
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

	tui_defaults(&to);
	to.icicle = rec->icicle;
	if (rec->memory != MEM_NONE)
		to.pal = PAL_MEM;
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

/* A sink in front of the profile's that counts the samples it takes. */
struct record_tally {
	struct sink inner;
	uint64_t samples;
};

/* Count a sample and pass it on. */
static void
record_tally_stack(void *ctx, const struct sample *s)
{
	struct record_tally *t = ctx;

	t->samples++;
	t->inner.stack(t->inner.ctx, s);
}

/* Pass on a sample given joined; count it if it was taken. */
static int
record_tally_joined(void *ctx, const struct sample *s)
{
	struct record_tally *t = ctx;

	if (t->inner.joined == NULL || !t->inner.joined(t->inner.ctx, s))
		return 0;
	t->samples++;
	return 1;
}

/* Pass on what the counts are. */
static void
record_tally_unit(void *ctx, const char *unit)
{
	struct record_tally *t = ctx;

	sink_unit(&t->inner, unit);
}

/* Pass on the event that weighs the counts. */
static void
record_tally_event(void *ctx, const char *event)
{
	struct record_tally *t = ctx;

	sink_event(&t->inner, event);
}

/* The number of distinct stacks: the nodes some stack ends at. */
static uint64_t
record_distinct(const struct profile *p)
{
	uint64_t n = 0;
	uint32_t i;

	for (i = 0; i < p->nnodes; i++)
		n += p->nodes[i].self > 0;
	return n;
}

/* Size a CPI capture by its cycles; 0, or 1 after saying what is missing. */
static int
record_cpi(struct profile *p)
{
	const char *missing = diff_cpi(p);

	if (missing == NULL)
		return 0;
	fprintf(stderr, "%s: record --cpi: perf recorded no %s samples\n",
	    PROGNAME, missing);
	return 1;
}

/* Exit status after a signal: 128 + its number. */
static int
record_signalled(void)
{
	fprintf(stderr, "%s: interrupted\n", PROGNAME);
	return 128 + capture_last_signal();
}

/*
 * Read the capture with perf script, then save it or show it; perf.data
 * is removed before the view opens. Returns the exit status.
 */
static int
record_use(struct record *rec, struct profile *p, struct load *l)
{
	struct record_tally tally = { profile_sink(p), 0 };
	struct sink sink = { record_tally_stack, &tally, record_tally_joined,
	    record_tally_unit, record_tally_event }, ocsink;
	struct offcpu oc;
	uint64_t distinct;
	int ret = 0, view = rec->out == NULL && rec->svg == NULL;

	memset(&oc, 0, sizeof oc);
	p->flamechart = rec->chart;
	p->keeptimes = view && !rec->cpi;	/* for the heat map */
	l->sink = &sink;
	l->opts.cpi = rec->cpi;
	if (rec->offcpu) {
		if (capture_offcpu(rec, &oc) < 0)
			return 2;
		ocsink = offcpu_sink(&oc, sink);
		l->sink = &ocsink;
	}
	ret = capture_script(rec, l, p);
	diag_print(&l->diag, stderr);
	if (l->cancelled || capture_interrupted()) {
		offcpu_free(&oc);
		return record_signalled();
	}
	if (ret < 0 || p->nstacks == 0) {
		if (!rec->savefailed)
			record_nothing(rec);
		offcpu_free(&oc);
		return rec->savefailed ? 2 : 1;
	}
	if (rec->cpi && (ret = record_cpi(p)) != 0) {
		offcpu_free(&oc);
		return ret;
	}
	if (record_events_unit(rec) != NULL)
		profile_set_unit(p, record_events_unit(rec));
	distinct = record_distinct(p);
	fprintf(stderr, "%s: read %llu sample%s in %llu stack%s\n", PROGNAME,
	    (unsigned long long)tally.samples, tally.samples == 1 ? "" : "s",
	    (unsigned long long)distinct, distinct == 1 ? "" : "s");
	if (oc.unmatched > 0)
		fprintf(stderr, "%s: warning: %llu switch stacks had no switch "
		    "time to weigh them by, and were left out\n", PROGNAME,
		    (unsigned long long)oc.unmatched);
	offcpu_free(&oc);

	if (rec->out != NULL && !rec->raw && record_save(rec, p) < 0)
		rec->savefailed = 1;
	if (rec->svg != NULL && record_svg(rec, p) < 0)
		rec->savefailed = 1;
	if (rec->savefailed)
		ret = 2;
	if (rec->keep)
		save_input_add(&rec->inputs, rec->data);
	/* The view needs no perf.data: however it ends, nothing is left. */
	record_cleanup(rec);
	if (capture_interrupted())
		return record_signalled();
	capture_catch(0);
	if (view)
		ret = record_view(rec, l, p);
	return ret;
}

/* Record, then read and use the capture; returns the exit status. */
static int
record_run(struct record *rec)
{
	struct profile p;
	struct load l;
	int status, ret;

	capture_catch(1);
	if (record_events_setup(rec) < 0)
		return 2;
	rec->neargs = record_events_argv(rec, rec->eargs, 0);
	status = capture_record(rec);
	record_events_cleanup(rec);
	if (capture_last_signal() != 0 && capture_last_signal() != SIGINT)
		return 128 + capture_last_signal();
	if (rec->samples == 0 && (status == -1 || !WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)) {
		record_explain(rec, status);
		return 2;
	}
	if (rec->samples == 0) {
		record_nothing(rec);
		return 1;
	}
	if (rec->cmd != NULL && WIFEXITED(status) && WEXITSTATUS(status) != 0)
		fprintf(stderr, "%s: note: %s exited with status %d\n",
		    PROGNAME, rec->cmd[0], WEXITSTATUS(status));

	/* From here a signal cancels reading. */
	capture_forget();
	memset(&l, 0, sizeof l);
	profile_init(&p);
	ret = record_use(rec, &p, &l);
	profile_free(&p);
	diag_free(&l.diag);
	return ret;
}

int
record_main(int argc, char **argv)
{
	struct record rec;
	int ret;

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
	rec.tty = isatty(STDERR_FILENO);
	if (record_check(&rec) < 0 || record_open(&rec) < 0 ||
	    record_tmpdir(&rec) < 0)
		ret = 2;
	else
		ret = record_run(&rec);
	record_close(&rec);
	capture_catch(0);
	record_events_cleanup(&rec);
	record_cleanup(&rec);
	save_input_free(&rec.inputs);
	free(rec.held);
	free(rec.data);
	free(rec.perf);
	return ret;
}
