/*
 * perf-data-sample.c: a SAMPLE record decoded, its call chain resolved to
 * symbols, and given to the perf script parser as the lines perf script
 * prints for it, so that both paths name frames in one place.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "perf-data.h"

/* Append bytes to the line being built. */
static void
pd_put(struct pd *pd, size_t *len, const char *s, size_t n)
{
	pd->line = xgrow(pd->line, &pd->linecap, *len + n + 1, 1);
	memcpy(pd->line + *len, s, n);
	*len += n;
}

/* Give the perf script parser the line built so far. */
static void
pd_line(struct pd *pd, size_t len)
{
	fmt_perf_line(&pd->pp, pd->line, len, pd->samples);
}

/* A call chain entry's address resolved to its symbol and dso. */
struct pd_loc {
	const struct pd_map *m;	/* NULL: in no map */
	uint64_t addr;		/* in the file of m's dso (or ip) */
	const char *sym;	/* NULL: [unknown] */
	size_t symlen;
	uint64_t off;		/* of addr in sym */
	const char *dso;
	char mod[256];		/* a kernel module's name, when it is dso */
};

/* Resolve ip of map m (NULL for none), its symbols loaded when needed. */
static void
pd_locate(struct pd *pd, const struct pd_map *m, uint64_t ip,
    struct pd_loc *l)
{
	const char *tab;
	uint64_t start = 0;

	l->m = m;
	l->addr = ip;
	l->sym = NULL;
	l->dso = "[unknown]";
	if (m == NULL)
		return;
	l->dso = m->dso->name;
	l->addr = m->dso->identity ? ip : ip - m->start + m->pgoff;
	if (m->dso->kernel && !pd->kloaded)
		pd_kernel_load(pd);
	else if (!m->dso->loaded)
		pd_dso_load(m->dso);
	if (m->dso->unread != NULL && pd->pp.active)
		pd->unread_hit = m->dso->unread_hit = 1;
	if ((l->sym = sym_find_at(&m->dso->syms, l->addr, &start)) == NULL)
		return;
	l->off = l->addr - start;
	l->symlen = strlen(l->sym);
	if ((tab = strchr(l->sym, '\t')) != NULL) {
		/* A module's symbol in kallsyms: "name\t[module]". */
		snprintf(l->mod, sizeof l->mod, "%s", tab + 1);
		l->dso = l->mod;
		l->symlen = (size_t)(tab - l->sym);
	}
}

/*
 * Print a call chain entry's line, "\tADDR NAME+0xOFF (DSO)" (NAME the
 * symbol's, or an inlined function's with its dso "inlined"), and at
 * --frames=line the source line perf script -F +srcline prints under it.
 */
static void
pd_frame_line(struct pd *pd, const struct pd_loc *l, const char *name,
    size_t namelen, const char *dso)
{
	char hex[64];
	size_t len = 0;

	pd_put(pd, &len, "\t", 1);
	pd_put(pd, &len, hex, (size_t)snprintf(hex, sizeof hex, "%16llx ",
	    (unsigned long long)l->addr));
	if (l->sym == NULL)
		pd_put(pd, &len, "[unknown]", 9);
	else {
		pd_put(pd, &len, name, namelen);
		pd_put(pd, &len, hex, (size_t)snprintf(hex, sizeof hex,
		    "+0x%llx", (unsigned long long)l->off));
	}
	pd_put(pd, &len, " (", 2);
	pd_put(pd, &len, dso, strlen(dso));
	pd_put(pd, &len, ")", 1);
	pd_line(pd, len);
	if (pd->pp.opts->frames != FRAMES_LINE || l->m == NULL ||
	    !pd_srcline(l->m->dso, l->addr, hex, sizeof hex))
		return;
	len = 0;
	pd_put(pd, &len, "  ", 2);
	pd_put(pd, &len, hex, strlen(hex));
	pd_line(pd, len);
}

/*
 * Print one call chain entry as perf script prints it, "\tPC SYMBOL+0xOFF
 * (DSO)", into the parser; with the functions inlined there first when
 * inlines (perf adds them to the frames it unwinds, not to call chains).
 */
static void
pd_frame(struct pd *pd, struct pd_thread *t, int cpumode, uint64_t ip,
    int inlines)
{
	const struct pd_map *m = NULL;
	const char *const *inl, *name;
	struct pd_loc l;
	size_t i, n;

	if (cpumode == PD_KERNEL)
		m = pd_map_find(&pd->kmaps, ip);
	else if (cpumode == PD_USER)
		m = pd_map_find(t->maps, ip);
	pd_locate(pd, m, ip, &l);
	if (inlines && l.sym != NULL && l.dso != l.mod &&
	    cpumode == PD_USER && (n = pd_inlines(m->dso, l.addr, &inl)) > 0) {
		for (i = 0; i < n; i++) {
			name = inl[i][0] != '\0' ? inl[i] : l.sym;
			pd_frame_line(pd, &l, name, inl[i][0] != '\0' ?
			    strlen(name) : l.symlen, inl[i][0] == '\0' ||
			    strcmp(name, l.sym) == 0 ? l.dso : "inlined");
		}
		return;
	}
	pd_frame_line(pd, &l, l.sym, l.symlen, l.dso);
}

/* Mix the bits of a key into a hash. */
static uint64_t
pd_hash(uint64_t a, uint64_t b)
{
	uint64_t h = a ^ b * 0x9e3779b97f4a7c15ull;

	h = (h ^ h >> 33) * 0xff51afd7ed558ccdull;
	h = (h ^ h >> 33) * 0xc4ceb9fe1a85ec53ull;
	return h ^ h >> 33;
}

/* The hash slot of the cache entry for (dso, what, java): found, or 0. */
static uint32_t *
pd_fc_slot(struct pd *pd, const struct pd_dso *dso, uint64_t what, int java)
{
	size_t i = (size_t)pd_hash(what, (uint64_t)(uintptr_t)dso << 2 |
	    (uint64_t)java) & (pd->fccap - 1);
	const struct pd_fc *e;

	while (pd->fc[i] != 0) {
		e = &pd->fcv[pd->fc[i] - 1];
		if (e->what == what && e->dso == dso && e->java == java)
			break;
		i = (i + 1) & (pd->fccap - 1);
	}
	return &pd->fc[i];
}

/* Make room for one more cache entry: double the hash when half full. */
static void
pd_fc_grow(struct pd *pd)
{
	size_t i;

	pd->fcv = xgrow(pd->fcv, &pd->fccapv, pd->fcn + 1, sizeof *pd->fcv);
	if (pd->fcn * 2 < pd->fccap)
		return;
	free(pd->fc);
	pd->fccap = pd->fccap ? pd->fccap * 2 : 4096;
	pd->fc = xcalloc(pd->fccap, sizeof *pd->fc);
	for (i = 0; i < pd->fcn; i++)
		*pd_fc_slot(pd, pd->fcv[i].dso, pd->fcv[i].what,
		    pd->fcv[i].java) = (uint32_t)i + 1;
}

/* Give the parser the frames a cache entry holds. */
static void
pd_fc_push(struct pd *pd, const struct pd_fc *e)
{
	const char *p = pd->fctext + e->off;
	uint32_t i, len;

	for (i = 0; i < e->nframes; i++) {
		memcpy(&len, p, sizeof len);
		fmt_perf_push_frame(&pd->pp, p + sizeof len, len);
		p += sizeof len + len;
	}
}

/*
 * Keep in e the frames the parser made of a line (from frames[first] on),
 * or, when the line did more than add frames, that it must be sent again.
 */
static void
pd_fc_keep(struct pd *pd, struct pd_fc *e, size_t first, uint64_t kept,
    uint64_t bad)
{
	const struct perf_parse *pp = &pd->pp;
	size_t i;
	uint32_t len;

	if (!pp->active || pp->kept != kept || pd->diag->bad != bad ||
	    pp->nframes < first) {
		e->nframes = PD_FC_LINE;
		return;
	}
	e->off = pd->fctextlen;
	e->nframes = (uint32_t)(pp->nframes - first);
	for (i = first; i < pp->nframes; i++) {
		len = (uint32_t)pp->frames[i].len;
		pd->fctext = xgrow(pd->fctext, &pd->fctextcap,
		    pd->fctextlen + sizeof len + len, 1);
		memcpy(pd->fctext + pd->fctextlen, &len, sizeof len);
		memcpy(pd->fctext + pd->fctextlen + sizeof len,
		    pp->text + pp->frames[i].off, len);
		pd->fctextlen += sizeof len + len;
	}
}

/*
 * Print one call chain entry as perf script prints it into the parser, and
 * keep the frames it made in e (unless NULL).
 */
static void
pd_chain_line(struct pd *pd, const struct pd_loc *l, struct pd_fc *e)
{
	size_t first = pd->pp.nframes;
	uint64_t kept = pd->pp.kept, bad = pd->diag->bad;

	pd_frame_line(pd, l, l->sym, l->symlen, l->dso);
	if (e != NULL)
		pd_fc_keep(pd, e, first, kept, bad);
}

/*
 * The cache entry for a call chain entry of maps at ip, made when new by
 * sending its line to the parser (*sent set); -1 when its line must be
 * sent every time (then sent too).
 */
static int64_t
pd_fc_find(struct pd *pd, const struct pd_maps *maps, uint64_t ip,
    int *sent)
{
	const struct pd_map *m = pd_map_find(maps, ip);
	enum frames_level level = pd->pp.opts->frames;
	struct pd_loc l;
	uint64_t what;
	uint32_t *slot;
	int java;

	pd_locate(pd, m, ip, &l);
	/* A name, or the address of what has none, where it counts; the
	 * address of everything at the levels that name addresses. */
	what = level == FRAMES_ADDRESS || level == FRAMES_LINE ? l.addr :
	    l.sym != NULL ? (uint64_t)(uintptr_t)l.sym :
	    pd->pp.opts->addrs ? l.addr : 0;
	java = pd->pp.java | (l.sym == NULL) << 1;
	pd_fc_grow(pd);
	slot = pd_fc_slot(pd, m != NULL ? m->dso : NULL, what, java);
	if (*slot != 0 && pd->fcv[*slot - 1].nframes != PD_FC_LINE)
		return *slot - 1;
	*sent = 1;
	if (*slot != 0 || !pd->pp.active) {
		pd_chain_line(pd, &l, NULL);
		return -1;
	}
	*slot = (uint32_t)pd->fcn + 1;
	pd->fcv[pd->fcn] = (struct pd_fc){ m != NULL ? m->dso : NULL, what,
	    java, 0, 0 };
	pd_chain_line(pd, &l, &pd->fcv[pd->fcn++]);
	return pd->fcv[*slot - 1].nframes != PD_FC_LINE ? (int64_t)*slot - 1 : -1;
}

/*
 * One call chain entry into the parser, as the line perf script prints for
 * it would go: the frames of that line are made once per symbol, and found
 * again by the address while the maps stay as they were.
 */
static void
pd_chain_frame(struct pd *pd, struct pd_thread *t, int cpumode, uint64_t ip)
{
	const struct pd_maps *maps = cpumode == PD_KERNEL ? &pd->kmaps :
	    cpumode == PD_USER ? t->maps : &pd->nomaps;
	struct pd_ipc *c;
	int64_t fc;
	int sent = 0;

	if (pd->ipc == NULL)
		pd->ipc = xcalloc(PD_IPC_SIZE, sizeof *pd->ipc);
	c = &pd->ipc[pd_hash(ip, (uint64_t)(uintptr_t)maps) &
	    (PD_IPC_SIZE - 1)];
	if (c->maps == maps && c->ip == ip && c->gen == maps->gen &&
	    c->java == pd->pp.java)
		fc = c->fc;
	else if ((fc = pd_fc_find(pd, maps, ip, &sent)) >= 0)
		*c = (struct pd_ipc){ maps, ip, maps->gen, (uint32_t)fc,
		    pd->pp.java };
	/* A frame line: an inactive sample takes no frames. */
	if (!sent && fc >= 0 && pd->pp.active)
		pd_fc_push(pd, &pd->fcv[fc]);
	if (fc >= 0 && pd->fcv[fc].dso != NULL &&
	    pd->fcv[fc].dso->unread != NULL && pd->pp.active)
		pd->unread_hit = pd->fcv[fc].dso->unread_hit = 1;
}


/* A parsed sample: the fields perf script prints. */
struct pd_sample {
	uint64_t ip, time, period, id, cpu;
	int32_t pid, tid;
	const unsigned char *chain;	/* nchain u64s, or NULL */
	uint64_t nchain;
	struct unwind_sample user;	/* user registers and stack, or none */
};

/* Bytes of a READ field with read_format rf, at p (n bytes left); 0: bad. */
static size_t
pd_read_size(uint64_t rf, const unsigned char *p, size_t n)
{
	size_t per = 8 + (rf & 4 ? 8 : 0) + (rf & 16 ? 8 : 0), head;
	uint64_t nr;

	head = (rf & 1 ? 8 : 0) + (rf & 2 ? 8 : 0);
	if (!(rf & 8))
		return per + head <= n ? per + head : 0;
	if (n < 8 + head)
		return 0;
	nr = pd_u64(p);
	if (nr > (n - 8 - head) / per)
		return 0;
	return 8 + head + (size_t)nr * per;
}

/* Parse a SAMPLE record's body p[0..n) by sample_type st; 0 when bad. */
static int
pd_parse_sample(const struct pd_attr *a, const unsigned char *p, size_t n,
    struct pd_sample *s)
{
	uint64_t st = a->sample_type;
	size_t off = 0, k;

#define PD_TAKE(var) do { if (n - off < 8) return 0; \
	var = pd_u64(p + off); off += 8; } while (0)
	memset(s, 0, sizeof *s);
	s->pid = s->tid = -1;
	if (st & PD_S_IDENTIFIER)
		PD_TAKE(s->id);
	if (st & PD_S_IP)
		PD_TAKE(s->ip);
	if (st & PD_S_TID) {
		if (n - off < 8)
			return 0;
		s->pid = (int32_t)pd_u32(p + off);
		s->tid = (int32_t)pd_u32(p + off + 4);
		off += 8;
	}
	if (st & PD_S_TIME)
		PD_TAKE(s->time);
	if (st & PD_S_ADDR)
		off += 8;
	if (st & PD_S_ID)
		PD_TAKE(s->id);
	if (st & PD_S_STREAM_ID)
		off += 8;
	if (st & PD_S_CPU) {
		PD_TAKE(s->cpu);
		s->cpu &= 0xffffffffu;
	}
	if (st & PD_S_PERIOD)
		PD_TAKE(s->period);
	if (off > n)
		return 0;
	if (st & PD_S_READ) {
		if ((k = pd_read_size(a->read_format, p + off, n - off)) == 0)
			return 0;
		off += k;
	}
	if (st & PD_S_CALLCHAIN) {
		PD_TAKE(s->nchain);
		if (s->nchain > (n - off) / 8)
			return 0;
		s->chain = p + off;
		off += 8 * (size_t)s->nchain;
	}
	if (st & (PD_S_REGS_USER | PD_S_STACK_USER))
		return pd_parse_user(a, p, n, off, &s->user);
#undef PD_TAKE
	return 1;
}

const struct pd_attr *
pd_attr_of(const struct pd *pd, uint64_t id)
{
	size_t lo = 0, hi = pd->nids, mid;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (pd->ids[mid].id < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo < pd->nids && pd->ids[lo].id == id)
		return &pd->attrs[pd->ids[lo].attr];
	return pd->nattrs == 1 ? &pd->attrs[0] : NULL;
}

/* Print a sample as perf script does, into the parser. */
void
pd_sample(struct pd *pd, const unsigned char *p, size_t n)
{
	const struct pd_attr *a = &pd->attrs[0];
	struct pd_sample s;
	struct pd_thread *t;
	char buf[128], tidbuf[16];
	size_t len = 0, i, nr = 0;
	int cpumode = PD_USER;
	uint64_t ip, ips[PD_MAX_STACK];

	if (a->sample_type & PD_S_IDENTIFIER && n >= 8)
		a = pd_attr_of(pd, pd_u64(p));
	if (a == NULL || !pd_parse_sample(a, p, n, &s) ||
	    (pd->nattrs > 1 && (a = pd_attr_of(pd, s.id)) == NULL)) {
		diag_tally(pd->diag, 0, "perf.data: sample record cut short "
		    "or of an unknown event, skipped");
		return;
	}
	pd->samples++;
	t = pd_thread(pd, s.pid, s.tid);
	if (t->comm != NULL)
		pd_put(pd, &len, t->comm, strlen(t->comm));
	else
		pd_put(pd, &len, tidbuf, (size_t)snprintf(tidbuf,
		    sizeof tidbuf, ":%d", (int)s.tid));
	pd_put(pd, &len, buf, (size_t)snprintf(buf, sizeof buf, " %5d",
	    (int)s.tid));
	if (a->sample_type & PD_S_CPU)
		pd_put(pd, &len, buf, (size_t)snprintf(buf, sizeof buf,
		    " [%03u]", (unsigned)s.cpu));
	if (a->sample_type & PD_S_TIME)
		pd_put(pd, &len, buf, (size_t)snprintf(buf, sizeof buf,
		    " %5llu.%06llu:", (unsigned long long)(s.time / 1000000000),
		    (unsigned long long)(s.time % 1000000000 / 1000)));
	if (a->sample_type & PD_S_PERIOD)
		pd_put(pd, &len, buf, (size_t)snprintf(buf, sizeof buf,
		    " %10llu", (unsigned long long)s.period));
	pd_put(pd, &len, " ", 1);
	pd_put(pd, &len, a->name, strlen(a->name));
	pd_put(pd, &len, ": ", 2);
	/*
	 * perf script prints a tracepoint's fields after its name, and then
	 * its parser (as stackcollapse-perf.pl) does not see the event: the
	 * fields' place is marked so that it reads the line the same way.
	 */
	if (a->trace)
		pd_put(pd, &len, "...", 3);
	pd_line(pd, len);
	/* perf drops a chain with a context it does not know. */
	for (i = 0; s.chain != NULL && i < s.nchain && nr < PD_MAX_STACK;
	    i++) {
		ip = pd_u64(s.chain + 8 * i);
		if (ip < PD_CONTEXT_MAX)
			nr++;
		else if (ip != PD_CONTEXT_KERNEL && ip != PD_CONTEXT_USER &&
		    ip != PD_CONTEXT_HV) {
			pd->unknown_ctx++;
			s.chain = NULL;
		}
	}
	for (i = 0, nr = 0; s.chain != NULL && i < s.nchain &&
	    nr < PD_MAX_STACK; i++) {
		ip = pd_u64(s.chain + 8 * i);
		if (ip == PD_CONTEXT_KERNEL)
			cpumode = PD_KERNEL;
		else if (ip == PD_CONTEXT_USER)
			cpumode = PD_USER;
		else if (ip == PD_CONTEXT_HV)
			cpumode = 3;
		else {
			nr++;
			pd_chain_frame(pd, t, cpumode, ip);
		}
	}
	if (s.user.regs != NULL)
		for (i = 0, nr = pd_unwind(pd, t, &s.user, ips, PD_MAX_STACK);
		    i < nr; i++)
			pd_frame(pd, t, PD_USER, ips[i], 1);
	if (pd->unread_hit)
		pd->unread_samples++;
	pd->unread_hit = 0;
	fmt_perf_line(&pd->pp, "", 0, pd->samples);
}
