/*
 * main.c: options, then hand over to the TUI or to a batch writer.
 */
#include "config.h"

#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "fold.h"
#include "load.h"
#include "profile.h"
#include "util.h"

enum {
	OPT_FOLD = 256, OPT_PID, OPT_TID, OPT_KERNEL, OPT_JIT, OPT_ALL,
	OPT_ADDRS, OPT_EVENT, OPT_OFFSET,
};

static const struct option longopts[] = {
	{ "format", required_argument, NULL, 'f' },
	{ "fold", no_argument, NULL, OPT_FOLD },
	{ "pid", no_argument, NULL, OPT_PID },
	{ "tid", no_argument, NULL, OPT_TID },
	{ "kernel", no_argument, NULL, OPT_KERNEL },
	{ "jit", no_argument, NULL, OPT_JIT },
	{ "all", no_argument, NULL, OPT_ALL },
	{ "addrs", no_argument, NULL, OPT_ADDRS },
	{ "event-filter", required_argument, NULL, OPT_EVENT },
	{ "include-offset", no_argument, NULL, OPT_OFFSET },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* Print --help. */
static void
usage(FILE *f)
{
	size_t i;

	fprintf(f,
"Usage: %s [OPTION]... [FILE]...\n"
"Explore a profile's stacks as an interactive flame graph in the terminal.\n"
"\n"
"Reads each FILE (or standard input, when FILE is - or absent and input is\n"
"not a terminal), detects its format, and merges every stack into one call\n"
"tree. gzip-compressed input is read transparently.\n"
"\n"
"Input:\n"
"  -f, --format=NAME      read input as NAME instead of detecting it\n"
"      --pid              perf: root each stack at its process, comm-PID\n"
"      --tid              perf: root each stack at its thread, comm-PID/TID\n"
"      --kernel           perf: mark kernel frames with _[k]\n"
"      --jit              perf: mark JIT frames (/tmp/perf-N.map) with _[j]\n"
"      --all              perf: both --kernel and --jit\n"
"      --addrs            perf: keep the address of unresolved frames\n"
"      --event-filter=EVENT  perf: keep samples of EVENT (default: the\n"
"                         first event in the input)\n"
"      --include-offset   dtrace: keep +0x offsets in frame names\n"
"\n"
"Output:\n"
"      --fold             write the merged stacks as folded lines to standard\n"
"                         output, sorted as the FlameGraph collapsers sort them\n"
"\n"
"  -h, --help             display this help and exit\n"
"  -V, --version          output version information and exit\n"
"\n"
"Formats:\n", PROGNAME);
	for (i = 0; formats[i] != NULL; i++)
		fprintf(f, "  %-9s %s\n", formats[i]->name, formats[i]->desc);
	fprintf(f,
"\n"
"Exit status: 0 when stacks were read, 1 when nothing usable was read,\n"
"2 on a usage error or a fatal error.\n"
"\n"
"See flametui(1) for the keys of the interactive view.\n");
}

/* Print --version. */
static void
version(void)
{
	printf("%s %s\n"
	    "License: ISC <https://opensource.org/licenses/ISC>.\n"
	    "This is free software: you are free to change and redistribute it.\n"
	    "There is NO WARRANTY, to the extent permitted by law.\n",
	    PROGNAME, PACKAGE_VERSION);
}

int
main(int argc, char **argv)
{
	struct load l;
	struct profile p;
	char *stdin_only[] = { (char *)"-" };
	char *const *paths;
	int c, npaths, fold = 0, nread;

	memset(&l, 0, sizeof l);
	while ((c = getopt_long(argc, argv, "f:hV", longopts, NULL)) != -1) {
		switch (c) {
		case 'f':
			if ((l.forced = format_find(optarg)) == NULL) {
				fprintf(stderr, "%s: unknown format '%s'; known "
				    "formats: %s\n", PROGNAME, optarg,
				    format_names());
				return 2;
			}
			break;
		case OPT_FOLD:
			fold = 1;
			break;
		case OPT_PID:
			l.opts.pid = 1;
			break;
		case OPT_TID:
			l.opts.tid = 1;
			break;
		case OPT_KERNEL:
			l.opts.kernel = 1;
			break;
		case OPT_JIT:
			l.opts.jit = 1;
			break;
		case OPT_ALL:
			l.opts.kernel = l.opts.jit = 1;
			break;
		case OPT_ADDRS:
			l.opts.addrs = 1;
			break;
		case OPT_EVENT:
			l.opts.event = optarg;
			break;
		case OPT_OFFSET:
			l.opts.include_offset = 1;
			break;
		case 'h':
			usage(stdout);
			return 0;
		case 'V':
			version();
			return 0;
		default:
			fprintf(stderr, "Try '%s --help' for more information.\n",
			    PROGNAME);
			return 2;
		}
	}
	paths = argv + optind;
	npaths = argc - optind;
	if (npaths == 0) {
		if (isatty(STDIN_FILENO)) {
			fprintf(stderr, "%s: no input: give a FILE, or pipe "
			    "stacks in\nTry '%s --help' for more information.\n",
			    PROGNAME, PROGNAME);
			return 2;
		}
		paths = stdin_only;
		npaths = 1;
	}

	profile_init(&p);
	nread = load_files(&l, paths, npaths, &p);
	diag_print(&l.diag, stderr);
	if (nread == 0 || p.nstacks == 0) {
		if (nread > 0)
			fprintf(stderr, "%s: no stacks found in the input\n",
			    PROGNAME);
		return 1;
	}
	if (p.saturated)
		fprintf(stderr, "%s: warning: a sample count overflowed 64 bits "
		    "and was clamped\n", PROGNAME);

	(void)fold;
	if (fold_write(&p, stdout) < 0 || fflush(stdout) != 0) {
		fprintf(stderr, "%s: writing output: %s\n", PROGNAME,
		    strerror(errno));
		return 2;
	}
	profile_free(&p);
	diag_free(&l.diag);
	return 0;
}
