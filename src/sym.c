/*
 * sym.c: symbol tables, sorted and fixed up as perf fixes up its own.
 */
#include "config.h"

#include <libiberty/demangle.h>
#include <stdlib.h>
#include <string.h>

#include "sym.h"
#include "util.h"

/* Copy len bytes of name, and a NUL, where they will not move. */
static const char *
sym_copy(struct sym_table *t, const char *name, size_t len)
{
	struct sym_names *b = t->names;
	char *p;

	if (b == NULL || b->cap - b->len < len + 1) {
		/* Blocks grow with the table, from 1 KB to 1 MB. */
		size_t cap = b == NULL ? 1024 : b->cap < (1u << 20) ?
		    b->cap * 2 : b->cap;

		if (cap < len + 1)
			cap = len + 1;

		b = xmalloc(sizeof *b + cap);
		b->next = t->names;
		b->len = 0;
		b->cap = cap;
		t->names = b;
	}
	p = b->s + b->len;
	memcpy(p, name, len);
	p[len] = '\0';
	b->len += len + 1;
	return p;
}

void
sym_reserve(struct sym_table *t, size_t more)
{
	t->v = xgrow(t->v, &t->cap, t->n + more, sizeof *t->v);
}

/* Add a symbol named name, which is where it will stay. */
static void
sym_push(struct sym_table *t, uint64_t start, uint64_t size, unsigned bind,
    const char *name, int mangled)
{
	t->v = xgrow(t->v, &t->cap, t->n + 1, sizeof *t->v);
	t->v[t->n] = (struct sym){ start, start + size, name, bind & 3,
	    mangled != 0, (unsigned)t->n };
	t->n++;
}

void
sym_add(struct sym_table *t, uint64_t start, uint64_t size, unsigned bind,
    const char *name)
{
	sym_push(t, start, size, bind, sym_copy(t, name, strlen(name)), 0);
}

void
sym_add_mangled(struct sym_table *t, uint64_t start, uint64_t size,
    unsigned bind, const char *name)
{
	sym_push(t, start, size, bind, name, 1);
}

char *
sym_demangle(const char *name)
{
	return cplus_demangle(name, DMGL_NO_OPTS);
}

/* A symbol's name, demangled (once) if it is to be. */
static const char *
sym_name(struct sym_table *t, struct sym *s)
{
	char *dm;

	if (s->mangled) {
		s->mangled = 0;
		if ((dm = sym_demangle(s->name)) != NULL) {
			s->name = sym_copy(t, dm, strlen(dm));
			free(dm);
		}
	}
	return s->name;
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

/* Sort n symbols by address, stably: a radix sort, 16 bits a pass. */
static void
sym_radix(struct sym *v, size_t n)
{
	struct sym *tmp = xmalloc(n * sizeof *tmp), *a = v, *b = tmp, *t;
	size_t *cnt = xmalloc(65536 * sizeof *cnt), i, sum, c;
	unsigned shift;

	for (shift = 0; shift < 64; shift += 16) {
		memset(cnt, 0, 65536 * sizeof *cnt);
		for (i = 0; i < n; i++)
			cnt[a[i].start >> shift & 0xffff]++;
		if (cnt[a[0].start >> shift & 0xffff] == n)
			continue;	/* one digit for all: nothing moves */
		for (i = 0, sum = 0; i < 65536; i++) {
			c = cnt[i];
			cnt[i] = sum;
			sum += c;
		}
		for (i = 0; i < n; i++)
			b[cnt[a[i].start >> shift & 0xffff]++] = a[i];
		t = a;
		a = b;
		b = t;
	}
	if (a != v)
		memcpy(v, a, n * sizeof *v);
	free(tmp);
	free(cnt);
}

/* Sort n symbols by address and seq: a radix sort for many. */
static void
sym_sort_n(struct sym *v, size_t n)
{
	if (n < 4096)
		qsort(v, n, sizeof *v, sym_cmp);
	else
		sym_radix(v, n);
}

/*
 * Sort by address, then by order of addition (seq, which is the order of
 * the table): what follows the part already in order is sorted alone and
 * merged with it (kallsyms comes sorted; PLT symbols come last).
 */
static void
sym_order(struct sym_table *t)
{
	struct sym *head, *v = t->v;
	size_t k, i, j, o;

	for (k = 1; k < t->n && v[k - 1].start <= v[k].start; k++)
		;
	if (k >= t->n)
		return;
	sym_sort_n(v + k, t->n - k);
	if (v[k - 1].start <= v[k].start)
		return;
	head = xmalloc(k * sizeof *head);
	memcpy(head, v, k * sizeof *head);
	for (i = 0, j = k, o = 0; i < k;)
		v[o++] = j < t->n && v[j].start < head[i].start ? v[j++] :
		    head[i++];
	free(head);
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
sym_better(struct sym_table *t, struct sym *a, struct sym *b)
{
	const char *na, *nb;
	size_t ua, ub;

	if ((a->end > a->start) != (b->end > b->start))
		return a->end > a->start;
	if ((a->bind == SYM_WEAK) != (b->bind == SYM_WEAK))
		return b->bind == SYM_WEAK;
	if ((a->bind == SYM_GLOBAL) != (b->bind == SYM_GLOBAL))
		return a->bind == SYM_GLOBAL;
	na = sym_name(t, a);
	nb = sym_name(t, b);
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
	sym_order(t);
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
		if (kallsyms && (strchr(p->name, '[') == NULL) !=
		    (strchr(c->name, '[') == NULL))
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
	sym_order(t);
}

const char *
sym_find(struct sym_table *t, uint64_t addr)
{
	return sym_find_at(t, addr, NULL);
}

const char *
sym_find_at(struct sym_table *t, uint64_t addr, uint64_t *start)
{
	size_t lo = 0, hi = t->n, mid;
	struct sym *s;

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
	if (!(addr < s->end || (addr == s->start && s->end == s->start)))
		return NULL;
	if (start != NULL)
		*start = s->start;
	return sym_name(t, s);
}

void
sym_free(struct sym_table *t)
{
	struct sym_names *b, *next;

	for (b = t->names; b != NULL; b = next) {
		next = b->next;
		free(b);
	}
	if (t->keep_free != NULL)
		t->keep_free(t->keep);
	free(t->v);
	memset(t, 0, sizeof *t);
}
