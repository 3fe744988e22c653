#!/bin/sh
# scripts/screenshots.sh: take the PNGs in screenshots/ again, of flametui
# on a real profile in a real terminal emulator: xterm under Xvfb, captured
# with ImageMagick's import. Keys reach flametui through a tmux session the
# xterm is attached to (status line off), so the script needs no X input
# tool. Needs the Debian packages xvfb, xterm, tmux, imagemagick and
# x11-utils (xwininfo).
#
#   sh scripts/screenshots.sh [PROFILE]     (default examples/workload.perf.gz)
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
FLAMETUI=${FLAMETUI:-$top/src/flametui}
# The view's title shows the path: relative to the top of the tree by
# default, where the session starts.
if [ $# -gt 0 ]; then
	PROFILE=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
else
	PROFILE=examples/workload.perf.gz
fi
OUT=$top/screenshots
COLS=132
ROWS=36
DIR=$(mktemp -d "${TMPDIR:-/tmp}/flametui-shots.XXXXXX")
SOCK=flametui-shots-$$
DPY=:$((50 + $$ % 40))
xvfb=

cleanup() {
	tmux -L "$SOCK" kill-server 2>/dev/null || true
	[ -n "$xvfb" ] && kill "$xvfb" 2>/dev/null || true
	rm -rf "$DIR"
}
trap cleanup EXIT

# wait_for REGEX: poll the pane until it shows REGEX (at most 20 s).
wait_for() {
	i=0
	while ! tmux -L "$SOCK" capture-pane -p | grep -Eq -- "$1"; do
		i=$((i + 1))
		if [ $i -ge 200 ]; then
			echo "screenshots: timed out waiting for /$1/" >&2
			tmux -L "$SOCK" capture-pane -p >&2
			exit 1
		fi
		sleep 0.1
	done
}

# shot NAME: save the xterm window as screenshots/NAME.png, once xterm
# has had time to paint what tmux sent it.
shot() {
	sleep 1
	import -display "$DPY" -window "$win" "$OUT/$1.png"
	echo "screenshots/$1.png"
}

cat >"$DIR/tmux.conf" <<EOC
set -g default-terminal tmux-256color
set -g status off
set -g set-titles off
EOC
tmux -L "$SOCK" -f "$DIR/tmux.conf" new-session -d -x $COLS -y $ROWS \
    -c "$top" "env LANG=C.UTF-8 LC_ALL=C.UTF-8 '$FLAMETUI' '$PROFILE'; sleep 600"
wait_for '[0-9.]+% of total \| [0-9.]+% of zoom'

Xvfb "$DPY" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
xvfb=$!
i=0
until xwininfo -display "$DPY" -root >/dev/null 2>&1; do
	i=$((i + 1))
	[ $i -lt 100 ] || { echo "screenshots: Xvfb did not start" >&2; exit 1; }
	sleep 0.1
done
DISPLAY=$DPY xterm -tn xterm-256color -title flametui-shot -geometry ${COLS}x${ROWS}+0+0 \
    -fa 'DejaVu Sans Mono' -fs 10 -bg black -fg grey90 \
    -xrm 'XTerm*allowTitleOps: false' \
    -e tmux -L "$SOCK" attach >/dev/null 2>&1 &
i=0
until win=$(xwininfo -display "$DPY" -name flametui-shot 2>/dev/null |
    awk '/Window id:/ { print $4 }') && [ -n "$win" ]; do
	i=$((i + 1))
	[ $i -lt 100 ] || { echo "screenshots: no xterm window" >&2; exit 1; }
	sleep 0.1
done
mkdir -p "$OUT"
keys() {
	tmux -L "$SOCK" send-keys "$@"
}

# The whole profile, as it opens.
keys C-l
shot default

# Zoom: up to main, its widest child, right twice to run_sort, Enter.
keys Up Up Up Up Right Right
wait_for '^run_sort \|'
keys Enter
wait_for '\| zoom: run_sort'
shot zoom

# Search: the share of the whole profile and of the zoom.
keys 0 / 'mix|hash' Enter
wait_for '^/mix\|hash/ matched'
shot search

# Icicle: the root at the top. (Escape and i sent together would read as
# Alt-i.)
keys Escape
wait_for 'Enter: zoom'
keys i
i=0
until [ "$(tmux -L "$SOCK" capture-pane -p | sed -n 2p)" = all ]; do
	i=$((i + 1))
	[ $i -lt 200 ] || { echo "screenshots: no icicle" >&2; exit 1; }
	sleep 0.1
done
shot icicle
keys q
