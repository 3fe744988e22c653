#!/bin/sh
# bench/json.sh: load times of JSON inputs shaped to be slow (issue 21):
# deep nesting, many threads or profiles, and deep V8 call trees.
#
#	sh bench/json.sh [FLAMETUI]	(default src/flametui)
#
# Generates, with awk, into BENCH_OUT (bench/out) and once per N:
#   trace-be       N nested B/E events on one thread, each with self time
#   trace-x        N nested X events on one thread, each with self time
#   trace-threads  2N X events, each on its own pid/tid
#   trace-chunks   2N ProfileChunk events, each its own profile id
#   trace-chain    one ProfileChunk, a chain of N nodes, N samples that
#                  alternate between the leaf and the top frame
#   cpu-leaf       a cpuprofile chain of N nodes, N samples on the leaf
#   cpu-alt        the same chain, samples alternating leaf and top frame
#   cpu-hits       the same chain without samples, a hitCount on each node
# and times flametui --top on each (its output is as long as the number of
# functions, so the figure is the load's): CPU seconds of one run, from
# bench/measure, which make bench builds; CPU time rather than wall time,
# so that a busy machine does not inflate it. A run is stopped after
# BENCH_TIMEOUT CPU seconds (120). N is BENCH_JSON_N (100000).
set -eu
bin=${1:-src/flametui}
out=${BENCH_OUT:-bench/out}
n=${BENCH_JSON_N:-100000}
limit=${BENCH_TIMEOUT:-120}
measure=${BENCH_MEASURE:-bench/measure}
mkdir -p "$out"

# gen KIND: write $out/json-KIND-$n.json unless it is there already.
gen() {
	f=$out/json-$1-$n.json
	[ -s "$f" ] && { echo "$f"; return; }
	awk -v kind="$1" -v n="$n" '
	function node(id, kid, hits) {
		printf "%s{\"id\":%d,\"callFrame\":{\"functionName\":\"f%d\",\"url\":\"a.js\",\"lineNumber\":%d}", (id > 1 ? "," : ""), id, id, id
		if (hits) printf ",\"hitCount\":1"
		if (kid) printf ",\"children\":[%d]", kid
		printf "}\n"
	}
	function chain(hits) {
		for (i = 1; i <= n; i++)
			node(i, i < n ? i + 1 : 0, hits)
	}
	function alternate() {
		for (i = 0; i < n; i++)
			printf "%s%d", (i ? "," : ""), i % 2 ? 2 : n
	}
	BEGIN {
		if (kind == "trace-be" || kind == "trace-x") {
			print "{\"traceEvents\":["
			for (i = 0; i < n; i++)
				if (kind == "trace-x")
					printf "%s{\"ph\":\"X\",\"name\":\"f%d\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":%d}\n", (i ? "," : ""), i, i, 2 * (n - i)
				else
					printf "%s{\"ph\":\"B\",\"name\":\"f%d\",\"pid\":1,\"tid\":1,\"ts\":%d}\n", (i ? "," : ""), i, i
			if (kind == "trace-be")
				for (i = n - 1; i >= 0; i--)
					printf ",{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":%d}\n", 2 * n - i
			print "]}"
		} else if (kind == "trace-threads") {
			print "["
			for (i = 0; i < 2 * n; i++)
				printf "%s{\"ph\":\"X\",\"name\":\"t\",\"pid\":%d,\"tid\":%d,\"ts\":1,\"dur\":1}\n", (i ? "," : ""), i % 7, i
			print "]"
		} else if (kind == "trace-chunks") {
			print "["
			for (i = 0; i < 2 * n; i++)
				printf "%s{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"pid\":1,\"id\":\"0x%x\",\"ts\":1,\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"f\"}}],\"samples\":[1]},\"timeDeltas\":[1]}}}\n", (i ? "," : ""), i
			print "]"
		} else if (kind == "trace-chain") {
			print "[{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"pid\":1,\"id\":\"0x1\",\"ts\":1,\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":["
			chain(0)
			printf "],\"samples\":["
			alternate()
			printf "]}}}}]\n"
		} else {
			print "{\"nodes\":["
			chain(kind == "cpu-hits")
			printf "]"
			if (kind != "cpu-hits") {
				printf ",\"samples\":["
				for (i = 0; i < n; i++)
					if (kind == "cpu-leaf")
						printf "%s%d", (i ? "," : ""), n
				if (kind == "cpu-alt")
					alternate()
				printf "]"
			}
			print "}"
		}
	}' >"$f.tmp" && mv "$f.tmp" "$f"
	echo "$f"
}

# run FILE: print the CPU seconds (user + system) of flametui --top FILE,
# or "> LIMIT s" when it ran out of them.
run() {
	line=$( (ulimit -t "$limit"; exec "$measure" /dev/null "$bin" --top "$1") \
	    2>&1 | tail -n 1)
	set -- $line
	case $5 in
	0) echo "$2 $3" | awk '{ printf "%.2f s\n", $1 + $2 }' ;;
	137|152) echo "> $limit s (stopped)" ;;
	*) echo "failed: $line" ;;
	esac
}

[ -x "$measure" ] || { echo "bench: $measure is not built (make bench/measure)" >&2; exit 1; }
echo "N = $n; CPU time (user + system) of flametui --top, one run"
for k in trace-be trace-x trace-threads trace-chunks trace-chain cpu-leaf \
    cpu-alt cpu-hits; do
	f=$(gen "$k")
	printf '%-14s %6s KB  %s\n' "$k" "$(($(wc -c <"$f") / 1024))" "$(run "$f")"
done
