/*
 * detect.h: what the formats' probes share (detect.c). What a format is,
 * and the table of them, are in formats.h.
 */
#ifndef DETECT_H
#define DETECT_H

#include <stddef.h>

#include "formats.h"
#include "sink.h"

/*
 * For probes: set *line to the line at *p in [*p, end), without its "\n" or
 * "\r\n", and move *p past it. Returns 0 when *p == end.
 */
int detect_line(const char **p, const char *end, struct strv *line);

#endif
