#!/bin/sh
# perf.data of a JIT: code in anonymous executable memory, named in the
# /tmp/perf-PID.map the JIT writes, gets the same frames as from
# `perf script | flametui`, on a recording this test makes.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/perf-lib.sh"

perf_need_record
case $(uname -m) in
x86_64) ;;
*) echo "SKIP: the JIT of this test writes x86_64 code"; exit 77 ;;
esac
cc=${CC:-cc}
# The JIT: a counting loop copied to anonymous memory, with frame pointers.
if ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/jit" -x c - <<'EOS'
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>
/* push rbp; mov rbp,rsp; mov rcx,rdi; 1: dec rcx; jnz 1b; pop rbp; ret */
static const unsigned char code[] = { 0x55, 0x48, 0x89, 0xe5, 0x48, 0x89,
    0xf9, 0x48, 0xff, 0xc9, 0x75, 0xfb, 0x5d, 0xc3 };
static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1);
	unsigned char *p = mmap(NULL, 4096, PROT_READ | PROT_WRITE | PROT_EXEC,
	    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	void (*fn)(unsigned long);
	char path[64];
	FILE *f;

	if (p == MAP_FAILED)
		return 1;
	memcpy(p, code, sizeof code);
	snprintf(path, sizeof path, "/tmp/perf-%d.map", (int)getpid());
	if ((f = fopen(path, "w")) == NULL)
		return 1;
	fprintf(f, "%lx %zx jit_spin\n", (unsigned long)p, sizeof code);
	fclose(f);
	printf("%s\n", path);
	fn = (void (*)(unsigned long))(void *)p;
	while (now() < end)
		fn(10000000);
	return 0;
}
EOS
then
	echo "SKIP: cannot compile the JIT with $cc"
	exit 77
fi
perf record -q -g -o "$TMP/jit.data" -- "$TMP/jit" 0.3 > "$TMP/jit.out" \
	2>/dev/null || fail "perf record of the JIT failed"
map=$(cat "$TMP/jit.out")
trap 'rm -rf "$TMP" "$map"' EXIT
every "JIT" "$TMP/jit.data"
grep -q "^jit;.*main;jit_spin " "$TMP/got" ||
	fail "JIT: main;jit_spin missing from the stacks"
"$FLAMETUI" --fold --jit "$TMP/jit.data" 2>/dev/null | grep -q ";jit_spin_\[j\] " ||
	fail "JIT: --jit does not mark jit_spin"
finish
