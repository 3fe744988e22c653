/*
 * diag.h: the diagnostics a load collects for the user.
 */
#ifndef DIAG_H
#define DIAG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * What went wrong while reading, as the user will be told it. Bad lines are
 * counted per file, and only the first is named. Notes are free text.
 */
struct diag {
	char **msgs;		/* finished messages, in order */
	size_t nmsgs, capmsgs;

	const char *file;	/* file being read */
	uint64_t bad;		/* bad lines in it so far */
	uint64_t firstline;	/* line number of the first */
	char first[256];	/* what was wrong with it */

	struct diag_tally {	/* other counted warnings of the file */
		const char *what;	/* the message, and the kind */
		uint64_t n, first;	/* how many lines, the first one */
	} *tallies;
	size_t ntallies, captallies;
};

/* Start counting bad lines of a new file. */
void diag_begin(struct diag *, const char *file);
/* Count a bad line; the first one of a file is kept with its reason. */
void diag_bad(struct diag *, uint64_t line, const char *, ...)
    __attribute__((format(printf, 3, 4)));
/* Add a message as it is, "FILE: what is wrong". */
void diag_push_error(struct diag *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/* Add a note about the current file. */
void diag_note(struct diag *, const char *, ...)
    __attribute__((format(printf, 2, 3)));
/*
 * Count a line that gets the warning what, a string constant: one message
 * per file and distinct what, "FILE:FIRST: what (N lines)", at diag_end().
 */
void diag_tally(struct diag *, uint64_t line, const char *what);
/*
 * Add what a part of the current file, read into its own diag, found: its
 * bad lines, tallies and messages (moved out of part, which is freed). Parts
 * must be added in the order of the file.
 */
void diag_merge(struct diag *, struct diag *part);
/* Close the current file, turning its bad line count into a message. */
void diag_end(struct diag *);
/* Print every message to f, each prefixed "flametui: ". */
void diag_print(const struct diag *, FILE *);
void diag_free(struct diag *);

#endif
