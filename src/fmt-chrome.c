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
 * insists on samples. A trace is read one event at a time
 * (fmt-chrome-trace.c): the brackets and strings around the events are
 * followed there, each event is parsed
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

#include "chrome.h"
#include "diag.h"
#include "formats.h"
#include "util.h"

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
int
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
int
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
size_t
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
void
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
void
chrome_start(struct chrome *c, size_t prof, const json_t *start)
{
	c->now[prof] = chrome_int(start, 0);
	if (c->now[prof] > CHROME_MAX_US || c->now[prof] < -CHROME_MAX_US)
		c->now[prof] = 0;
}

/* Add samples and their timeDeltas (JSON arrays) to profile prof. */
void
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
void
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
void
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
void
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
void
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

