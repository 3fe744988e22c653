/*
 * record.h: `flametui record`, which runs the system's perf and opens what
 * it recorded.
 */
#ifndef RECORD_H
#define RECORD_H

#include <stddef.h>
#include <stdint.h>

#include "save.h"

/*
 * Run `flametui record`; argv[0] is "record". Returns the exit status:
 * 0 when stacks were recorded and shown or saved, 1 when nothing was
 * sampled, 2 on a usage error, when recording was refused or failed or an
 * output could not be written, 128 + the signal's number when one ended it.
 */
int record_main(int argc, char **argv);

#define RECORD_MAX_EVENTS 8	/* -e's */

/* What --memory records. */
enum { MEM_NONE, MEM_FAULTS, MEM_BRK, MEM_MMAP, MEM_MALLOC };

/*
 * What `flametui record` was asked for, and the state of the capture:
 * record.c fills in the options, capture.c runs perf and keeps the rest.
 */
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
	int cpi;		/* --cpi: cycles and instructions */
	int memory;		/* --memory=MODE: MEM_*, or MEM_NONE */
	const char *events[RECORD_MAX_EVENTS];	/* -e EVENT, as given */
	int nevents;
	char *eargs[2 * RECORD_MAX_EVENTS + 6];	/* perf record's -e's */
	int neargs;
	const char *out;	/* -o FILE, or NULL */
	const char *svg;	/* --svg=FILE, or NULL */

	/* State. */
	struct input_ids inputs;	/* files no output may overwrite */
	struct save outsave;	/* -o FILE, opened before recording */
	struct save svgsave;	/* --svg=FILE, likewise */
	int savefailed;		/* an output was not written: keep perf.data */
	char *probe;		/* the malloc uprobe added, to remove, or NULL */
	char *perf;		/* path of the perf executable */
	char *dir;		/* private temporary directory, or NULL */
	char *data;		/* dir/perf.data */
	int tty;		/* stderr is a terminal: draw a status line */
	int relayout;		/* the COMMAND's standard output goes to the
				   log too, so as not to cut into the status
				   line */
	int status_shown;	/* a status line is on the screen */
	int early;		/* stopped by a signal before its time */

	/* perf record's standard error, its log, passed on line by line. */
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

/* Parse a whole decimal number in [min, max]; -1 when it is not one. */
long record_number(const char *s, long min, long max);
/*
 * Check what can be checked before running perf (perf installed, the
 * PID, TID or COMMAND there, perf_event_paranoid, the outputs, a terminal
 * for the view); returns 0, or -1 after saying why not.
 */
int record_check(struct record *);
/* Say why perf record failed (its wait status), as well as is known. */
void record_explain(struct record *, int status);
/* Write p as folded stacks to -o FILE, opened before; 0, or -1 after
   saying why. */
int record_save(struct record *, const struct profile *);


/*
 * record-events.c: the events asked for besides the default clock.
 * Read --memory's MODE, or add an -e EVENT; 0, or -1 after a message.
 */
int record_events_memory(struct record *, const char *mode);
int record_events_add(struct record *, const char *event);
/*
 * Check that the kernel gives the events (hardware counters for --cpi,
 * tracepoints, uprobes, root for a probe); 0, or -1 after saying why.
 */
int record_events_check(struct record *, int privileged);
/* Put the malloc uprobe in place, if asked; 0, or -1 after saying why. */
int record_events_setup(struct record *);
/* Remove the uprobe, if one was put in place. */
void record_events_cleanup(struct record *);
/* Append perf record's -e arguments to argv[0..argc); the new argc. */
int record_events_argv(const struct record *, char **argv, int argc);
/* The unit of the counts of --memory, or NULL for the default. */
const char *record_events_unit(const struct record *);

#endif
