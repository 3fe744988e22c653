/*
 * read.c: buffered line reader over plain files, pipes and gzip streams.
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "diag.h"
#include "read.h"
#include "util.h"

#define READ_CHUNK (1u << 20)
#define READ_REPORT (4u << 20)
	/* call progress every this many bytes */

/* Read raw bytes from the source or the descriptor, retrying on EINTR. */
static ssize_t
reader_raw(struct reader *r, char *p, size_t n)
{
	ssize_t got;

	if (r->src.read != NULL) {
		if ((got = r->src.read(r->src.arg, p, n, r->errmsg,
		    sizeof r->errmsg)) < 0)
			r->error = 1;
		return got;
	}
	do
		got = read(r->fd, p, n);
	while (got < 0 && errno == EINTR);
	if (got < 0) {
		snprintf(r->errmsg, sizeof r->errmsg, "%s: %s", r->name,
		    strerror(errno));
		r->error = 1;
	}
	return got;
}

/* Has gzip input expanded past the limits? Then stop with an error. */
static int
reader_bomb(struct reader *r)
{
	uint64_t ratio = r->zratio != 0 ? r->zratio : READ_GZ_RATIO;

	if (ratio == UINT64_MAX || r->zout <= READ_GZ_FREE)
		return 0;
	if (r->zout > READ_GZ_MAX)
		snprintf(r->errmsg, sizeof r->errmsg, "%s: gzip input expands "
		    "past %llu GiB: stopped there, a likely gzip bomb "
		    "(--gzip-ratio=0 reads it all)", r->name,
		    (unsigned long long)(READ_GZ_MAX >> 30));
	else if (r->zout / ratio > r->done)
		snprintf(r->errmsg, sizeof r->errmsg, "%s: gzip input expands "
		    "more than %llu times (%llu MiB from %llu KiB): stopped "
		    "there, a likely gzip bomb (--gzip-ratio=N sets the limit)",
		    r->name,
		    (unsigned long long)ratio,
		    (unsigned long long)(r->zout >> 20),
		    (unsigned long long)(r->done >> 10));
	else
		return 0;
	r->error = 1;
	return 1;
}

/* Decompress into dst[0..n); returns bytes produced, 0 at the end. */
static size_t
reader_inflate(struct reader *r, char *dst, size_t n)
{
	z_stream *zs = r->gz;
	ssize_t got;
	size_t before;
	int ret;

	for (;;) {
		if (zs->avail_in == 0 && !r->raweof) {
			got = reader_raw(r, r->zin, READ_CHUNK);
			if (got < 0)
				return 0;
			if (got == 0)
				r->raweof = 1;
			r->done += (uint64_t)got;
			zs->next_in = (unsigned char *)r->zin;
			zs->avail_in = (unsigned)got;
		}
		if (zs->avail_in == 0 && r->raweof) {
			if (!r->zended)
				snprintf(r->errmsg, sizeof r->errmsg, "%s: truncated "
				    "gzip stream (the lines before the cut were read)",
				    r->name), r->error = 1;
			return 0;
		}
		if (r->zended) {
			/* Another gzip member follows, as zcat allows. */
			inflateReset(zs);
			r->zended = 0;
		}
		before = n > UINT32_MAX ? UINT32_MAX : n;
		zs->next_out = (unsigned char *)dst;
		zs->avail_out = (unsigned)before;
		ret = inflate(zs, Z_NO_FLUSH);
		if (ret == Z_STREAM_END)
			r->zended = 1;
		else if (ret != Z_OK && ret != Z_BUF_ERROR) {
			snprintf(r->errmsg, sizeof r->errmsg, "%s: corrupt gzip "
			    "stream (%s)", r->name, zs->msg ? zs->msg : "error");
			r->error = 1;
			return 0;
		}
		if (before - zs->avail_out > 0) {
			r->zout += before - zs->avail_out;
			if (reader_bomb(r))
				return 0;
			return before - zs->avail_out;
		}
	}
}

/* Read (and decompress) up to n bytes into dst; 0 at the end or on error. */
static size_t
reader_get(struct reader *r, char *dst, size_t n)
{
	ssize_t got;

	if (r->gz != NULL)
		got = (ssize_t)reader_inflate(r, dst, n);
	else {
		got = reader_raw(r, dst, n);
		if (got > 0)
			r->done += (uint64_t)got;
	}
	if (got <= 0)
		return 0;
	if (r->progress != NULL && r->done >= r->nextreport) {
		r->nextreport = r->done + READ_REPORT;
		if (r->progress(r->progress_arg, r->done, r->size))
			r->cancelled = 1;
	}
	return (size_t)got;
}

/* Move unread bytes to the front and read more; returns bytes added. */
static size_t
reader_fill(struct reader *r)
{
	ssize_t got;

	if (r->eof || r->error || r->cancelled)
		return 0;
	if (r->pos > 0) {
		memmove(r->buf, r->buf + r->pos, r->end - r->pos);
		r->end -= r->pos;
		r->pos = 0;
	}
	if (r->end == r->cap) {
		r->cap *= 2;
		r->buf = xrealloc(r->buf, r->cap + 1);
	}
	got = (ssize_t)reader_get(r, r->buf + r->end, r->cap - r->end);
	if (got <= 0) {
		r->eof = 1;
		return 0;
	}
	r->end += (size_t)got;
	return (size_t)got;
}

/* A reader of fd named name, with nothing read yet. */
static struct reader *
reader_new(const char *name, int fd)
{
	struct reader *r = xcalloc(1, sizeof *r);

	r->name = xstrdup(name);
	r->fd = fd;
	r->cap = READ_CHUNK;
	r->buf = xmalloc(r->cap + 1);
	return r;
}

/* Read the first bytes of a new reader, and see whether they are gzip. */
static struct reader *
reader_start(struct reader *r, char *err, size_t errlen)
{
	ssize_t got;

	/* Read the first bytes raw to look for the gzip magic. */
	got = reader_raw(r, r->buf, r->cap);
	if (got < 0) {
		snprintf(err, errlen, "%s", r->errmsg);
		reader_close(r);
		return NULL;
	}
	r->end = (size_t)got;
	r->done = (uint64_t)got;
	if (got == 0)
		r->eof = 1;
	if (got >= 2 && (unsigned char)r->buf[0] == 0x1f &&
	    (unsigned char)r->buf[1] == 0x8b) {
		/* gzip: what we read is compressed input for zlib. */
		z_stream *zs = xcalloc(1, sizeof *zs);

		if (inflateInit2(zs, 16 + MAX_WBITS) != Z_OK)
			fatal("out of memory (gzip stream)");
		r->gz = zs;
		r->zin = r->buf;
		r->buf = xmalloc(r->cap + 1);
		zs->next_in = (unsigned char *)r->zin;
		zs->avail_in = (unsigned)got;
		r->compressed = 1;
		r->end = 0;
	}
	r->nextreport = READ_REPORT;
	return r;
}

struct reader *
reader_open(const char *path, char *err, size_t errlen)
{
	int fd;

	if (strcmp(path, "-") == 0)
		return reader_fdopen(STDIN_FILENO, "<stdin>", err, errlen);
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return NULL;
	}
	return reader_fdopen(fd, path, err, errlen);
}

struct reader *
reader_fdopen(int fd, const char *name, char *err, size_t errlen)
{
	struct reader *r;
	struct stat st;

	if (fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: is a directory", name);
		if (fd != STDIN_FILENO)
			close(fd);
		return NULL;
	}
	r = reader_new(name, fd);
	if (S_ISREG(st.st_mode))
		r->size = (uint64_t)st.st_size;
	return reader_start(r, err, errlen);
}

struct reader *
reader_source(const struct reader_source *src, const char *name, char *err,
    size_t errlen)
{
	struct reader *r = reader_new(name, -1);

	r->src = *src;
	return reader_start(r, err, errlen);
}

size_t
reader_peek_some(struct reader *r, size_t n, const char **buf)
{
	while (r->end - r->pos < n && reader_fill(r) > 0)
		;
	*buf = r->buf + r->pos;
	return r->end - r->pos;
}

size_t
reader_peek(struct reader *r, const char **buf)
{
	size_t n = reader_peek_some(r, READ_PEEK, buf);

	return n < READ_PEEK ? n : READ_PEEK;
}

int
reader_line(struct reader *r, struct strv *line)
{
	char *nl;
	size_t scanned = 0, len;
	int skipping = 0;

	for (;;) {
		nl = memchr(r->buf + r->pos + scanned, '\n',
		    r->end - r->pos - scanned);
		if (nl != NULL)
			break;
		scanned = r->end - r->pos;
		if (scanned >= READ_MAX_LINE) {
			/* Too long: drop what we have and keep looking. */
			if (!skipping) {
				skipping = 1;
				if (r->longlines++ == 0)
					r->firstlong = r->lineno + 1;
			}
			r->pos = r->end;
			scanned = 0;
		}
		if (reader_fill(r) == 0) {
			if (r->end == r->pos && !skipping)
				return 0;
			if (r->error) {
				/* A line cut by a failed read: drop it. */
				r->pos = r->end;
				return 0;
			}
			/* The last line has no newline. */
			r->lineno++;
			if (skipping) {
				r->pos = r->end;
				return 0;
			}
			len = r->end - r->pos;
			goto found;
		}
	}
	r->lineno++;
	if (skipping) {
		r->pos = (size_t)(nl - r->buf) + 1;
		return reader_line(r, line);
	}
	len = (size_t)(nl - (r->buf + r->pos));
found:
	line->s = r->buf + r->pos;
	r->pos += len + (r->pos + len < r->end);
	if (len > 0 && line->s[len - 1] == '\r')
		len--;
	line->len = len;
	return 1;
}

int
reader_slurp(struct reader *r, size_t max, const char **buf, size_t *len)
{
	while (r->end - r->pos <= max && reader_fill(r) > 0)
		;
	if (r->error)
		return -1;
	if (r->cancelled)
		snprintf(r->errmsg, sizeof r->errmsg, "%s: cancelled", r->name);
	else if (r->end - r->pos > max)
		snprintf(r->errmsg, sizeof r->errmsg, "%s: input larger than %zu "
		    "MiB: too large to read this format into memory", r->name,
		    max >> 20);
	else {
		r->buf[r->end] = '\0';
		*buf = r->buf + r->pos;
		*len = r->end - r->pos;
		r->pos = r->end;
		return 0;
	}
	r->error = 1;
	return -1;
}

struct reader *
reader_mem(const char *name, const char *buf, size_t len)
{
	struct reader *r = xcalloc(1, sizeof *r);

	r->name = xstrdup(name);
	r->fd = -1;
	r->buf = (char *)buf;
	r->borrowed = 1;
	r->cap = r->end = len;
	r->eof = 1;
	r->size = r->done = len;
	return r;
}

size_t
reader_read(struct reader *r, char *dst, size_t n)
{
	size_t have = r->end - r->pos;

	if (have > 0) {
		if (have > n)
			have = n;
		memcpy(dst, r->buf + r->pos, have);
		r->pos += have;
		return have;
	}
	if (r->eof || r->error || r->cancelled)
		return 0;
	if ((have = reader_get(r, dst, n)) == 0)
		r->eof = 1;
	return have;
}

void
reader_unread(struct reader *r, const char *p, size_t n)
{
	size_t have = r->end - r->pos;

	if (n == 0)
		return;		/* p may be NULL */
	if (n + have > r->cap) {
		r->cap = n + have;
		r->buf = xrealloc(r->buf, r->cap + 1);
	}
	memmove(r->buf + n, r->buf + r->pos, have);
	memcpy(r->buf, p, n);
	r->pos = 0;
	r->end = n + have;
}

int
reader_text_line(struct reader *r, struct diag *d, struct strv *line)
{
	while (reader_line(r, line)) {
		if (memchr(line->s, '\0', line->len) == NULL)
			return 1;
		diag_bad(d, r->lineno, "NUL byte in line: binary data?");
	}
	return 0;
}

void
reader_close(struct reader *r)
{
	if (r == NULL)
		return;
	if (r->gz != NULL) {
		inflateEnd(r->gz);
		free(r->gz);
	}
	free(r->zin);
	if (r->fd != STDIN_FILENO && r->fd >= 0)
		close(r->fd);
	if (r->src.close != NULL)
		r->src.close(r->src.arg);
	if (!r->borrowed)
		free(r->buf);
	free(r->name);
	free(r);
}
