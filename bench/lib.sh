# bench/lib.sh: what the benchmark scripts share. Source it after setting
# runs, out and measure.

# best CMD...: run CMD (stdout to $out/last.out) $runs times; print
# "SECONDS PEAK_KB EXIT CPU_SECONDS" of the fastest run.
best() {
	bestline=
	i=0
	while [ "$i" -lt "$runs" ]; do
		line=$("$measure" "$out/last.out" "$@" 2>&1 >/dev/null | tail -n 1)
		if [ -z "$bestline" ] || awk -v a="$line" -v b="$bestline" \
		    'BEGIN { split(a, x, " "); split(b, y, " "); exit !(x[1] < y[1]) }'; then
			bestline=$line
		fi
		i=$((i + 1))
	done
	echo "$bestline" | awk '{ print $1, $4, $5, $2 + $3 }'
}
