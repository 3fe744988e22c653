#!/bin/sh
# bench/perf-data.sh: perf.data read natively against perf script (`make
# bench`). Records (once) a system-wide perf.data with kernel and user
# stacks, -a -g for BENCH_PERF_SECS seconds (20) while flametui folds the
# benchmark's perf script file, then reports in one run, best of
# BENCH_RUNS: perf script -i F > /dev/null; perf script -i F | flametui
# --fold; flametui --fold F; and the first frame of the viewer on F
# (bench/tui-keys). Without perf, or where perf may not record the whole
# system, it says so and stops.
#
# Environment: FLAMETUI, BENCH_MEASURE, BENCH_OUT, BENCH_RUNS (3),
# BENCH_PERF_SECS (20), BENCH_PERF_DATA (a perf.data to use instead).
set -eu
runs=${BENCH_RUNS:-3}
out=${BENCH_OUT:-bench/out}
bin=${FLAMETUI:-src/flametui}
measure=${BENCH_MEASURE:-bench/measure}
secs=${BENCH_PERF_SECS:-20}
data=${BENCH_PERF_DATA:-$out/system.perf.data}
mkdir -p "$out"
if ! command -v perf >/dev/null 2>&1; then
	echo "perf.data: skipped, perf is not installed (linux-perf)"
	exit 0
fi
if [ ! -s "$data" ]; then
	load=$(ls "$out"/perf-*.txt 2>/dev/null | head -n 1)
	echo "recording $data: perf record -a -g, $secs s" >&2
	if ! perf record -q -a -g -o "$data.tmp" -- sh -c "
	    end=\$((\$(date +%s) + $secs))
	    while [ \$(date +%s) -lt \$end ]; do
		if [ -n '$load' ]; then '$bin' --fold '$load' >/dev/null
		else '$bin' --help >/dev/null; fi
	    done" >/dev/null 2>"$out/perf-record.log"; then
		echo "perf.data: skipped, perf cannot record the whole system" \
		    "here: $(head -n 2 "$out/perf-record.log")"
		rm -f "$data.tmp"
		exit 0
	fi
	mv "$data.tmp" "$data"
fi

. "$(cd "$(dirname "$0")" && pwd)/lib.sh"

bytes=$(wc -c <"$data")
cat "$data" >/dev/null
echo "perf.data: $data, $bytes bytes, $(perf script -i "$data" 2>/dev/null |
    grep -c '^[^[:space:]]') samples; best of $runs; load: $(uptime)"
script=$(best perf script -i "$data")
pipe=$(best sh -c 'perf script -i "$1" 2>/dev/null | "$2" --fold' sh "$data" "$bin")
cp "$out/last.out" "$out/perf-data.want"
native=$(best "$bin" --fold "$data")
if ! cmp -s "$out/last.out" "$out/perf-data.want"; then
	echo "WARNING: flametui --fold F differs from perf script | flametui" \
	    "--fold in $(diff "$out/last.out" "$out/perf-data.want" |
	    grep -c '^<') of $(wc -l <"$out/perf-data.want") lines" >&2
fi
s0=${script%% *}
for x in "perf script -i F >/dev/null@$script" \
    "perf script -i F | flametui --fold@$pipe" \
    "flametui --fold F@$native"; do
	echo "${x#*@}" | awk -v label="${x%%@*}" -v bytes="$bytes" -v s0="$s0" '{
		if ($3 != 0) { printf "%-36s failed (exit %d)\n", label, $3; next }
		printf "%-36s %7.3f s (cpu %6.3f s)  %5.1fx perf script" \
		    "  peak RSS %6.1f MB (%5.1f%% of the file)\n", label, $1, $4,
		    s0 / $1, $2 / 1024, $2 * 1024 / bytes * 100
	}'
done
if [ -x bench/tui-keys ]; then
	bench/tui-keys 240 60 "$data" 2>&1 | grep -m 1 "first frame" |
	    sed 's/^/flametui F, viewer: /'
fi
