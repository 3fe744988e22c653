#!/bin/sh
# The analysis views in a real terminal: reverse, focus, hide, ignore,
# prune, collapse recursion, the top table, the callers and callees, the
# filters in the title line, undo, and the options that set the first view.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# 1200 samples on 120 columns: 10 samples a cell.
sample_profile "$TMP/p.folded"
F="$TMP/p.folded"
TITLE="$F | 1,200 samples | folded"
start 120 30 "$F"
wait_line 1 "$TITLE"

# The help screen lists the view keys, from the key table.
keys '?'
wait_line 1 "flametui help  (Up, Down, PageUp, PageDown: scroll; any other key: close)"
expect_match "help: undo" '^  u {20}undo the last change to the view: a zoom, a filter, a time range, a switch of view$' "$(screen)"
expect_match "help: sandwich" '^  c {20}callers \(above\) and callees \(below\) of the selected function, or back to where they were opened$' "$(screen)"
keys q
wait_line 1 "$TITLE"

# r: bottom-up. The leaves are at the root now, widest first by name.
keys r
wait_line 1 "$TITLE | reverse"
expect_eq "reversed depth 1" "$(printf '%-20s%-10s%-10s%-30s%-20s%-24s%s' \
	config idle json lex read rect swap)" "$(line 27)"
expect_eq "reversed depth 2" "$(printf '%-20s%-10s%-10s%-30s%-20s%-24s%s' \
	init main config parse parse draw ren..)" "$(line 26)"
# u undoes it.
keys u
wait_line 1 "$TITLE"
expect_eq "forward again" "$(printf '%-30s%s' init main)" "$(line 27)"

# f focuses on the selected function, re-rooted at it.
keys k k Right
wait_line 29 "render | 300 samples | 25.00% of total | 25.00% of zoom"
keys f
wait_line 1 "$F | 300 samples | folded | focus: render"
expect_eq "focus root" "render" "$(line 27)"
expect_eq "focus children" "$(printf '%-96s%s' draw swap)" "$(line 26)"

# H hides frames; the title lists both filters, in order.
keys H
wait_for '^Hide frames matching:$'
keys '^draw$' Enter
wait_line 1 "$F | 300 samples | folded | focus: render | hide: /^draw\$/"
expect_eq "draw hidden" "$(printf '%-96s%s' rect swap)" "$(line 26)"

# u twice: back to the whole profile, the selection kept.
keys u
wait_line 1 "$F | 300 samples | folded | focus: render"
keys u
wait_line 1 "$TITLE"
expect_eq "selection back" \
	"render | 300 samples | 25.00% of total | 25.00% of zoom" "$(line 29)"

# I ignores whole stacks; p prunes; R collapses recursion.
keys I
wait_for '^Ignore stacks matching:$'
keys 'idle|init' Enter
wait_line 1 "$F | 800 samples | folded | ignore: /idle|init/"
expect_eq "ignored root" "main" "$(line 27)"
keys p
wait_for '^Prune blocks under'
keys 10 Enter
# Pruning looks at the profile as read: idle (100 of 1200) and swap (60)
# fold into their parents first, so idle's samples stay, in main, drawn at
# its left (13.3 cells), as swap's in render (8 cells).
wait_line 1 "$F | 900 samples | folded | ignore: /idle|init/ | prune: 10%"
expect_eq "pruned" "$(printf '%13s%-67s%s' '' parse render)" "$(line 26)"
expect_eq "pruned leaves" "$(printf '%13s%-40s%-35s%s' '' lex read draw)" \
	"$(line 25)"
keys R
wait_line 1 "$F | 900 samples | folded | ignore: /idle|init/ | prune: 10% | recursion collapsed"
keys u u u
wait_line 1 "$TITLE"

# A bad regex is refused and changes nothing.
keys H
wait_for '^Hide frames matching:$'
keys '(' Enter
wait_for '^bad regular expression'
expect_eq "title unchanged" "$TITLE" "$(line 1)"

# Zooms are on the same undo stack as filters.
keys 0 j j j k Enter
wait_line 1 "$TITLE | zoom: main"
keys r
wait_line 1 "$TITLE | reverse"
keys u
wait_line 1 "$TITLE | zoom: main"
keys u
wait_line 1 "$TITLE"
keys u u u u u u u u
wait_line 30 "nothing to undo"

# t: the top table, by total; o sorts by self.
keys t
wait_line 1 "$TITLE | top functions"
expect_eq "table heads" "          self   self%        [total]  total%  function" \
	"$(line 2)"
expect_eq "row 1" "             0   0.00%            900  75.00%  main" "$(line 3)"
expect_eq "row 2" "             0   0.00%            500  41.67%  parse" "$(line 4)"
expect_eq "row 3" "           300  25.00%            300  25.00%  lex" "$(line 5)"
expect_eq "row 4" "           200  16.67%            300  25.00%  config" "$(line 6)"
expect_eq "row 12" "            60   5.00%             60   5.00%  swap" "$(line 14)"
expect_eq "no row 13" "" "$(line 15)"
expect_eq "table status" "12 functions | sorted by total samples" "$(line 29)"
keys o
wait_line 29 "12 functions | sorted by self samples"
expect_eq "self heads" "        [self]   self%          total  total%  function" \
	"$(line 2)"
expect_eq "by self 1" "           300  25.00%            300  25.00%  lex" "$(line 3)"
expect_eq "by self 2" "           240  20.00%            240  20.00%  rect" "$(line 4)"
expect_eq "by self 3" "           200  16.67%            300  25.00%  config" "$(line 5)"
# / keeps the matching functions.
keys / 'r' Enter
wait_line 29 "5 of 12 functions | sorted by self samples"
expect_eq "match 1" "           240  20.00%            240  20.00%  rect" "$(line 3)"
expect_eq "match 2" "           200  16.67%            200  16.67%  read" "$(line 4)"
expect_eq "match 3" "             0   0.00%            500  41.67%  parse" "$(line 5)"
expect_eq "match 4" "             0   0.00%            300  25.00%  render" "$(line 6)"
expect_eq "match 5" "             0   0.00%            240  20.00%  draw" "$(line 7)"
# Enter on parse focuses the graph on it.
keys Down Down Enter
wait_line 1 "$F | 500 samples | folded | focus: parse"
expect_eq "focused on parse" "parse" "$(line 27)"
expect_eq "parse's children" "$(printf '%-72s%s' lex read)" "$(line 26)"
keys u
wait_line 1 "$TITLE | top functions"
# Reversed, the table is the same (still searched for r, by self): self
# still counts where stacks end.
keys r
wait_line 1 "$TITLE | reverse | top functions"
expect_eq "reversed, by self 1" "           240  20.00%            240  20.00%  rect" "$(line 3)"
expect_eq "reversed, by self 2" "           200  16.67%            200  16.67%  read" "$(line 4)"
expect_eq "reversed, by self 3" "             0   0.00%            500  41.67%  parse" "$(line 5)"
keys u
wait_line 1 "$TITLE | top functions"
keys t
wait_line 1 "$TITLE"

# c: callers above render, callees below, render on the two middle rows.
keys 0 j j j j k k Right
wait_line 29 "render | 300 samples | 25.00% of total | 25.00% of zoom"
keys c
wait_line 1 "$TITLE | callers and callees of render"
# The graph is lines 2-28: callers in 2-14, callees in 15-28.
expect_eq "callers pane, caller" "main" "$(line 13)"
expect_eq "callers pane, the function" "render" "$(line 14)"
expect_eq "callees pane, the function" "render" "$(line 15)"
expect_eq "callees pane, callees" "$(printf '%-96s%s' draw swap)" "$(line 16)"
expect_eq "callees pane, depth 2" "rect" "$(line 17)"
expect_eq "nothing above the callers" "" "$(line 12)"
expect_eq "sandwich status" \
	"render | 300 samples | 25.00% of total | 100.00% of zoom" "$(line 29)"
expect_match "sandwich hint" '^callers above, CALLEES below  Tab' "$(line 30)"
# A search is in the pane of the selection: main is among the callers.
keys / main Enter
wait_line 30 "no frame in this pane matches (Tab: the other pane)"
# Tab moves to the callers pane; Up goes to a caller.
keys Tab
wait_for '^CALLERS above, callees below'
keys Up
wait_line 29 "main | 300 samples | 25.00% of total | 100.00% of zoom"
keys c
wait_line 1 "$TITLE"
keys u
wait_line 1 "$TITLE | callers and callees of render"
keys u
wait_line 1 "$TITLE"
# In the graph, o and Tab say where they work.
keys o
wait_line 30 "o sorts the top table: t shows it"
keys Tab
wait_line 30 "Tab moves between the callers and callees panes: c shows them"

# A function called from two places: callers merged, callees merged.
cat >"$TMP/two.folded" <<'EOP'
main;a;util;x 40
main;b;util;x 20
main;b;util;y 20
main;c 20
EOP
start 100 20 --callers=util "$TMP/two.folded"
wait_line 1 "$TMP/two.folded | 100 samples | folded | callers and callees of util"
# Graph lines 2-18: callers 2-9, callees 10-18.
expect_eq "two callers" "$(printf '%-50s%s' a b)" "$(line 8)"
expect_eq "callers' callers" "$(printf '%-50s%s' main main)" "$(line 7)"
expect_eq "util over util" "util" "$(line 9)"
expect_eq "util under util" "util" "$(line 10)"
expect_eq "callees merged" "$(printf '%-75s%s' x y)" "$(line 11)"
expect_eq "--callers status" \
	"util | 80 samples | 80.00% of total | 100.00% of zoom" "$(line 19)"

# The view options set the first state, shown in the title; u undoes them.
start 120 30 --reverse --ignore=idle --nodefraction=1% "$F"
wait_line 1 "$F | 1,100 samples | folded | reverse | ignore: /idle/ | prune: 1%"
keys u
wait_line 30 "nothing to undo"
keys r
wait_line 1 "$F | 1,100 samples | folded | ignore: /idle/ | prune: 1%"
expect_eq "forward without idle" "$(printf '%-33s%s' init main)" "$(line 27)"

keys q
wait_for '^EXITED 0$'

# On a narrow screen the table's count columns shrink to the largest
# count, so that the names still show.
start 50 10 "$F"
wait_for '^all'
keys t
wait_line 9 "12 functions | sorted by total samples"
expect_eq "narrow heads" "   self   self% [total]  total%  function" "$(line 2)"
expect_eq "narrow row 1" "      0   0.00%     900  75.00%  main" "$(line 3)"
expect_eq "narrow row 3" "    300  25.00%     300  25.00%  lex" "$(line 5)"
keys q
wait_for '^EXITED 0$'
finish
