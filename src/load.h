/*
 * load.h: read input files, whatever their format, into one profile.
 */
#ifndef LOAD_H
#define LOAD_H

#include "diag.h"
#include "fetch.h"
#include "formats.h"
#include "profile.h"
#include "read.h"
#include "util.h"

struct load {
	const struct format *forced;	/* --format, or NULL to detect */
	struct parse_opts opts;
	read_progress_fn progress;	/* set on every reader, may be NULL */
	void *progress_arg;
	uint64_t gzip_ratio;		/* 0: READ_GZ_RATIO; UINT64_MAX: none */
	int threads;			/* parser threads, 0 for one per core */
	struct sink *sink;		/* when set, stacks go here, not to the
					   profile, from one parser thread */
	struct fetch_opts fetch;	/* for inputs that are URLs */
	int by_file;			/* --by-file: root each input's stacks
					   at a frame named after it */

	/* Filled in by load_files(). */
	char formats[128];		/* formats seen, "perf" or "perf+folded" */
	struct diag diag;		/* warnings and errors for the user */
	int cancelled;			/* the progress hook cancelled */
	unsigned nolevels;		/* FRAMES_BIT()s of the frame levels
					   some input cannot give; an input
					   that cannot give opts.frames is
					   refused with an error */
};

/*
 * Read every file (or http:// or https:// URL, see fetch.h) into p through
 * its sink. A file that cannot be opened or
 * recognised adds an error to l->diag and is skipped. Returns the number of
 * files that were read.
 */
int load_files(struct load *l, char *const *paths, int npaths,
    struct profile *p);

/*
 * Read one open descriptor, a pipe from `perf script` say, named name in
 * messages, and close it. Returns 1 when it was read, 0 when not.
 */
int load_fd(struct load *l, int fd, const char *name, struct profile *p);

#endif
