/*
 * text.h: untrusted bytes (frame names, file names) made safe and measured
 * for a terminal.
 *
 * Control characters, invalid UTF-8 and characters of no width are shown
 * as \xNN escapes, so that nothing from a profile reaches the terminal raw.
 */
#ifndef TEXT_H
#define TEXT_H

#include <stddef.h>
#include <stdint.h>

/*
 * Write s (len bytes) into out (outsz bytes, NUL-terminated) as it should
 * be shown in at most cols cells: whole when it fits, else cut and ended
 * with "..", else nothing when even that does not fit. With utf8 zero,
 * every byte above 0x7e is escaped too. Returns the width in cells.
 */
int text_fit(const char *s, size_t len, int cols, int utf8, char *out,
    size_t outsz);
/* The width in cells of s once escaped. */
int text_width(const char *s, size_t len, int utf8);
/*
 * Whether code point cp must be shown escaped wherever a person reads it,
 * as it shows nothing of itself yet can change how the text around it
 * looks (a name could pass for another): C1 controls, the bidi overrides,
 * embeddings, isolates and marks, the other invisible format characters
 * (Unicode's Cf, as U+200B and U+FEFF), and the line and paragraph
 * separators. C0 and DEL are the caller's own test.
 */
int text_invisible(uint32_t cp);

#endif
