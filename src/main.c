/*
 * main.c: read the options (options.c), then load the inputs and hand the
 * profile to the viewer or to the batch writers.
 */
#include "config.h"

#include <errno.h>
#include <locale.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "diag.h"
#include "diff.h"
#include "fold.h"
#include "load.h"
#include "match.h"
#include "options.h"
#include "profile.h"
#include "live.h"
#include "record.h"
#include "save.h"
#include "timeline.h"
#include "top.h"
#include "transform.h"
#include "tui.h"
#include "util.h"

/* What main holds while it runs, all freed in one place (main_free). */
struct run {
	struct options o;
	struct load l;
	struct profile p;
	struct input_ids inputs;	/* not to be overwritten by --svg */
	struct transform t;		/* the views, for the batch outputs */
	regex_t re[3];			/* t's focus, ignore and hide */
	int nre;
	uint64_t deep;			/* frames --maxdepth left out */
};

/* Compile the regex of --opt into the next of r->re, for *slot. */
static int
main_regex(struct run *r, const char *opt, const char *pattern,
    const regex_t **slot)
{
	char msg[512];

	if (match_compile(&r->re[r->nre], pattern, 0, msg, sizeof msg) != 0) {
		util_warn("--%s: %s", opt, msg);
		return 2;
	}
	*slot = &r->re[r->nre++];
	return -1;
}

/*
 * The views of the options as a transform, its regexes compiled (the
 * viewer compiles its own, but a bad one is refused before it starts).
 * Returns -1 to go on, or the exit status.
 */
static int
main_views(struct run *r)
{
	const struct vstate *v = &r->o.tui.init;
	char *exact;
	int st = -1;

	r->t.reverse = v->reverse;
	r->t.prune = v->prune;
	r->t.collapse_recursion = v->recursion;
	if ((v->focus != NULL &&
	    (st = main_regex(r, "focus", v->focus, &r->t.focus)) >= 0) ||
	    (v->ignore != NULL &&
	    (st = main_regex(r, "ignore", v->ignore, &r->t.ignore)) >= 0) ||
	    (v->hide != NULL &&
	    (st = main_regex(r, "hide", v->hide, &r->t.hide)) >= 0))
		return st;
	if (v->func != NULL && !r->o.interactive) {
		exact = transform_exact(v->func, strlen(v->func));
		st = main_regex(r, "callers", exact, &r->t.focus);
		free(exact);
		r->t.callers = r->t.reverse = 1;
	}
	return st;
}

/*
 * Read the inputs (a differential pair for --diff) with r->l into out,
 * fresh from profile_init(). Returns the number of files read.
 */
static int
main_read(struct run *r, struct profile *out)
{
	const struct options *o = &r->o;
	struct profile before, view;
	int nread;

	out->flamechart = o->flamechart;
	/* A CPI profile's timestamps would count only instructions. */
	out->keeptimes = (o->interactive || o->haverange || o->flamechart) &&
	    !o->parse.cpi;
	if (!o->diff)
		return load_files(&r->l, o->paths, o->npaths, out);
	profile_init(&before);
	nread = load_files(&r->l, o->paths, 1, &before);
	nread += load_files(&r->l, o->paths + 1, 1, out);
	if (nread < 2)
		nread = 0;
	diff_build(&before, out, o->normalize, &view);
	profile_free(&before);
	profile_free(out);
	*out = view;
	return nread;
}

/* Load the inputs into r->p. */
static int
main_load(struct run *r)
{
	const struct options *o = &r->o;
	int i, nread;

	r->l.forced = o->format;
	r->l.opts = o->parse;
	r->l.gzip_ratio = o->gzip_ratio;
	r->l.threads = o->threads;
	r->l.by_file = o->by_file;
	r->l.fetch.timeout = o->timeout;
	r->l.fetch.insecure = o->insecure;
	for (i = 0; i < o->npaths; i++)
		save_input_add(&r->inputs, o->paths[i]);
	if (o->interactive) {
		r->l.progress = tui_progress;
		r->l.fetch.wait = tui_waiting;
		tui_loading();
	}
	nread = main_read(r, &r->p);
	if (o->interactive)
		tui_loaded();
	r->l.progress = NULL;
	if (r->l.cancelled) {
		fprintf(stderr, "%s: cancelled\n", PROGNAME);
		return 130;
	}
	diag_print(&r->l.diag, stderr);
	if (nread == 0 || r->p.nstacks == 0) {
		if (nread > 0)
			fprintf(stderr, "%s: no stacks found in the input\n",
			    PROGNAME);
		return 1;
	}
	return -1;
}

/*
 * --cpi: size the profile by its cycles (its BEFORE counts), or refuse
 * input without both cycles and instructions. Returns -1 to go on, or the
 * exit status.
 */
static int
main_cpi(struct run *r)
{
	const char *missing;

	if (!r->o.parse.cpi || (missing = diff_cpi(&r->p)) == NULL)
		return -1;
	fprintf(stderr, "%s: --cpi wants samples of both cycles and "
	    "instructions (perf record -e cycles,instructions -g), or folded "
	    "\"stack CYCLES INSTRUCTIONS\" lines; the input has no %s\n",
	    PROGNAME, missing);
	return 1;
}

/* Replace r->p with view, which the caller built from it. */
static void
main_replace(struct run *r, struct profile *view)
{
	profile_free(&r->p);
	r->p = *view;
}

/*
 * What the options make of a profile as read, for every output: its
 * unit, widths, counts and time order. Returns 0 when --samples finds
 * counts not weighed by a period, else 1.
 */
static int
main_settle(struct run *r, struct profile *p)
{
	const struct options *o = &r->o;
	struct profile view;
	int ok = 1;

	if (o->svg.countname != NULL)
		profile_set_unit(p, o->svg.countname);
	if (o->widths_before && p->delta != NULL)
		diff_swap(p);
	if (o->samples)
		ok = profile_by_samples(p, 1);
	/* A flame chart of timestamped samples is in time order. */
	if (o->flamechart && timeline_chart(p, &view)) {
		profile_free(p);
		*p = view;
	}
	return ok;
}

/*
 * Shape the profile for the batch outputs: its unit, widths, time order,
 * --time-range and the views. Returns -1 to go on, or the exit status.
 */
static int
main_shape(struct run *r)
{
	const struct options *o = &r->o;
	struct profile view;
	struct timeline tl;
	char err[512];

	if (r->p.saturated)
		fprintf(stderr, "%s: warning: a sample count overflowed 64 bits "
		    "and was clamped\n", PROGNAME);
	if (o->widths_before && r->p.delta == NULL) {
		fprintf(stderr, "%s: --widths=before is for differential input: "
		    "--diff BEFORE AFTER, or \"stack BEFORE AFTER\" lines\n",
		    PROGNAME);
		return 2;
	}
	if (!main_settle(r, &r->p))
		fprintf(stderr, "%s: warning: --samples: the counts are %s, "
		    "not weighed by a period\n", PROGNAME, profile_unit(&r->p));
	if (o->haverange && !o->interactive) {
		if (timeline_init(&tl, &r->p, TIMELINE_BUCKETS,
		    o->tui.include_idle, err, sizeof err) != 0) {
			fprintf(stderr, "%s: --time-range: %s\n", PROGNAME, err);
			return 1;
		}
		if (timeline_range(&tl, o->range_from, o->range_to, &view) == 0)
			fprintf(stderr, "%s: warning: no samples in --time-range"
			    "\n", PROGNAME);
		timeline_free(&tl);
		main_replace(r, &view);
	}
	if (transform_active(&r->t) && !o->interactive) {
		profile_init(&view);
		transform_apply(&r->p, &r->t, &view);
		profile_take_names(&view, &r->p);
		main_replace(r, &view);
		if (r->p.nstacks == 0)
			fprintf(stderr, "%s: warning: no stacks are left after "
			    "--focus, --ignore and --hide\n", PROGNAME);
	}
	return -1;
}

/* The viewer's F: read the inputs again with frames at level. */
static int
main_reload(void *ctx, int level, struct profile *out, char *msg,
    size_t size)
{
	struct run *r = ctx;
	struct diag keep = r->l.diag;
	int nread;

	memset(&r->l.diag, 0, sizeof r->l.diag);
	r->l.opts.frames = (enum frames_level)level;
	nread = main_read(r, out);
	if (nread == 0 || out->nstacks == 0)
		snprintf(msg, size, "%s", r->l.diag.nmsgs > 0 ?
		    r->l.diag.msgs[0] : "no stacks found in the input");
	else
		main_settle(r, out);
	diag_free(&r->l.diag);
	r->l.diag = keep;
	return nread == 0 || out->nstacks == 0 ? -1 : 0;
}

/*
 * The levels F can switch between: those every input gives, when each is
 * a file that can be read again.
 */
static void
main_frames(struct run *r, struct tui_frames *f, char *why, size_t size)
{
	struct stat st;
	int i;

	memset(f, 0, sizeof *f);
	f->level = r->o.parse.frames;
	f->levels = FRAMES_ALL & ~r->l.nolevels;
	f->reload = main_reload;
	f->ctx = r;
	snprintf(why, size, "%s input has none", r->l.formats);
	for (i = 0; i < r->o.npaths; i++)
		if (strcmp(r->o.paths[i], "-") == 0 ||
		    stat(r->o.paths[i], &st) != 0 || !S_ISREG(st.st_mode)) {
			snprintf(why, size, "%s cannot be read again",
			    strcmp(r->o.paths[i], "-") == 0 ?
			    "standard input" : r->o.paths[i]);
			f->levels = FRAMES_BIT(f->level);
		}
	f->why = why;
}

/* Run the interactive view, with the first message of loading. */
static int
main_view(struct run *r)
{
	struct tui_frames f;
	char warning[512], why[256];

	warning[0] = '\0';
	if (r->l.diag.nmsgs > 0)
		snprintf(warning, sizeof warning, "%s%s", r->l.diag.msgs[0],
		    r->l.diag.nmsgs > 1 ? " (and more: see standard error "
		    "after quitting)" : "");
	main_frames(r, &f, why, sizeof why);
	r->o.tui.frames = &f;
	return tui_run(&r->p, &r->o.tui, r->o.paths, r->o.npaths,
	    r->l.formats, warning[0] != '\0' ? warning : NULL);
}

/* Write what the options ask for: the SVG, then --top, then --fold. */
static int
main_write(struct run *r)
{
	struct options *o = &r->o;
	struct top_row *rows;
	char err[1024];
	size_t nrows;

	o->svg.deep = &r->deep;
	if (o->svgpath != NULL && svg_export(&r->p, PROFILE_ROOT, &o->svg,
	    o->svgpath, &r->inputs, err, sizeof err) != 0) {
		fprintf(stderr, "%s: %s\n", PROGNAME, err);
		return 2;
	}
	if (r->deep > 0)
		fprintf(stderr, "%s: warning: %s: %llu frames more than %u "
		    "levels above the root left out: --maxdepth=0 draws them\n",
		    PROGNAME, strcmp(o->svgpath, "-") == 0 ? "standard output" :
		    o->svgpath, (unsigned long long)r->deep, o->svg.maxdepth);
	if (o->svgpath != NULL && !o->fold && !o->top)
		return 0;
	if (o->top) {
		nrows = top_compute(&r->p, r->t.reverse, TOP_BY_TOTAL, &rows);
		top_write(&r->p, rows, nrows, stdout);
		free(rows);
	}
	if ((o->fold && fold_write(&r->p, stdout) < 0) ||
	    fflush(stdout) != 0) {
		fprintf(stderr, "%s: writing output: %s\n", PROGNAME,
		    strerror(errno));
		return 2;
	}
	return 0;
}

/* Free what main_* made. */
static void
main_free(struct run *r)
{
	int i;

	for (i = 0; i < r->nre; i++)
		regfree(&r->re[i]);
	profile_free(&r->p);
	diag_free(&r->l.diag);
	save_input_free(&r->inputs);
}

int
main(int argc, char **argv)
{
	struct run r;
	int st;

	if (argc > 1 && strcmp(argv[1], "record") == 0)
		return record_main(argc - 1, argv + 1);
	if (argc > 1 && strcmp(argv[1], "top") == 0)
		return live_main(argc - 1, argv + 1);
	setlocale(LC_CTYPE, "");
	memset(&r, 0, sizeof r);
	if ((st = options_parse(&r.o, argc, argv)) >= 0 ||
	    (st = options_check(&r.o)) != 0)
		return st;
	profile_init(&r.p);
	if ((st = main_views(&r)) < 0 && (st = main_load(&r)) < 0 &&
	    (st = main_cpi(&r)) < 0 && (st = main_shape(&r)) < 0)
		st = r.o.interactive ? main_view(&r) : main_write(&r);
	main_free(&r);
	return st;
}
