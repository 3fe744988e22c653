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
 * insists on samples.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "formats.h"
#include "util.h"

#define CHROME_NONE INT64_MIN	/* no parent: a root */
#define CHROME_ROOT SIZE_MAX	/* chrome_node.up of a root */
#define CHROME_LOST (SIZE_MAX - 1)	/* chrome_node.up: parent missing */
#define CHROME_MAX_NS 2.3e18	/* times beyond are not believed (73 years) */
#define CHROME_MAX_US (INT64_C(1) << 50)	/* sample times, microseconds */

/* One node of a V8 CPU profile's call tree. */
struct chrome_node {
	int64_t id;
	int64_t parent;		/* the parent's id, or CHROME_NONE */
	uint64_t hits;		/* hitCount */
	char *name;		/* the frame name, NULL for the (root) node */
	size_t len;		/* its length */
	size_t up;		/* index of the parent, once sorted */
};

/* A V8 CPU profile: a cpuprofile file, or one "Profile" id of a trace. */
struct chrome_prof {
	struct chrome_node *nodes;
	size_t nnodes, capnodes;
	struct {
		int64_t node;	/* id of the node the sample hit */
		int64_t time;	/* when, in microseconds */
	} *samples;
	size_t nsamples, capsamples;
	int64_t now;		/* time of the last sample, microseconds */
	int sorted;		/* nodes are sorted by id */
	struct {
		int64_t parent, child;
	} *links;		/* parent links from "children" arrays */
	size_t nlinks, caplinks;
};

/* A duration event of a trace, a span of time on one thread. */
struct chrome_span {
	int64_t ts, dur;	/* nanoseconds */
	const char *name;	/* in the JSON document */
	size_t order;		/* position in the input */
};

/* The duration events of one thread. */
struct chrome_thread {
	struct chrome_span *spans;
	size_t nspans, capspans;
	struct chrome_span *open;	/* B events waiting for their E */
	size_t nopen, capopen;
	int64_t last;		/* latest time seen (X: its end), nanoseconds */
};

/* Everything read from one input. */
struct chrome {
	struct chrome_prof *profs;
	size_t nprofs, capprofs;
	struct chrome_thread *threads;
	size_t nthreads, capthreads;
	json_t *profix, *threadix;	/* positions in profs and threads, by
					   key (see chrome_find()) */
	char *key;		/* the key looked up last */
	size_t capkey;
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

/* The frame name of a V8 callFrame; NULL for the (root) node. */
static char *
chrome_frame_name(const json_t *cf)
{
	const char *fn = json_string_value(json_object_get(cf, "functionName"));
	const char *url = json_string_value(json_object_get(cf, "url"));
	int64_t line = chrome_int(json_object_get(cf, "lineNumber"), -1);
	const char *base, *end;

	if (fn == NULL || *fn == '\0')
		fn = "(anonymous)";
	if (url == NULL || *url == '\0') {
		if (strcmp(fn, "(root)") == 0)
			return NULL;
		return xstrdup(fn);
	}
	/* The basename of the URL, without a trailing slash. */
	end = url + strlen(url);
	while (end > url + 1 && end[-1] == '/')
		end--;
	for (base = end; base > url && base[-1] != '/'; base--)
		;
	if (line < 0)
		return xasprintf("%s %.*s", fn, (int)(end - base), base);
	return xasprintf("%s %.*s:%" PRId64, fn, (int)(end - base), base,
	    line + 1);
}

/* Add the nodes of a JSON array to a profile. */
static void
chrome_add_nodes(struct chrome *c, struct chrome_prof *pr, const json_t *nodes)
{
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
		cn->name = chrome_frame_name(json_object_get(n, "callFrame"));
		cn->len = cn->name != NULL ? strlen(cn->name) : 0;
		/* cpuprofile nodes name their children, not their parent. */
		kids = json_object_get(n, "children");
		json_array_foreach(kids, k, kid) {
			if (!json_is_integer(kid))
				continue;
			pr->links = xgrow(pr->links, &pr->caplinks,
			    pr->nlinks + 1, sizeof *pr->links);
			pr->links[pr->nlinks].parent = cn->id;
			pr->links[pr->nlinks++].child = json_integer_value(kid);
		}
	}
	pr->sorted = 0;
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

	if (pr->sorted || pr->nnodes == 0)
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
	pr->sorted = 1;
}

/* Add one sample of node id at time t (microseconds). */
static void
chrome_add_sample(struct chrome_prof *pr, int64_t id, int64_t t)
{
	pr->samples = xgrow(pr->samples, &pr->capsamples, pr->nsamples + 1,
	    sizeof *pr->samples);
	pr->samples[pr->nsamples].node = id;
	pr->samples[pr->nsamples++].time = t;
}

/* Add samples and their timeDeltas (JSON arrays) to a profile. */
static void
chrome_add_samples(struct chrome_prof *pr, const json_t *samples,
    const json_t *deltas)
{
	const json_t *v;
	int64_t dt;
	size_t i;


	json_array_foreach(samples, i, v) {
		/* Kept in range so that the time in nanoseconds fits. */
		dt = chrome_int(json_array_get(deltas, i), 0);
		if (dt > CHROME_MAX_US || dt < -CHROME_MAX_US)
			dt = 0;
		pr->now += dt;
		if (pr->now > CHROME_MAX_US || pr->now < -CHROME_MAX_US)
			pr->now = 0;
		chrome_add_sample(pr, chrome_int(v, CHROME_NONE), pr->now);
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
	if (n->name != NULL) {
		c->frames = xgrow(c->frames, &c->capframes, nf + 1,
		    sizeof *c->frames);
		c->frames[nf].s = n->name;
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
	struct chrome_prof *pr;
	size_t i, j;

	for (i = 0; i < c->nprofs; i++) {
		pr = &c->profs[i];
		for (j = 0; j < pr->nnodes; j++)
			free(pr->nodes[j].name);
		free(pr->nodes);
		free(pr->links);
		free(pr->samples);
	}
	free(c->profs);
	for (i = 0; i < c->nthreads; i++) {
		free(c->threads[i].spans);
		free(c->threads[i].open);
	}
	free(c->threads);
	free(c->frames);
	free(c->nest);
	free(c->key);
	json_decref(c->profix);
	json_decref(c->threadix);
}

static int
chrome_cpuprofile_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct chrome c;
	struct chrome_prof *pr;
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
	c.profs = pr = xcalloc(1, sizeof *c.profs);
	c.nprofs = c.capprofs = 1;
	pr->now = chrome_int(json_object_get(root, "startTime"), 0);
	if (pr->now > CHROME_MAX_US || pr->now < -CHROME_MAX_US)
		pr->now = 0;
	chrome_add_nodes(&c, pr, nodes);
	chrome_add_samples(pr, json_object_get(root, "samples"),
	    json_object_get(root, "timeDeltas"));
	chrome_emit_prof(&c, pr, sink);
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

/*
 * The position of the thread (other "tid") or profile (other "id") of an
 * event in c, n when it is new: its key, "pid/other" with the length of
 * pid first (so that no two differ only in where a '/' is), is looked up
 * in ix, a JSON object used as a hash table.
 */
static size_t
chrome_find(struct chrome *c, json_t *ix, const json_t *ev, const char *other,
    size_t n)
{
	const char *pid, *oth;
	char a[32], b[32];
	json_t *v;
	size_t len;

	pid = chrome_keypart(json_object_get(ev, "pid"), a, sizeof a);
	oth = chrome_keypart(json_object_get(ev, other), b, sizeof b);
	len = strlen(pid) + strlen(oth) + 24;
	c->key = xgrow(c->key, &c->capkey, len, 1);
	snprintf(c->key, len, "%zu:%s/%s", strlen(pid), pid, oth);
	if ((v = json_object_get(ix, c->key)) != NULL)
		return (size_t)json_integer_value(v);
	json_object_set_new_nocheck(ix, c->key, json_integer((json_int_t)n));
	return n;
}

/* The CPU profile of an event of a trace, made if new. */
static struct chrome_prof *
chrome_prof(struct chrome *c, const json_t *ev)
{
	size_t i = chrome_find(c, c->profix, ev, "id", c->nprofs);

	if (i < c->nprofs)
		return &c->profs[i];
	c->profs = xgrow(c->profs, &c->capprofs, c->nprofs + 1,
	    sizeof *c->profs);
	memset(&c->profs[c->nprofs], 0, sizeof *c->profs);
	return &c->profs[c->nprofs++];
}

/* The thread of an event, made if new. */
static struct chrome_thread *
chrome_thread(struct chrome *c, const json_t *ev)
{
	size_t i = chrome_find(c, c->threadix, ev, "tid", c->nthreads);

	if (i < c->nthreads)
		return &c->threads[i];
	c->threads = xgrow(c->threads, &c->capthreads, c->nthreads + 1,
	    sizeof *c->threads);
	memset(&c->threads[c->nthreads], 0, sizeof *c->threads);
	c->threads[c->nthreads].last = INT64_MIN;
	return &c->threads[c->nthreads++];
}

/* Add a span to a thread. */
static void
chrome_span(struct chrome *c, struct chrome_thread *t, int64_t ts,
    int64_t dur, const char *name)
{
	t->spans = xgrow(t->spans, &t->capspans, t->nspans + 1,
	    sizeof *t->spans);
	t->spans[t->nspans++] = (struct chrome_span){ ts, dur, name,
	    c->nevents++ };
}

/* Take one trace event. */
static void
chrome_event(struct chrome *c, const json_t *ev)
{
	const char *ph = json_string_value(json_object_get(ev, "ph"));
	const char *name = json_string_value(json_object_get(ev, "name"));
	const json_t *data;
	struct chrome_thread *t;
	struct chrome_prof *pr;
	struct chrome_span *open;
	int64_t ts, dur;

	if (ph == NULL)
		return;
	if (name == NULL)
		name = "";
	if (strcmp(ph, "P") == 0 && (strcmp(name, "Profile") == 0 ||
	    strcmp(name, "ProfileChunk") == 0)) {
		data = json_object_get(json_object_get(ev, "args"), "data");
		pr = chrome_prof(c, ev);
		if (strcmp(name, "Profile") == 0) {
			pr->now = chrome_int(json_object_get(data, "startTime"),
			    0);
			if (pr->now > CHROME_MAX_US || pr->now < -CHROME_MAX_US)
				pr->now = 0;
			return;
		}
		chrome_add_nodes(c, pr, json_object_get(json_object_get(data,
		    "cpuProfile"), "nodes"));
		chrome_add_samples(pr, json_object_get(json_object_get(data,
		    "cpuProfile"), "samples"), json_object_get(data,
		    "timeDeltas"));
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
	if (ts > t->last)
		t->last = ts;
	switch (*ph) {
	case 'X':
		/* As the reference, a complete event without dur is skipped. */
		if (chrome_ns(json_object_get(ev, "dur"), &dur) && dur >= 0) {
			chrome_span(c, t, ts, dur, name);
			if (ts + dur > t->last)
				t->last = ts + dur;
		}
		break;
	case 'B':
		t->open = xgrow(t->open, &t->capopen, t->nopen + 1,
		    sizeof *t->open);
		t->open[t->nopen++] = (struct chrome_span){ ts, 0, name, 0 };
		break;
	case 'E':
		if (t->nopen == 0) {
			c->unmatched++;
			break;
		}
		open = &t->open[--t->nopen];
		chrome_span(c, t, open->ts, ts > open->ts ? ts - open->ts : 0,
		    open->name);
		break;
	}
}

/* Order spans by start, the longer (the parent) first, then input order. */
static int
chrome_cmp_span(const void *a, const void *b)
{
	const struct chrome_span *x = a, *y = b;

	if (x->ts != y->ts)
		return x->ts < y->ts ? -1 : 1;
	if (x->dur != y->dur)
		return x->dur > y->dur ? -1 : 1;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Push the stack of the depth open spans into the sink, by the top's self. */
static void
chrome_emit_spans(struct chrome *c, size_t depth, size_t *same,
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
 * Nest one thread's spans by time and push each stack with its self time,
 * in microseconds with three decimals: a span inside another (starting
 * before the other ends) is its child, and its duration is taken from the
 * parent's self time. The frames of the open spans are kept as they open
 * and close, so the work does not grow with their depth.
 */
static void
chrome_emit_thread(struct chrome *c, struct chrome_thread *t,
    struct sink *sink)
{
	struct chrome_span *sp;
	size_t depth = 0, same = 0, i;

	/* B events never closed end at the thread's last timestamp. */
	while (t->nopen > 0) {
		sp = &t->open[--t->nopen];
		c->unmatched++;
		chrome_span(c, t, sp->ts, t->last - sp->ts, sp->name);
	}
	if (t->nspans == 0)
		return;
	qsort(t->spans, t->nspans, sizeof *t->spans, chrome_cmp_span);
	for (i = 0; i < t->nspans; i++) {
		sp = &t->spans[i];
		while (depth > 0 && c->nest[depth - 1].span->ts +
		    c->nest[depth - 1].span->dur <= sp->ts) {
			chrome_emit_spans(c, depth, &same, sink);
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
		c->frames[depth].s = sp->name;
		c->frames[depth].len = strlen(sp->name);
		if (same > depth)
			same = depth;
		depth++;
	}
	for (; depth > 0; depth--)
		chrome_emit_spans(c, depth, &same, sink);
}

static int
chrome_trace_parse(struct reader *r, const struct parse_opts *o,
    struct sink *sink, struct diag *d, char *err, size_t errlen)
{
	struct chrome c;
	json_t *root, *events, *ev;
	const char *want = o->sample_type;
	size_t i, nsamples = 0;
	int samples;

	if (want != NULL && strcmp(want, "samples") != 0 &&
	    strcmp(want, "events") != 0) {
		snprintf(err, errlen, "%s: a Chrome trace has no sample type "
		    "'%s': it has samples (CPU profile samples) and events "
		    "(durations)", r->name, want);
		return -1;
	}
	if ((root = chrome_load(r, err, errlen)) == NULL)
		return -1;
	events = json_is_array(root) ? root : json_object_get(root,
	    "traceEvents");
	if (!json_is_array(events)) {
		snprintf(err, errlen, "%s: not a Chrome trace: no \"traceEvents\" "
		    "array", r->name);
		json_decref(root);
		return -1;
	}
	memset(&c, 0, sizeof c);
	c.profix = json_object();
	c.threadix = json_object();
	json_array_foreach(events, i, ev)
		chrome_event(&c, ev);
	for (i = 0; i < c.nprofs; i++)
		nsamples += c.profs[i].nsamples;
	samples = want != NULL ? *want == 's' : nsamples > 0;
	if (samples && nsamples == 0) {
		snprintf(err, errlen, "%s: no CPU profile samples in this trace "
		    "(record it with the disabled-by-default-v8.cpu_profiler "
		    "category, or use --sample-type=events)", r->name);
		chrome_free(&c);
		json_decref(root);
		return -1;
	}
	if (samples) {
		if (want == NULL && c.nevents > 0)
			diag_note(d, "showing the trace's %zu CPU profile "
			    "samples; --sample-type=events shows its %" PRIu64
			    " duration events instead", nsamples, c.nevents);
		for (i = 0; i < c.nprofs; i++)
			chrome_emit_prof(&c, &c.profs[i], sink);
	} else {
		sink_unit(sink, "microseconds");
		for (i = 0; i < c.nthreads; i++)
			chrome_emit_thread(&c, &c.threads[i], sink);
	}
	chrome_notes(&c, d);
	chrome_free(&c);
	json_decref(root);
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
