/*
 * perf-data-model.c: what the side-band records of perf.data say: the
 * threads, their comms and maps, and the DSOs mapped, with their symbols
 * loaded when first needed, as perf's own session keeps them.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf-data.h"

/* The thread slot for tid in the hash (found or empty). */
static struct pd_thread **
pd_thread_slot(struct pd *pd, int32_t tid)
{
	size_t i = ((uint32_t)tid * 2654435761u) & (pd->tcap - 1);

	while (pd->threads[i] != NULL && pd->threads[i]->tid != tid)
		i = (i + 1) & (pd->tcap - 1);
	return &pd->threads[i];
}

/* Grow the thread hash when it is half full. */
static void
pd_thread_grow(struct pd *pd)
{
	struct pd_thread **old = pd->threads;
	size_t i, cap = pd->tcap;

	if (pd->tn * 2 < pd->tcap)
		return;
	pd->tcap = cap ? cap * 2 : 1024;
	pd->threads = xcalloc(pd->tcap, sizeof *pd->threads);
	for (i = 0; i < cap; i++)
		if (old[i] != NULL)
			*pd_thread_slot(pd, old[i]->tid) = old[i];
	free(old);
}

/* A new, empty set of maps for a process. */
static struct pd_maps *
pd_maps_new(struct pd *pd)
{
	struct pd_maps *m = xcalloc(1, sizeof *m);

	pd->procs = xgrow(pd->procs, &pd->capprocs, pd->nprocs + 1,
	    sizeof *pd->procs);
	pd->procs[pd->nprocs++] = m;
	return m;
}

/* The thread tid of process pid, made as perf makes it when new. */
struct pd_thread *
pd_thread(struct pd *pd, int32_t pid, int32_t tid)
{
	struct pd_thread **slot, *t, *leader;

	pd_thread_grow(pd);
	slot = pd_thread_slot(pd, tid);
	if (*slot != NULL) {
		if ((*slot)->pid == -1 && pid != -1)
			(*slot)->pid = pid;
		return *slot;
	}
	t = xcalloc(1, sizeof *t);
	t->pid = pid;
	t->tid = tid;
	*slot = t;
	pd->tn++;
	if (pid != tid && pid != -1) {
		leader = pd_thread(pd, pid, pid);
		t->maps = leader->maps;
	} else
		t->maps = pd_maps_new(pd);
	return t;
}

/* Set a thread's comm. */
void
pd_set_comm(struct pd_thread *t, const char *comm, size_t len)
{
	free(t->comm);
	t->comm = xstrndup(comm, strnlen(comm, len));
	t->comm_set = 1;
}

/* Insert a map, cutting the maps it overlaps as perf does. */
static void
pd_map_insert(struct pd_maps *m, struct pd_map nw)
{
	struct pd_map keep[2];
	size_t i, j, nkeep, lo = 0, hi = m->n, mid;

	m->gen++;
	/* The maps are sorted and apart: the first that may overlap. */
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->v[mid].end <= nw.start)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (i = lo; i < m->n && m->v[i].start < nw.end;) {
		struct pd_map *o = &m->v[i];

		if (o->end <= nw.start) {
			i++;
			continue;
		}
		nkeep = 0;
		if (o->start < nw.start) {
			keep[nkeep] = *o;
			keep[nkeep++].end = nw.start;
		}
		if (o->end > nw.end) {
			keep[nkeep] = *o;
			keep[nkeep].start = nw.end;
			if (!o->dso->identity)
				keep[nkeep].pgoff += nw.end - o->start;
			nkeep++;
		}
		memmove(o, o + 1, (m->n - i - 1) * sizeof *o);
		m->n--;
		for (j = 0; j < nkeep; j++) {
			m->v = xgrow(m->v, &m->cap, m->n + 1, sizeof *m->v);
			memmove(m->v + i + 1, m->v + i, (m->n - i) * sizeof *m->v);
			m->v[i++] = keep[j];
			m->n++;
		}
	}
	for (i = lo < m->n ? lo : m->n; i < m->n && m->v[i].start < nw.start;
	    i++)
		;
	while (i > 0 && m->v[i - 1].start > nw.start)
		i--;
	m->v = xgrow(m->v, &m->cap, m->n + 1, sizeof *m->v);
	memmove(m->v + i + 1, m->v + i, (m->n - i) * sizeof *m->v);
	m->v[i] = nw;
	m->n++;
}

/* The map holding addr, or NULL. */
const struct pd_map *
pd_map_find(const struct pd_maps *m, uint64_t addr)
{
	size_t lo = 0, hi = m->n, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (m->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo > 0 && addr < m->v[lo - 1].end)
		return &m->v[lo - 1];
	return NULL;
}

/* The dso called name, made when new. */
static struct pd_dso *
pd_dso(struct pd *pd, const char *name)
{
	struct pd_dso *d;
	size_t i;

	for (i = pd->ndsos; i > 0; i--)
		if (strcmp(pd->dsos[i - 1]->name, name) == 0)
			return pd->dsos[i - 1];
	d = xcalloc(1, sizeof *d);
	d->name = xstrdup(name);
	for (i = 0; i < pd->nbids; i++)
		if (strcmp(pd->bids[i].name, name) == 0) {
			memcpy(d->bid, pd->bids[i].bid, pd->bids[i].len);
			d->bidlen = pd->bids[i].len;
		}
	pd->dsos = xgrow(pd->dsos, &pd->capdsos, pd->ndsos + 1,
	    sizeof *pd->dsos);
	pd->dsos[pd->ndsos++] = d;
	return d;
}

/* Where perf keeps its cache of binaries by build-id. */
static const char *
pd_buildid_dir(char *buf, size_t size)
{
	const char *dir = getenv("PERF_BUILDID_DIR"), *home = getenv("HOME");

	if (dir != NULL && dir[0] != '\0')
		return dir;
	snprintf(buf, size, "%s/.debug", home != NULL ? home : "");
	return buf;
}

/*
 * Read a dso's symbols from the first file perf would take them from: the
 * build-id cache, the debug files, then the file itself; .symtab first.
 */
void
pd_dso_load(struct pd_dso *d)
{
	char cache[4096], hex[41], *c[8];
	unsigned char fbid[20];
	const char *dir, *run;
	size_t i, n = 0;
	int pass, recorded;

	d->loaded = 1;
	if (strncmp(d->name, "/tmp/perf-", 10) == 0) {
		sym_jit_load(&d->syms, d->name);
		return;
	}
	recorded = d->bidlen > 0;
	if (d->bidlen == 0 && d->name[0] == '/')
		d->bidlen = sym_elf_build_id(d->name, d->bid, sizeof d->bid);
	for (i = 0; i < d->bidlen; i++)
		snprintf(hex + 2 * i, 3, "%02x", d->bid[i]);
	if (d->bidlen > 0) {
		dir = pd_buildid_dir(cache, sizeof cache);
		c[n++] = xasprintf("%s/.build-id/%.2s/%s/elf", dir, hex, hex + 2);
		c[n++] = xasprintf("%s/.build-id/%.2s/%s/vdso", dir, hex,
		    hex + 2);
		c[n++] = xasprintf("%s/.build-id/%.2s/%s/debug", dir, hex,
		    hex + 2);
	}
	if (d->name[0] == '/') {
		c[n++] = xasprintf("/usr/lib/debug%s.debug", d->name);
		c[n++] = xasprintf("/usr/lib/debug%s", d->name);
	}
	if (d->bidlen > 0)
		c[n++] = xasprintf("/usr/lib/debug/.build-id/%.2s/%s.debug",
		    hex, hex + 2);
	if (d->name[0] == '/')
		c[n++] = xstrdup(d->name);
	/* The file that runs: the cached copy, else the file itself. */
	run = d->name;
	for (i = 0; i < n && d->bidlen > 0 && i < 2; i++)
		if (access(c[i], R_OK) == 0) {
			run = c[i];
			break;
		}
	if (run[0] == '/' && access(run, R_OK) == 0)
		d->run = xstrdup(run);
	for (pass = 1; pass >= 0; pass--)
		for (i = 0; i < n; i++)
			if (sym_elf_load(&d->syms, c[i], d->bid, d->bidlen,
			    pass, run) >= 0)
				goto plt;
	/* perf reads its own vdso for one it has no copy of. */
	if (d->bidlen == 0 && strcmp(d->name, "[vdso]") == 0)
		sym_elf_load_vdso(&d->syms);
	else if (d->name[0] == '/')
		d->unread = access(d->name, F_OK) != 0 ? "gone" : recorded &&
		    (sym_elf_build_id(d->name, fbid, sizeof fbid) != d->bidlen ||
		    memcmp(fbid, d->bid, d->bidlen) != 0) ? "changed" :
		    "unreadable";
	goto out;
plt:
	/* The PLT's made-up symbols come from the runtime file. */
	if (d->syms.n > 0)
		for (i = 0; i < n; i++)
			if (sym_elf_plt_load(&d->syms, c[i], d->bid,
			    d->bidlen) == 0)
				break;
out:
	for (i = 0; i < n; i++)
		free(c[i]);
}

void
pd_dso_notes(struct pd *pd)
{
	char buf[600];
	const struct pd_dso *d;
	size_t i, n = 0, files = 0;

	for (i = 0; i < pd->ndsos; i++) {
		if (!(d = pd->dsos[i])->unread_hit)
			continue;
		if (files++ < 3 && n < sizeof buf)
			n += (size_t)snprintf(buf + n, sizeof buf - n, "%s%s (%s)",
			    files > 1 ? ", " : "", d->name,
			    strcmp(d->unread, "gone") == 0 ? "no longer there" :
			    strcmp(d->unread, "changed") == 0 ? "changed since "
			    "the recording: another build-id" : "not an ELF "
			    "file it can read");
	}
	if (files > 3 && n < sizeof buf)
		snprintf(buf + n, sizeof buf - n, " and %zu more", files - 3);
	if (files > 0)
		diag_note(pd->diag, "%llu sample%s ha%s frames in %zu file%s "
		    "with no copy in the build-id cache, left [unknown] as "
		    "perf script leaves them: %s",
		    (unsigned long long)pd->unread_samples,
		    pd->unread_samples == 1 ? "" : "s",
		    pd->unread_samples == 1 ? "s" : "ve", files,
		    files == 1 ? "" : "s", buf);
}

/* Load the kernel's symbols, once. */
void
pd_kernel_load(struct pd *pd)
{
	pd->kloaded = 1;
	if (pd->kernel != NULL)
		sym_kernel_load(&pd->kernel->syms, NULL);
}

/* Is filename anonymous memory, which perf names /tmp/perf-PID.map? */
static int
pd_anon(const char *f)
{
	return strcmp(f, "//anon") == 0 || strncmp(f, "/dev/zero", 9) == 0 ||
	    strncmp(f, "/anon_hugepage", 14) == 0;
}

/* Take an MMAP or MMAP2 record. */
void
pd_mmap(struct pd *pd, const unsigned char *p, size_t len, int v2,
    unsigned misc)
{
	size_t fo = v2 ? 72 : 40;
	struct pd_map m;
	struct pd_thread *t;
	char name[4200];
	const char *f;
	int32_t pid;

	if (len <= fo)
		return;
	pid = (int32_t)pd_u32(p + 8);
	m.start = pd_u64(p + 16);
	m.end = m.start + pd_u64(p + 24);
	m.pgoff = pd_u64(p + 32);
	f = (const char *)p + fo;
	snprintf(name, sizeof name, "%.*s", (int)strnlen(f, len - fo), f);
	if ((misc & 7) == PD_KERNEL) {
		if (strncmp(name, "[kernel.kallsyms]", 17) == 0) {
			m.dso = pd->kernel = pd_dso(pd, "[kernel.kallsyms]");
			m.dso->kernel = m.dso->identity = 1;
			/* perf's kernel map reaches the top, init text too. */
			m.end = UINT64_MAX;
		} else
			return;	/* modules: not read natively */
		pd_map_insert(&pd->kmaps, m);
		return;
	}
	t = pd_thread(pd, pid, (int32_t)pd_u32(p + 12));
	if (pd_anon(name))
		snprintf(name, sizeof name, "/tmp/perf-%d.map", (int)pid);
	m.dso = pd_dso(pd, name);
	if (v2 && (misc & (1u << 14)) && p[40] <= 20 && m.dso->bidlen == 0) {
		memcpy(m.dso->bid, p + 44, p[40]);
		m.dso->bidlen = p[40];
	}
	if (pd_anon(f) || strncmp(name, "[stack", 6) == 0 ||
	    strncmp(name, "/SYSV", 5) == 0 || strcmp(name, "[heap]") == 0 ||
	    strncmp(name, "/tmp/perf-", 10) == 0) {
		m.dso->identity = 1;
		/* A JIT's symbols are in its map file, read when needed. */
		if (strncmp(name, "/tmp/perf-", 10) != 0)
			m.dso->loaded = 1;
	}
	if (strcmp(name, "[vdso]") == 0)
		m.pgoff = 0;
	if (m.dso->identity)
		m.pgoff = 0;
	pd_map_insert(t->maps, m);
}

/* Forget thread tid, if known, as perf removes a thread a fork replaces. */
static void
pd_thread_forget(struct pd *pd, int32_t tid)
{
	struct pd_thread **slot = pd_thread_slot(pd, tid), **next;
	size_t i, j;

	if (*slot == NULL)
		return;
	free((*slot)->comm);
	free(*slot);
	*slot = NULL;
	pd->tn--;
	/* Open addressing: put back the threads that follow in the run. */
	i = (size_t)(slot - pd->threads);
	for (j = (i + 1) & (pd->tcap - 1); pd->threads[j] != NULL;
	    j = (j + 1) & (pd->tcap - 1)) {
		struct pd_thread *t = pd->threads[j];

		pd->threads[j] = NULL;
		next = pd_thread_slot(pd, t->tid);
		*next = t;
	}
}

/*
 * Take a FORK record: the child gets the parent's comm and, for a new
 * process, a copy of its maps, unless perf made the record up for a task
 * already running (PERF_RECORD_MISC_FORK_EXEC), whose maps follow.
 */
void
pd_fork(struct pd *pd, const unsigned char *p, size_t len, unsigned misc)
{
	int32_t pid, ppid, tid, ptid;
	struct pd_thread *parent, *t;

	if (len < 24)
		return;
	pid = (int32_t)pd_u32(p + 8);
	ppid = (int32_t)pd_u32(p + 12);
	tid = (int32_t)pd_u32(p + 16);
	ptid = (int32_t)pd_u32(p + 20);
	parent = pd_thread(pd, ppid, ptid);
	if (parent->pid != ppid) {
		pd_thread_forget(pd, ptid);
		parent = pd_thread(pd, ppid, ptid);
	}
	pd_thread_forget(pd, tid);
	t = pd_thread(pd, pid, tid);
	if (pid != ppid && pid == tid && !(misc & (1u << 13))) {
		t->maps->v = xgrow(t->maps->v, &t->maps->cap,
		    parent->maps->n + 1, sizeof *t->maps->v);
		if (parent->maps->n > 0)
			memcpy(t->maps->v, parent->maps->v,
			    parent->maps->n * sizeof *t->maps->v);
		t->maps->n = parent->maps->n;
		t->maps->gen++;
	}
	if (parent->comm_set)
		pd_set_comm(t, parent->comm, strlen(parent->comm));
}

/* Take a KSYMBOL record: a BPF program or other kernel text. */
void
pd_ksymbol(struct pd *pd, const unsigned char *p, size_t len)
{
	struct pd_map m;
	char name[512];

	if (len <= 24 || (pd_u32(p + 20) >> 16 & 1))
		return;		/* unregistered */
	snprintf(name, sizeof name, "%.*s",
	    (int)strnlen((const char *)p + 24, len - 24),
	    (const char *)p + 24);
	m.start = pd_u64(p + 8);
	m.end = m.start + pd_u32(p + 16);
	m.pgoff = 0;
	m.dso = pd_dso(pd, name);
	if (!m.dso->loaded) {
		m.dso->loaded = m.dso->identity = 1;
		sym_add(&m.dso->syms, m.start, m.end - m.start, SYM_GLOBAL,
		    name);
		sym_finish(&m.dso->syms, 0);
	}
	pd_map_insert(&pd->kmaps, m);
}

/* Free the threads, maps and dsos. */
void
pd_model_free(struct pd *pd)
{
	size_t i;

	unwind_free(pd->unwind);
	for (i = 0; i < pd->tcap; i++)
		if (pd->threads[i] != NULL) {
			free(pd->threads[i]->comm);
			free(pd->threads[i]);
		}
	free(pd->threads);
	for (i = 0; i < pd->nprocs; i++) {
		free(pd->procs[i]->v);
		free(pd->procs[i]);
	}
	free(pd->procs);
	for (i = 0; i < pd->ndsos; i++) {
		sym_free(&pd->dsos[i]->syms);
		sym_dwarf_free(pd->dsos[i]->dwarf);
		free(pd->dsos[i]->run);
		free(pd->dsos[i]->name);
		free(pd->dsos[i]);
	}
	free(pd->dsos);
	free(pd->kmaps.v);
}
