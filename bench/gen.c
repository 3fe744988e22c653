/*
 * gen.c: deterministic benchmark inputs, a `perf script` file or a folded
 * file of about a given size, from a fixed seed.
 *
 *	gen perf|folded SIZE [SEED] >FILE	(SIZE in bytes, K, M or G)
 *
 * The profile looks like a busy machine's: a few dozen processes (some with
 * spaces in their names), thousands of distinct functions in a dozen
 * libraries and the kernel, and tens of thousands of distinct call paths,
 * 20 to 60 frames deep, drawn with a skewed (hot path) distribution. Two
 * event types are recorded, so that perf's "first event type" rule is
 * exercised. The folded file holds the same kind of samples, one line each,
 * as stackcollapse-perf.pl would write them before merging.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NFUNC	6000		/* distinct functions */
#define NKERN	900		/* of which kernel functions */
#define NCALLEE	5		/* callees per function */
#define NPATH	40000		/* distinct base call paths */
#define MINDEPTH 20
#define MAXDEPTH 60
#define NCOMM	(sizeof comms / sizeof comms[0])

struct func {
	char name[96];		/* as perf prints it, maybe with arguments */
	char folded[96];	/* as the collapser writes it */
	int dso;
	uint64_t addr;
	int callee[NCALLEE];
	int unknown;		/* printed as [unknown] */
};

struct path {
	int comm;
	int n;
	int f[MAXDEPTH];	/* root first */
};

static const char *comms[] = {
	"java", "Web Content", "postgres", "nginx", "python3", "node",
	"kworker/3:1", "swapper", "mysqld", "redis-server", "C2 CompilerThre",
	"gcc", "cc1", "ld", "sshd", "bash", "perf", "containerd",
};

static const char *dsos[] = {
	"[kernel.kallsyms]", "/usr/lib/x86_64-linux-gnu/libc.so.6",
	"/usr/lib/x86_64-linux-gnu/libstdc++.so.6.0.30",
	"/usr/lib/jvm/java-17-openjdk-amd64/lib/server/libjvm.so",
	"/usr/lib/x86_64-linux-gnu/libpthread.so.0",
	"/usr/lib/postgresql/15/bin/postgres", "/usr/sbin/nginx",
	"/usr/bin/python3.11", "/usr/bin/node", "/usr/sbin/mysqld",
	"/usr/lib/x86_64-linux-gnu/libssl.so.3",
	"/usr/lib/x86_64-linux-gnu/libz.so.1.2.13", "/tmp/perf-4242.map",
};
#define NDSO (sizeof dsos / sizeof dsos[0])

static const char *kpre[] = { "do_", "sys_", "__x64_sys_", "tcp_", "ext4_",
    "vfs_", "mm_", "sched_", "irq_", "page_", "__", "net_", "blk_", "xfs_" };
static const char *kmid[] = { "read", "write", "poll", "alloc", "free",
    "lookup", "fault", "wake_up", "send", "recv", "flush", "mmap", "lock",
    "unlock", "queue", "dispatch", "copy", "fill", "submit", "complete" };
static const char *ns[] = { "std", "app", "db", "net", "util", "rt", "gc",
    "v8::internal", "(anonymous namespace)", "boost::asio" };
static const char *cls[] = { "Buffer", "Parser", "Executor", "Scheduler",
    "Table", "Index", "Heap", "Socket", "Reactor", "Cache", "Planner",
    "Compiler", "Allocator", "Worker", "Session" };
static const char *meth[] = { "run", "process", "get", "put", "insert",
    "scan", "next", "flush", "compile", "visit", "allocate", "poll",
    "handle", "dispatch", "resize", "emit", "apply" };
static const char *args[] = { "()", "(int)", "(char const*, unsigned long)",
    "(std::string const&)", "(void*)", "" };

static uint64_t rng = 0x2545f4914f6cdd1dull;

/* xorshift64*: the next pseudo-random number. */
static uint64_t
next(void)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return rng * 0x2545f4914f6cdd1dull;
}

/* A number in [0, n). */
static unsigned
pick(unsigned n)
{
	return (unsigned)((next() >> 11) % n);
}

/* A number in [0, n), small ones much more often. */
static unsigned
skewed(unsigned n)
{
	double u = (double)(next() >> 11) / 9007199254740992.0;

	return (unsigned)(n * u * u * u);
}

/* Drop what stackcollapse-perf.pl drops: the text from the first '('. */
static void
tidy(char *dst, const char *src)
{
	const char *p = strchr(src, '(');

	if (p == src)
		p = strchr(src + 1, '(');	/* "(anonymous namespace)" */
	if (p == NULL)
		p = src + strlen(src);
	memcpy(dst, src, (size_t)(p - src));
	dst[p - src] = '\0';
}

static struct func funcs[NFUNC];
static struct path paths[NPATH];

/* Make up the functions and who calls whom. */
static void
make_funcs(void)
{
	int i, k;

	for (i = 0; i < NFUNC; i++) {
		struct func *f = &funcs[i];

		if (i < NKERN) {
			snprintf(f->name, sizeof f->name, "%s%s%s_%d",
			    kpre[pick(14)], kmid[pick(20)],
			    pick(2) ? "_slowpath" : "", i);
			f->dso = 0;
			f->addr = 0xffffffff81000000ull + (uint64_t)i * 0x1a40;
		} else {
			f->dso = 1 + (int)pick(NDSO - 1);
			if (pick(3) == 0)
				snprintf(f->name, sizeof f->name, "%s_%s_%d",
				    kmid[pick(20)], meth[pick(17)], i);
			else
				snprintf(f->name, sizeof f->name,
				    "%s::%s::%s%d%s", ns[pick(10)], cls[pick(15)],
				    meth[pick(17)], i, args[pick(6)]);
			f->addr = 0x7f3a00000000ull + (uint64_t)f->dso *
			    0x10000000ull + (uint64_t)i * 0x2b0;
		}
		f->unknown = pick(40) == 0;
		if (f->unknown) {
			const char *b = strrchr(dsos[f->dso], '/');

			snprintf(f->folded, sizeof f->folded, "[%s]",
			    b != NULL ? b + 1 : dsos[f->dso]);
		} else
			tidy(f->folded, f->name);
		for (k = 0; k < NCALLEE; k++)
			f->callee[k] = i < NKERN ? (int)pick(NKERN) :
			    NKERN + (int)pick(NFUNC - NKERN);
	}
}

/* Make up the distinct call paths: walks down the call graph. */
static void
make_paths(void)
{
	int i, d, f, kern, ktail;

	for (i = 0; i < NPATH; i++) {
		struct path *p = &paths[i];

		p->comm = (int)skewed(NCOMM);
		p->n = MINDEPTH + (int)pick(MAXDEPTH - MINDEPTH + 1);
		kern = strcmp(comms[p->comm], "swapper") == 0 ||
		    strncmp(comms[p->comm], "kworker", 7) == 0;
		ktail = kern ? p->n : pick(3) == 0 ? 5 + (int)pick(12) : 0;
		/* Few roots, so that paths share long prefixes. */
		f = kern ? (int)pick(8) : NKERN + p->comm * 7 + (int)pick(3);
		for (d = 0; d < p->n; d++) {
			p->f[d] = f;
			if (d + 1 == p->n - ktail && !kern)
				f = (int)pick(NKERN);	/* the syscall */
			else
				f = funcs[f].callee[skewed(NCALLEE)];
		}
	}
}

/* Write one sample of path p in perf script form. */
static size_t
write_perf(const struct path *p, uint64_t t, int ev)
{
	static const char *evs[] = { "cycles:P:", "instructions:P:" };
	unsigned pid = 1000 + (unsigned)p->comm * 37, d;
	size_t n;

	if (strcmp(comms[p->comm], "swapper") == 0)
		pid = 0;
	n = (size_t)printf("%s %u/%u [%03u] %llu.%06llu: %10u %s \n",
	    comms[p->comm], pid, pid + pick(8), pick(64),
	    (unsigned long long)(t / 1000000), (unsigned long long)(t % 1000000),
	    100000 + pick(900000), evs[ev]);
	for (d = (unsigned)p->n; d-- > 0;) {
		const struct func *f = &funcs[p->f[d]];
		uint64_t off = pick(0x400);

		if (f->unknown)
			n += (size_t)printf("\t%16llx [unknown] (%s)\n",
			    (unsigned long long)(f->addr + off), dsos[f->dso]);
		else
			n += (size_t)printf("\t%16llx %s+0x%llx (%s)\n",
			    (unsigned long long)(f->addr + off), f->name,
			    (unsigned long long)off, dsos[f->dso]);
	}
	n += (size_t)printf("\n");
	return n;
}

/* Write one sample of path p as a folded line. */
static size_t
write_folded(const struct path *p)
{
	size_t n = 0;
	int d;

	n += (size_t)printf("%s", comms[p->comm]);
	for (d = 0; d < p->n; d++)
		n += (size_t)printf(";%s", funcs[p->f[d]].folded);
	n += (size_t)printf(" %u\n", 1 + skewed(9));
	return n;
}

/* Parse "200M", "1G", "4096". */
static uint64_t
parse_size(const char *s)
{
	char *end;
	uint64_t v = strtoull(s, &end, 10);

	switch (*end) {
	case 'G': case 'g':
		v <<= 10;
		/* FALLTHROUGH */
	case 'M': case 'm':
		v <<= 10;
		/* FALLTHROUGH */
	case 'K': case 'k':
		v <<= 10;
	}
	return v;
}

int
main(int argc, char **argv)
{
	uint64_t size, done = 0, t = 1410597984841ull;
	static char obuf[1 << 20];
	int perf;

	if (argc < 3 || (strcmp(argv[1], "perf") != 0 &&
	    strcmp(argv[1], "folded") != 0)) {
		fprintf(stderr, "usage: gen perf|folded SIZE [SEED]\n");
		return 2;
	}
	perf = strcmp(argv[1], "perf") == 0;
	size = parse_size(argv[2]);
	if (argc > 3)
		rng ^= strtoull(argv[3], NULL, 0) * 0x9e3779b97f4a7c15ull;
	setvbuf(stdout, obuf, _IOFBF, sizeof obuf);
	make_funcs();
	make_paths();
	while (done < size) {
		const struct path *p = &paths[skewed(NPATH)];

		t += 1 + pick(2000);
		done += perf ? write_perf(p, t, pick(10) == 0) : write_folded(p);
	}
	return fflush(stdout) != 0;
}
