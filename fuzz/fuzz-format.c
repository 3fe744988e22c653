/*
 * fuzz-format.c: one libFuzzer harness for every input format.
 *
 * The binary is linked under one name per target, fuzz-NAME: NAME is a
 * format (its parser is forced, as with --format=NAME) or "detect" (the
 * format is detected, as a user's file would be) or "svg" (detected, then
 * drawn by the SVG writer instead of folded). Run as fuzz-format, it lists
 * the targets. Each input goes through the real reader, gzip included, from
 * a memory file, then through the fold writer so that the tree is walked;
 * the svg target draws the whole graph and one zoomed on a node that the
 * input picks.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
#include "formats.h"
#include "fold.h"
#include "load.h"
#include "profile.h"
#include "svg.h"

static const struct format *forced;
static int svg;			/* the svg target */
static FILE *devnull;

int LLVMFuzzerInitialize(int *, char ***);
int LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const char *name = strrchr((*argv)[0], '/');

	name = name != NULL ? name + 1 : (*argv)[0];
	if (strcmp(name, "fuzz-format") == 0) {
		size_t i;

		puts("detect");
		puts("svg");
		for (i = 0; formats[i] != NULL; i++)
			puts(formats[i]->name);
		exit(0);
	}
	if (strncmp(name, "fuzz-", 5) != 0) {
		fprintf(stderr, "run me as fuzz-FORMAT or fuzz-detect\n");
		exit(2);
	}
	name += 5;
	svg = strcmp(name, "svg") == 0;
	if (strcmp(name, "detect") != 0 && !svg &&
	    (forced = format_find(name)) == NULL) {
		fprintf(stderr, "unknown format '%s'; known: %s\n", name,
		    format_names());
		exit(2);
	}
	if ((devnull = fopen("/dev/null", "w")) == NULL)
		exit(2);
	(void)argc;
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64], *paths[1] = { path };
	struct profile p;
	struct load l;
	int fd;

	if ((fd = memfd_create("fuzz", 0)) < 0)
		abort();
	if (size > 0 && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof path, "/proc/self/fd/%d", fd);

	memset(&l, 0, sizeof l);
	l.forced = forced;
	l.opts.no_perf = 1;	/* perf-data must not run perf script */
	profile_init(&p);
	if (load_files(&l, paths, 1, &p) > 0) {
		if (svg) {
			struct svg_opts so;

			svg_defaults(&so);
			svg_write(&p, PROFILE_ROOT, &so, devnull);
			svg_write(&p, (uint32_t)(size % p.nnodes), &so, devnull);
		} else
			fold_write(&p, devnull);
	}
	profile_free(&p);
	diag_free(&l.diag);
	close(fd);
	return 0;
}
