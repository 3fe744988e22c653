/*
 * read.h: input files, stdin and gzip, as a stream of lines.
 *
 * gzip is recognised by its magic bytes and decompressed transparently. The
 * reader knows the number of the line it last returned and how many bytes of
 * the file it has consumed, so that every error can name FILE:LINE and a
 * progress hook can show how far a load has gone, or cancel it.
 */
#ifndef READ_H
#define READ_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "diag.h"
#include "sink.h"

struct diag;

#define READ_MAX_LINE (64u << 20)	/* longer lines are skipped */
#define READ_PEEK 65536			/* bytes offered for detection */
#define READ_MAX_DOC (512u << 20)	/* largest whole-document input */

/*
 * gzip bomb guard: past READ_GZ_FREE decompressed bytes, gzip input may
 * expand at most zratio times its compressed size (READ_GZ_RATIO unless
 * set), and never past READ_GZ_MAX bytes. A zratio of UINT64_MAX turns both
 * checks off (--gzip-ratio=0).
 */
#define READ_GZ_RATIO 200
#define READ_GZ_FREE (64ull << 20)
#define READ_GZ_MAX (64ull << 30)

/* Called now and then while reading; return nonzero to cancel. */
typedef int (*read_progress_fn)(void *arg, uint64_t done, uint64_t total);

/* Where raw bytes come from when it is not a file descriptor. */
struct reader_source {
	/* Up to n bytes into p: how many, 0 at the end, -1 with a message. */
	ssize_t (*read)(void *arg, char *p, size_t n, char *err,
	    size_t errlen);
	void (*close)(void *arg);	/* once, by reader_close() */
	void *arg;
};

struct reader {
	char *name;		/* for messages: the path, or "<stdin>" */
	int fd;
	struct reader_source src;	/* when src.read is set, not fd */
	void *gz;		/* z_stream when the input is gzip, else NULL */
	char *zin;		/* compressed bytes waiting for zlib */
	int raweof;		/* the file itself is at its end */
	int zended;		/* zlib finished a gzip member */
	int compressed;		/* input was gzip */
	uint64_t zout;		/* bytes zlib has produced */
	uint64_t zratio;	/* most expansion allowed, see READ_GZ_RATIO */

	char *buf;		/* buffered decompressed bytes */
	int borrowed;		/* buf belongs to the caller (reader_mem) */
	size_t cap, pos, end;	/* buf[pos..end) not yet returned */
	int eof;		/* nothing more to read into buf */
	int error;		/* a read failed: see errmsg */
	char errmsg[256];

	uint64_t lineno;	/* number of the line last returned */
	uint64_t longlines;	/* lines skipped for being too long */
	uint64_t firstlong;	/* number of the first of them */

	uint64_t size;		/* file size in bytes, 0 when unknown */
	uint64_t done;		/* bytes of the file consumed so far */
	uint64_t nextreport;	/* when to call progress next */
	read_progress_fn progress;
	void *progress_arg;
	int cancelled;		/* progress asked to stop */
};

/*
 * Open a file ("-" for stdin). On failure returns NULL with a message naming
 * the file in err.
 */
struct reader *reader_open(const char *path, char *err, size_t errlen);
/*
 * Read from an open descriptor (a pipe, say), named name in messages. The
 * reader owns fd and closes it, unless it is standard input. On failure
 * returns NULL with a message in err, and fd is closed.
 */
struct reader *reader_fdopen(int fd, const char *name, char *err,
    size_t errlen);
/*
 * Read from src, named name in messages; the reader closes it. On failure
 * returns NULL with a message in err, and src is closed.
 */
struct reader *reader_source(const struct reader_source *src,
    const char *name, char *err, size_t errlen);
/* The first bytes of the (decompressed) input, without consuming them. */
size_t reader_peek(struct reader *, const char **buf);
/*
 * The same, as soon as n of them (or the end) have come, not waiting for
 * more: for a stream that trickles in. Returns how many there are.
 */
size_t reader_peek_some(struct reader *, size_t n, const char **buf);
/*
 * Set *line to the next line, without its "\n" or "\r\n". Returns 1, or 0 at
 * the end of the input or after an error or a cancel (see reader->error,
 * reader->cancelled).
 */
int reader_line(struct reader *, struct strv *line);
/*
 * As reader_line, for the text formats: a line holding a NUL byte is not
 * returned but counted as a bad line in d.
 */
int reader_text_line(struct reader *, struct diag *d, struct strv *line);
/*
 * Read the rest of the (decompressed) input into memory, for formats that
 * are one document (protobuf, JSON). Sets *buf, NUL-terminated and valid
 * until reader_close(), and *len, and returns 0. Returns -1 with a message
 * in r->errmsg when reading fails, is cancelled, or the input is larger
 * than max bytes.
 */
int reader_slurp(struct reader *, size_t max, const char **buf, size_t *len);
void reader_close(struct reader *);

/*
 * A reader over len bytes at buf, which must outlive it, named name in
 * messages: a block of a file parsed apart from the rest.
 */
struct reader *reader_mem(const char *name, const char *buf, size_t len);
/*
 * Read up to n bytes of the (decompressed) input into dst, bypassing the
 * line buffer once it is empty. Returns 0 at the end, after an error or a
 * cancel.
 */
size_t reader_read(struct reader *, char *dst, size_t n);
/* Put n bytes back before the unread input, to be read again as lines. */
void reader_unread(struct reader *, const char *p, size_t n);

#endif
