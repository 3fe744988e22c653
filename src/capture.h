/*
 * capture.h: running perf record and perf script for `flametui record`.
 */
#ifndef CAPTURE_H
#define CAPTURE_H

#include <sys/types.h>

#include "load.h"
#include "offcpu.h"
#include "profile.h"
#include "record.h"

/*
 * Run perf record as rec asks, into rec->data, until its time is up, the
 * COMMAND exits or a signal comes; pass on what perf says. Returns perf's
 * wait status (0 also when it stopped on the SIGINT it was sent), or -1.
 */
int capture_record(struct record *rec);
/*
 * --off-cpu: read when each task left and came back to the CPU, from a
 * quick perf script pass. Returns 0, or -1 after saying why not.
 */
int capture_offcpu(struct record *rec, struct offcpu *oc);
/*
 * Read rec->data into the loader: natively, or with --raw or --off-cpu by
 * running perf script through a pipe or, with --raw, through the -o file.
 * Returns 0, or -1 when nothing could be read.
 */
int capture_script(struct record *rec, struct load *l, struct profile *p);

/* Print "flametui: running: ARGV..." as a shell would need it typed. */
void capture_show(char *const *argv);
/*
 * Start perf (rec->perf) with argv: standard input from infd (-1: keep
 * ours), output to outfd, errors to logfd. It gets SIGTERM should
 * flametui die, so that it stops and ends its COMMAND.
 */
pid_t capture_spawn(struct record *rec, char **argv, int infd, int outfd,
    int logfd);
/*
 * Note what a line of perf's standard error says: the first error in
 * rec->firsterr, and refusals in rec->saw_*.
 */
void capture_classify(struct record *rec, const char *line);

/* Catch SIGINT, SIGTERM and SIGHUP (on), or give them back (off). */
void capture_catch(int on);
/* Has a signal come since the last capture_forget()? */
int capture_interrupted(void);
/* The last signal caught, or 0. */
int capture_last_signal(void);
/* Forget the signals caught so far. */
void capture_forget(void);

#endif
