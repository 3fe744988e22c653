/*
 * fmt-chrome-trace.c: the chrome-trace format, trace events (see
 * fmt-chrome.c for what is read from them). The brackets and strings
 * around the events are followed here, one piece of the input at a time;
 * each event is parsed by jansson on its own and let go.
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
	int open;		/* the array ended with the file, no ']' */
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

/*
 * Take the events of the array at buf[pos], one at a time. A bare array
 * (bare) may end at the end of the file without its ']', as the format
 * allows for a trace written by a process that died.
 */
static int
chrome_events(struct chrome *c, struct chrome_in *in, int bare)
{
	json_t *ev;
	int next;

	in->pos++;
	if ((next = chrome_skip(in)) == ']') {
		in->pos++;
		return 0;
	}
	for (;;) {
		if (next == -1 && bare) {
			in->open = 1;
			return 0;
		}
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
		if (next == -1 && bare) {
			in->open = 1;
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
			if (chrome_events(c, in, 0) < 0)
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
		if (chrome_events(c, in, 1) < 0)
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
	if (in.open)
		diag_note(d, "the trace's array ends with the file, without "
		    "its ']', as a trace cut short may: read to the end");
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
