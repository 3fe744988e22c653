#!/bin/sh
# --diff BEFORE AFTER: difffolded.pl's stacks and counts, -n's scaling
# (--normalize), and the viewer's red and blue frames and status line.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

printf 'main;a 10\nmain;b 10\nmain;gone 5\n' >"$TMP/before"
printf 'main;a 30\nmain;b 10\nmain;new 20\n' >"$TMP/after"
expect_eq "--diff --fold: BEFORE AFTER, stacks of either side" \
"main;a 10 30
main;b 10 10
main;gone 5 0
main;new 0 20" "$("$FLAMETUI" --diff --fold "$TMP/before" "$TMP/after")"
# -n: each BEFORE count times 60/25, truncated: 10 -> 24, 5 -> 12.
expect_eq "--diff --normalize --fold" \
"main;a 24 30
main;b 24 10
main;gone 12 0
main;new 0 20" "$("$FLAMETUI" --diff --normalize --fold "$TMP/before" \
	"$TMP/after")"
# Read back, the three columns give the same profile.
"$FLAMETUI" --diff --fold "$TMP/before" "$TMP/after" >"$TMP/d.folded"
expect_eq "three columns read back" "$(cat "$TMP/d.folded")" \
	"$("$FLAMETUI" --fold "$TMP/d.folded")"
"$FLAMETUI" --diff "$TMP/before" 2>"$TMP/err"
expect_eq "--diff with one file is a usage error" 2 $?
"$FLAMETUI" --normalize --fold "$TMP/before" 2>"$TMP/err"
expect_eq "--normalize without --diff is a usage error" 2 $?

# Real perf output: the first burst (second 1) before, the second (second 3)
# after; every stack of either is in the diff with its two counts.
IN="$top_srcdir/tests/heat/perf.txt.gz"
"$FLAMETUI" --fold --time-range=1-2 "$IN" >"$TMP/b1"
"$FLAMETUI" --fold --time-range=3-4 "$IN" >"$TMP/a3"
"$FLAMETUI" --diff --fold "$TMP/b1" "$TMP/a3" >"$TMP/d13"
expect_eq "--diff of the two bursts: as joined by hand" \
	"$(join -a1 -a2 -e0 -o0,1.2,2.2 "$TMP/b1" "$TMP/a3" | LC_ALL=C sort)" \
	"$(LC_ALL=C sort "$TMP/d13")"

# The filters keep both counts: reversed, each stack's two counts as they
# were; pruned under 30% of AFTER's 60 (18), b 10 and gone 0 go into main:
# 10 after and 15 before.
expect_eq "--diff --reverse keeps both counts" \
"a;main 10 30
b;main 10 10
gone;main 5 0
new;main 0 20" "$("$FLAMETUI" --diff --reverse --fold "$TMP/before" \
	"$TMP/after")"
expect_eq "--diff --nodefraction keeps both counts" \
"main 15 10
main;a 10 30
main;new 0 20" "$("$FLAMETUI" --diff --nodefraction=30% --fold \
	"$TMP/before" "$TMP/after")"
# Reversed, lex;parse;main 10 15 ends in main: +5 of 43 samples, 11.63%.
"$FLAMETUI" --reverse --svg="$TMP/r.svg" "$top_srcdir/tests/svg/diff.folded"
expect_eq "--reverse --svg: the change at the reversed stack's end" \
	'<title>main (15 samples, 34.88%; +11.63%)</title>' \
	"$(grep -o '<title>main (15 [^<]*</title>' "$TMP/r.svg")"

# The viewer: a grew (red), b shrank in share (blue), new is new (red),
# main's status line: before 25, after 60, delta +35.
start 100 12 --diff "$TMP/before" "$TMP/after"
wait_for 'Enter: zoom'
keys Up
wait_for '^main \| before 25 \| after 60 \| delta \+35 \(\+140\.0%\)'
t capture-pane -p -e >"$TMP/screen"
expect_match "a is red" "$(printf '\033\\[48;5;217ma')" "$(cat "$TMP/screen")"
expect_match "b is blue" "$(printf '\033\\[48;5;63mb')" "$(cat "$TMP/screen")"
expect_match "new is deep red" "$(printf '\033\\[48;5;196mnew')" \
	"$(cat "$TMP/screen")"
keys Up
wait_for '^a +\| before 10 \| after 30 \| delta \+20 \(\+200\.0%\)'

finish
