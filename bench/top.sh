#!/bin/sh
# bench/top.sh: what `flametui top` costs (`make bench`). Records (once) a
# system-wide stream of `perf record -o - -a -g -F 99` for BENCH_TOP_SECS
# seconds (30), then plays it into `flametui top -i -` at BENCH_TOP_SPEED
# (10) times real time, in a 240x60 tmux pane, with --interval at a tenth
# of a second (as many pictures per second of profile as at real time), and
# reports flametui's CPU time (user + system, every thread) per second of
# profile: the share of one core it would take at real time, against the
# target of 5%; then its children's (the copier of -i's pipe, and a perf
# script should the reader refuse the stream). Without perf or tmux, or where perf may not record the
# whole system, it says so and stops.
#
# Environment: FLAMETUI, BENCH_PACE, BENCH_OUT, BENCH_TOP_SECS (30),
# BENCH_TOP_SPEED (10), BENCH_TOP_STREAM (a stream to use instead).
set -eu
out=${BENCH_OUT:-bench/out}
bin=$(cd "$(dirname "${FLAMETUI:-src/flametui}")" && pwd)/$(basename "${FLAMETUI:-src/flametui}")
pace=$(cd "$(dirname "${BENCH_PACE:-bench/pace}")" && pwd)/pace
secs=${BENCH_TOP_SECS:-30}
speed=${BENCH_TOP_SPEED:-10}
stream=${BENCH_TOP_STREAM:-$out/top.stream}
mkdir -p "$out"
for tool in perf tmux; do
	if ! command -v $tool >/dev/null 2>&1; then
		echo "top: skipped, $tool is not installed"
		exit 0
	fi
done
if [ ! -s "$stream" ]; then
	echo "recording $stream: perf record -o - -a -g -F 99, $secs s" >&2
	if ! perf record -o - -a -g -F 99 -- sleep "$secs" >"$stream.tmp" \
	    2>"$out/top-record.log"; then
		echo "top: skipped, perf cannot record the whole system here:" \
		    "$(head -n 2 "$out/top-record.log")"
		rm -f "$stream.tmp"
		exit 0
	fi
	mv "$stream.tmp" "$stream"
fi
bytes=$(wc -c <"$stream")
samples=$(perf script -i - <"$stream" 2>/dev/null | grep -c '^[^[:space:]]')
rate=$(awk -v b="$bytes" -v s="$secs" -v x="$speed" 'BEGIN { print b / s * x }')
interval=$(awk -v x="$speed" 'BEGIN { print 1 / x }')
sock=flametui-bench-$$
trap 'tmux -L "$sock" kill-server 2>/dev/null || true' EXIT
cat >"$out/top-run.sh" <<EOS
"$pace" $rate <"$stream" | "$bin" top --interval=$interval -i - \
    2>"$out/top.err" &
echo \$! >"$out/top.pid"
wait
EOS
rm -f "$out/top.pid"
tmux -L "$sock" -f /dev/null new-session -d -x 240 -y 60 \
    "env TERM=xterm-256color LANG=C.UTF-8 sh $out/top-run.sh; sleep 600"
i=0
while [ ! -s "$out/top.pid" ] && [ $i -lt 200 ]; do sleep 0.05; i=$((i + 1)); done
pid=$(cat "$out/top.pid")
# The stream ends when perf script has read it all: flametui says so.
i=0
until tmux -L "$sock" capture-pane -p | grep -q "recording stopped"; do
	sleep 0.2
	i=$((i + 1))
	[ $i -lt 3000 ] || { echo "top: the stream did not end" >&2; exit 1; }
done
ticks=$(getconf CLK_TCK)
# utime + stime, then the same of the children waited for (perf script's).
cpu=$(awk -v t="$ticks" '{ sub(/.*\) /, ""); split($0, f, " ");
	printf "%.3f", (f[12] + f[13]) / t }' "/proc/$pid/stat")
kids=$(awk -v t="$ticks" '{ sub(/.*\) /, ""); split($0, f, " ");
	printf "%.3f", (f[14] + f[15]) / t }' "/proc/$pid/stat")
tmux -L "$sock" send-keys q
echo "top: $stream, $bytes bytes, $samples samples in $secs s (-a -g" \
    "-F 99 on $(nproc) cores), played at ${speed}x; load: $(uptime)"
awk -v c="$cpu" -v s="$secs" -v n="$samples" -v i="$interval" 'BEGIN {
	printf "  flametui top --interval=%g -i -: %.3f s of CPU for %d s of profile:" \
	    " %.2f%% of one core at real time (target 5%%), %.1f us a sample\n",
	    i, c, s, 100 * c / s, (n > 0 ? 1e6 * c / n : 0) }'
awk -v c="$kids" -v s="$secs" 'BEGIN { if (c > 0)
	printf "  and its children (the copier of -i -, perf script if any):" \
	    " %.3f s of CPU: %.2f%% of one core\n", c, 100 * c / s }'
