/*
 * tui-filters.c: the interactive view's filters (reverse, focus, hide,
 * ignore, prune, collapse recursion), the switches between the graph, the
 * top table and the callers and callees, and the undo stack over both.
 *
 * The loaded profile is never changed: each change of filters rebuilds the
 * profile shown from it through transform_apply(), the same code --fold
 * and --svg use.
 */
#include "config.h"

#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "match.h"
#include "timeline.h"
#include "transform.h"
#include "tui-screen.h"
#include "util.h"

/* Free what a state holds. */
static void
filters_state_free(struct vstate *s)
{
	free(s->focus);
	free(s->hide);
	free(s->ignore);
	free(s->func);
	free(s->zoom);
	memset(s, 0, sizeof *s);
}

/* A copy of a string, or NULL. */
static char *
filters_dup(const char *s)
{
	return s != NULL ? xstrdup(s) : NULL;
}

/* A deep copy of a state. */
static void
filters_state_copy(struct vstate *d, const struct vstate *s)
{
	*d = *s;
	d->focus = filters_dup(s->focus);
	d->hide = filters_dup(s->hide);
	d->ignore = filters_dup(s->ignore);
	d->func = filters_dup(s->func);
	d->zoom = NULL;
	if (s->nzoom > 0) {
		d->zoom = xcalloc(s->nzoom, sizeof *d->zoom);
		memcpy(d->zoom, s->zoom, s->nzoom * sizeof *d->zoom);
	}
}

/* Are two strings, either of them NULL, the same? */
static int
filters_same(const char *a, const char *b)
{
	if (a == NULL || b == NULL)
		return a == b;
	return strcmp(a, b) == 0;
}

/* Do two states filter the profile alike? */
static int
filters_same_filters(const struct vstate *a, const struct vstate *b)
{
	return a->reverse == b->reverse && a->recursion == b->recursion &&
	    a->before == b->before && a->samples == b->samples &&
	    a->range_from == b->range_from && a->range_to == b->range_to &&
	    a->prune == b->prune && a->focus_exact == b->focus_exact &&
	    filters_same(a->focus, b->focus) &&
	    filters_same(a->hide, b->hide) &&
	    filters_same(a->ignore, b->ignore);
}

/* Note the graph's zoom and selection in the current state. */
static void
filters_note_zoom(struct tui *t)
{
	struct view *v = &t->graph;

	free(t->cur.zoom);
	t->cur.zoom = xcalloc(v->nzoom, sizeof *t->cur.zoom);
	memcpy(t->cur.zoom, v->zoom, v->nzoom * sizeof *v->zoom);
	t->cur.nzoom = v->nzoom;
	t->cur.sel = v->sel;
}

/* Push the current state on the undo stack. */
static void
filters_push(struct tui *t)
{
	filters_note_zoom(t);
	t->undo = xgrow(t->undo, &t->capundo, t->nundo + 1, sizeof *t->undo);
	filters_state_copy(&t->undo[t->nundo++], &t->cur);
}

regex_t *
filters_regex(regex_t *re, const char *text, int exact)
{
	char *s;
	int ret;

	if (text == NULL)
		return NULL;
	s = exact ? transform_exact(text, strlen(text)) : xstrdup(text);
	ret = match_compile(re, s, 0, NULL, 0);
	free(s);
	return ret == 0 ? re : NULL;
}

void
filters_regfree(regex_t *re)
{
	if (re != NULL)
		regfree(re);
}

/* Forget the spare profile. */
static void
filters_drop_spare(struct tui *t)
{
	if (t->hasspare) {
		profile_free(&t->spare);
		filters_state_free(&t->spareby);
	}
	t->hasspare = 0;
}

/* Forget the profiles made from orig: it changed, or the TUI ends. */
static void
filters_drop_shown(struct tui *t)
{
	if (t->hasshown) {
		profile_free(&t->shown);
		filters_state_free(&t->shownby);
	}
	t->hasshown = 0;
	filters_drop_spare(t);
}

/*
 * Make t->shown for the filters of t->cur through tr: the spare when it
 * was made with them, else anew. The profile shown before becomes the
 * spare.
 */
static void
filters_make_shown(struct tui *t, const struct transform *tr)
{
	struct profile old;
	struct vstate oldby;
	int hadshown = t->hasshown;

	old = t->shown;
	oldby = t->shownby;
	t->hasshown = transform_active(tr);
	if (t->hasshown && t->hasspare &&
	    filters_same_filters(&t->spareby, &t->cur)) {
		t->shown = t->spare;
		t->shownby = t->spareby;
		t->hasspare = 0;
	} else if (t->hasshown) {
		filters_drop_spare(t);
		profile_init(&t->shown);
		transform_apply(t->orig, tr, &t->shown);
		filters_state_copy(&t->shownby, &t->cur);
	}
	if (!hadshown)
		return;
	filters_drop_spare(t);
	t->spare = old;
	t->spareby = oldby;
	t->hasspare = 1;
}

/* Rebuild the profile shown from the loaded one through the filters. */
static void
filters_rebuild(struct tui *t)
{
	struct transform tr;
	regex_t fre, hre, ire, *fp, *hp, *ip;
	char *pat = NULL;
	int icicle = t->graph.icicle, icase = t->graph.icase;

	memset(&tr, 0, sizeof tr);
	tr.reverse = t->cur.reverse;
	tr.collapse_recursion = t->cur.recursion;
	tr.prune = t->cur.prune;
	tr.focus = fp = filters_regex(&fre, t->cur.focus, t->cur.focus_exact);
	tr.hide = hp = filters_regex(&hre, t->cur.hide, 0);
	tr.ignore = ip = filters_regex(&ire, t->cur.ignore, 0);
	if (t->graph.searching)
		pat = xstrdup(t->graph.pattern);
	view_free(&t->graph);
	t->gen++;		/* the table is computed again */
	diffcache_forget(t);
	/* The loaded profile takes the widths of the side asked for. */
	if (t->orig->delta != NULL && t->orig->diff_before != t->cur.before) {
		filters_drop_shown(t);
		diff_swap(t->orig);
	}
	/* And counts samples or their weights, as asked. */
	if (profile_weighted(t->orig) &&
	    (t->orig->by_samples != 0) != (t->cur.samples != 0))
		filters_drop_shown(t);
	profile_by_samples(t->orig, t->cur.samples);
	filters_make_shown(t, &tr);
	t->p = t->hasshown ? &t->shown : t->orig;
	filters_regfree(fp);
	filters_regfree(hp);
	filters_regfree(ip);
	view_init(&t->graph, t->p);
	t->graph.icicle = icicle;
	if (pat != NULL) {
		char err[256];

		view_search(&t->graph, pat, icase, err, sizeof err);
		free(pat);
	}
}

/* Apply t->cur after its filters changed: rebuild, back to the screen. */
static int
filters_changed(struct tui *t)
{
	enum tui_mode mode = t->cur.mode;

	screen_close(t);
	filters_rebuild(t);
	screen_enter(t, mode);
	if (t->p->nodes[PROFILE_ROOT].total == 0)
		snprintf(t->msg, sizeof t->msg, "no samples are left: u undoes "
		    "the last change");
	return VIEW_LAYOUT;
}

void
filters_init(struct tui *t, const struct vstate *init)
{
	t->orig = t->full = t->p;
	t->v = &t->graph;
	if (init != NULL) {
		filters_state_copy(&t->cur, init);
		free(t->cur.zoom);
		t->cur.zoom = NULL;
		t->cur.nzoom = 0;
	}
	t->cur.before = t->orig->diff_before;
	t->cur.samples = t->orig->by_samples;
	t->cur.range_from = 0;
	t->cur.range_to = -1;
	filters_rebuild(t);
	screen_enter(t, init != NULL ? init->mode : MODE_GRAPH);
}

void
filters_free(struct tui *t)
{
	size_t i;

	screen_close(t);
	view_free(&t->graph);
	filters_drop_shown(t);
	t->p = t->orig;
	filters_state_free(&t->cur);
	for (i = 0; i < t->nundo; i++)
		filters_state_free(&t->undo[i]);
	free(t->undo);
}

/*
 * Make t->orig the profile of t->cur's time range, or the whole profile,
 * and rebuild what is shown from it.
 */
static void
filters_retime(struct tui *t)
{
	struct profile old = t->range;
	int hadrange = t->orig == &t->range;
	const struct vstate *c = &t->cur;

	t->rangelabel[0] = '\0';
	if (c->range_to < 0 || t->tl == NULL)
		t->orig = t->full;
	else {
		timeline_range(t->tl, c->range_from, c->range_to, &t->range);
		t->orig = &t->range;
		snprintf(t->rangelabel, sizeof t->rangelabel, "time %.3f-%.3f s",
		    (double)c->range_from / 1e9, (double)c->range_to / 1e9);
	}
	filters_drop_shown(t);	/* made from the profile before */
	/* t->v may still point at the old profile: rebuild first. */
	filters_rebuild(t);
	if (hadrange)
		profile_free(t->orig == &t->range ? &old : &t->range);
}

int
filters_time_range(struct tui *t, int64_t from_ns, int64_t to_ns, int undo)
{
	to_ns = to_ns < 0 ? -1 : to_ns;
	if (undo && (from_ns != t->cur.range_from || to_ns != t->cur.range_to))
		filters_push(t);
	screen_close(t);
	t->cur.range_from = from_ns;
	t->cur.range_to = to_ns;
	filters_retime(t);
	return VIEW_LAYOUT;
}

void
filters_reload(struct tui *t, struct profile *p)
{
	size_t i;

	screen_close(t);
	for (i = 0; i < t->nundo; i++)
		filters_state_free(&t->undo[i]);
	t->nundo = 0;
	free(t->cur.zoom);
	t->cur.zoom = NULL;
	t->cur.nzoom = 0;
	t->cur.range_from = 0;
	t->cur.range_to = -1;
	t->orig = t->full = p;
	t->rangelabel[0] = '\0';
	filters_drop_shown(t);	/* made from the profile before */
	filters_rebuild(t);
}

void
filters_renew(struct tui *t)
{
	size_t i;

	/* The nodes the zoom stacks name are the old picture's. */
	for (i = 0; i < t->nundo; i++) {
		free(t->undo[i].zoom);
		t->undo[i].zoom = NULL;
		t->undo[i].nzoom = 0;
	}
	free(t->cur.zoom);
	t->cur.zoom = NULL;
	t->cur.nzoom = 0;
	filters_drop_shown(t);	/* made from the picture before */
	filters_rebuild(t);
}

/* Go back to the state on top of the undo stack. */
static int
filters_undo(struct tui *t)
{
	struct vstate s;
	struct view *v;
	uint32_t sel, root;
	size_t i;
	int rebuild, retime;

	if (t->nundo == 0) {
		snprintf(t->msg, sizeof t->msg, "nothing to undo");
		return VIEW_DRAW;
	}
	s = t->undo[--t->nundo];
	rebuild = !filters_same_filters(&s, &t->cur);
	retime = s.range_from != t->cur.range_from ||
	    s.range_to != t->cur.range_to;
	screen_close(t);
	sel = t->graph.sel;
	free(t->cur.focus);
	free(t->cur.hide);
	free(t->cur.ignore);
	free(t->cur.func);
	free(t->cur.zoom);
	t->cur = s;
	t->cur.mode = MODE_GRAPH;
	if (retime)		/* the time range's profile, then the filters */
		filters_retime(t);
	else if (rebuild)
		filters_rebuild(t);
	/* The zoom stack, when it still names nodes of the profile. */
	v = &t->graph;
	for (i = 0; i < s.nzoom; i++)
		if (s.zoom[i] >= t->p->nnodes)
			break;
	if (s.nzoom > 0 && i == s.nzoom) {
		v->zoom = xgrow(v->zoom, &v->capzoom, s.nzoom, sizeof *v->zoom);
		memcpy(v->zoom, s.zoom, s.nzoom * sizeof *v->zoom);
		v->nzoom = s.nzoom;
		v->scroll = 0;
		/* Undoing a zoom keeps the selection when it can. */
		root = view_root(v);
		v->sel = s.sel < t->p->nnodes ? s.sel : root;
		if (!rebuild && sel < t->p->nnodes) {
			v->sel = sel;
			if (view_depth_of(v, sel) < 0)
				v->sel = s.sel;
		}
	}
	screen_enter(t, s.mode);
	return VIEW_LAYOUT;
}

/* The name of the selected frame, or NULL with a message for the root. */
static const char *
filters_selected(struct tui *t)
{
	if (t->v->sel == PROFILE_ROOT) {
		snprintf(t->msg, sizeof t->msg, "select a function first");
		return NULL;
	}
	return profile_name(t->v->p, t->v->sel)->s;
}

/*
 * A flame chart keeps the input's order, which the filters do not: say so
 * and return 1 when the profile is one.
 */
static int
filters_chart(struct tui *t)
{
	if (!t->orig->flamechart)
		return 0;
	snprintf(t->msg, sizeof t->msg, "not in a flame chart: r, f, H, I, p "
	    "and R merge stacks out of order");
	return 1;
}

int
filters_focus(struct tui *t, const char *name)
{
	char *s;

	if (filters_chart(t))
		return VIEW_DRAW;
	s = xstrdup(name);
	filters_push(t);
	free(t->cur.focus);
	t->cur.focus = s;
	t->cur.focus_exact = 1;
	screen_close(t);
	filters_rebuild(t);
	return VIEW_LAYOUT;
}

/* Leave the table or the callers and callees for the screen it came from. */
static int
filters_back(struct tui *t)
{
	enum tui_mode to = t->cur.from;

	filters_push(t);
	screen_close(t);
	t->cur.from = MODE_GRAPH;
	if (to != MODE_TOP)
		t->cur.matches = 0;
	if (to != MODE_GRAPH)
		screen_enter(t, to);
	return VIEW_LAYOUT;
}

int
filters_show(struct tui *t, uint32_t name)
{
	const struct node *nodes = t->p->nodes;
	uint32_t i, best = NODE_NONE;

	for (i = 1; i < t->p->nnodes; i++)
		if (nodes[i].name == name && (best == NODE_NONE ||
		    nodes[i].total > nodes[best].total))
			best = i;
	if (best == NODE_NONE || nodes[best].total == 0)
		return VIEW_DRAW;
	filters_push(t);
	screen_close(t);
	t->cur.matches = 0;
	t->cur.from = MODE_GRAPH;
	return view_reveal(&t->graph, best) | VIEW_LAYOUT;
}

/* L: the top table of the functions the graph's search matches, or back. */
static int
filters_matches(struct tui *t, enum tui_mode was)
{
	if (was == MODE_TOP && t->cur.matches)
		return filters_back(t);
	if (!t->graph.searching) {
		snprintf(t->msg, sizeof t->msg, "no search: press / in the "
		    "graph first");
		return VIEW_DRAW;
	}
	filters_push(t);
	if (was != MODE_TOP)
		t->cur.from = was;
	t->cur.matches = 1;
	screen_close(t);
	screen_enter(t, MODE_TOP);
	return VIEW_LAYOUT;
}

int
filters_sandwich(struct tui *t, const char *name)
{
	char *s = xstrdup(name);

	filters_push(t);
	t->cur.from = t->cur.mode;
	screen_close(t);
	free(t->cur.func);
	t->cur.func = s;
	screen_enter(t, MODE_SANDWICH);
	return VIEW_LAYOUT;
}

/*
 * Ask for a regex on the bottom line, with the current one to edit. Returns
 * 1 with *out set (NULL for an empty answer) or 0 when cancelled or bad.
 */
static int
filters_ask_regex(struct tui *t, const char *label, const char *now,
    char **out)
{
	struct prompt pr;
	regex_t re;

	memset(&pr, 0, sizeof pr);
	pr.label = label;
	if (now != NULL)
		snprintf(pr.buf, sizeof pr.buf, "%s", now);
	if (!screen_prompt(t, &pr))
		return 0;
	if (pr.buf[0] == '\0') {
		*out = NULL;
		return 1;
	}
	if (match_compile(&re, pr.buf, 0, t->msg, sizeof t->msg) != 0)
		return 0;
	regfree(&re);
	*out = xstrdup(pr.buf);
	return 1;
}

/* H and I: hide frames, or ignore stacks, matching a regex. */
static int
filters_ask(struct tui *t, int ignore)
{
	char **field = ignore ? &t->cur.ignore : &t->cur.hide;
	char *re;

	if (!filters_ask_regex(t, ignore ? "Ignore stacks matching: " :
	    "Hide frames matching: ", *field, &re))
		return VIEW_DRAW;
	if (filters_same(re, *field)) {
		free(re);
		return VIEW_DRAW;
	}
	filters_push(t);
	free(*field);
	*field = re;
	return filters_changed(t);
}

/* p: prune blocks under a percentage of the total. */
static int
filters_ask_prune(struct tui *t)
{
	struct prompt pr;
	char *end;
	double v;

	memset(&pr, 0, sizeof pr);
	pr.label = "Prune blocks under (% of the total, 0 for none): ";
	if (t->cur.prune > 0)
		snprintf(pr.buf, sizeof pr.buf, "%g", t->cur.prune);
	if (!screen_prompt(t, &pr))
		return VIEW_DRAW;
	v = pr.buf[0] == '\0' ? 0 : strtod(pr.buf, &end);
	if (pr.buf[0] != '\0' && *end == '%')
		end++;
	if (pr.buf[0] != '\0' && (end == pr.buf || *end != '\0' ||
	    !(v >= 0 && v < 100))) {
		snprintf(t->msg, sizeof t->msg, "not a percentage from 0 to "
		    "100: %.200s", pr.buf);
		return VIEW_DRAW;
	}
	if (v == t->cur.prune)
		return VIEW_DRAW;
	filters_push(t);
	t->cur.prune = v;
	return filters_changed(t);
}

/*
 * Flip *flag, a switch of what the counts are, and rebuild. The zoom stack
 * and the selection all lie on the selection's stack: they are found again
 * by their names in the profile rebuilt, as far as they are still there
 * and have a width.
 */
static int
filters_recount(struct tui *t, int *flag)
{
	struct view *v = &t->graph;
	struct strv *frames = NULL;
	uint32_t *zdepth, n, c;
	size_t nzoom, len, cap = 0, i, k, z;
	int ret;

	filters_push(t);
	nzoom = v->nzoom;
	zdepth = xcalloc(nzoom, sizeof *zdepth);
	for (i = 0; i < nzoom; i++)
		zdepth[i] = v->p->nodes[v->zoom[i]].depth;
	len = profile_path(v->p, v->sel, &frames, &cap);
	for (i = 0; i < len; i++)	/* the profile is rebuilt: copies */
		frames[i].s = xstrndup(frames[i].s, frames[i].len);
	*flag = !*flag;
	ret = filters_changed(t);

	/* Down the stack as far as it goes, zooming where it was zoomed. */
	n = PROFILE_ROOT;
	for (k = 0, z = 1; k < len; k++) {
		for (c = v->p->nodes[n].child; c != NODE_NONE;
		    c = v->p->nodes[c].next)
			if (profile_name(v->p, c)->len == frames[k].len &&
			    memcmp(profile_name(v->p, c)->s, frames[k].s,
			    frames[k].len) == 0)
				break;
		if (c == NODE_NONE || v->p->nodes[c].total == 0)
			break;
		n = c;
		if (z < nzoom && zdepth[z] == k + 1) {
			v->sel = n;
			view_zoom(v);
			z++;
		}
	}
	v->sel = n;
	for (i = 0; i < len; i++)
		free((char *)frames[i].s);
	free(frames);
	free(zdepth);
	return ret;
}

/* w: take the widths from the other side of a differential profile. */
static int
filters_widths(struct tui *t)
{
	int ret;

	if (t->orig->delta == NULL) {
		snprintf(t->msg, sizeof t->msg, "w is for differential input: "
		    "--diff BEFORE AFTER, or \"stack BEFORE AFTER\" lines");
		return VIEW_DRAW;
	}
	ret = filters_recount(t, &t->cur.before);
	if (t->msg[0] == '\0')
		snprintf(t->msg, sizeof t->msg, "%s", t->cur.before ?
		    "widths from BEFORE: the stacks gone since are drawn, the "
		    "new ones not (w: back)" : "widths from AFTER: the new "
		    "stacks are drawn, the ones gone not (w: back)");
	return ret;
}

/* e: count samples, or the weights of a weighted profile (cpu-clock). */
static int
filters_samples(struct tui *t)
{
	int ret;

	if (!profile_weighted(t->orig)) {
		snprintf(t->msg, sizeof t->msg, "e is for samples weighed by "
		    "their period (perf record -e cpu-clock, cycles, ...): "
		    "these counts are %s", profile_unit(t->orig));
		return VIEW_DRAW;
	}
	ret = filters_recount(t, &t->cur.samples);
	if (t->msg[0] == '\0')
		snprintf(t->msg, sizeof t->msg, "counting %s (e: %s)",
		    t->cur.samples ? "samples" : t->orig->unit, t->cur.samples ?
		    t->orig->wunit : "samples");
	return ret;
}

/* d: colour a differential profile by the other rule. */
static int
filters_diff_color(struct tui *t)
{
	if (t->orig->delta == NULL) {
		snprintf(t->msg, sizeof t->msg, "d is for differential input: "
		    "--diff BEFORE AFTER, or \"stack BEFORE AFTER\" lines");
		return VIEW_DRAW;
	}
	filters_push(t);
	t->cur.color = t->cur.color == DIFF_COLOR_SELF ? DIFF_COLOR_SHARE :
	    DIFF_COLOR_SELF;
	snprintf(t->msg, sizeof t->msg, "%s", t->cur.color ==
	    DIFF_COLOR_SHARE ? "colour by share: red where a frame's share of "
	    "the whole grew, blue where it shrank (d: back)" : "colour by "
	    "self: red where the stacks ending in a frame grew, blue where "
	    "they shrank, as flamegraph.pl (d: back)");
	return VIEW_DRAW;
}

int
filters_action(struct tui *t, enum action act)
{
	const char *name;
	enum tui_mode was = t->cur.mode;

	switch (act) {
	case ACT_REVERSE:
	case ACT_RECURSION:
	case ACT_HIDE:
	case ACT_IGNORE:
	case ACT_PRUNE:
	case ACT_FOCUS:
		if (filters_chart(t))
			return VIEW_DRAW;
		break;
	default:
		break;
	}
	switch (act) {
	case ACT_REVERSE:
		filters_push(t);
		t->cur.reverse = !t->cur.reverse;
		return filters_changed(t);
	case ACT_RECURSION:
		filters_push(t);
		t->cur.recursion = !t->cur.recursion;
		return filters_changed(t);
	case ACT_HIDE:
		return filters_ask(t, 0);
	case ACT_IGNORE:
		return filters_ask(t, 1);
	case ACT_PRUNE:
		return filters_ask_prune(t);
	case ACT_FOCUS:
		if ((name = filters_selected(t)) == NULL)
			return VIEW_DRAW;
		return filters_focus(t, name);
	case ACT_TOP:
	case ACT_SANDWICH:
		/* Again: back to the screen it came from. */
		if (was == (act == ACT_TOP ? MODE_TOP : MODE_SANDWICH))
			return filters_back(t);
		if (act == ACT_TOP) {
			filters_push(t);
			t->cur.from = was;
			t->cur.matches = 0;
			screen_close(t);
			screen_enter(t, MODE_TOP);
			return VIEW_LAYOUT;
		}
		if ((name = filters_selected(t)) == NULL)
			return VIEW_DRAW;
		return filters_sandwich(t, name);
	case ACT_PANE:
		snprintf(t->msg, sizeof t->msg, "Tab moves between the callers "
		    "and callees panes: c shows them");
		return VIEW_DRAW;
	case ACT_SORT:
		snprintf(t->msg, sizeof t->msg, "o sorts the top table: t shows "
		    "it");
		return VIEW_DRAW;
	case ACT_MATCHES:
		return filters_matches(t, was);
	case ACT_UNDO:
		return filters_undo(t);
	case ACT_WIDTHS:
		return filters_widths(t);
	case ACT_SAMPLES:
		return filters_samples(t);
	case ACT_DIFF_COLOR:
		return filters_diff_color(t);
	default:
		return 0;
	}
}

void
filters_mark(struct tui *t)
{
	if (t->cur.mode == MODE_GRAPH)
		filters_push(t);
}

void
filters_marked(struct tui *t)
{
	struct vstate *s;

	if (t->cur.mode != MODE_GRAPH || t->nundo == 0)
		return;
	s = &t->undo[t->nundo - 1];
	if (s->nzoom == t->graph.nzoom && memcmp(s->zoom, t->graph.zoom,
	    s->nzoom * sizeof *s->zoom) == 0)
		filters_state_free(&t->undo[--t->nundo]);
}

