/*
 * sym-dwarf.c: the functions inlined at an address, from the DWARF debug
 * information of an ELF file or of its debug file (libdw), named as perf
 * script names them: perf asks addr2line -i -f, which gives the innermost
 * function first and the function they are all inlined in last, by their
 * linkage names, which perf demangles. An address without line
 * information has none.
 */
#include "config.h"

#include <dwarf.h>
#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sym.h"
#include "util.h"

#define SD_MAX 64		/* inlined functions kept at one address */

/* The answer for one address: names[first .. first + n) of the cache. */
struct sd_entry {
	uint64_t off;
	size_t first, n;
	int used;
};

struct sym_dwarf {
	Dwfl *dwfl;
	Dwfl_Module *mod;
	Elf *elf;		/* the file that runs: its program headers */
	struct sd_entry *tab;	/* hash by offset, open addressing */
	size_t cap, used;
	char **names;		/* every answer's names, one after another */
	size_t nnames, capnames;
	const char *out[SD_MAX];
};

static char *sd_debugpath;

static const Dwfl_Callbacks sd_offline = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &sd_debugpath,
};

struct sym_dwarf *
sym_dwarf_open(const char *path)
{
	struct sym_dwarf *sd;
	Dwarf_Addr bias;
	int fd;

	if ((fd = sym_elf_open(path)) < 0)
		return NULL;
	sd = xcalloc(1, sizeof *sd);
	if ((sd->dwfl = dwfl_begin(&sd_offline)) == NULL) {
		close(fd);
		free(sd);
		return NULL;
	}
	dwfl_report_begin(sd->dwfl);
	if ((sd->mod = dwfl_report_elf(sd->dwfl, path, path, fd, 0,
	    false)) == NULL)
		close(fd);
	dwfl_report_end(sd->dwfl, NULL, NULL);
	if (sd->mod == NULL ||
	    (sd->elf = dwfl_module_getelf(sd->mod, &bias)) == NULL) {
		sym_dwarf_free(sd);
		return NULL;
	}
	return sd;
}

/* The virtual address of file offset off, by the program headers. */
static int
sd_vaddr(const struct sym_dwarf *sd, uint64_t off, uint64_t *va)
{
	GElf_Phdr ph;
	size_t i, n;

	if (elf_getphdrnum(sd->elf, &n) != 0)
		return 0;
	for (i = 0; i < n; i++)
		if (gelf_getphdr(sd->elf, (int)i, &ph) != NULL &&
		    ph.p_type == PT_LOAD && off >= ph.p_offset &&
		    off - ph.p_offset < ph.p_filesz) {
			*va = off - ph.p_offset + ph.p_vaddr;
			return 1;
		}
	return 0;
}

/*
 * The name addr2line gives a function's DIE: its linkage name first; *plain
 * is set when that is a name a linker would not know (DW_AT_name in a
 * language whose linkage names are mangled).
 */
static const char *
sd_die_name(Dwarf_Die *die, int mangled, int *plain)
{
	static const int at[] = { DW_AT_linkage_name, DW_AT_MIPS_linkage_name,
	    DW_AT_name };
	Dwarf_Attribute a;
	const char *s;
	size_t i;

	for (i = 0; i < sizeof at / sizeof at[0]; i++)
		if (dwarf_attr_integrate(die, at[i], &a) != NULL &&
		    (s = dwarf_formstring(&a)) != NULL) {
			*plain = mangled && at[i] == DW_AT_name;
			return s;
		}
	*plain = 0;
	return NULL;
}

/* Whether the unit's language has mangled linkage names. */
static int
sd_mangled(Dwarf_Die *cu)
{
	switch (dwarf_srclang(cu)) {
	case DW_LANG_C_plus_plus:
	case DW_LANG_C_plus_plus_03:
	case DW_LANG_C_plus_plus_11:
	case DW_LANG_C_plus_plus_14:
	case DW_LANG_ObjC_plus_plus:
	case DW_LANG_D:
	case DW_LANG_Rust:
		return 1;
	}
	return 0;
}

/* Keep a name of the answer being made, demangled as perf shows it. */
static void
sd_keep(struct sym_dwarf *sd, const char *name)
{
	char *d = sym_demangle(name);

	sd->names = xgrow(sd->names, &sd->capnames, sd->nnames + 1,
	    sizeof *sd->names);
	sd->names[sd->nnames++] = d != NULL ? d : xstrdup(name);
}

/*
 * The name addr2line gives a function not inlined anywhere: where several
 * subprograms of the unit hold pc (the aliases of an assembler function
 * each get one), the one of the smallest range, the last of equals.
 */
static const char *
sd_outer_name(Dwarf_Die *cu, Dwarf_Addr pc, Dwarf_Die *found, int *plain)
{
	Dwarf_Die die, best = *found;
	Dwarf_Addr lo, hi, size = UINT64_MAX;

	if (dwarf_lowpc(found, &lo) == 0 && dwarf_highpc(found, &hi) == 0)
		size = hi - lo;
	if (dwarf_child(cu, &die) != 0)
		return sd_die_name(found, sd_mangled(cu), plain);
	do {
		if (dwarf_tag(&die) != DW_TAG_subprogram ||
		    dwarf_haspc(&die, pc) != 1 || dwarf_lowpc(&die, &lo) != 0 ||
		    dwarf_highpc(&die, &hi) != 0 || hi - lo > size)
			continue;
		size = hi - lo;
		best = die;
	} while (dwarf_siblingof(&die, &die) == 0);
	return sd_die_name(&best, sd_mangled(cu), plain);
}

/* Find the inlined functions at file offset off into the cache. */
static void
sd_lookup(struct sym_dwarf *sd, uint64_t off, struct sd_entry *e)
{
	Dwarf_Die *cu, *scopes = NULL, inner;
	Dwarf_Addr bias;
	uint64_t va;
	const char *name;
	int i, n, plain, mangled;

	e->first = sd->nnames;
	e->n = 0;
	if (!sd_vaddr(sd, off, &va) ||
	    (cu = dwfl_module_addrdie(sd->mod, va, &bias)) == NULL ||
	    dwfl_module_getsrc(sd->mod, va) == NULL)
		return;
	mangled = sd_mangled(cu);
	/* The innermost scope, then what holds it in the code, not in the
	 * source (inlined functions' callers, not their definitions). */
	if ((n = dwarf_getscopes(cu, va - bias, &scopes)) <= 0) {
		free(scopes);
		return;
	}
	inner = scopes[0];
	free(scopes);
	scopes = NULL;
	n = dwarf_getscopes_die(&inner, &scopes);
	for (i = 0; i < n && e->n < SD_MAX; i++) {
		int tag = dwarf_tag(&scopes[i]);

		if (tag != DW_TAG_inlined_subroutine &&
		    tag != DW_TAG_subprogram)
			continue;
		if (tag == DW_TAG_subprogram && e->n == 0)
			name = sd_outer_name(cu, va - bias, &scopes[i], &plain);
		else
			name = sd_die_name(&scopes[i], mangled, &plain);
		if (name == NULL)
			name = "??";
		/* addr2line names the innermost such function after the ELF
		 * symbol there: the caller's. */
		if (plain && e->n == 0)
			name = "";
		sd_keep(sd, name);
		e->n++;
		if (tag == DW_TAG_subprogram)
			break;
	}
	free(scopes);
}

/* Grow the cache when it is half full. */
static void
sd_grow(struct sym_dwarf *sd)
{
	struct sd_entry *old = sd->tab;
	size_t i, j, cap = sd->cap;

	if (sd->used * 2 < sd->cap)
		return;
	sd->cap = cap ? cap * 2 : 256;
	sd->tab = xcalloc(sd->cap, sizeof *sd->tab);
	for (i = 0; i < cap; i++) {
		if (!old[i].used)
			continue;
		for (j = (size_t)(old[i].off * 0x9e3779b97f4a7c15ull >> 20) &
		    (sd->cap - 1); sd->tab[j].used; j = (j + 1) & (sd->cap - 1))
			;
		sd->tab[j] = old[i];
	}
	free(old);
}

size_t
sym_dwarf_inlines(struct sym_dwarf *sd, uint64_t off,
    const char *const **names)
{
	struct sd_entry *e;
	size_t i, j;

	sd_grow(sd);
	for (j = (size_t)(off * 0x9e3779b97f4a7c15ull >> 20) & (sd->cap - 1);
	    sd->tab[j].used && sd->tab[j].off != off;
	    j = (j + 1) & (sd->cap - 1))
		;
	e = &sd->tab[j];
	if (!e->used) {
		e->used = 1;
		e->off = off;
		sd->used++;
		sd_lookup(sd, off, e);
	}
	for (i = 0; i < e->n; i++)
		sd->out[i] = sd->names[e->first + i];
	*names = sd->out;
	return e->n;
}

int
sym_dwarf_line(struct sym_dwarf *sd, uint64_t off, char *buf, size_t size)
{
	Dwfl_Line *line;
	const char *file, *base;
	uint64_t va;
	int lineno;

	if (!sd_vaddr(sd, off, &va) ||
	    (line = dwfl_module_getsrc(sd->mod, va)) == NULL ||
	    (file = dwfl_lineinfo(line, NULL, &lineno, NULL, NULL,
	    NULL)) == NULL || lineno <= 0)
		return 0;
	base = strrchr(file, '/');
	snprintf(buf, size, "%s:%d", base != NULL ? base + 1 : file, lineno);
	return 1;
}

void
sym_dwarf_free(struct sym_dwarf *sd)
{
	size_t i;

	if (sd == NULL)
		return;
	if (sd->dwfl != NULL)
		dwfl_end(sd->dwfl);
	for (i = 0; i < sd->nnames; i++)
		free(sd->names[i]);
	free(sd->names);
	free(sd->tab);
	free(sd);
}
