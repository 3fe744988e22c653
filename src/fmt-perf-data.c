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
 * What the native reader does not handle (pipe mode, other byte order,
 * sample types it does not know, DWARF or LBR call graphs, compression) is
 * read by running the system's `perf script` on it and streaming what perf
 * prints through the same parser, with a note saying so: no text file is
 * written. The child processes die with flametui (PR_SET_PDEATHSIG).
 */
#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "detect.h"
#include "fmt-perf.h"
#include "util.h"
#include "sym.h"

extern const struct format fmt_perf;

#define PD_LOG_LINES 5		/* lines of perf's errors shown */

/* perf.data in the byte order of the host, or of the other one. */
static int
pd_probe(const char *buf, size_t len)
{
	if (len >= 8 && (memcmp(buf, "PERFILE2", 8) == 0 ||
	    memcmp(buf, "2ELIFREP", 8) == 0))
		return 100;
	return 0;
}

/*
 * Start perf with argv, reading infd and writing outfd and errfd. It is
 * killed when flametui ends. Returns its pid, or -1.
 */
static pid_t
pd_spawn(const char *perf, char **argv, int infd, int outfd, int errfd)
{
	pid_t parent = getpid(), child;

	fflush(stdout);
	fflush(stderr);
	if ((child = fork()) != 0)
		return child;
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(127);
	if (dup2(infd, STDIN_FILENO) < 0 || dup2(outfd, STDOUT_FILENO) < 0 ||
	    dup2(errfd, STDERR_FILENO) < 0)
		_exit(127);
	execv(perf, argv);
	dprintf(STDERR_FILENO, "%s: %s\n", perf, strerror(errno));
	_exit(127);
}

/*
 * Copy what is left of r, the bytes already buffered first, into outfd
 * from a child process that dies with flametui. Returns its pid, or -1.
 */
static pid_t
pd_feed(struct reader *r, int outfd)
{
	pid_t parent = getpid(), child;
	char buf[65536];
	size_t n, off;
	ssize_t w;

	if ((child = fork()) != 0)
		return child;
	if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || getppid() != parent)
		_exit(1);
	r->progress = NULL;
	while ((n = reader_read(r, buf, sizeof buf)) > 0)
		for (off = 0; off < n; off += (size_t)w)
			if ((w = write(outfd, buf + off, n - off)) < 0 &&
			    errno != EINTR)
				_exit(1);
			else if (w < 0)
				w = 0;
	_exit(r->error ? 1 : 0);
}

/* Add what perf said on its standard error, in log, as notes. */
static void
pd_log(struct diag *d, int log)
{
	char line[512];
	FILE *f;
	int n = 0;

	if (lseek(log, 0, SEEK_SET) < 0 || (f = fdopen(log, "r")) == NULL) {
		close(log);
		return;
	}
	while (fgets(line, sizeof line, f) != NULL) {
		line[strcspn(line, "\n")] = '\0';
		if (line[0] == '\0')
			continue;
		if (n++ == PD_LOG_LINES) {
			diag_note(d, "perf script: ...");
			break;
		}
		diag_note(d, "perf script: %s", line);
	}
	fclose(f);
}

/* Wait for a child; returns its wait status. */
static int
pd_wait(pid_t child)
{
	int status = 0;

	while (waitpid(child, &status, 0) < 0 && errno == EINTR)
		;
	return status;
}

/* Parse perf script's output on fd (which is closed) into the sink. */
static int
pd_read_script(int fd, struct reader *from, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct reader *r;
	int ret;

	if ((r = reader_fdopen(fd, "perf script", err, errlen)) == NULL)
		return -1;
	r->progress = from->progress;
	r->progress_arg = from->progress_arg;
	ret = fmt_perf.parse(r, o, sink, d, err, errlen);
	if (r->error) {
		snprintf(err, errlen, "%s", r->errmsg);
		ret = -1;
	}
	from->cancelled = r->cancelled;
	reader_close(r);
	return ret;
}

/*
 * Read perf.data by running `perf script` on it, with a note saying why.
 */
static int
pd_script(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen,
    const char *why)
{
	char *argv[] = { (char *)"perf", (char *)"script", (char *)"-i",
	    (char *)"/proc/self/fd/0", NULL };
	int out[2], in[2] = { -1, -1 }, log, status, ret;
	pid_t perf, feeder = -1;
	struct stat st;
	char *path;
	FILE *logf;

	if (o->no_perf) {
		snprintf(err, errlen, "%s: perf.data not read: %s", r->name, why);
		return -1;
	}
	if ((path = util_which("perf", NULL)) == NULL) {
		snprintf(err, errlen, "%s: perf.data is read with `perf "
		    "script`, and perf is not installed (not found in PATH): "
		    "install the Debian package linux-perf", r->name);
		return -1;
	}
	diag_note(d, "read through `perf script -i %s`: %s",
	    strcmp(r->name, "<stdin>") == 0 ? "-" : r->name, why);
	if ((logf = tmpfile()) == NULL || pipe2(out, O_CLOEXEC) < 0)
		fatal("perf script: %s", strerror(errno));
	log = dup(fileno(logf));
	fclose(logf);
	/* A file is perf's to seek in; anything else is fed to it. */
	if (r->compressed || fstat(r->fd, &st) < 0 || !S_ISREG(st.st_mode) ||
	    lseek(r->fd, 0, SEEK_SET) < 0) {
		argv[3] = (char *)"-";
		if (pipe2(in, O_CLOEXEC) < 0)
			fatal("pipe: %s", strerror(errno));
		feeder = pd_feed(r, in[1]);
		close(in[1]);
	}
	perf = pd_spawn(path, argv, in[0] >= 0 ? in[0] : r->fd, out[1], log);
	close(out[1]);
	if (in[0] >= 0)
		close(in[0]);
	free(path);
	if (perf < 0 || (in[0] >= 0 && feeder < 0))
		fatal("fork: %s", strerror(errno));
	ret = pd_read_script(out[0], r, o, sink, d, err, errlen);
	if (r->cancelled)
		kill(perf, SIGTERM);
	status = pd_wait(perf);
	if (feeder > 0) {
		kill(feeder, SIGTERM);
		pd_wait(feeder);
	}
	pd_log(d, log);
	if (ret == 0 && !r->cancelled && (!WIFEXITED(status) ||
	    WEXITSTATUS(status) != 0)) {
		snprintf(err, errlen, "%s: perf script failed (%s %d)",
		    r->name, WIFEXITED(status) ? "exit status" : "signal",
		    WIFEXITED(status) ? WEXITSTATUS(status) : WTERMSIG(status));
		ret = -1;
	}
	return ret;
}

/* Records and header features this reader knows. */
#define PD_MMAP 1
#define PD_COMM 3
#define PD_FORK 7
#define PD_SAMPLE 9
#define PD_MMAP2 10
#define PD_KSYMBOL 17
#define PD_USER_FIRST 64	/* perf's own records start here */
#define PD_FINISHED_ROUND 68
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
#define PD_S_BRANCH_STACK (1u << 11)
#define PD_S_REGS_USER (1u << 12)
#define PD_S_STACK_USER (1u << 13)
#define PD_S_IDENTIFIER (1u << 16)
#define PD_S_KNOWN ((1ull << 25) - 1)

#define PD_CONTEXT_MAX ((uint64_t)-4095)
#define PD_CONTEXT_HV ((uint64_t)-32)
#define PD_CONTEXT_KERNEL ((uint64_t)-128)
#define PD_CONTEXT_USER ((uint64_t)-512)
#define PD_MAX_STACK 127	/* perf script's --max-stack */

#define PD_KERNEL 1		/* cpumodes */
#define PD_USER 2

#define PD_BUF (4u << 20)	/* bytes of records read at a time */

/* An event: its attributes and its name. */
struct pd_attr {
	uint64_t sample_type, read_format;
	int id_all;		/* non-sample records carry sample_id */
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
};

struct pd_map {
	uint64_t start, end, pgoff;
	struct pd_dso *dso;
};

/* The maps of one process (or the kernel's). */
struct pd_maps {
	struct pd_map *v;
	size_t n, cap;
};

struct pd_thread {
	int32_t pid, tid;
	char *comm;		/* NULL until a COMM: ":TID" */
	int comm_set;
	struct pd_maps *maps;	/* shared by the threads of a process */
};

/* A record waiting for its round to be flushed, in time order. */
struct pd_ev {
	uint64_t time, seq;
	size_t off;		/* in pd.qbuf */
	uint32_t len;
};

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
	struct pd_attr *attrs;
	size_t nattrs;
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

	char *qbuf;			/* records of the rounds not flushed */
	size_t qlen, qcap;
	char *qnext;			/* the next qbuf, while flushing */
	size_t qnextcap;
	struct pd_ev *q;
	size_t nq, capq;
	uint64_t seq, maxtime, nextflush;

	char *line;			/* a line of perf script text */
	size_t linecap;
	uint64_t samples, unknown_ctx;
};

/* Read a little-endian (host order) value from p. */
static uint64_t
pd_u64(const unsigned char *p)
{
	uint64_t v;

	memcpy(&v, p, 8);
	return v;
}

static uint32_t
pd_u32(const unsigned char *p)
{
	uint32_t v;

	memcpy(&v, p, 4);
	return v;
}

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
static struct pd_thread *
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
static void
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
static const struct pd_map *
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
static void
pd_dso_load(struct pd_dso *d)
{
	char cache[4096], hex[41], *c[8];
	const char *dir, *run;
	size_t i, n = 0;
	int pass;

	d->loaded = 1;
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
	for (pass = 1; pass >= 0; pass--)
		for (i = 0; i < n; i++)
			if (sym_elf_load(&d->syms, c[i], d->bid, d->bidlen,
			    pass, run) >= 0)
				goto plt;
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

/* Load the kernel's symbols, once. */
static void
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
static void
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
static void
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
		memcpy(t->maps->v, parent->maps->v,
		    parent->maps->n * sizeof *t->maps->v);
		t->maps->n = parent->maps->n;
	}
	if (parent->comm_set)
		pd_set_comm(t, parent->comm, strlen(parent->comm));
}

/* Take a KSYMBOL record: a BPF program or other kernel text. */
static void
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

/*
 * Print one call chain entry as perf script prints it, "\tPC SYMBOL+0xOFF
 * (DSO)", into the parser.
 */
static void
pd_frame(struct pd *pd, struct pd_thread *t, int cpumode, uint64_t ip)
{
	const struct pd_map *m = NULL;
	const char *sym = NULL, *tab = NULL;
	char hex[32], mod[256];
	const char *dso = "[unknown]";
	uint64_t addr = ip;
	size_t len = 0;

	if (cpumode == PD_KERNEL)
		m = pd_map_find(&pd->kmaps, ip);
	else if (cpumode == PD_USER)
		m = pd_map_find(t->maps, ip);
	if (m != NULL) {
		dso = m->dso->name;
		if (!m->dso->identity)
			addr = ip - m->start + m->pgoff;
		if (m->dso->kernel && !pd->kloaded)
			pd_kernel_load(pd);
		else if (!m->dso->loaded)
			pd_dso_load(m->dso);
		sym = sym_find(&m->dso->syms, addr);
	}
	if (sym != NULL && (tab = strchr(sym, '\t')) != NULL) {
		/* A module's symbol in kallsyms: "name\t[module]". */
		snprintf(mod, sizeof mod, "%s", tab + 1);
		dso = mod;
	}
	pd_put(pd, &len, "\t", 1);
	pd_put(pd, &len, hex, (size_t)snprintf(hex, sizeof hex, "%16llx ",
	    (unsigned long long)addr));
	if (sym == NULL)
		pd_put(pd, &len, "[unknown]", 9);
	else {
		pd_put(pd, &len, sym, tab != NULL ? (size_t)(tab - sym) :
		    strlen(sym));
		pd_put(pd, &len, "+0x0", 4);
	}
	pd_put(pd, &len, " (", 2);
	pd_put(pd, &len, dso, strlen(dso));
	pd_put(pd, &len, ")", 1);
	pd_line(pd, len);
}

/* A parsed sample: the fields perf script prints. */
struct pd_sample {
	uint64_t ip, time, period, id, cpu;
	int32_t pid, tid;
	const unsigned char *chain;	/* nchain u64s, or NULL */
	uint64_t nchain;
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
	}
#undef PD_TAKE
	return 1;
}

/* The event of a sample or record carrying id, or NULL. */
static const struct pd_attr *
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
static void
pd_sample(struct pd *pd, const unsigned char *p, size_t n)
{
	const struct pd_attr *a = &pd->attrs[0];
	struct pd_sample s;
	struct pd_thread *t;
	char buf[128], tidbuf[16];
	size_t len = 0, i, nr = 0;
	int cpumode = PD_USER;
	uint64_t ip;

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
			pd_frame(pd, t, cpumode, ip);
		}
	}
	fmt_perf_line(&pd->pp, "", 0, pd->samples);
}

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

/* Where the bytes of a perf.data file come from: a descriptor or memory. */
struct pd_src {
	int fd;
	const char *mem;	/* when not NULL, the whole file */
	uint64_t size;		/* of the file */
};

/* Read n bytes at off; returns the bytes read (fewer at the end). */
static size_t
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
static int
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
		if (st & (PD_S_REGS_USER | PD_S_STACK_USER))
			return "DWARF call graphs (--call-graph dwarf) are "
			    "unwound by perf";
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
		free(pd->dsos[i]->name);
		free(pd->dsos[i]);
	}
	free(pd->dsos);
	free(pd->kmaps.v);
	for (i = 0; i < pd->nattrs; i++)
		free(pd->attrs[i].name);
	free(pd->attrs);
	for (i = 0; i < pd->nbids; i++)
		free(pd->bids[i].name);
	free(pd->bids);
	free(pd->ids);
	free(pd->qbuf);
	free(pd->qnext);
	free(pd->q);
	free(pd->line);
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
	"perf-data",
	"perf.data, as perf record writes it",
	pd_probe,
	pd_parse,
	"perf record -g -- COMMAND",
};
