#!/bin/sh
# While a Go service takes the CPU profile a URL asks for (?seconds=N), the
# loading line counts the seconds down; then the graph opens. Ctrl-C while
# it waits cancels cleanly: the line is erased, the terminal as it was.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"
. "$top_srcdir/tests/remote-lib.sh"

start 100 20 "$URL/debug/pprof/profile?seconds=3"
wait_for '^flametui: profiling, [1-3] s left \(Ctrl-C cancels\)$'
wait_for 'pprof$'
expect_match "the graph, with spin" 'main\.spin' "$(screen)"
keys q
wait_for '^EXITED 0$'

start 100 20 "$URL/debug/pprof/profile?seconds=60"
wait_for '^flametui: profiling, [0-9]+ s left \(Ctrl-C cancels\)$'
keys C-c
wait_for '^EXITED 130$'
expect_eq "waiting line erased" "EXITED 130" "$(screen | grep -v '^$')"
expect_eq "terminal as it was" "alt=0 mouse=0000 cursor=1 keypad=0" \
	"$(pane_flags)"

finish
