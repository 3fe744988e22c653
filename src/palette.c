/*
 * palette.c: flamegraph.pl's colour schemes. The colour of a frame is a
 * function of its name only: flamegraph.pl's --hash behaviour, always on,
 * so that colours are stable between runs, the TUI and the SVG.
 */
#include <math.h>
#include <string.h>

#include "palette.h"

static const char *const names[PAL_COUNT] = {
	"hot", "mem", "io", "wakeup", "chain", "java", "js", "perl", "python",
	"red", "green", "blue", "aqua", "yellow", "purple", "orange",
};

int
palette_find(const char *name)
{
	int i;

	for (i = 0; i < PAL_COUNT; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

const char *
palette_name(enum palette pal)
{
	return names[pal];
}

const char *
palette_names(void)
{
	return "hot, mem, io, wakeup, chain, java, js, perl, python, red, "
	    "green, blue, aqua, yellow, purple, orange";
}

/*
 * A number in [0, 1] from the first few bytes of a name, early bytes
 * weighing more, as flamegraph.pl's namehash() computes it. A module prefix
 * up to a backquote is skipped. With rev set the name is read backwards.
 */
static double
namehash(const char *s, size_t len, int rev)
{
	double vector = 0, weight = 1, max = 1;
	const char *tick;
	size_t i, start = 0;
	int mod = 10;

	/* flamegraph.pl drops ".*?`" starting at the second character. */
	if (len > 1 && (tick = memchr(s + 1, '`', len - 1)) != NULL)
		start = (size_t)(tick - s) + 1;
	for (i = start; i < len; i++) {
		unsigned char c = (unsigned char)(rev ? s[len - 1 - (i - start)]
		    : s[i]);

		vector += (double)(c % mod) / (mod - 1) * weight;
		mod++;
		max += weight;
		weight *= 0.70;
		if (mod > 12)
			break;
	}
	return 1 - vector / max;
}

static int
has_suffix(const char *s, size_t len, const char *suf)
{
	size_t n = strlen(suf);

	return len >= n && memcmp(s + len - n, suf, n) == 0;
}

static int
has(const char *s, size_t len, const char *needle)
{
	size_t n = strlen(needle), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(s + i, needle, n) == 0)
			return 1;
	return 0;
}

static int
java_prefix(const char *s, size_t len)
{
	static const char *const pre[] = {
		"java/", "javax/", "jdk/", "net/", "org/", "com/", "io/", "sun/",
	};
	size_t i, n;

	if (len > 0 && s[0] == 'L') {
		s++;
		len--;
	}
	for (i = 0; i < sizeof pre / sizeof pre[0]; i++) {
		n = strlen(pre[i]);
		if (len >= n && memcmp(s, pre[i], n) == 0)
			return 1;
	}
	return 0;
}

/* The multi-language palettes pick one of the single-hue palettes. */
static enum palette
pick(enum palette pal, const char *s, size_t len)
{
	switch (pal) {
	case PAL_JAVA:
		if (has_suffix(s, len, "_[j]"))
			return PAL_GREEN;
		if (has_suffix(s, len, "_[i]"))
			return PAL_AQUA;
		if (java_prefix(s, len) || has(s, len, ":::"))
			return PAL_GREEN;
		if (has(s, len, "::"))
			return PAL_YELLOW;
		if (has_suffix(s, len, "_[k]"))
			return PAL_ORANGE;
		return PAL_RED;
	case PAL_PERL:
		if (has(s, len, "::"))
			return PAL_YELLOW;
		if (has(s, len, "Perl") || has(s, len, ".pl"))
			return PAL_GREEN;
		if (has_suffix(s, len, "_[k]"))
			return PAL_ORANGE;
		return PAL_RED;
	case PAL_PYTHON:
		if (has(s, len, ".py"))
			return PAL_GREEN;
		if (has_suffix(s, len, "_[k]"))
			return PAL_ORANGE;
		return PAL_RED;
	case PAL_JS:
		if (len > 0 && s[0] != ' ' && has_suffix(s, len, "_[j]") &&
		    has(s, len, "/"))
			return PAL_GREEN;
		if (has_suffix(s, len, "_[j]"))
			return has(s, len, "::") ? PAL_YELLOW : PAL_GREEN;
		if (has(s, len, "::"))
			return PAL_YELLOW;
		if (has(s, len, ":") && has(s, len, "/"))
			return PAL_GREEN;
		if (has_suffix(s, len, "_[k]"))
			return PAL_ORANGE;
		if (len > 0 && s[0] == ' ')
			return PAL_GREEN;
		return PAL_RED;
	default:
		return pal;
	}
}

struct rgb
palette_color(enum palette pal, const char *s, size_t len)
{
	return palette_color_v(pal, s, len, namehash(s, len, 0),
	    namehash(s, len, 1), namehash(s, len, 1));
}

struct rgb
palette_color_v(enum palette pal, const char *s, size_t len, double v1,
    double v2, double v3)
{
	struct rgb c = { 0, 0, 0 };

	switch (pick(pal, s, len)) {
	case PAL_HOT:
		c = (struct rgb){ 205 + (int)(50 * v3), (int)(230 * v1),
		    (int)(55 * v2) };
		break;
	case PAL_MEM:
		c = (struct rgb){ 0, 190 + (int)(50 * v2), (int)(210 * v1) };
		break;
	case PAL_IO:
		c.r = c.g = 80 + (int)(60 * v1);
		c.b = 190 + (int)(55 * v2);
		break;
	case PAL_WAKEUP:	/* flamegraph.pl's wakeup and chain are blue */
	case PAL_CHAIN:
	case PAL_BLUE:
		c.r = c.g = 80 + (int)(60 * v1);
		c.b = 205 + (int)(50 * v1);
		break;
	case PAL_RED:
		c.r = 200 + (int)(55 * v1);
		c.g = c.b = 50 + (int)(80 * v1);
		break;
	case PAL_GREEN:
		c.g = 200 + (int)(55 * v1);
		c.r = c.b = 50 + (int)(60 * v1);
		break;
	case PAL_YELLOW:
		c.r = c.g = 175 + (int)(55 * v1);
		c.b = 50 + (int)(20 * v1);
		break;
	case PAL_PURPLE:
		c.r = c.b = 190 + (int)(65 * v1);
		c.g = 80 + (int)(60 * v1);
		break;
	case PAL_AQUA:
		c.r = 50 + (int)(60 * v1);
		c.g = c.b = 165 + (int)(55 * v1);
		break;
	case PAL_ORANGE:
		c.r = 190 + (int)(65 * v1);
		c.g = 90 + (int)(65 * v1);
		break;
	default:
		break;
	}
	return c;
}

struct rgb
palette_diff(double v, double max)
{
	double mag = v < 0 ? -v : v;
	int x;

	if (v == 0 || !(max > 0))
		return (struct rgb){ 255, 255, 255 };
	x = (int)(210 * (max - mag) / max);
	x = x < 0 ? 0 : x > 255 ? 255 : x;
	if (v > 0)
		return (struct rgb){ 255, (unsigned char)x, (unsigned char)x };
	return (struct rgb){ (unsigned char)x, (unsigned char)x, 255 };
}

struct rgb
palette_cpi(double cpi)
{
	double t = cpi <= 0 ? -1 : log2(cpi) / log2(PALETTE_CPI_MAX);
	unsigned char x;

	t = t < -1 ? -1 : t > 1 ? 1 : t;
	x = (unsigned char)(230 - 190 * (t < 0 ? -t : t) + 0.5);
	if (t == 0)
		return (struct rgb){ 230, 230, 230 };
	if (t < 0)
		return (struct rgb){ x, x, 255 };
	return (struct rgb){ 255, x, x };
}
