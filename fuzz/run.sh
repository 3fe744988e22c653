#!/bin/sh
# fuzz/run.sh [SECONDS]: run every libFuzzer target for SECONDS (default 60)
# each. Needs a build configured with --enable-fuzzing (clang). Each
# target's corpus is seeded from the test fixtures, the examples and, when
# present, ../shared/conformance. A crash stops the run: its input is saved
# under fuzz/crashes/ and the script exits 1; add it to tests/hostile-inputs/ as a
# regression case once fixed.
set -u
secs=${1:-60}
# FUZZ_SRCDIR: where the seeds come from (the source tree, default the one
# this script is in).
srcdir=${FUZZ_SRCDIR:-$(cd "$(dirname "$0")/.." && pwd)}
bin=${FUZZ_BIN:-fuzz/fuzz-format}
[ -x "$bin" ] || { echo "fuzz/run.sh: $bin not built (configure --enable-fuzzing)" >&2; exit 2; }
work=fuzz/work
mkdir -p "$work/bin" "$work/seed" fuzz/crashes
# One seed corpus for all targets: every fixture we have, small ones only
# (big seeds slow each run down to a hundred a second under the sanitizers).
find "$srcdir/tests" "$srcdir/examples" "$srcdir/../shared/conformance" \
	-type f -size -64k 2>/dev/null | while read -r f; do
	cp "$f" "$work/seed/$(echo "$f" | cksum | cut -d' ' -f1)" 2>/dev/null
done
total=0 crashed=0
for t in $("$bin"); do
	ln -f "$bin" "$work/bin/fuzz-$t"
	mkdir -p "$work/corpus-$t"
	start=$(date +%s)
	"$work/bin/fuzz-$t" -max_total_time="$secs" -timeout=10 \
		-rss_limit_mb=2048 -max_len=262144 -print_final_stats=1 \
		-artifact_prefix="fuzz/crashes/$t-" \
		"$work/corpus-$t" "$work/seed" >"$work/$t.log" 2>&1
	rc=$?
	end=$(date +%s)
	total=$((total + end - start))
	runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t.log" | grep -o '[0-9]*$')
	[ -n "$runs" ] || runs=$(grep -Eo '#[0-9]+' "$work/$t.log" | tail -1)
	if [ "$rc" -ne 0 ]; then
		crashed=$((crashed + 1))
		echo "fuzz-$t: CRASH (see $work/$t.log and fuzz/crashes/)"
		tail -30 "$work/$t.log"
	else
		echo "fuzz-$t: ok, $((end - start)) s, ${runs:-?} runs"
	fi
done
echo "fuzzing: ${total} s in all, $crashed target(s) crashed"
[ "$crashed" -eq 0 ]
