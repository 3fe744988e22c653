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
 * A stream perf record wrote to a pipe (pipe mode) is read the same way,
 * its events told in records before the others (perf-data-header.c); from
 * a pipe it is read as it comes, a round of records at a time, so that
 * `flametui top` can show it live (pd_stream).
 *
 * --call-graph dwarf samples have their user stacks unwound after the
 * kernel's call chain, with the functions inlined at each frame
 * (perf-data-unwind.c), as perf script adds them.
 *
 * What the native reader does not handle (other byte order, sample types
 * it does not know, DWARF call graphs off x86_64, LBR call graphs,
 * compression, tracepoints) is
 * read by running the system's `perf script` on it and streaming what perf
 * prints through the same parser, with a note saying so: no text file is
 * written. The child processes die with flametui (PR_SET_PDEATHSIG).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
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
	for (i = 0; i < n; i++) {
		if (pd_pread(src, off + i * asz, a, (size_t)asz) != asz)
			return -1;
		pd_attr_add(pd, a, (size_t)asz - 16);
		ioff = pd_u64(a + asz - 16);
		isize = pd_u64(a + asz - 8);
		if (ioff > src->size || isize > src->size - ioff)
			return -1;
		for (j = 0; j + 8 <= isize; j += 8) {
			if (pd_pread(src, ioff + j, id, 8) != 8)
				return -1;
			pd_id_add(pd, pd_u64(id));
		}
	}
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
	const char *why;
	int bit, k = 0;

	for (bit = 0; bit < 256; bit++) {
		if (!(pd_u64(h + 72 + 8 * (bit / 64)) >> (bit % 64) & 1))
			continue;
		if ((why = pd_feature_refused(bit)) != NULL)
			return why;
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
		why = pd_feature(pd, bit, buf, (size_t)size);
		free(buf);
		if (why != NULL)
			return why;
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

/* Begin a native read of r into sink. */
static void
pd_start(struct pd *pd, struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d)
{
	memset(pd, 0, sizeof *pd);
	pd->diag = d;
	pd->name = r->name;
	pd->opts = o;
	pd->sink = sink;
}

/* End a native read: the parser's notes, then free it all. */
static void
pd_end(struct pd *pd)
{
	if (pd->begun) {
		fmt_perf_end(&pd->pp);
		pd_dso_notes(pd);
		if (pd->unknown_ctx > 0)
			diag_note(pd->diag, "%llu call chain%s with a context "
			    "perf does not know left empty, as perf script "
			    "leaves %s", (unsigned long long)pd->unknown_ctx,
			    pd->unknown_ctx == 1 ? "" : "s",
			    pd->unknown_ctx == 1 ? "it" : "them");
	}
	pd_free(pd);
}

/*
 * Where the records of a file start and how many bytes they take, from its
 * header h, as far as the file goes.
 */
static void
pd_data_section(struct pd *pd, const struct pd_src *src,
    const unsigned char *h, uint64_t *off, uint64_t *size)
{
	*off = pd_u64(h + 40);
	*size = pd_u64(h + 48);
	if (*off > src->size)
		*off = src->size;
	if (*size == 0 || *size > src->size - *off) {
		if (*size != 0)
			diag_note(pd->diag, "the header says the data runs %llu "
			    "bytes past the end of the file: read to the end",
			    (unsigned long long)(*size - (src->size - *off)));
		*size = src->size - *off;
	}
}

/*
 * Read the header of a file (its events, their names, its features) up to
 * where its records start. Returns 0, -1 with a message in err, or 1 with
 * why in pd->why when perf script must read it instead.
 */
static int
pd_header(struct pd *pd, const struct pd_src *src, uint64_t *off,
    uint64_t *size, char *err, size_t errlen)
{
	unsigned char h[104];

	if (pd_pread(src, 0, h, 16) == 16 && pd_u64(h + 8) == 16) {
		pd->pipe = 1;	/* the events come in records */
		*off = 16;
		*size = src->size - 16;
		return 0;
	}
	if (pd_pread(src, 0, h, sizeof h) != sizeof h ||
	    pd_u64(h + 8) != sizeof h) {
		snprintf(err, errlen, "%s: perf.data header cut short or of "
		    "an unknown size", pd->name);
		return -1;
	}
	if (pd_attrs(pd, src, h) < 0) {
		snprintf(err, errlen, "%s: perf.data header: the attribute "
		    "section is out of the file or malformed", pd->name);
		return -1;
	}
	if ((pd->why = pd_features(pd, src, h)) != NULL || pd_seal(pd) < 0)
		return 1;
	pd_data_section(pd, src, h, off, size);
	return 0;
}

/*
 * Read a perf.data file or stream natively. Returns 0, -1 with a message
 * in err, or 1 with why in *why when perf script must read it instead
 * (then nothing was given to the sink).
 */
static int
pd_native(struct reader *r, const struct pd_src *src,
    const struct parse_opts *o, struct sink *sink, struct diag *d,
    char *err, size_t errlen, const char **why)
{
	uint64_t off = 0, size = 0;
	struct pd pd;
	int ret;

	pd_start(&pd, r, o, sink, d);
	if ((ret = pd_header(&pd, src, &off, &size, err, errlen)) == 0) {
		ret = pd_data(&pd, src, r, off, size, err, errlen);
		if (ret == 0 && !pd.sealed && pd_seal(&pd) < 0)
			ret = 1;
	}
	*why = pd.why;
	pd_end(&pd);
	return ret;
}

/*
 * Read a pipe-mode stream natively as it comes (see pd_stream), else with
 * perf script when the native reader refuses it.
 */
static int
pd_piped(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct pd pd;
	const char *why;
	size_t nkept;
	char *kept;
	int ret;

	pd_start(&pd, r, o, sink, d);
	pd.pipe = 1;
	ret = pd_stream(&pd, r, err, errlen, &kept, &nkept);
	why = pd.why;
	pd_end(&pd);
	if (ret != 1)
		return ret;
	reader_unread(r, kept, nkept);
	free(kept);
	return pd_script(r, o, sink, d, err, errlen, why);
}

/* Read perf.data: natively when it can, else with perf script. */
static int
pd_parse(struct reader *r, const struct parse_opts *o, struct sink *sink,
    struct diag *d, char *err, size_t errlen)
{
	struct pd_src src = { r->fd, NULL, 0 };
	const char *buf, *why = NULL;
	struct stat st;
	/* The magic and the header's size, not more: a pipe trickles. */
	size_t len = reader_peek_some(r, 16, &buf);
	char *copy;
	int ret;

	if (len >= 8 && memcmp(buf, "2ELIFREP", 8) == 0)
		return pd_script(r, o, sink, d, err, errlen,
		    "it is in the other byte order");
	if (r->compressed || fstat(r->fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		if (len >= 16 && pd_u64((const unsigned char *)buf + 8) == 16)
			return pd_piped(r, o, sink, d, err, errlen);
		if (reader_slurp(r, READ_MAX_DOC, &src.mem, &len) < 0) {
			snprintf(err, errlen, "%s", r->errmsg);
			return -1;
		}
		src.size = len;
	} else
		src.size = (uint64_t)st.st_size;
	ret = pd_native(r, &src, o, sink, d, err, errlen, &why);
	if (ret != 1)
		return ret;
	if (src.mem != NULL) {
		/* perf script is fed what was read, again. */
		copy = xmalloc(src.size + 1);
		memcpy(copy, src.mem, (size_t)src.size);
		reader_unread(r, copy, (size_t)src.size);
		free(copy);
	}
	return pd_script(r, o, sink, d, err, errlen, why);
}

/* Every level: symbols, dsos and offsets are in perf.data, lines in DWARF. */
static unsigned
pd_levels(const char *buf, size_t len)
{
	(void)buf;
	(void)len;
	return FRAMES_ALL;
}

const struct format fmt_perf_data = {
	.name = "perf-data",
	.desc = "perf.data, as perf record writes it",
	.producer = "perf record -g -- COMMAND",
	.probe = pd_probe,
	.levels = pd_levels,
	.parse = pd_parse,
};
