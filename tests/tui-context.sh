#!/bin/sh
# Context kept and every match reachable: a zoom draws the zoomed frame's
# ancestors under it and the path on the status line; the shares of the
# filtered view and of the whole profile; t and c go back to the screen
# they came from; n and N zoom to draw a match narrower than a cell; L
# lists the functions a search matches.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# A chain ten deep: zoomed at f8 on 9 graph rows, three rows of
# ancestors: f7, f6, and how many more (all, f0 .. f5) there are.
awk 'BEGIN { s = "f0"; for (i = 1; i <= 9; i++) s = s ";f" i; print s, 10 }' \
	>"$TMP/deep.folded"
start 80 12 "$TMP/deep.folded"
wait_line 11 "all | 10 samples | 100.00% of total | 100.00% of zoom"
keys k k k k k k k k k
wait_line 11 "f8 | 10 samples | 100.00% of total | 100.00% of zoom"
keys Enter
wait_line 1 "$TMP/deep.folded | 10 samples | folded | zoom: f8"
expect_eq "zoom root" "f8" "$(line 7)"
expect_eq "child" "f9" "$(line 6)"
expect_eq "parent" "f7" "$(line 8)"
expect_eq "grandparent" "f6" "$(line 9)"
expect_eq "elided" "… 7 more below" "$(line 10)"
# The path, cut at the left where the status line has no room.
expect_eq "path" \
	"… › f4 › f5 › f6 › f7 › f8 | 10 samples | 100.00% of total | 100.00% of zoom" \
	"$(line 11)"
keys q
wait_for '^EXITED 0$'

# Outside UTF-8, the same in ASCII.
TUI_ENV="LANG=C LC_ALL=C" start 80 12 "$TMP/deep.folded"
wait_line 11 "all | 10 samples | 100.00% of total | 100.00% of zoom"
keys k k k k k k k k k Enter
wait_line 1 "$TMP/deep.folded | 10 samples | folded | zoom: f8"
expect_eq "elided, ASCII" ".. 7 more below" "$(line 10)"
expect_eq "path, ASCII" \
	".. > f4 > f5 > f6 > f7 > f8 | 10 samples | 100.00% of total | 100.00% of zoom" \
	"$(line 11)"
keys q
wait_for '^EXITED 0$'

# After a focus the status line gives the share of the whole profile and
# of what the focus left.
sample_profile "$TMP/p.folded"
F="$TMP/p.folded"
start 120 30 "$F"
wait_line 1 "$F | 1,200 samples | folded"
keys k k Right
wait_line 29 "render | 300 samples | 25.00% of total | 25.00% of zoom"
keys f
wait_line 1 "$F | 300 samples | folded | focus: render"
expect_eq "focused shares" \
	"all | 300 samples | 25.00% of total | 100.00% of filtered | 100.00% of zoom" \
	"$(line 29)"
keys k
wait_line 29 "render | 300 samples | 25.00% of total | 100.00% of filtered | 100.00% of zoom"
keys k
wait_line 29 "draw | 240 samples | 20.00% of total | 80.00% of filtered | 80.00% of zoom"
keys u
wait_line 1 "$F | 1,200 samples | folded"

# c in the top table, then c again: back to the table, not the graph; t
# there goes back to the graph.
keys t
wait_for 'sorted by total samples'
keys j c
wait_line 1 "$F | 1,200 samples | folded | callers and callees of parse"
keys c
wait_line 1 "$F | 1,200 samples | folded | top functions"
expect_match "table row kept" '^ +0 +0\.00% +500 +41\.67%  parse$' "$(line 4)"
keys t
wait_line 1 "$F | 1,200 samples | folded"
keys q
wait_for '^EXITED 0$'

# n and N reach matches narrower than a cell: x1 and x2 (3 of 1,110
# samples) by zooming into their parent mid, x3 in the whole profile by
# zooming out again; u goes back.
printf 'main;big 1000\nmain;mid;x1 3\nmain;mid;x2 3\nmain;mid;other 4\ninit;x3 100\n' \
	>"$TMP/n.folded"
N="$TMP/n.folded"
start 120 12 "$N"
wait_line 1 "$N | 1,110 samples | folded"
keys / 'x[0-9]' Enter
wait_line 12 '/x[0-9]/ matched 9.55% of total, 9.55% of zoom (n, N: next, previous; Esc: clear)'
keys n
wait_line 11 "x3 | 100 samples | 9.01% of total | 9.01% of zoom"
keys n
wait_line 11 "all › main › mid › x1 | 3 samples | 0.27% of total | 30.00% of zoom"
expect_eq "zoomed to the parent" "$N | 1,110 samples | folded | zoom: mid" \
	"$(line 1)"
expect_eq "x1 drawn" "$(printf '%-48s%-36s%s' other x1 x2)" "$(line 7)"
keys n
wait_line 11 "all › main › mid › x2 | 3 samples | 0.27% of total | 30.00% of zoom"
keys n
wait_line 11 "x3 | 100 samples | 9.01% of total | 9.01% of zoom"
expect_eq "zoomed out" "$N | 1,110 samples | folded" "$(line 1)"
keys N
wait_line 11 "all › main › mid › x2 | 3 samples | 0.27% of total | 30.00% of zoom"
keys u
wait_line 1 "$N | 1,110 samples | folded"

# L lists the matching functions with their shares; Enter shows one in
# the graph, u goes back to the list, L back to the graph.
keys L
wait_line 11 "3 of 8 functions match the search /x[0-9]/ | sorted by total samples"
expect_match "x3 listed" '^ +100 +9\.01% +100 +9\.01%  x3$' "$(line 3)"
expect_match "x1 listed" '^ +3 +0\.27% +3 +0\.27%  x1$' "$(line 4)"
keys j Enter
wait_line 11 "all › main › mid › x1 | 3 samples | 0.27% of total | 30.00% of zoom"
keys u
wait_line 11 "3 of 8 functions match the search /x[0-9]/ | sorted by total samples"
keys L
wait_line 1 "$N | 1,110 samples | folded"
keys q
wait_for '^EXITED 0$'

finish
