/* tests/memory-prog.c: a program whose memory use is in known functions,
 * for tests/memory.sh: touch_pages faults in a large mapping it maps with
 * big_alloc (mmap), and grow_heap calls malloc 2000 times, growing the
 * heap (brk). */
#include <stdio.h>
#include <stdlib.h>

/* A 32 MiB block: glibc maps one this large (mmap). */
__attribute__((noinline)) static char *
big_alloc(void)
{
	return malloc(32u << 20);
}

/* Write a byte on every page of p: a page fault each. */
__attribute__((noinline)) static void
touch_pages(volatile char *p, size_t n)
{
	size_t i;

	for (i = 0; i < n; i += 4096)
		p[i] = 1;
}

/* 2000 small blocks kept: the heap grows (brk). */
__attribute__((noinline)) static void
grow_heap(char **keep)
{
	int i;

	for (i = 0; i < 2000; i++) {
		keep[i] = malloc(1024);
		keep[i][0] = 1;
	}
}

int
main(void)
{
	static char *keep[2000];
	char *p = big_alloc();

	touch_pages(p, 32u << 20);
	grow_heap(keep);
	printf("%d %d\n", p[4096], keep[1999][0]);
	return 0;
}
