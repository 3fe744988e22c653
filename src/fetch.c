/*
 * fetch.c: HTTP(S) inputs. A thread runs the libcurl transfer and writes
 * the body into one end of a socket pair; the reader reads the other.
 */
#include "config.h"

#include <curl/curl.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "fetch.h"
#include "util.h"

#define FETCH_GRACE 30		/* seconds allowed past ?seconds=N */
#define FETCH_WAIT_MS 100	/* between calls of the wait hook */
#define FETCH_FIRST_LINE 200	/* most bytes of an error body shown */

/* One transfer, shared by the reading thread and the transfer's. */
struct fetch {
	CURL *curl;
	pthread_t thread;
	int fds[2];		/* [0] read by the reader, [1] by curl's
				   write callback, closed when it ends */
	int stop;		/* the reader is gone: end the transfer */
	long status;		/* the HTTP status, once the body begins */
	CURLcode res;		/* the transfer's result, once joined */
	int joined;
	char errbuf[CURL_ERROR_SIZE];
};

int
fetch_is_url(const char *path)
{
	return strncmp(path, "http://", 7) == 0 ||
	    strncmp(path, "https://", 8) == 0;
}

char *
fetch_host(const char *url)
{
	const char *h = strstr(url, "://") + 3, *at;
	size_t n = strcspn(h, "/?#"), i;

	/* Leave out user:password@. */
	if ((at = memchr(h, '@', n)) != NULL) {
		n -= (size_t)(at + 1 - h);
		h = at + 1;
	}
	/* A port is after the last ':', unless an IPv6 address's ']' is. */
	for (i = n; i > 0 && h[i - 1] != ':' && h[i - 1] != ']'; i--)
		;
	if (i > 0 && h[i - 1] == ':')
		return xstrndup(h, n);
	return xasprintf("%.*s:%s", (int)n, h,
	    strncmp(url, "https", 5) == 0 ? "443" : "80");
}

/* The N of ?seconds=N in url, or -1. */
static double
fetch_seconds(const char *url)
{
	const char *q = strchr(url, '?');

	while (q != NULL) {
		if (strncmp(q + 1, "seconds=", 8) == 0)
			return strtod(q + 9, NULL);
		q = strchr(q + 1, '&');
	}
	return -1;
}

/* curl's write callback: the body into the socket, on the transfer's thread. */
static size_t
fetch_write(char *p, size_t size, size_t n, void *arg)
{
	struct fetch *f = arg;
	size_t len = size * n, off = 0;
	ssize_t w;

	if (__atomic_load_n(&f->status, __ATOMIC_ACQUIRE) == 0) {
		long st = 0;

		curl_easy_getinfo(f->curl, CURLINFO_RESPONSE_CODE, &st);
		__atomic_store_n(&f->status, st, __ATOMIC_RELEASE);
	}
	while (off < len) {
		w = send(f->fds[1], p + off, len - off, MSG_NOSIGNAL);
		if (w < 0 && errno == EINTR)
			continue;
		if (w < 0)
			return 0;	/* the reader is gone */
		off += (size_t)w;
	}
	return len;
}

/* curl's progress callback: nonzero ends the transfer. */
static int
fetch_xfer(void *arg, curl_off_t dt, curl_off_t dn, curl_off_t ut,
    curl_off_t un)
{
	struct fetch *f = arg;

	(void)dt, (void)dn, (void)ut, (void)un;
	return __atomic_load_n(&f->stop, __ATOMIC_ACQUIRE);
}

/* The transfer's thread: run it, then close the socket to end the body. */
static void *
fetch_thread(void *arg)
{
	struct fetch *f = arg;

	f->res = curl_easy_perform(f->curl);
	close(f->fds[1]);
	return NULL;
}

/* Wait for the transfer's thread to end. */
static void
fetch_join(struct fetch *f)
{
	if (!f->joined)
		pthread_join(f->thread, NULL);
	f->joined = 1;
}

/* End the transfer and free it (the reader's close). */
static void
fetch_close(void *arg)
{
	struct fetch *f = arg;

	__atomic_store_n(&f->stop, 1, __ATOMIC_RELEASE);
	shutdown(f->fds[0], SHUT_RDWR);
	fetch_join(f);
	close(f->fds[0]);
	curl_easy_cleanup(f->curl);
	free(f);
}

/* Say in err why the transfer failed (once joined). */
static void
fetch_failed(struct fetch *f, const char *url, char *err, size_t errlen)
{
	const char *hint = "";

	if (f->res == CURLE_OPERATION_TIMEDOUT)
		hint = " (--timeout=S sets the limit)";
	else if (f->res == CURLE_PEER_FAILED_VERIFICATION ||
	    f->res == CURLE_SSL_CACERT_BADFILE)
		hint = " (--insecure skips the check)";
	snprintf(err, errlen, "%s: %s%s", url, f->errbuf[0] != '\0' ?
	    f->errbuf : curl_easy_strerror(f->res), hint);
}

/* The reader's read: the body, and at its end the transfer's result. */
static ssize_t
fetch_read(void *arg, char *p, size_t n, char *err, size_t errlen)
{
	struct fetch *f = arg;
	char *url = NULL;
	ssize_t got;

	do
		got = recv(f->fds[0], p, n, 0);
	while (got < 0 && errno == EINTR);
	if (got < 0) {
		snprintf(err, errlen, "reading the body: %s", strerror(errno));
		return -1;
	}
	if (got > 0)
		return got;
	fetch_join(f);
	if (f->res == CURLE_OK)
		return 0;
	curl_easy_getinfo(f->curl, CURLINFO_EFFECTIVE_URL, &url);
	fetch_failed(f, url != NULL ? url : "", err, errlen);
	return -1;
}

/* Make the transfer of url, with o's limits; NULL if curl cannot. */
static struct fetch *
fetch_new(const char *url, const struct fetch_opts *o)
{
	static int inited;
	struct fetch *f;
	double secs = fetch_seconds(url), limit;

	if (!inited && curl_global_init(CURL_GLOBAL_DEFAULT) != 0)
		return NULL;
	inited = 1;
	f = xcalloc(1, sizeof *f);
	if ((f->curl = curl_easy_init()) == NULL) {
		free(f);
		return NULL;
	}
	limit = o->timeout > 0 ? o->timeout :
	    (secs > 0 ? secs : 0) + FETCH_GRACE;
	curl_easy_setopt(f->curl, CURLOPT_URL, url);
	curl_easy_setopt(f->curl, CURLOPT_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(f->curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
	curl_easy_setopt(f->curl, CURLOPT_FOLLOWLOCATION, 1L);
	curl_easy_setopt(f->curl, CURLOPT_MAXREDIRS, 10L);
	curl_easy_setopt(f->curl, CURLOPT_USERAGENT,
	    PROGNAME "/" PACKAGE_VERSION);
	curl_easy_setopt(f->curl, CURLOPT_NOSIGNAL, 1L);
	curl_easy_setopt(f->curl, CURLOPT_TIMEOUT_MS, (long)(limit * 1000));
	curl_easy_setopt(f->curl, CURLOPT_ERRORBUFFER, f->errbuf);
	curl_easy_setopt(f->curl, CURLOPT_WRITEFUNCTION, fetch_write);
	curl_easy_setopt(f->curl, CURLOPT_WRITEDATA, f);
	curl_easy_setopt(f->curl, CURLOPT_NOPROGRESS, 0L);
	curl_easy_setopt(f->curl, CURLOPT_XFERINFOFUNCTION, fetch_xfer);
	curl_easy_setopt(f->curl, CURLOPT_XFERINFODATA, f);
	if (o->insecure) {
		curl_easy_setopt(f->curl, CURLOPT_SSL_VERIFYPEER, 0L);
		curl_easy_setopt(f->curl, CURLOPT_SSL_VERIFYHOST, 0L);
	}
	return f;
}

/*
 * Wait until the body begins or the transfer ends, telling o->wait the
 * seconds of the profile left.
 */
static void
fetch_wait(struct fetch *f, const char *url, const struct fetch_opts *o)
{
	struct pollfd pfd = { .fd = f->fds[0], .events = POLLIN };
	struct timespec start, now;
	double secs = fetch_seconds(url), el;

	clock_gettime(CLOCK_MONOTONIC, &start);
	for (;;) {
		int n = poll(&pfd, 1, FETCH_WAIT_MS);

		if (n > 0 || (n < 0 && errno != EINTR))
			return;
		if (o->wait == NULL)
			continue;
		clock_gettime(CLOCK_MONOTONIC, &now);
		el = (double)(now.tv_sec - start.tv_sec) +
		    (double)(now.tv_nsec - start.tv_nsec) / 1e9;
		o->wait(o->wait_arg, url, secs < 0 ? -1 :
		    secs > el ? secs - el : 0);
	}
}

/*
 * The status, once the body begins: 0 when the transfer ended without a
 * body (then joined).
 */
static long
fetch_status(struct fetch *f)
{
	char c;
	ssize_t got;
	long st;

	do
		got = recv(f->fds[0], &c, 1, MSG_PEEK);
	while (got < 0 && errno == EINTR);
	if (got > 0)
		return __atomic_load_n(&f->status, __ATOMIC_ACQUIRE);
	fetch_join(f);
	if (f->res != CURLE_OK)
		return 0;
	st = 0;
	curl_easy_getinfo(f->curl, CURLINFO_RESPONSE_CODE, &st);
	return st;
}

/* Say in err that url answered st, with the first line of the body. */
static void
fetch_refused(struct fetch *f, const char *url, long st, char *err,
    size_t errlen)
{
	char line[FETCH_FIRST_LINE + 1];
	size_t len = 0, i;
	ssize_t got;

	while (len < FETCH_FIRST_LINE && memchr(line, '\n', len) == NULL &&
	    (got = recv(f->fds[0], line + len, FETCH_FIRST_LINE - len, 0)) != 0)
		if (got > 0)
			len += (size_t)got;
		else if (errno != EINTR)
			break;
	line[len] = '\0';
	len = strcspn(line, "\r\n");
	line[len] = '\0';
	for (i = 0; i < len; i++)
		if ((unsigned char)line[i] < ' ' || line[i] == 0x7f)
			line[i] = '?';
	snprintf(err, errlen, "%s: HTTP status %ld%s%s", url, st,
	    len > 0 ? ": " : "", line);
}

struct reader *
fetch_open(const char *url, const struct fetch_opts *o, char *err,
    size_t errlen)
{
	struct reader_source src;
	struct fetch *f;
	long st;

	if ((f = fetch_new(url, o)) == NULL) {
		snprintf(err, errlen, "%s: libcurl cannot start", url);
		return NULL;
	}
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, f->fds) != 0) {
		snprintf(err, errlen, "%s: socketpair: %s", url, strerror(errno));
		curl_easy_cleanup(f->curl);
		free(f);
		return NULL;
	}
	if (pthread_create(&f->thread, NULL, fetch_thread, f) != 0)
		fatal("cannot start a thread");
	fetch_wait(f, url, o);
	st = fetch_status(f);
	if (st == 0)
		fetch_failed(f, url, err, errlen);
	else if (st != 200)
		fetch_refused(f, url, st, err, errlen);
	if (st != 200) {
		fetch_close(f);
		return NULL;
	}
	src.read = fetch_read;
	src.close = fetch_close;
	src.arg = f;
	return reader_source(&src, url, err, errlen);
}
