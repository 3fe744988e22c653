/*
 * save.h: writing an output file safely.
 *
 * An export goes to a temporary file beside its target and is renamed over
 * the target only once every byte is written, so a failed write never leaves
 * a partial file and never clobbers the old one. An output that is one of
 * the inputs (the same device and inode, whatever path names it) is refused.
 */
#ifndef SAVE_H
#define SAVE_H

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
};

/* An output being written. */
struct save {
	const char *path;	/* the target, "-" for standard output */
	char *tmp;		/* the temporary file, NULL for stdout */
	FILE *f;		/* write here */
	char *buf;		/* stdio buffer */
};

/* Remember the file at path as an input (nothing for "-" or a failed stat). */
void save_input_add(struct input_ids *, const char *path);
void save_input_free(struct input_ids *);

/*
 * Start writing path ("-" for standard output). Returns 0, or -1 with a
 * message naming the file and what failed in err: path is one of the inputs,
 * or the temporary file cannot be made.
 */
int save_open(struct save *, const char *path, const struct input_ids *,
    char *err, size_t errlen);
/*
 * Finish: flush, sync and rename the temporary file over the target. Returns
 * 0, or -1 with a message in err, having removed the temporary file.
 */
int save_commit(struct save *, char *err, size_t errlen);
/* Give up: close and remove the temporary file. */
void save_abort(struct save *);
/*
 * Remove the temporary file of an export under way, if any; safe in a
 * signal handler. save_open() catches the signals that end the program for
 * this unless something else handles them, which must then call it.
 */
void save_forget_pending(void);

#endif
