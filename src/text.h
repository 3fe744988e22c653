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

#endif
