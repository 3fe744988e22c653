/*
 * palette.h: flamegraph.pl's colour schemes, as RGB, chosen from a frame's
 * name so that a function gets the same colour on every run.
 */
#ifndef PALETTE_H
#define PALETTE_H

#include <stddef.h>

enum palette {
	PAL_HOT, PAL_MEM, PAL_IO, PAL_WAKEUP, PAL_CHAIN, PAL_JAVA, PAL_JS,
	PAL_PERL, PAL_PYTHON, PAL_RED, PAL_GREEN, PAL_BLUE, PAL_AQUA,
	PAL_YELLOW, PAL_PURPLE, PAL_ORANGE, PAL_COUNT
};

struct rgb {
	unsigned char r, g, b;
};

/* The palette called name ("hot", "java", ...), or -1. */
int palette_find(const char *name);
/* The name of a palette. */
const char *palette_name(enum palette);
/* "hot, mem, io, ..." for messages and --help. */
const char *palette_names(void);
/* The colour of a frame named s (len bytes) under palette pal. */
struct rgb palette_color(enum palette pal, const char *s, size_t len);
/*
 * The same with the three numbers in [0, 1) given, as flamegraph.pl draws
 * them at random without --hash.
 */
struct rgb palette_color_v(enum palette pal, const char *s, size_t len,
    double v1, double v2, double v3);

/*
 * The colour of a frame of a differential profile that changed by v, the
 * largest change being max, as flamegraph.pl draws it: red for more, blue
 * for less, deeper the larger, white for no change.
 */
struct rgb palette_diff(double v, double max);

/*
 * The colour of a frame of cpi cycles per instruction: blue below 1, red
 * above, full at 1/4 and 4 (PALETTE_CPI_MIN, MAX) and beyond.
 */
#define PALETTE_CPI_MIN 0.25
#define PALETTE_CPI_MAX 4.0
struct rgb palette_cpi(double cpi);

#endif
