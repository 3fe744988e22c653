/*
 * sym.c: symbol tables, sorted and fixed up as perf fixes up its own.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "sym.h"
#include "util.h"

void
sym_add(struct sym_table *t, uint64_t start, uint64_t size, unsigned bind,
    const char *name)
{
	size_t len = strlen(name) + 1;

	t->v = xgrow(t->v, &t->cap, t->n + 1, sizeof *t->v);
	t->names = xgrow(t->names, &t->namescap, t->nameslen + len, 1);
	memcpy(t->names + t->nameslen, name, len);
	t->v[t->n] = (struct sym){ start, start + size, t->nameslen, bind,
	    (unsigned)t->n };
	t->nameslen += len;
	t->n++;
}

/* Order by address, then by order of addition. */
static int
sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* Leading underscores of s. */
static size_t
sym_underscores(const char *s)
{
	size_t n = 0;

	while (s[n] == '_')
		n++;
	return n;
}

/* Of two symbols at one address, is a (not b) the one perf keeps? */
static int
sym_better(const struct sym_table *t, const struct sym *a, const struct sym *b)
{
	const char *na = t->names + a->name, *nb = t->names + b->name;
	size_t ua, ub;

	if ((a->end > a->start) != (b->end > b->start))
		return a->end > a->start;
	if ((a->bind == SYM_WEAK) != (b->bind == SYM_WEAK))
		return b->bind == SYM_WEAK;
	if ((a->bind == SYM_GLOBAL) != (b->bind == SYM_GLOBAL))
		return a->bind == SYM_GLOBAL;
	ua = sym_underscores(na);
	ub = sym_underscores(nb);
	if (ua != ub)
		return ua < ub;
	return strlen(na) >= strlen(nb);
}

void
sym_finish(struct sym_table *t, int kallsyms)
{
	size_t i, k;
	struct sym *p, *c;

	if (t->n == 0)
		return;
	qsort(t->v, t->n, sizeof *t->v, sym_cmp);
	/* One symbol per address (perf keeps all of kallsyms'). */
	for (i = 1, k = 0; i < t->n && !kallsyms; i++) {
		if (t->v[i].start != t->v[k].start)
			t->v[++k] = t->v[i];
		else if (!sym_better(t, &t->v[k], &t->v[i]))
			t->v[k] = t->v[i];
	}
	if (!kallsyms)
		t->n = k + 1;
	/* A symbol without a size reaches the next one. */
	for (i = 1; i < t->n; i++) {
		p = &t->v[i - 1];
		c = &t->v[i];
		if (p->end != p->start)
			continue;
		if (kallsyms && (strchr(t->names + p->name, '[') == NULL) !=
		    (strchr(t->names + c->name, '[') == NULL))
			p->end = ((p->end + 4096 + 4095) & ~(uint64_t)4095);
		else
			p->end = c->start;
	}
	c = &t->v[t->n - 1];
	if (c->end == c->start)
		c->end = ((c->start + 4095) & ~(uint64_t)4095) + 4096;
}

void
sym_sort(struct sym_table *t)
{
	size_t i;

	for (i = 0; i < t->n; i++)
		t->v[i].seq = (unsigned)i;
	if (t->n > 1)
		qsort(t->v, t->n, sizeof *t->v, sym_cmp);
}

const char *
sym_find(const struct sym_table *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n, mid;
	const struct sym *s;

	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (t->v[mid].start <= addr)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == 0)
		return NULL;
	s = &t->v[lo - 1];
	if (addr < s->end || (addr == s->start && s->end == s->start))
		return t->names + s->name;
	return NULL;
}

void
sym_free(struct sym_table *t)
{
	free(t->v);
	free(t->names);
	memset(t, 0, sizeof *t);
}
