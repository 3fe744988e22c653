#!/bin/sh
# While a big input loads, the terminal shows the bytes read and the rate
# (a pipe, held half way, lets the test see it; a regular file also gets the
# percentage and the time left, but loads too fast to catch), and Ctrl-C
# cancels cleanly: the progress line is erased, nothing is left behind.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# 12 MB of folded stacks: the reader reports progress every 4 MB.
awk 'BEGIN { for (i = 0; i < 400000; i++) printf "main;fn%d;leaf%d 1\n", i % 97, i }' \
	>"$TMP/big.folded"
head -c 6000000 "$TMP/big.folded" >"$TMP/part1"
tail -c +6000001 "$TMP/big.folded" >"$TMP/part2"

# A pipe that stops after 6 MB until the test says go: the first progress
# report (at 4 MB) stays on the screen meanwhile.
mkfifo "$TMP/fifo"
( cat "$TMP/part1"; while [ ! -e "$TMP/go" ]; do sleep 0.05; done
  cat "$TMP/part2" ) >"$TMP/fifo" &
start 100 20 "$TMP/fifo"
wait_for '^flametui: reading [0-9.]+ MB, [0-9.]+ MB/s'
touch "$TMP/go"
wait_line 1 "$TMP/fifo | 400,000 samples | folded"
keys q
wait_for '^EXITED 0$'
wait

# Ctrl-C while it loads cancels.
rm -f "$TMP/go"
mkfifo "$TMP/fifo2"
( cat "$TMP/part1"; while [ ! -e "$TMP/go" ]; do sleep 0.05; done ) \
	>"$TMP/fifo2" &
start 100 20 "$TMP/fifo2"
wait_for '^flametui: reading [0-9.]+ MB, [0-9.]+ MB/s'
keys C-c
wait_for '^EXITED 130$'
expect_eq "progress line erased" "EXITED 130" "$(screen | grep -v '^$')"
expect_eq "terminal as it was" "alt=0 mouse=0000 cursor=1 keypad=0" \
	"$(pane_flags)"
touch "$TMP/go"
wait

finish
