/*
 * save.h: writing an output file safely.
 *
 * What an output does depends on what its name is, its symlinks followed:
 * - nothing yet, or a regular file with one link: the output goes to a
 *   temporary file beside it, renamed over it only once every byte is
 *   written, so a failed write never leaves a partial file and never
 *   clobbers the old one; a replaced file keeps its owner and mode;
 * - a regular file with other hard links, or one whose owner the new file
 *   cannot take: the output goes to an unnamed temporary file, then is
 *   copied into the file itself, with the space for it reserved first;
 * - a device, FIFO or socket, and "-", /dev/stdout, /dev/fd/N: written to
 *   as a stream, in place.
 * An output that is one of the inputs (the same device and inode, whatever
 * path names it) is refused.
 */
#ifndef SAVE_H
#define SAVE_H

#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The files a profile was read from, to refuse overwriting them. */
struct input_ids {
	struct input_id {
		dev_t dev;
		ino_t ino;
	} *ids;
	size_t n, cap;
	int viewer;	/* saving from the viewer: refuse a terminal, never
			   wait for a FIFO's reader, survive one that leaves */
};

/* How an output reaches its target. */
enum save_how {
	SAVE_STREAM,	/* written to directly */
	SAVE_RENAME,	/* a temporary file renamed over the target */
	SAVE_INPLACE	/* an unnamed temporary file copied into the target */
};

/* An output being written. */
struct save {
	const char *path;	/* the target as named, "-" for standard output */
	enum save_how how;
	char *tmp;		/* SAVE_RENAME: the temporary file */
	char *target;		/* SAVE_RENAME: path, its symlinks followed */
	int fd;			/* SAVE_INPLACE: the target, open for writing */
	FILE *f;		/* write here */
	char *buf;		/* stdio buffer */
	int pipe_held;		/* SIGPIPE is ignored until the end */
	struct sigaction oldpipe;	/* and this is put back then */
};

/*
 * Remember the file at path as an input ("-" is standard input; nothing for
 * a failed stat).
 */
void save_input_add(struct input_ids *, const char *path);
void save_input_free(struct input_ids *);

/*
 * Start writing path ("-" for standard output). Returns 0, or -1 with a
 * message naming the file and what failed in err: path is one of the inputs
 * or a directory, or it or the temporary file cannot be opened.
 */
int save_open(struct save *, const char *path, const struct input_ids *,
    char *err, size_t errlen);
/*
 * Finish: flush and sync, then rename or copy the temporary file to the
 * target. Returns 0, or -1 with a message in err, having removed the
 * temporary file.
 */
int save_commit(struct save *, char *err, size_t errlen);
/*
 * Give up after a write failed with errno e: put the message for it in err
 * (saying whether the target was left as it was), close and remove the
 * temporary file.
 */
void save_fail(struct save *, int e, char *err, size_t errlen);
/* Give up: close and remove the temporary file. */
void save_abort(struct save *);
/*
 * Remove the temporary file of an export under way, if any; safe in a
 * signal handler. save_open() catches the signals that end the program for
 * this unless something else handles them, which must then call it.
 */
void save_forget_pending(void);

#endif
