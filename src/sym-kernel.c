/*
 * sym-kernel.c: kernel symbols from /proc/kallsyms, as perf reads them:
 * text, weak, data and bss symbols, a module's with its "[module]" tag.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sym.h"

int
sym_kernel_load(struct sym_table *t, const char *path)
{
	char line[1024], *name, *end;
	unsigned long long addr;
	size_t len;
	FILE *f;
	int type, nonzero = 0;

	if ((f = fopen(path != NULL ? path : "/proc/kallsyms", "re")) == NULL)
		return -1;
	while (fgets(line, sizeof line, f) != NULL) {
		len = strcspn(line, "\n");
		line[len] = '\0';
		addr = strtoull(line, &end, 16);
		if (end == line || end[0] != ' ' || end[1] == '\0' ||
		    end[2] != ' ')
			continue;
		type = toupper((unsigned char)end[1]);
		name = end + 3;
		if ((type != 'T' && type != 'W' && type != 'D' && type != 'B') ||
		    name[0] == '$')
			continue;
		nonzero |= addr != 0;
		sym_add(t, addr, 0, end[1] == 'W' ? SYM_WEAK :
		    isupper((unsigned char)end[1]) ? SYM_GLOBAL : SYM_LOCAL, name);
	}
	fclose(f);
	if (!nonzero) {
		sym_free(t);
		return -1;	/* addresses hidden (kptr_restrict) */
	}
	sym_finish(t, 1);
	return 0;
}
