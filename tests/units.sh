#!/bin/sh
# What a count is: samples, unless the input says otherwise (pprof's sample
# unit, a Chrome trace's durations in microseconds) or --countname does. The
# unit shows in the SVG's titles and in the viewer's title and status lines.
. "$top_srcdir/tests/lib.sh"

# titles FILE: each frame's title in the SVG, as its script shows it.
titles() {
	perl "$top_srcdir/tests/svg-frames.pl" titles "$1" | cut -f 1
}

# root_title FILE: the SVG's title of the root frame.
root_title() {
	titles "$1" | head -n 1
}

P=$top_srcdir/tests/pprof
C=$top_srcdir/tests/chrome
"$FLAMETUI" --svg="$TMP/cpu.svg" "$P/cpu.pb.gz"
expect_eq "pprof cpu: nanoseconds" \
	"all (800,000,000 nanoseconds, 100%)" \
	"$(root_title "$TMP/cpu.svg")"
expect_match "pprof cpu: the unit for the script" 'data-unit="nanoseconds"' \
	"$(cat "$TMP/cpu.svg")"
expect_eq "pprof cpu: every frame in nanoseconds" "" \
	"$(titles "$TMP/cpu.svg" | grep -Ev ' \([0-9,]+ nanoseconds, [0-9.]+%\)$')"
"$FLAMETUI" --sample-type=samples --svg="$TMP/cnt.svg" "$P/cpu.pb.gz"
expect_eq "pprof samples/count: samples" \
	"all (80 samples, 100%)" "$(root_title "$TMP/cnt.svg")"
"$FLAMETUI" --sample-type=inuse_space --svg="$TMP/heap.svg" "$P/heap.pb.gz"
expect_match "pprof heap: bytes" '^all \([0-9,]+ bytes, 100%\)$' \
	"$(root_title "$TMP/heap.svg")"
"$FLAMETUI" --svg="$TMP/trace.svg" "$C/node-trace.json"
expect_eq "chrome-trace durations: microseconds" \
	"all (26,821 microseconds, 100%)" \
	"$(root_title "$TMP/trace.svg")"
"$FLAMETUI" --svg="$TMP/prof.svg" "$C/node.cpuprofile"
expect_eq "cpuprofile: samples" "all (343 samples, 100%)" \
	"$(root_title "$TMP/prof.svg")"
"$FLAMETUI" --svg="$TMP/sched.svg" "$top_srcdir/tests/fmt/perf-sched/memsqld.txt"
expect_eq "perf-sched off-CPU time: microseconds" \
	"all (202,728 microseconds, 100%)" "$(root_title "$TMP/sched.svg")"
printf 'main;a 3\nmain;b 2\n' >"$TMP/in.folded"
"$FLAMETUI" --svg="$TMP/folded.svg" "$TMP/in.folded"
expect_eq "folded: samples" "all (5 samples, 100%)" \
	"$(root_title "$TMP/folded.svg")"

# perf: counts weighed by the event's period are in the event's unit, with
# one thread or several (bench/gen's 3 MB input is cut into blocks); the
# software clocks count nanoseconds; without periods, samples.
F=$top_srcdir/tests/fmt/perf
"$FLAMETUI" --svg="$TMP/ev.svg" "$F/events.txt"
expect_eq "perf cycles:u periods: cycles" \
	"all (6,000 cycles, 100%)" "$(root_title "$TMP/ev.svg")"
"$FLAMETUI" --svg="$TMP/names.svg" "$F/names.txt"
expect_eq "perf without periods: samples" \
	"all (2 samples, 100%)" "$(root_title "$TMP/names.svg")"
"$FLAMETUI" --svg="$TMP/clock.svg" "$top_srcdir/examples/workload.perf.gz"
expect_eq "perf cpu-clock: nanoseconds" \
	"all (2,272,272,270 nanoseconds, 100%)" \
	"$(root_title "$TMP/clock.svg")"
GEN=$(dirname "$FLAMETUI")/../bench/gen
if [ -x "$GEN" ]; then
	"$GEN" perf 3M >"$TMP/gen.perf"
	for th in 1 2; do
		"$FLAMETUI" --threads=$th --svg="$TMP/gen.svg" "$TMP/gen.perf" \
		    2>/dev/null
		expect_match "perf, $th thread(s): cycles" \
			'^all \([0-9,]+ cycles, 100%\)$' \
			"$(root_title "$TMP/gen.svg")"
	done
	"$FLAMETUI" --threads=2 --event-filter=instructions:P \
	    --svg="$TMP/gen.svg" "$TMP/gen.perf" 2>/dev/null
	expect_match "perf --event-filter: instructions" \
		'^all \([0-9,]+ instructions, 100%\)$' \
		"$(root_title "$TMP/gen.svg")"
fi

# Inputs in different units add up to counts; the same unit stays.
"$FLAMETUI" --svg="$TMP/mix.svg" "$P/cpu.pb.gz" "$TMP/in.folded"
expect_eq "nanoseconds and samples: counts" \
	"all (800,000,005 counts, 100%)" \
	"$(root_title "$TMP/mix.svg")"
"$FLAMETUI" --svg="$TMP/two.svg" "$P/cpu.pb.gz" "$P/cpu.pb.gz"
expect_eq "nanoseconds twice: nanoseconds" \
	"all (1,600,000,000 nanoseconds, 100%)" \
	"$(root_title "$TMP/two.svg")"

# --diff: the inputs' unit, or counts when they differ.
"$FLAMETUI" --diff --svg="$TMP/diff.svg" "$P/cpu.pb.gz" "$P/cpu.pb.gz" \
    2>/dev/null
expect_eq "--diff of nanoseconds: nanoseconds" \
	"all (800,000,000 nanoseconds, 100%)" "$(root_title "$TMP/diff.svg")"
expect_match "--diff: the unit for the script" 'data-unit="nanoseconds"' \
	"$(cat "$TMP/diff.svg")"
"$FLAMETUI" --diff --svg="$TMP/diffmix.svg" "$P/cpu.pb.gz" "$TMP/in.folded" \
    2>/dev/null
expect_eq "--diff of nanoseconds and samples: counts" \
	"all (5 counts, 100%)" "$(root_title "$TMP/diffmix.svg")"

# --countname wins over the input's unit.
"$FLAMETUI" --countname=ns --svg="$TMP/ns.svg" "$P/cpu.pb.gz"
expect_eq "--countname wins" "all (800,000,000 ns, 100%)" \
	"$(root_title "$TMP/ns.svg")"

# The viewer: the title line and the status line name the unit.
. "$top_srcdir/tests/tui-lib.sh"
start 120 30 "$P/cpu.pb.gz"
wait_for 'cpu\.pb\.gz \| 800,000,000 nanoseconds \| pprof'
expect_eq "status line in nanoseconds" \
	"all | 800,000,000 nanoseconds | 100.00% of total | 100.00% of zoom" \
	"$(line 29)"
keys q
start 120 30 --countname=ns "$P/cpu.pb.gz"
wait_for 'cpu\.pb\.gz \| 800,000,000 ns \| pprof'
expect_match "--countname in the status line" '^all \| 800,000,000 ns \| ' \
	"$(line 29)"
keys q
cp "$P/cpu.pb.gz" "$TMP/a.pb.gz"
start 120 30 --diff "$TMP/a.pb.gz" "$TMP/a.pb.gz"
wait_for 'a\.pb\.gz \| 800,000,000 nanoseconds \| pprof'
keys q
start 120 30 "$TMP/in.folded"
wait_for 'in\.folded \| 5 samples \| folded'
keys q

finish
