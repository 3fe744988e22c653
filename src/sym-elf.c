/*
 * sym-elf.c: the symbols of an ELF file (libelf), named as perf names them.
 *
 * perf keeps functions, objects and labels in text sections from .symtab,
 * or from .dynsym when there is no .symtab; the symbols are moved to file
 * offsets through the program header that holds them. The names stay in
 * a copy of the string table, demangled when a lookup finds them (sym.c).
 */
#include "config.h"

#include <fcntl.h>
#include <gelf.h>
#include <sys/auxv.h>
#include <sys/stat.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sym.h"
#include "util.h"

int
sym_elf_open(const char *path)
{
	struct stat st;
	int fd;

	elf_version(EV_CURRENT);	/* before any elf_begin() */
	if ((fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY)) < 0)
		return -1;
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		return -1;
	}
	return fd;
}

/* The build-id note of an open ELF file into bid; its length, or 0. */
static size_t
sym_elf_note_id(Elf *elf, unsigned char *bid, size_t max)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;
	GElf_Nhdr nh;
	Elf_Data *d;
	size_t off, noff, doff;

	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL || sh.sh_type != SHT_NOTE ||
		    (d = elf_getdata(scn, NULL)) == NULL)
			continue;
		for (off = 0; (off = gelf_getnote(d, off, &nh, &noff,
		    &doff)) > 0;) {
			if (nh.n_type != NT_GNU_BUILD_ID || nh.n_namesz != 4 ||
			    memcmp((char *)d->d_buf + noff, "GNU", 4) != 0)
				continue;
			if (nh.n_descsz > max)
				return 0;
			memcpy(bid, (char *)d->d_buf + doff, nh.n_descsz);
			return nh.n_descsz;
		}
	}
	return 0;
}

size_t
sym_elf_build_id(const char *path, unsigned char *bid, size_t max)
{
	size_t n = 0;
	Elf *elf;
	int fd;

	if ((fd = sym_elf_open(path)) < 0)
		return 0;
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) != NULL) {
		n = sym_elf_note_id(elf, bid, max);
		elf_end(elf);
	}
	close(fd);
	return n;
}

/* Find the section of type; NULL when there is none. */
static Elf_Scn *
sym_elf_section(Elf *elf, unsigned type, GElf_Shdr *sh)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)) != NULL)
		if (gelf_getshdr(scn, sh) != NULL && sh->sh_type == type)
			return scn;
	return NULL;
}

/* The file offset of an address, as perf moves it. */
static uint64_t
sym_elf_offset(Elf *elf, const GElf_Shdr *sec, uint64_t addr)
{
	size_t i, n;
	GElf_Phdr ph;

	if (elf_getphdrnum(elf, &n) == 0)
		for (i = 0; i < n; i++)
			if (gelf_getphdr(elf, (int)i, &ph) != NULL &&
			    ph.p_type == PT_LOAD && addr >= ph.p_vaddr &&
			    addr < ph.p_vaddr + ph.p_memsz)
				return addr - (ph.p_vaddr - ph.p_offset);
	return addr - (sec->sh_addr - sec->sh_offset);
}

/* Would perf keep this symbol, given its section's header? */
static int
sym_elf_keep(Elf *elf, size_t shstr, const GElf_Sym *s)
{
	int type = GELF_ST_TYPE(s->st_info), vis = GELF_ST_VISIBILITY(s->st_other);
	GElf_Shdr sh;
	Elf_Scn *scn;
	const char *name;

	if (s->st_name == 0 || s->st_shndx == SHN_UNDEF ||
	    s->st_shndx == SHN_ABS)
		return 0;
	if (type == STT_FUNC || type == STT_GNU_IFUNC || type == STT_OBJECT)
		return 1;
	if (type != STT_NOTYPE || vis == STV_HIDDEN || vis == STV_INTERNAL)
		return 0;
	/* A label counts in a text section only. */
	if ((scn = elf_getscn(elf, s->st_shndx)) == NULL ||
	    gelf_getshdr(scn, &sh) == NULL ||
	    (name = elf_strptr(elf, shstr, sh.sh_name)) == NULL)
		return 0;
	return strstr(name, "text") != NULL;
}

/*
 * Add the symbols of one symbol table section to t, their names in a copy
 * of its string table that t keeps; 0, or -1 when there is none to add.
 */
static int
sym_elf_add(struct sym_table *t, Elf *elf, Elf *run, Elf_Scn *scn,
    const GElf_Shdr *sh, int exec)
{
	char *strtab;
	size_t i, n, shstr;
	Elf_Data *d = elf_getdata(scn, NULL), *sd;
	Elf_Scn *strs = elf_getscn(elf, sh->sh_link);
	GElf_Shdr sec;
	GElf_Sym s;
	const char *name;
	unsigned bind;
	uint64_t addr;

	/* The names are read in place: the string table must end in NUL. */
	if (d == NULL || sh->sh_entsize == 0 || strs == NULL ||
	    (sd = elf_getdata(strs, NULL)) == NULL || sd->d_size == 0 ||
	    ((const char *)sd->d_buf)[sd->d_size - 1] != '\0' ||
	    elf_getshdrstrndx(elf, &shstr) != 0)
		return -1;
	strtab = xmalloc(sd->d_size);
	memcpy(strtab, sd->d_buf, sd->d_size);
	t->keep = strtab;
	t->keep_free = free;
	n = sh->sh_size / sh->sh_entsize;
	sym_reserve(t, n);
	for (i = 0; i < n; i++) {
		if (gelf_getsym(d, (int)i, &s) == NULL ||
		    s.st_name >= sd->d_size || !sym_elf_keep(elf, shstr, &s))
			continue;
		name = strtab + s.st_name;
		addr = s.st_value;
		if (exec && gelf_getshdr(elf_getscn(elf, s.st_shndx),
		    &sec) != NULL)
			addr = sym_elf_offset(run, &sec, addr);
		bind = GELF_ST_BIND(s.st_info) == STB_WEAK ? SYM_WEAK :
		    GELF_ST_BIND(s.st_info) == STB_GLOBAL ? SYM_GLOBAL :
		    SYM_LOCAL;
		sym_add_mangled(t, addr, s.st_size, bind, name);
	}
	return 0;
}



/*
 * Add a symbol NAME@plt for each entry of the PLT of the runtime file at
 * path, as perf makes them up from .rela.plt.
 */
static void
sym_elf_plt(struct sym_table *t, Elf *elf)
{
	Elf_Scn *scn = NULL, *rel = NULL, *plt = NULL, *dyn;
	GElf_Shdr sh, relsh = { 0 }, pltsh = { 0 }, dynsh;
	Elf_Data *rd, *dd;
	size_t shstr, i, n;
	GElf_Rela ra;
	GElf_Sym s;
	const char *name;
	uint64_t off;
	char buf[1024], *dm;

	if (elf_getshdrstrndx(elf, &shstr) != 0)
		return;
	while ((scn = elf_nextscn(elf, scn)) != NULL) {
		if (gelf_getshdr(scn, &sh) == NULL ||
		    (name = elf_strptr(elf, shstr, sh.sh_name)) == NULL)
			continue;
		if (strcmp(name, ".rela.plt") == 0) {
			rel = scn;
			relsh = sh;
		} else if (strcmp(name, ".plt") == 0) {
			plt = scn;
			pltsh = sh;
		}
	}
	if (rel == NULL || plt == NULL || relsh.sh_type != SHT_RELA ||
	    relsh.sh_entsize == 0 || (rd = elf_getdata(rel, NULL)) == NULL ||
	    (dyn = elf_getscn(elf, relsh.sh_link)) == NULL ||
	    gelf_getshdr(dyn, &dynsh) == NULL ||
	    (dd = elf_getdata(dyn, NULL)) == NULL)
		return;
	off = pltsh.sh_offset + pltsh.sh_entsize;
	n = relsh.sh_size / relsh.sh_entsize;
	for (i = 0; i < n; i++, off += pltsh.sh_entsize) {
		if (gelf_getrela(rd, (int)i, &ra) == NULL ||
		    gelf_getsym(dd, (int)GELF_R_SYM(ra.r_info), &s) == NULL ||
		    (name = elf_strptr(elf, dynsh.sh_link, s.st_name)) == NULL)
			name = "";
		dm = sym_demangle(name);
		snprintf(buf, sizeof buf, "%s@plt", dm != NULL ? dm : name);
		free(dm);
		sym_add(t, off, pltsh.sh_entsize, SYM_GLOBAL, buf);
	}
}

int
sym_elf_plt_load(struct sym_table *t, const char *path,
    const unsigned char *bid, size_t bidlen)
{
	unsigned char fid[64];
	Elf *elf;
	int fd, ret = -1;

	if ((fd = sym_elf_open(path)) < 0)
		return -1;
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) != NULL &&
	    elf_kind(elf) == ELF_K_ELF && (bidlen == 0 ||
	    (sym_elf_note_id(elf, fid, sizeof fid) == bidlen &&
	    memcmp(fid, bid, bidlen) == 0)) &&
	    sym_elf_section(elf, SHT_DYNSYM, &(GElf_Shdr){ 0 }) != NULL) {
		sym_elf_plt(t, elf);
		sym_sort(t);
		ret = 0;
	}
	if (elf != NULL)
		elf_end(elf);
	close(fd);
	return ret;
}

/*
 * Fill t from the symbols of elf, an ELF file checked against bid as
 * sym_elf_load() says, moved by the program headers of run.
 */
static int
sym_elf_read(struct sym_table *t, Elf *elf, const unsigned char *bid,
    size_t bidlen, int want_symtab, Elf *run)
{
	unsigned char fid[64];
	GElf_Ehdr eh;
	GElf_Shdr sh;
	Elf_Scn *scn;
	int ret;

	if (elf_kind(elf) != ELF_K_ELF || gelf_getehdr(elf, &eh) == NULL)
		return -1;
	if (bidlen > 0 && (sym_elf_note_id(elf, fid, sizeof fid) != bidlen ||
	    memcmp(fid, bid, bidlen) != 0))
		return -1;
	if ((scn = sym_elf_section(elf, SHT_SYMTAB, &sh)) != NULL)
		ret = 0;
	else if (!want_symtab &&
	    (scn = sym_elf_section(elf, SHT_DYNSYM, &sh)) != NULL)
		ret = 1;
	else
		return -1;
	if (t->keep == NULL && sym_elf_add(t, elf, run != NULL ? run : elf,
	    scn, &sh, 1) == 0)
		sym_finish(t, 0);
	return ret;
}

int
sym_elf_load(struct sym_table *t, const char *path, const unsigned char *bid,
    size_t bidlen, int want_symtab, const char *run)
{
	Elf *elf, *relf = NULL;
	int fd, rfd = -1, ret = -1;

	if ((fd = sym_elf_open(path)) < 0)
		return -1;
	if ((elf = elf_begin(fd, ELF_C_READ_MMAP, NULL)) == NULL)
		goto out;
	/*
	 * perf moves every user-space file's symbols to file offsets, by the
	 * program headers of the file that runs (a debug file's differ).
	 */
	if (run != NULL && strcmp(run, path) != 0 &&
	    (rfd = sym_elf_open(run)) >= 0)
		relf = elf_begin(rfd, ELF_C_READ_MMAP, NULL);
	ret = sym_elf_read(t, elf, bid, bidlen, want_symtab, relf);
	if (relf != NULL)
		elf_end(relf);
	if (rfd >= 0)
		close(rfd);
out:
	if (elf != NULL)
		elf_end(elf);
	close(fd);
	return ret;
}

int
sym_elf_load_vdso(struct sym_table *t)
{
	const unsigned char *img = (const unsigned char *)(uintptr_t)
	    getauxval(AT_SYSINFO_EHDR);
	GElf_Ehdr eh;
	size_t size;
	Elf *elf;
	int ret = -1;

	if (img == NULL || memcmp(img, ELFMAG, SELFMAG) != 0)
		return -1;
	elf_version(EV_CURRENT);
	/* The section headers come last: the image ends with them. */
	if ((elf = elf_memory((char *)img, 64)) == NULL)
		return -1;
	if (gelf_getehdr(elf, &eh) != NULL && eh.e_shoff > 0 &&
	    eh.e_shoff < (1u << 20) && eh.e_shnum < 256) {
		size = (size_t)eh.e_shoff + (size_t)eh.e_shnum * eh.e_shentsize;
		elf_end(elf);
		if ((elf = elf_memory((char *)img, size)) == NULL)
			return -1;
		ret = sym_elf_read(t, elf, NULL, 0, 0, NULL);
	}
	elf_end(elf);
	return ret;
}
