/*
 * failmalloc.c: an LD_PRELOAD library for tests/tui-restore.sh. Once the
 * process gets SIGUSR2, every allocation of FAILMALLOC_MIN bytes or more
 * fails with ENOMEM, as when memory runs out; smaller ones still work, so
 * that the program gets as far as a big allocation of its own.
 */
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>

void *__libc_malloc(size_t);
void *__libc_calloc(size_t, size_t);
void *__libc_realloc(void *, size_t);

static volatile sig_atomic_t failing;
static size_t failmin = 1;

/* Start failing. */
static void
failmalloc_usr2(int sig)
{
	(void)sig;
	failing = 1;
}

/* Read FAILMALLOC_MIN and wait for SIGUSR2. */
__attribute__((constructor)) static void
failmalloc_init(void)
{
	const char *s = getenv("FAILMALLOC_MIN");

	if (s != NULL)
		failmin = strtoul(s, NULL, 10);
	signal(SIGUSR2, failmalloc_usr2);
}

/* Should an allocation of n bytes fail? */
static int
failmalloc_fails(size_t n)
{
	if (!failing || n < failmin)
		return 0;
	errno = ENOMEM;
	return 1;
}

void *
malloc(size_t n)
{
	return failmalloc_fails(n) ? NULL : __libc_malloc(n);
}

void *
calloc(size_t n, size_t sz)
{
	return n != 0 && sz > (size_t)-1 / n ? NULL :
	    failmalloc_fails(n * sz) ? NULL : __libc_calloc(n, sz);
}

void *
realloc(void *p, size_t n)
{
	return failmalloc_fails(n) ? NULL : __libc_realloc(p, n);
}
