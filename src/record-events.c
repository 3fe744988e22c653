/*
 * record-events.c: the events `flametui record` asks perf for besides its
 * default clock: --cpi's cycles and instructions, --memory's page faults,
 * syscall tracepoints or malloc uprobe, and -e's any other; the checks
 * that say why the kernel will not give them, and the malloc probe's
 * setting up and removal.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "capture.h"
#include "record.h"
#include "util.h"

/* --memory=MODE: its name, the event, the unit of the counts. */
static const struct record_memory {
	const char *name;
	const char *event;	/* NULL: the malloc probe's */
	const char *unit;
} memories[] = {
	[MEM_FAULTS] = { "faults", "page-faults", "faults" },
	[MEM_BRK] = { "brk", "syscalls:sys_enter_brk", "calls" },
	[MEM_MMAP] = { "mmap", "syscalls:sys_enter_mmap", "calls" },
	[MEM_MALLOC] = { "malloc", NULL, "calls" },
};

int
record_events_memory(struct record *rec, const char *arg)
{
	int i;

	for (i = MEM_FAULTS; i <= MEM_MALLOC; i++)
		if (strcmp(arg, memories[i].name) == 0) {
			rec->memory = i;
			return 0;
		}
	fprintf(stderr, "%s: --memory wants faults, brk, mmap or malloc, not "
	    "'%s'\n", PROGNAME, arg);
	return -1;
}

int
record_events_add(struct record *rec, const char *event)
{
	if (rec->nevents == RECORD_MAX_EVENTS) {
		fprintf(stderr, "%s: -e: at most %d events\n", PROGNAME,
		    RECORD_MAX_EVENTS);
		return -1;
	}
	rec->events[rec->nevents++] = event;
	return 0;
}

/*
 * Can this process count instructions on this machine? 0 when it can;
 * else errno of perf_event_open (ENOENT: no such hardware counter).
 */
static int
record_events_counters(void)
{
	struct perf_event_attr a;
	long fd;

	memset(&a, 0, sizeof a);
	a.size = sizeof a;
	a.type = PERF_TYPE_HARDWARE;
	a.config = PERF_COUNT_HW_INSTRUCTIONS;
	a.disabled = 1;
	a.exclude_kernel = 1;
	a.exclude_hv = 1;
	fd = syscall(SYS_perf_event_open, &a, 0, -1, -1, 0);
	if (fd < 0)
		return errno;
	close((int)fd);
	return 0;
}

/* The tracefs directory holding path (events/..., uprobe_events), or NULL. */
static const char *
record_events_tracefs(const char *path)
{
	static const char *const dirs[] = { "/sys/kernel/tracing",
	    "/sys/kernel/debug/tracing" };
	char buf[256];
	size_t i;

	for (i = 0; i < 2; i++) {
		snprintf(buf, sizeof buf, "%s/%s", dirs[i], path);
		if (access(buf, F_OK) == 0)
			return dirs[i];
	}
	return NULL;
}

int
record_events_check(struct record *rec, int privileged)
{
	int e;

	if (rec->cpi && (e = record_events_counters()) != 0 &&
	    e != EACCES && e != EPERM) {
		fprintf(stderr, "%s: record --cpi: this machine has no hardware "
		    "counters for cycles and instructions (perf_event_open: "
		    "%s); virtual machines often have none: let the guest see "
		    "the host's PMU (KVM: -cpu host; VMware: virtualize CPU "
		    "performance counters), or record on bare metal\n",
		    PROGNAME, strerror(e));
		return -1;
	}
	if ((rec->memory == MEM_BRK || rec->memory == MEM_MMAP) &&
	    record_events_tracefs(rec->memory == MEM_BRK ?
	    "events/syscalls/sys_enter_brk" :
	    "events/syscalls/sys_enter_mmap") == NULL) {
		fprintf(stderr, "%s: record --memory=%s: no syscall tracepoint "
		    "%s: it needs tracefs mounted (mount -t tracefs nodev "
		    "/sys/kernel/tracing) and a kernel with "
		    "CONFIG_FTRACE_SYSCALLS\n", PROGNAME,
		    memories[rec->memory].name, memories[rec->memory].event);
		return -1;
	}
	if (rec->memory == MEM_MALLOC && !privileged) {
		fprintf(stderr, "%s: record --memory=malloc: adding a uprobe on "
		    "malloc needs root (perf probe writes to tracefs)\n",
		    PROGNAME);
		return -1;
	}
	if (rec->memory == MEM_MALLOC &&
	    record_events_tracefs("uprobe_events") == NULL) {
		fprintf(stderr, "%s: record --memory=malloc: no uprobe_events in "
		    "tracefs: it needs tracefs mounted (mount -t tracefs nodev "
		    "/sys/kernel/tracing) and a kernel with "
		    "CONFIG_UPROBE_EVENTS\n", PROGNAME);
		return -1;
	}
	return 0;
}

/* The path of the C library this program runs with, or NULL. */
static char *
record_events_libc(void)
{
	char line[4096], *path = NULL, *p;
	FILE *f;

	if ((f = fopen("/proc/self/maps", "r")) == NULL)
		return NULL;
	while (path == NULL && fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if ((p = strchr(line, '/')) != NULL &&
		    (strstr(p, "/libc.so") != NULL ||
		    strstr(p, "/libc-") != NULL))
			path = xstrdup(p);
	}
	fclose(f);
	return path;
}

/*
 * Run perf with argv, its output to a log in the private directory; on
 * failure pass the log on, each line after what. Returns its wait status.
 */
static int
record_events_run(struct record *rec, char **argv, const char *what)
{
	char *log = xasprintf("%s/perf-probe.log", rec->dir), line[512];
	int fd, status = -1;
	pid_t child;
	FILE *f;

	capture_show(argv);
	if ((fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC,
	    0600)) < 0)
		fatal("%s: %s", log, strerror(errno));
	child = capture_spawn(rec, argv, -1, fd, fd);
	close(fd);
	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	if ((!WIFEXITED(status) || WEXITSTATUS(status) != 0) &&
	    (f = fopen(log, "r")) != NULL) {
		while (fgets(line, sizeof line, f) != NULL)
			fprintf(stderr, "%s: %s", what, line);
		fclose(f);
	}
	unlink(log);
	free(log);
	return status;
}

int
record_events_setup(struct record *rec)
{
	char *argv[8], *libc, *spec;
	int status;

	if (rec->memory != MEM_MALLOC)
		return 0;
	if ((libc = record_events_libc()) == NULL) {
		fprintf(stderr, "%s: record --memory=malloc: cannot find the C "
		    "library in /proc/self/maps\n", PROGNAME);
		return -1;
	}
	rec->probe = xasprintf("flametui:malloc_%ld", (long)getpid());
	/* The size, malloc's first argument, where perf knows its register. */
#if defined(__x86_64__)
	spec = xasprintf("%s=malloc size=%%di:u64", rec->probe);
#elif defined(__aarch64__)
	spec = xasprintf("%s=malloc size=%%x0:u64", rec->probe);
#else
	spec = xasprintf("%s=malloc", rec->probe);
#endif
	argv[0] = rec->perf;
	argv[1] = (char *)"probe";
	argv[2] = (char *)"-q";
	argv[3] = (char *)"-x";
	argv[4] = libc;
	argv[5] = (char *)"-a";
	argv[6] = spec;
	argv[7] = NULL;
	status = record_events_run(rec, argv, "perf probe");
	free(libc);
	free(spec);
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
		fprintf(stderr, "%s: record --memory=malloc: perf probe could "
		    "not put a uprobe on malloc (see above): it needs a kernel "
		    "with CONFIG_UPROBE_EVENTS, tracefs and root\n", PROGNAME);
		free(rec->probe);
		rec->probe = NULL;
		return -1;
	}
	return 0;
}

void
record_events_cleanup(struct record *rec)
{
	char *argv[] = { rec->perf, (char *)"probe", (char *)"-q",
	    (char *)"-d", rec->probe, NULL };
	int status;

	if (rec->probe == NULL)
		return;
	status = record_events_run(rec, argv, "perf probe");
	if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
		fprintf(stderr, "%s: could not remove the uprobe %s: remove it "
		    "with: perf probe -d %s\n", PROGNAME, rec->probe,
		    rec->probe);
	free(rec->probe);
	rec->probe = NULL;
}

int
record_events_argv(const struct record *rec, char **argv, int argc)
{
	int i;

	if (rec->cpi) {
		argv[argc++] = (char *)"-e";
		argv[argc++] = (char *)"cycles";
		argv[argc++] = (char *)"-e";
		argv[argc++] = (char *)"instructions";
	}
	if (rec->memory != MEM_NONE) {
		argv[argc++] = (char *)"-e";
		argv[argc++] = rec->probe != NULL ? rec->probe :
		    (char *)memories[rec->memory].event;
	}
	for (i = 0; i < rec->nevents; i++) {
		argv[argc++] = (char *)"-e";
		argv[argc++] = (char *)rec->events[i];
	}
	return argc;
}

const char *
record_events_unit(const struct record *rec)
{
	return rec->memory != MEM_NONE ? memories[rec->memory].unit : NULL;
}
