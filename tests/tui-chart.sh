#!/bin/sh
# --flamechart in the interactive view: stacks keep their input order and
# merge only with the one before, so a function called twice apart shows
# twice, where the flame graph merges it into one block.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# 120 samples on 120 columns: one sample a cell.
printf 'main;b 30\nmain;c 30\nmain;b 60\n' >"$TMP/p.folded"

start 120 10 --flamechart "$TMP/p.folded"
wait_line 1 "$TMP/p.folded | 120 samples | folded"
expect_eq "chart: b, c, then b again" \
	"$(printf '%-30s%-30s%s' b c b)" "$(line 6)"
expect_eq "chart: one main" main "$(line 7)"
# The keys that merge stacks whatever their order are refused, and the
# chart stays as it was.
for k in r R f H I p; do
	keys C-l $k
	wait_line 10 "not in a flame chart: r, f, H, I, p and R merge stacks out of order"
done
keys t Down Enter
wait_line 10 "not in a flame chart: r, f, H, I, p and R merge stacks out of order"
keys t
wait_line 1 "$TMP/p.folded | 120 samples | folded"
expect_eq "still a chart" "$(printf '%-30s%-30s%s' b c b)" "$(line 6)"
keys q
wait_for '^EXITED 0$'

start 120 10 "$TMP/p.folded"
wait_line 1 "$TMP/p.folded | 120 samples | folded"
expect_eq "graph: b merged" "$(printf '%-90s%s' b c)" "$(line 6)"
keys q
wait_for '^EXITED 0$'

finish
