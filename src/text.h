/*
 * text.h: untrusted bytes (frame names, file names) made safe and measured
 * for a terminal.
 *
 * One rule says what never reaches a terminal as itself: bytes that are
 * not valid UTF-8 and the characters text_invisible() names (controls,
 * bidi controls, format characters, line and paragraph separators). Each
 * of their bytes is shown as \xNN instead. The screen also escapes what it
 * cannot place in cells: characters of no width, and outside a UTF-8
 * locale every byte past ASCII.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/*
 * Decode the UTF-8 character at s (len bytes left, at least 1) into *cp;
 * returns its length, or 0 when the bytes are not valid UTF-8 (overlong
 * forms, surrogates and code points past U+10FFFF included).
 */
size_t text_utf8(const unsigned char *s, size_t len, uint32_t *cp);
/*
 * Is code point cp one that must not be shown as itself, wherever a person
 * reads it (the terminal, the SVG): a control (C0, DEL, C1), a bidi control
 * (U+061C, U+200E/F, U+202A-202E, U+2066-2069), a format character
 * (Unicode's Cf: U+00AD, U+200B-200D, U+2060-2064, U+FEFF, ...) or a line
 * or paragraph separator (U+2028, U+2029)? Such a character shows nothing
 * of itself, yet can change how the text around it looks, so that a name
 * could pass for another.
 */
int text_invisible(uint32_t cp);
/*
 * Write len bytes of s into out as base64 (RFC 4648, padded) and a NUL;
 * out holds TEXT_BASE64_LEN(len) bytes. Returns the length written.
 */
#define TEXT_BASE64_LEN(len) (((len) + 2) / 3 * 4 + 1)
size_t text_base64(const char *s, size_t len, char *out);
/*
 * Write len bytes of s to f for a terminal: as they are, except the bytes
 * of invalid UTF-8 and of text_invisible() characters, written as \xNN.
 */
void text_write(const char *s, size_t len, FILE *f);

/*
 * Write s (len bytes) into out (outsz bytes, NUL-terminated) as it should
 * be shown in at most cols cells: whole when it fits, else cut and ended
 * with "..", else nothing when even that does not fit. With utf8 zero,
 * every byte above 0x7e is escaped too. Returns the width in cells.
 */
int text_fit(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz);
/* text_fit(), but a cut ends with an ellipsis (U+2026) in UTF-8. */
int text_cut(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz);
/* The width in cells of s once escaped. */
int text_width(const char *s, size_t len, int utf8);

#endif
