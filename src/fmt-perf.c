/*
 * fmt-perf.c: `perf script` output, as stackcollapse-perf.pl reads it.
 *
 * A sample is an event line, "comm [pid/]tid [cpu] [time:] [period] event:",
 * then its frames, leaf first, one a line, "\tPC SYMBOL[+0xOFF] (DSO)", then
 * a blank line. Lines are split by hand, without regular expressions or
 * allocation per line, the way the reference's patterns split them: where a
 * line is ambiguous, the same fields come out.
 *
 * Deliberate differences from the reference: the last sample is kept when no
 * blank line follows it; an event line also ends the sample before it, so two
 * samples without a blank line between them are not glued together; a line of
 * only whitespace counts as blank; a comm of one character is accepted;
 * side-band records (PERF_RECORD_*) are never samples.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "fmt-perf.h"

#define PERF_PROBE_LINES 4000	/* lines the probe looks at, at most */
#define PERF_NOTE_EVENTS 8	/* skipped events named in the note */

#define PERF_SPACE 1
#define PERF_DIGIT 2
#define PERF_WORD 4
#define PERF_HEX 8		/* a lower-case hexadecimal digit */

/* The classes of bytes, looked up rather than compared: the hot loops. */
static const unsigned char perf_class[256] = {
	[' '] = PERF_SPACE, ['\t'] = PERF_SPACE, ['\r'] = PERF_SPACE,
	['\f'] = PERF_SPACE, ['\v'] = PERF_SPACE,
	['0' ... '9'] = PERF_DIGIT | PERF_WORD | PERF_HEX,
	['a' ... 'f'] = PERF_WORD | PERF_HEX,
	['g' ... 'z'] = PERF_WORD, ['A' ... 'Z'] = PERF_WORD,
	['_'] = PERF_WORD
};

/* Is c whitespace, as Perl's \s (a line holds no newline)? */
static int
perf_space(int c)
{
	return perf_class[(unsigned char)c] & PERF_SPACE;
}

/* Eight ones, for testing the eight bytes of a word at once. */
#define PERF_ONES 0x0101010101010101ull

/*
 * The first whitespace in s[from, to), or to. Eight bytes at a time while
 * none is below '!': every whitespace byte is, and most words have none.
 */
static size_t
perf_next_space(const char *s, size_t from, size_t to)
{
	uint64_t w;

	for (; to - from >= 8; from += 8) {
		memcpy(&w, s + from, 8);
		if (((w - PERF_ONES * '!') & ~w & PERF_ONES * 0x80) != 0)
			break;
	}
	while (from < to && !perf_space(s[from]))
		from++;
	return from;
}

/* Is c a decimal digit? */
static int
perf_digit(int c)
{
	return perf_class[(unsigned char)c] & PERF_DIGIT;
}

/* Is c a word character, as Perl's \w? */
static int
perf_word(int c)
{
	return perf_class[(unsigned char)c] & PERF_WORD;
}

/* Is s[0..len) the same bytes as the NUL-terminated lit? */
static int
perf_eq(const char *s, size_t len, const char *lit)
{
	return strlen(lit) == len && memcmp(s, lit, len) == 0;
}

/* Does s[0..len) contain the NUL-terminated lit? */
static int
perf_has(const char *s, size_t len, const char *lit)
{
	size_t n = strlen(lit), i;

	for (i = 0; i + n <= len; i++)
		if (memcmp(s + i, lit, n) == 0)
			return 1;
	return 0;
}

/* Parse decimal digits into *v; returns 0 when they overflow 64 bits. */
static int
perf_number(const char *s, size_t len, uint64_t *v)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < len; i++) {
		if (n > (UINT64_MAX - 9) / 10)
			return 0;
		n = n * 10 + (uint64_t)(s[i] - '0');
	}
	*v = n;
	return 1;
}

/* The fields of an event line that name the sample's root. */
struct perf_head {
	size_t commlen;		/* comm is s[0..commlen) */
	struct strv pid;	/* empty when the line has only a tid */
	struct strv tid;
	size_t rest;		/* where the fields after pid/tid start */
};

/*
 * Split "comm [pid/]tid ..." as the reference does: comm is the shortest
 * prefix followed by whitespace, digits (optionally "/digits") and
 * whitespace, so a comm may contain spaces. Returns 0 when there is none.
 */
static int
perf_split_head(const char *s, size_t len, struct perf_head *h)
{
	size_t k, j, d1, sl, d2;

	if (len == 0 || perf_space(s[0]))
		return 0;
	for (k = 1; k < len; k++) {
		if (!perf_space(s[k]) || perf_space(s[k - 1]))
			continue;
		for (j = k; j < len && perf_space(s[j]); j++)
			;
		for (d1 = j; d1 < len && perf_digit(s[d1]); d1++)
			;
		if (d1 == j)
			continue;
		for (sl = d1; sl < len && s[sl] == '/'; sl++)
			;
		for (d2 = sl; d2 < len && perf_digit(s[d2]); d2++)
			;
		if (d2 == len || !perf_space(s[d2]))
			continue;
		h->commlen = k;
		/* A lone number, or a tid of "0", is a tid without pid. */
		if (d2 == sl || perf_eq(s + sl, d2 - sl, "0")) {
			h->pid = (struct strv){ "?", 1 };
			h->tid = (struct strv){ s + j, d1 - j };
		} else {
			h->pid = (struct strv){ s + j, d1 - j };
			h->tid = (struct strv){ s + sl, d2 - sl };
		}
		h->rest = d2;
		return 1;
	}
	return 0;
}

/*
 * Find the event, "NAME:" ending the line after ":" and an optional period
 * ("1410597.98: 250000 cycles:u:"). Returns 0 when the line has none.
 */
static int
perf_split_event(const char *s, size_t len, struct strv *ev,
    struct strv *period)
{
	size_t e = len, t, w, d, c;

	while (e > 0 && perf_space(s[e - 1]))
		e--;
	if (e < 2 || s[e - 1] != ':')
		return 0;
	e--;
	for (t = e; t > 0 && !perf_space(s[t - 1]); t--)
		;
	if (t == e || t == 0)
		return 0;
	for (w = t; w > 0 && perf_space(s[w - 1]); w--)
		;
	for (d = w; d > 0 && perf_digit(s[d - 1]); d--)
		;
	for (c = d; d < w && c > 0 && perf_space(s[c - 1]); c--)
		;
	if (c == 0 || s[c - 1] != ':')
		return 0;
	*ev = (struct strv){ s + t, e - t };
	*period = (struct strv){ s + d, w - d };
	return 1;
}

/*
 * The timestamp: the first field between pid/tid and the event that is
 * "SECONDS[.FRACTION]:". Returns nanoseconds, or -1.
 */
static int64_t
perf_time(const char *s, size_t from, size_t to)
{
	size_t a, b, i, dot;
	uint64_t sec, frac, scale;

	for (a = from; a < to; a = b) {
		while (a < to && perf_space(s[a]))
			a++;
		for (b = a; b < to && !perf_space(s[b]); b++)
			;
		if (b - a < 2 || s[b - 1] != ':' || !perf_digit(s[a]))
			continue;
		for (dot = i = a; i < b - 1; i++) {
			if (s[i] == '.' && dot == a && i > a)
				dot = i;
			else if (!perf_digit(s[i]))
				break;
		}
		if (i < b - 1)
			continue;
		if (dot == a)
			dot = b - 1;
		if (!perf_number(s + a, dot - a, &sec) || sec > 9000000000ull)
			return -1;
		frac = 0;
		scale = 1000000000ull;
		for (i = dot + 1; i < b - 1 && scale > 1; i++) {
			scale /= 10;
			frac += (uint64_t)(s[i] - '0') * scale;
		}
		return (int64_t)(sec * 1000000000ull + frac);
	}
	return -1;
}

/*
 * Split a frame line, "  PC SYMBOL (DSO)", as the reference's pattern does:
 * a word, then the symbol up to the last " (" whose following run of
 * non-space characters holds a ")". Returns 0 when it is no frame line.
 */
static int
perf_split_frame(const char *s, size_t len, struct strv *pc,
    struct strv *func, struct strv *mod)
{
	const char *open;
	size_t a = 0, e, f, p, r, q, st;

	while (a < len && perf_space(s[a]))
		a++;
	for (e = a; e < len && perf_word(s[e]); e++)
		;
	if (e == a || len < a + 4)
		return 0;
	for (f = e; f < len && perf_space(s[f]); f++)
		;
	/* Most lines end "SYMBOL (DSO)" with no space in DSO: a fast path. */
	if (s[len - 1] == ')' &&
	    (open = memrchr(s + a + 3, '(', len - a - 4)) != NULL &&
	    open[-1] == ' ') {
		p = (size_t)(open - s);
		r = perf_next_space(s, p + 1, len);
		if (r == len) {
			p--;
			q = len;
			goto found;
		}
	}
	for (p = len - 2; p >= a + 2; p--) {
		if (s[p] != ' ' || s[p + 1] != '(')
			continue;
		r = perf_next_space(s, p + 2, len);
		for (q = r; q > p + 1 && s[q - 1] != ')'; q--)
			;
		if (q > p + 1)
			goto found;
	}
	return 0;
found:
	/* The pattern backtracks to leave the symbol a character. */
	st = f < p ? f : p - 1;
	*pc = (struct strv){ s + a, (e < st ? e : st) - a };
	*func = (struct strv){ s + st, p - st };
	*mod = (struct strv){ s + p + 2, q - 1 - (p + 2) };
	return 1;
}

/*
 * An event line of perf script without -g ends with the sample's one frame
 * after its event: "... 1001001 cpu-clock:ppp:  7f30c8 _start+0x3 (DSO)".
 * Split it there, at the first field after from that ends in ':' and is
 * followed by a frame with a hexadecimal address. Returns 0 when it has none.
 */
static int
perf_split_inline(const char *s, size_t len, size_t from, struct strv *ev,
    struct strv *period, struct strv *pc, struct strv *func, struct strv *mod)
{
	size_t a, b, i;

	for (a = from; a < len; a = b) {
		while (a < len && perf_space(s[a]))
			a++;
		for (b = a; b < len && !perf_space(s[b]); b++)
			;
		if (b - a < 2 || s[b - 1] != ':' || perf_digit(s[a]))
			continue;
		if (!perf_split_event(s, b, ev, period) ||
		    !perf_split_frame(s + b, len - b, pc, func, mod))
			return 0;
		for (i = 0; i < pc->len; i++)
			if (!(perf_class[(unsigned char)pc->s[i]] & PERF_HEX))
				return 0;
		return pc->len > 0;
	}
	return 0;
}

/*
 * Does s, a line without its indent, start as an event line does, "COMM
 * [PID/]TID [" or "COMM [PID/]TID DIGIT"? perf script without -g indents
 * the comm; a frame line's address is followed by a symbol, not a number.
 */
static int
perf_indented_event(const char *s, size_t len)
{
	size_t i = perf_next_space(s, 0, len), d;

	while (i < len && perf_space(s[i]))
		i++;
	for (d = i; i < len && (perf_digit(s[i]) || s[i] == '/'); i++)
		;
	if (i == d || i == len || !perf_space(s[i]))
		return 0;
	while (i < len && perf_space(s[i]))
		i++;
	return i < len && (s[i] == '[' || perf_digit(s[i]));
}

/* Make room for n more bytes of frame text. */
static void
perf_reserve(struct perf_parse *pp, size_t n)
{
	pp->text = xgrow(pp->text, &pp->textcap, pp->textlen + n, 1);
}

/* Append bytes to the frame text. */
static void
perf_put(struct perf_parse *pp, const char *s, size_t len)
{
	perf_reserve(pp, len);
	memcpy(pp->text + pp->textlen, s, len);
	pp->textlen += len;
}

/*
 * Tidy a symbol in place as the reference does, and return its new length:
 * ";" becomes ":", text from the first "(" is cut unless it looks like a Go
 * method ("pkg.(*T).M") or the "(" opens "(anonymous namespace)", and quotes
 * are deleted.
 */
static size_t
perf_tidy(char *s, size_t len)
{
	static const char special[256] = {
		[';'] = 1, ['('] = 1, ['"'] = 1, ['\''] = 1
	};
	char *p, *q, *e = s + len;
	size_t i, j, open = len, close = len, n;
	uint64_t w, x;

	/* Most names need nothing; the rest are searched with memchr. Eight
	 * bytes at a time while none is special: w ^ c has a zero byte where
	 * w holds c, and x then a top bit. */
	for (i = 0; len - i >= 8; i += 8) {
		memcpy(&w, s + i, 8);
		x = ((w ^ PERF_ONES * ';') - PERF_ONES) & ~(w ^ PERF_ONES * ';');
		x |= ((w ^ PERF_ONES * '(') - PERF_ONES) & ~(w ^ PERF_ONES * '(');
		x |= ((w ^ PERF_ONES * '"') - PERF_ONES) & ~(w ^ PERF_ONES * '"');
		x |= ((w ^ PERF_ONES * '\'') - PERF_ONES) &
		    ~(w ^ PERF_ONES * '\'');
		if ((x & PERF_ONES * 0x80) != 0)
			break;
	}
	for (; i < len && !special[(unsigned char)s[i]]; i++)
		;
	if (i == len)
		return len;
	for (p = memchr(s + i, ';', len - i); p != NULL;
	    p = memchr(p + 1, ';', (size_t)(e - p - 1)))
		*p = ':';
	for (p = memchr(s + i, '(', len - i); p != NULL;
	    p = memchr(p + 1, '(', (size_t)(e - p - 1)))
		if (p > s && p[-1] == '.') {
			open = (size_t)(p - s) - 1;
			break;
		}
	for (n = len; open < len && n > 1; n = (size_t)(q - s)) {
		if ((q = memrchr(s + 1, '.', n - 1)) == NULL)
			break;
		if (q[-1] == ')') {
			close = (size_t)(q - s) - 1;
			break;
		}
	}
	if (open == len || close == len || close < open + 2) {
		for (p = memchr(s + i, '(', len - i); p != NULL;
		    p = memchr(p + 1, '(', (size_t)(e - p - 1))) {
			if ((size_t)(e - p - 1) >= 20 &&
			    memcmp(p + 1, "anonymous namespace)", 20) == 0)
				continue;
			len = (size_t)(p - s);
			break;
		}
	}
	p = memchr(s + i, '"', len - i);
	q = memchr(s + i, '\'', len - i);
	if (p == NULL && q == NULL)
		return len;
	if (p == NULL || (q != NULL && q < p))
		p = q;
	for (i = j = (size_t)(p - s); i < len; i++)
		if (s[i] != '"' && s[i] != '\'')
			s[j++] = s[i];
	return j;
}

/* The last part of a dso's path: "libc.so.6" of "/usr/lib/libc.so.6". */
static struct strv
perf_base(struct strv mod)
{
	size_t i;

	for (i = mod.len; i > 0 && mod.s[i - 1] != '/'; i--)
		;
	return (struct strv){ mod.s + i, mod.len - i };
}

static void perf_piece(struct perf_parse *, const char *, size_t, size_t,
    struct strv, struct strv);

/* The text from off to the end is one more frame of the sample. */
static void
perf_frame_add(struct perf_parse *pp, size_t off)
{
	struct perf_frame *fr;

	pp->frames = xgrow(pp->frames, &pp->capframes, pp->nframes + 1,
	    sizeof *pp->frames);
	fr = &pp->frames[pp->nframes++];
	fr->off = off;
	fr->len = pp->textlen - off;
}

/* Add a frame named s (a dso, a source line), tidied as a symbol is. */
static void
perf_named(struct perf_parse *pp, const char *s, size_t len)
{
	size_t off = pp->textlen;

	perf_put(pp, s, len);
	pp->textlen = off + perf_tidy(pp->text + off, len);
	perf_frame_add(pp, off);
}

/*
 * Add a frame line at --frames=address or line: its outermost function
 * (what "a->b" was inlined into), with the symbol's offset at address,
 * and at line waiting for the source line perf script prints under it.
 */
static void
perf_frame_at(struct perf_parse *pp, struct strv pc, const char *s,
    size_t len, struct strv offset, struct strv mod)
{
	const char *q;

	for (q = s; q + 1 < s + len && !(q[0] == '-' && q[1] == '>'); q++)
		;
	if (q + 1 < s + len)
		len = (size_t)(q - s);
	perf_piece(pp, s, len, 0, pc, mod);
	if (pp->opts->frames == FRAMES_LINE)
		pp->srcat = pp->nframes;
	else if (offset.len > 0) {
		perf_put(pp, offset.s, offset.len);
		pp->frames[pp->nframes - 1].len += offset.len;
	}
}

/*
 * Is s a source line perf script -F +srcline prints under a frame line:
 * "  FILE:LINE", or "  ??:0", "  :0" or "  [DSO][ADDRESS]" when it knows
 * none? When it names a file and line, *src is set to them, else emptied.
 */
static int
perf_srcline(const char *s, size_t len, struct strv *src)
{
	size_t a = 0, e = len, d;

	while (a < len && s[a] == ' ')
		a++;
	while (e > a && perf_space(s[e - 1]))
		e--;
	if (a == 0 || a == e)
		return 0;
	*src = (struct strv){ s + a, 0 };
	if (s[a] == '[' && s[e - 1] == ']')
		return memchr(s + a, ' ', e - a) == NULL;
	for (d = e; d > a && perf_digit(s[d - 1]); d--)
		;
	if (d == e || d == a || s[d - 1] != ':')
		return 0;
	/* "??:0" and ":0" name no file. */
	if (d - a > 1 && !(d - a == 3 && s[a] == '?' && s[a + 1] == '?'))
		src->len = e - a;
	return 1;
}

/* Add one piece of a frame line's symbol as a frame; idx > 0 is inlined. */
static void
perf_piece(struct perf_parse *pp, const char *s, size_t len, size_t idx,
    struct strv pc, struct strv mod)
{
	const struct parse_opts *o = pp->opts;
	struct strv base;
	size_t off, i, n;
	int unknown = 1;
	char *t;

	perf_reserve(pp, len + mod.len + pc.len + 16);
	off = pp->textlen;
	if (perf_eq(s, len, "[unknown]")) {
		/* Name it after its dso when that is known. */
		perf_put(pp, "[", 1);
		if (perf_eq(mod.s, mod.len, "[unknown]"))
			perf_put(pp, "unknown", 7);
		else {
			for (i = mod.len; i > 0 && mod.s[i - 1] != '/'; i--)
				;
			perf_put(pp, mod.s + i, mod.len - i);
		}
		if (o->addrs || o->frames == FRAMES_ADDRESS) {
			perf_put(pp, " <", 2);
			perf_put(pp, pc.s, pc.len);
			perf_put(pp, ">", 1);
		}
		perf_put(pp, "]", 1);
	} else {
		perf_put(pp, s, len);
		unknown = 0;
	}
	t = pp->text + off;
	n = perf_tidy(t, pp->textlen - off);
	if (pp->java && n > 1 && t[0] == 'L' && memchr(t, '/', n) != NULL) {
		memmove(t, t + 1, n - 1);
		n--;
	}
	pp->textlen = off + n;
	if (idx > 0) {
		if (!perf_has(t, n, "_[i]"))
			perf_put(pp, "_[i]", 4);
	} else if (o->kernel && mod.len > 0 && (mod.s[0] == '[' ||
	    (mod.len >= 7 && memcmp(mod.s + mod.len - 7, "vmlinux", 7) == 0)) &&
	    !perf_has(mod.s, mod.len, "unknown"))
		perf_put(pp, "_[k]", 4);
	else if (o->jit && perf_has(mod.s, mod.len, "/tmp/perf-")) {
		/* The dso must be /tmp/perf-DIGITS?map. */
		const char *m = mod.s;
		size_t k = 0, end = mod.len;

		while (k + 10 <= end && memcmp(m + k, "/tmp/perf-", 10) != 0)
			k++;
		for (k += 10, i = k; i < end && perf_digit(m[i]); i++)
			;
		if (i > k && i + 4 <= end && memcmp(m + i + 1, "map", 3) == 0 &&
		    !perf_has(t, n, "_[j]"))
			perf_put(pp, "_[j]", 4);
	}
	if (o->frames == FRAMES_FUNCDSO && !unknown) {
		base = perf_base(mod);
		perf_put(pp, " (", 2);
		perf_put(pp, base.s, base.len);
		perf_put(pp, ")", 1);
	}
	perf_frame_add(pp, off);
}

/*
 * At the dso, address and line levels, perf's frames of the functions
 * inlined at an address (--call-graph dwarf: "(inlined)" for a dso) go
 * when the frame of the function they are in, at the same address,
 * follows; perf sometimes prints none, and then the last stays, in the
 * dso of the frame before it. Returns 1 when it took the frame line.
 */
static int
perf_inlined(struct perf_parse *pp, struct strv pc, const char *s,
    size_t len, struct strv offset, struct strv mod)
{
	struct perf_frame *fr;
	size_t off;

	if (pp->inl != 0 && pp->inl == pp->nframes &&
	    perf_eq(pc.s, pc.len, pp->inlpc))
		pp->textlen = pp->frames[--pp->nframes].off;
	pp->inl = 0;
	if (!perf_eq(mod.s, mod.len, "inlined") || pc.len >= sizeof pp->inlpc)
		return 0;
	memcpy(pp->inlpc, pc.s, pc.len);
	pp->inlpc[pc.len] = '\0';
	if (pp->opts->frames != FRAMES_DSO)
		perf_frame_at(pp, pc, s, len, offset, mod);
	else if (pp->nframes == 0)
		perf_named(pp, "[unknown]", 9);
	else {
		fr = &pp->frames[pp->nframes - 1];
		off = fr->off;
		len = fr->len;
		perf_reserve(pp, len);
		perf_named(pp, pp->text + off, len);
	}
	pp->inl = pp->nframes;
	return 1;
}

/* Add the frames of one frame line to the sample being read. */
static void
perf_frame_line(struct perf_parse *pp, struct strv pc, struct strv func,
    struct strv mod)
{
	const char *s = func.s, *end;
	size_t len = func.len, i, npieces, first = pp->nframes, idx;
	struct perf_frame tmp;
	struct strv offset = { s, 0 };

	/* The symbol's "+0xOFF" offset goes. */
	for (i = len; i > 0 && perf_class[(unsigned char)s[i - 1]] & PERF_HEX;
	    i--)
		;
	if (i < len && i >= 3 && memcmp(s + i - 3, "+0x", 3) == 0) {
		offset = (struct strv){ s + i - 3, len - i + 3 };
		len = i - 3;
	}
	if (len > 0 && s[0] == '(')
		return;		/* a process name, not a frame */
	pp->srcat = 0;
	if (pp->opts->frames != FRAMES_FUNCTION &&
	    pp->opts->frames != FRAMES_FUNCDSO &&
	    perf_inlined(pp, pc, s, len, offset, mod))
		return;
	switch (pp->opts->frames) {
	case FRAMES_DSO:
		offset = perf_base(mod);
		perf_named(pp, offset.s, offset.len);
		return;
	case FRAMES_ADDRESS:
	case FRAMES_LINE:
		perf_frame_at(pp, pc, s, len, offset, mod);
		return;
	default:
		break;
	}

	/* "a->b->c": c inlined into b into a; empty pieces at the end go. */
	end = s + len;
	while (end - s >= 2 && end[-1] == '>' && end[-2] == '-')
		end -= 2;
	if (end == s)
		return;
	if (memchr(s, '>', (size_t)(end - s)) == NULL) {
		perf_piece(pp, s, (size_t)(end - s), 0, pc, mod);
		return;
	}
	for (npieces = 0, idx = 0;; idx++) {
		const char *p = s, *q;

		for (q = p; q + 1 < end && !(q[0] == '-' && q[1] == '>'); q++)
			;
		if (q + 1 >= end)
			q = end;
		perf_piece(pp, p, (size_t)(q - p), idx, pc, mod);
		npieces++;
		if (q == end)
			break;
		s = q + 2;
	}
	/* frames[] is leaf first: the innermost piece comes first. */
	for (i = 0; i < npieces / 2; i++) {
		tmp = pp->frames[first + i];
		pp->frames[first + i] = pp->frames[first + npieces - 1 - i];
		pp->frames[first + npieces - 1 - i] = tmp;
	}
}

/* Send the sample being read to the sink. */
static void
perf_flush(struct perf_parse *pp)
{
	struct sample smp = { .time_ns = -1 };
	size_t i, k = 1, n = pp->nframes;
	struct strv f;

	if (!pp->active)
		return;
	pp->active = 0;
	pp->out = xgrow(pp->out, &pp->capout, n + 1, sizeof *pp->out);
	pp->out[0] = (struct strv){ pp->text, pp->rootlen };
	for (i = 0; i < n; i++) {
		f.s = pp->text + pp->frames[n - 1 - i].off;
		f.len = pp->frames[n - 1 - i].len;
		/* By dso, a run of frames in one dso is one frame. */
		if (pp->opts->frames == FRAMES_DSO && k > 1 &&
		    pp->out[k - 1].len == f.len &&
		    memcmp(pp->out[k - 1].s, f.s, f.len) == 0)
			continue;
		pp->out[k++] = f;
	}
	smp.frames = pp->out;
	smp.nframes = k;
	smp.count = pp->period;
	smp.frac = 0;
	smp.time_ns = pp->time_ns;
	/* CPI: cycles are BEFORE and instructions AFTER, as folded's form. */
	if (pp->opts->cpi) {
		smp.has_before = 1;
		smp.before = pp->side == PERF_CYCLES ? pp->period : 0;
		smp.count = pp->side == PERF_CYCLES ? 0 : pp->period;
	}
	pp->sink->stack(pp->sink->ctx, &smp);
}

/*
 * End the sample being read where no blank line ended it: at the next event
 * line or at the end of the input. It is kept when it has frames; an event
 * line without any (output without -g) is dropped, as the reference drops
 * it.
 */
static void
perf_end_sample(struct perf_parse *pp)
{
	if (pp->nframes > 0)
		perf_flush(pp);
	else if (pp->active)
		pp->nochain++;
	pp->active = 0;
}

/*
 * The length of an event's name without its modifiers: "cycles" of
 * "cycles:ppp"; a tracepoint ("sched:sched_switch") keeps its whole name.
 */
static size_t
perf_event_len(const char *event, size_t n)
{
	const char *colon = memrchr(event, ':', n);

	if (colon != NULL && colon > event && colon + 1 < event + n &&
	    strspn(colon + 1, "ukhIGHpPSDWeb") == (size_t)(event + n - colon - 1))
		return (size_t)(colon - event);
	return n;
}

/*
 * The side of a CPI profile an event's samples count on: PERF_CYCLES for
 * cycles (cpu-cycles, cycles:u, cpu_core/cycles/), PERF_INSTRUCTIONS for
 * instructions, else 0.
 */
static int
perf_cpi_side(struct strv ev)
{
	size_t n = perf_event_len(ev.s, ev.len);
	const char *s = ev.s, *slash;

	/* A PMU's event, "cpu_core/cycles/u": the part between slashes. */
	if ((slash = memchr(s, '/', n)) != NULL) {
		n -= (size_t)(slash + 1 - s);
		s = slash + 1;
		if ((slash = memchr(s, '/', n)) != NULL)
			n = (size_t)(slash - s);
	}
	if ((n == 6 && memcmp(s, "cycles", 6) == 0) ||
	    (n == 10 && memcmp(s, "cpu-cycles", 10) == 0))
		return PERF_CYCLES;
	if (n == 12 && memcmp(s, "instructions", 12) == 0)
		return PERF_INSTRUCTIONS;
	return 0;
}

/* Count a sample of an event that is not kept. */
static void
perf_skip(struct perf_parse *pp, struct strv ev)
{
	size_t i;

	for (i = 0; i < pp->nskipped; i++)
		if (perf_eq(ev.s, ev.len, pp->skipped[i].name)) {
			pp->skipped[i].samples++;
			return;
		}
	pp->skipped = xgrow(pp->skipped, &pp->capskipped, pp->nskipped + 1,
	    sizeof *pp->skipped);
	pp->skipped[pp->nskipped].name = xstrndup(ev.s, ev.len);
	pp->skipped[pp->nskipped++].samples = 1;
}

/*
 * The unit of counts weighed by the period of event: its name without
 * modifiers (a tracepoint keeps its whole name), or nanoseconds for the
 * software clocks.
 */
static void
perf_unit(const char *event, char *buf, size_t size)
{
	size_t n = perf_event_len(event, strlen(event));

	/* Software clocks count nanoseconds. */
	if ((n == 9 && memcmp(event, "cpu-clock", 9) == 0) ||
	    (n == 10 && memcmp(event, "task-clock", 10) == 0))
		snprintf(buf, size, "nanoseconds");
	else
		snprintf(buf, size, "%.*s", (int)n, event);
}

/* Start a sample at an event line; returns 0 when it is no event line. */
static int
perf_event_line(struct perf_parse *pp, const char *s, size_t len,
    uint64_t lineno)
{
	const struct parse_opts *o = pp->opts;
	struct perf_head h;
	struct strv ev, per, pc, func, mod;
	uint64_t period = 1;
	char unit[256];
	size_t i;
	int hasev, inl = 0;

	if (!perf_split_head(s, len, &h))
		return 0;
	perf_end_sample(pp);
	/* Side-band records (--show-mmap-events and the like) are no sample. */
	if (perf_has(s + h.rest, len - h.rest, "PERF_RECORD_"))
		return 1;
	hasev = perf_split_event(s, len, &ev, &per);
	if (!hasev)
		hasev = inl = perf_split_inline(s, len, h.rest, &ev, &per, &pc,
		    &func, &mod);
	if (o->cpi) {
		if (!hasev || (pp->side = perf_cpi_side(ev)) == 0) {
			perf_skip(pp, hasev ? ev : STRV("(none)"));
			return 1;
		}
		pp->ncpi[pp->side - 1]++;
	} else if (hasev) {
		if (pp->event == NULL) {
			pp->event = xstrndup(ev.s, ev.len);
			pp->eventlen = ev.len;
			pp->defaulted = 1;
		} else if (!perf_eq(ev.s, ev.len, pp->event)) {
			perf_skip(pp, ev);
			return 1;
		}
	}
	if (hasev) {
		if (per.len > 0 && !perf_number(per.s, per.len, &period)) {
			diag_bad(pp->diag, lineno, "sample period does not fit "
			    "in 64 bits");
			return 1;
		}
		if (period == 0)
			period = 1;	/* as the reference: no period */
		if (period > 1 && !pp->periods) {
			/* Weighed by period from now on: say so at once,
			 * for a sink that shows the stream as it comes. */
			pp->periods = 1;
			perf_unit(pp->event, unit, sizeof unit);
			sink_unit(pp->sink, unit);
		}
	}
	pp->kept++;
	pp->textlen = 0;
	pp->nframes = 0;
	pp->inl = 0;
	perf_put(pp, s, h.commlen);
	for (i = 0; i < h.commlen; i++)
		if (pp->text[i] == ' ')
			pp->text[i] = '_';
	if (o->tid || o->pid) {
		perf_put(pp, "-", 1);
		perf_put(pp, h.pid.s, h.pid.len);
		if (o->tid) {
			perf_put(pp, "/", 1);
			perf_put(pp, h.tid.s, h.tid.len);
		}
	}
	pp->rootlen = pp->textlen;
	pp->java = pp->rootlen >= 4 && memcmp(pp->text, "java", 4) == 0;
	pp->period = period;
	pp->time_ns = perf_time(s, h.rest, hasev ? (size_t)(ev.s - s) : len);
	pp->active = 1;
	if (inl) {
		perf_frame_line(pp, pc, func, mod);
		pp->leafonly++;
	}
	return 1;
}

/* A source line under a frame line: at --frames=line, the frame's name. */
static void
perf_source(struct perf_parse *pp, struct strv src)
{
	struct perf_frame *fr;

	if (!pp->active || pp->srcat == 0 || pp->srcat != pp->nframes ||
	    src.len == 0) {
		pp->srcat = 0;
		return;
	}
	pp->srcat = 0;
	fr = &pp->frames[pp->nframes - 1];
	pp->textlen = fr->off;
	pp->nframes--;
	perf_named(pp, src.s, src.len);
}

void
fmt_perf_begin(struct perf_parse *pp, const struct parse_opts *o,
    struct sink *sink, struct diag *d)
{
	memset(pp, 0, sizeof *pp);
	pp->opts = o;
	pp->sink = sink;
	pp->diag = d;
	pp->time_ns = -1;
	if (o->event != NULL) {
		pp->event = xstrdup(o->event);
		pp->eventlen = strlen(o->event);
	}
}

void
fmt_perf_line(struct perf_parse *pp, const char *s, size_t len,
    uint64_t lineno)
{
	struct strv pc, func, mod;
	size_t i;

	if (len > 0 && s[0] == '#')
		return;		/* perf's header comments */
	for (i = 0; i < len && perf_space(s[i]); i++)
		;
	if (i == len) {
		perf_flush(pp);	/* a blank line ends a sample */
		return;
	}
	if (memchr(s, '\0', len) != NULL) {
		diag_bad(pp->diag, lineno, "NUL byte in line: binary data?");
		return;
	}
	if ((i == 0 || perf_indented_event(s + i, len - i)) &&
	    perf_event_line(pp, s + i, len - i, lineno))
		return;
	if (!perf_split_frame(s, len, &pc, &func, &mod)) {
		if (perf_srcline(s, len, &func)) {
			perf_source(pp, func);
			return;
		}
		diag_bad(pp->diag, lineno, "not a perf script line "
		    "(expected an event line, a frame \"ADDRESS SYMBOL "
		    "(DSO)\" or a blank line)");
		return;
	}
	if (pp->active)
		perf_frame_line(pp, pc, func, mod);
}

void
fmt_perf_push_frame(struct perf_parse *pp, const char *s, size_t len)
{
	size_t off = pp->textlen;

	perf_put(pp, s, len);
	perf_frame_add(pp, off);
	pp->inl = 0;
}

void
fmt_perf_end_sample(struct perf_parse *pp)
{
	perf_end_sample(pp);
}

/* --cpi: what was kept and skipped, skipped being the note's list. */
static void
perf_cpi_note(struct perf_parse *pp, const char *skipped)
{
	if (pp->ncpi[0] == 0 || pp->ncpi[1] == 0)
		diag_note(pp->diag, "--cpi: no samples of %s (record with perf "
		    "record -e cycles,instructions -g)%s%s", pp->ncpi[0] > 0 ?
		    "instructions" : pp->ncpi[1] > 0 ? "cycles" :
		    "cycles nor instructions", pp->nskipped > 0 ?
		    "; the input has " : "", pp->nskipped > 0 ? skipped : "");
	else if (pp->nskipped > 0)
		diag_note(pp->diag, "--cpi: kept cycles (%llu samples) and "
		    "instructions (%llu); skipped %s",
		    (unsigned long long)pp->ncpi[0],
		    (unsigned long long)pp->ncpi[1], skipped);
}

void
fmt_perf_end(struct perf_parse *pp)
{
	char buf[768];
	size_t i, n = 0;

	perf_end_sample(pp);
	for (i = 0; i < pp->nskipped && i < PERF_NOTE_EVENTS; i++)
		n += (size_t)snprintf(buf + n, n < sizeof buf ? sizeof buf - n :
		    0, "%s'%s' (%llu sample%s)", i > 0 ? ", " : "",
		    pp->skipped[i].name,
		    (unsigned long long)pp->skipped[i].samples,
		    pp->skipped[i].samples == 1 ? "" : "s");
	if (i < pp->nskipped && n < sizeof buf)
		snprintf(buf + n, sizeof buf - n, " and %zu more events",
		    pp->nskipped - i);
	if (pp->nskipped > 0 && pp->defaulted)
		diag_note(pp->diag, "kept only event '%s', the first in the "
		    "input (%llu sample%s); skipped %s; choose one with "
		    "--event-filter=EVENT", pp->event,
		    (unsigned long long)pp->kept, pp->kept == 1 ? "" : "s",
		    buf);
	else if (pp->kept == 0 && pp->event != NULL && !pp->defaulted)
		diag_note(pp->diag, "no samples of event '%s' "
		    "(--event-filter); the input has %s", pp->event,
		    pp->nskipped > 0 ? buf : "no other events");
	if (pp->opts->cpi)
		perf_cpi_note(pp, buf);
	if (pp->nochain > 0)
		diag_note(pp->diag, "%llu sample%s without a call chain "
		    "left out (record with perf record -g)",
		    (unsigned long long)pp->nochain,
		    pp->nochain == 1 ? "" : "s");
	if (pp->leafonly > 0)
		diag_note(pp->diag, "%llu sample%s without a call chain, "
		    "each only the function it was in (record with perf "
		    "record -g for call stacks)",
		    (unsigned long long)pp->leafonly,
		    pp->leafonly == 1 ? "" : "s");
	if (pp->periods && pp->event != NULL) {
		perf_unit(pp->event, buf, sizeof buf);
		sink_unit(pp->sink, buf);
		snprintf(buf, sizeof buf, "%.*s",
		    (int)perf_event_len(pp->event, strlen(pp->event)), pp->event);
		sink_event(pp->sink, buf);
	} else if (pp->periods && pp->opts->cpi)
		sink_unit(pp->sink, "cycles");
	for (i = 0; i < pp->nskipped; i++)
		free(pp->skipped[i].name);
	free(pp->skipped);
	free(pp->event);
	free(pp->text);
	free(pp->frames);
	free(pp->out);
	memset(pp, 0, sizeof *pp);
}

/* Is this line a frame, "  PC SYMBOL (DSO)" with a hexadecimal PC? */
static int
perf_probe_frame(const char *s, size_t len)
{
	struct strv pc, func, mod;
	size_t i;

	while (len > 0 && perf_space(s[len - 1]))
		len--;
	if (len == 0 || s[len - 1] != ')' ||
	    !perf_split_frame(s, len, &pc, &func, &mod))
		return 0;
	for (i = 0; i < pc.len; i++)
		if (!perf_digit(pc.s[i]) && !(pc.s[i] >= 'a' && pc.s[i] <= 'f'))
			return 0;
	return mod.s + mod.len + 1 == s + len;
}

/*
 * perf script when event lines are followed by frame lines (or end in one,
 * without -g) and little else. Folded stacks never match: their lines end in a count, not "(DSO)".
 */
int
fmt_perf_probe(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	struct perf_head h;
	struct strv ev, per, pc, func, mod;
	int events = 0, frames = 0, pairs = 0, other = 0, lines = 0;
	int prev_event = 0;
	size_t n, k;

	while (p < end && lines < PERF_PROBE_LINES) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;	/* a cut-off line says nothing */
		n = (size_t)(nl - p);
		lines++;
		if (n > 0 && p[0] == '#')
			;
		else if (n == 0 || (n == 1 && p[0] == '\r'))
			prev_event = 0;
		else if (memchr(p, '\0', n) != NULL)
			return 0;
		else if (p[0] == ' ' && (k = strspn(p, " ")) < n &&
		    perf_indented_event(p + k, n - k) &&
		    perf_split_head(p + k, n - k, &h) &&
		    perf_split_inline(p + k, n - k, h.rest, &ev, &per, &pc,
		    &func, &mod)) {
			events++;	/* an event and its frame, without -g */
			pairs++;
			prev_event = 0;
		} else if (perf_probe_frame(p, n)) {
			frames++;
			pairs += prev_event;
			prev_event = 0;
		} else if (perf_srcline(p, n, &func)) {
			/* A frame's source line (-F +srcline): neither. */
		} else if (perf_split_head(p, n, &h)) {
			events++;
			prev_event = !perf_split_inline(p, n, h.rest, &ev, &per,
			    &pc, &func, &mod);
			pairs += !prev_event;
		} else {
			other++;
			prev_event = 0;
		}
		p = nl + 1;
	}
	if (pairs == 0 || events + frames < 2 * other)
		return 0;
	return 90;
}

unsigned
fmt_perf_levels(const char *buf, size_t len)
{
	const char *p = buf, *end = buf + len, *nl;
	unsigned lv = FRAMES_BIT(FRAMES_DSO) | FRAMES_BIT(FRAMES_FUNCDSO);
	struct strv pc, func, mod;
	size_t n, lines = 0;

	for (; p < end && lines < PERF_PROBE_LINES; p = nl + 1, lines++) {
		if ((nl = memchr(p, '\n', (size_t)(end - p))) == NULL)
			break;
		n = (size_t)(nl - p);
		if (perf_probe_frame(p, n) &&
		    perf_split_frame(p, n, &pc, &func, &mod) &&
		    perf_has(func.s, func.len, "+0x"))
			lv |= FRAMES_BIT(FRAMES_ADDRESS);
		else if (perf_srcline(p, n, &func) && func.len > 0)
			lv |= FRAMES_BIT(FRAMES_LINE);
	}
	return lv;
}
