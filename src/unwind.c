/*
 * unwind.c: user stacks of --call-graph dwarf samples, unwound with libdw's
 * unwinder from the sample's registers and stack copy (see unwind.h).
 *
 * libdw asks for the initial registers, for memory (the stack copy, else
 * the mapped file) and, frame by frame, finds the call frame information
 * of the module holding the pc, which is reported to it from the caller's
 * maps the first time a pc falls in it. x86_64 only.
 */
#include "config.h"

#include <elfutils/libdwfl.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sym.h"
#include "unwind.h"
#include "util.h"

#define UW_SLOTS 64		/* libdw sessions kept, one per address space */
#define UW_NREGS 17		/* x86_64 DWARF registers: rax..r15, rip */
#define UW_PERF_SP 7		/* perf's x86 register numbers */
#define UW_PERF_IP 8

/* One libdw session: the modules reported for one address space. */
struct uw_sess {
	const void *key;
	Dwfl *dwfl;
};

struct unwind {
	struct uw_sess slots[UW_SLOTS];
	Elf *machine;		/* an ELF header naming x86_64, for libdw */
	unsigned char ehdr[sizeof(Elf64_Ehdr)];
	/* The sample being unwound. */
	unwind_find_fn find;
	void *arg;
	const struct unwind_sample *s;
	uint64_t sp;
	Dwfl *dwfl;
	uint64_t *ips;
	size_t n, max;
	int stale;		/* a map is not the module libdw has there */
	int last;		/* the last try: keep the session as it is */
};

/* perf's x86 register number for each DWARF register. */
static const int uw_dwarf2perf[UW_NREGS] = {
	0, 3, 2, 1, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23, 8
};

static char *uw_debugpath;

static const Dwfl_Callbacks uw_offline = {
	.find_debuginfo = dwfl_standard_find_debuginfo,
	.section_address = dwfl_offline_section_address,
	.debuginfo_path = &uw_debugpath,
};

int
unwind_supported(void)
{
#if defined(__x86_64__)
	return 1;
#else
	return 0;
#endif
}

/* The value of perf register r of sample s into *v; 0 when not saved. */
static int
uw_reg(const struct unwind_sample *s, unsigned r, uint64_t *v)
{
	if (!(s->regs_mask >> r & 1))
		return 0;
	memcpy(v, s->regs + 8 * (size_t)__builtin_popcountll(s->regs_mask &
	    ((1ull << r) - 1)), 8);
	return 1;
}

/* libdw's one thread: the sample's. */
static pid_t
uw_next_thread(Dwfl *dwfl, void *arg, void **thread_arg)
{
	if (*thread_arg != NULL)
		return 0;
	*thread_arg = arg;
	return dwfl_pid(dwfl);
}

/* Read a word of the process: from the stack copy, else the mapped file. */
static bool
uw_memory_read(Dwfl *dwfl, Dwarf_Addr addr, Dwarf_Word *result, void *arg)
{
	struct unwind *u = arg;
	struct unwind_map m;
	int fd;
	bool ok;

	(void)dwfl;
	if (addr >= u->sp && u->s->stacklen >= 8 &&
	    addr - u->sp <= u->s->stacklen - 8) {
		memcpy(result, u->s->stack + (addr - u->sp), 8);
		return true;
	}
	if (!u->find(u->arg, addr, &m) || m.path == NULL || addr + 8 > m.end ||
	    addr + 8 < addr || (fd = sym_elf_open(m.path)) < 0)
		return false;
	ok = pread(fd, result, 8, (off_t)(addr - m.start + m.pgoff)) == 8;
	close(fd);
	return ok;
}

/* The registers of the sample, in DWARF order. */
static bool
uw_initial_registers(Dwfl_Thread *thread, void *arg)
{
	struct unwind *u = arg;
	Dwarf_Word regs[UW_NREGS];
	uint64_t v;
	int i;

	for (i = 0; i < UW_NREGS; i++) {
		if (!uw_reg(u->s, (unsigned)uw_dwarf2perf[i], &v))
			return false;
		regs[i] = v;
	}
	return dwfl_thread_state_registers(thread, 0, UW_NREGS, regs);
}

static const Dwfl_Thread_Callbacks uw_callbacks = {
	.next_thread = uw_next_thread,
	.memory_read = uw_memory_read,
	.set_initial_registers = uw_initial_registers,
};

/*
 * Report to libdw the file mapped at pc, unless it has it; a different
 * module there makes the session stale.
 */
static void
uw_report(struct unwind *u, uint64_t pc)
{
	struct unwind_map m;
	Dwfl_Module *mod;
	Dwarf_Addr lo;
	const char *file = NULL;
	int fd;

	if (!u->find(u->arg, pc, &m) || m.path == NULL)
		return;
	if ((mod = dwfl_addrmodule(u->dwfl, pc)) != NULL) {
		dwfl_module_info(mod, NULL, &lo, NULL, NULL, NULL, &file, NULL);
		if ((lo != m.start - m.pgoff || file == NULL ||
		    strcmp(file, m.path) != 0) && !u->last)
			u->stale = 1;
		return;
	}
	if ((fd = sym_elf_open(m.path)) < 0)
		return;
	dwfl_report_begin_add(u->dwfl);
	if (dwfl_report_elf(u->dwfl, m.path, m.path, fd, m.start - m.pgoff,
	    false) == NULL)
		close(fd);
	dwfl_report_end(u->dwfl, NULL, NULL);
}

/* Take one frame: its pc, less one for a caller's return address. */
static int
uw_frame(Dwfl_Frame *state, void *arg)
{
	struct unwind *u = arg;
	Dwarf_Addr pc;
	bool activation;

	if (!dwfl_frame_pc(state, &pc, NULL))
		return DWARF_CB_ABORT;
	uw_report(u, pc);
	if (u->stale || !dwfl_frame_pc(state, &pc, &activation))
		return DWARF_CB_ABORT;
	u->ips[u->n++] = activation ? pc : pc - 1;
	return u->n < u->max ? DWARF_CB_OK : DWARF_CB_ABORT;
}

struct unwind *
unwind_new(void)
{
	struct unwind *u = xcalloc(1, sizeof *u);
	Elf64_Ehdr *h = (Elf64_Ehdr *)(void *)u->ehdr;

	elf_version(EV_CURRENT);
	memcpy(h->e_ident, ELFMAG, SELFMAG);
	h->e_ident[EI_CLASS] = ELFCLASS64;
	h->e_ident[EI_DATA] = ELFDATA2LSB;
	h->e_ident[EI_VERSION] = EV_CURRENT;
	h->e_type = ET_CORE;
	h->e_machine = EM_X86_64;
	h->e_version = EV_CURRENT;
	h->e_ehsize = sizeof *h;
	u->machine = elf_memory((char *)u->ehdr, sizeof u->ehdr);
	return u;
}

/* The session of address space key, made new when fresh or not kept. */
static Dwfl *
uw_session(struct unwind *u, const void *key, int fresh)
{
	struct uw_sess *sl = &u->slots[((uintptr_t)key >> 4) % UW_SLOTS];

	if (sl->dwfl != NULL && (sl->key != key || fresh)) {
		dwfl_end(sl->dwfl);
		sl->dwfl = NULL;
	}
	if (sl->dwfl == NULL) {
		sl->key = key;
		if ((sl->dwfl = dwfl_begin(&uw_offline)) == NULL)
			return NULL;
		if (!dwfl_attach_state(sl->dwfl, u->machine, 1, &uw_callbacks,
		    u)) {
			dwfl_end(sl->dwfl);
			sl->dwfl = NULL;
		}
	}
	return sl->dwfl;
}

size_t
unwind_stack(struct unwind *u, const void *key, unwind_find_fn find,
    void *arg, const struct unwind_sample *s, uint64_t *ips, size_t max)
{
	uint64_t ip;
	int try;

	if (max == 0 || u->machine == NULL || !uw_reg(s, UW_PERF_IP, &ip) ||
	    !uw_reg(s, UW_PERF_SP, &u->sp))
		return 0;
	u->find = find;
	u->arg = arg;
	u->s = s;
	u->ips = ips;
	u->max = max;
	for (try = 0; try < 2; try++) {
		u->n = 0;
		u->stale = 0;
		u->last = try == 1;
		if ((u->dwfl = uw_session(u, key, try == 1)) == NULL)
			break;
		dwfl_getthread_frames(u->dwfl, dwfl_pid(u->dwfl), uw_frame, u);
		if (!u->stale)
			break;
	}
	if (u->n == 0)
		ips[u->n++] = ip;	/* the sampled pc, at least */
	return u->n;
}

void
unwind_free(struct unwind *u)
{
	size_t i;

	if (u == NULL)
		return;
	for (i = 0; i < UW_SLOTS; i++)
		if (u->slots[i].dwfl != NULL)
			dwfl_end(u->slots[i].dwfl);
	if (u->machine != NULL)
		elf_end(u->machine);
	free(u);
}
