#!/bin/sh
# bench/run.sh: the load benchmark (`make bench`). See bench/README.
#
# Generates (once, deterministically) a `perf script` file and a folded file
# of BENCH_SIZE bytes each under bench/out/, then times, in the same run on
# the same files: wc -l, flametui --fold with every core, flametui --fold
# --threads=1, and stackcollapse-perf.pl when it is on PATH. Each timing is
# the best of BENCH_RUNS runs; peak RSS is that of the best run.
#
# Environment: BENCH_SIZE (200M; 1G for the full figure), BENCH_RUNS (3),
# FLAMETUI (the binary), BENCH_GEN and BENCH_MEASURE (the helpers),
# BENCH_OUT (the directory for generated files).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
size=${BENCH_SIZE:-200M}
runs=${BENCH_RUNS:-3}
out=${BENCH_OUT:-bench/out}
bin=${FLAMETUI:-src/flametui}
gen=${BENCH_GEN:-bench/gen}
measure=${BENCH_MEASURE:-bench/measure}
mkdir -p "$out"
for x in "$bin" "$gen" "$measure"; do
	[ -x "$x" ] || { echo "bench: $x is not built (make bench builds it)" >&2; exit 1; }
done

# make_input KIND: generate $out/KIND-$size.txt unless it is there already.
make_input() {
	f=$out/$1-$size.txt
	if [ ! -s "$f" ] || [ "$gen" -nt "$f" ]; then
		echo "generating $f" >&2
		"$gen" "$1" "$size" >"$f.tmp" && mv "$f.tmp" "$f"
	fi
	echo "$f"
}

. "$here/lib.sh"

# report LABEL BYTES "SECONDS PEAK_KB EXIT CPU_SECONDS" [WC_SECONDS]
report() {
	echo "$3" | awk -v label="$1" -v bytes="$2" -v wc="${4:-}" '{
		if ($3 != 0) {
			printf "%-34s failed (exit %d)\n", label, $3
			next
		}
		mbs = bytes / $1 / 1e6
		line = sprintf("%-34s %7.3f s (cpu %6.3f s) %8.1f MB/s", label,
		    $1, $4, mbs)
		if (wc != "")
			line = line sprintf("  1/%-5.1f of wc -l", $1 / wc)
		line = line sprintf("  peak RSS %6.1f MB (%4.1f%% of input)",
		    $2 / 1024, $2 * 1024 / bytes * 100)
		print line
	}'
}

perf=$(make_input perf)
folded=$(make_input folded)
echo "machine: $(nproc) cores, $(lscpu | sed -n 's/^Model name: *//p' | head -n 1)"
echo "inputs:  $perf, $folded ($size each); best of $runs runs; MB = 10^6 bytes"
for f in "$perf" "$folded"; do
	kind=$(basename "$f" | sed 's/-.*//')
	bytes=$(wc -c <"$f")
	cat "$f" >/dev/null	# into the page cache, as for every command
	wc=$(best wc -l "$f")
	wcs=${wc%% *}
	report "$kind: wc -l" "$bytes" "$wc"
	report "$kind: flametui --fold" "$bytes" \
	    "$(best "$bin" --fold "$f")" "$wcs"
	cp "$out/last.out" "$out/$kind.fold"
	if "$bin" --help | grep -q -- --threads; then
		report "$kind: flametui --fold --threads=1" "$bytes" \
		    "$(best "$bin" --fold --threads=1 "$f")" "$wcs"
		if ! cmp -s "$out/last.out" "$out/$kind.fold"; then
			echo "ERROR: --threads=1 output differs" >&2
			exit 1
		fi
	fi
	if [ "$kind" = perf ] && command -v stackcollapse-perf.pl >/dev/null; then
		saved=$runs
		runs=1
		report "perf: stackcollapse-perf.pl" "$bytes" \
		    "$(best stackcollapse-perf.pl "$f")" "$wcs"
		runs=$saved
	fi
done
