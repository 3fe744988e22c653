/*
 * util.c: allocation wrappers, fatal errors, and finding and tethering
 * the programs flametui runs.
 */
#include "config.h"

#include <errno.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "text.h"
#include "util.h"

void (*util_cleanup)(void);

void
util_say(FILE *f, const char *msg)
{
	fprintf(f, "%s: ", PROGNAME);
	text_write(msg, strlen(msg), f);
	fputc('\n', f);
}

/* Print "flametui: message" to stderr, its invisible characters escaped. */
static void
util_vwarn(const char *fmt, va_list ap)
{
	char msg[1024];

	vsnprintf(msg, sizeof msg, fmt, ap);
	util_say(stderr, msg);
}

void
util_warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	util_vwarn(fmt, ap);
	va_end(ap);
}

void
fatal(const char *fmt, ...)
{
	static atomic_flag once = ATOMIC_FLAG_INIT;
	va_list ap;

	/* Parser threads may fail at once: the first one speaks and exits. */
	if (atomic_flag_test_and_set(&once))
		for (;;)
			pause();
	if (util_cleanup != NULL)
		util_cleanup();
	va_start(ap, fmt);
	util_vwarn(fmt, ap);
	va_end(ap);
	exit(2);
}

void *
xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);

	if (p == NULL)
		fatal("out of memory (allocating %zu bytes)", n);
	return p;
}

void *
xcalloc(size_t n, size_t sz)
{
	void *p = calloc(n ? n : 1, sz ? sz : 1);

	if (p == NULL)
		fatal("out of memory (allocating %zu x %zu bytes)", n, sz);
	return p;
}

void *
xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (p == NULL)
		fatal("out of memory (allocating %zu bytes)", n);
	return p;
}

void *
xgrow(void *p, size_t *cap, size_t want, size_t sz)
{
	size_t n = *cap ? *cap : 16;

	if (want <= *cap)
		return p;
	while (n < want) {
		if (n > SIZE_MAX / 2 / sz)
			fatal("out of memory (array of %zu elements)", want);
		n *= 2;
	}
	*cap = n;
	return xrealloc(p, n * sz);
}

char *
xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

char *
xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);

	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

char *
xasprintf(const char *fmt, ...)
{
	va_list ap;
	char *s;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		fatal("bad format string");
	s = xmalloc((size_t)n + 1);
	va_start(ap, fmt);
	vsnprintf(s, (size_t)n + 1, fmt, ap);
	va_end(ap);
	return s;
}

/* 0 when path is a file this process may run, else why not (an errno). */
static int
util_runnable(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		return errno;
	if (S_ISDIR(st.st_mode))
		return EISDIR;
	if (!S_ISREG(st.st_mode) || access(path, X_OK) < 0)
		return EACCES;
	return 0;
}

char *
util_which(const char *name, int *why)
{
	const char *path = getenv("PATH"), *p, *colon;
	char *try;
	size_t n;
	int e, ignored;

	if (why == NULL)
		why = &ignored;
	if (strchr(name, '/') != NULL) {
		*why = util_runnable(name);
		return *why == 0 ? xstrdup(name) : NULL;
	}
	*why = ENOENT;
	if (path == NULL)
		path = "/usr/bin:/bin";
	for (p = path;; p = colon + 1) {
		colon = strchr(p, ':');
		n = colon != NULL ? (size_t)(colon - p) : strlen(p);
		if (n == 0)
			try = xasprintf("./%s", name);
		else
			try = xasprintf("%.*s/%s", (int)n, p, name);
		if ((e = util_runnable(try)) == 0)
			return try;
		if (e == EACCES)
			*why = EACCES;
		free(try);
		if (colon == NULL)
			return NULL;
	}
}

/* In a child of parent: get sig when parent dies; go now if it is gone. */
void
util_tether(pid_t parent, int sig)
{
	if (prctl(PR_SET_PDEATHSIG, sig) < 0 || getppid() != parent)
		_exit(127);
}
