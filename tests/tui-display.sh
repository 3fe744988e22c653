#!/bin/sh
# What the graph looks like: fillers for frames narrower than a cell (block
# eighths in UTF-8, dots otherwise), labels cut with "..", colour and
# monochrome, escaped control characters, standard input from a pipe,
# paging through a tall graph, Backspace.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# 200 children of a, each a twelfth of a cell wide on 100 columns: one
# filler from x = 83.33 to 100, 16.67 cells: a 5/8 block, then 16 full.
{
	echo "a;b 1000"
	i=1
	while [ $i -le 200 ]; do
		echo "a;c$i 1"
		i=$((i + 1))
	done
} >"$TMP/narrow.folded"
start 100 20 "$TMP/narrow.folded"
wait_line 18 "all"
expect_eq "filler in eighths" \
	"$(printf '%-83s\342\226\213' b)$(printf '\342\226\210%.0s' $(seq 16))" \
	"$(line 16)"
keys q
wait_for '^EXITED 0$'
TUI_ENV="LC_ALL=C LANG=C" start 100 20 "$TMP/narrow.folded"
wait_line 18 "all"
expect_eq "filler in dots without UTF-8" \
	"$(printf '%-83s' b)$(printf '.%.0s' $(seq 17))" "$(line 16)"
keys q
wait_for '^EXITED 0$'
# A filler less than half a cell wide is a dot too, as it is an eighth
# block in UTF-8: c, a tenth of a cell at the right edge, under LANG=C.
printf 'a;b 999\na;c 1\n' >"$TMP/sliver.folded"
TUI_ENV="LC_ALL= LANG=C" start 100 20 "$TMP/sliver.folded"
wait_line 18 "all"
expect_eq "sliver as a dot under LANG=C" "$(printf '%-99s.' b)" "$(line 16)"
keys q
wait_for '^EXITED 0$'

# Labels: cut with ".." to fit; nothing when even that does not fit.
printf 'x;averyverylongfunctionname 10\nx;ab 3\nzother 87\n' >"$TMP/cut.folded"
start 100 20 "$TMP/cut.folded"
wait_line 18 "all"
expect_eq "cut labels" "$(printf '%-3s%s' ab 'averyve..')" "$(line 16)"
expect_eq "short frame" "$(printf '%-13s%s' x zother)" "$(line 17)"
keys q
wait_for '^EXITED 0$'

# Colour: 256-colour backgrounds. --no-color and NO_COLOR: none, frames in
# reverse video.
sample_profile "$TMP/p.folded"
start 120 40 "$TMP/p.folded"
wait_line 38 "all"
expect_match "256 colours" '48;5;[0-9]+m' "$(t capture-pane -e -p)"
keys q
wait_for '^EXITED 0$'
# An 8-colour terminal gets the nearest of its colours.
TUI_ENV=TERM=xterm start 120 40 "$TMP/p.folded"
wait_line 38 "all"
expect_match "8 colours" '\[4[1-7]m' "$(t capture-pane -e -p)"
if t capture-pane -e -p | grep -q '48;5;'; then
	fail "8 colours: a 256-colour code was used"
fi
keys q
wait_for '^EXITED 0$'
# A narrow screen: the status line keeps its first fields and marks the cut.
start 40 20 "$TMP/p.folded"
wait_line 19 "all | 1,200 samples | 100.00% of total …"
keys q
wait_for '^EXITED 0$'
# The top table at 40 columns: the names keep a third of the line, the
# numbers shrink (1.8G, 85.7%).
printf 'main;compute_checksum 1800000000\nmain;parse_input 300000000\n' \
    >"$TMP/big.folded"
start 40 20 "$TMP/big.folded"
wait_line 18 "all"
keys t
wait_line 19 "3 functions | sorted by total samples"
expect_eq "a narrow top table: short numbers, and names" \
" self self% total  tot%  function
    0  0.0%  2.1G  100%  main
 1.8G 85.7%  1.8G 85.7%  compute_check..
 300M 14.3%  300M 14.3%  parse_input" "$(screen | sed -n 2,5p)"
keys q
wait_for '^EXITED 0$'
# A differential frame's status line at 120 columns: the fields by
# importance, the last cut and the cut marked (.. outside UTF-8); a long
# name keeps a third of the line.
printf 'main;work 1000000 2000000\nmain;gone 5000 0\nmain;gone;x 7 0\n' \
    >"$TMP/d.folded"
start 120 20 "$TMP/d.folded"
wait_line 18 "all"
keys k
wait_line 19 "main | before 1,005,007 | after 2,000,000 | delta +994,993 (+99.0%) | gone: 2 stacks, 5,007 samples | 100.00% of total …"
keys q
wait_for '^EXITED 0$'
TUI_ENV="LC_ALL=C LANG=C" start 120 20 "$TMP/d.folded"
wait_line 18 "all"
keys k
wait_line 19 "main | before 1,005,007 | after 2,000,000 | delta +994,993 (+99.0%) | gone: 2 stacks, 5,007 samples | 100.00% of total.."
keys q
wait_for '^EXITED 0$'
long=$(printf 'f%.0s' $(seq 100))
printf 'main;%s 10\n' "$long" >"$TMP/long.folded"
start 60 20 "$TMP/long.folded"
wait_line 18 "all"
keys k k
wait_line 19 "$(printf 'f%.0s' $(seq 18)).. | 10 samples | 100.00% of total | 100.…"
keys q
wait_for '^EXITED 0$'
for how in --no-color NO_COLOR; do
	if [ $how = NO_COLOR ]; then
		TUI_ENV=NO_COLOR=1 start 120 40 "$TMP/p.folded"
	else
		start 120 40 --no-color "$TMP/p.folded"
	fi
	wait_line 38 "all"
	expect_eq "$how: same text" "$(printf '%-30s%s' init main)" "$(line 37)"
	expect_match "$how: reverse video" '\[7m' \
		"$(t capture-pane -e -p | sed -n 37p)"
	if t capture-pane -e -p | grep -Eq '\[([0-9]+;)*(3[0-7]|4[0-7]|38;5|48;5)(;[0-9]+)*m'; then
		fail "$how: colours used"
	fi
	keys q
	wait_for '^EXITED 0$'
done

# Standard input is a pipe: keys still come from the terminal.
TUI_PIPE=$TMP/p.folded start 120 40
wait_line 1 "<stdin> | 1,200 samples | folded"
keys Up
wait_line 39 "main | 900 samples | 75.00% of total | 75.00% of zoom"
# Backspace goes back a zoom level.
keys Enter
wait_line 1 "<stdin> | 1,200 samples | folded | zoom: main"
keys BSpace
wait_line 1 "<stdin> | 1,200 samples | folded"
keys q
wait_for '^EXITED 0$'

# Control characters in names are shown escaped and do nothing. (The ";"
# of the OSC sequence splits it into two frames, each escaped.)
printf 'evil\033]2;pwned\007;leaf\033[2J 5\nok 5\n' >"$TMP/esc.folded"
start 100 20 "$TMP/esc.folded"
wait_line 18 "all"
t select-pane -T clean
expect_eq "escaped label" "$(printf '%-50s%s' 'evil\x1b]2' ok)" "$(line 17)"
expect_eq "escaped child" 'pwned\x07' "$(line 16)"
expect_eq "escaped grandchild" 'leaf\x1b[2J' "$(line 15)"
keys Up Up Up
wait_line 19 'leaf\x1b[2J | 5 samples | 50.00% of total | 50.00% of zoom'
expect_eq "title untouched" clean "$(t display -p '#{pane_title}')"
keys q
wait_for '^EXITED 0$'
# --top to a terminal escapes them too.
start 100 20 --top "$TMP/esc.folded"
wait_for '^EXITED 0$'
t select-pane -T clean
expect_eq "--top escaped" "$(printf '%s\n' \
'        self   self%        total  total%  function' \
'           5  50.00%            5  50.00%  leaf\x1b[2J' \
'           5  50.00%            5  50.00%  ok' \
'           0   0.00%            5  50.00%  evil\x1b]2' \
'           0   0.00%            5  50.00%  pwned\x07' \
'EXITED 0')" "$(screen | sed '/^$/d')"
expect_eq "--top: title untouched" clean "$(t display -p '#{pane_title}')"

# A graph taller than the screen: 30 frames on 17 rows. PageUp shows the
# deeper frames, PageDown comes back; in an icicle, the other way round.
awk 'BEGIN { s = "f1"; for (i = 2; i <= 30; i++) s = s ";f" i; print s, 5 }' \
	>"$TMP/deep.folded"
start 40 20 "$TMP/deep.folded"
wait_line 18 "all"
keys PPage
wait_line 18 "f14"
expect_eq "the deepest on top" "f30" "$(line 2)"
keys NPage
wait_line 18 "all"
keys i
wait_line 2 "all"
keys NPage
wait_line 2 "f14"
keys q
wait_for '^EXITED 0$'

finish
