/*
 * perf-data-header.c: what perf.data says of its events before its
 * records: each event's attributes, ids and name, the build-ids of its
 * files, and whether this reader can read it. A file says it in its
 * header and sections (fmt-perf-data.c); a pipe in records, which come
 * first in the stream (pd_header_record()).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "perf-data.h"

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
		/* Without an id first and last, a record's layout is
		 * unknown until its event is. */
		if (pd->attrs[i].id_all != pd->attrs[0].id_all ||
		    (((st ^ st0) & (PD_S_TID | PD_S_TIME | PD_S_ID |
		    PD_S_STREAM_ID | PD_S_CPU)) && !(st & st0 &
		    PD_S_IDENTIFIER)) || ((st ^ st0) & PD_S_IDENTIFIER))
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

void
pd_attr_add(struct pd *pd, const unsigned char *a, size_t size)
{
	struct pd_attr *e;

	pd->attrs = xgrow(pd->attrs, &pd->capattrs, pd->nattrs + 1,
	    sizeof *pd->attrs);
	e = &pd->attrs[pd->nattrs++];
	memset(e, 0, sizeof *e);
	if (size >= 48) {
		e->trace = pd_u32(a) == 2;	/* PERF_TYPE_TRACEPOINT */
		e->sample_type = pd_u64(a + 24);
		e->read_format = pd_u64(a + 32);
		e->id_all = (int)(pd_u64(a + 40) >> 18 & 1);
	}
	if (size >= 88) {
		e->branch_type = pd_u64(a + 72);
		e->regs_user = pd_u64(a + 80);
	}
}

void
pd_id_add(struct pd *pd, uint64_t id)
{
	pd->ids = xgrow(pd->ids, &pd->capids, pd->nids + 1, sizeof *pd->ids);
	pd->ids[pd->nids++] = (struct pd_id){ id, pd->nattrs - 1 };
}

const char *
pd_feature_refused(int bit)
{
	if (bit == PD_FEAT_AUXTRACE || bit == PD_FEAT_DIR_FORMAT ||
	    bit == PD_FEAT_COMPRESSED)
		return "AUX trace data, a directory or compressed records are "
		    "read by perf";
	return NULL;
}

const char *
pd_feature(struct pd *pd, int bit, const unsigned char *p, size_t n)
{
	const char *why;

	if ((why = pd_feature_refused(bit)) != NULL)
		return why;
	if (bit == PD_FEAT_BUILD_ID)
		pd_build_ids(pd, p, n);
	else if (bit == PD_FEAT_EVENT_DESC && pd_event_desc(pd, p, n) < 0)
		return "its event descriptions cannot be read";
	return NULL;
}

int
pd_seal(struct pd *pd)
{
	pd->sealed = 1;
	if (pd->why == NULL && pd->nattrs == 0)
		pd->why = "its events are not described before its records";
	if (pd->why == NULL)
		pd->why = pd_unsupported(pd);
	if (pd->why != NULL)
		return -1;
	if (pd->nids > 1)
		qsort(pd->ids, pd->nids, sizeof *pd->ids, pd_id_cmp);
	/* perf names the idle task, as its session does. */
	pd_set_comm(pd_thread(pd, 0, 0), "swapper", 7);
	fmt_perf_begin(&pd->pp, pd->opts, pd->sink, pd->diag);
	pd->begun = 1;
	return 0;
}

/* A pipe's HEADER_ATTR record: an event's attributes, then its ids. */
static void
pd_pipe_attr(struct pd *pd, const unsigned char *p, size_t len)
{
	size_t asz, off;

	if (len < 16 || (asz = pd_u32(p + 12)) < 48 || asz > len - 8) {
		pd->why = "an event's attributes are cut short";
		return;
	}
	if (pd->nattrs == 4096) {
		pd->why = "more than 4096 events";
		return;
	}
	pd_attr_add(pd, p + 8, asz);
	for (off = 8 + asz; off + 8 <= len; off += 8)
		pd_id_add(pd, pd_u64(p + off));
}

/* A pipe's EVENT_UPDATE record: the name of the event of an id. */
static void
pd_pipe_update(struct pd *pd, const unsigned char *p, size_t len)
{
	uint64_t id;
	size_t i;

	if (len <= 24 || pd_u64(p + 8) != 2)	/* PERF_EVENT_UPDATE__NAME */
		return;
	id = pd_u64(p + 16);
	for (i = 0; i < pd->nids; i++)
		if (pd->ids[i].id == id && pd->attrs[pd->ids[i].attr].name ==
		    NULL) {
			pd->attrs[pd->ids[i].attr].name = xstrndup(
			    (const char *)p + 24, strnlen((const char *)p + 24,
			    len - 24));
			return;
		}
}

void
pd_header_record(struct pd *pd, const unsigned char *p, size_t len)
{
	unsigned type = pd_u32(p);

	if (pd->sealed) {
		if (type == PD_HEADER_TRACING_DATA || type == PD_AUXTRACE ||
		    type == PD_COMPRESSED || type == PD_COMPRESSED2)
			diag_tally(pd->diag, 0, "perf.data: records this "
			    "reader cannot read (tracing data, AUX or "
			    "compressed) after the first sample, left out");
		return;
	}
	switch (type) {
	case PD_HEADER_ATTR:
		pd_pipe_attr(pd, p, len);
		break;
	case PD_EVENT_UPDATE:
		pd_pipe_update(pd, p, len);
		break;
	case PD_HEADER_FEATURE:
		if (len >= 16 && pd_u64(p + 8) < 256)
			pd->why = pd_feature(pd, (int)pd_u64(p + 8), p + 16,
			    len - 16);
		break;
	case PD_HEADER_TRACING_DATA:
		pd->why = "tracepoint data is read by perf";
		break;
	case PD_AUXTRACE:
	case PD_COMPRESSED:
	case PD_COMPRESSED2:
		pd->why = "AUX trace data or compressed records are read by "
		    "perf";
		break;
	}
}
