/*
 * detect.c: what the formats' probes share.
 */
#include "config.h"

#include <string.h>

#include "detect.h"

int
detect_line(const char **p, const char *end, struct strv *line)
{
	const char *nl;

	if (*p >= end)
		return 0;
	nl = memchr(*p, '\n', (size_t)(end - *p));
	line->s = *p;
	line->len = nl != NULL ? (size_t)(nl - *p) : (size_t)(end - *p);
	*p = nl != NULL ? nl + 1 : end;
	if (line->len > 0 && line->s[line->len - 1] == '\r')
		line->len--;
	return 1;
}
