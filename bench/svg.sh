#!/bin/sh
# bench/svg.sh: time and size of the SVG export of a profile of more than a
# million nodes.
#
#   sh bench/svg.sh [FLAMETUI]      (make bench runs it)
#
# The input is generated, deterministically: 1,000,000 folded stacks of
# seven frames whose prefixes fan out by ten at each level, so the merged
# tree has 1,111,112 nodes. Reported: the time of --fold (reading and
# merging, and writing the folded lines) for comparison, the time of --svg
# at the default --minwidth (0.1 pixels) and with --minwidth=0 (every
# frame), each with the size of the file and its number of frames.
set -eu
FLAMETUI=${1:-${FLAMETUI:-src/flametui}}
DIR=$(mktemp -d "${TMPDIR:-/tmp}/flametui-bench.XXXXXX")
trap 'rm -rf "$DIR"' EXIT

awk 'BEGIN {
	for (i = 0; i < 1000000; i++)
		printf "main;mod%d;fn%d;call%d;step%d;work%d;leaf%d %d\n", \
		    i % 10, i % 100, i % 1000, i % 10000, i % 100000, i, \
		    (i * 7919) % 97 + 1
}' >"$DIR/in.folded"

# now: seconds since the epoch, with nanoseconds.
now() {
	date +%s.%N
}

# run WHAT COMMAND...: time a command; print wall and CPU seconds (CPU
# time says more when the machine is busy with other work).
run() {
	what=$1
	shift
	t0=$(now)
	if [ -x /usr/bin/time ]; then
		/usr/bin/time -o "$DIR/time" -f '%U %S' "$@"
	else
		"$@"
		echo '? ?' >"$DIR/time"
	fi
	t1=$(now)
	awk -v what="$what" -v t0="$t0" -v t1="$t1" '{
		printf "%-34s %6.2f s wall, %6.2f s CPU\n", what, t1 - t0,
		    $1 + $2 }' "$DIR/time"
}

# frames FILE: the number of frames in an SVG, a line each in framedata.
frames() {
	sed -n '/<metadata id="framedata">/,/<\/metadata>/p' "$1" |
	    sed 's/<[^>]*>//g' | grep -c .
}

bytes=$(wc -c <"$DIR/in.folded")
printf 'input: %s bytes of folded stacks, 1,000,000 stacks, 1,111,112 nodes\n' \
    "$bytes"
run "load + --fold >/dev/null" sh -c 'exec "$0" --fold "$1" >/dev/null' \
    "$FLAMETUI" "$DIR/in.folded"
run "load + --svg (default --minwidth)" "$FLAMETUI" --svg="$DIR/a.svg" \
    "$DIR/in.folded"
printf '  %d bytes, %d frames\n' "$(wc -c <"$DIR/a.svg")" "$(frames "$DIR/a.svg")"
run "load + --svg --minwidth=0" "$FLAMETUI" --minwidth=0 --svg="$DIR/b.svg" \
    "$DIR/in.folded"
printf '  %d bytes, %d frames\n' "$(wc -c <"$DIR/b.svg")" "$(frames "$DIR/b.svg")"

perf=${BENCH_OUT:-bench/out}/perf-${BENCH_SIZE:-200M}.txt
if [ -s "$perf" ]; then
	printf '\nperf script input: %s, %s bytes\n' "$perf" "$(wc -c <"$perf")"
	cat "$perf" >/dev/null	# into the page cache
	run "load + --fold >/dev/null" sh -c 'exec "$0" --fold "$1" >/dev/null' \
	    "$FLAMETUI" "$perf"
	run "load + --svg (default --minwidth)" "$FLAMETUI" \
	    --svg="$DIR/perf.svg" "$perf"
	printf '  %d bytes, %d frames\n' "$(wc -c <"$DIR/perf.svg")" \
	    "$(frames "$DIR/perf.svg")"
fi
