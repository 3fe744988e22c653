#!/bin/sh
# After a signal, the terminal is usable again from the shell that ran
# flametui (tests/tui-signals.sh checks the pane's modes from a script): for
# each of SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGSEGV and SIGABRT sent to the
# view started from an interactive shell, the signal takes its default
# course (128+N), the alternate screen, mouse reporting and application
# keys are off, the cursor is shown, the tty modes (stty -g) are exactly as
# before, and a command typed at the prompt runs. The same when memory
# runs out in the view, and while it is stopped by Ctrl-Z.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/shell-lib.sh"
command -v tmux >/dev/null || { echo "SKIP: tmux not installed"; exit 77; }

# One tmux server per signal, each on its own socket.
T=:
trap '$T kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

flag() { $T display -p "#{$1}"; }
alt_is() { [ "$(flag alternate_on)" = "$1" ]; }
mouse() {
	$T display -p '#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag}#{mouse_utf8_flag}'
}

printf 'main;work;hot 7\nmain;work;warm 3\nmain;idle 1\n' >"$TMP/p.folded"

# Out of memory too: tests/failmalloc.c, preloaded, makes every allocation
# of 512 kB or more fail once flametui gets SIGUSR2; a search then needs
# one (a byte per name, a million names), and fatal() must restore the
# terminal and say what failed. Not under ASan, which owns malloc.
oom=
if grep -qa __asan_init "$FLAMETUI"; then
	echo "SKIP: out of memory case: flametui is built with AddressSanitizer"
elif ${CC:-cc} -shared -fPIC -o "$TMP/failmalloc.so" \
    "$top_srcdir/tests/failmalloc.c" 2>"$TMP/cc.err"; then
	oom=OOM:0
	awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "main;f%d 1\n", i }' \
		>"$TMP/big.folded"
else
	echo "SKIP: out of memory case: cannot build tests/failmalloc.c:"
	cat "$TMP/cc.err"
fi

n=0
# Signal numbers as on Linux (dash's kill -l does not map names).
for signum in INT:2 TERM:15 HUP:1 QUIT:3 SEGV:11 ABRT:6 $oom; do
	sig=${signum%:*}
	num=${signum#*:}
	n=$((n + 1))
	file=$TMP/p.folded marker=hot env=
	if [ "$sig" = OOM ]; then
		file=$TMP/big.folded marker="1,000,000 samples"
		env="env FAILMALLOC_MIN=524288 LD_PRELOAD='$TMP/failmalloc.so' "
	fi
	$T kill-server 2>/dev/null
	T="tmux -L flametui-sig-$$-$sig -f /dev/null"
	$T new-session -d -x 100 -y 30 "env PS1='$ ' sh"
	$T send-keys "ulimit -c 0; stty -g >'$TMP/stty.before'; echo ready-\$((40 + $n))" Enter
	wait_for "$sig: shell" screen_has "ready-$((40 + n))" || continue
	# Through sh -c: an interactive shell drops the rest of a command
	# line whose command died of SIGINT, and the status would be lost.
	$T send-keys "$env""sh -c '\"\$0\" \"\$1\"; echo st-\$((40 + $n)) \$?' '$FLAMETUI' '$file'" Enter
	wait_for "$sig: the view to open" alt_is 1 || continue
	wait_for "$sig: the graph to be drawn" screen_has "$marker" || continue
	mouse_on=$(mouse)
	sid=$(ps -o sid= -p "$(flag pane_pid)" | tr -d ' ')
	pid=$(pgrep -s "$sid" -x flametui)
	if [ -z "$pid" ]; then
		fail "$sig: no flametui process under the pane's shell"
		continue
	fi
	if [ "$sig" = OOM ]; then
		kill -s USR2 "$pid"
		$T send-keys / a Enter
	else
		kill -s "$sig" "$pid"
	fi
	wait_for "$sig: flametui to end" screen_has "st-$((40 + n)) " || continue
	status=$($T capture-pane -p | sed -n "s/^st-$((40 + n)) \([0-9]*\).*/\1/p")
	echo "$sig: exit status $status; mouse flags $mouse_on while running, $(mouse) after"
	if [ "$sig" = OOM ]; then
		expect_eq "out of memory: exit status" 2 "$status"
		expect_match "out of memory: the message" \
			"^flametui: out of memory \(allocating [0-9]+ x 1 bytes\)$" \
			"$($T capture-pane -p)"
	else
		expect_eq "$sig: exit status is 128+$num (the default action)" \
			"$((128 + num))" "$status"
	fi
	expect_eq "$sig: alternate screen left" 0 "$(flag alternate_on)"
	expect_eq "$sig: mouse reporting off (was $mouse_on while running)" \
		00000 "$(mouse)"
	expect_eq "$sig: cursor visible" 1 "$(flag cursor_flag)"
	expect_eq "$sig: keypad (application cursor keys) off" 0 \
		"$(flag keypad_cursor_flag)"
	# The prompt works: a command typed now runs, in the old tty modes.
	$T send-keys "stty -g >'$TMP/stty.after'; echo typed-\$((40 + $n))" Enter
	wait_for "$sig: the shell to take a command" \
		screen_has "typed-$((40 + n))" || continue
	expect_file "$sig: tty modes restored (stty -g)" \
		"$TMP/stty.before" "$TMP/stty.after"
done

# Ctrl-Z: stopped, the shell gets a normal terminal (no mouse reporting
# left on, as curses alone would leave it); fg brings the view back with
# the mouse on, and q then ends it cleanly.
$T kill-server 2>/dev/null
T="tmux -L flametui-sig-$$-tstp -f /dev/null"
$T new-session -d -x 100 -y 30 "env PS1='$ ' sh"
$T send-keys "stty -g >'$TMP/stty.before'; echo ready-\$((40 + 50))" Enter
if wait_for "Ctrl-Z: shell" screen_has ready-90; then
	$T send-keys "'$FLAMETUI' '$TMP/p.folded'" Enter
	wait_for "Ctrl-Z: the view to open" alt_is 1 &&
	    wait_for "Ctrl-Z: the graph to be drawn" screen_has hot
	mouse_on=$(mouse)
	$T send-keys C-z
	wait_for "Ctrl-Z: the view to stop" alt_is 0
	echo "Ctrl-Z: mouse flags $mouse_on while running, $(mouse) when stopped"
	expect_eq "Ctrl-Z: mouse reporting off" 00000 "$(mouse)"
	expect_eq "Ctrl-Z: cursor visible" 1 "$(flag cursor_flag)"
	$T send-keys "stty -g >'$TMP/stty.after'; echo typed-\$((40 + 52))" Enter
	wait_for "Ctrl-Z: the shell to take a command" screen_has typed-92
	expect_file "Ctrl-Z: tty modes restored (stty -g)" \
		"$TMP/stty.before" "$TMP/stty.after"
	$T send-keys fg Enter
	wait_for "fg: the view to come back" alt_is 1 &&
	    wait_for "fg: the graph to be redrawn" screen_has hot
	expect_eq "fg: mouse reporting on again" "$mouse_on" "$(mouse)"
	$T send-keys q
	wait_for "q after fg: flametui to end" alt_is 0
	# The echo may be typed before the shell has printed its prompt, so
	# its answer can follow that prompt on the same line.
	$T send-keys "echo st-\$((40 + 51)) \$?" Enter
	wait_for "q after fg: the shell" screen_has "st-91 "
	expect_match "q after fg: exit status 0" "(^|\\$ )st-91 0$" \
	    "$($T capture-pane -p)"
	expect_eq "q after fg: alternate screen left" 0 "$(flag alternate_on)"
	expect_eq "q after fg: mouse reporting off" 00000 "$(mouse)"
fi

finish
