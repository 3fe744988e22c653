/*
 * text.c: escaping and measuring untrusted text for the terminal.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>

#include "text.h"

size_t
text_utf8(const unsigned char *s, size_t len, uint32_t *cp)
{
	size_t n, i;
	uint32_t c, min;

	if (s[0] < 0x80) {
		*cp = s[0];
		return 1;
	}
	if ((s[0] & 0xe0) == 0xc0) {
		n = 2;
		c = s[0] & 0x1f;
		min = 0x80;
	} else if ((s[0] & 0xf0) == 0xe0) {
		n = 3;
		c = s[0] & 0x0f;
		min = 0x800;
	} else if ((s[0] & 0xf8) == 0xf0) {
		n = 4;
		c = s[0] & 0x07;
		min = 0x10000;
	} else
		return 0;
	if (len < n)
		return 0;
	for (i = 1; i < n; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		c = c << 6 | (s[i] & 0x3f);
	}
	if (c < min || c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
		return 0;
	*cp = c;
	return n;
}

int
text_invisible(uint32_t cp)
{
	static const uint32_t ranges[][2] = {
		{ 0x0000, 0x001f }, { 0x007f, 0x009f },	/* C0, DEL, C1 */
		{ 0x00ad, 0x00ad }, { 0x0600, 0x0605 }, { 0x061c, 0x061c },
		{ 0x06dd, 0x06dd }, { 0x070f, 0x070f }, { 0x0890, 0x0891 },
		{ 0x08e2, 0x08e2 }, { 0x180e, 0x180e },
		{ 0x200b, 0x200f },	/* zero-width, LRM, RLM */
		{ 0x2028, 0x202e },	/* separators, bidi embeddings */
		{ 0x2060, 0x206f },	/* joiners, bidi isolates */
		{ 0xfeff, 0xfeff }, { 0xfff9, 0xfffb }, { 0x110bd, 0x110bd },
		{ 0x110cd, 0x110cd }, { 0x13430, 0x1343f },
		{ 0x1bca0, 0x1bca3 }, { 0x1d173, 0x1d17a },
		{ 0xe0001, 0xe0001 }, { 0xe0020, 0xe007f },	/* tags */
	};
	size_t i;

	for (i = 0; i < sizeof ranges / sizeof ranges[0]; i++)
		if (cp >= ranges[i][0] && cp <= ranges[i][1])
			return 1;
	return 0;
}

/*
 * Length of the character at s that may be written as it is: valid UTF-8
 * and not text_invisible(); 0 when its first byte must be escaped.
 */
static size_t
text_char(const char *s, size_t len, uint32_t *cp)
{
	size_t n;

	if (s[0] >= 0x20 && s[0] < 0x7f) {
		*cp = (uint32_t)s[0];
		return 1;
	}
	n = text_utf8((const unsigned char *)s, len, cp);
	return n > 0 && !text_invisible(*cp) ? n : 0;
}

/*
 * The next unit of s: how many bytes it takes, its width in cells, and
 * whether it must be escaped (then each of its bytes is 4 cells, \xNN).
 * Besides what text_char() refuses, a screen escapes what takes no cell of
 * its own (combining marks) and, outside UTF-8, every byte past ASCII.
 */
static size_t
text_unit(const char *s, size_t len, int utf8, int *width, int *escape)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t cp;
	size_t n;
	int w;

	*escape = 0;
	if (u[0] >= 0x20 && u[0] < 0x7f) {
		*width = 1;
		return 1;
	}
	if (utf8 && u[0] >= 0x80 && (n = text_char(s, len, &cp)) > 0 &&
	    (w = wcwidth((wchar_t)cp)) > 0) {
		*width = w;
		return n;
	}
	*escape = 1;
	*width = 4;
	return 1;
}

void
text_write(const char *s, size_t len, FILE *f)
{
	uint32_t cp;
	size_t i = 0, n;

	while (i < len) {
		if ((n = text_char(s + i, len - i, &cp)) == 0) {
			fprintf(f, "\\x%02x", (unsigned char)s[i]);
			n = 1;
		} else
			fwrite(s + i, 1, n, f);
		i += n;
	}
}

size_t
text_base64(const char *s, size_t len, char *out)
{
	static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	const unsigned char *u = (const unsigned char *)s;
	size_t i, o = 0;
	uint32_t v;

	for (i = 0; i < len; i += 3) {
		v = (uint32_t)u[i] << 16;
		if (i + 1 < len)
			v |= (uint32_t)u[i + 1] << 8;
		if (i + 2 < len)
			v |= u[i + 2];
		out[o++] = b64[v >> 18];
		out[o++] = b64[(v >> 12) & 63];
		out[o++] = i + 1 < len ? b64[(v >> 6) & 63] : '=';
		out[o++] = i + 2 < len ? b64[v & 63] : '=';
	}
	out[o] = '\0';
	return o;
}

int
text_width(const char *s, size_t len, int utf8)
{
	size_t i = 0, n;
	int w, esc, total = 0;

	while (i < len) {
		n = text_unit(s + i, len - i, utf8, &w, &esc);
		total += w;
		i += n;
	}
	return total;
}

/* text_fit() and text_cut(): a cut ends with mark, two cells or one. */
static int
text_fit_mark(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz, const char *mark, int markw)
{
	static const char hex[] = "0123456789abcdef";
	size_t i = 0, n, o = 0, end, cutend = 0;
	int w, esc, total = 0, cutw = 0, cut = 0;

	out[0] = '\0';
	if (cols <= 0 || outsz < 8)
		return 0;
	/* Measure only as far as the room: names can be very long. */
	while (i < len) {
		n = text_unit(s + i, len - i, utf8, &w, &esc);
		if (total + w > cols) {
			cut = 1;
			break;
		}
		total += w;
		i += n;
		if (total <= cols - markw) {
			cutend = i;
			cutw = total;
		}
	}
	if (cut && cols < markw + 1)
		return 0;
	end = cut ? cutend : len;
	total = cut ? cutw : total;
	for (i = 0; i < end; i += n) {
		n = text_unit(s + i, end - i, utf8, &w, &esc);
		if (o + (esc ? 4 : n) + strlen(mark) + 1 > outsz) {
			cut = 1;
			break;
		}
		if (esc) {
			out[o++] = '\\';
			out[o++] = 'x';
			out[o++] = hex[(unsigned char)s[i] >> 4];
			out[o++] = hex[(unsigned char)s[i] & 15];
		} else {
			memcpy(out + o, s + i, n);
			o += n;
		}
	}
	if (cut) {
		memcpy(out + o, mark, strlen(mark));
		o += strlen(mark);
		total += markw;
	}
	out[o] = '\0';
	return total;
}

int
text_fit(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz)
{
	return text_fit_mark(s, len, cols, utf8, out, outsz, "..", 2);
}

int
text_cut(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz)
{
	return utf8 ? text_fit_mark(s, len, cols, utf8, out, outsz,
	    "\xe2\x80\xa6", 1) : text_fit_mark(s, len, cols, utf8, out, outsz,
	    "..", 2);
}
