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
#include <sys/mman.h>
#include <unistd.h>

#include "diag.h"
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

/*
 * The time of a record, or UINT64_MAX when it has none. Where the events
 * differ in what their records carry, each record starts (a sample) or
 * ends (any other) with its event's id, PERF_SAMPLE_IDENTIFIER.
 */
static uint64_t
pd_time(const struct pd *pd, const unsigned char *p, size_t len)
{
	const struct pd_attr *a = &pd->attrs[0];
	int sample = pd_u32(p) == PD_SAMPLE;
	uint64_t st = a->sample_type, after;
	size_t off;

	if (pd->nattrs > 1 && (st & PD_S_IDENTIFIER) && len >= 16) {
		if (sample)
			a = pd_attr_of(pd, pd_u64(p + 8));
		else if (a->id_all)
			a = pd_attr_of(pd, pd_u64(p + len - 8));
		if (a == NULL)
			return UINT64_MAX;
		st = a->sample_type;
	}
	if (!(st & PD_S_TIME))
		return UINT64_MAX;
	if (sample) {
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

/*
 * Sort the queue by time, records of one time in the order they came: the
 * queue is a few runs already in order (one per CPU buffer perf wrote), so
 * the runs are found and merged, two by two.
 */
static void
pd_sort(struct pd *pd)
{
	struct pd_ev *q = pd->q, *t, *tmp;
	size_t i, r, nr = 0, a, b, e, k;

	for (i = 0; i < pd->nq; i++)
		if (i == 0 || q[i].time < q[i - 1].time) {
			pd->runs = xgrow(pd->runs, &pd->capruns, nr + 2,
			    sizeof *pd->runs);
			pd->runs[nr++] = i;
		}
	if (nr <= 1)
		return;
	pd->runs[nr] = pd->nq;
	pd->qtmp = xgrow(pd->qtmp, &pd->capqtmp, pd->nq, sizeof *pd->qtmp);
	t = pd->qtmp;
	while (nr > 1) {
		for (r = 0; r < nr; r += 2) {
			a = pd->runs[r];
			e = pd->runs[r + 2 <= nr ? r + 2 : nr];
			b = r + 1 < nr ? pd->runs[r + 1] : e;
			for (k = a, i = b; a < b || i < e;)
				t[k++] = i >= e || (a < b && q[a].time <= q[i].time) ?
				    q[a++] : q[i++];
			pd->runs[r / 2] = pd->runs[r];
		}
		pd->runs[(nr + 1) / 2] = pd->nq;
		nr = (nr + 1) / 2;
		tmp = q;
		q = t;
		t = tmp;
	}
	pd->qtmp = t;
	if (q != pd->q) {
		size_t cap = pd->capq;

		pd->capq = pd->capqtmp;
		pd->capqtmp = cap;
		pd->q = q;
	}
}

/* Deliver the queued records up to time limit; keep the rest, in order. */
static void
pd_flush(struct pd *pd, uint64_t limit)
{
	size_t i;

	pd_sort(pd);
	for (i = 0; i < pd->nq && pd->q[i].time <= limit; i++)
		pd_deliver(pd, pd->q[i].p, pd->q[i].len);
	if (i == 0)
		return;
	memmove(pd->q, pd->q + i, (pd->nq - i) * sizeof *pd->q);
	pd->nq -= i;
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
	if (type == PD_FINISHED_INIT && !pd->sealed) {
		pd_seal(pd);
		return;
	}
	if (type >= PD_USER_FIRST) {
		if (pd->pipe)
			pd_header_record(pd, p, len);
		return;
	}
	if (!pd->sealed && pd_seal(pd) < 0)
		return;
	if ((t = pd_time(pd, p, len)) == UINT64_MAX) {
		pd_deliver(pd, p, len);
		return;
	}
	if (t > pd->maxtime)
		pd->maxtime = t;
	pd->q = xgrow(pd->q, &pd->capq, pd->nq + 1, sizeof *pd->q);
	pd->q[pd->nq++] = (struct pd_ev){ t, p, len };
}

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
 * The bytes [off, off + size) of src in memory: the file mapped (*map set),
 * or src's memory, or a copy read (*copy set); NULL when they cannot be.
 */
static const unsigned char *
pd_map_data(const struct pd_src *src, uint64_t off, uint64_t size,
    void **map, size_t *maplen, unsigned char **copy)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE), start;

	*map = NULL;
	*copy = NULL;
	if (src->mem != NULL)
		return (const unsigned char *)src->mem + off;
	start = off / page * page;
	*maplen = (size_t)(off + size - start);
	if (size > 0 && (*map = mmap(NULL, *maplen, PROT_READ, MAP_PRIVATE,
	    src->fd, (off_t)start)) != MAP_FAILED) {
		madvise(*map, *maplen, MADV_SEQUENTIAL);
		return (const unsigned char *)*map + (off - start);
	}
	*map = NULL;
	*copy = xmalloc((size_t)size + 1);
	if (pd_pread(src, off, *copy, (size_t)size) != size) {
		free(*copy);
		*copy = NULL;
		return NULL;
	}
	return *copy;
}

/*
 * Give the pages of the mapped data back below the first record still
 * queued (or below upto): read once, they are not needed again.
 */
static void
pd_release(struct pd *pd, void *map, const unsigned char *upto,
    size_t *released)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE), i, low;

	if (map == NULL)
		return;
	for (i = 0; i < pd->nq; i++)
		if (pd->q[i].p < upto)
			upto = pd->q[i].p;
	low = (size_t)(upto - (const unsigned char *)map) / page * page;
	if (low > *released) {
		madvise((char *)map + *released, low - *released,
		    MADV_DONTNEED);
		*released = low;
	}
}

int
pd_data(struct pd *pd, const struct pd_src *src, struct reader *r,
    uint64_t off, uint64_t size, char *err, size_t errlen)
{
	const unsigned char *data;
	unsigned char *copy;
	void *map;
	size_t pos = 0, rec, maplen = 0, released = 0, next = 0;
	int ret = 0;

	if ((data = pd_map_data(src, off, size, &map, &maplen, &copy)) ==
	    NULL) {
		snprintf(err, errlen, "%s: its data cannot be read: %s",
		    pd->name, strerror(errno));
		return -1;
	}
	while (pos < size) {
		if (pos >= next) {
			next = pos + PD_BUF;
			pd_release(pd, map, data + pos, &released);
			if (r->progress != NULL && r->progress(r->progress_arg,
			    off + pos, src->size)) {
				r->cancelled = 1;
				break;
			}
		}
		rec = size - pos < 8 ? 0 : (size_t)(data[pos + 6] |
		    data[pos + 7] << 8);
		if (size - pos < 8 || rec > size - pos) {
			diag_note(pd->diag, "the data ends inside a record at "
			    "offset %llu (a recording cut short?): the rest is "
			    "left out", (unsigned long long)(off + pos));
			break;
		}
		if (rec < 8) {
			snprintf(err, errlen, "%s: record of size %zu at offset "
			    "%llu: the data cannot be read past it", pd->name,
			    rec, (unsigned long long)(off + pos));
			ret = -1;
			break;
		}
		pd_record(pd, data + pos, rec);
		if (pd->why != NULL) {
			ret = 1;	/* perf script must read it */
			break;
		}
		pos += rec;
	}
	pd_flush(pd, UINT64_MAX);
	if (map != NULL)
		munmap(map, maplen);
	free(copy);
	return ret;
}

/* A stream's bytes read and not done with: queued records point into them. */
struct pd_buf {
	unsigned char *p;
	size_t len, cap;	/* bytes held, room */
	size_t pos;		/* where the next record starts */
	uint64_t off;		/* the stream's offset of p[0] */
};

/*
 * Drop the bytes of b that nothing needs any more (none before the events
 * are known: perf script may have to read them) and make room for more,
 * moving the queued records with their bytes.
 */
static void
pd_compact(struct pd *pd, struct pd_buf *b)
{
	unsigned char *n = b->p;
	size_t keep = pd->sealed ? b->pos : 0, i;

	for (i = 0; i < pd->nq; i++)
		if ((size_t)(pd->q[i].p - b->p) < keep)
			keep = (size_t)(pd->q[i].p - b->p);
	if (b->len - keep + PD_READ > b->cap) {
		b->cap = 2 * (b->len - keep + PD_READ);
		n = xmalloc(b->cap);
	}
	memmove(n, b->p + keep, b->len - keep);
	for (i = 0; i < pd->nq; i++)
		pd->q[i].p = n + (pd->q[i].p - b->p - keep);
	if (n != b->p)
		free(b->p);
	b->p = n;
	b->len -= keep;
	b->pos -= keep;
	b->off += keep;
}

/* Take the whole records of b; 0, -1 with a message in err, or 1 (why). */
static int
pd_records(struct pd *pd, struct pd_buf *b, char *err, size_t errlen)
{
	size_t rec;

	while (b->len - b->pos >= 8) {
		rec = (size_t)(b->p[b->pos + 6] | b->p[b->pos + 7] << 8);
		if (rec < 8) {
			snprintf(err, errlen, "%s: record of size %zu at offset "
			    "%llu: the data cannot be read past it", pd->name,
			    rec, (unsigned long long)(b->off + b->pos));
			return -1;
		}
		if (rec > b->len - b->pos)
			break;
		pd_record(pd, b->p + b->pos, rec);
		if (pd->why != NULL)
			return 1;
		b->pos += rec;
	}
	return 0;
}

int
pd_stream(struct pd *pd, struct reader *r, char *err, size_t errlen,
    char **kept, size_t *nkept)
{
	struct pd_buf b = { xmalloc(PD_READ), 0, PD_READ, 16, 0 };
	size_t n;
	int ret = 0;

	*kept = NULL;
	*nkept = 0;
	for (;;) {
		if (b.cap - b.len < PD_READ / 2)
			pd_compact(pd, &b);
		if ((n = reader_read(r, (char *)b.p + b.len, b.cap - b.len)) ==
		    0)
			break;
		b.len += n;
		if (b.len >= 16 && (ret = pd_records(pd, &b, err, errlen)) != 0)
			break;
	}
	if (ret == 1) {
		/* Nothing reached the sink: perf script reads it all. */
		*kept = (char *)b.p;
		*nkept = b.len;
		return 1;
	}
	if (r->error && ret == 0) {
		snprintf(err, errlen, "%s", r->errmsg);
		ret = -1;
	} else if (ret == 0 && b.len > b.pos)
		diag_note(pd->diag, "the data ends inside a record at offset "
		    "%llu (a recording cut short?): the rest is left out",
		    (unsigned long long)(b.off + b.pos));
	pd_flush(pd, UINT64_MAX);
	free(b.p);
	return ret;
}
