/*
 * svg.c: the SVG writer.
 *
 * The layout is flamegraph.pl's: x is proportional to samples, children are
 * sorted by name (or kept in input order for a flame chart), a frame's own
 * samples come before its children, and frames narrower than --minwidth are
 * left out together with everything above them, as are frames more than
 * --maxdepth levels above the root (with a note saying how many).
 *
 * Frames are written in depth-first order, so the script can rebuild the
 * tree from the document alone. Each frame is a <rect> and, when the frame is
 * wide enough, a <text> label right after it: that much draws without the
 * script. A frame wider than SVG_TITLEW pixels, one a mouse can find, holds
 * its details in a <title> for viewers without the script; the script makes
 * the others' on hover. What the script needs for the details of each frame
 * is kept out of the frames, so that a big graph stays small:
 *   <metadata id="names">	each distinct name once, one a line;
 *   <metadata id="framedata">	a line a frame, in the frames' order:
 *	"NAME COUNT", NAME the line of its name (from 0) and COUNT its
 *	samples, then " GAP" when it does not start where its previous
 *	sibling ends (after a parent's own samples, or a left-out sibling),
 *	and for differential input " GAP DELTA", DELTA the change (negated
 *	by --negate). The script builds "NAME (N samples, P%)" from that.
 * Frame 0 is the profile's root, named "all"; #frames' data-top says how
 * many frames are ancestors of the export root, drawn at full width.
 *
 * Output goes through a small buffer of our own rather than stdio calls per
 * field: a big profile has hundreds of thousands of frames.
 */
#include "config.h"

#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diff.h"
#include "palette.h"
#include "svg.h"
#include "text.h"
#include "util.h"

#include "svg-script.h"

#define SVG_XPAD 10
#define SVG_FRAMEPAD 1
#define SVG_SEARCHCOLOR "rgb(230,0,230)"
#define SVG_TITLEW 3		/* wider frames carry their <title> */

/* An output buffer in front of a FILE, or of memory when f is NULL. */
struct svg_out {
	FILE *f;
	char buf[65536];
	size_t len;
	int error;
	char *mem;		/* without a FILE: everything flushed */
	size_t memlen, memcap;
};

/* A frame waiting to be written. */
struct pending {
	uint32_t node;
	uint64_t off;		/* samples left of it, from the export root */
	uint64_t gap;		/* samples between it and its left sibling */
};

/* The state of one export. */
struct svg {
	const struct profile *p;
	const struct svg_opts *o;
	struct svg_out out;
	uint64_t total;		/* samples of the export root */
	uint64_t grand;		/* samples of the whole profile */
	double wpt;		/* pixels per sample unit */
	double thr;		/* frames below this many units are left out */
	uint32_t maxdepth;	/* deepest frame drawn */
	uint64_t limit;		/* frames deeper are left out */
	uint64_t deep;		/* how many frames that left out */
	double head;		/* from the top to an icicle's root: the
				   title, subtitle, legend and note */
	double height;		/* of the image */
	uint64_t rng;		/* colours without --hash */
	struct svg_out data;	/* the framedata lines, written last */
	uint32_t *nameline;	/* per name id, its line in names; 0 none yet
				   (line 0 is the root's "all") */
	uint32_t *names;	/* name ids in the order of their lines */
	size_t nnames, capnames;
	int64_t *inc;		/* a CPI profile's, or a differential one's
				   coloured by share: per node, its
				   subtree's change; else NULL */
	double maxshare;	/* and the largest change of share */
	int cpi;		/* a CPI profile: inc is set */
};

/* Write n bytes to the FILE, or keep them in memory. */
static void
svg_write_out(struct svg_out *o, const char *s, size_t n)
{
	if (o->f == NULL) {
		o->mem = xgrow(o->mem, &o->memcap, o->memlen + n, 1);
		memcpy(o->mem + o->memlen, s, n);
		o->memlen += n;
	} else if (n > 0 && fwrite(s, 1, n, o->f) != n)
		o->error = 1;
}

/* Write the buffer out. */
static void
svg_flush(struct svg_out *o)
{
	svg_write_out(o, o->buf, o->len);
	o->len = 0;
}

/* Append bytes. */
static void
svg_put(struct svg_out *o, const char *s, size_t n)
{
	if (n > sizeof o->buf - o->len) {
		svg_flush(o);
		if (n > sizeof o->buf) {
			svg_write_out(o, s, n);
			return;
		}
	}
	memcpy(o->buf + o->len, s, n);
	o->len += n;
}

/* Append a string. */
static void
svg_puts(struct svg_out *o, const char *s)
{
	svg_put(o, s, strlen(s));
}

/* Append a formatted string. */
static void __attribute__((format(printf, 2, 3)))
svg_printf(struct svg_out *o, const char *fmt, ...)
{
	char buf[512];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		svg_put(o, buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

/*
 * Append v rounded to one decimal, as printf's "%.1f" but faster and without
 * a ".0": most coordinates are whole pixels, and a big graph has many.
 */
static void
svg_dec1(struct svg_out *o, double v)
{
	char buf[32], *p = buf + sizeof buf;
	long long t;
	int neg = v < 0;

	t = llround(fabs(v) * 10);
	if (t % 10 != 0) {
		*--p = (char)('0' + t % 10);
		*--p = '.';
	}
	t /= 10;
	do {
		*--p = (char)('0' + t % 10);
		t /= 10;
	} while (t > 0);
	if (neg && (p[0] != '0' || p + 1 != buf + sizeof buf))
		*--p = '-';
	svg_put(o, p, (size_t)(buf + sizeof buf - p));
}

/*
 * Length of the UTF-8 character at s (n bytes left) that XML may hold and
 * that shows as itself, or 0 when s does not start one: a malformed
 * sequence, an overlong form, a surrogate, U+FFFE/U+FFFF, or a character
 * text_invisible() names, as a bidi override (whose bytes are then shown
 * escaped, so that a name cannot pass for another).
 */
static size_t
svg_utf8(const unsigned char *s, size_t n)
{
	uint32_t c;
	size_t len = text_utf8(s, n, &c);

	return len > 0 && c != 0xfffe && c != 0xffff && !text_invisible(c) ?
	    len : 0;
}

/*
 * Write at most maxchars characters of s as XML text (attr: inside an
 * attribute value too). Markup characters become entities; control
 * characters and bytes that are not valid UTF-8 become the text \xNN.
 * Returns the number of characters shown (an escape counts its four).
 */
static size_t
svg_text(struct svg_out *o, const char *s, size_t len, size_t maxchars,
    int attr)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, start = 0, k, shown = 0;
	char esc[8];

	while (i < len && shown < maxchars) {
		unsigned char c = u[i];

		if (c >= 0x20 && c < 0x7f && c != '&' && c != '<' &&
		    c != '>' && c != '"') {
			i++;
			shown++;
			continue;
		}
		if (c >= 0x80 && (k = svg_utf8(u + i, len - i)) > 0) {
			i += k;
			shown++;
			continue;
		}
		svg_put(o, s + start, i - start);
		switch (c) {
		case '&':
			svg_puts(o, "&amp;");
			shown++;
			break;
		case '<':
			svg_puts(o, "&lt;");
			shown++;
			break;
		case '>':
			svg_puts(o, "&gt;");
			shown++;
			break;
		case '"':
			svg_puts(o, attr ? "&quot;" : "\"");
			shown++;
			break;
		default:
			snprintf(esc, sizeof esc, "\\x%02x", c);
			svg_puts(o, esc);
			shown += 4;
			break;
		}
		start = ++i;
	}
	svg_put(o, s + start, i - start);
	return shown;
}

/* Write a whole string as XML text. */
static void
svg_xml(struct svg_out *o, const char *s, int attr)
{
	svg_text(o, s, strlen(s), SIZE_MAX, attr);
}

/* How many characters svg_text() would show for s. */
static size_t
svg_chars(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t i = 0, k, n = 0;

	while (i < len) {
		if (u[i] >= 0x20 && u[i] != 0x7f && u[i] < 0x80) {
			i++;
			n++;
		} else if (u[i] >= 0x80 && (k = svg_utf8(u + i, len - i)) > 0) {
			i += k;
			n++;
		} else {
			i++;
			n += 4;
		}
	}
	return n;
}

/*
 * The length of a name without the annotation flamegraph.pl hides: a
 * trailing _[k], _[w], _[i] or _[j].
 */
static size_t
svg_shown_len(const struct name *nm)
{
	const char *s = nm->s;
	size_t n = nm->len;

	if (n >= 4 && s[n - 4] == '_' && s[n - 3] == '[' && s[n - 1] == ']' &&
	    strchr("kwij", s[n - 2]) != NULL)
		return n - 4;
	return n;
}

/* Append a count (in the profile's units) as a decimal number of samples. */
static void
svg_count(struct svg *g, struct svg_out *out, uint64_t count)
{
	char num[64];

	svg_puts(out, profile_fmt(g->p, count, NUM_EXACT, num, sizeof num));
}

/* The line of node's name in the names table, adding the name if new. */
static uint32_t
svg_name_line(struct svg *g, uint32_t node)
{
	uint32_t id = g->p->nodes[node].name;

	if (node == PROFILE_ROOT)
		return 0;		/* "all", written first */
	if (g->nameline[id] == 0) {
		g->names = xgrow(g->names, &g->capnames, g->nnames + 1,
		    sizeof *g->names);
		g->names[g->nnames++] = id;
		g->nameline[id] = (uint32_t)g->nnames;	/* after "all" */
	}
	return g->nameline[id];
}

/* A CPI profile's instructions under node (its cycles are the widths). */
static uint64_t
svg_instructions(const struct svg *g, uint32_t node)
{
	uint64_t after, before;

	diff_counts(g->p, g->inc, node, &after, &before);
	return after;
}

/*
 * Add a frame's line to framedata: its name, count, gap and change, or for
 * a CPI profile its instructions.
 */
static void
svg_frame_data(struct svg *g, uint32_t node, uint64_t gap)
{
	struct svg_out *d = &g->data;
	char num[16], *q = num + sizeof num;
	uint32_t line = svg_name_line(g, node);
	int64_t di;

	do {
		*--q = (char)('0' + line % 10);
		line /= 10;
	} while (line > 0);
	svg_put(d, q, (size_t)(num + sizeof num - q));
	svg_puts(d, " ");
	svg_count(g, d, g->p->nodes[node].total);
	if (gap > 0 || (g->p->delta != NULL && node != PROFILE_ROOT) ||
	    profile_weighted(g->p) || g->cpi) {
		svg_puts(d, " ");
		svg_count(g, d, gap);
	}
	if (g->cpi) {
		svg_puts(d, " ");
		svg_count(g, d, svg_instructions(g, node));
	} else if (profile_weighted(g->p)) {
		svg_puts(d, " ");
		svg_count(g, d, g->p->alttotal[node]);
	}
	if (!g->cpi && g->p->delta != NULL && node != PROFILE_ROOT) {
		di = g->p->delta[node];
		if (g->o->negate)
			di = -di;
		svg_puts(d, di < 0 ? " -" : " ");
		svg_count(g, d, di < 0 ? (uint64_t)0 - (uint64_t)di :
		    (uint64_t)di);
	}
	svg_puts(d, "\n");
}

/* A number in [0, 1) from the colour generator. */
static double
svg_rand(struct svg *g)
{
	g->rng ^= g->rng << 13;
	g->rng ^= g->rng >> 7;
	g->rng ^= g->rng << 17;
	return (double)(g->rng >> 11) / 9007199254740992.0;
}

/*
 * Write the colour of a frame of differential input by the rule asked for:
 * red for more samples after than before, blue for fewer, white for no
 * change (--negate swaps).
 */
static void
svg_fill_delta(struct svg *g, uint32_t node)
{
	struct rgb c;
	double v, max;

	if (g->inc != NULL) {
		v = diff_share_change(g->p, g->inc, node);
		max = g->maxshare;
	} else {
		/* The root's change is 0 in flamegraph.pl: it ends no stack. */
		v = node == PROFILE_ROOT ? 0 : (double)g->p->delta[node];
		max = (double)g->p->maxdelta;
	}
	c = palette_diff(g->o->negate ? -v : v, max);
	svg_printf(&g->out, "rgb(%d,%d,%d)", c.r, c.g, c.b);
}

/* A CPI profile's cycles per instruction under node; 0/0 is 1. */
static double
svg_cpi(const struct svg *g, uint32_t node)
{
	uint64_t in = svg_instructions(g, node), cy = g->p->nodes[node].total;

	if (in == 0)
		return cy == 0 ? 1.0 : HUGE_VAL;
	return (double)cy / (double)in;
}

/* Write the fill colour of a frame. */
static void
svg_fill(struct svg *g, uint32_t node, const struct name *nm)
{
	struct rgb c;
	double v1, v2, v3;

	if (nm->len == 2 && memcmp(nm->s, "--", 2) == 0) {
		svg_puts(&g->out, "#a0a0a0");
		return;
	}
	if (nm->len == 1 && nm->s[0] == '-') {
		svg_puts(&g->out, "#c8c8c8");
		return;
	}
	if (g->cpi) {
		c = palette_cpi(svg_cpi(g, node));
		svg_printf(&g->out, "rgb(%d,%d,%d)", c.r, c.g, c.b);
		return;
	}
	if (g->p->delta != NULL) {
		svg_fill_delta(g, node);
		return;
	}
	if (g->o->hash)
		c = palette_color(g->o->palette, nm->s, nm->len);
	else {
		v1 = svg_rand(g);
		v2 = svg_rand(g);
		v3 = svg_rand(g);
		c = palette_color_v(g->o->palette, nm->s, nm->len, v1, v2, v3);
	}
	svg_printf(&g->out, "#%02x%02x%02x", c.r, c.g, c.b);
}

/* What a count is: --countname, or the profile's unit. */
static const char *
svg_unit(const struct svg *g)
{
	return g->o->countname != NULL ? g->o->countname : profile_unit(g->p);
}

/* What the other count of a weighted profile is: samples, or the weight. */
static const char *
svg_other_unit(const struct svg *g)
{
	return g->p->by_samples ? g->p->wunit : "samples";
}

/*
 * A CPI frame's details after its share: "; cycles N, instructions N, CPI
 * C, IPC I", "-" for a ratio over 0.
 */
static void
svg_cpi_title(struct svg *g, uint32_t node)
{
	char buf[64];
	uint64_t cy = g->p->nodes[node].total, in = svg_instructions(g, node);

	svg_printf(&g->out, "; cycles %s", num_fmt(cy, g->p->frac, NULL,
	    NUM_LONG, buf, sizeof buf));
	svg_printf(&g->out, ", instructions %s", num_fmt(in, g->p->frac, NULL,
	    NUM_LONG, buf, sizeof buf));
	svg_puts(&g->out, ", CPI ");
	if (in > 0)
		svg_printf(&g->out, "%.2f", (double)cy / (double)in);
	else
		svg_puts(&g->out, "-");
	svg_puts(&g->out, ", IPC ");
	if (cy > 0)
		svg_printf(&g->out, "%.2f", (double)in / (double)cy);
	else
		svg_puts(&g->out, "-");
}

/*
 * Write node's details as the script shows them, "name (N samples, P%)" and
 * a differential graph's change, for its <title>: the percentages from the
 * counts as written in framedata, as the script reads them.
 */
static void
svg_title(struct svg *g, uint32_t node, const struct name *nm)
{
	struct svg_out *out = &g->out;
	char num[64], all[64];
	double pct, d;
	int64_t di;

	if (node == PROFILE_ROOT)
		svg_puts(out, "all");
	else
		svg_text(out, nm->s, svg_shown_len(nm), SIZE_MAX, 0);
	svg_puts(out, " (");
	svg_xml(out, num_fmt(g->p->nodes[node].total, g->p->frac, svg_unit(g),
	    NUM_LONG | NUM_UNIT, num, sizeof num), 0);
	if (!g->cpi && profile_weighted(g->p)) {
		svg_puts(out, ", ");
		svg_xml(out, num_fmt(g->p->alttotal[node], g->p->frac,
		    svg_other_unit(g), NUM_LONG | NUM_UNIT, num, sizeof num), 0);
	}
	d = strtod(profile_fmt(g->p, g->grand, NUM_EXACT, all, sizeof all),
	    NULL);
	profile_fmt(g->p, g->p->nodes[node].total, NUM_EXACT, num, sizeof num);
	pct = d > 0 ? 100 * strtod(num, NULL) / d : 0;
	if (node == PROFILE_ROOT)
		svg_puts(out, ", 100%");
	else
		svg_printf(out, ", %.2f%%", pct);
	if (g->cpi)
		svg_cpi_title(g, node);
	else if (g->p->delta != NULL && node != PROFILE_ROOT) {
		di = g->p->delta[node];
		if (g->o->negate)
			di = -di;
		profile_fmt(g->p, di < 0 ? (uint64_t)0 - (uint64_t)di :
		    (uint64_t)di, NUM_EXACT, num, sizeof num);
		pct = d > 0 ? 100 * (di < 0 ? -1 : 1) * strtod(num, NULL) / d :
		    0;
		svg_printf(out, "; %s%.2f%%", pct > 0 ? "+" : "", pct);
	}
	svg_puts(out, ")");
}

/*
 * Write one frame: node at depth (counted from the profile's root), off
 * samples from the left, drawn width samples wide.
 */
static void
svg_frame(struct svg *g, uint32_t node, uint32_t depth, uint64_t off,
    uint64_t width, uint64_t gap)
{
	const struct svg_opts *o = g->o;
	const struct name *nm = profile_name(g->p, node);
	struct svg_out *out = &g->out;
	double x1, x2, y1, y2, w;
	size_t chars, len;

	x1 = round((SVG_XPAD + (double)off * g->wpt) * 10) / 10;
	x2 = round((SVG_XPAD + (double)(off + width) * g->wpt) * 10) / 10;
	if (g->total == 0)		/* nothing counted: a bare root */
		x2 = o->width - SVG_XPAD;
	w = x2 - x1;
	if (!o->inverted) {
		y1 = g->height - (o->fontsize * 2 + 10) -
		    (double)(depth + 1) * o->frameheight + SVG_FRAMEPAD;
		y2 = g->height - (o->fontsize * 2 + 10) -
		    (double)depth * o->frameheight;
	} else {
		y1 = g->head + (double)depth * o->frameheight;
		y2 = y1 + o->frameheight - SVG_FRAMEPAD;
	}

	svg_frame_data(g, node, gap);
	svg_puts(out, "<rect x=\"");
	svg_dec1(out, x1);
	svg_puts(out, "\" y=\"");
	svg_dec1(out, y1);
	svg_puts(out, "\" width=\"");
	svg_dec1(out, w);
	svg_puts(out, "\" height=\"");
	svg_dec1(out, y2 - y1);
	svg_puts(out, "\" fill=\"");
	svg_fill(g, node, nm);
	/* Details for a viewer without the script; the script makes the
	   rest on hover, so that narrow frames cost no more bytes. */
	if (w > SVG_TITLEW) {
		svg_puts(out, "\"><title>");
		svg_title(g, node, nm);
		svg_puts(out, "</title></rect>");
	} else
		svg_puts(out, "\"/>");

	/* A label when there is room for a character and "..". */
	chars = (size_t)(w / (o->fontsize * o->fontwidth));
	if (chars >= 3) {
		svg_puts(out, "<text x=\"");
		svg_dec1(out, x1 + 3);
		svg_puts(out, "\" y=\"");
		svg_dec1(out, 3 + (y1 + y2) / 2);
		svg_puts(out, "\">");
		if (node == PROFILE_ROOT)
			svg_puts(out, "all");
		else {
			len = svg_shown_len(nm);
			if (svg_chars(nm->s, len) <= chars)
				svg_text(out, nm->s, len, SIZE_MAX, 0);
			else {
				svg_text(out, nm->s, len, chars - 2, 0);
				svg_puts(out, "..");
			}
		}
		svg_puts(out, "</text>");
	}
	svg_puts(out, "\n");
}

/*
 * Find the deepest frame that will be drawn, and count the frames wide
 * enough to draw that are deeper than the limit (and left out).
 */
static uint32_t
svg_maxdepth(struct svg *g, uint32_t root)
{
	const struct node *nodes = g->p->nodes;
	uint32_t *stack = NULL, n, c, max = nodes[root].depth;
	size_t cap = 0, sp = 0;

	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[sp++] = root;
	while (sp > 0) {
		n = stack[--sp];
		if (nodes[n].depth > g->limit)
			g->deep++;
		else if (nodes[n].depth > max)
			max = nodes[n].depth;
		for (c = nodes[n].child; c != NODE_NONE; c = nodes[c].next) {
			if ((double)nodes[c].total < g->thr ||
			    nodes[c].total == 0)
				continue;
			stack = xgrow(stack, &cap, sp + 1, sizeof *stack);
			stack[sp++] = c;
		}
	}
	free(stack);
	return max;
}

/* Write the frames of root's subtree, depth first. */
static void
svg_frames(struct svg *g, uint32_t root)
{
	const struct node *nodes = g->p->nodes;
	struct pending *stack = NULL, e;
	uint32_t *kids = NULL, c;
	size_t capstack = 0, capkids = 0, sp = 0, nk, i, first;
	uint64_t cursor, last;

	stack = xgrow(stack, &capstack, 1, sizeof *stack);
	stack[sp++] = (struct pending){ root, 0, 0 };
	while (sp > 0) {
		e = stack[--sp];
		svg_frame(g, e.node, nodes[e.node].depth, e.off,
		    nodes[e.node].total, e.gap);
		if (nodes[e.node].nchild == 0 ||
		    nodes[e.node].depth >= g->limit)
			continue;
		kids = xgrow(kids, &capkids, nodes[e.node].nchild,
		    sizeof *kids);
		nk = 0;
		for (c = nodes[e.node].child; c != NODE_NONE; c = nodes[c].next)
			kids[nk++] = c;
		if (g->p->flamechart) {
			/* Newest first in the list: reverse to input order. */
			for (i = 0; i < nk / 2; i++) {
				c = kids[i];
				kids[i] = kids[nk - 1 - i];
				kids[nk - 1 - i] = c;
			}
		} else if (nk > 1)
			profile_sort_ids(g->p, kids, nk);
		/* Own samples first, then the children, as flamegraph.pl. */
		cursor = e.off + nodes[e.node].self;
		last = e.off;
		first = sp;
		for (i = 0; i < nk; i++) {
			c = kids[i];
			if ((double)nodes[c].total >= g->thr &&
			    nodes[c].total > 0) {
				stack = xgrow(stack, &capstack, sp + 1,
				    sizeof *stack);
				stack[sp++] = (struct pending){ c, cursor,
				    cursor - last };
				last = cursor + nodes[c].total;
			}
			cursor += nodes[c].total;
		}
		/* Reverse the pushed children so the first pops first. */
		for (i = 0; i < (sp - first) / 2; i++) {
			e = stack[first + i];
			stack[first + i] = stack[sp - 1 - i];
			stack[sp - 1 - i] = e;
		}
	}
	free(stack);
	free(kids);
}

/* A CPI graph's scale, at the top right: a swatch per step of CPI. */
static void
svg_cpi_legend(struct svg *g)
{
	static const char *const steps[] = { "&lt;=0.25", "0.5", "1", "2",
	    "&gt;=4" };
	static const double cpi[] = { 0.25, 0.5, 1, 2, 4 };
	double x = g->o->width - SVG_XPAD - 110 - 5 * 44 - 30;
	double y = g->o->fontsize * 2;
	struct rgb c;
	int i;

	svg_printf(&g->out, "<g id=\"cpi-legend\"><text x=\"%.0f\" "
	    "y=\"%g\">CPI</text>", x, y);
	for (i = 0; i < 5; i++) {
		c = palette_cpi(cpi[i]);
		svg_printf(&g->out, "<rect x=\"%.0f\" y=\"%g\" width=\"42\" "
		    "height=\"%g\" fill=\"rgb(%d,%d,%d)\"/><text x=\"%.0f\" "
		    "y=\"%g\">%s</text>", x + 30 + 44 * i, y - g->o->fontsize,
		    g->o->fontsize + 4, c.r, c.g, c.b, x + 33 + 44 * i, y,
		    steps[i]);
	}
	svg_puts(&g->out, "</g>\n");
}

/*
 * Write the legend of a differential graph's colours, under the title and
 * subtitle: which rule, and which hue is more.
 */
static void
svg_legend(struct svg *g)
{
	const struct svg_opts *o = g->o;
	const char *more = o->negate ? "blue" : "red";
	const char *less = o->negate ? "red" : "blue";

	svg_printf(&g->out, "<text id=\"legend\" x=\"%.0f\" y=\"%g\">",
	    floor(o->width / 2.0), g->head - o->fontsize -
	    (g->deep > 0 ? o->fontsize * 2 : 0));
	if (o->diffcolor == DIFF_COLOR_SHARE)
		svg_printf(&g->out, "Colour by share (--diff-color=share): %s "
		    "where a frame's share of the whole grew, %s where it "
		    "shrank", more, less);
	else
		svg_printf(&g->out, "Colour by self (--diff-color=self): %s "
		    "where the stacks ending in a frame grew, %s where they "
		    "shrank", more, less);
	svg_puts(&g->out, "</text>\n");
}

/*
 * Write the document up to the frames; the first top frames will be the
 * export root's ancestors.
 */
static void
svg_header(struct svg *g, uint32_t top)
{
	const struct svg_opts *o = g->o;
	struct svg_out *out = &g->out;
	const char *c1, *c2, *title = o->title, *p, *q;
	double w = o->width, h = g->height;
	char num[32];

	if (title == NULL)
		title = o->flamechart ? "Flame Chart" : g->cpi ?
		    "CPI Flame Graph" : o->inverted ? "Icicle Graph" :
		    "Flame Graph";
	svg_background(o, &c1, &c2);
	svg_puts(out, "<?xml version=\"1.0\" standalone=\"no\"?>\n"
	    "<!DOCTYPE svg PUBLIC \"-//W3C//DTD SVG 1.1//EN\" "
	    "\"http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd\">\n");
	svg_printf(out, "<svg version=\"1.1\" width=\"%d\" height=\"%.0f\" "
	    "viewBox=\"0 0 %d %.0f\" xmlns=\"http://www.w3.org/2000/svg\" "
	    "xmlns:xlink=\"http://www.w3.org/1999/xlink\" font-family=\"",
	    o->width, h, o->width, h);
	svg_xml(out, o->fonttype, 1);
	svg_printf(out, "\" font-size=\"%g\">\n", o->fontsize);
	svg_puts(out, "<!-- Flame graph written by " PACKAGE_STRING ". Hover "
	    "over a frame for details, click to zoom, Ctrl-F to search. -->\n");
	if (o->notes != NULL) {
		/* A comment may not hold "--" nor end in "-". */
		svg_puts(out, "<!-- NOTES: ");
		for (p = o->notes; *p != '\0'; p = q) {
			q = strstr(p, "--");
			q = q != NULL ? q + 1 : p + strlen(p);
			svg_text(out, p, (size_t)(q - p), SIZE_MAX, 0);
			if (q[-1] == '-')
				svg_puts(out, " ");
		}
		svg_puts(out, " -->\n");
	}
	svg_printf(out, "<defs><linearGradient id=\"background\" y1=\"0\" "
	    "y2=\"1\" x1=\"0\" x2=\"0\"><stop stop-color=\"%s\" offset=\"5%%\"/>"
	    "<stop stop-color=\"%s\" offset=\"95%%\"/></linearGradient></defs>\n",
	    c1, c2);
	svg_printf(out, "<style type=\"text/css\"><![CDATA[\n"
	    "text { fill: black; }\n"
	    "#title { text-anchor: middle; font-size: %gpx; }\n",
	    o->fontsize + 5);
	svg_puts(out, "#subtitle, #legend, #note { text-anchor: middle; "
	    "fill: rgb(160,160,160); }\n"
	    "#search, #ignorecase { opacity: 0.1; cursor: pointer; }\n"
	    "#search:hover, #search.show, #ignorecase:hover, #ignorecase.show "
	    "{ opacity: 1; }\n"
	    "#unzoom { cursor: pointer; }\n"
	    "#frames rect:hover { stroke: black; stroke-width: 0.5; "
	    "cursor: pointer; }\n"
	    "#frames rect { rx: 2px; ry: 2px; }\n"
	    "#frames text { pointer-events: none; }\n"
	    ".hide { display: none; }\n"
	    ".parent { opacity: 0.5; }\n"
	    "]]></style>\n");
	svg_printf(out, "<rect x=\"0\" y=\"0\" width=\"%d\" height=\"%.0f\" "
	    "fill=\"url(#background)\"/>\n", o->width, h);
	svg_printf(out, "<text id=\"title\" x=\"%.0f\" y=\"%g\">", floor(w / 2),
	    o->fontsize * 2);
	svg_xml(out, title, 0);
	svg_puts(out, "</text>\n");
	if (o->subtitle != NULL) {
		svg_printf(out, "<text id=\"subtitle\" x=\"%.0f\" y=\"%g\">",
		    floor(w / 2), o->fontsize * 4);
		svg_xml(out, o->subtitle, 0);
		svg_puts(out, "</text>\n");
	}
	if (g->p->delta != NULL && !g->cpi)
		svg_legend(g);
	if (g->deep > 0) {
		svg_printf(out, "<text id=\"note\" x=\"%.0f\" y=\"%g\">",
		    floor(w / 2), g->head - o->fontsize);
		svg_puts(out, num_fmt(g->deep, 0, NULL, NUM_LONG, num,
		    sizeof num));
		svg_printf(out, " frames more than %u levels above the root "
		    "left out (--maxdepth=0 draws them)</text>\n", o->maxdepth);
	}
	svg_printf(out, "<text id=\"details\" x=\"%d\" y=\"%g\"> </text>\n",
	    SVG_XPAD, h - (o->fontsize * 2 + 10) / 2);
	svg_printf(out, "<text id=\"unzoom\" class=\"hide\" x=\"%d\" y=\"%g\">"
	    "Reset Zoom</text>\n", SVG_XPAD, o->fontsize * 2);
	svg_printf(out, "<text id=\"search\" x=\"%g\" y=\"%g\">Search</text>\n",
	    w - SVG_XPAD - 100, o->fontsize * 2);
	svg_printf(out, "<text id=\"ignorecase\" x=\"%g\" y=\"%g\">ic</text>\n",
	    w - SVG_XPAD - 16, o->fontsize * 2);
	svg_printf(out, "<text id=\"matched\" x=\"%g\" y=\"%g\"> </text>\n",
	    w - SVG_XPAD - 100, h - (o->fontsize * 2 + 10) / 2);

	if (g->cpi)
		svg_cpi_legend(g);
	/* Everything the script needs to know, as data. */
	svg_printf(out, "<g id=\"frames\" data-xpad=\"%d\" data-width=\"%d\" "
	    "data-fontsize=\"%g\" data-fontwidth=\"%g\" data-frameheight=\"%d\" "
	    "data-inverted=\"%d\" data-searchcolor=\"%s\" data-nametype=\"",
	    SVG_XPAD, o->width, o->fontsize, o->fontwidth, o->frameheight,
	    o->inverted ? 1 : 0, SVG_SEARCHCOLOR);
	svg_xml(out, o->nametype, 1);
	svg_puts(out, "\" data-unit=\"");
	svg_xml(out, svg_unit(g), 1);
	if (!g->cpi && profile_weighted(g->p)) {
		svg_puts(out, "\" data-other=\"");
		svg_xml(out, svg_other_unit(g), 1);
	}
	svg_printf(out, "\" data-top=\"%u\"%s", top, g->cpi ?
	    " data-cpi=\"1\"" : "");
	if (o->search != NULL && o->search[0] != '\0') {
		svg_puts(out, " data-search=\"");
		svg_xml(out, o->search, 1);
		svg_printf(out, "\" data-icase=\"%d\"", o->search_icase ? 1 : 0);
	}
	svg_puts(out, ">\n");
}

int
svg_write(const struct profile *p, uint32_t root, const struct svg_opts *o,
    FILE *f)
{
	struct svg *g;
	const struct node *nodes = p->nodes;
	const struct name *nm;
	uint32_t a, *anc = NULL;
	size_t nanc, i;
	int ret;

	g = xcalloc(1, sizeof *g);
	g->p = p;
	g->o = o;
	g->out.f = f;
	g->rng = 0x2545f4914f6cdd1dull;
	g->total = nodes[root].total;
	g->grand = nodes[PROFILE_ROOT].total;
	g->wpt = g->total == 0 ? 0 :
	    (o->width - 2.0 * SVG_XPAD) / (double)g->total;
	if (o->minwidth_pct)
		g->thr = (double)g->total * o->minwidth / 100;
	else
		g->thr = g->wpt == 0 ? 0 : o->minwidth / g->wpt;
	g->limit = o->maxdepth == 0 ? UINT64_MAX :
	    (uint64_t)nodes[root].depth + o->maxdepth;
	g->maxdepth = svg_maxdepth(g, root);
	if (o->deep != NULL)
		*o->deep = g->deep;
	g->cpi = p->cpi;
	if (p->cpi || (p->delta != NULL && o->diffcolor == DIFF_COLOR_SHARE)) {
		g->inc = xcalloc(p->nnodes, sizeof *g->inc);
		diff_inclusive(p, g->inc);
		if (!p->cpi)
			g->maxshare = diff_max_share(p, g->inc);
	}
	g->head = o->fontsize * 3 +
	    (o->subtitle != NULL ? o->fontsize * 2 : 0) +
	    (p->delta != NULL ? o->fontsize * 2 : 0) +
	    (g->deep > 0 ? o->fontsize * 2 : 0);
	g->height = ceil((g->maxdepth + 1.0) * o->frameheight + g->head +
	    o->fontsize * 2 + 10);

	g->data.f = NULL;
	g->nameline = xcalloc(p->nnames, sizeof *g->nameline);
	svg_header(g, nodes[root].depth);
	/* The frames below the export root, at full width, as in a zoom. */
	nanc = nodes[root].depth;
	anc = xcalloc(nanc + 1, sizeof *anc);
	for (i = nanc, a = nodes[root].parent; i > 0; i--) {
		anc[i - 1] = a;
		a = nodes[a].parent;
	}
	for (i = 0; i < nanc; i++)
		svg_frame(g, anc[i], (uint32_t)i, 0, g->total, 0);
	free(anc);
	svg_frames(g, root);
	svg_puts(&g->out, "</g>\n<metadata id=\"names\">all\n");
	for (i = 0; i < g->nnames; i++) {
		nm = &p->names[g->names[i]];
		svg_text(&g->out, nm->s, svg_shown_len(nm), SIZE_MAX, 0);
		svg_puts(&g->out, "\n");
	}
	svg_puts(&g->out, "</metadata>\n<metadata id=\"framedata\">");
	svg_flush(&g->data);
	svg_put(&g->out, g->data.mem, g->data.memlen);
	svg_puts(&g->out, "</metadata>\n"
	    "<script type=\"text/ecmascript\"><![CDATA[\n");
	svg_puts(&g->out, svg_script);
	svg_puts(&g->out, "]]></script>\n</svg>\n");
	svg_flush(&g->out);
	ret = g->out.error || ferror(f) ? -1 : 0;
	free(g->data.mem);
	free(g->nameline);
	free(g->names);
	free(g->inc);
	free(g);
	return ret;
}

int
svg_export(const struct profile *p, uint32_t root, const struct svg_opts *o,
    const char *path, const struct input_ids *inputs, char *err,
    size_t errlen)
{
	struct save s;

	if (save_open(&s, path, inputs, err, errlen) != 0)
		return -1;
	errno = 0;
	if (svg_write(p, root, o, s.f) != 0) {
		save_fail(&s, errno != 0 ? errno : EIO, err, errlen);
		return -1;
	}
	return save_commit(&s, err, errlen);
}
