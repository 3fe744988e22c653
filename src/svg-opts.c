/*
 * svg-opts.c: the SVG's options: their defaults, and the background
 * colours they name, as flamegraph.pl picks them (svg.h).
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "svg.h"

void
svg_defaults(struct svg_opts *o)
{
	memset(o, 0, sizeof *o);
	o->nametype = "Function:";
	o->width = 1200;
	o->frameheight = 16;
	o->minwidth = 0.1;
	o->fonttype = "Verdana";
	o->fontsize = 12;
	o->fontwidth = 0.59;
	o->palette = PAL_HOT;
	o->maxdepth = SVG_MAXDEPTH;
}

/* Is s a colour "#rrggbb"? */
static int
svg_hexcolor(const char *s)
{
	int i;

	if (s[0] != '#' || strlen(s) != 7)
		return 0;
	for (i = 1; i < 7; i++)
		if (strchr("0123456789abcdefABCDEF", s[i]) == NULL)
			return 0;
	return 1;
}

int
svg_check_bgcolors(const char *s, char *err, size_t errlen)
{
	if (strcmp(s, "yellow") == 0 || strcmp(s, "blue") == 0 ||
	    strcmp(s, "green") == 0 || strcmp(s, "grey") == 0 ||
	    svg_hexcolor(s))
		return 0;
	snprintf(err, errlen, "unknown background colours '%s': use yellow, "
	    "blue, green, grey or #rrggbb", s);
	return -1;
}

void
svg_background(const struct svg_opts *o, const char **c1, const char **c2)
{
	const char *bg = o->bgcolors;

	if (bg == NULL) {
		switch (o->palette) {
		case PAL_MEM:
			bg = "green";
			break;
		case PAL_IO:
		case PAL_WAKEUP:
		case PAL_CHAIN:
			bg = "blue";
			break;
		case PAL_RED:
		case PAL_GREEN:
		case PAL_BLUE:
		case PAL_AQUA:
		case PAL_YELLOW:
		case PAL_PURPLE:
		case PAL_ORANGE:
			bg = "grey";
			break;
		default:
			bg = "yellow";
			break;
		}
	}
	*c1 = "#eeeeee";
	*c2 = "#eeeeb0";
	if (strcmp(bg, "blue") == 0)
		*c2 = "#e0e0ff";
	else if (strcmp(bg, "green") == 0) {
		*c1 = "#eef2ee";
		*c2 = "#e0ffe0";
	} else if (strcmp(bg, "grey") == 0) {
		*c1 = "#f8f8f8";
		*c2 = "#e8e8e8";
	} else if (svg_hexcolor(bg))
		*c1 = *c2 = bg;
}
