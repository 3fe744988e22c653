/*
 * fmt-perf-data.c: perf.data, the file perf record writes.
 *
 * Recognised by its magic, "PERFILE2", in a file or on a pipe. A file is
 * read natively: its header, the attributes of its events with their names,
 * then its records in time order, as perf script orders them (by round).
 * MMAP, MMAP2, COMM, FORK and KSYMBOL records keep a model of the threads
 * and their maps; each SAMPLE's call chain is resolved against it to the
 * symbols perf script would print (sym-elf.c, sym-kernel.c), and the sample
 * goes through the perf script parser (fmt-perf.c) as the lines perf script
 * would print for it, so that both paths name frames in one place.
 *
 * --call-graph dwarf samples have their user stacks unwound after the
 * kernel's call chain, with the functions inlined at each frame
 * (perf-data-unwind.c), as perf script adds them.
 *
 * What the native reader does not handle (pipe mode, other byte order,
 * sample types it does not know, DWARF call graphs off x86_64, LBR call
 * graphs, compression) is
 * read by running the system's `perf script` on it and streaming what perf
 * prints through the same parser, with a note saying so: no text file is
 * written. The child processes die with flametui (PR_SET_PDEATHSIG).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "perf-data.h"

/* perf.data in the byte order of the host, or of the other one. */
static int
pd_probe(const char *buf, size_t len)
{
	if (len >= 8 && (memcmp(buf, "PERFILE2", 8) == 0 ||
	    memcmp(buf, "2ELIFREP", 8) == 0))
		return 100;
	return 0;
}

/* The name of each event, from the EVENT_DESC feature section. */
static int
pd_event_desc(struct pd *pd, const unsigned char *p, size_t n)
{
	uint32_t nre, sz, nids, len, i;
	size_t off = 8;

	if (n < 8)
		return -1;
	nre = pd_u32(p);
	sz = pd_u32(p + 4);
	for (i = 0; i < nre; i++) {
		if (n - off < (size_t)sz + 8)
			return -1;
		off += sz;
		nids = pd_u32(p + off);
		len = pd_u32(p + off + 4);
		off += 8;
		if (n - off < len || (n - off - len) / 8 < nids)
			return -1;
		if (i < pd->nattrs && pd->attrs[i].name == NULL)
			pd->attrs[i].name = xstrndup((const char *)p + off,
			    strnlen((const char *)p + off, len));
		off += len + 8 * (size_t)nids;
	}
	return 0;
}

/* The build-ids of the files perf saw, from the BUILD_ID section. */
static void
pd_build_ids(struct pd *pd, const unsigned char *p, size_t n)
{
	size_t off = 0, rec, cap = 0, blen;

	while (n - off >= 36) {
		rec = p[off + 6] | (size_t)p[off + 7] << 8;
		if (rec < 36 || rec > n - off)
			break;
		blen = (p[off + 5] & 0x80) ? p[off + 32] : 20;
		if (blen > 20)
			blen = 20;
		pd->bids = xgrow(pd->bids, &cap, pd->nbids + 1,
		    sizeof *pd->bids);
		pd->bids[pd->nbids].name = xstrndup((const char *)p + off + 36,
		    strnlen((const char *)p + off + 36, rec - 36));
		memcpy(pd->bids[pd->nbids].bid, p + off + 12, blen);
		pd->bids[pd->nbids++].len = blen;
		off += rec;
	}
}

/*
 * Why the native reader cannot read the events of the file, or NULL when
 * it can.
 */
static const char *
pd_unsupported(const struct pd *pd)
{
	size_t i;
	uint64_t st0 = pd->attrs[0].sample_type, st;

	for (i = 0; i < pd->nattrs; i++) {
		st = pd->attrs[i].sample_type;
		if (st & ~PD_S_KNOWN)
			return "a sample_type it does not know";
		if ((st & (PD_S_REGS_USER | PD_S_STACK_USER)) &&
		    !unwind_supported())
			return "DWARF call graphs (--call-graph dwarf) are "
			    "unwound natively on x86_64 only";
		if (st & PD_S_BRANCH_STACK)
			return "branch stacks (LBR) are read by perf";
		if (pd->attrs[i].name == NULL)
			return "an event without a name";
		if (pd->nattrs > 1 && !(st & PD_S_IDENTIFIER) &&
		    (st != st0 || !(st & PD_S_ID)))
			return "events with different sample types";
		if (pd->attrs[i].id_all != pd->attrs[0].id_all ||
		    ((st ^ st0) & (PD_S_TID | PD_S_TIME | PD_S_ID |
		    PD_S_STREAM_ID | PD_S_CPU | PD_S_IDENTIFIER)))
			return "events with different sample ids";
	}
	return NULL;
}

/* Order ids. */
static int
pd_id_cmp(const void *a, const void *b)
{
	const struct pd_id *x = a, *y = b;

	return x->id < y->id ? -1 : x->id > y->id;
}

/* Read the attributes section: each event's sample type and ids. */
static int
pd_attrs(struct pd *pd, const struct pd_src *src, const unsigned char *h)
{
	uint64_t asz = pd_u64(h + 16), off = pd_u64(h + 24), size = pd_u64(h + 32);
	uint64_t ioff, isize, j;
	unsigned char a[4096 + 16], id[8];
	size_t i, n;

	if (asz < 64 + 16 || asz > sizeof a || size % asz != 0 ||
	    size / asz == 0 || size / asz > 4096 || off > src->size ||
	    size > src->size - off)
		return -1;
	n = (size_t)(size / asz);
	pd->attrs = xcalloc(n, sizeof *pd->attrs);
	pd->nattrs = n;
	for (i = 0; i < n; i++) {
		if (pd_pread(src, off + i * asz, a, (size_t)asz) != asz)
			return -1;
		pd->attrs[i].sample_type = pd_u64(a + 24);
		pd->attrs[i].read_format = pd_u64(a + 32);
		pd->attrs[i].id_all = (int)(pd_u64(a + 40) >> 18 & 1);
		if (asz - 16 >= 88) {
			pd->attrs[i].branch_type = pd_u64(a + 72);
			pd->attrs[i].regs_user = pd_u64(a + 80);
		}
		ioff = pd_u64(a + asz - 16);
		isize = pd_u64(a + asz - 8);
		if (ioff > src->size || isize > src->size - ioff)
			return -1;
		for (j = 0; j + 8 <= isize; j += 8) {
			if (pd_pread(src, ioff + j, id, 8) != 8)
				return -1;
			pd->ids = xgrow(pd->ids, &pd->capids, pd->nids + 1,
			    sizeof *pd->ids);
			pd->ids[pd->nids++] = (struct pd_id){ pd_u64(id), i };
		}
	}
	if (pd->nids > 1)
		qsort(pd->ids, pd->nids, sizeof *pd->ids, pd_id_cmp);
	return 0;
}

/*
 * Read the feature sections after the data: event names and build-ids.
 * Returns NULL, or why the file cannot be read natively.
 */
static const char *
pd_features(struct pd *pd, const struct pd_src *src, const unsigned char *h)
{
	uint64_t at = pd_u64(h + 40) + pd_u64(h + 48), off, size;
	unsigned char sec[16], *buf;
	int bit, k = 0;

	for (bit = 0; bit < 256; bit++) {
		if (!(pd_u64(h + 72 + 8 * (bit / 64)) >> (bit % 64) & 1))
			continue;
		if (bit == PD_FEAT_AUXTRACE || bit == PD_FEAT_DIR_FORMAT ||
		    bit == PD_FEAT_COMPRESSED)
			return "AUX trace data, a directory or compressed "
			    "records are read by perf";
		if (pd_pread(src, at + 16 * (uint64_t)k++, sec, 16) != 16)
			return "its feature sections are cut short";
		if (bit != PD_FEAT_EVENT_DESC && bit != PD_FEAT_BUILD_ID)
			continue;
		off = pd_u64(sec);
		size = pd_u64(sec + 8);
		if (off > src->size || size > src->size - off ||
		    size > (64u << 20))
			return "a feature section lies past the end of the file";
		buf = xmalloc(size + 1);
		if (pd_pread(src, off, buf, (size_t)size) != size) {
			free(buf);
			return "its feature sections are cut short";
		}
		if (bit == PD_FEAT_BUILD_ID)
			pd_build_ids(pd, buf, (size_t)size);
		else if (pd_event_desc(pd, buf, (size_t)size) < 0) {
			free(buf);
			return "its event descriptions cannot be read";
		}
		free(buf);
	}
	return NULL;
}

/* Free everything of a native read. */
static void
pd_free(struct pd *pd)
{
	size_t i;

	pd_model_free(pd);
	for (i = 0; i < pd->nattrs; i++)
		free(pd->attrs[i].name);
	free(pd->attrs);
	for (i = 0; i < pd->nbids; i++)
		free(pd->bids[i].name);
	free(pd->bids);
	free(pd->ids);
	free(pd->q);
	free(pd->qtmp);
	free(pd->runs);
	free(pd->line);
	free(pd->fc);
	free(pd->fcv);
	free(pd->ipc);
	free(pd->fctext);
}

/*
 * Read a perf.data file natively. Returns 0, -1 with a message in err, or
 * 1 with why in *why when perf script must read it instead.
 */
static int
pd_native(struct reader *r, const struct pd_src *src,
    const struct parse_opts *o, struct sink *sink, struct diag *d,
    char *err, size_t errlen, const char **why)
{
	unsigned char h[104];
	uint64_t off, size;
	struct pd pd;
	int ret;

	if (pd_pread(src, 0, h, sizeof h) != sizeof h ||
	    pd_u64(h + 8) != sizeof h) {
		snprintf(err, errlen, "%s: perf.data header cut short or of "
		    "an unknown size", r->name);
		return -1;
	}
	memset(&pd, 0, sizeof pd);
	pd.diag = d;
	pd.name = r->name;
	if (pd_attrs(&pd, src, h) < 0) {
		pd_free(&pd);
		snprintf(err, errlen, "%s: perf.data header: the attribute "
		    "section is out of the file or malformed", r->name);
		return -1;
	}
	if ((*why = pd_features(&pd, src, h)) != NULL ||
	    (*why = pd_unsupported(&pd)) != NULL) {
		pd_free(&pd);
		return 1;
	}
	/* perf names the idle task, as its session does. */
	pd_set_comm(pd_thread(&pd, 0, 0), "swapper", 7);
	fmt_perf_begin(&pd.pp, o, sink, d);
	off = pd_u64(h + 40);
	size = pd_u64(h + 48);
	if (off > src->size)
		off = src->size;
	if (size == 0 || size > src->size - off) {
		if (size != 0)
			diag_note(d, "the header says the data runs %llu bytes "
			    "past the end of the file: read to the end",
			    (unsigned long long)(size - (src->size - off)));
		size = src->size - off;
	}
	ret = pd_data(&pd, src, r, off, size, err, errlen);
	fmt_perf_end(&pd.pp);
	if (pd.unknown_ctx > 0)
		diag_note(d, "%llu call chains with a context perf does not "
		    "know left empty, as perf script leaves them",
		    (unsigned long long)pd.unknown_ctx);
	pd_free(&pd);
	return ret;
}

/* Read perf.data: natively when it can, else with perf script. */
static int
pd_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct pd_src src = { r->fd, NULL, 0 };
	const char *buf, *why = NULL;
	struct stat st;
	size_t len = reader_peek(r, &buf);
	int ret;

	if (len >= 8 && memcmp(buf, "2ELIFREP", 8) == 0)
		return pd_script(r, o, sink, d, err, errlen,
		    "it is in the other byte order");
	if (len >= 16 && pd_u64((const unsigned char *)buf + 8) == 16)
		return pd_script(r, o, sink, d, err, errlen,
		    "it was written to a pipe");
	if (r->compressed || fstat(r->fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (reader_slurp(r, READ_MAX_DOC, &src.mem, &len) < 0) {
			snprintf(err, errlen, "%s", r->errmsg);
			return -1;
		}
		src.size = len;
	} else
		src.size = (uint64_t)st.st_size;
	ret = pd_native(r, &src, o, sink, d, err, errlen, &why);
	if (ret == 1)
		return pd_script(r, o, sink, d, err, errlen, why);
	return ret;
}

const struct format fmt_perf_data = {
	.name = "perf-data",
	.desc = "perf.data, as perf record writes it",
	.producer = "perf record -g -- COMMAND",
	.probe = pd_probe,
	.parse = pd_parse,
};
