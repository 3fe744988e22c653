/*
 * num.c: numbers for people and files, written one way everywhere.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "num.h"

static const uint64_t num_pow10[] = { 1, 10, 100, 1000, 10000, 100000,
    1000000, 10000000, 100000000, 1000000000, 10000000000ULL,
    100000000000ULL, 1000000000000ULL };

/* The units of time and how many nanoseconds each is. */
static const struct {
	const char *name;
	double ns;
} num_times[] = {
	{ "nanoseconds", 1 }, { "microseconds", 1e3 },
	{ "milliseconds", 1e6 }, { "seconds", 1e9 },
};

int
num_is_time(const char *unit)
{
	size_t i;

	for (i = 0; unit != NULL && i < sizeof num_times / sizeof *num_times;
	    i++)
		if (strcmp(unit, num_times[i].name) == 0)
			return (int)i + 1;
	return 0;
}

/* Copy the decimal number s into buf with a ',' every three digits. */
static char *
num_commas(const char *s, char *buf, size_t size)
{
	size_t digits = strcspn(s, "."), i, o = 0;

	for (i = 0; s[i] != '\0' && o + 2 < size; i++) {
		if (i > 0 && i < digits && (digits - i) % 3 == 0)
			buf[o++] = ',';
		buf[o++] = s[i];
	}
	buf[o] = '\0';
	return buf;
}

/* n * 10^-frac exactly: its digits, no trailing fractional zeros. */
static void
num_exact(uint64_t n, unsigned frac, char *buf, size_t size)
{
	uint64_t unit;
	int len;

	if (frac >= sizeof num_pow10 / sizeof *num_pow10)
		frac = sizeof num_pow10 / sizeof *num_pow10 - 1;
	unit = num_pow10[frac];
	len = snprintf(buf, size, "%llu", (unsigned long long)(n / unit));
	if (frac > 0 && n % unit != 0 && len > 0 && (size_t)len < size) {
		snprintf(buf + len, size - (size_t)len, ".%0*llu", (int)frac,
		    (unsigned long long)(n % unit));
		len = (int)strlen(buf);
		while (buf[len - 1] == '0')
			buf[--len] = '\0';
	}
}

/* A time of ns nanoseconds in its largest whole unit: 124.6 s, 35.2 ms. */
static void
num_time(double ns, int shrt, char *buf, size_t size)
{
	static const char *const names[] = { "ns", "us", "ms", "s" };
	char raw[64];
	int i = 0;

	while (i < 3 && ns >= 1000) {
		ns /= 1000;
		i++;
	}
	/* One decimal, none for whole nanoseconds, nor in a narrow column
	 * past 10. */
	snprintf(raw, sizeof raw, "%.*f", i == 0 || (shrt && ns >= 9.95) ?
	    0 : 1, ns);
	num_commas(raw, buf, size);
	snprintf(buf + strlen(buf), size - strlen(buf), "%s%s",
	    shrt ? "" : " ", names[i]);
}

/* A number in at most 4 columns: 999, 1.8K, 12M, 123G. */
static void
num_short(double x, char *buf, size_t size)
{
	static const char suffix[] = " KMGTPE";
	int i = 0;

	while (i < 6 && x >= 999.5) {
		x /= 1000;
		i++;
	}
	if (i == 0)
		snprintf(buf, size, "%.0f", x);
	else
		snprintf(buf, size, "%.*f%c", x < 9.95 ? 1 : 0, x, suffix[i]);
}

char *
num_fmt(uint64_t n, unsigned frac, const char *unit, int style, char *buf,
    size_t size)
{
	char raw[64];
	int t = num_is_time(unit), s = style & ~NUM_UNIT;
	double x;

	if (size == 0)
		return buf;
	num_exact(n, frac, raw, sizeof raw);
	x = strtod(raw, NULL);	/* as the SVG's script reads it */
	if (s == NUM_EXACT)
		snprintf(buf, size, "%s", raw);
	else if (t > 0)
		num_time(x * num_times[t - 1].ns, s == NUM_SHORT, buf, size);
	else if (s == NUM_SHORT)
		num_short(x, buf, size);
	else
		num_commas(raw, buf, size);
	if ((style & NUM_UNIT) && (t == 0 || s == NUM_EXACT) && unit != NULL)
		snprintf(buf + strlen(buf), size - strlen(buf), " %s", unit);
	return buf;
}
