#!/bin/sh
# The bundled real profile (examples/workload.perf.gz, see examples/README):
# --fold must show workload.c's phases with their call paths, in the order
# of their shares of the samples.
. "$top_srcdir/tests/lib.sh"
ex=$top_srcdir/examples/workload.perf.gz

"$FLAMETUI" --fold "$ex" >"$TMP/out" 2>"$TMP/err"
expect_eq "exit status" 0 $?
expect_eq "no warnings" "" "$(cat "$TMP/err")"

# All 2270 samples, each weighted by its period of 1001001 ns.
total=$(awk '{ s += $NF } END { printf "%.0f", s }' "$TMP/out")
expect_eq "total weight" 2272272270 "$total"

# Every stack is workload's, under main.
expect_eq "all under main" 0 \
    "$(grep -cv '^workload;__libc_start_call_main;main;' "$TMP/out")"

# Inclusive weight of each phase; the phases ranked by it.
for f in run_matrix run_sort run_parse run_fib; do
	awk -v f="$f" '{ n = split($1, a, ";"); for (i = 1; i <= n; i++)
	    if (a[i] == f) { s += $NF; break } } END { printf "%.0f %s\n", s, f }' \
	    "$TMP/out"
done | sort -rn | awk '{ print $2 }' | tr '\n' ' ' >"$TMP/rank"
expect_eq "phases by samples" "run_matrix run_sort run_parse run_fib " \
    "$(cat "$TMP/rank")"

# The call paths workload.c has: mul_row under run_matrix; quicksort
# recursing into partition; mix reached both from run_sort and through
# tokenize and hash_word; fib recursing.
p='workload;__libc_start_call_main;main'
expect_match "matrix path" "^$p;run_matrix;mul_row [0-9]+$" "$(cat "$TMP/out")"
expect_match "quicksort recursion" \
	"^$p;run_sort;quicksort;quicksort;(quicksort;)*partition [0-9]+$" \
	"$(cat "$TMP/out")"
expect_match "mix from run_sort" "^$p;run_sort;mix [0-9]+$" "$(cat "$TMP/out")"
expect_match "mix from hash_word" \
	"^$p;run_parse;tokenize;hash_word;mix [0-9]+$" "$(cat "$TMP/out")"
expect_match "fib recursion" "^$p;run_fib;fib;fib;fib;(fib;)*fib [0-9]+$" \
	"$(cat "$TMP/out")"

finish
