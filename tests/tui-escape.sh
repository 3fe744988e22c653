#!/bin/sh
# Nothing from a profile reaches the terminal raw: frame names made of OSC 2
# (window title), OSC 0 (title) and OSC 52 (clipboard) sequences cannot set
# the tmux pane's title or a tmux buffer, and are shown escaped, as \x1b.
# A control case first proves that the same bytes, written raw, do both.
# Covers --fold to a terminal, messages, and the interactive view.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/shell-lib.sh"
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }

T="tmux -L flametui-esc-$$ -f /dev/null"
trap '$T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

title() { $T display -p '#{pane_title}'; }
buffers() { $T list-buffers 2>/dev/null; }
# reset: a known title, no buffers, a clear screen (waiting for clear to
# run, lest it wipe the start of what the next command prints).
nreset=0
reset() {
	$T select-pane -T clean
	while $T delete-buffer 2>/dev/null; do :; done
	nreset=$((nreset + 1))
	$T send-keys "clear; echo reset-\$((100 + $nreset))" Enter
	wait_for "clear" screen_has "reset-$((100 + nreset))"
	$T clear-history
}

$T new-session -d -x 120 -y 30 "env PS1='$ ' sh"
$T set -g set-clipboard on
$T set -g allow-rename on

# The hostile profile: each name is only escape sequences.
printf '\033]2;pwned-title\007;\033]52;c;cHduZWQ=\007 3\n' >"$TMP/esc.folded"
printf '\033]0;pwned-zero\033\\ 2\n' >>"$TMP/esc.folded"

# Control: the raw bytes do change the title and set a buffer here.
reset
$T send-keys "cat '$TMP/esc.folded'; echo control-\$((40 + 2))" Enter
wait_for "the control case" screen_has control-42
expect_match "control: OSC 0/2 sets the title" "pwned" "$(title)"
expect_match "control: OSC 52 sets a buffer" "pwned" "$(buffers)"

# --fold to a terminal escapes them.
reset
$T send-keys "'$FLAMETUI' --fold '$TMP/esc.folded'; echo fold-\$((40 + 2))" Enter
wait_for "--fold" screen_has fold-42
expect_eq "--fold: title unchanged" clean "$(title)"
expect_eq "--fold: no buffer set" "" "$(buffers)"
screen=$($T capture-pane -p)
expect_match "--fold: OSC 2 and 52 shown escaped" \
	'^\\x1b\]2;pwned-title\\x07;\\x1b\]52;c;cHduZWQ=\\x07 3$' "$screen"
expect_match "--fold: OSC 0 and ST shown escaped" \
	'^\\x1b\]0;pwned-zero\\x1b\\ 2$' "$screen"

# A message that names them (a bad file name) escapes them too.
reset
bad=$(printf '%s/\033]2;pwned-msg\007' "$TMP")
printf 'not a profile\n' >"$bad"
$T send-keys "'$FLAMETUI' --fold '$TMP'/*pwned-msg*; echo msg-\$((40 + 2))" Enter
wait_for "the message case" screen_has msg-42
expect_eq "message: title unchanged" clean "$(title)"
expect_match "message: shown escaped" '\\x1b\]2;pwned-msg\\x07' \
	"$($T capture-pane -p)"

# Invisible characters are escaped as well: a right-to-left override
# (U+202E) that would show "main" reversed, a zero-width space (U+200B), a
# line separator (U+2028), a byte order mark (U+FEFF), a soft hyphen
# (U+00AD). By --fold and --top to a terminal, in messages, in the view.
printf 'ma\342\200\256in;f\342\200\213o\342\200\250o\357\273\277;x\302\255y 3\n' \
	>"$TMP/inv.folded"
inv='ma\\xe2\\x80\\xaein;f\\xe2\\x80\\x8bo\\xe2\\x80\\xa8o\\xef\\xbb\\xbf;x\\xc2\\xady'
reset
$T send-keys "LC_ALL=C.UTF-8 '$FLAMETUI' --fold '$TMP/inv.folded'; echo inv-\$((40 + 2))" Enter
wait_for "--fold of invisibles" screen_has inv-42
expect_match "--fold: invisibles shown escaped" "^$inv 3\$" "$($T capture-pane -p)"
reset
$T send-keys "LC_ALL=C.UTF-8 '$FLAMETUI' --top '$TMP/inv.folded'; echo top-\$((40 + 2))" Enter
wait_for "--top of invisibles" screen_has top-42
screen=$($T capture-pane -p)
expect_match "--top: RLO shown escaped" ' ma\\xe2\\x80\\xaein$' "$screen"
expect_match "--top: soft hyphen shown escaped" ' x\\xc2\\xady$' "$screen"
reset
bad=$(printf '%s/evil\342\200\256txt.folded' "$TMP")
printf 'not a profile\n' >"$bad"
$T send-keys "LC_ALL=C.UTF-8 '$FLAMETUI' --fold '$TMP'/evil*; echo rlo-\$((40 + 2))" Enter
wait_for "the message with an RLO" screen_has rlo-42
expect_match "message: RLO shown escaped" 'evil\\xe2\\x80\\xaetxt\.folded' \
	"$($T capture-pane -p)"
reset
$T send-keys "LC_ALL=C.UTF-8 '$FLAMETUI' '$TMP/inv.folded'; echo view-\$((40 + 2))" Enter
wait_for "the view of invisibles" screen_has "Enter: zoom"
$T send-keys Up Up Up
wait_for "the view of invisibles" screen_has "x\\xc2\\xady | 3 samples"
$T send-keys q
wait_for "the view to quit" screen_has view-42

# The interactive view, on a file whose name is an escape sequence too:
# names, the file name in the header and the status line are all escaped.
reset
hostile=$(printf '%s/\033]2;pwned-file\007.folded' "$TMP")
cp "$TMP/esc.folded" "$hostile"
$T send-keys "'$FLAMETUI' '$TMP'/*pwned-file*; echo tui-\$((40 + 2))" Enter
wait_for "the view" screen_has "Enter: zoom"
screen=$($T capture-pane -p)
expect_eq "view: title unchanged" clean "$(title)"
expect_eq "view: no buffer set" "" "$(buffers)"
expect_match "view: OSC 52 name shown escaped" '\\x1b\]52' "$screen"
expect_match "view: OSC 2 name shown escaped" 'pwned-title\\x07' "$screen"
expect_match "view: file name shown escaped" '\\x1b\]2;pwned-file\\x07\.folded' \
	"$screen"
$T send-keys q
wait_for "the view to quit" screen_has tui-42
expect_eq "view quit: title still unchanged" clean "$(title)"

finish
