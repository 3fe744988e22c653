/*
 * svg.h: the SVG writer. A self-contained interactive flame graph, with
 * flamegraph.pl's options and behaviour: hover for details, click to zoom,
 * Reset Zoom, a regex search with a case toggle and Matched %, and the zoom
 * and search kept in the URL. The script in it is this project's own.
 *
 * Names are XML-escaped and never reach the script as code; bytes that are
 * not valid XML text (control characters, invalid UTF-8) and invisible
 * characters that could make a name pass for another (bidi overrides,
 * zero-width spaces: text_invisible()) are shown escaped, as \xNN. Frames
 * narrower than minwidth, or deeper than maxdepth, are left out, so that a
 * big profile gives a file a browser can open. The frames, their labels and
 * the details of frames wide enough to hover show without the script; each
 * distinct name is written once, and the script makes the details of the
 * other frames from the names and counts (svg.c says the form).
 */
#ifndef SVG_H
#define SVG_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diff.h"
#include "palette.h"
#include "profile.h"
#include "save.h"

struct svg_opts {
	const char *title;	/* NULL: "Flame Graph", "Icicle Graph", ... */
	const char *subtitle;	/* NULL for none */
	const char *countname;	/* NULL: the profile's unit, "samples" */
	const char *nametype;	/* "Function:", before the hovered frame */
	const char *notes;	/* NULL, or text for a comment in the file */
	int width;		/* image width in pixels, 1200 */
	int frameheight;	/* height of a frame in pixels, 16 */
	double minwidth;	/* narrower frames are left out, 0.1 */
	int minwidth_pct;	/* minwidth is a percentage of the root */
	const char *fonttype;	/* "Verdana" */
	double fontsize;	/* 12 */
	double fontwidth;	/* average glyph width / fontsize, 0.59 */
	enum palette palette;	/* --colors */
	const char *bgcolors;	/* yellow, blue, green, grey or #rrggbb; NULL
				   to follow the palette */
	int hash;		/* colour by name (else pseudo-random) */
	int inverted;		/* icicle: the root at the top */
	int negate;		/* differential: swap red and blue */
	enum diff_color diffcolor;	/* differential: what the colours say
					   (DIFF_COLOR_SELF, flamegraph.pl's) */
	int flamechart;		/* the title says "Flame Chart" */
	const char *search;	/* a regex to search at load, or NULL */
	int search_icase;	/* ... ignoring case */
	uint32_t maxdepth;	/* frames more levels than this above the
				   export root are left out, with a note;
				   0 for none (SVG_MAXDEPTH) */
	uint64_t *deep;		/* NULL, or set to how many frames
				   maxdepth left out */
};

/*
 * The default maxdepth: a browser opens a graph this deep, where a stack of
 * millions of frames (an endless recursion) would give gigabytes.
 */
#define SVG_MAXDEPTH 2000

/* Fill in flamegraph.pl's defaults. */
void svg_defaults(struct svg_opts *);
/*
 * The two colours of the background gradient for o's bgcolors or palette,
 * as flamegraph.pl picks them.
 */
void svg_background(const struct svg_opts *o, const char **c1,
    const char **c2);

/*
 * Check bgcolors: returns 0, or -1 with a message in err.
 */
int svg_check_bgcolors(const char *, char *err, size_t errlen);

/*
 * Write the graph of root_node's subtree to f. The frames from the profile's
 * root down to root_node are drawn below it at full width, as in a zoom; every
 * percentage is of the whole profile. Returns 0, or -1 when writing failed.
 */
int svg_write(const struct profile *, uint32_t root_node,
    const struct svg_opts *, FILE *f);

/*
 * Write the graph to path ("-" for standard output) through a temporary
 * file, refusing to overwrite any of inputs (may be NULL). Returns 0, or -1
 * with a message naming the file and what failed in err; no partial file is
 * left behind.
 */
int svg_export(const struct profile *, uint32_t root_node,
    const struct svg_opts *, const char *path, const struct input_ids *inputs,
    char *err, size_t errlen);

#endif
