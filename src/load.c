/*
 * load.c: open each input, find its format, and parse it into the profile.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chunk.h"
#include "diag.h"
#include "load.h"

/* Note a format name in l->formats, once. */
static void
load_note_format(struct load *l, const char *name)
{
	const char *p = l->formats;
	size_t n = strlen(name);

	while ((p = strstr(p, name)) != NULL) {
		if ((p == l->formats || p[-1] == '+') &&
		    (p[n] == '\0' || p[n] == '+'))
			return;
		p += n;
	}
	if (l->formats[0] != '\0')
		strncat(l->formats, "+", sizeof l->formats - strlen(l->formats) - 1);
	strncat(l->formats, name, sizeof l->formats - strlen(l->formats) - 1);
}

/* Does buf hold a NUL byte, a sign of binary data rather than text? */
static int
load_binary(const char *buf, size_t len)
{
	return memchr(buf, '\0', len) != NULL;
}

/*
 * What the counts are once a file is read: its parser's unit (in p->unit)
 * if it is the first file with stacks; "counts" if it disagrees with the
 * files before, whose unit was before (NULL for samples).
 */
static void
load_unit(struct profile *p, char *before, char *event, uint64_t nstacks)
{
	const char *now = p->unit != NULL ? p->unit : "samples";

	if (p->nstacks == nstacks) {
		profile_set_unit(p, before);
		profile_set_event(p, event);
	} else if (nstacks > 0 &&
	    strcmp(now, before != NULL ? before : "samples") != 0)
		profile_set_unit(p, "counts");
	/* Samples of one event, or no event to speak of. */
	if (nstacks > 0 && p->nstacks != nstacks && (event == NULL ||
	    p->event == NULL || strcmp(event, p->event) != 0))
		profile_set_event(p, NULL);
	free(before);
	free(event);
}

/* --by-file: the sink under each stack, and the frame put below it. */
struct load_root {
	struct sink *next;
	struct strv root;	/* the input's name */
	struct strv *frames;	/* root, then a stack's frames */
	size_t cap;
};

/* Pass a stack on to the next sink with the input's frame as its root. */
static void
load_root_stack(void *ctx, const struct sample *s)
{
	struct load_root *lr = ctx;
	struct sample t = *s;

	lr->frames = xgrow(lr->frames, &lr->cap, s->nframes + 1,
	    sizeof *lr->frames);
	lr->frames[0] = lr->root;
	if (s->nframes > 0)
		memcpy(lr->frames + 1, s->frames, s->nframes * sizeof *s->frames);
	t.frames = lr->frames;
	t.nframes = s->nframes + 1;
	t.same = s->same > 0 ? s->same + 1 : 0;
	lr->next->stack(lr->next->ctx, &t);
}

/* Pass the unit on to the next sink. */
static void
load_root_unit(void *ctx, const char *unit)
{
	struct load_root *lr = ctx;

	sink_unit(lr->next, unit);
}

/* The frame --by-file roots an input at: its name, or a URL's host:port. */
static char *
load_root_name(const char *name)
{
	return fetch_is_url(name) ? fetch_host(name) : xstrdup(name);
}

/*
 * Note the frame levels fmt can give for the input whose first bytes are
 * buf; returns 0, with an error, when it cannot give the level asked for.
 */
static int
load_levels(struct load *l, const struct format *fmt, const char *name,
    const char *buf, size_t len)
{
	unsigned lv = FRAMES_BIT(FRAMES_FUNCTION);
	char can[128];

	if (fmt->levels != NULL)
		lv |= fmt->levels(buf, len);
	l->nolevels |= ~lv & FRAMES_ALL;
	if (lv & FRAMES_BIT(l->opts.frames))
		return 1;
	diag_push_error(&l->diag, "%s: --frames=%s: this %s input does not "
	    "have it; it gives frames by %s", name, frames_name(l->opts.frames),
	    fmt->name, frames_names(lv, can, sizeof can));
	return 0;
}

/* Read one opened input and close it; returns 1 when read, 0 when not. */
static int
load_reader(struct load *l, struct reader *r, struct profile *p)
{
	struct sink sink = l->sink != NULL ? *l->sink : profile_sink(p), inner;
	struct load_root lr = { 0 };
	const struct format *fmt;
	struct parse_opts o;
	const char *buf;
	char err[512], *unit = p->unit, *event = p->event, *rootname = NULL;
	uint64_t nstacks = p->nstacks;
	size_t len;
	int ret = 0, threads;

	p->unit = NULL;		/* this file's, set by its parser */
	p->event = NULL;

	r->progress = l->progress;
	r->progress_arg = l->progress_arg;
	r->zratio = l->gzip_ratio;
	diag_begin(&l->diag, r->name);
	len = reader_peek(r, &buf);
	if (len == 0) {
		if (!r->error)
			diag_push_error(&l->diag, "%s: empty input", r->name);
		goto out;
	}
	fmt = l->forced != NULL ? l->forced : format_detect(buf, len);
	/* Forced, a text format must not read on through binary data
	 * (/dev/urandom would be read for ever): NULs in the first bytes, as
	 * detection sees them, unless the format says yes to them. */
	if (l->forced != NULL && load_binary(buf, len) &&
	    l->forced->probe(buf, len) == 0) {
		diag_push_error(&l->diag, "%s: binary data, not %s input",
		    r->name, l->forced->name);
		goto out;
	}
	if (fmt == NULL) {
		diag_push_error(&l->diag, "%s: %s; known formats: %s (use "
		    "--format to force one)", r->name, load_binary(buf, len) ?
		    "binary data, not a known stack format" :
		    "unrecognised stack format", format_names());
		goto out;
	}
	load_note_format(l, fmt->name);
	if (!load_levels(l, fmt, r->name, buf, len))
		goto out;
	threads = chunk_threads(l->threads);
	o = l->opts;
	if (fmt->prepare != NULL && fmt->prepare(buf, len, &o))
		threads = 1;
	if (l->by_file) {
		/* Blocks parsed apart go to the tree, not through a sink. */
		threads = 1;
		inner = sink;
		lr.next = &inner;
		rootname = load_root_name(r->name);
		lr.root.s = rootname;
		lr.root.len = strlen(rootname);
		sink = (struct sink){ .stack = load_root_stack,
		    .unit = load_root_unit, .ctx = &lr };
	}
	if (threads > 1 && l->sink == NULL && fmt->cut != NULL) {
		err[0] = '\0';
		ret = chunk_parse(r, fmt, &o, threads, p, &l->diag,
		    err, sizeof err) == 0;
		if (!ret)
			diag_push_error(&l->diag, "%s", err);
		goto out;
	}
	err[0] = '\0';
	ret = fmt->parse(r, &o, &sink, &l->diag, err, sizeof err) == 0;
	if (!ret && err[0] != '\0')
		diag_push_error(&l->diag, "%s", err);
out:
	if (r->longlines == 1)
		diag_push_error(&l->diag, "%s:%llu: line longer than %u MiB "
		    "skipped", r->name, (unsigned long long)r->firstlong,
		    READ_MAX_LINE >> 20);
	else if (r->longlines > 1)
		diag_push_error(&l->diag, "%s:%llu: line longer than %u MiB "
		    "skipped (%llu such lines, this is the first)", r->name,
		    (unsigned long long)r->firstlong, READ_MAX_LINE >> 20,
		    (unsigned long long)r->longlines);
	if (r->error)
		diag_push_error(&l->diag, "%s", r->errmsg);
	if (r->cancelled)
		l->cancelled = 1;
	load_unit(p, unit, event, nstacks);
	diag_end(&l->diag);
	free(rootname);
	free(lr.frames);
	reader_close(r);
	return ret;
}

/* Sum the totals; the samples apart only when periods weighed them. */
static void
load_done(struct profile *p)
{
	if (p->event == NULL)
		profile_drop_samples(p);
	profile_finish(p);
}

/* Read one file; returns 1 when it was read, 0 when not. */
static int
load_file(struct load *l, const char *path, struct profile *p)
{
	struct reader *r;
	char err[512];

	r = fetch_is_url(path) ? fetch_open(path, &l->fetch, err, sizeof err) :
	    reader_open(path, err, sizeof err);
	if (r == NULL) {
		diag_push_error(&l->diag, "%s", err);
		return 0;
	}
	return load_reader(l, r, p);
}

int
load_fd(struct load *l, int fd, const char *name, struct profile *p)
{
	struct reader *r;
	char err[512];
	int n;

	if ((r = reader_fdopen(fd, name, err, sizeof err)) == NULL) {
		diag_push_error(&l->diag, "%s", err);
		return 0;
	}
	n = load_reader(l, r, p);
	load_done(p);
	return n;
}

int
load_files(struct load *l, char *const *paths, int npaths, struct profile *p)
{
	int i, n = 0;

	for (i = 0; i < npaths && !l->cancelled; i++)
		n += load_file(l, paths[i], p);
	load_done(p);
	return n;
}
