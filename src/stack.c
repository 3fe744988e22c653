/*
 * stack.c: frame stacks, frames by depth and counts for the parsers.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "stack.h"
#include "util.h"

/* Is c a blank as Perl's \s sees it? */
static int
stack_isblank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' ||
	    c == '\v';
}

/* Append a frame, copying its bytes. */
void
stack_push(struct stack *st, const char *s, size_t len)
{
	st->buf = xgrow(st->buf, &st->cap, st->len + len + 1, 1);
	st->off = xgrow(st->off, &st->capoff, st->n + 1, sizeof *st->off);
	st->off[st->n++] = st->len;
	if (len > 0)
		memcpy(st->buf + st->len, s, len);
	st->len += len;
}

/* Forget every frame, keeping the buffers. */
void
stack_clear(struct stack *st)
{
	st->len = 0;
	st->n = 0;
}

/* Hand the frames to the sink as one sample, root first. */
void
stack_emit(struct stack *st, struct sink *sink, int leaf_first,
    uint64_t count, unsigned frac)
{
	struct sample smp = { .time_ns = -1 };
	size_t i, j, end;

	st->v = xgrow(st->v, &st->capv, st->n + 1, sizeof *st->v);
	for (i = 0; i < st->n; i++) {
		end = i + 1 < st->n ? st->off[i + 1] : st->len;
		j = leaf_first ? st->n - 1 - i : i;
		st->v[j].s = st->buf + st->off[i];
		st->v[j].len = end - st->off[i];
	}
	smp.frames = st->v;
	smp.nframes = st->n;
	smp.count = count;
	smp.frac = frac;
	sink->stack(sink->ctx, &smp);
}

/* Free the buffers. */
void
stack_free(struct stack *st)
{
	free(st->buf);
	free(st->off);
	free(st->v);
	memset(st, 0, sizeof *st);
}

/* Set the name at depth d, keeping the other depths. */
void
levels_set(struct levels *lv, size_t d, const char *s, size_t len)
{
	struct level_name *ln;
	size_t old = lv->cap;

	if (d >= lv->cap) {
		lv->v = xgrow(lv->v, &lv->cap, d + 1, sizeof *lv->v);
		memset(lv->v + old, 0, (lv->cap - old) * sizeof *lv->v);
	}
	ln = &lv->v[d];
	ln->s = xgrow(ln->s, &ln->cap, len + 1, 1);
	if (len > 0)
		memcpy(ln->s, s, len);
	ln->len = len;
	if (d >= lv->n)
		lv->n = d + 1;
}

/* Hand depths 0..d to the sink as one sample. */
void
levels_emit(struct levels *lv, size_t d, int reverse, struct sink *sink,
    uint64_t count, unsigned frac)
{
	struct sample smp = { .time_ns = -1 };
	size_t i, j;

	lv->out = xgrow(lv->out, &lv->capout, d + 1, sizeof *lv->out);
	for (i = 0; i <= d; i++) {
		j = reverse ? d - i : i;
		if (i < lv->n && lv->v[i].s != NULL) {
			lv->out[j].s = lv->v[i].s;
			lv->out[j].len = lv->v[i].len;
		} else {
			lv->out[j].s = "";
			lv->out[j].len = 0;
		}
	}
	smp.frames = lv->out;
	smp.nframes = d + 1;
	smp.count = count;
	smp.frac = frac;
	sink->stack(sink->ctx, &smp);
}

/* Free every depth. */
void
levels_free(struct levels *lv)
{
	size_t i;

	for (i = 0; i < lv->cap; i++)
		free(lv->v[i].s);
	free(lv->v);
	free(lv->out);
	memset(lv, 0, sizeof *lv);
}

/* Parse a count of decimal digits. */
int
stack_count(const char *s, size_t len, uint64_t *v)
{
	uint64_t n = 0;
	size_t i;

	if (len == 0)
		return 0;
	for (i = 0; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return 0;
		if (n > (UINT64_MAX - 9) / 10)
			return -1;
		n = n * 10 + (uint64_t)(s[i] - '0');
	}
	*v = n;
	return 1;
}

/* Skip leading blanks. */
void
stack_ltrim(const char **s, size_t *len)
{
	while (*len > 0 && stack_isblank(**s)) {
		(*s)++;
		(*len)--;
	}
}

/* Drop trailing blanks. */
void
stack_rtrim(const char *s, size_t *len)
{
	while (*len > 0 && stack_isblank(s[*len - 1]))
		(*len)--;
}

/* Does the text start with prefix? */
int
stack_prefix(const char *s, size_t len, const char *prefix)
{
	size_t n = strlen(prefix);

	return len >= n && memcmp(s, prefix, n) == 0;
}

/* Is the text only blanks? */
int
stack_blank(const char *s, size_t len)
{
	stack_rtrim(s, &len);
	return len == 0;
}
