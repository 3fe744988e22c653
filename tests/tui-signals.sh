#!/bin/sh
# The terminal is put back when flametui is killed: Ctrl-C and every
# signal whose default action ends a process (SIGINT, SIGTERM, ... SIGXCPU
# from ulimit -t, SIGALRM, SIGUSR1, SIGPIPE, a real-time signal) leave the
# pane out of the alternate screen, with mouse reporting and keypad mode off
# and the cursor shown, and the signal still ends the process. Ctrl-Z does
# the same while stopped.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

printf 'main;work 3\nmain;idle 1\n' >"$TMP/p.folded"
status='all | 4 samples | 100.00% of total | 100.00% of zoom'

# run SIGNAL [NUMBER]: kill flametui with SIGNAL (or Ctrl-C for C-c); it
# must end by that signal (NUMBER: the exit status is 128 + NUMBER).
run() {
	start 80 20 "$TMP/p.folded"
	wait_line 19 "$status" || return
	expect_eq "$1: taken over" "alt=1 mouse=1101 cursor=0 keypad=1" \
		"$(pane_flags)"
	if [ "$1" = C-c ]; then
		keys C-c
	else
		kill -s "$1" "$(pgrep -P "$(cat "$TMP/pid")" flametui)"
	fi
	# Lines joined and the match unanchored: a terminal not put back
	# leaves the shell's line anywhere, wrapped.
	i=0
	while ! t capture-pane -pJ | grep -Eq 'EXITED [0-9]+$' &&
	    [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	st=$(t capture-pane -pJ | sed -n 's/.*EXITED \([0-9]*\)$/\1/p')
	if [ -n "${2:-}" ]; then
		expect_eq "$1: exit status" "$((128 + $2))" "$st"
	else
		expect_eq "$1: ended by the signal" "$1" "$(kill -l "$st")"
	fi
	expect_eq "$1: terminal restored" "alt=0 mouse=0000 cursor=1 keypad=0" \
		"$(pane_flags)"
}

ulimit -c 0

# Ctrl-Z: the terminal is put back while stopped; after fg the screen is
# taken over and drawn again. (Stopping needs a shell with job control: a
# process group with none is orphaned, and the kernel ignores Ctrl-Z.)
if command -v bash >/dev/null 2>&1; then
	t kill-server 2>/dev/null
	nstart=$((nstart + 1))
	SOCK=flametui-test-$$-$nstart
	t new-session -d -x 80 -y 20 "env TERM=xterm-256color \
	    LANG=C.UTF-8 LC_ALL=C.UTF-8 PS1='$ ' bash --norc --noprofile -i"
	keys "'$FLAMETUI' '$TMP/p.folded'; echo EXITED \$?" Enter
	wait_line 19 "$status"
	keys C-z
	wait_for 'Stopped'
	expect_eq "C-z: terminal restored" \
		"alt=0 mouse=0000 cursor=1 keypad=0" "$(pane_flags)"
	keys fg Enter
	wait_line 19 "$status"
	expect_eq "fg: taken over" "alt=1 mouse=1101 cursor=0 keypad=1" \
		"$(pane_flags)"
	keys Up
	wait_line 19 "main | 4 samples | 100.00% of total | 100.00% of zoom"
	keys q
	i=0
	while [ "$(pane_flags)" != "alt=0 mouse=0000 cursor=1 keypad=0" ] &&
	    [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	expect_eq "C-z, fg, q: terminal restored" \
		"alt=0 mouse=0000 cursor=1 keypad=0" "$(pane_flags)"
fi

run C-c 2
run INT 2
run TERM 15
run HUP 1
run QUIT 3
run SEGV 11
run ABRT 6
for sig in XCPU XFSZ ALRM VTALRM PROF USR1 USR2 PIPE TRAP SYS BUS FPE ILL \
    IO PWR RTMIN RTMAX; do
	run $sig
done

finish
