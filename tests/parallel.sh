#!/bin/sh
# Parallel loading: --fold output and messages are the same with one thread
# and with several, on the conformance inputs and on generated inputs large
# enough to be cut into several blocks (bad lines, CRLF, fractional and
# overflowing counts spread over them; gzip and stdin too).
. "$top_srcdir/tests/lib.sh"
GEN=$(dirname "$FLAMETUI")/../bench/gen
[ -x "$GEN" ] || { echo "SKIP: $GEN not built"; exit 77; }

# same WHAT ARGS...: --fold with 1, 2 and 3 threads must agree: stdout,
# stderr and exit status.
same() {
	what=$1
	shift
	"$FLAMETUI" --fold --threads=1 "$@" >"$TMP/one" 2>"$TMP/one.err"
	st=$?
	for t in 2 3; do
		"$FLAMETUI" --fold --threads=$t "$@" >"$TMP/par" 2>"$TMP/par.err"
		expect_eq "$what: exit status with $t threads" $st $?
		expect_file "$what: output with $t threads" "$TMP/one" "$TMP/par"
		expect_file "$what: messages with $t threads" "$TMP/one.err" \
		    "$TMP/par.err"
	done
}

# A folded input of about 3 MB (several 1 MB blocks), then spoiled: a bad
# line near the start and two far in, CRLF line ends, fractional counts
# (which change the profile's unit half way) and a count beyond 64 bits.
"$GEN" folded 3M >"$TMP/gen.folded"
lines=$(wc -l <"$TMP/gen.folded")
[ "$lines" -gt 3000 ] || fail "generated input too small ($lines lines)"
awk '
NR == 7 || NR == 2900 || NR == 3100 { print "not a stack" }
NR % 11 == 0 { sub(/ [0-9]+$/, " 0.25") }
NR % 13 == 0 { printf "%s\r\n", $0; next }
NR == 3000 { sub(/ [0-9]+$/, " 99999999999999999999") }
{ print }' "$TMP/gen.folded" >"$TMP/in.folded"
same "generated folded" "$TMP/in.folded"
expect_eq "generated folded: exit status" 0 $st
expect_match "first bad line named exactly" \
	"in.folded:7: not a folded stack .*3 lines ignored" "$(cat "$TMP/par.err")"
expect_match "overflowing count named exactly" \
	"in.folded:3002: warning: count does not fit" "$(cat "$TMP/par.err")"
expect_match "fractions kept" "\.25$" "$(cat "$TMP/par")"

gzip -c "$TMP/in.folded" >"$TMP/in.gz"
same "gzip" "$TMP/in.gz"
"$FLAMETUI" --fold --threads=2 - <"$TMP/in.folded" >"$TMP/stdin" 2>/dev/null
expect_file "stdin" "$TMP/one" "$TMP/stdin"

# A line longer than a block can grow to (16 MiB): the rest of the file is
# read in one piece, and the lines after it keep their numbers.
{ head -n 2000 "$TMP/gen.folded"; head -c 20000000 /dev/zero | tr '\0' x
  echo " 1"; echo "bad after the long line"; tail -n 100 "$TMP/gen.folded"; } \
	>"$TMP/long.folded"
same "long line" "$TMP/long.folded"
expect_match "line after the long line" "long.folded:2002: not a folded" \
	"$(cat "$TMP/par.err")"

# More distinct stacks than the stack cache tries (65536) before it turns
# itself off, then repeats of earlier ones: sums still right, checked
# against awk and sort.
awk 'BEGIN { for (i = 0; i < 70000; i++) printf "m;f%d;g%d %d\n", i % 97, i, 1 + i % 3
	for (i = 0; i < 300; i++) printf "m;f%d;g%d 5\n", i % 97, i }' \
	>"$TMP/wide.folded"
awk '{ n[$1] += $2 } END { for (k in n) print k, n[k] }' "$TMP/wide.folded" |
	LC_ALL=C sort >"$TMP/wide.expected"
same "70000 distinct stacks" "$TMP/wide.folded"
expect_file "70000 distinct stacks: sums" "$TMP/wide.expected" "$TMP/par"

# More distinct stacks than a worker's table tries (65536) before it turns
# itself off, with repeats before and after: the stacks a worker no longer
# keeps go to the profile as they are.
awk 'BEGIN { for (i = 0; i < 200000; i++) printf "m;f%d;g%d %d\n", i % 89, i, 1 + i % 5
	for (i = 0; i < 200000; i += 7) printf "m;f%d;g%d 2\n", i % 89, i }' \
	>"$TMP/wider.folded"
awk '{ n[$1] += $2 } END { for (k in n) print k, n[k] }' "$TMP/wider.folded" |
	LC_ALL=C sort >"$TMP/wider.expected"
same "200000 distinct stacks" "$TMP/wider.folded"
expect_file "200000 distinct stacks: sums" "$TMP/wider.expected" "$TMP/par"

# Paths that keep the input's order: a flame chart, and timestamps kept
# for --time-range.
same "generated folded, flame chart" --flamechart "$TMP/in.folded"

# perf script: the same, when the parser supports it.
"$GEN" perf 3M >"$TMP/gen.perf"
if "$FLAMETUI" --fold --threads=1 "$TMP/gen.perf" >/dev/null 2>&1; then
	same "generated perf" "$TMP/gen.perf"
	same "generated perf, --pid --all" --pid --all "$TMP/gen.perf"
	same "generated perf, flame chart" --flamechart "$TMP/gen.perf"
	same "generated perf, --time-range" --time-range=0.5-2 "$TMP/gen.perf"
	# Samples without a call chain in every block: one note, summed.
	awk 'BEGIN { RS = ""; ORS = "" }
	NR % 40 == 0 { split($0, l, "\n"); print l[1] "\n"; next }
	{ print $0 "\n\n" }' "$TMP/gen.perf" >"$TMP/nochain.perf"
	nochain=$(awk 'BEGIN { RS = "" } NR % 40 == 0 && /^[^\n]*cycles/ { n++ }
	    END { print n }' "$TMP/gen.perf")
	same "perf samples without a call chain" "$TMP/nochain.perf"
	expect_eq "one note on samples without a call chain" \
	    "$nochain samples without a call chain left out" \
	    "$(grep -o '[0-9]* samples without a call chain left out' \
	    "$TMP/par.err")"
fi

# Every conformance input, with each of its option sets.
if [ -d "$SHARED/conformance" ]; then
	for exp in "$SHARED"/conformance/*/expected/*.folded; do
		kind=$(basename "$(dirname "$(dirname "$exp")")")
		base=$(basename "$exp" .folded)
		name=${base%.*}
		opt=${base##*.}
		in=$(ls "$SHARED/conformance/$kind/input/$name".* | head -n 1)
		if [ "$opt" = default ]; then
			same "$kind/$name" "$in"
		else
			same "$kind/$name --$opt" "--$opt" "$in"
		fi
	done
fi
finish
