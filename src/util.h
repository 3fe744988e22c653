/*
 * util.h: allocation that cannot fail, fatal errors that restore the
 * terminal, and the diagnostics a load collects for the user.
 */
#ifndef UTIL_H
#define UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

#define PROGNAME "flametui"

void *xmalloc(size_t);
void *xcalloc(size_t, size_t);
void *xrealloc(void *, size_t);
/* Grow an array of n elements of size sz to at least want, doubling. */
void *xgrow(void *, size_t *cap, size_t want, size_t sz);
char *xstrdup(const char *);
char *xstrndup(const char *, size_t);
/* vsnprintf into a new string. */
char *xasprintf(const char *, ...) __attribute__((format(printf, 1, 2)));

/* Called by fatal() before exiting, to put the terminal back. */
extern void (*util_cleanup)(void);
/* Print "flametui: message" to stderr, escaped as text_write() does. */
void util_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
/* The same, after restoring the terminal, then exit 2. */
void fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

/*
 * What went wrong while reading, as the user will be told it. Bad lines are
 * counted per file, and only the first is named. Notes are free text.
 */
struct diag {
	char **msgs;		/* finished messages, in order */
	size_t nmsgs, capmsgs;

	const char *file;	/* file being read */
	uint64_t bad;		/* bad lines in it so far */
	uint64_t firstline;	/* line number of the first */
	char first[256];	/* what was wrong with it */

	struct diag_tally {	/* other counted warnings of the file */
		const char *what;	/* the message, and the kind */
		uint64_t n, first;	/* how many lines, the first one */
	} *tallies;
	size_t ntallies, captallies;
};

/* Start counting bad lines of a new file. */
void diag_begin(struct diag *, const char *file);
/* Count a bad line; the first one of a file is kept with its reason. */
void diag_bad(struct diag *, uint64_t line, const char *, ...)
    __attribute__((format(printf, 3, 4)));
/* Add a message as it is, "FILE: what is wrong". */
void diag_push_error(struct diag *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/* Add a note about the current file. */
void diag_note(struct diag *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/*
 * Count a line that gets the warning what, a string constant: one message
 * per file and distinct what, "FILE:FIRST: what (N lines)", at diag_end().
 */
void diag_tally(struct diag *, uint64_t line, const char *what);
/*
 * Add what a part of the current file, read into its own diag, found: its
 * bad lines, tallies and messages (moved out of part, which is freed). Parts
 * must be added in the order of the file.
 */
void diag_merge(struct diag *, struct diag *part);
/* Close the current file, turning its bad line count into a message. */
void diag_end(struct diag *);
/* Print every message to f, each prefixed "flametui: ". */
void diag_print(const struct diag *, FILE *);
void diag_free(struct diag *);

/*
 * The path of an executable (to be freed), looked up in $PATH unless name
 * holds a '/', as the shell looks commands up; or NULL, with *why (unless
 * why is NULL) saying why not: ENOENT, EISDIR, or EACCES when a file of
 * that name is there but may not be run.
 */
char *util_which(const char *name, int *why);

/*
 * In a child process of parent, before it runs anything: have the kernel
 * send it sig when parent dies, even by SIGKILL, so that no child outlives
 * flametui; if parent is already gone (or that cannot be set), _exit(127).
 */
void util_tether(pid_t parent, int sig);

#endif
