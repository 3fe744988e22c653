#!/bin/sh
# perf.data: recognised by its magic and read with the same frames as
# `perf script | flametui`, on recordings this test makes.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/perf-lib.sh"

# perf missing: perf.data is still recognised, and the message names the
# Debian package.
mkdir "$TMP/empty"
printf 'PERFILE2\020\0\0\0\0\0\0\0' > "$TMP/tiny.data"
out=$(PATH="$TMP/empty" "$FLAMETUI" --fold "$TMP/tiny.data" 2>&1)
expect_eq "perf missing: exit status" 1 $?
expect_match "perf missing: names linux-perf" \
	"tiny.data: .*perf is not installed.*linux-perf" "$out"

# No child outlives flametui: a perf that never ends is killed with it.
cat > "$TMP/empty/perf" <<'EOS'
#!/bin/sh
echo $$ > "$PIDFILE"
exec sleep 300
EOS
chmod +x "$TMP/empty/perf"
PIDFILE=$TMP/perf.pid PATH="$TMP/empty:$PATH" "$FLAMETUI" --fold \
	"$TMP/tiny.data" >/dev/null 2>&1 &
fl=$!
i=0
while [ ! -s "$TMP/perf.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if [ -s "$TMP/perf.pid" ]; then
	kill -9 $fl
	wait $fl 2>/dev/null
	child=$(cat "$TMP/perf.pid")
	i=0
	while kill -0 "$child" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1; i=$((i + 1))
	done
	kill -0 "$child" 2>/dev/null && { fail "perf script outlived flametui"; kill "$child"; }
else
	fail "the fake perf script was never started"
	kill $fl 2>/dev/null
fi

perf_need_record
cc=${CC:-cc}
if ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/record-prog.c"; then
	echo "SKIP: cannot compile tests/record-prog.c with $cc"
	exit 77
fi

perf record -q -g -o "$TMP/fp.data" -- "$TMP/prog" 0.5 >/dev/null 2>&1 ||
	fail "perf record of the workload failed"
every "fp" "$TMP/fp.data"
grep -q "burn_hot" "$TMP/got" || fail "fp: burn_hot missing from the stacks"

# The native reader needs no perf.
native "fp" "$TMP/fp.data"

# Timestamps: the samples of a time range are the same.
for range in 0.1-0.3 0.25-10; do
	perf script -i "$TMP/fp.data" 2>/dev/null | "$FLAMETUI" --fold \
		--time-range=$range > "$TMP/want" 2>/dev/null
	"$FLAMETUI" --fold --time-range=$range "$TMP/fp.data" > "$TMP/got" \
		2>/dev/null
	[ -s "$TMP/want" ] || fail "--time-range=$range: no stacks"
	expect_file "--time-range=$range" "$TMP/want" "$TMP/got"
done

# The whole system, with kernel stacks, while the workload runs.
if perf record -q -a -g -o "$TMP/sys.data" -- "$TMP/prog" 0.5 \
    >/dev/null 2>&1; then
	every "-a -g" "$TMP/sys.data"
else
	echo "skipped -a -g: perf cannot record the whole system here"
fi

# Two events in one file.
perf record -q -g -e cpu-clock -e task-clock -o "$TMP/two.data" -- \
	"$TMP/prog" 0.3 >/dev/null 2>&1 || fail "perf record of two events failed"
every "two events" "$TMP/two.data"

# A process that forks and execs: comms and maps follow each process.
perf record -q -g -o "$TMP/fork.data" -- sh -c \
	"'$TMP/prog' 0.2 & '$TMP/prog' 0.2; wait; exec '$TMP/prog' 0.1" \
	>/dev/null 2>&1 || fail "perf record of fork and exec failed"
every "fork and exec" "$TMP/fork.data"

# C++: templates, an anonymous namespace, demangled as perf shows them.
if command -v g++ >/dev/null 2>&1 &&
    g++ -O2 -fno-omit-frame-pointer -o "$TMP/cxx" -x c++ - <<'EOS'
#include <cstdlib>
#include <ctime>
namespace ns {
template <typename T> struct Box {
	T v;
	__attribute__((noinline)) T spin(unsigned long n)
	{
		for (unsigned long i = 0; i < n; i++)
			v += (T)(i ^ ((unsigned long)v >> 3));
		return v;
	}
};
namespace {
__attribute__((noinline)) long anon(long n) { Box<long> b{1}; return b.spin(n); }
}
template <typename F> __attribute__((noinline)) long twice(F f) { return f() + f(); }
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
	ns::Box<double> d{1.0};
	while (now() < end) {
		s += ns::twice([] { return ns::anon(1000000); });
		s += (long)d.spin(1000000);
	}
	return (int)s & 1;
}
EOS
then
	perf record -q -g -o "$TMP/cxx.data" -- "$TMP/cxx" 0.3 >/dev/null 2>&1 ||
		fail "perf record of the C++ workload failed"
	every "C++" "$TMP/cxx.data"
	grep -q "ns::Box<double>::spin" "$TMP/got" ||
		fail "C++: ns::Box<double>::spin is not demangled"
else
	echo "skipped C++: no g++"
fi

# flametui record reads its perf.data natively: no perf script runs.
"$FLAMETUI" record -o "$TMP/rec.folded" -- "$TMP/prog" 0.3 \
	>/dev/null 2>"$TMP/rec.err"
expect_eq "record: exit status" 0 $?
grep -q "burn_hot" "$TMP/rec.folded" || fail "record: burn_hot missing"
grep -q "perf script" "$TMP/rec.err" &&
	fail "record: ran perf script: $(cat "$TMP/rec.err")"

# A recording without build-ids: each file's own is read from it.
perf record -q -g --no-buildid -o "$TMP/nobid.data" -- "$TMP/prog" 0.3 \
	>/dev/null 2>&1 || fail "perf record --no-buildid failed"
every "--no-buildid" "$TMP/nobid.data"

# A program changed or removed since its recording, with no copy in the
# build-id cache: its frames are [unknown], as perf script leaves them,
# and a note says how many samples that touched and why.
id=$(printf '%08x%08x' $$ "$(date +%s)")
if $cc -O0 -fno-omit-frame-pointer -Wl,--build-id=0x${id}01 \
    -o "$TMP/gone" "$top_srcdir/tests/record-prog.c" 2>/dev/null; then
	perf record -q -g -N -o "$TMP/gone.data" -- "$TMP/gone" 0.3 \
		>/dev/null 2>&1 || fail "perf record -N failed"
	$cc -O0 -fno-omit-frame-pointer -Wl,--build-id=0x${id}02 \
		-o "$TMP/gone" "$top_srcdir/tests/record-prog.c"
	for what in changed gone; do
		[ $what = gone ] && rm "$TMP/gone"
		perf script -i "$TMP/gone.data" 2>/dev/null |
			"$FLAMETUI" --fold > "$TMP/want" 2>/dev/null
		"$FLAMETUI" --fold "$TMP/gone.data" > "$TMP/got" 2>"$TMP/err"
		expect_file "program $what: same stacks as perf script" \
			"$TMP/want" "$TMP/got"
		grep -q "burn_hot" "$TMP/got" &&
			fail "program $what: its functions still named"
		n=$(grep -c "^gone;" "$TMP/got")
		[ "$n" -gt 0 ] || fail "program $what: no stacks of it"
		case $what in
		changed) why="changed since the recording: another build-id" ;;
		gone) why="no longer there" ;;
		esac
		expect_match "program $what: note" "[1-9][0-9]* samples have \
frames in 1 file with no copy in the build-id cache, left \\[unknown\\] as \
perf script leaves them: $TMP/gone \\($why\\)" "$(cat "$TMP/err")"
	done
fi

# A recording on a pipe (perf's pipe mode), in a file and on standard
# input, read natively: the events come in records before the samples.
perf record -q -g -o - -- "$TMP/prog" 0.3 > "$TMP/pipe.data" 2>/dev/null ||
	fail "perf record -o - failed"
perf script -i - < "$TMP/pipe.data" > "$TMP/pipe.script" 2>/dev/null
for opt in "" --pid --tid --kernel --addrs --all; do
	"$FLAMETUI" --fold $opt < "$TMP/pipe.script" > "$TMP/want" 2>/dev/null
	"$FLAMETUI" --fold $opt "$TMP/pipe.data" > "$TMP/got" 2>"$TMP/err"
	expect_eq "pipe mode, file $opt: exit status" 0 $?
	[ -s "$TMP/want" ] || fail "pipe mode $opt: perf script gave no stacks"
	expect_file "pipe mode, file $opt: same stacks as perf script" \
		"$TMP/want" "$TMP/got"
	cat "$TMP/pipe.data" | "$FLAMETUI" --fold $opt > "$TMP/got" 2>/dev/null
	expect_file "pipe mode on a pipe $opt: same stacks as perf script" \
		"$TMP/want" "$TMP/got"
done
# The vdso of a pipe's recording has no build-id: perf script names its
# functions from its own process's vdso, the same kernel's, and so must
# flametui.
perf record -q -g -o - -- "$TMP/prog" 0.3 clock > "$TMP/vdso.data" \
	2>/dev/null || fail "perf record -o - of the clock loop failed"
perf script -i - < "$TMP/vdso.data" 2>/dev/null | "$FLAMETUI" --fold \
	> "$TMP/want" 2>/dev/null
grep -q "vdso_clock_gettime" "$TMP/want" ||
	fail "vdso: perf script names no vdso function: $(head -3 "$TMP/want")"
"$FLAMETUI" --fold "$TMP/vdso.data" > "$TMP/got" 2>"$TMP/err"
expect_file "vdso in pipe mode: same stacks as perf script" \
	"$TMP/want" "$TMP/got"
PATH="$TMP/empty" "$FLAMETUI" --fold < "$TMP/pipe.data" > "$TMP/got" \
	2>"$TMP/err"
expect_eq "pipe mode without perf installed: exit status" 0 $?
"$FLAMETUI" --fold < "$TMP/pipe.script" > "$TMP/want" 2>/dev/null
expect_file "pipe mode without perf installed" "$TMP/want" "$TMP/got"
grep -q "perf script" "$TMP/err" && fail "pipe mode: read with perf script"

# perf record writing to flametui as it records.
perf record -q -g -o - -- "$TMP/prog" 0.3 2>/dev/null |
	PATH="$TMP/empty" "$FLAMETUI" --fold > "$TMP/got" 2>"$TMP/err"
expect_eq "perf record -o - | flametui: exit status" 0 $?
grep -q "burn_hot" "$TMP/got" ||
	fail "perf record -o - | flametui: burn_hot missing: $(cat "$TMP/err")"

# Tracepoints among the events, the lines perf script prints for them read
# as its parser reads them: natively in a file; in pipe mode, where their
# names come in tracing data, through perf script.
if perf record -q -g -e sched:sched_process_exec -e cpu-clock -o - -- \
    sh -c "'$TMP/prog' 0.2; true" > "$TMP/tppipe.data" 2>/dev/null &&
    perf record -q -g -e sched:sched_process_exec -e cpu-clock \
    -o "$TMP/tpfile.data" -- sh -c "'$TMP/prog' 0.2; true" 2>/dev/null; then
	for ev in "" --event-filter=cpu-clock \
	    --event-filter=sched:sched_process_exec; do
		perf script -i - < "$TMP/tppipe.data" 2>/dev/null |
			"$FLAMETUI" --fold $ev > "$TMP/want" 2>/dev/null
		cat "$TMP/tppipe.data" | "$FLAMETUI" --fold $ev \
			> "$TMP/got" 2>"$TMP/err"
		expect_eq "pipe mode, tracepoints $ev: exit status" 0 $?
		[ -s "$TMP/want" ] || fail "pipe mode, tracepoints: no stacks"
		expect_file "pipe mode, tracepoints $ev: same stacks as perf \
script" "$TMP/want" "$TMP/got"
		perf script -i "$TMP/tpfile.data" 2>/dev/null |
			"$FLAMETUI" --fold $ev > "$TMP/want" 2>/dev/null
		PATH="$TMP/empty" "$FLAMETUI" --fold $ev "$TMP/tpfile.data" \
			> "$TMP/got" 2>"$TMP/err"
		expect_eq "file, tracepoints $ev: exit status" 0 $?
		expect_file "file, tracepoints $ev: same stacks as perf \
script" "$TMP/want" "$TMP/got"
	done
else
	echo "skipped tracepoints: perf cannot record them here"
fi

# A file the native reader leaves to perf script (compressed records), on
# a pipe: perf script cannot read a file from a pipe, so it gets a
# temporary copy.
if perf record -q -z -g -o "$TMP/z.data" -- "$TMP/prog" 0.2 2>/dev/null &&
    "$FLAMETUI" --fold "$TMP/z.data" 2>&1 >/dev/null |
    grep -q "compressed records are read by perf"; then
	perf script -i "$TMP/z.data" 2>/dev/null | "$FLAMETUI" --fold \
		> "$TMP/want" 2>/dev/null
	cat "$TMP/z.data" | "$FLAMETUI" --fold > "$TMP/got" 2>"$TMP/err"
	expect_eq "compressed file on a pipe: exit status" 0 $?
	[ -s "$TMP/want" ] || fail "compressed file on a pipe: no stacks"
	expect_file "compressed file on a pipe: same stacks as perf script" \
		"$TMP/want" "$TMP/got"
	grep -q "temporary copy" "$TMP/err" ||
		fail "compressed file on a pipe: no note: $(cat "$TMP/err")"
else
	echo "skipped compressed perf.data: perf cannot write it here"
fi
finish
