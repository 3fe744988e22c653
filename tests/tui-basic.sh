#!/bin/sh
# The interactive view in a real terminal: labels, status numbers, moves,
# zoom, unzoom, search, icicle, resize, help, and quitting cleanly.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# sample_profile (tests/tui-lib.sh): 1200 samples on 120 columns, 10 a cell.
sample_profile "$TMP/p.folded"
start 120 40 "$TMP/p.folded"
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"

# A flame graph: the root on the bottom graph row (38), leaves above.
expect_eq "root row" "all" "$(line 38)"
expect_eq "depth 1" "$(printf '%-30s%s' init main)" "$(line 37)"
expect_eq "depth 2" "$(printf '%-30s%-10s%-50s%s' config idle parse \
	render)" "$(line 36)"
# config's own 200 samples come first, at its left, then json.
expect_eq "depth 3" "$(printf '%20s%-20s%-30s%-20s%-24s%s' '' json lex read \
	draw swap)" "$(line 35)"
expect_eq "depth 4" "$(printf '%90s%s' '' rect)" "$(line 34)"
expect_eq "nothing above" "" "$(line 33)"
expect_eq "status" "all | 1,200 samples | 100.00% of total | 100.00% of zoom" \
	"$(line 39)"

# Up selects the widest child, twice: main, then parse.
keys Up
wait_line 39 "main | 900 samples | 75.00% of total | 75.00% of zoom"
keys k
wait_line 39 "parse | 500 samples | 41.67% of total | 41.67% of zoom"
# Sideways crosses to the neighbour at the same depth.
keys Right
wait_line 39 "render | 300 samples | 25.00% of total | 25.00% of zoom"
keys h h
wait_line 39 "idle | 100 samples | 8.33% of total | 8.33% of zoom"
keys Left
wait_line 39 "config | 300 samples | 25.00% of total | 25.00% of zoom"
keys Down
wait_line 39 "init | 300 samples | 25.00% of total | 25.00% of zoom"
keys l k
wait_line 39 "parse | 500 samples | 41.67% of total | 41.67% of zoom"

# Enter zooms: parse becomes full width, over its ancestors drawn full
# width, and the status line gives the path to the selection.
keys Enter
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | zoom: parse"
expect_eq "ancestor all" "all" "$(line 38)"
expect_eq "ancestor main" "main" "$(line 37)"
expect_eq "zoomed root row" "parse" "$(line 36)"
expect_eq "zoomed children" "$(printf '%-72s%s' lex read)" "$(line 35)"
expect_eq "zoomed status" \
	"all › main › parse | 500 samples | 41.67% of total | 100.00% of zoom" "$(line 39)"
keys Up
wait_line 39 "all › main › parse › lex | 300 samples | 25.00% of total | 60.00% of zoom"

# u goes back one level; the selection stays.
keys u
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"
expect_eq "unzoomed" "$(printf '%-30s%s' init main)" "$(line 37)"
expect_eq "selection kept" \
	"lex | 300 samples | 25.00% of total | 25.00% of zoom" "$(line 39)"

# Search: matches counted once per nesting.
keys / 'r(ea|ec)' Enter
wait_line 40 "/r(ea|ec)/ matched 36.67% of total, 36.67% of zoom (n, N: next, previous; Esc: clear)"
keys n
wait_line 39 "read | 200 samples | 16.67% of total | 16.67% of zoom"
keys n
wait_line 39 "rect | 240 samples | 20.00% of total | 20.00% of zoom"
keys N
wait_line 39 "read | 200 samples | 16.67% of total | 16.67% of zoom"
keys / 'main|parse' Enter
wait_line 40 "/main|parse/ matched 75.00% of total, 75.00% of zoom (n, N: next, previous; Esc: clear)"
# Case-insensitive with Tab in the prompt; the share of the zoom.
keys / 'R(EA|EC)' Tab Enter
wait_line 40 "/R(EA|EC)/i matched 36.67% of total, 36.67% of zoom (n, N: next, previous; Esc: clear)"
keys Down Down Enter
wait_line 39 "all › main | 900 samples | 75.00% of total | 100.00% of zoom"
expect_eq "search share of zoom" \
	"/R(EA|EC)/i matched 36.67% of total, 48.89% of zoom (n, N: next, previous; Esc: clear)" \
	"$(line 40)"
# Esc clears the search, then unzooms.
keys Escape
wait_line 40 "Enter: zoom  u: undo  /: search  i: icicle  ?: help  q: quit"
# In an icicle, i offers the flame graph back.
keys i
wait_line 40 "Enter: zoom  u: undo  /: search  i: flame graph  ?: help  q: quit"
keys i
wait_line 40 "Enter: zoom  u: undo  /: search  i: icicle  ?: help  q: quit"
expect_eq "still zoomed" "$TMP/p.folded | 1,200 samples | folded | zoom: main" \
	"$(line 1)"
keys Escape
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"
keys 0
wait_line 39 "main | 900 samples | 75.00% of total | 75.00% of zoom"

# A bad regex is reported, not fatal.
keys / '(' Enter
wait_for '^bad regular expression'

# Icicle: the root on top.
keys i
wait_line 2 "all"
expect_eq "icicle depth 1" "$(printf '%-30s%s' init main)" "$(line 3)"
expect_eq "icicle depth 4" "$(printf '%90s%s' '' rect)" "$(line 6)"
keys i
wait_line 38 "all"

# Resize: the graph is laid out again at the new width.
t resize-window -x 60 -y 20
# Wait for the last row flametui draws: tmux shows the old screen, cut to
# the new size, until flametui has redrawn it.
wait_line 19 "main | 900 samples | 75.00% of total | 75.00% of zoom"
wait_line 17 "$(printf '%-15s%s' init main)"
expect_eq "resized root" "all" "$(line 18)"
t resize-window -x 120 -y 40
wait_line 38 "all"

# Help, generated from the key table.
keys '?'
wait_line 1 "flametui help  (Up, Down, PageUp, PageDown: scroll; any other key: close)"
expect_eq "help heading" "Keys in the graph" "$(line 2)"
expect_match "help has zoom" '^  Enter +zoom into the selected frame$' \
	"$(screen)"
keys Escape
wait_line 38 "all"

# q quits and puts the terminal back.
keys q
wait_for '^EXITED 0$'
expect_eq "terminal restored" "alt=0 mouse=0000 cursor=1 keypad=0" "$(pane_flags)"

# "-" on a terminal says that it waits for typed stacks, and how to end.
start 80 10 -
wait_line 1 "flametui: reading stacks from the terminal; Ctrl-D ends them"
keys 'a;b 1' Enter C-d
wait_line 1 "<stdin> | 1 samples | folded"
keys q
wait_for '^EXITED 0$'

# A terminal that cannot move the cursor is refused, with what to do.
TUI_ENV="TERM=dumb" start 120 10 "$TMP/p.folded"
wait_for '^EXITED 2$'
expect_eq "dumb terminal" "flametui: the terminal (TERM=dumb) cannot move the cursor: set TERM to its type, as xterm-256color, or use --fold or --svg" \
	"$(screen | tr -d '\n' | sed 's/EXITED 2$//')"

finish
