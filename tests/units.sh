#!/bin/sh
# What a count is: samples, unless the input says otherwise (pprof's sample
# unit, a Chrome trace's durations in microseconds) or --countname does. The
# unit shows in the SVG's titles and in the viewer's title and status lines,
# a time in its largest unit (124.6 s), other counts with thousands
# separators; counts weighed by a period also give the samples behind them.
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
expect_eq "pprof cpu: nanoseconds, as a time" \
	"all (800.0 ms, 100%)" \
	"$(root_title "$TMP/cpu.svg")"
expect_match "pprof cpu: the unit for the script" 'data-unit="nanoseconds"' \
	"$(cat "$TMP/cpu.svg")"
expect_eq "pprof cpu: every frame a time" "" \
	"$(titles "$TMP/cpu.svg" | grep -Ev ' \([0-9,]+(\.[0-9])? (ns|us|ms|s), [0-9.]+%\)$')"
"$FLAMETUI" --sample-type=samples --svg="$TMP/cnt.svg" "$P/cpu.pb.gz"
expect_eq "pprof samples/count: samples" \
	"all (80 samples, 100%)" "$(root_title "$TMP/cnt.svg")"
"$FLAMETUI" --sample-type=inuse_space --svg="$TMP/heap.svg" "$P/heap.pb.gz"
expect_match "pprof heap: bytes" '^all \([0-9,]+ bytes, 100%\)$' \
	"$(root_title "$TMP/heap.svg")"
"$FLAMETUI" --svg="$TMP/trace.svg" "$C/node-trace.json"
expect_eq "chrome-trace durations: microseconds" \
	"all (26.8 ms, 100%)" \
	"$(root_title "$TMP/trace.svg")"
"$FLAMETUI" --svg="$TMP/prof.svg" "$C/node.cpuprofile"
expect_eq "cpuprofile: samples" "all (343 samples, 100%)" \
	"$(root_title "$TMP/prof.svg")"
"$FLAMETUI" --svg="$TMP/sched.svg" "$top_srcdir/tests/fmt/perf-sched/memsqld.txt"
expect_eq "perf-sched off-CPU time: microseconds" \
	"all (202.7 ms, 100%)" "$(root_title "$TMP/sched.svg")"
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
	"all (6,000 cycles, 3 samples, 100%)" "$(root_title "$TMP/ev.svg")"
"$FLAMETUI" --svg="$TMP/names.svg" "$F/names.txt"
expect_eq "perf without periods: samples" \
	"all (2 samples, 100%)" "$(root_title "$TMP/names.svg")"
"$FLAMETUI" --svg="$TMP/clock.svg" "$top_srcdir/examples/workload.perf.gz"
expect_eq "perf cpu-clock: nanoseconds" \
	"all (2.3 s, 2,270 samples, 100%)" \
	"$(root_title "$TMP/clock.svg")"
expect_eq "perf cpu-clock: every frame a time and its samples" "" \
	"$(titles "$TMP/clock.svg" | grep -Ev ' \([0-9,]+(\.[0-9])? (ns|us|ms|s), [0-9,]+ samples, [0-9.]+%\)$')"
expect_match "perf cpu-clock: the samples for the script" \
	'data-unit="nanoseconds" data-other="samples"' "$(cat "$TMP/clock.svg")"
# --samples counts the samples, and the weights follow.
"$FLAMETUI" --samples --svg="$TMP/samples.svg" \
    "$top_srcdir/examples/workload.perf.gz"
expect_eq "--samples: samples first" "all (2,270 samples, 2.3 s, 100%)" \
	"$(root_title "$TMP/samples.svg")"
expect_eq "--samples --fold: the samples" 2270 "$("$FLAMETUI" --samples \
    --fold "$top_srcdir/examples/workload.perf.gz" | awk '{ n += $NF }
    END { print n }')"
expect_eq "--samples --fold: the same with threads" \
	"$("$FLAMETUI" --samples --threads=1 --fold \
	    "$top_srcdir/examples/workload.perf.gz")" \
	"$("$FLAMETUI" --samples --threads=3 --fold \
	    "$top_srcdir/examples/workload.perf.gz")"
expect_match "--samples: a warning when the counts are samples" \
	"--samples: the counts are samples" \
	"$("$FLAMETUI" --samples --fold "$TMP/in.folded" 2>&1 >/dev/null)"
GEN=$(dirname "$FLAMETUI")/../bench/gen
if [ -x "$GEN" ]; then
	"$GEN" perf 3M >"$TMP/gen.perf"
	for th in 1 2; do
		"$FLAMETUI" --threads=$th --svg="$TMP/gen.svg" "$TMP/gen.perf" \
		    2>/dev/null
		expect_match "perf, $th thread(s): cycles" \
			'^all \([0-9,]+ cycles, [0-9,]+ samples, 100%\)$' \
			"$(root_title "$TMP/gen.svg")"
	done
	"$FLAMETUI" --threads=2 --event-filter=instructions:P \
	    --svg="$TMP/gen.svg" "$TMP/gen.perf" 2>/dev/null
	expect_match "perf --event-filter: instructions" \
		'^all \([0-9,]+ instructions, [0-9,]+ samples, 100%\)$' \
		"$(root_title "$TMP/gen.svg")"
fi

# Inputs in different units add up to counts; the same unit stays.
"$FLAMETUI" --svg="$TMP/mix.svg" "$P/cpu.pb.gz" "$TMP/in.folded"
expect_eq "nanoseconds and samples: counts" \
	"all (800,000,005 counts, 100%)" \
	"$(root_title "$TMP/mix.svg")"
"$FLAMETUI" --svg="$TMP/two.svg" "$P/cpu.pb.gz" "$P/cpu.pb.gz"
expect_eq "nanoseconds twice: nanoseconds" \
	"all (1.6 s, 100%)" \
	"$(root_title "$TMP/two.svg")"

# --diff: the inputs' unit, or counts when they differ.
"$FLAMETUI" --diff --svg="$TMP/diff.svg" "$P/cpu.pb.gz" "$P/cpu.pb.gz" \
    2>/dev/null
expect_eq "--diff of nanoseconds: nanoseconds" \
	"all (800.0 ms, 100%)" "$(root_title "$TMP/diff.svg")"
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
wait_for 'cpu\.pb\.gz \| 800\.0 ms \| pprof'
expect_eq "status line in a time" \
	"all | 800.0 ms | 100.00% of total | 100.00% of zoom" \
	"$(line 29)"
keys t
wait_line 29 "8 functions | sorted by total time"
expect_eq "top table: times" \
	"      570.0 ms  71.25%       600.0 ms  75.00%  main.hot" \
	"$(line 7)"
keys q
start 120 30 --countname=ns "$P/cpu.pb.gz"
wait_for 'cpu\.pb\.gz \| 800,000,000 ns \| pprof'
expect_match "--countname in the status line" '^all \| 800,000,000 ns \| ' \
	"$(line 29)"
keys q
cp "$P/cpu.pb.gz" "$TMP/a.pb.gz"
start 120 30 --diff "$TMP/a.pb.gz" "$TMP/a.pb.gz"
wait_for 'a\.pb\.gz \| 800\.0 ms \| pprof'
keys q

# perf's cpu-clock: times, and the samples behind them, as perf report.
start 120 30 "$top_srcdir/examples/workload.perf.gz"
wait_for 'workload\.perf\.gz \| 2\.3 s, 2,270 samples of cpu-clock \| perf'
expect_eq "cpu-clock status line" \
	"all | 2.3 s, 2,270 samples | 100.00% of total | 100.00% of zoom" \
	"$(line 29)"
keys t
wait_line 29 "34 functions | sorted by total time"
expect_eq "cpu-clock top table: no samples over times" \
	"          self   self%        [total]  total%  function" "$(line 2)"
# e counts the samples instead, and back; u undoes it.
keys e
wait_for 'workload\.perf\.gz \| 2,270 samples, 2\.3 s of cpu-clock \| perf'
wait_line 29 "34 functions | sorted by total samples"
expect_match "e: the table in samples" \
	'^ +0 +0\.00% +2,270 100\.00%  __libc_start_call_main$' "$(line 3)"
keys t
wait_line 29 "all | 2,270 samples, 2.3 s | 100.00% of total | 100.00% of zoom"
keys u
# (the table's own line: a long path cuts the title short of its mode)
wait_line 29 "34 functions | sorted by total samples"
keys u
wait_for 'workload\.perf\.gz \| 2\.3 s, 2,270 samples of cpu-clock \| perf'
keys q
start 120 30 --samples "$top_srcdir/examples/workload.perf.gz"
wait_for 'workload\.perf\.gz \| 2,270 samples, 2\.3 s of cpu-clock \| perf'
keys e
wait_for 'workload\.perf\.gz \| 2\.3 s, 2,270 samples of cpu-clock \| perf'
keys q
# e on counts that are samples says why it does nothing.
start 120 30 "$TMP/in.folded"
wait_for 'in\.folded \| 5 samples \| folded'
keys e
wait_for '^e is for samples weighed by their period'
keys q

# --diff of two perf recordings: the same unit as one file, everywhere, and
# every count with separators.
zcat "$top_srcdir/examples/workload.perf.gz" >"$TMP/w1.perf"
cp "$TMP/w1.perf" "$TMP/w2.perf"
"$FLAMETUI" --diff --svg="$TMP/pd.svg" "$TMP/w1.perf" "$TMP/w2.perf"
expect_eq "--diff of perf: a time" "all (2.3 s, 100%)" \
	"$(root_title "$TMP/pd.svg")"
expect_match "--diff of perf: data-unit" 'data-unit="nanoseconds"' \
	"$(cat "$TMP/pd.svg")"
start 160 30 --diff "$TMP/w1.perf" "$TMP/w2.perf"
wait_for 'w2\.perf \| 2\.3 s \| perf'
expect_eq "--diff of perf: status line" \
	"all | before 2.3 s | after 2.3 s | delta +0 ns (+0.0%) | 100.00% of total | widths: after | 100.00% of zoom" \
	"$(line 29)"
keys q
printf 'main;a 3237237234 3237237000\nmain;b 1000 2000\n' >"$TMP/big.diff"
start 160 30 "$TMP/big.diff"
wait_for 'big\.diff \| 3,237,239,000 samples \| folded'
keys k
wait_for '^main \| before 3,237,238,234 \| after 3,237,239,000 \| delta \+766 '
keys q
start 120 30 "$TMP/in.folded"
wait_for 'in\.folded \| 5 samples \| folded'
keys q

finish
