/*
 * util.h: allocation that cannot fail, fatal errors that restore the
 * terminal, and finding and tethering the programs flametui runs.
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
/* Print "flametui: msg" and a newline to f, escaped as text_write() does. */
void util_say(FILE *, const char *msg);
/* The same to stderr, from a format. */
void util_warn(const char *, ...) __attribute__((format(printf, 1, 2)));
/* The same, after restoring the terminal, then exit 2. */
void fatal(const char *, ...) __attribute__((format(printf, 1, 2), noreturn));

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
