/*
 * unwind.h: user stacks of --call-graph dwarf samples, unwound from the
 * registers and the copy of the stack a sample carries (libdw), as perf's
 * unwinder does.
 *
 * The caller tells where files are mapped through a callback; the
 * unwinder reads the call frame information of those files and memory
 * outside the stack copy from them. One libdw session is kept per address
 * space (a key the caller chooses) and made again when its maps change.
 */
#ifndef UNWIND_H
#define UNWIND_H

#include <stddef.h>
#include <stdint.h>

/* A file mapped at [start, end) from its offset pgoff. */
struct unwind_map {
	uint64_t start, end, pgoff;
	const char *path;	/* NULL: not a file that can be read */
};

/* Find the map holding addr into *m for arg; 0 when there is none. */
typedef int (*unwind_find_fn)(void *arg, uint64_t addr, struct unwind_map *m);

/* What one sample gives the unwinder. */
struct unwind_sample {
	uint64_t regs_mask;		/* perf's sample_regs_user */
	const unsigned char *regs;	/* one u64 per bit of the mask */
	const unsigned char *stack;	/* the stack from the user sp */
	size_t stacklen;
};

struct unwind;

/* Whether this build can unwind the registers of this machine. */
int unwind_supported(void);
struct unwind *unwind_new(void);
/*
 * Unwind sample s of the address space key (maps found by find with arg)
 * into ips, at most max: the pc first, then each caller's return address
 * less one, as perf prints them. Returns the number of ips.
 */
size_t unwind_stack(struct unwind *, const void *key, unwind_find_fn find,
    void *arg, const struct unwind_sample *s, uint64_t *ips, size_t max);
void unwind_free(struct unwind *);

#endif
