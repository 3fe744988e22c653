/*
 * fold.c: folded output in the collapsers' order (a flame chart's in its
 * own).
 *
 * The collapsers sort whole stack strings, and that is not a depth-first walk
 * with children sorted by name: "a" < "a2" < "a2;x" < "a;x", because '2' sorts
 * before ';'. So each node's lines are ordered as items: SELF(c), the line of
 * the stack ending at child c, keyed by c's name; and SUB(c), all lines below
 * c, keyed by c's name followed by ';'. No other key can start with "c;", so
 * each SUB sorts as one block. The walk is iterative: stacks can be deep.
 * Names go out byte for byte, except to a terminal, where control characters
 * are escaped so that a profile cannot drive the terminal.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "diff.h"
#include "fold.h"
#include "text.h"
#include "util.h"

/* One thing to print under a node: a child's own line, or its subtree. */
struct item {
	uint32_t node;
	int sub;		/* 0: SELF, the child's line; 1: SUB */
};

/* A node whose items are being printed. */
struct level {
	struct item *items;
	size_t n, next, cap;
	size_t pathlen;		/* length of the path up to this node */
};

static const struct profile *fold_profile;

/* Compare items by key: SELF is name, SUB is name followed by ';'. */
static int
fold_cmp(const void *pa, const void *pb)
{
	const struct item *a = pa, *b = pb;
	const struct name *x = profile_name(fold_profile, a->node);
	const struct name *y = profile_name(fold_profile, b->node);
	uint32_t n = x->len < y->len ? x->len : y->len;
	int c = memcmp(x->s, y->s, n), ca, cb;

	if (c != 0)
		return c;
	/* One name is a prefix of the other: compare the next characters,
	 * where a name's end is ';' for SUB and smaller than any for SELF. */
	ca = x->len > n ? (unsigned char)x->s[n] : a->sub ? ';' : -1;
	cb = y->len > n ? (unsigned char)y->s[n] : b->sub ? ';' : -1;
	return (ca > cb) - (ca < cb);
}

/*
 * Fill a level with the items under node: sorted, or for a flame chart in
 * the input's order (its child lists are newest first), each child's own
 * line before the lines below it, as the chart draws them.
 */
static void
fold_items(const struct profile *p, struct level *l, uint32_t node)
{
	uint32_t c;
	size_t i, j;
	struct item t;

	l->n = l->next = 0;
	l->items = xgrow(l->items, &l->cap, 2 * (size_t)p->nodes[node].nchild,
	    sizeof *l->items);
	if (p->flamechart) {
		for (c = p->nodes[node].child; c != NODE_NONE;
		    c = p->nodes[c].next) {
			if (p->nodes[c].child != NODE_NONE)
				l->items[l->n++] = (struct item){ c, 1 };
			if (p->nodes[c].self > 0 ||
			    (p->delta != NULL && p->delta[c] != 0))
				l->items[l->n++] = (struct item){ c, 0 };
		}
		for (i = 0, j = l->n; i + 1 < j; i++, j--) {
			t = l->items[i];
			l->items[i] = l->items[j - 1];
			l->items[j - 1] = t;
		}
		return;
	}
	for (c = p->nodes[node].child; c != NODE_NONE; c = p->nodes[c].next) {
		if (p->nodes[c].self > 0 ||
		    (p->delta != NULL && p->delta[c] != 0))
			l->items[l->n++] = (struct item){ c, 0 };
		if (p->nodes[c].child != NODE_NONE)
			l->items[l->n++] = (struct item){ c, 1 };
	}
	if (l->n > 1)
		qsort(l->items, l->n, sizeof *l->items, fold_cmp);
}

/*
 * The end of a stack's line: " COUNT", or for a differential profile
 * " BEFORE AFTER", as difffolded.pl writes them; " AFTER BEFORE" when the
 * widths are BEFORE's, the count that flamegraph.pl sizes frames by last.
 * A CPI profile's are always " CYCLES INSTRUCTIONS" (BEFORE AFTER).
 */
static void
fold_count(const struct profile *p, uint32_t node, FILE *f)
{
	char num[32], other[32];
	uint64_t self = p->nodes[node].self;

	if (p->cpi && p->diff_before)
		fprintf(f, " %s %s\n", profile_fmt(p, self, NUM_EXACT, num,
		    sizeof num), profile_fmt(p, diff_other(p, node), NUM_EXACT,
		    other, sizeof other));
	else if (p->delta != NULL)
		fprintf(f, " %s %s\n", profile_fmt(p, diff_other(p, node),
		    NUM_EXACT, other, sizeof other), profile_fmt(p, self,
		    NUM_EXACT, num, sizeof num));
	else
		fprintf(f, " %s\n", profile_fmt(p, self, NUM_EXACT, num,
		    sizeof num));
}

int
fold_write(const struct profile *p, FILE *f)
{
	struct level *lv = NULL;
	size_t caplv = 0, depth = 0, cappath = 4096, len;
	char *path = xmalloc(cappath);
	const struct name *nm;
	struct item it;
	int tty = isatty(fileno(f));	/* escape controls for a terminal */

	fold_profile = p;
	if (p->nodes[PROFILE_ROOT].self > 0 ||
	    (p->delta != NULL && p->delta[PROFILE_ROOT] != 0))
		fold_count(p, PROFILE_ROOT, f);
	lv = xgrow(lv, &caplv, 1, sizeof *lv);
	memset(lv, 0, caplv * sizeof *lv);
	fold_items(p, &lv[0], PROFILE_ROOT);
	lv[0].pathlen = 0;
	for (;;) {
		if (lv[depth].next == lv[depth].n) {
			if (depth == 0)
				break;
			depth--;
			continue;
		}
		it = lv[depth].items[lv[depth].next++];
		nm = profile_name(p, it.node);
		len = lv[depth].pathlen;
		path = xgrow(path, &cappath, len + nm->len + 2, 1);
		if (depth > 0)
			path[len++] = ';';
		memcpy(path + len, nm->s, nm->len);
		len += nm->len;
		if (!it.sub) {
			if (tty)
				text_write(path, len, f);
			else
				fwrite(path, 1, len, f);
			fold_count(p, it.node, f);
			continue;
		}
		if (++depth == caplv) {
			size_t old = caplv;
			lv = xgrow(lv, &caplv, depth + 1, sizeof *lv);
			memset(lv + old, 0, (caplv - old) * sizeof *lv);
		}
		fold_items(p, &lv[depth], it.node);
		lv[depth].pathlen = len;
	}
	for (depth = 0; depth < caplv; depth++)
		free(lv[depth].items);
	free(lv);
	free(path);
	return ferror(f) ? -1 : 0;
}
