/*
 * perf-data.h: the parts of the native perf.data reader (fmt-perf-data.c),
 * private to them.
 *
 *   fmt-perf-data.c     the format: a file's header and sections, entry
 *   perf-data-header.c  the events, their names and features; a pipe's
 *                       records that tell them
 *   perf-data-script.c  the fallback: perf script run on the file, streamed
 *   perf-data-model.c   threads, maps and DSOs from the side-band records
 *   perf-data-queue.c   reading the records and putting them in time order
 *   perf-data-sample.c  a sample as the lines perf script prints for it
 *   perf-data-unwind.c  --call-graph dwarf: user stacks, inlined functions
 */
#ifndef PERF_DATA_H
#define PERF_DATA_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "diag.h"
#include "formats.h"
#include "fmt-perf.h"
#include "read.h"
#include "sym.h"
#include "unwind.h"
#include "util.h"

/* Records and header features this reader knows. */
#define PD_MMAP 1
#define PD_COMM 3
#define PD_FORK 7
#define PD_SAMPLE 9
#define PD_MMAP2 10
#define PD_KSYMBOL 17
#define PD_USER_FIRST 64	/* perf's own records start here */
#define PD_HEADER_ATTR 64	/* pipe mode: an event */
#define PD_HEADER_TRACING_DATA 66
#define PD_FINISHED_ROUND 68
#define PD_AUXTRACE 71
#define PD_EVENT_UPDATE 78
#define PD_HEADER_FEATURE 80	/* pipe mode: a feature section */
#define PD_COMPRESSED 81
#define PD_FINISHED_INIT 82	/* pipe mode: the events are all told */
#define PD_COMPRESSED2 83
#define PD_FEAT_BUILD_ID 2
#define PD_FEAT_EVENT_DESC 12
#define PD_FEAT_AUXTRACE 18
#define PD_FEAT_DIR_FORMAT 24
#define PD_FEAT_COMPRESSED 27

/* sample_type bits. */
#define PD_S_IP (1u << 0)
#define PD_S_TID (1u << 1)
#define PD_S_TIME (1u << 2)
#define PD_S_ADDR (1u << 3)
#define PD_S_READ (1u << 4)
#define PD_S_CALLCHAIN (1u << 5)
#define PD_S_ID (1u << 6)
#define PD_S_CPU (1u << 7)
#define PD_S_PERIOD (1u << 8)
#define PD_S_STREAM_ID (1u << 9)
#define PD_S_RAW (1u << 10)
#define PD_S_BRANCH_STACK (1u << 11)
#define PD_S_REGS_USER (1u << 12)
#define PD_S_STACK_USER (1u << 13)
#define PD_S_IDENTIFIER (1u << 16)
#define PD_BRANCH_HW_INDEX (1u << 17)	/* in branch_sample_type */
#define PD_S_KNOWN ((1ull << 25) - 1)

#define PD_CONTEXT_MAX ((uint64_t)-4095)
#define PD_CONTEXT_HV ((uint64_t)-32)
#define PD_CONTEXT_KERNEL ((uint64_t)-128)
#define PD_CONTEXT_USER ((uint64_t)-512)
#define PD_MAX_STACK 127	/* perf script's --max-stack */

#define PD_KERNEL 1		/* cpumodes */
#define PD_USER 2

#define PD_BUF (4u << 20)	/* bytes of records between progress calls */
#define PD_READ 65536		/* bytes read from a stream at a time */

/* An event: its attributes and its name. */
struct pd_attr {
	uint64_t sample_type, read_format;
	uint64_t branch_type, regs_user;	/* branch_sample_type, regs */
	int id_all;		/* non-sample records carry sample_id */
	int trace;		/* a tracepoint: perf script prints fields */
	char *name;
};

/* A file mapped into a process, or the kernel's. */
struct pd_dso {
	char *name;		/* as perf script prints it */
	unsigned char bid[20];	/* build-id, when bidlen > 0 */
	size_t bidlen;
	int identity;		/* anonymous memory: addresses are not moved */
	int kernel;		/* symbols from kallsyms */
	int loaded;
	struct sym_table syms;
	char *run;		/* the file that runs, once loaded, or NULL */
	struct sym_dwarf *dwarf;	/* its debug information, once asked */
	int dwarf_tried;
	const char *unread;	/* why no file of it could be read, or NULL */
	int unread_hit;		/* a kept sample had a frame in it then */
};

struct pd_map {
	uint64_t start, end, pgoff;
	struct pd_dso *dso;
};

/* The maps of one process (or the kernel's). */
struct pd_maps {
	struct pd_map *v;
	size_t n, cap;
	uint32_t gen;		/* changes with every change of the maps */
};

struct pd_thread {
	int32_t pid, tid;
	char *comm;		/* NULL until a COMM: ":TID" */
	int comm_set;
	struct pd_maps *maps;	/* shared by the threads of a process */
};

/* A record waiting for its round to be flushed, in time order. */
struct pd_ev {
	uint64_t time;
	const unsigned char *p;	/* the record, where it was read */
	size_t len;
};

/*
 * The frames fmt_perf_line() made of one call chain entry's line, kept for
 * the next entry of the same DSO and symbol (and java flag): the line's
 * address counts only for a symbol not found, with --addrs.
 */
struct pd_fc {
	struct pd_dso *dso;	/* NULL: no map */
	uint64_t what;			/* the symbol's name, or address */
	int java;			/* the sample's comm starts "java" */
	uint32_t nframes;		/* PD_FC_LINE: always send the line */
	size_t off;			/* frames in pd.fctext: length, bytes */
};
#define PD_FC_LINE UINT32_MAX

/* A call chain entry seen lately: the maps it was in, and its frames. */
struct pd_ipc {
	const struct pd_maps *maps;	/* NULL: an empty slot */
	uint64_t ip;
	uint32_t gen;			/* maps->gen then */
	uint32_t fc;			/* in pd.fcv */
	int java;
};
#define PD_IPC_SIZE 32768		/* entries of pd.ipc, a power of 2 */

struct pd_id {
	uint64_t id;
	size_t attr;		/* index in pd.attrs */
};

struct pd_bid {
	char *name;
	unsigned char bid[20];
	size_t len;
};

struct pd {
	struct perf_parse pp;	/* samples go through the perf script parser */
	struct diag *diag;
	const char *name;
	const struct parse_opts *opts;
	struct sink *sink;
	struct pd_attr *attrs;
	size_t nattrs, capattrs;
	struct pd_id *ids;	/* sample id -> event, sorted by id */
	size_t nids, capids;
	struct pd_bid *bids;	/* build-ids from the header */
	size_t nbids;

	struct pd_thread **threads;	/* hash by tid, open addressing */
	size_t tcap, tn;
	struct pd_maps **procs;		/* every process's maps, to free */
	size_t nprocs, capprocs;
	struct pd_dso **dsos;
	size_t ndsos, capdsos;
	struct pd_maps kmaps;		/* the kernel and BPF programs */
	struct pd_dso *kernel;
	int kloaded;

	struct pd_ev *q;		/* records of the rounds not flushed, */
	size_t nq, capq;		/* in the order they came */
	struct pd_ev *qtmp;		/* room to merge them in */
	size_t capqtmp;
	size_t *runs;			/* where each ordered run of q starts */
	size_t capruns;
	uint64_t maxtime, nextflush;

	int pipe;			/* pipe mode: events told in records */
	int sealed;			/* the events are known (pd_seal) */
	int begun;			/* pp is begun */
	const char *why;		/* set: perf script must read it */

	struct pd_fc *fcv;		/* frame cache entries */
	size_t fcn, fccapv;
	uint32_t *fc;			/* hash of them, 1 + index or 0 */
	size_t fccap;
	struct pd_ipc *ipc;		/* the latest entry of each ip hash */
	struct pd_maps nomaps;		/* for entries in no map */
	char *fctext;
	size_t fctextlen, fctextcap;

	char *line;			/* a line of perf script text */
	size_t linecap;
	struct unwind *unwind;		/* for --call-graph dwarf */
	uint64_t samples, unknown_ctx;
	uint64_t unread_samples;	/* with frames in files not read */
	int unread_hit;			/* the sample being read has one */
};

/* Where the bytes of a perf.data file come from: a descriptor or memory. */
struct pd_src {
	int fd;
	const char *mem;	/* when not NULL, the whole file */
	uint64_t size;		/* of the file */
};

/* Read a little-endian (host order) value from p. */
static inline uint64_t
pd_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

/* Read a 32-bit value in host order from p. */
static inline uint32_t
pd_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

/* perf-data-header.c */
/* Add an event of the attributes a (size bytes), without ids yet. */
void pd_attr_add(struct pd *, const unsigned char *a, size_t size);
/* Add an id of the event added last. */
void pd_id_add(struct pd *, uint64_t id);
/* Why a file with header feature bit cannot be read natively, or NULL. */
const char *pd_feature_refused(int bit);
/*
 * Take the data of header feature bit (event names, build-ids). Returns
 * NULL, or why the file cannot be read natively.
 */
const char *pd_feature(struct pd *, int bit, const unsigned char *p,
    size_t n);
/*
 * The events are all known: check that this reader can read them (else
 * -1, pd->why set) and begin the parse (0).
 */
int pd_seal(struct pd *);
/* Take a pipe's record of type PD_USER_FIRST or above, before its data. */
void pd_header_record(struct pd *, const unsigned char *p, size_t len);

/* perf-data-script.c */
/*
 * Read perf.data by running `perf script` on it, streaming what it prints
 * through the perf script parser, with a note saying why. Returns 0 or -1
 * with a message in err.
 */
int pd_script(struct reader *, const struct parse_opts *, struct sink *,
    struct diag *, char *err, size_t errlen, const char *why);

/* perf-data-model.c */
/* The thread tid of process pid, made as perf makes it when new. */
struct pd_thread *pd_thread(struct pd *, int32_t pid, int32_t tid);
/* Set a thread's comm, of at most len bytes. */
void pd_set_comm(struct pd_thread *, const char *comm, size_t len);
/* The map holding addr, or NULL. */
const struct pd_map *pd_map_find(const struct pd_maps *, uint64_t addr);
/* Read a dso's symbols, as perf would find them. */
void pd_dso_load(struct pd_dso *);
/* Load the kernel's symbols, once. */
void pd_kernel_load(struct pd *);
/* Take an MMAP (v2 = 0) or MMAP2 record of len bytes at p. */
void pd_mmap(struct pd *, const unsigned char *p, size_t len, int v2,
    unsigned misc);
/* Take a FORK record. */
void pd_fork(struct pd *, const unsigned char *p, size_t len, unsigned misc);
/* Take a KSYMBOL record. */
void pd_ksymbol(struct pd *, const unsigned char *p, size_t len);
/* Free the threads, maps and dsos. */
/* Say how many samples had frames in files not read, which, and why. */
void pd_dso_notes(struct pd *);
void pd_model_free(struct pd *);

/* perf-data-sample.c */
/* Give the parser the lines perf script prints for the SAMPLE body p[0..n). */
void pd_sample(struct pd *, const unsigned char *p, size_t n);

/* perf-data-unwind.c */
/*
 * Parse what follows the call chain of a sample's body p[0..n), from off:
 * raw data, branches, then the user registers and stack into *u (its regs
 * NULL when there is nothing to unwind). 0 when the record is bad.
 */
/* The event of a sample or record carrying id, or NULL. */
const struct pd_attr *pd_attr_of(const struct pd *, uint64_t id);
int pd_parse_user(const struct pd_attr *, const unsigned char *p, size_t n,
    size_t off, struct unwind_sample *u);
/* Unwind t's user stack from u into ips, at most max; their number. */
size_t pd_unwind(struct pd *, struct pd_thread *t,
    const struct unwind_sample *u, uint64_t *ips, size_t max);
/*
 * The functions inlined at file offset addr of the user file d, from its
 * debug information (see sym_dwarf_inlines): their number.
 */
size_t pd_inlines(struct pd_dso *d, uint64_t addr, const char *const **names);
/* The source line at file offset addr of d, "file.c:123"; 0 for none. */
int pd_srcline(struct pd_dso *d, uint64_t addr, char *buf, size_t size);

/* perf-data-queue.c */
/* Read n bytes at off; returns the bytes read (fewer at the end). */
size_t pd_pread(const struct pd_src *, uint64_t off, void *buf, size_t n);
/*
 * Read every record of the data section [off, off + size) in time order.
 * Returns 0, -1 with a message in err for a record that cannot be right,
 * or 1 when pd->why says perf script must read it (before any sample).
 */
int pd_data(struct pd *, const struct pd_src *, struct reader *,
    uint64_t off, uint64_t size, char *err, size_t errlen);
/*
 * Read a pipe-mode stream from r as it comes, each record once its round
 * is complete, holding only the records not yet delivered: what `perf
 * record -o -` writes, live. Returns 0, -1 with a message in err, or 1
 * when pd->why says perf script must read it (before any sample): then
 * *kept holds the *nkept bytes read from r (to free), to be read again.
 */
int pd_stream(struct pd *, struct reader *, char *err, size_t errlen,
    char **kept, size_t *nkept);

#endif
