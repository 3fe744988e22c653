#!/bin/sh
# Search on screen: for regexes the literal prefilter reads (alternation,
# groups, repeats, anchors, any case, letters past ASCII), the frames lit
# (walked with n) and the share matched are those regexec gives.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

cat >"$TMP/s.folded" <<'EOP'
main;leaf9 120
main;leaf99x 60
main;func_99 90
main;Func_9 30
main;fn12;leaf9 150
main;fn1x 70
main;func_1abc7 80
main;maſk 100
init;LEAF9 100
init;work 400
EOP

# lit: press n until a frame comes round again; print the frames it
# went through ("name/samples"), which are the frames lit, in order.
lit() {
	seen=
	cur=$(sel)
	k=0
	while [ $k -lt 20 ]; do
		prev=$cur
		keys n
		i=0
		while [ $i -lt 600 ] && [ "$cur" = "$prev" ]; do
			sleep 0.05
			cur=$(sel)
			i=$((i + 1))
		done
		case " $seen " in *" $cur "*) break ;; esac
		seen="${seen:+$seen }$cur"
		k=$((k + 1))
	done
	echo "$seen"
}

# sel: the selected frame, "name/samples", from the status line.
sel() {
	line 39 | sed 's/^\(.*\) | \([0-9,]*\) samples.*/\1\/\2/'
}

start 120 40 "$TMP/s.folded"
wait_line 1 "$TMP/s.folded | 1,200 samples | folded"
cur=all

keys / '^(leaf|func_)9+$' Enter
wait_line 40 '/^(leaf|func_)9+$/ matched 30.00% of total, 30.00% of zoom (n, N: next, previous; Esc: clear)'
expect_eq "lit, case kept" "leaf9/150 func_99/90 leaf9/120" "$(lit)"

# Tab in the prompt turns ignoring case on, and off again.
keys / '^(leaf|func_)9+$' Tab Enter
wait_line 40 '/^(leaf|func_)9+$/i matched 40.83% of total, 40.83% of zoom (n, N: next, previous; Esc: clear)'
expect_eq "lit, any case" "func_99/90 leaf9/120 LEAF9/100 Func_9/30 leaf9/150" \
	"$(lit)"

keys / 'fn1[0-9]|func_1.*7' Tab Enter
wait_line 40 '/fn1[0-9]|func_1.*7/ matched 19.17% of total, 19.17% of zoom (n, N: next, previous; Esc: clear)'
expect_eq "lit, alternation" "fn12/150 func_1abc7/80" "$(lit)"

# The long s (U+017F) is an s when case is ignored.
keys / 'MASK' Enter
wait_line 40 'no frame matches'
keys / 'MASK' Tab Enter
wait_line 40 '/MASK/i matched 8.33% of total, 8.33% of zoom (n, N: next, previous; Esc: clear)'
expect_eq "lit, long s" "maſk/100" "$(lit)"

# Home and End as PuTTY, the Linux console, screen and tmux send them
# (ESC [1~, ESC [4~), with TERM=xterm-256color, move in the prompt (the
# search still ignores case, as Tab last set it).
keys / 'eaf9'
keys -l "$(printf '\033[1~')"
keys l
keys -l "$(printf '\033[4~')"
keys '$' Enter
wait_line 40 '/leaf9$/i matched 30.83% of total, 30.83% of zoom (n, N: next, previous; Esc: clear)'

# What could take glibc exponential time or worse is refused, on the
# bottom line: a backreference in the search, repeats that copy a piece
# thousands of times in the H prompt and in the top table's search.
keys / '(a*)*\1' Enter
wait_line 40 "bad regular expression '(a*)*\\1': backreferences (\\1) are not supported, as they can take exponential time"
keys H
wait_for '^Hide frames matching:$'
keys 'a{1,255}{1,255}' Enter
wait_line 40 "bad regular expression 'a{1,255}{1,255}': its repeats make over 1000 copies: use * or smaller bounds"
expect_eq "nothing hidden" "$TMP/s.folded | 1,200 samples | folded" "$(line 1)"
keys t
wait_for 'sorted by total samples'
keys / 'f{1,99}{1,99}' Enter
wait_line 40 "bad regular expression 'f{1,99}{1,99}': its repeats make over 1000 copies: use * or smaller bounds"

keys q
wait_for '^EXITED 0$'

# n reaches a match narrower than a cell whose parent is not enough
# either: it zooms into the match itself; from a zoom that holds no match,
# n zooms out to one.
{ echo 'main;big 1000'; for i in 1 2 3 4 5; do echo "main;x$i 1"; done; } \
	>"$TMP/narrow.folded"
start 120 10 "$TMP/narrow.folded"
wait_line 1 "$TMP/narrow.folded | 1,005 samples | folded"
keys / 'x[1-5]' Enter
wait_line 10 '/x[1-5]/ matched 0.50% of total, 0.50% of zoom (n, N: next, previous; Esc: clear)'
keys n
wait_line 9 "all › main › x1 | 1 samples | 0.10% of total | 100.00% of zoom"
expect_eq "zoomed into the match" \
	"$TMP/narrow.folded | 1,005 samples | folded | zoom: x1" "$(line 1)"
keys 0 k k Enter
wait_line 1 "$TMP/narrow.folded | 1,005 samples | folded | zoom: big"
keys N
wait_line 9 "all › main › x5 | 1 samples | 0.10% of total | 100.00% of zoom"
keys q
wait_for '^EXITED 0$'
finish
