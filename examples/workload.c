/*
 * workload.c: a small CPU-bound program to profile, for the bundled example.
 *
 * Four phases with different shares of the time, one recursive (quicksort),
 * one doubly recursive (fib), and one helper (mix) reached by two call paths.
 * See README in this directory for how the profile was recorded.
 *
 *	cc -O1 -fno-omit-frame-pointer -g -o workload workload.c
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NOINLINE __attribute__((noinline))

static volatile uint64_t sink;	/* keeps results alive */

/* A cheap hash step, reached from two call paths. */
static NOINLINE uint64_t
mix(uint64_t h, uint64_t v)
{
	h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
	return h * 0xff51afd7ed558ccdull;
}

/* Multiply one row of a by b into c. */
static NOINLINE void
mul_row(const double *a, const double *b, double *c, int n, int i)
{
	int j, k;

	for (j = 0; j < n; j++) {
		double s = 0;

		for (k = 0; k < n; k++)
			s += a[i * n + k] * b[k * n + j];
		c[i * n + j] = s;
	}
}

/* Dense matrix product: the largest share. */
static NOINLINE void
run_matrix(int rounds)
{
	int n = 160, i, r;
	double *a = malloc(sizeof *a * n * n), *b = malloc(sizeof *b * n * n);
	double *c = malloc(sizeof *c * n * n);

	for (i = 0; i < n * n; i++) {
		a[i] = (double)(i % 7) / 7;
		b[i] = (double)(i % 5) / 5;
	}
	for (r = 0; r < rounds; r++)
		for (i = 0; i < n; i++)
			mul_row(a, b, c, n, i);
	sink = (uint64_t)c[n + 1];
	free(a);
	free(b);
	free(c);
}

/* Split v[lo..hi] around a pivot. */
static NOINLINE int
partition(uint32_t *v, int lo, int hi)
{
	uint32_t pivot = v[hi], t;
	int i = lo, j;

	for (j = lo; j < hi; j++)
		if (v[j] < pivot) {
			t = v[i], v[i] = v[j], v[j] = t;
			i++;
		}
	t = v[i], v[i] = v[hi], v[hi] = t;
	return i;
}

/* Recursive quicksort. */
static NOINLINE void
quicksort(uint32_t *v, int lo, int hi)
{
	int p;

	if (lo >= hi)
		return;
	p = partition(v, lo, hi);
	quicksort(v, lo, p - 1);
	quicksort(v, p + 1, hi);
}

/* Sort arrays of pseudo-random numbers, then checksum them with mix(). */
static NOINLINE void
run_sort(int rounds)
{
	int n = 200000, i, r;
	uint32_t *v = malloc(sizeof *v * n), x = 12345;
	uint64_t h = 0;

	for (r = 0; r < rounds; r++) {
		for (i = 0; i < n; i++) {
			x = x * 1103515245u + 12345u;
			v[i] = x >> 8;
		}
		quicksort(v, 0, n - 1);
		for (i = 0; i < n; i += 4)
			h = mix(h, v[i]);
	}
	sink = h;
	free(v);
}

/* Hash one word of text. */
static NOINLINE uint64_t
hash_word(const char *s, size_t len)
{
	uint64_t h = 1469598103934665603ull;
	size_t i;

	for (i = 0; i < len; i++)
		h = mix(h, (unsigned char)s[i]);
	return h;
}

/* Split text into words and hash each. */
static NOINLINE uint64_t
tokenize(const char *text, size_t len)
{
	uint64_t h = 0;
	size_t i = 0, start;

	while (i < len) {
		while (i < len && text[i] == ' ')
			i++;
		start = i;
		while (i < len && text[i] != ' ')
			i++;
		if (i > start)
			h ^= hash_word(text + start, i - start);
	}
	return h;
}

/* Tokenize and hash a generated text many times. */
static NOINLINE void
run_parse(int rounds)
{
	static const char *words[] = { "flame", "graph", "stack", "frame",
	    "sample", "perf", "terminal", "profile" };
	size_t len = 0, cap = 1 << 16;
	char *text = malloc(cap);
	uint64_t h = 0;
	int i;

	for (i = 0; len + 16 < cap; i++) {
		size_t w = strlen(words[i % 8]);

		memcpy(text + len, words[i % 8], w);
		len += w;
		text[len++] = ' ';
	}
	for (i = 0; i < rounds; i++) {
		text[0] = (char)('a' + i % 26);	/* a new text each round */
		h += tokenize(text, len);
	}
	sink = h;
	free(text);
}

/* Naive Fibonacci: deep recursion. */
static NOINLINE uint64_t
fib(int n)
{
	return n < 2 ? (uint64_t)n : fib(n - 1) + fib(n - 2);
}

/* Compute a few Fibonacci numbers the slow way. */
static NOINLINE void
run_fib(int rounds)
{
	int r;

	for (r = 0; r < rounds; r++)
		sink += fib(28 + r % 3);
}

int
main(int argc, char **argv)
{
	int scale = argc > 1 ? atoi(argv[1]) : 10;

	if (scale <= 0)
		scale = 1;
	run_matrix(54 * scale);
	run_sort(6 * scale);
	run_parse(450 * scale);
	run_fib(10 * scale);
	printf("done: %llu\n", (unsigned long long)sink);
	return 0;
}
