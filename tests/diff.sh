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
	'main (15 samples, 34.88%; +11.63%)' \
	"$(perl "$top_srcdir/tests/svg-frames.pl" titles "$TMP/r.svg" |
	    cut -f 1 | grep '^main (15 ')"

# Stacks only in BEFORE. With AFTER's widths "gone" has none: the status line
# counts it under main. w (or --widths=before) sizes by BEFORE (25 samples):
# a and b 10 each, 40 of 100 columns, gone 5, 20 columns, at column 80; new
# (only in AFTER) has no width and is counted instead.
expect_eq "--widths=before --fold: AFTER BEFORE, BEFORE last" \
"main;a 30 10
main;b 10 10
main;gone 0 5
main;new 20 0" "$("$FLAMETUI" --diff --widths=before --fold "$TMP/before" \
	"$TMP/after")"
"$FLAMETUI" --widths=before --fold "$TMP/before" 2>"$TMP/err"
expect_eq "--widths=before of one profile: exit status" 2 $?
expect_eq "--widths=before of one profile: the message" \
	'flametui: --widths=before is for differential input: --diff BEFORE AFTER, or "stack BEFORE AFTER" lines' \
	"$(cat "$TMP/err")"
"$FLAMETUI" --diff --widths=left --fold "$TMP/before" "$TMP/after" \
	2>"$TMP/err"
expect_eq "--widths=left: exit status" 2 $?
# Pruned under 30% of BEFORE's 25 (7.5): gone 5 and new 0 go into main.
expect_eq "--diff --widths=before --nodefraction" \
"main 20 5
main;a 30 10
main;b 10 10" "$("$FLAMETUI" --diff --widths=before --nodefraction=30% \
	--fold "$TMP/before" "$TMP/after")"

# The SVG at BEFORE's widths: 1180 pixels for 25 samples, gone 236 wide at
# x 10 + 1180 * 20 / 25. Colours as flamegraph.pl's: by the change of the
# stack ending at the frame over the largest (20): a +20 full red, gone -5
# rgb(x,x,255) with x = 210 * (20 - 5) / 20 = 157; b and main unchanged,
# white. Details: the change as a share of the 25 samples.
# frames FILE: each frame's title (as the SVG's script makes it, see
# tests/svg-frames.pl) and its rect's x, width and fill.
frames() {
	perl "$top_srcdir/tests/svg-frames.pl" titles "$1" |
	    sed 's/\t\(<rect [^>]*fill="[^"]*"\).*/ \1/; s/ y="[^"]*"//; s/ height="[^"]*"//'
}
"$FLAMETUI" --diff --widths=before --svg="$TMP/b.svg" "$TMP/before" \
	"$TMP/after"
expect_eq "--widths=before --svg: the frames" \
'all (25 samples, 100%) <rect x="10" width="1180" fill="rgb(255,255,255)"
main (25 samples, 100.00%; 0.00%) <rect x="10" width="1180" fill="rgb(255,255,255)"
a (10 samples, 40.00%; +80.00%) <rect x="10" width="472" fill="rgb(255,0,0)"
b (10 samples, 40.00%; 0.00%) <rect x="482" width="472" fill="rgb(255,255,255)"
gone (5 samples, 20.00%; -20.00%) <rect x="954" width="236" fill="rgb(157,157,255)"' \
	"$(frames "$TMP/b.svg")"
# ... which is flamegraph.pl --negate of the stacks with the columns swapped.
"$FLAMETUI" --diff --fold "$TMP/after" "$TMP/before" >"$TMP/swapped"
"$FLAMETUI" --negate --svg="$TMP/n.svg" "$TMP/swapped"
expect_eq "--widths=before --svg: as --negate of the swapped columns" \
	"$(frames "$TMP/n.svg")" "$(frames "$TMP/b.svg")"
"$FLAMETUI" --diff --svg="$TMP/a.svg" "$TMP/before" "$TMP/after"
expect_eq "--svg at AFTER's widths: no frame for gone" "all main a b new" \
	"$(frames "$TMP/a.svg" | sed 's/ (.*//' | tr '\n' ' ' | sed 's/ $//')"

# --diff-color: the SVG's fills of a, b and new, and its legend. self (the
# default, flamegraph.pl's): a and new +20 of the largest 20, full red; b
# unchanged, white. share (a frame's share after less before, over the
# largest, new's 20/60 - 0): a 30/60 - 10/25 = +0.1, 210 * (1/3 - 0.1) /
# (1/3) = 147; b 10/60 - 10/25 = -7/30, 210 * 0.3 = 62.99..., truncated
# to 62 as flamegraph.pl's int(). --negate swaps the hues and the legend.
# fills FILE: "name fill" of a, b and new, then the legend's text.
fills() {
	frames "$1" | sed -n 's/^\(a\|b\|new\) (.*fill="\(.*\)"$/\1 \2/p'
	sed -n 's/.*<text id="legend"[^>]*>\([^<]*\)<.*/\1/p' "$1"
}
"$FLAMETUI" --diff --svg="$TMP/self.svg" "$TMP/before" "$TMP/after"
expect_eq "--diff --svg: coloured by self" \
'a rgb(255,0,0)
b rgb(255,255,255)
new rgb(255,0,0)
Colour by self (--diff-color=self): red where the stacks ending in a frame grew, blue where they shrank' \
	"$(fills "$TMP/self.svg")"
"$FLAMETUI" --diff --diff-color=share --svg="$TMP/share.svg" "$TMP/before" \
	"$TMP/after"
expect_eq "--diff-color=share --svg: coloured by share" \
"a rgb(255,147,147)
b rgb(62,62,255)
new rgb(255,0,0)
Colour by share (--diff-color=share): red where a frame's share of the whole grew, blue where it shrank" \
	"$(fills "$TMP/share.svg")"
"$FLAMETUI" --diff --diff-color=share --negate --svg="$TMP/neg.svg" \
	"$TMP/before" "$TMP/after"
expect_eq "--diff-color=share --negate --svg" \
"a rgb(147,147,255)
b rgb(255,62,62)
new rgb(0,0,255)
Colour by share (--diff-color=share): blue where a frame's share of the whole grew, red where it shrank" \
	"$(fills "$TMP/neg.svg")"
"$FLAMETUI" --diff --diff-color=total --fold "$TMP/before" "$TMP/after" \
	>/dev/null 2>"$TMP/err"
expect_eq "--diff-color=total: exit status" 2 $?
expect_eq "--diff-color=total: the message" \
	"flametui: --diff-color wants self or share, not 'total'" \
	"$(cat "$TMP/err")"

# The viewer: main's status line: before 25, after 60, delta +35. From
# $TMP, so that the title's file names are short. The frames are coloured as
# in the SVG, by one rule, which the title names: by default self (the
# change of the stacks ending in a frame over the largest, 20): a and new
# +20, full red (xterm 196), b and main unchanged, white (231). d colours by
# share (after less before, over the largest, new's +1/3): a +0.1,
# rgb(255,147,147) (xterm 210), b -7/30, rgb(62,62,255) (63), new 196.
cd "$TMP" || exit 1
start 100 12 --diff before after
wait_for 'Enter: zoom'
keys Up
wait_for '^main \| before 25 \| after 60 \| delta \+35 \(\+140\.0%\)'
wait_line 1 'before, after | 60 samples | folded | colour: self'
expect_eq "the bottom line offers d" \
	"Enter: zoom  w: widths from BEFORE  d: colour by share  u: undo  /: search  ?: help  q: quit" \
	"$(line 12)"
t capture-pane -p -e >"$TMP/screen"
expect_match "self: a is deep red" "$(printf '\033\\[48;5;196ma')" \
	"$(cat "$TMP/screen")"
expect_match "self: b is white" "$(printf '\033\\[48;5;231mb')" \
	"$(cat "$TMP/screen")"
expect_match "self: new is deep red" "$(printf '\033\\[48;5;196mnew')" \
	"$(cat "$TMP/screen")"
keys d
wait_line 1 'before, after | 60 samples | folded | colour: share'
wait_line 12 "colour by share: red where a frame's share of the whole grew, blue where it shrank (d: back)"
t capture-pane -p -e >"$TMP/screen"
expect_match "share: a is red" "$(printf '\033\\[48;5;210ma')" \
	"$(cat "$TMP/screen")"
expect_match "share: b is blue" "$(printf '\033\\[48;5;63mb')" \
	"$(cat "$TMP/screen")"
expect_match "share: new is deep red" "$(printf '\033\\[48;5;196mnew')" \
	"$(cat "$TMP/screen")"
# s saves the SVG in the colours of the screen; u goes back to self.
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/shown.svg" Enter
wait_for '^saved '
expect_eq "s: the SVG coloured by share, as the screen" \
	'rgb(255,147,147) rgb(62,62,255)' \
	"$(frames "$TMP/shown.svg" | sed -n 's/^[ab] (.*fill="\(.*\)"$/\1/p' | tr '\n' ' ' | sed 's/ $//')"
keys u
wait_line 1 'before, after | 60 samples | folded | colour: self'
keys Up
wait_for '^a +\| before 10 \| after 30 \| delta \+20 \(\+200\.0%\)'

# On the screen: AFTER's widths, gone counted on main's status line;
# coloured by share.
start 100 12 --diff --diff-color=share before after
wait_for 'Enter: zoom'
keys Up
wait_line 11 'main | before 25 | after 60 | delta +35 (+140.0%) | gone: 1 stack, 5 samples | 100.00% of total | w…'
expect_eq "AFTER's widths: a, b, new" \
	"a                                                 b                new" \
	"$(line 8)"
expect_eq "the bottom line offers w" \
	"Enter: zoom  w: widths from BEFORE  d: colour by self  u: undo  /: search  ?: help  q: quit" \
	"$(line 12)"
# w: BEFORE's widths; gone drawn in blue (its share went from 5/25 to 0, a
# change of -0.2 of the largest, new's +1/3: 210 * 0.4 = 84, so
# rgb(84,84,255), nearest xterm colour 63); main now counts new.
keys w
wait_line 1 'before, after | 25 samples | folded | widths: BEFORE | colour: share'
wait_line 11 'main | before 25 | after 60 | delta +35 (+140.0%) | new: 1 stack, 20 samples | 100.00% of total | w…'
expect_eq "BEFORE's widths: a, b, gone" \
	"a                                       b                                       gone" \
	"$(line 8)"
t capture-pane -p -e >"$TMP/screen"
expect_match "gone is blue" "$(printf '\033\\[48;5;63mgone')" \
	"$(cat "$TMP/screen")"
expect_match "a is still red" "$(printf '\033\\[48;5;210ma')" \
	"$(cat "$TMP/screen")"
keys Up Right Right
wait_line 11 'gone | before 5 | after 0 | delta -5 (-100.0%) | 20.00% of total | widths: before | 20.00% of zoom'
# u goes back to AFTER's widths, where gone is not drawn, and to main.
keys u
wait_line 1 'before, after | 60 samples | folded | colour: share'
wait_line 11 'main | before 25 | after 60 | delta +35 (+140.0%) | gone: 1 stack, 5 samples | 100.00% of total | w…'
expect_eq "after u: a, b, new" \
	"a                                                 b                new" \
	"$(line 8)"
# The zoom stays across w: zoomed into a, a fills the width either way.
keys Left Up Enter
wait_for '\| zoom: a$'
keys w
wait_line 1 'before, after | 25 samples | folded | widths: BEFORE | colour: share | zoom: a'
wait_line 11 'all › main › a | before 10 | after 30 | delta +20 (+200.0%) | 40.00% of total | widths: before | 10…'
# Reversed, the stacks keep both counts: gone is a root, 5 of 25 samples.
keys 0 r
wait_line 1 'before, after | 25 samples | folded | reverse | widths: BEFORE | colour: share'
keys Up Right Right
wait_line 11 'gone | before 5 | after 0 | delta -5 (-100.0%) | 20.00% of total | widths: before | 20.00% of zoom'

# --widths=before starts there; gone stacks nested deeper are summed.
printf 'main;a 10\nmain;a;old 4\nmain;b 10\nmain;gone 5\n' >"$TMP/before2"
start 100 12 --diff before2 after
wait_for 'Enter: zoom'
keys Up
wait_line 11 'main | before 29 | after 60 | delta +31 (+106.9%) | gone: 2 stacks, 9 samples | 100.00% of total | …'
keys Up
wait_line 11 'a | before 14 | after 30 | delta +16 (+114.3%) | gone: 1 stack, 4 samples | 50.00% of total | width…'
start 100 12 --diff --widths=before before2 after
wait_line 1 'before2, after | 29 samples | folded | widths: BEFORE | colour: self'
keys Up
wait_line 11 'main | before 29 | after 60 | delta +31 (+106.9%) | new: 1 stack, 20 samples | 100.00% of total | w…'

# The top table gives BEFORE, AFTER, the change and its percentage, the
# largest growth first; it says whose counts the widths are and what they
# leave out; o sorts by total (the widths' side), again by the change.
start 100 12 --diff before after
wait_for 'Enter: zoom'
keys t
wait_line 11 "5 functions | sorted by change in samples | AFTER's counts (w: BEFORE's) | gone: 1 stack, 5 samples"
expect_eq "the table: before, after, delta, delta%" \
"  before    after  [delta]   delta%  function
      25       60      +35 +140.00%  main
      10       30      +20 +200.00%  a
       0       20      +20      new  new
      10       10       +0   +0.00%  b
       5        0       -5 -100.00%  gone" "$(screen | sed -n 2,7p)"
keys o
wait_line 11 "5 functions | sorted by total samples | AFTER's counts (w: BEFORE's) | gone: 1 stack, 5 samples"
expect_eq "sorted by AFTER" \
"  before  [after]    delta   delta%  function
      25       60      +35 +140.00%  main
      10       30      +20 +200.00%  a
       0       20      +20      new  new
      10       10       +0   +0.00%  b
       5        0       -5 -100.00%  gone" "$(screen | sed -n 2,7p)"
keys w
wait_line 11 "5 functions | sorted by total samples | BEFORE's counts (w: AFTER's) | new: 1 stack, 20 samples"
expect_eq "sorted by BEFORE" \
"[before]    after    delta   delta%  function
      25       60      +35 +140.00%  main
      10       30      +20 +200.00%  a
      10       10       +0   +0.00%  b
       5        0       -5 -100.00%  gone
       0       20      +20      new  new" "$(screen | sed -n 2,7p)"

# Callers and callees keep the colours in both panes: f's callers x and y
# had half the samples each, then x 30 of 40 (+0.25, the largest change:
# rgb(255,30,30), xterm 196) and y 10 of 40 (-0.25: rgb(30,30,255), 21).
printf 'x;f 10\ny;f 10\n' >"$TMP/cb"
printf 'x;f 30\ny;f 10\n' >"$TMP/ca"
start 100 12 --diff --diff-color=share --callers=f cb ca
wait_for 'CALLEES below'
t capture-pane -p -e >"$TMP/screen"
expect_match "callers pane: x is red" "$(printf '\033\\[48;5;196mx')" \
	"$(cat "$TMP/screen")"
expect_match "callers pane: y is blue" "$(printf '\033\\[48;5;21my')" \
	"$(cat "$TMP/screen")"

# w on a profile that is not differential says so.
start 100 12 before
wait_for 'Enter: zoom'
keys w
wait_line 12 'w is for differential input: --diff BEFORE AFTER, or "stack BEFORE AFTER" lines'

finish
