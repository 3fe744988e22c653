/*
 * perf-data-unwind.c: the user stacks of --call-graph dwarf samples, and
 * the functions inlined at their frames, as perf script adds them.
 *
 * A sample's registers and stack copy, after its call chain, go to the
 * unwinder (unwind.c) with the maps of its process; the frames it finds
 * are resolved as the call chain's are, with the functions inlined there
 * (sym-dwarf.c) first.
 */
#include "config.h"

#include "perf-data.h"

int
pd_parse_user(const struct pd_attr *a, const unsigned char *p, size_t n,
    size_t off, struct unwind_sample *u)
{
	uint64_t st = a->sample_type, v, abi = 0;
	size_t nregs = (size_t)__builtin_popcountll(a->regs_user);

	memset(u, 0, sizeof *u);
	if (st & PD_S_RAW) {
		if (off > n || n - off < 4 || pd_u32(p + off) > n - off - 4)
			return 0;
		off += 4 + pd_u32(p + off);
	}
	if (st & PD_S_BRANCH_STACK) {
		if (off > n || n - off < 8 || (v = pd_u64(p + off)) > (n - off) / 24)
			return 0;
		off += 8 + (a->branch_type & PD_BRANCH_HW_INDEX ? 8 : 0) +
		    24 * (size_t)v;
	}
	if (st & PD_S_REGS_USER) {
		if (off > n || n - off < 8)
			return 0;
		abi = pd_u64(p + off);
		off += 8;
		if (abi != 0) {
			if ((n - off) / 8 < nregs)
				return 0;
			u->regs = p + off;
			u->regs_mask = a->regs_user;
			off += 8 * nregs;
		}
	}
	if (st & PD_S_STACK_USER) {
		if (off > n || n - off < 8 || (v = pd_u64(p + off)) > n - off - 8)
			return 0;
		u->stack = p + off + 8;
		off += 8 + (size_t)v;
		if (v != 0) {
			if (n - off < 8 || pd_u64(p + off) > v)
				return 0;
			u->stacklen = (size_t)pd_u64(p + off);
		}
	}
	/* Only 64-bit registers are unwound (PERF_SAMPLE_REGS_ABI_64). */
	if (abi != 2 || u->stacklen == 0)
		u->regs = NULL;
	return 1;
}

/* The file mapped at addr in thread arg's process, for the unwinder. */
static int
pd_unwind_find(void *arg, uint64_t addr, struct unwind_map *um)
{
	struct pd_thread *t = arg;
	const struct pd_map *m = pd_map_find(t->maps, addr);

	if (m == NULL)
		return 0;
	if (!m->dso->loaded)
		pd_dso_load(m->dso);
	um->start = m->start;
	um->end = m->end;
	um->pgoff = m->pgoff;
	um->path = m->dso->identity ? NULL : m->dso->run;
	return 1;
}

size_t
pd_unwind(struct pd *pd, struct pd_thread *t, const struct unwind_sample *u,
    uint64_t *ips, size_t max)
{
	/* perf unwinds in a process once it has a map. */
	if (t->maps->n == 0)
		return 0;
	if (pd->unwind == NULL)
		pd->unwind = unwind_new();
	return unwind_stack(pd->unwind, t->maps, pd_unwind_find, t, u, ips,
	    max);
}

/* The debug information of the user file d, opened when first asked. */
static struct sym_dwarf *
pd_dwarf(struct pd_dso *d)
{
	if (!d->dwarf_tried) {
		d->dwarf_tried = 1;
		if (d->run != NULL && !d->identity)
			d->dwarf = sym_dwarf_open(d->run);
	}
	return d->dwarf;
}

size_t
pd_inlines(struct pd_dso *d, uint64_t addr, const char *const **names)
{
	return pd_dwarf(d) != NULL ? sym_dwarf_inlines(d->dwarf, addr, names) :
	    0;
}

int
pd_srcline(struct pd_dso *d, uint64_t addr, char *buf, size_t size)
{
	return pd_dwarf(d) != NULL && sym_dwarf_line(d->dwarf, addr, buf,
	    size);
}
