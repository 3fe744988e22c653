/*
 * sym.h: tables of symbols, address to name, resolved the way perf does.
 *
 * A table is filled with sym_add(), then sym_finish() sorts it, keeps one
 * of the symbols that share an address (perf's choice) and gives the
 * symbols without a size one that reaches the next symbol. sym-elf.c fills
 * one from an ELF file, sym-kernel.c from /proc/kallsyms.
 */
#ifndef SYM_H
#define SYM_H

#include <stddef.h>
#include <stdint.h>

#define SYM_LOCAL 0
#define SYM_GLOBAL 1
#define SYM_WEAK 2

struct sym {
	uint64_t start, end;	/* [start, end), or start alone when equal */
	const char *name;	/* in the table's names or its keep */
	unsigned bind : 2;	/* SYM_LOCAL, SYM_GLOBAL or SYM_WEAK */
	unsigned mangled : 1;	/* name is to be demangled when asked */
	unsigned seq;		/* order of addition, for a stable sort */
};

/* A block of names: they never move. */
struct sym_names {
	struct sym_names *next;
	size_t len, cap;
	char s[];
};

struct sym_table {
	struct sym *v;
	size_t n, cap;
	struct sym_names *names;	/* names copied, newest block first */
	void *keep;			/* what other names point into */
	void (*keep_free)(void *);	/* frees keep with the table */
};

/* Add a symbol of size bytes (0 when unknown) at start; name is copied. */
void sym_add(struct sym_table *, uint64_t start, uint64_t size,
    unsigned bind, const char *name);
/*
 * Add a symbol whose name stays where it is for the table's life (see
 * keep) and is demangled (sym_demangle) only when a lookup finds it.
 */
void sym_add_mangled(struct sym_table *, uint64_t start, uint64_t size,
    unsigned bind, const char *name);
/* Make room for more symbols, to be added. */
void sym_reserve(struct sym_table *, size_t more);
/* Sort, drop duplicates and fix up sizes; kallsyms for /proc/kallsyms. */
void sym_finish(struct sym_table *, int kallsyms);
/* Sort again after more symbols were added, without fixing them up. */
void sym_sort(struct sym_table *);
/*
 * The name of the symbol holding addr, or NULL; it stays the same pointer
 * for the table's life.
 */
const char *sym_find(struct sym_table *, uint64_t addr);
/* The same, and the symbol's start address in *start (when not NULL). */
const char *sym_find_at(struct sym_table *, uint64_t addr, uint64_t *start);
void sym_free(struct sym_table *);

/*
 * Fill t from the ELF file at path: its .symtab, else its .dynsym, names
 * demangled as perf shows them. When bid (of bidlen bytes) is given, a file
 * with another build-id is refused. Addresses are file offsets, as perf
 * maps them, by the program headers of run (the file that runs, when path
 * is a debug file), or of path when run is NULL or cannot be read. Returns 0, 1 when the file has only
 * .dynsym, or -1 when it cannot be read or is refused.
 */
int sym_elf_load(struct sym_table *t, const char *path,
    const unsigned char *bid, size_t bidlen, int want_symtab,
    const char *run);
/*
 * Fill t from the vdso of this process, as perf does for a [vdso] of the
 * same machine whose build-id it does not know. Returns as sym_elf_load.
 */
int sym_elf_load_vdso(struct sym_table *t);
/*
 * Add the NAME@plt symbols perf makes up for the PLT of the runtime ELF
 * file at path (with .dynsym and .rela.plt). Returns 0, or -1.
 */
int sym_elf_plt_load(struct sym_table *t, const char *path,
    const unsigned char *bid, size_t bidlen);
/* The build-id of the ELF file at path into bid (20 bytes); its length. */
size_t sym_elf_build_id(const char *path, unsigned char *bid, size_t max);
/*
 * Open path for reading if it is a regular file: a name in perf.data may
 * be a FIFO or a device, which must be neither waited on nor read.
 */
int sym_elf_open(const char *path);
/* Demangle a C++ or Rust name as perf shows it; NULL when it is none. */
char *sym_demangle(const char *name);

/*
 * The DWARF debug information of an ELF file, or of its debug file found
 * by build-id or debuglink, for the functions inlined at an address.
 */
struct sym_dwarf;
/* Open the ELF file at path; NULL when it cannot be read. */
struct sym_dwarf *sym_dwarf_open(const char *path);
/*
 * The functions inlined at file offset off, innermost first, the last the
 * function they are inlined in, demangled: their number, their names in
 * *names until the next call; "" stands for the name of the ELF symbol
 * there. 0 when the debug information has no line for off.
 */
size_t sym_dwarf_inlines(struct sym_dwarf *, uint64_t off,
    const char *const **names);
/*
 * The source line of file offset off, "file.c:123" (the file's last path
 * component, as perf script prints it) into buf; 0 when there is none.
 */
int sym_dwarf_line(struct sym_dwarf *, uint64_t off, char *buf, size_t size);
void sym_dwarf_free(struct sym_dwarf *);

/* Fill t from a JIT's /tmp/perf-PID.map at path; returns 0, or -1. */
int sym_jit_load(struct sym_table *t, const char *path);

/* Fill t from /proc/kallsyms (or path); returns 0, or -1. */
int sym_kernel_load(struct sym_table *t, const char *path);

#endif
