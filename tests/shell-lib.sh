# tests/shell-lib.sh: helpers for the tests that drive flametui from an
# interactive shell in a tmux pane. Source it after lib.sh; $T is the tmux
# command (with its socket) of the pane.

# wait_for WHAT CMD...: poll CMD until it succeeds; a hang guard (30 s),
# not a timing assertion.
wait_for() {
	what=$1
	shift
	i=0
	while ! "$@" >/dev/null 2>&1; do
		i=$((i + 1))
		if [ "$i" -ge 300 ]; then
			fail "timed out waiting for $what"
			$T capture-pane -p >&2
			return 1
		fi
		sleep 0.1
	done
}
# screen_has TEXT: TEXT is on the screen. Commands echo a marker computed
# by the shell ("x-$((40 + 2))" prints x-42) so the typed line never matches.
screen_has() { $T capture-pane -p | grep -qF -- "$1"; }
