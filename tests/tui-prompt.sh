#!/bin/sh
# A prompt on the bottom line while the terminal is resized: the screen
# under it is laid out and drawn again at the new size, whichever it is,
# and the prompt keeps its text.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

sample_profile "$TMP/p.folded"
F="$TMP/p.folded"
TITLE="$F | 1,200 samples | folded"

# The callers and callees: both panes are drawn again, halves of the new
# height (lines 2-18 on 20 lines: callers 2-9, callees 10-18).
start 120 30 --callers=render "$F"
wait_line 1 "$TITLE | callers and callees of render"
keys / ma
wait_for '^/ma  +Tab: ignore case \[off\]$'
t resize-window -x 100 -y 20
wait_line 9 "render"
expect_eq "callees pane after resize" "render" "$(line 10)"
expect_eq "callers pane after resize" "main" "$(line 8)"
expect_match "prompt kept" '^/ma  +Tab: ignore case \[off\]$' "$(line 20)"
keys i n Enter
wait_line 20 "no frame in this pane matches (Tab: the other pane)"
keys q
wait_for '^EXITED 0$'

# The top table: its rows are drawn again for the new height.
start 120 30 "$F"
wait_line 1 "$TITLE"
keys t
wait_line 1 "$TITLE | top functions"
keys /
wait_for '^/  +Tab: ignore case \[off\]$'
t resize-window -x 100 -y 8
wait_line 7 "12 functions | sorted by total samples"
expect_match "table rows after resize" '^ +0 +0\.00% +900 +75\.00%  main$' \
	"$(line 3)"
expect_match "table rows after resize" '^ +300 +25\.00% +300 +25\.00%  lex$' \
	"$(line 5)"
expect_match "table prompt kept" '^/  +Tab: ignore case \[off\]$' "$(line 8)"
keys Escape
wait_for '^Enter: focus  c: callers'
keys q
wait_for '^EXITED 0$'
finish
