/*
 * fmt-chrome.c: Chrome and V8 JSON, read with jansson.
 *
 * cpuprofile: a V8 CPU profile (node --cpu-prof, Chrome DevTools'
 * JavaScript profiler, the inspector's Profiler.stop): "nodes", each with a
 * callFrame and the ids of its children, then "samples" (the node each
 * sample hit) and "timeDeltas" (microseconds from the previous sample). A
 * sample counts 1 and is stamped with its time. A profile without samples
 * counts each node's hitCount instead.
 *
 * chrome-trace: the Trace Event Format (chrome://tracing, Perfetto's JSON
 * export, node --trace-events-enabled), a "traceEvents" array or a bare
 * array. Two things in it make stacks:
 * - CPU profile samples, in "Profile" and "ProfileChunk" events (the
 *   disabled-by-default-v8.cpu_profiler category, as DevTools' Performance
 *   panel records): read as a cpuprofile, a count of 1 each.
 * - Duration events, "X" (with "dur") and "B"/"E" pairs, nested per
 *   thread by time into stacks weighted by their self time in
 *   microseconds, as stackcollapse-chrome-tracing.py does for "X".
 * A trace with samples shows the samples (what a profile of the page is);
 * --sample-type=events shows the durations instead, --sample-type=samples
 * insists on samples. A trace is read one event at a time: the brackets
 * and strings around the events are followed here, each event is parsed
 * by jansson on its own and let go, so that memory holds the largest event
 * and what was taken from the events, not the whole document.
 *
 * A V8 frame is named "function file:line", file being the basename of the
 * script's URL and line counting from 1, or "(anonymous) file:line"; frames
 * with no script, such as (program), (idle) and (garbage collector), keep
 * their bare name. The (root) node is not a frame.
 */
#include "config.h"

#include <inttypes.h>
#include <jansson.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "formats.h"
#include "util.h"

#define CHROME_NONE INT64_MIN	/* no parent: a root */
#define CHROME_ROOT SIZE_MAX	/* chrome_node.up of a root */
#define CHROME_LOST (SIZE_MAX - 1)	/* chrome_node.up: parent missing */
#define CHROME_MAX_NS 2.3e18	/* times beyond are not believed (73 years) */
#define CHROME_MAX_US (INT64_C(1) << 50)	/* sample times, microseconds */
#define CHROME_CHUNK (1u << 20)	/* bytes of a trace read at a time */
#define CHROME_NONAME SIZE_MAX	/* chrome_node.name of the (root) node */

/* One node of a V8 CPU profile's call tree. */
struct chrome_node {
	int64_t id;
	int64_t parent;		/* the parent's id, or CHROME_NONE */
	uint64_t hits;		/* hitCount */
	size_t name;		/* the frame name, at chrome.names + name, or
				   CHROME_NONAME */
	size_t len;		/* its length */
	size_t up;		/* index of the parent, once sorted */
	size_t prof;		/* index of its profile */
};

/* A sample of a V8 CPU profile. */
struct chrome_sample {
	int64_t node;		/* id of the node the sample hit */
	int64_t time;		/* when, in microseconds */
	size_t prof;		/* index of its profile */
};

/* A parent link from a node's "children" array. */
struct chrome_link {
	int64_t parent, child;
	size_t prof;		/* index of its profile */
};

/*
 * The nodes, samples and links of V8 CPU profiles: of every profile as
 * they are read, or of one profile, in input order, as it is walked.
 */
struct chrome_prof {
	struct chrome_node *nodes;
	size_t nnodes, capnodes;
	struct chrome_sample *samples;
	size_t nsamples, capsamples;
	struct chrome_link *links;
	size_t nlinks, caplinks;
};

/* A duration event of a trace, a span of time on one thread. */
struct chrome_span {
	int64_t ts, dur;	/* nanoseconds */
	size_t name, len;	/* the name, at chrome.names + name */
	size_t thread;		/* index of its thread */
	size_t order;		/* position in the input */
};

/* A B event waiting for its E. */
struct chrome_open {
	int64_t ts;		/* nanoseconds */
	size_t name, len;	/* as in chrome_span */
	size_t prev;		/* the B open before it on its thread, or
				   SIZE_MAX */
};

/* One thread of a trace. */
struct chrome_thread {
	int64_t last;		/* latest time seen (X: its end), nanoseconds */
	size_t open;		/* its innermost open B, in chrome.opens, or
				   SIZE_MAX */
};

/* Threads or profiles by key (see chrome_find()): a hash table. */
struct chrome_ix {
	size_t *slot;		/* an entry's index + 1, or 0 for none */
	size_t cap;		/* slots, a power of 2 */
	struct {
		size_t key;	/* its key, at chrome.names + key */
		uint64_t hash;	/* the key's hash */
	} *ent;			/* the entries, in the order they came */
	size_t n, capent;
};

/* Everything read from one input. */
struct chrome {
	struct chrome_prof all;	/* every CPU profile */
	int64_t *now;		/* each profile's time of its last sample,
				   microseconds */
	size_t nprofs, capprofs;
	struct chrome_thread *threads;
	size_t nthreads, capthreads;
	struct chrome_span *spans;	/* of every thread, in input order */
	size_t nspans, capspans;
	struct chrome_open *opens;	/* B events read, a stack per thread */
	size_t nopens, capopens;
	char *names;		/* the names of spans and nodes, one after
				   another */
	size_t nnames, capnames;
	struct chrome_ix profix, threadix;	/* positions in now and
						   threads, by key */
	uint64_t badnodes;	/* nodes without an id */
	uint64_t badsamples;	/* samples of unknown nodes, or in a cycle */
	uint64_t badevents;	/* events without a usable ts */
	uint64_t unmatched;	/* E without B, B without E */
	uint64_t nevents;	/* duration events read */
	struct strv *frames;	/* the stack for the sink */
	size_t capframes;
	struct {
		struct chrome_span *span;
		int64_t self;	/* its self time so far */
	} *nest;		/* the spans of frames, nesting a thread's */
	size_t capnest;
};

/* Skip a UTF-8 byte order mark and white space; the first byte or -1. */
static int
chrome_first(const char *buf, size_t len, size_t *at)
{
	size_t i = 0;

	if (len >= 3 && memcmp(buf, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	while (i < len && (buf[i] == ' ' || buf[i] == '\t' || buf[i] == '\n' ||
	    buf[i] == '\r'))
		i++;
	if (at != NULL)
		*at = i;
	return i < len ? (unsigned char)buf[i] : -1;
}

/* Does buf[0..len) contain the string s? */
static int
chrome_has(const char *buf, size_t len, const char *s)
{
	return memmem(buf, len, s, strlen(s)) != NULL;
}

/* A V8 CPU profile: a JSON object with nodes and callFrames. */
static int
chrome_cpuprofile_probe(const char *buf, size_t len)
{
	if (chrome_first(buf, len, NULL) != '{')
		return 0;
	if (chrome_has(buf, len, "\"traceEvents\"") ||
	    chrome_has(buf, len, "\"ph\""))
		return 0;
	if (chrome_has(buf, len, "\"nodes\"") &&
	    chrome_has(buf, len, "\"callFrame\""))
		return 90;
	return 0;
}

/* Trace events: an object with "traceEvents", or an array of events. */
static int
chrome_trace_probe(const char *buf, size_t len)
{
	int c = chrome_first(buf, len, NULL);

	if (c == '{' && chrome_has(buf, len, "\"traceEvents\""))
		return 90;
	if ((c == '[' || c == '{') && chrome_has(buf, len, "\"ph\"") &&
	    chrome_has(buf, len, "\"ts\""))
		return 90;
	return 0;
}

/* Read the input and parse it as JSON; NULL with a message in err. */
static json_t *
chrome_load(struct reader *r, char *err, size_t errlen)
{
	json_error_t jerr;
	const char *buf;
	json_t *root;
	size_t len;

	if (reader_slurp(r, READ_MAX_DOC, &buf, &len) < 0)
		return NULL;	/* the loader shows r->errmsg */
	if ((root = json_loadb(buf, len, 0, &jerr)) == NULL)
		snprintf(err, errlen, "%s:%d:%d: invalid JSON: %s", r->name,
		    jerr.line, jerr.column, jerr.text);
	return root;
}

/* A JSON number as an int64, or dflt when it is not a number. */
static int64_t
chrome_int(const json_t *v, int64_t dflt)
{
	double d;

	if (json_is_integer(v))
		return json_integer_value(v);
	if (!json_is_real(v))
		return dflt;
	d = json_real_value(v);
	if (!(d > -9.2e18 && d < 9.2e18))
		return dflt;
	return (int64_t)llround(d);
}

/* A timestamp in microseconds, possibly fractional, as nanoseconds. */
static int
chrome_ns(const json_t *v, int64_t *ns)
{
	double d;

	if (!json_is_number(v))
		return 0;
	d = json_number_value(v) * 1000.0;
	if (!(d > -CHROME_MAX_NS && d < CHROME_MAX_NS))
		return 0;
	*ns = (int64_t)llround(d);
	return 1;
}

/* Keep a copy of a name; its offset in c->names. */
static size_t
chrome_name(struct chrome *c, const char *name, size_t len)
{
	size_t at = c->nnames;

	c->names = xgrow(c->names, &c->capnames, at + len + 1, 1);
	memcpy(c->names + at, name, len);
	c->names[at + len] = '\0';
	c->nnames += len + 1;
	return at;
}

/*
 * Keep the frame name of a V8 callFrame in c->names, its length in *len;
 * its offset, or CHROME_NONAME for the (root) node.
 */
static size_t
chrome_frame_name(struct chrome *c, const json_t *cf, size_t *len)
{
	const char *fn = json_string_value(json_object_get(cf, "functionName"));
	const char *url = json_string_value(json_object_get(cf, "url"));
	int64_t line = chrome_int(json_object_get(cf, "lineNumber"), -1);
	const char *base, *end;
	size_t at;
	int n;

	if (fn == NULL || *fn == '\0')
		fn = "(anonymous)";
	if (url == NULL || *url == '\0') {
		*len = strlen(fn);
		return strcmp(fn, "(root)") == 0 ? CHROME_NONAME :
		    chrome_name(c, fn, *len);
	}
	/* The basename of the URL, without a trailing slash. */
	end = url + strlen(url);
	while (end > url + 1 && end[-1] == '/')
		end--;
	for (base = end; base > url && base[-1] != '/'; base--)
		;
	/* "function file", and ":line" when there is one. */
	at = c->nnames;
	c->names = xgrow(c->names, &c->capnames, at + strlen(fn) +
	    (size_t)(end - base) + 24, 1);
	n = snprintf(c->names + at, c->capnames - at, "%s %.*s", fn,
	    (int)(end - base), base);
	if (line >= 0)
		n += snprintf(c->names + at + n, c->capnames - at - n,
		    ":%" PRId64, line + 1);
	*len = (size_t)n;
	c->nnames = at + *len + 1;
	return at;
}

/* Add the nodes of a JSON array to profile prof. */
static void
chrome_add_nodes(struct chrome *c, size_t prof, const json_t *nodes)
{
	struct chrome_prof *pr = &c->all;
	const json_t *n, *kids, *kid;
	struct chrome_node *cn;
	size_t i, k;

	json_array_foreach(nodes, i, n) {
		if (!json_is_integer(json_object_get(n, "id"))) {
			c->badnodes++;
			continue;
		}
		pr->nodes = xgrow(pr->nodes, &pr->capnodes, pr->nnodes + 1,
		    sizeof *pr->nodes);
		cn = &pr->nodes[pr->nnodes++];
		cn->id = json_integer_value(json_object_get(n, "id"));
		cn->parent = chrome_int(json_object_get(n, "parent"),
		    CHROME_NONE);
		cn->hits = 0;
		if (chrome_int(json_object_get(n, "hitCount"), 0) > 0)
			cn->hits = (uint64_t)chrome_int(json_object_get(n,
			    "hitCount"), 0);
		cn->name = chrome_frame_name(c, json_object_get(n,
		    "callFrame"), &cn->len);
		cn->prof = prof;
		/* cpuprofile nodes name their children, not their parent. */
		kids = json_object_get(n, "children");
		json_array_foreach(kids, k, kid) {
			if (!json_is_integer(kid))
				continue;
			pr->links = xgrow(pr->links, &pr->caplinks,
			    pr->nlinks + 1, sizeof *pr->links);
			pr->links[pr->nlinks++] = (struct chrome_link){ cn->id,
			    json_integer_value(kid), prof };
		}
	}
}

/* Compare two nodes by id. */
static int
chrome_cmp_node(const void *a, const void *b)
{
	int64_t x = ((const struct chrome_node *)a)->id;
	int64_t y = ((const struct chrome_node *)b)->id;

	return x < y ? -1 : x > y;
}

/* The node with this id, or NULL; the nodes must be sorted. */
static struct chrome_node *
chrome_node(struct chrome_prof *pr, int64_t id)
{
	struct chrome_node key;

	if (pr->nnodes == 0)
		return NULL;
	key.id = id;
	return bsearch(&key, pr->nodes, pr->nnodes, sizeof *pr->nodes,
	    chrome_cmp_node);
}

/*
 * Sort a profile's nodes by id, apply the children links, and point each
 * node at its parent's index.
 */
static void
chrome_sort(struct chrome_prof *pr)
{
	struct chrome_node *n;
	size_t i;

	if (pr->nnodes == 0)
		return;
	qsort(pr->nodes, pr->nnodes, sizeof *pr->nodes, chrome_cmp_node);
	for (i = 0; i < pr->nlinks; i++)
		if ((n = chrome_node(pr, pr->links[i].child)) != NULL &&
		    n->id != pr->links[i].parent)
			n->parent = pr->links[i].parent;
	pr->nlinks = 0;
	for (i = 0; i < pr->nnodes; i++) {
		n = pr->nodes[i].parent == CHROME_NONE ? NULL :
		    chrome_node(pr, pr->nodes[i].parent);
		pr->nodes[i].up = pr->nodes[i].parent == CHROME_NONE ?
		    CHROME_ROOT : n == NULL ? CHROME_LOST :
		    (size_t)(n - pr->nodes);
	}
}

/* Start profile prof's clock at a startTime (microseconds). */
static void
chrome_start(struct chrome *c, size_t prof, const json_t *start)
{
	c->now[prof] = chrome_int(start, 0);
	if (c->now[prof] > CHROME_MAX_US || c->now[prof] < -CHROME_MAX_US)
		c->now[prof] = 0;
}

/* Add samples and their timeDeltas (JSON arrays) to profile prof. */
static void
chrome_add_samples(struct chrome *c, size_t prof, const json_t *samples,
    const json_t *deltas)
{
	struct chrome_prof *pr = &c->all;
	int64_t dt, *now = &c->now[prof];
	const json_t *v;
	size_t i;

	json_array_foreach(samples, i, v) {
		/* Kept in range so that the time in nanoseconds fits. */
		dt = chrome_int(json_array_get(deltas, i), 0);
		if (dt > CHROME_MAX_US || dt < -CHROME_MAX_US)
			dt = 0;
		*now += dt;
		if (*now > CHROME_MAX_US || *now < -CHROME_MAX_US)
			*now = 0;
		pr->samples = xgrow(pr->samples, &pr->capsamples,
		    pr->nsamples + 1, sizeof *pr->samples);
		pr->samples[pr->nsamples++] = (struct chrome_sample){
		    chrome_int(v, CHROME_NONE), *now, prof };
	}
}

/*
 * Group m items by bucket[i], keeping their order: bucket b's are
 * at[first[b]..first[b + 1]), b < n; an item of bucket n or more is left
 * out.
 */
static void
chrome_group(const size_t *bucket, size_t m, size_t n, size_t **first,
    size_t **at)
{
	size_t *f = xcalloc(n + 1, sizeof *f), *a = xmalloc((m + 1) * sizeof *a);
	size_t i, b;

	for (i = 0; i < m; i++)
		if (bucket[i] < n)
			f[bucket[i] + 1]++;
	for (b = 1; b <= n; b++)
		f[b] += f[b - 1];
	for (i = 0; i < m; i++)
		if (bucket[i] < n)
			a[f[bucket[i]]++] = i;
	for (b = n; b > 0; b--)
		f[b] = f[b - 1];
	f[0] = 0;
	*first = f;
	*at = a;
}

/* A profile's tree as chrome_emit_prof() walks it. */
struct chrome_walk {
	size_t *kfirst, *kids;	/* node i's children: kids[kfirst[i]..) */
	size_t *sfirst, *sat;	/* node i's samples: sat[sfirst[i]..) */
	char *seen;		/* node i was reached from a root */
	size_t same;		/* frames unchanged since the last stack */
};

/*
 * Push a stack into the sink, saying that its first *same frames are the
 * last stack's, and make all of it the last stack.
 */
static void
chrome_push(struct sink *sink, struct sample *smp, size_t *same)
{
	smp->same = *same < smp->nframes ? *same : smp->nframes;
	sink->stack(sink->ctx, smp);
	*same = smp->nframes;
}

/*
 * Reach node i, the stack to its parent being frames[0..nf): push its
 * stack into the sink, once a sample or once with its hitCount. Returns
 * the depth of its stack.
 */
static size_t
chrome_reach(struct chrome *c, struct chrome_prof *pr, struct chrome_walk *w,
    size_t i, size_t nf, struct sink *sink)
{
	struct chrome_node *n = &pr->nodes[i];
	struct sample smp = { .count = n->hits, .time_ns = -1 };
	size_t k;

	w->seen[i] = 1;
	if (n->name != CHROME_NONAME) {
		c->frames = xgrow(c->frames, &c->capframes, nf + 1,
		    sizeof *c->frames);
		c->frames[nf].s = c->names + n->name;
		c->frames[nf].len = n->len;
		if (w->same > nf)
			w->same = nf;
		nf++;
	}
	smp.frames = c->frames;
	smp.nframes = nf;
	if (pr->nsamples == 0 && n->hits > 0)
		chrome_push(sink, &smp, &w->same);
	for (k = w->sfirst[i]; k < w->sfirst[i + 1]; k++) {
		smp.count = 1;
		smp.time_ns = pr->samples[w->sat[k]].time * 1000;
		chrome_push(sink, &smp, &w->same);
	}
	return nf;
}

/*
 * Push every sample of a profile into the sink, or each node's hitCount
 * when it has none. The tree is walked depth first from its roots, a
 * node's samples together, so that each stack is the one before it give or
 * take a few frames: linear however deep the tree. A node in a loop of
 * parents, or under a missing one, is never reached: its samples are
 * counted as skipped.
 */
static void
chrome_emit_prof(struct chrome *c, struct chrome_prof *pr, struct sink *sink)
{
	struct chrome_walk w = { .same = 0 };
	struct chrome_node *n;
	struct {
		size_t node, next, nf;	/* next: its next child, in kids */
	} *path;
	size_t *bucket, i, d, kid;

	chrome_sort(pr);
	bucket = xmalloc(((pr->nnodes > pr->nsamples ? pr->nnodes :
	    pr->nsamples) + 1) * sizeof *bucket);
	for (i = 0; i < pr->nnodes; i++)
		bucket[i] = pr->nodes[i].up;	/* a root's is out of range */
	chrome_group(bucket, pr->nnodes, pr->nnodes, &w.kfirst, &w.kids);
	for (i = 0; i < pr->nsamples; i++) {
		n = chrome_node(pr, pr->samples[i].node);
		bucket[i] = n != NULL ? (size_t)(n - pr->nodes) : SIZE_MAX;
		if (n == NULL)
			c->badsamples++;
	}
	chrome_group(bucket, pr->nsamples, pr->nnodes, &w.sfirst, &w.sat);
	w.seen = xcalloc(pr->nnodes + 1, 1);
	path = xmalloc((pr->nnodes + 1) * sizeof *path);
	for (i = 0; i < pr->nnodes; i++) {
		if (pr->nodes[i].up != CHROME_ROOT)
			continue;
		path[0].node = i;
		path[0].next = w.kfirst[i];
		path[0].nf = chrome_reach(c, pr, &w, i, 0, sink);
		for (d = 1; d > 0;) {
			if (path[d - 1].next == w.kfirst[path[d - 1].node + 1]) {
				d--;
				continue;
			}
			kid = w.kids[path[d - 1].next++];
			path[d].node = kid;
			path[d].next = w.kfirst[kid];
			path[d].nf = chrome_reach(c, pr, &w, kid,
			    path[d - 1].nf, sink);
			d++;
		}
	}
	for (i = 0; i < pr->nnodes; i++)
		if (!w.seen[i])
			c->badsamples += pr->nsamples > 0 ?
			    w.sfirst[i + 1] - w.sfirst[i] : pr->nodes[i].hits;
	free(path);
	free(w.seen);
	free(w.kfirst);
	free(w.kids);
	free(w.sfirst);
	free(w.sat);
	free(bucket);
}

/*
 * Copy m items of size sz from src to dst, grouped by the index of their
 * profile, in order; the first of profile p goes to first[p].
 */
static void
chrome_by_prof(struct chrome *c, const void *src, size_t m, size_t sz,
    size_t profat, void *dst, size_t **first)
{
	size_t *bucket = xmalloc((m + 1) * sizeof *bucket), *at, i;

	for (i = 0; i < m; i++)
		memcpy(&bucket[i], (const char *)src + i * sz + profat,
		    sizeof *bucket);
	chrome_group(bucket, m, c->nprofs, first, &at);
	for (i = 0; i < m; i++)
		memcpy((char *)dst + i * sz, (const char *)src + at[i] * sz, sz);
	free(at);
	free(bucket);
}

/*
 * Push the samples of each CPU profile of a trace into the sink, profile
 * by profile in the order they were first named.
 */
static void
chrome_emit_profs(struct chrome *c, struct sink *sink)
{
	struct chrome_prof one, by = {
		.nodes = xmalloc((c->all.nnodes + 1) * sizeof *by.nodes),
		.samples = xmalloc((c->all.nsamples + 1) * sizeof *by.samples),
		.links = xmalloc((c->all.nlinks + 1) * sizeof *by.links),
	};
	size_t *nf, *sf, *lf, p;

	chrome_by_prof(c, c->all.nodes, c->all.nnodes, sizeof *by.nodes,
	    offsetof(struct chrome_node, prof), by.nodes, &nf);
	chrome_by_prof(c, c->all.samples, c->all.nsamples, sizeof *by.samples,
	    offsetof(struct chrome_sample, prof), by.samples, &sf);
	chrome_by_prof(c, c->all.links, c->all.nlinks, sizeof *by.links,
	    offsetof(struct chrome_link, prof), by.links, &lf);
	for (p = 0; p < c->nprofs; p++) {
		one.nodes = by.nodes + nf[p];
		one.nnodes = nf[p + 1] - nf[p];
		one.samples = by.samples + sf[p];
		one.nsamples = sf[p + 1] - sf[p];
		one.links = by.links + lf[p];
		one.nlinks = lf[p + 1] - lf[p];
		chrome_emit_prof(c, &one, sink);
	}
	free(nf);
	free(sf);
	free(lf);
	free(by.nodes);
	free(by.samples);
	free(by.links);
}

/* Tell the user about what was skipped. */
static void
chrome_notes(struct chrome *c, struct diag *d)
{
	if (c->badnodes > 0)
		diag_note(d, "%" PRIu64 " profile nodes without an id skipped",
		    c->badnodes);
	if (c->badsamples > 0)
		diag_note(d, "%" PRIu64 " samples skipped: their node, or one "
		    "of its parents, is missing or loops", c->badsamples);
	if (c->badevents > 0)
		diag_note(d, "%" PRIu64 " trace events without a numeric ts "
		    "skipped", c->badevents);
	if (c->unmatched > 0)
		diag_note(d, "%" PRIu64 " B/E trace events unmatched (an E with "
		    "no B is skipped; a B with no E ends at the thread's last "
		    "event)", c->unmatched);
}

/* Free what was read. */
static void
chrome_free(struct chrome *c)
{
	free(c->all.nodes);
	free(c->all.samples);
	free(c->all.links);
	free(c->now);
	free(c->threads);
	free(c->spans);
	free(c->opens);
	free(c->names);
	free(c->frames);
	free(c->nest);
	free(c->profix.slot);
	free(c->profix.ent);
	free(c->threadix.slot);
	free(c->threadix.ent);
}

static int
chrome_cpuprofile_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct chrome c;
	json_t *root, *nodes;

	if ((root = chrome_load(r, err, errlen)) == NULL)
		return -1;
	nodes = json_object_get(root, "nodes");
	if (!json_is_array(nodes)) {
		snprintf(err, errlen, "%s: not a V8 CPU profile: no \"nodes\" "
		    "array", r->name);
		json_decref(root);
		return -1;
	}
	memset(&c, 0, sizeof c);
	c.now = xmalloc(sizeof *c.now);
	c.nprofs = c.capprofs = 1;
	chrome_start(&c, 0, json_object_get(root, "startTime"));
	chrome_add_nodes(&c, 0, nodes);
	chrome_add_samples(&c, 0, json_object_get(root, "samples"),
	    json_object_get(root, "timeDeltas"));
	chrome_emit_prof(&c, &c.all, sink);
	chrome_notes(&c, d);
	chrome_free(&c);
	json_decref(root);
	(void)o;
	return 0;
}

const struct format fmt_cpuprofile = {
	.name = "cpuprofile",
	.desc =
	    "V8 CPU profile JSON, .cpuprofile (node --cpu-prof, Chrome DevTools)",
	.producer = "node --cpu-prof --cpu-prof-dir=DIR script.js",
	.probe = chrome_cpuprofile_probe,
	.parse = chrome_cpuprofile_parse,
};

/* A JSON value (number or string) as text for a key, into buf. */
static const char *
chrome_keypart(const json_t *v, char *buf, size_t size)
{
	if (json_is_string(v))
		return json_string_value(v);
	if (json_is_integer(v))
		snprintf(buf, size, "%" JSON_INTEGER_FORMAT, json_integer_value(v));
	else if (json_is_real(v))
		snprintf(buf, size, "%.17g", json_real_value(v));
	else
		snprintf(buf, size, "?");
	return buf;
}

/* Hash a key for struct chrome_ix (FNV-1a). */
static uint64_t
chrome_hash(const char *s, size_t len)
{
	uint64_t h = UINT64_C(14695981039346656037);
	size_t i;

	for (i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * UINT64_C(1099511628211);
	return h;
}

/* Put entry i of ix in a free slot. */
static void
chrome_slot(struct chrome_ix *ix, size_t i)
{
	size_t s;

	for (s = ix->ent[i].hash & (ix->cap - 1); ix->slot[s] != 0;
	    s = (s + 1) & (ix->cap - 1))
		;
	ix->slot[s] = i + 1;
}

/*
 * The position of the thread (other "tid") or profile (other "id") of an
 * event, ix->n when it is new: its key, "pid/other" with the length of pid
 * first (so that no two differ only in where a '/' is), is looked up in
 * ix, and kept in c->names when new.
 */
static size_t
chrome_find(struct chrome *c, struct chrome_ix *ix, const json_t *ev,
    const char *other)
{
	const char *pid, *oth;
	char a[32], b[32], *key;
	size_t len, at = c->nnames, i, s;
	uint64_t h;

	pid = chrome_keypart(json_object_get(ev, "pid"), a, sizeof a);
	oth = chrome_keypart(json_object_get(ev, other), b, sizeof b);
	len = strlen(pid) + strlen(oth) + 24;
	c->names = xgrow(c->names, &c->capnames, at + len, 1);
	key = c->names + at;
	len = (size_t)snprintf(key, len, "%zu:%s/%s", strlen(pid), pid, oth);
	h = chrome_hash(key, len);
	for (s = h & (ix->cap - 1); ix->cap > 0 && ix->slot[s] != 0;
	    s = (s + 1) & (ix->cap - 1))
		if (ix->ent[ix->slot[s] - 1].hash == h && strcmp(c->names +
		    ix->ent[ix->slot[s] - 1].key, key) == 0)
			return ix->slot[s] - 1;
	c->nnames = at + len + 1;
	ix->ent = xgrow(ix->ent, &ix->capent, ix->n + 1, sizeof *ix->ent);
	ix->ent[ix->n].key = at;
	ix->ent[ix->n].hash = h;
	if (2 * (ix->n + 1) > ix->cap) {
		free(ix->slot);
		ix->cap = ix->cap > 0 ? 2 * ix->cap : 64;
		ix->slot = xcalloc(ix->cap, sizeof *ix->slot);
		for (i = 0; i < ix->n; i++)
			chrome_slot(ix, i);
	}
	chrome_slot(ix, ix->n);
	return ix->n++;
}

/* The CPU profile of an event of a trace, made if new. */
static size_t
chrome_prof(struct chrome *c, const json_t *ev)
{
	size_t i = chrome_find(c, &c->profix, ev, "id");

	if (i < c->nprofs)
		return i;
	c->now = xgrow(c->now, &c->capprofs, c->nprofs + 1, sizeof *c->now);
	c->now[c->nprofs] = 0;
	return c->nprofs++;
}

/* The thread of an event, made if new. */
static size_t
chrome_thread(struct chrome *c, const json_t *ev)
{
	size_t i = chrome_find(c, &c->threadix, ev, "tid");

	if (i < c->nthreads)
		return i;
	c->threads = xgrow(c->threads, &c->capthreads, c->nthreads + 1,
	    sizeof *c->threads);
	c->threads[c->nthreads].last = INT64_MIN;
	c->threads[c->nthreads].open = SIZE_MAX;
	return c->nthreads++;
}

/* Add a span to thread t. */
static void
chrome_span(struct chrome *c, size_t t, int64_t ts, int64_t dur, size_t name,
    size_t len)
{
	c->spans = xgrow(c->spans, &c->capspans, c->nspans + 1,
	    sizeof *c->spans);
	c->spans[c->nspans++] = (struct chrome_span){ ts, dur, name, len, t,
	    c->nevents++ };
}

/* Take a V8 CPU profile event, Profile or ProfileChunk. */
static void
chrome_profile_event(struct chrome *c, const json_t *ev, const char *name)
{
	const json_t *data = json_object_get(json_object_get(ev, "args"),
	    "data");
	const json_t *cpu = json_object_get(data, "cpuProfile");
	size_t prof = chrome_prof(c, ev);

	if (strcmp(name, "Profile") == 0) {
		chrome_start(c, prof, json_object_get(data, "startTime"));
		return;
	}
	chrome_add_nodes(c, prof, json_object_get(cpu, "nodes"));
	chrome_add_samples(c, prof, json_object_get(cpu, "samples"),
	    json_object_get(data, "timeDeltas"));
}

/* Take one trace event. */
static void
chrome_event(struct chrome *c, const json_t *ev)
{
	const json_t *jname = json_object_get(ev, "name");
	const char *ph = json_string_value(json_object_get(ev, "ph"));
	const char *name = json_is_string(jname) ? json_string_value(jname) :
	    "";
	size_t len = json_is_string(jname) ? strlen(name) : 0, t;
	struct chrome_thread *th;
	struct chrome_open *open;
	int64_t ts, dur;

	if (ph == NULL)
		return;
	if (strcmp(ph, "P") == 0 && (strcmp(name, "Profile") == 0 ||
	    strcmp(name, "ProfileChunk") == 0)) {
		chrome_profile_event(c, ev, name);
		return;
	}
	if (strcmp(ph, "X") != 0 && strcmp(ph, "B") != 0 &&
	    strcmp(ph, "E") != 0)
		return;
	if (!chrome_ns(json_object_get(ev, "ts"), &ts)) {
		c->badevents++;
		return;
	}
	t = chrome_thread(c, ev);
	th = &c->threads[t];
	if (ts > th->last)
		th->last = ts;
	switch (*ph) {
	case 'X':
		/* As the reference, a complete event without dur is skipped. */
		if (chrome_ns(json_object_get(ev, "dur"), &dur) && dur >= 0) {
			chrome_span(c, t, ts, dur, chrome_name(c, name, len),
			    len);
			if (ts + dur > th->last)
				th->last = ts + dur;
		}
		break;
	case 'B':
		c->opens = xgrow(c->opens, &c->capopens, c->nopens + 1,
		    sizeof *c->opens);
		c->opens[c->nopens] = (struct chrome_open){ ts,
		    chrome_name(c, name, len), len, th->open };
		th->open = c->nopens++;
		break;
	case 'E':
		if (th->open == SIZE_MAX) {
			c->unmatched++;
			break;
		}
		open = &c->opens[th->open];
		th->open = open->prev;
		chrome_span(c, t, open->ts, ts > open->ts ? ts - open->ts : 0,
		    open->name, open->len);
		break;
	}
}

/*
 * Order spans by thread, then start, the longer (the parent) first, then
 * input order.
 */
static int
chrome_cmp_span(const void *a, const void *b)
{
	const struct chrome_span *x = a, *y = b;

	if (x->thread != y->thread)
		return x->thread < y->thread ? -1 : 1;
	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur > y->dur ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Push the stack of the depth open spans into the sink, by the top's self. */
static void
chrome_emit_nest(struct chrome *c, size_t depth, size_t *same,
    struct sink *sink)
{
	struct sample smp = { .frac = 3 };

	if (c->nest[depth - 1].self <= 0)
		return;
	smp.frames = c->frames;
	smp.nframes = depth;
	smp.count = (uint64_t)c->nest[depth - 1].self;
	smp.time_ns = c->nest[depth - 1].span->ts;
	chrome_push(sink, &smp, same);
}

/*
 * Nest each thread's spans by time and push each stack with its self time,
 * in microseconds with three decimals: a span inside another (starting
 * before the other ends) is its child, and its duration is taken from the
 * parent's self time. The frames of the open spans are kept as they open
 * and close, so the work does not grow with their depth. B events never
 * closed end at their thread's last timestamp.
 */
static void
chrome_emit_spans(struct chrome *c, struct sink *sink)
{
	struct chrome_open *op;
	struct chrome_span *sp;
	size_t depth = 0, same = 0, i;

	for (i = 0; i < c->nthreads; i++)
		for (; c->threads[i].open != SIZE_MAX; c->threads[i].open =
		    op->prev) {
			op = &c->opens[c->threads[i].open];
			c->unmatched++;
			chrome_span(c, i, op->ts, c->threads[i].last - op->ts,
			    op->name, op->len);
		}
	if (c->nspans == 0)
		return;
	qsort(c->spans, c->nspans, sizeof *c->spans, chrome_cmp_span);
	for (i = 0; i < c->nspans; i++) {
		sp = &c->spans[i];
		for (; depth > 0 && c->nest[depth - 1].span->thread !=
		    sp->thread; depth--)
			chrome_emit_nest(c, depth, &same, sink);
		while (depth > 0 && c->nest[depth - 1].span->ts +
		    c->nest[depth - 1].span->dur <= sp->ts) {
			chrome_emit_nest(c, depth, &same, sink);
			depth--;
		}
		if (depth > 0)
			c->nest[depth - 1].self = c->nest[depth - 1].self >
			    sp->dur ? c->nest[depth - 1].self - sp->dur : 0;
		c->nest = xgrow(c->nest, &c->capnest, depth + 1,
		    sizeof *c->nest);
		c->frames = xgrow(c->frames, &c->capframes, depth + 1,
		    sizeof *c->frames);
		c->nest[depth].span = sp;
		c->nest[depth].self = sp->dur;
		c->frames[depth].s = c->names + sp->name;
		c->frames[depth].len = sp->len;
		if (same > depth)
			same = depth;
		depth++;
	}
	for (; depth > 0; depth--)
		chrome_emit_nest(c, depth, &same, sink);
}

/* A trace being read, a JSON value at a time. */
struct chrome_in {
	struct reader *r;
	char *buf;		/* input read; buf[pos..end) not yet taken */
	size_t cap, pos, end;
	uint64_t line, col;	/* where buf[0] is: line from 1, characters
				   before it on that line */
	char *err;		/* the message of a syntax error */
	size_t errlen;
};

/* Move the line and column of in past buf[0..n). */
static void
chrome_count(const struct chrome_in *in, size_t n, uint64_t *line,
    uint64_t *col)
{
	size_t i;

	*line = in->line;
	*col = in->col;
	for (i = 0; i < n; i++)
		if (in->buf[i] == '\n')
			(*line)++, *col = 0;
		else if (((unsigned char)in->buf[i] & 0xc0) != 0x80)
			(*col)++;	/* a character, not a UTF-8 tail byte */
}

/*
 * Read more of the input, keeping buf[pos..end). Returns 1, 0 at its end,
 * -1 when reading fails (the message is in r->errmsg).
 */
static int
chrome_fill(struct chrome_in *in)
{
	size_t got;

	if (in->pos > 0) {
		chrome_count(in, in->pos, &in->line, &in->col);
		memmove(in->buf, in->buf + in->pos, in->end - in->pos);
		in->end -= in->pos;
		in->pos = 0;
	}
	if (in->end > READ_MAX_DOC) {
		snprintf(in->r->errmsg, sizeof in->r->errmsg, "%s:%" PRIu64
		    ": a JSON value larger than %u MiB: too large to read",
		    in->r->name, in->line, READ_MAX_DOC >> 20);
		in->r->error = 1;
		return -1;
	}
	in->buf = xgrow(in->buf, &in->cap, in->end + CHROME_CHUNK + 1, 1);
	got = reader_read(in->r, in->buf + in->end, in->cap - in->end - 1);
	in->end += got;
	in->buf[in->end] = '\0';
	if (in->r->cancelled && !in->r->error) {
		snprintf(in->r->errmsg, sizeof in->r->errmsg, "%s: cancelled",
		    in->r->name);
		in->r->error = 1;
	}
	return in->r->error || in->r->cancelled ? -1 : got > 0;
}

/*
 * Say that the JSON is invalid at buf[pos] (or at its end), as jansson
 * would: what was expected, near what. Returns -1.
 */
static int
chrome_syntax(struct chrome_in *in, const char *what)
{
	uint64_t line, col;

	chrome_count(in, in->pos, &line, &col);
	if (in->pos < in->end)
		snprintf(in->err, in->errlen, "%s:%" PRIu64 ":%" PRIu64
		    ": invalid JSON: %s near '%c'", in->r->name, line, col + 1,
		    what, in->buf[in->pos]);
	else
		snprintf(in->err, in->errlen, "%s:%" PRIu64 ":%" PRIu64
		    ": invalid JSON: %s near end of file", in->r->name, line,
		    col, what);
	return -1;
}

/*
 * Skip white space; the next byte, -1 at the end of the input, -2 when
 * reading fails.
 */
static int
chrome_skip(struct chrome_in *in)
{
	int got;

	for (;;) {
		while (in->pos < in->end && (in->buf[in->pos] == ' ' ||
		    in->buf[in->pos] == '\t' || in->buf[in->pos] == '\n' ||
		    in->buf[in->pos] == '\r'))
			in->pos++;
		if (in->pos < in->end)
			return (unsigned char)in->buf[in->pos];
		if ((got = chrome_fill(in)) <= 0)
			return got - 1;
	}
}

/*
 * The length of the JSON value at buf[pos], read in whole: strings and
 * brackets are followed, not checked (jansson does that). A value cut by
 * the end of the input is taken as far as it goes; 0 at a byte that
 * starts none. -1 when reading fails.
 */
static ssize_t
chrome_extent(struct chrome_in *in)
{
	size_t i = in->pos, depth = 0;
	int str = 0, esc = 0, got;

	for (;;) {
		for (; i < in->end; i++) {
			if (str) {
				if (esc)
					esc = 0;
				else if (in->buf[i] == '\\')
					esc = 1;
				else if (in->buf[i] == '"' && (str = 0,
				    depth == 0))
					return (ssize_t)(i + 1 - in->pos);
				continue;
			}
			switch (in->buf[i]) {
			case '"':
				str = 1;
				break;
			case '{': case '[':
				depth++;
				break;
			case '}': case ']':
				if (depth == 0)
					return (ssize_t)(i - in->pos);
				if (--depth == 0)
					return (ssize_t)(i + 1 - in->pos);
				break;
			case ',': case ' ': case '\t': case '\n': case '\r':
				if (depth == 0)
					return (ssize_t)(i - in->pos);
				break;
			}
		}
		i -= in->pos;
		if ((got = chrome_fill(in)) < 0)
			return -1;
		i += in->pos;
		if (got == 0)
			return (ssize_t)(i - in->pos);
	}
}

/*
 * Parse the JSON value at the next non-blank byte into *v, to be let go
 * with json_decref(). A jansson error names the line and column in the
 * file. Returns 0, or -1.
 */
static int
chrome_value(struct chrome_in *in, json_t **v, const char *what)
{
	json_error_t jerr;
	uint64_t line, col;
	ssize_t len;
	int c;

	if ((c = chrome_skip(in)) == -2 || (len = chrome_extent(in)) < 0)
		return -1;
	if (len == 0)
		return chrome_syntax(in, what);
	*v = json_loadb(in->buf + in->pos, (size_t)len, JSON_DECODE_ANY,
	    &jerr);
	if (*v == NULL) {
		chrome_count(in, in->pos, &line, &col);
		if (jerr.line > 1)
			line += (uint64_t)jerr.line - 1, col = 0;
		snprintf(in->err, in->errlen, "%s:%" PRIu64 ":%" PRIu64
		    ": invalid JSON: %s", in->r->name, line,
		    col + (uint64_t)(jerr.column > 0 ? jerr.column : 0),
		    jerr.text);
		return -1;
	}
	in->pos += (size_t)len;
	return 0;
}

/* Take the events of the array at buf[pos], one at a time. */
static int
chrome_events(struct chrome *c, struct chrome_in *in)
{
	json_t *ev;
	int next;

	in->pos++;
	if ((next = chrome_skip(in)) == ']') {
		in->pos++;
		return 0;
	}
	for (;;) {
		if (next == -1)
			return chrome_syntax(in, "']' expected");
		if (next < -1 || chrome_value(in, &ev, "unexpected token") < 0)
			return -1;
		chrome_event(c, ev);
		json_decref(ev);
		next = chrome_skip(in);
		if (next == ']') {
			in->pos++;
			return 0;
		}
		if (next != ',')
			return next < -1 ? -1 : chrome_syntax(in,
			    "']' expected");
		in->pos++;
		next = chrome_skip(in);
	}
}

/* Forget all that was read, for a trace that names its events again. */
static void
chrome_reset(struct chrome *c)
{
	chrome_free(c);
	memset(c, 0, sizeof *c);
}

/*
 * Read the members of the object at buf[pos], taking the events of its
 * (last) "traceEvents" array; *found says whether there is one.
 */
static int
chrome_members(struct chrome *c, struct chrome_in *in, int *found)
{
	json_t *key, *v;
	int next, events;

	in->pos++;
	if ((next = chrome_skip(in)) == '}') {
		in->pos++;
		return 0;
	}
	for (;;) {
		if (next != '"')
			return next < -1 ? -1 : chrome_syntax(in,
			    "string or '}' expected");
		if (chrome_value(in, &key, "string expected") < 0)
			return -1;
		events = strcmp(json_string_value(key), "traceEvents") == 0;
		json_decref(key);
		if ((next = chrome_skip(in)) != ':')
			return next < -1 ? -1 : chrome_syntax(in,
			    "':' expected");
		in->pos++;
		if ((next = chrome_skip(in)) < -1)
			return -1;
		if (events && *found)
			chrome_reset(c);	/* the last one counts */
		if (events)
			*found = next == '[';
		if (events && next == '[') {
			if (chrome_events(c, in) < 0)
				return -1;
		} else if (chrome_value(in, &v, "unexpected token") < 0)
			return -1;
		else
			json_decref(v);
		if ((next = chrome_skip(in)) == '}') {
			in->pos++;
			return 0;
		}
		if (next != ',')
			return next < -1 ? -1 : chrome_syntax(in,
			    "'}' expected");
		in->pos++;
		next = chrome_skip(in);
	}
}

/*
 * Read a trace, its events as they come: a bare array of them, or an
 * object with a "traceEvents" array. Returns 0, or -1 with a message in
 * in->err (or in r->errmsg when reading failed).
 */
static int
chrome_trace_read(struct chrome *c, struct chrome_in *in)
{
	int next = chrome_skip(in), found = 1;

	if (next == '[') {
		if (chrome_events(c, in) < 0)
			return -1;
	} else if (next == '{') {
		found = 0;
		if (chrome_members(c, in, &found) < 0)
			return -1;
	} else
		return next < -1 ? -1 : chrome_syntax(in,
		    "'[' or '{' expected");
	if ((next = chrome_skip(in)) != -1)
		return next < -1 ? -1 : chrome_syntax(in,
		    "end of file expected");
	if (!found)
		snprintf(in->err, in->errlen, "%s: not a Chrome trace: no "
		    "\"traceEvents\" array", in->r->name);
	return found ? 0 : -1;
}

static int
chrome_trace_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct chrome c;
	struct chrome_in in = { .r = r, .line = 1, .err = err,
	    .errlen = errlen };
	const char *want = o->sample_type;
	size_t nsamples;
	int samples, ret;

	if (want != NULL && strcmp(want, "samples") != 0 &&
	    strcmp(want, "events") != 0) {
		snprintf(err, errlen, "%s: a Chrome trace has no sample type "
		    "'%s': it has samples (CPU profile samples) and events "
		    "(durations)", r->name, want);
		return -1;
	}
	memset(&c, 0, sizeof c);
	ret = chrome_trace_read(&c, &in);
	free(in.buf);
	if (ret < 0) {
		chrome_free(&c);
		return -1;
	}
	nsamples = c.all.nsamples;
	samples = want != NULL ? *want == 's' : nsamples > 0;
	if (samples && nsamples == 0) {
		snprintf(err, errlen, "%s: no CPU profile samples in this trace "
		    "(record it with the disabled-by-default-v8.cpu_profiler "
		    "category, or use --sample-type=events)", r->name);
		chrome_free(&c);
		return -1;
	}
	if (samples) {
		if (want == NULL && c.nevents > 0)
			diag_note(d, "showing the trace's %zu CPU profile "
			    "samples; --sample-type=events shows its %" PRIu64
			    " duration events instead", nsamples, c.nevents);
		chrome_emit_profs(&c, sink);
	} else {
		sink_unit(sink, "microseconds");
		chrome_emit_spans(&c, sink);
	}
	chrome_notes(&c, d);
	chrome_free(&c);
	return 0;
}

const struct format fmt_chrome_trace = {
	.name = "chrome-trace",
	.desc =
	    "Chrome Trace Event JSON: duration events, or V8 CPU profile samples",
	.producer =
	    "node --trace-events-enabled script.js; chrome://tracing or DevTools' "
	    "Performance panel (Save profile)",
	.probe = chrome_trace_probe,
	.parse = chrome_trace_parse,
};
