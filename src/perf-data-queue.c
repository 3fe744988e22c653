/*
 * perf-data-queue.c: the records of perf.data's data section, read a buffer
 * at a time and put in time order, as perf script orders them (by round),
 * then handed to the model or, for samples, to perf-data-sample.c.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "perf-data.h"

/* Take one record, in time order. */
static void
pd_deliver(struct pd *pd, const unsigned char *p, size_t len)
{
	unsigned type = pd_u32(p), misc = p[4] | (unsigned)p[5] << 8;

	switch (type) {
	case PD_SAMPLE:
		pd_sample(pd, p + 8, len - 8);
		break;
	case PD_MMAP:
	case PD_MMAP2:
		pd_mmap(pd, p, len, type == PD_MMAP2, misc);
		break;
	case PD_COMM:
		if (len > 16)
			pd_set_comm(pd_thread(pd, (int32_t)pd_u32(p + 8),
			    (int32_t)pd_u32(p + 12)), (const char *)p + 16,
			    len - 16);
		break;
	case PD_FORK:
		pd_fork(pd, p, len, misc);
		break;
	case PD_KSYMBOL:
		pd_ksymbol(pd, p, len);
		break;
	}
}

/* The time of a record, or UINT64_MAX when it has none. */
static uint64_t
pd_time(const struct pd *pd, const unsigned char *p, size_t len)
{
	const struct pd_attr *a = &pd->attrs[0];
	uint64_t st = a->sample_type, after;
	size_t off;

	if (!(st & PD_S_TIME))
		return UINT64_MAX;
	if (pd_u32(p) == PD_SAMPLE) {
		off = 8 + (st & PD_S_IDENTIFIER ? 8 : 0) + (st & PD_S_IP ? 8 : 0) +
		    (st & PD_S_TID ? 8 : 0);
		return off + 8 <= len ? pd_u64(p + off) : UINT64_MAX;
	}
	if (!a->id_all)
		return UINT64_MAX;
	after = st & (PD_S_ID | PD_S_STREAM_ID | PD_S_CPU | PD_S_IDENTIFIER);
	off = 8 + 8 * (size_t)__builtin_popcountll(after);
	return len >= 8 + off ? pd_u64(p + len - off) : UINT64_MAX;
}

/* Order queued records by time, then as they came. */
static int
pd_ev_cmp(const void *a, const void *b)
{
	const struct pd_ev *x = a, *y = b;

	if (x->time != y->time)
		return x->time < y->time ? -1 : 1;
	return x->seq < y->seq ? -1 : 1;
}

/* Deliver the queued records up to time limit; keep the rest. */
static void
pd_flush(struct pd *pd, uint64_t limit)
{
	size_t i, k, k2, off = 0;
	char *tmp;

	if (pd->nq > 1)
		qsort(pd->q, pd->nq, sizeof *pd->q, pd_ev_cmp);
	for (i = 0; i < pd->nq && pd->q[i].time <= limit; i++)
		pd_deliver(pd, (unsigned char *)pd->qbuf + pd->q[i].off,
		    pd->q[i].len);
	/* Copy what is left to a new buffer, in its order. */
	for (k = 0; i < pd->nq; i++, k++) {
		pd->qnext = xgrow(pd->qnext, &pd->qnextcap, off + pd->q[i].len,
		    1);
		memcpy(pd->qnext + off, pd->qbuf + pd->q[i].off, pd->q[i].len);
		pd->q[k] = pd->q[i];
		pd->q[k].off = off;
		off += pd->q[i].len;
	}
	tmp = pd->qbuf;
	pd->qbuf = pd->qnext;
	pd->qnext = tmp;
	k2 = pd->qcap;
	pd->qcap = pd->qnextcap;
	pd->qnextcap = k2;
	pd->nq = k;
	pd->qlen = off;
}

/* Take one record as read, queueing it for its round as perf script does. */
static void
pd_record(struct pd *pd, const unsigned char *p, size_t len)
{
	unsigned type = pd_u32(p);
	uint64_t t;

	if (type == PD_FINISHED_ROUND) {
		pd_flush(pd, pd->nextflush);
		pd->nextflush = pd->maxtime;
		return;
	}
	if (type >= PD_USER_FIRST)
		return;
	if ((t = pd_time(pd, p, len)) == UINT64_MAX) {
		pd_deliver(pd, p, len);
		return;
	}
	if (t > pd->maxtime)
		pd->maxtime = t;
	pd->qbuf = xgrow(pd->qbuf, &pd->qcap, pd->qlen + len, 1);
	memcpy(pd->qbuf + pd->qlen, p, len);
	pd->q = xgrow(pd->q, &pd->capq, pd->nq + 1, sizeof *pd->q);
	pd->q[pd->nq++] = (struct pd_ev){ t, pd->seq++, pd->qlen,
	    (uint32_t)len };
	pd->qlen += len;
}

/* Read n bytes at off; returns the bytes read (fewer at the end). */
size_t
pd_pread(const struct pd_src *src, uint64_t off, void *buf, size_t n)
{
	size_t got = 0;
	ssize_t k;

	if (off >= src->size)
		return 0;
	if (n > src->size - off)
		n = (size_t)(src->size - off);
	if (src->mem != NULL) {
		memcpy(buf, src->mem + off, n);
		return n;
	}
	while (got < n) {
		k = pread(src->fd, (char *)buf + got, n - got,
		    (off_t)(off + got));
		if (k < 0 && errno == EINTR)
			continue;
		if (k <= 0)
			break;
		got += (size_t)k;
	}
	return got;
}

/*
 * Read every record of the data section [off, off + size). Returns 0, or -1
 * with a message in err for a record that cannot be right.
 */
int
pd_data(struct pd *pd, const struct pd_src *src, struct reader *r,
    uint64_t off, uint64_t size, char *err, size_t errlen)
{
	unsigned char *buf = xmalloc(PD_BUF);
	uint64_t end = off + size, base = off;
	size_t have = 0, pos = 0, rec;
	int ret = 0;

	for (;;) {
		if (have - pos < 8 || have - pos < (size_t)(buf[pos + 6] |
		    buf[pos + 7] << 8)) {
			memmove(buf, buf + pos, have - pos);
			base += pos;
			have -= pos;
			pos = 0;
			have += pd_pread(src, base + have, buf + have,
			    (size_t)(end - base - have < PD_BUF - have ?
			    end - base - have : PD_BUF - have));
			if (r->progress != NULL && r->progress(r->progress_arg,
			    base, src->size)) {
				r->cancelled = 1;
				break;
			}
		}
		if (have - pos == 0)
			break;
		rec = have - pos < 8 ? 0 : (size_t)(buf[pos + 6] |
		    buf[pos + 7] << 8);
		if (have - pos < 8 || rec > have - pos) {
			diag_note(pd->diag, "the data ends inside a record at "
			    "offset %llu (a recording cut short?): the rest is "
			    "left out", (unsigned long long)(base + pos));
			break;
		}
		if (rec < 8) {
			snprintf(err, errlen, "%s: record of size %zu at offset "
			    "%llu: the data cannot be read past it", pd->name,
			    rec, (unsigned long long)(base + pos));
			ret = -1;
			break;
		}
		pd_record(pd, buf + pos, rec);
		pos += rec;
	}
	pd_flush(pd, UINT64_MAX);
	free(buf);
	return ret;
}
