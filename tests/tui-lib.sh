# tests/tui-lib.sh: drive the real binary in a tmux pane. Source it after
# lib.sh. Screens are read with capture-pane; every wait is a bounded poll
# for a screen state, never a fixed sleep.
command -v tmux >/dev/null 2>&1 || { echo "tmux not installed"; exit 77; }
SOCK=flametui-test-$$
nstart=0
trap 'tmux -L "$SOCK" kill-server 2>/dev/null; rm -rf "$TMP"' EXIT

# t COMMAND...: run a tmux command on the test server.
t() {
	tmux -L "$SOCK" -f /dev/null "$@"
}

# start WIDTH HEIGHT ARGS...: run flametui ARGS in a new pane. When it
# exits the pane shows "EXITED status" and stays, so that the restored
# screen can be read. The pid of the shell around flametui is in $TMP/pid.
# TUI_ENV adds environment settings ("LC_ALL=C NO_COLOR=1"); TUI_PIPE
# names a file to pipe into flametui's standard input, TUI_STDIN a file to
# redirect it from.
start() {
	w=$1 h=$2
	shift 2
	rm -f "$TMP/pid"
	printf '%s\n' "$@" >"$TMP/args"
	cat >"$TMP/run.sh" <<EOS
trap : INT; ulimit -c 0; echo \$\$ >"$TMP/pid.tmp"; mv "$TMP/pid.tmp" "$TMP/pid"
set -- \$(cat "$TMP/args")
if [ -n "${TUI_PIPE:-}" ]; then
	cat "${TUI_PIPE:-}" | "$FLAMETUI" "\$@"
elif [ -n "${TUI_STDIN:-}" ]; then
	"$FLAMETUI" "\$@" <"${TUI_STDIN:-}"
else
	"$FLAMETUI" "\$@"
fi
echo "EXITED \$?"
exec sleep 600
EOS
	t kill-server 2>/dev/null
	nstart=$((nstart + 1))
	SOCK=flametui-test-$$-$nstart
	t new-session -d -x "$w" -y "$h" \
	    "env TERM=xterm-256color LANG=C.UTF-8 LC_ALL=C.UTF-8 ${TUI_ENV:-} sh $TMP/run.sh"
	wait_pid
}

# wait_pid: wait until flametui's pid is known.
wait_pid() {
	i=0
	while [ ! -s "$TMP/pid" ] && [ $i -lt 600 ]; do
		sleep 0.05
		i=$((i + 1))
	done
}

# screen: the pane's text.
screen() {
	t capture-pane -p
}

# line N: line N (from 1) of the pane.
line() {
	screen | sed -n "$1p"
}

# wait_for REGEX: poll the screen until some line matches (up to 30 s: a hang guard, not a timing check).
wait_for() {
	i=0
	while [ $i -lt 600 ]; do
		if screen | grep -Eq -- "$1"; then
			return 0
		fi
		sleep 0.05
		i=$((i + 1))
	done
	fail "timed out waiting for /$1/ on the screen"
	screen | sed 's/^/  | /' >&2
	return 1
}

# wait_line N TEXT: poll until line N is exactly TEXT, then check it.
wait_line() {
	i=0
	while [ $i -lt 600 ]; do
		[ "$(line "$1")" = "$2" ] && return 0
		sleep 0.05
		i=$((i + 1))
	done
	expect_eq "line $1" "$2" "$(line "$1")"
	screen | sed 's/^/  | /' >&2
	return 1
}

# keys KEY...: send keys to the pane.
keys() {
	t send-keys "$@"
}

# pane_flags: what the pane's terminal is left in: alternate screen,
# mouse reporting, cursor keys mode.
pane_flags() {
	t display-message -p \
	    'alt=#{alternate_on} mouse=#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}#{mouse_sgr_flag} cursor=#{cursor_flag} keypad=#{keypad_cursor_flag}'
}

# sample_profile FILE: write the profile most screen tests draw: 1200
# samples, so on 120 columns each cell is 10 samples and every frame is
# wide enough for its label.
sample_profile() {
	cat >"$1" <<'EOP'
main;parse;lex 300
main;parse;read 200
main;render;draw;rect 240
main;render;swap 60
main;idle 100
init;config 200
init;config;json 100
EOP
}
