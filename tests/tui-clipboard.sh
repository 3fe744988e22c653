#!/bin/sh
# y and Y put the selected frame's name, and its stack as one folded line,
# on the terminal's clipboard with OSC 52. tmux with set-clipboard on keeps
# what a pane sends that way in a paste buffer, which show-buffer reads: the
# exact bytes, UTF-8 included.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

printf 'main;s\303\251rve;handle request 5\nmain;idle 3\n' >"$TMP/p.folded"
start 80 12 "$TMP/p.folded"
wait_for 'Enter: zoom'
t set -g set-clipboard on
keys Up Up Up
wait_for '^handle request \|'
keys y
wait_line 12 'copied handle request to the clipboard (OSC 52)'
expect_eq "y: the name in tmux's buffer" 'handle request' \
	"$(t show-buffer)"
keys Y
wait_line 12 "$(printf 'copied the stack main;s\303\251rve;handle request to the clipboard (OSC 52)')"
expect_eq "Y: the stack, root first, in tmux's buffer" \
	"$(printf 'main;s\303\251rve;handle request')" "$(t show-buffer)"
# The root is no frame: nothing is sent, the buffer keeps the stack.
keys 0 Down Down Down
wait_for '^all \|'
keys y
wait_line 12 'the root is no frame: select one to copy'
expect_eq "y on the root: the buffer as it was" \
	"$(printf 'main;s\303\251rve;handle request')" "$(t show-buffer)"

finish
