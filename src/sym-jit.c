/*
 * sym-jit.c: the symbols a JIT writes for perf in /tmp/perf-PID.map, one
 * "START SIZE NAME" line each (hexadecimal), read the way perf reads them:
 * the last character of each line is dropped as its newline, and a file
 * owned by another user than root or us is ignored.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sym.h"

/* Read hexadecimal digits at s into *v; the number of digits read. */
static size_t
sym_jit_hex(const char *s, uint64_t *v)
{
	size_t n = 0;
	int d;

	*v = 0;
	for (;; n++) {
		if (s[n] >= '0' && s[n] <= '9')
			d = s[n] - '0';
		else if ((s[n] | 0x20) >= 'a' && (s[n] | 0x20) <= 'f')
			d = (s[n] | 0x20) - 'a' + 10;
		else
			return n;
		*v = *v << 4 | (uint64_t)d;
	}
}

int
sym_jit_load(struct sym_table *t, const char *path)
{
	char *line = NULL;
	size_t cap = 0, len, at;
	uint64_t start, size;
	struct stat st;
	ssize_t got;
	FILE *f;
	int fd;

	if (lstat(path, &st) < 0 || (st.st_uid != 0 && st.st_uid != geteuid()))
		return -1;
	if ((fd = sym_elf_open(path)) < 0 || (f = fdopen(fd, "r")) == NULL) {
		if (fd >= 0)
			close(fd);
		return -1;
	}
	while ((got = getline(&line, &cap, f)) > 0) {
		len = (size_t)got - 1;
		line[len] = '\0';
		at = sym_jit_hex(line, &start) + 1;
		if (at + 2 >= len)
			continue;
		at += sym_jit_hex(line + at, &size) + 1;
		if (at + 2 >= len)
			continue;
		sym_add(t, start, size, SYM_GLOBAL, line + at);
	}
	free(line);
	fclose(f);
	sym_sort(t);
	return 0;
}
