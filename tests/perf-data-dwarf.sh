#!/bin/sh
# perf.data with --call-graph dwarf: user stacks unwound natively from each
# sample's registers and stack copy, inlined functions added as perf adds
# them, and JIT code named from /tmp/perf-PID.map: the same stacks as
# `perf script | flametui`, on recordings this test makes.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/perf-lib.sh"

perf_need_record
case $(uname -m) in
x86_64) ;;
*) echo "SKIP: --call-graph dwarf is unwound natively on x86_64 only"
	exit 77 ;;
esac
cc=${CC:-cc}
if ! $cc -O0 -o "$TMP/prog" "$top_srcdir/tests/record-prog.c"; then
	echo "SKIP: cannot compile tests/record-prog.c with $cc"
	exit 77
fi

# A C program: its stacks unwound from the call frame information, the
# kernel's call chain first.
perf record -q --call-graph dwarf -o "$TMP/dwarf.data" -- "$TMP/prog" 0.3 \
	>/dev/null 2>&1 || fail "perf record --call-graph dwarf failed"
every "dwarf" "$TMP/dwarf.data"
grep -q "^prog;.*main;burn_hot " "$TMP/got" ||
	fail "dwarf: main;burn_hot missing from the stacks"
native "dwarf" "$TMP/dwarf.data"

# C++ built -O2 -g: a template inlined into its caller is a frame of its
# own, named from the debug information.
if command -v g++ >/dev/null 2>&1 &&
    g++ -O2 -g -o "$TMP/inl" -x c++ - <<'EOS'
#include <cstdlib>
#include <ctime>
namespace ns {
template <typename T> __attribute__((always_inline)) inline T
mix(T v, unsigned long i)
{
	return v + (T)(i ^ ((unsigned long)v >> 3));
}
template <typename T> __attribute__((noinline)) T
spin(T v, unsigned long n)
{
	for (unsigned long i = 0; i < n; i++)
		v = mix(v, i);
	return v;
}
}
static double now()
{
	timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}
int main(int argc, char **argv)
{
	double end = now() + (argc > 1 ? atof(argv[1]) : 1);
	volatile long s = 0;
	while (now() < end)
		s += ns::spin<long>(s, 1000000);
	return 0;
}
EOS
then
	perf record -q --call-graph dwarf -o "$TMP/inl.data" -- "$TMP/inl" 0.3 \
		>/dev/null 2>&1 || fail "perf record of the C++ workload failed"
	every "inlined" "$TMP/inl.data"
	grep -q "ns::spin<long>;ns::mix<long> " "$TMP/got" ||
		fail "inlined: ns::mix<long> is not a frame inlined in ns::spin"
	native "inlined" "$TMP/inl.data"
else
	echo "skipped inlined frames: no g++"
fi
finish
