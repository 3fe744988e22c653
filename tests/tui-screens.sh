#!/bin/sh
# The screens as modes: a key a screen does not handle goes to the global
# actions, the same from every screen; the heat map and the help go back to
# the screen they were opened over, laid out for the terminal's size.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

cp "$top_srcdir/tests/heat/perf.txt.gz" "$TMP/heat.gz"
IN=$TMP/heat.gz

start 100 30 "$IN"
wait_for ' \| perf$'
# In the top table, Tab says where it works, as in the graph.
keys t
wait_for ' \| top functions$'
keys Tab
wait_line 30 "Tab moves between the callers and callees panes: c shows them"
# m opens the heat map over the table, and m goes back to the table.
keys m
wait_for 'heat map: 190 samples not idle'
keys m
wait_for ' \| top functions$'
expect_match "the table again" '^ +self +self% ' "$(line 2)"

# The help over the heat map: any key goes back to the heat map; a resize
# meanwhile lays the screens under it out again.
keys t
wait_for ' \| perf$'
keys m
wait_for 'heat map: 190 samples not idle'
keys '?'
wait_for '^flametui help '
t resize-window -x 80 -y 20
keys Escape
wait_for 'heat map: 190 samples not idle'
wait_line 20 "b: 10 buckets a second fit  Space: mark  Enter: flame graph of the selection  .."
keys m
wait_line 19 "all | 190 samples | 100.00% of total | 100.00% of zoom"
expect_eq "graph's root at the new height" "all" "$(line 18)"
keys q
wait_for '^EXITED 0$'
finish
