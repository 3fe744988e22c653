/*
 * options.h: the command line as data.
 *
 * options_parse() reads argv into a struct options and nothing else: it
 * compiles nothing and opens nothing. options_check() then applies the
 * rules between options, and main() loads, exports or views by what the
 * struct says. Messages go to stderr, each prefixed "flametui: ".
 */
#ifndef OPTIONS_H
#define OPTIONS_H

#include <stdint.h>

#include "formats.h"
#include "svg.h"
#include "tui.h"

struct options {
	/* Input. */
	const struct format *format;	/* --format, or NULL to detect */
	struct parse_opts parse;	/* how each format reads stacks */
	uint64_t gzip_ratio;		/* 0: the default; UINT64_MAX: none */
	int threads;			/* --threads, 0 for one per core */
	double timeout;			/* --timeout for URLs, 0: the default */
	int insecure;			/* --insecure */
	int by_file;			/* --by-file */

	/* Views, for every output. */
	int flamechart;			/* --flamechart */
	int diff, normalize;		/* --diff, --normalize */
	int widths_before;		/* --widths=before */
	int samples;			/* --samples: not the periods */
	int haverange;			/* --time-range, from and to in ns */
	int64_t range_from, range_to;

	/* Outputs. */
	int fold;			/* --fold */
	int top;			/* --top */
	const char *svgpath;		/* --svg=FILE, or NULL */
	struct svg_opts svg;		/* the SVG's options */
	struct tui_opts tui;		/* the viewer's; tui.init holds the
					   views (--reverse, --focus, ...) */
	int interactive;		/* no output asked for: the viewer
					   (set by options_check) */

	char **paths;			/* the inputs ("-" for stdin) */
	int npaths;
};

/*
 * Read argv into o. Returns -1 to go on, or the exit status once --help,
 * --version, --list-formats or --list-keys has printed, or a usage error
 * has been told.
 */
int options_parse(struct options *o, int argc, char **argv);

/*
 * The rules between options, and the inputs (stdin when none is given).
 * Returns 0, or 2 after a message.
 */
int options_check(struct options *o);

#endif
