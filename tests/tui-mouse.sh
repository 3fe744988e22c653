#!/bin/sh
# The mouse: a click selects, a click on the selection zooms, a double
# click zooms, the wheel scrolls. Mouse reports are sent to the pane as the
# bytes an xterm sends in SGR mode (1006).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# press X Y [BUTTON]: a press and release at column X, line Y (from 1).
press() {
	keys -l "$(printf '\033[<%d;%d;%dM\033[<%d;%d;%dm' "${3:-0}" "$1" "$2" \
	    "${3:-0}" "$1" "$2")"
}

sample_profile "$TMP/p.folded"
start 120 40 "$TMP/p.folded"
wait_line 39 "all | 1,200 samples | 100.00% of total | 100.00% of zoom"

# parse is on line 36, columns 41 to 90.
press 60 36
wait_line 39 "parse | 500 samples | 41.67% of total | 41.67% of zoom"
# A click on nothing, or on the title, changes nothing.
press 60 10
press 60 1
press 35 36
wait_line 39 "idle | 100 samples | 8.33% of total | 8.33% of zoom"
press 60 36
wait_line 39 "parse | 500 samples | 41.67% of total | 41.67% of zoom"
# A click on the selection zooms.
press 60 36
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | zoom: parse"
expect_eq "zoomed children" "$(printf '%-72s%s' lex read)" "$(line 35)"
# A double click on an unselected frame zooms into it.
keys -l "$(printf '\033[<0;100;35M\033[<0;100;35m\033[<0;100;35M\033[<0;100;35m')"
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | zoom: read"
expect_eq "double click" \
	"all › main › parse › read | 200 samples | 16.67% of total | 100.00% of zoom" "$(line 39)"
# The ancestors under the zoomed frame: all, main, parse (line 36); a
# click on one zooms out to it.
expect_eq "ancestor parse" "parse" "$(line 36)"
press 100 37
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | zoom: main"
expect_eq "zoomed out to main" \
	"all › main | 900 samples | 75.00% of total | 100.00% of zoom" "$(line 39)"
press 5 38
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"
keys q
wait_for '^EXITED 0$'

# The wheel scrolls a graph taller than the screen: 30 frames deep on 17
# graph rows. Wheel up (button 64) shows deeper frames.
awk 'BEGIN { s = "f1"; for (i = 2; i <= 30; i++) s = s ";f" i; print s, 5 }' \
	>"$TMP/deep.folded"
start 40 20 "$TMP/deep.folded"
wait_line 18 "all"
expect_eq "top row before" "f16" "$(line 2)"
press 10 10 64
wait_line 18 "f1"
expect_eq "top row after one notch" "f17" "$(line 2)"
press 10 10 65
wait_line 18 "all"
keys q
wait_for '^EXITED 0$'
expect_eq "terminal restored" "alt=0 mouse=0000 cursor=1 keypad=0" \
	"$(pane_flags)"

# In the top table a click selects a row (line 3 is the first: main,
# parse, lex, config), a click on the selected row focuses on its function;
# a click past the rows does nothing.
start 120 20 "$TMP/p.folded"
wait_line 19 "all | 1,200 samples | 100.00% of total | 100.00% of zoom"
keys t
wait_line 19 "12 functions | sorted by total samples"
press 60 15
press 60 5
keys Down Enter
wait_line 1 "$TMP/p.folded | 300 samples | folded | focus: config"
keys u
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | top functions"
press 60 5
press 60 5
wait_line 1 "$TMP/p.folded | 300 samples | folded | focus: lex"
keys q
wait_for '^EXITED 0$'

finish
