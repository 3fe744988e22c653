/*
 * fetch.h: profiles from HTTP(S) URLs, fetched with libcurl and read as a
 * file is, through the same reader (read.h): detection and every format
 * work on the body unchanged.
 *
 * The transfer runs on a thread of its own that writes the body into a
 * socket pair the reader reads, so a body is streamed, never held whole
 * unless its format needs it, and the reader's size and gzip limits apply.
 */
#ifndef FETCH_H
#define FETCH_H

#include "read.h"

/*
 * Told now and then while a URL has sent nothing yet: left is the seconds
 * of a profile (?seconds=N) still to run, or -1 when the URL names none.
 */
typedef void (*fetch_wait_fn)(void *arg, const char *url, double left);

struct fetch_opts {
	double timeout;		/* --timeout in seconds, 0: seconds + 30 */
	int insecure;		/* --insecure: no TLS certificate checks */
	fetch_wait_fn wait;	/* may be NULL */
	void *wait_arg;
};

/* Is path an http:// or https:// URL? */
int fetch_is_url(const char *path);
/* The host:port of a URL, for --by-file's frame; free() it. */
char *fetch_host(const char *url);
/*
 * Start fetching url and wait for its answer. Returns a reader of the
 * body when the status is 200, else NULL with a message in err: the
 * transfer's failure, or the status and the first line of the body.
 */
struct reader *fetch_open(const char *url, const struct fetch_opts *o,
    char *err, size_t errlen);

#endif
