/*
 * test-detect.c: print the format detected for each file named on the
 * command line, one "FILE NAME" line each ("FILE -" when none matches), as
 * load.c would detect it: from the first bytes of the decompressed input.
 */
#include "config.h"

#include <stdio.h>

#include "formats.h"
#include "read.h"

int
main(int argc, char **argv)
{
	const struct format *fmt;
	struct reader *r;
	const char *buf;
	char err[512];
	size_t len;
	int i;

	for (i = 1; i < argc; i++) {
		if ((r = reader_open(argv[i], err, sizeof err)) == NULL) {
			fprintf(stderr, "%s\n", err);
			return 2;
		}
		len = reader_peek(r, &buf);
		fmt = len > 0 ? format_detect(buf, len) : NULL;
		printf("%s %s\n", argv[i], fmt != NULL ? fmt->name : "-");
		reader_close(r);
	}
	return 0;
}
