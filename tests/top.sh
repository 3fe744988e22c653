#!/bin/sh
# flametui top: a live flame graph of tests/top-prog.c, whose hot function
# changes when it is told (SIGUSR1). The window shows phase A's function,
# then phase B's; paused, the screen does not change; a frame that leaves
# the window stays selected at 0; q and Ctrl-C leave no perf process and no
# temporary file; the end of the process and perf's death are said; no
# perf script runs; samples weigh their period, as in the viewer.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# Usage errors are refused before anything runs.
out=$("$FLAMETUI" top --window=5 --decay=2 2>&1)
expect_eq "--window and --decay: exit status" 2 $?
expect_match "--window and --decay: message" "give one" "$out"
out=$("$FLAMETUI" top -a -p 1 2>&1)
expect_match "two scopes: message" "give one scope" "$out"
out=$("$FLAMETUI" top --window=1.5 2>&1)
expect_match "--window in whole seconds" "not a whole number of seconds" "$out"

mkdir "$TMP/empty"
out=$(PATH="$TMP/empty" "$FLAMETUI" top -a 2>&1 </dev/null)
expect_match "perf missing: names linux-perf" \
	"perf is not installed.*linux-perf|no terminal" "$out"

if ! command -v perf >/dev/null 2>&1; then
	echo "SKIP: perf is not installed (Debian package linux-perf)"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi
if ! perf record -q -g -o "$TMP/probe.data" -- true >"$TMP/probe.err" 2>&1
then
	echo "SKIP: perf cannot record here: $(head -3 "$TMP/probe.err")"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi
cc=${CC:-cc}
if ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/top-prog.c"; then
	echo "SKIP: cannot compile tests/top-prog.c with $cc"
	exit 77
fi

# Every temporary file of flametui or perf would go under $TMP/t.
mkdir "$TMP/t"
TUI_ENV="TMPDIR=$TMP/t"

# A sample weighs its period (cpu-clock's nanoseconds), as in the viewer:
# -o of a whole stream read with -i is the viewer's --fold of it.
perf record -q -o - --no-buffering -g -F 499 -- dd if=/dev/zero \
	of=/dev/null bs=4k count=300000 >"$TMP/dd.stream" 2>/dev/null
start 240 24 top --window=0 -o "$TMP/dd.folded" -i "$TMP/dd.stream"
wait_for "the end of $TMP/dd.stream: recording stopped"
expect_match "-i: the title gives the time the samples weigh" \
	"since the start: [0-9,]+ samples? \| .* \| [0-9.]+ (ns|us|ms|s) \| perf" \
	"$(line 1)"
keys q
wait_for "^EXITED 0$"
"$FLAMETUI" --fold "$TMP/dd.stream" >"$TMP/dd.view" 2>/dev/null
expect_eq "-o weighs each sample as the viewer does" "$(cat "$TMP/dd.view")" \
	"$(cat "$TMP/dd.folded")"
expect_match "-o: counts are periods in nanoseconds" "^dd;.* [0-9]{5,}$" \
	"$(cat "$TMP/dd.folded")"

# A stream that trickles in is shown as it comes: its first 20 KB (of
# about 50), the pipe held open, are drawn before the rest comes; and q
# quits at once, though the pipe goes on.
mkfifo "$TMP/fifo"
start 240 24 top --window=0 --interval=0.2 -i "$TMP/fifo"
exec 3>"$TMP/fifo"
head -c 20000 "$TMP/dd.stream" >&3
wait_for "since the start: [1-9][0-9,]* samples? \|"
keys q
wait_for "^EXITED 0$"
exec 3>&-

# perf refused by kernel.perf_event_paranoid (a perf that says what perf
# says) is said with perf's words on the screen and on leaving.
real=$(command -v perf)
mkdir "$TMP/fake"
printf '%s\n' '#!/bin/sh' "[ \"\$1\" = record ] || exec \"$real\" \"\$@\"" \
	'echo "Error:" >&2' \
	'echo "Access to performance monitoring and observability operations is limited." >&2' \
	'echo "Consider adjusting /proc/sys/kernel/perf_event_paranoid setting" >&2' \
	'exit 255' >"$TMP/fake/perf"
chmod +x "$TMP/fake/perf"
TUI_ENV="TMPDIR=$TMP/t PATH=$TMP/fake:$PATH"
start 200 24 top -- "$TMP/prog" "$TMP/prog.pid"
wait_for "perf was not allowed to record: Access to performance monitoring"
keys q
wait_for "^EXITED 2$"
expect_match "paranoid: the exit message says why, in perf's words" \
	"top: 0 samples in .*; perf was not allowed to record: Access to" \
	"$(screen)"
expect_eq "paranoid: no error about an empty stream" "" \
	"$(screen | grep -i header)"
TUI_ENV="TMPDIR=$TMP/t"
rm -f "$TMP/prog.pid"

# shows NAME: the graph (lines 2 to 22 of 24) holds a frame NAME.
shows() {
	screen | sed -n '2,22p' | grep -q -- "$1"
}

# wait_until COMMAND...: poll until COMMAND succeeds (a hang guard of 60 s).
wait_until() {
	i=0
	while [ $i -lt 1200 ]; do
		"$@" && return 0
		sleep 0.05
		i=$((i + 1))
	done
	fail "timed out waiting for: $*"
	screen | sed 's/^/  | /' >&2
	return 1
}

# a_not_b, b_not_a: the window holds one phase only, and its function is
# the first word above main (a sliver of the other phase reads "p..").
above_main() { screen | grep -B1 '^main' | head -1 | awk '{ print $1 }'; }
widest() { [ "$(above_main)" = "$1" ]; }
a_not_b() { shows phase_a && ! shows phase_b && widest phase_a; }
b_not_a() { shows phase_b && ! shows phase_a && widest phase_b; }

# leftovers: processes of this test's program or its perf.
leftovers() {
	pgrep -f "$TMP/prog" | grep -v "^$$\$" || true
}

start 100 24 top --window=2 --interval=0.2 -- "$TMP/prog" "$TMP/prog.pid"
wait_until test -s "$TMP/prog.pid"
pid=$(cat "$TMP/prog.pid")
wait_until a_not_b
# perf record's stream is read natively: no perf script runs beside it.
fpid=$(pgrep -P "$(cat "$TMP/pid")" -x flametui)
expect_match "flametui runs perf record" "perf record -o -" \
	"$(pgrep -a -P "$fpid")"
expect_eq "no perf script runs" "" "$(pgrep -a -P "$fpid" -f 'perf script')"
expect_match "the title says what is in view" \
	"^top -- $TMP/prog \| last 2 s: [0-9,]+ samples \| [0-9.]+ (ns|us|ms|s) \| perf" \
	"$(line 1)"
# Phase A's function is the widest: the only block above main.
expect_eq "phase A: phase_a is the widest frame" "phase_a" \
	"$(above_main)"

# Select phase_a: up from the root through prog, its thread's main.
keys k k k k
wait_for "^phase_a +\| [0-9.]+ (ns|us|ms|s) \| 100.00% of total"
kill -USR1 "$pid"
wait_until b_not_a
expect_eq "phase B: phase_b is the widest frame" "phase_b" \
	"$(above_main)"
# The selection stays on phase_a, which has left the window: 0.
wait_for "^phase_a +\| 0 ns \| 0.00% of total"

# Paused, nothing on the screen changes while phase A comes back.
keys p
wait_for "\| paused"
before=$(screen)
kill -USR1 "$pid"
sleep 2
expect_eq "paused: the screen does not change" "$before" "$(screen)"
keys p
wait_until a_not_b
expect_eq "resumed: no longer paused" "" "$(line 1 | grep paused)"

# q stops perf and the program and leaves no file behind.
keys q
wait_for "^EXITED 0$"
expect_eq "q: no perf process and no program left" "" "$(leftovers)"
expect_eq "q: no temporary file" "" "$(ls -A "$TMP/t")"
rm -f "$TMP/prog.pid"

# -p: a process that exits is said on the screen and on leaving.
"$TMP/prog" "$TMP/prog.pid" &
pid=$!
wait_until test -s "$TMP/prog.pid"
start 100 24 top --interval=0.2 -p "$pid"
wait_until shows phase_a
kill -USR2 "$pid"
wait "$pid"
wait_for "process $pid has exited: recording stopped"
keys q
wait_for "^EXITED 0$"
expect_match "-p: the exit message says the process exited" \
	"top: [0-9]+ samples in .*; process $pid has exited" "$(screen)"
rm -f "$TMP/prog.pid"

# perf dying is said too, and its COMMAND does not outlive flametui.
start 100 24 top --interval=0.2 -- "$TMP/prog" "$TMP/prog.pid"
wait_until test -s "$TMP/prog.pid"
wait_until shows phase_a
perf=$(pgrep -f "perf record -o - .*$TMP/prog" | head -1)
kill -KILL "$perf"
wait_for "perf record was killed by signal 9"
keys q
wait_for "^EXITED 2$"
expect_match "perf killed: the exit message says so" \
	"perf record was killed by signal 9" "$(screen)"
expect_eq "perf killed: no program left" "" "$(leftovers)"
rm -f "$TMP/prog.pid"

# Ctrl-C stops as q does, and -o saves every sample recorded.
start 100 24 top --interval=0.2 -o "$TMP/all.folded" -- "$TMP/prog" \
	"$TMP/prog.pid"
wait_until test -s "$TMP/prog.pid"
wait_until shows phase_a
keys C-c
wait_for "^EXITED 130$"
expect_eq "Ctrl-C: no perf process and no program left" "" "$(leftovers)"
expect_match "-o: folded stacks through phase_a" \
	"^prog;.*main;phase_a [0-9]+$" "$(cat "$TMP/all.folded")"
expect_eq "Ctrl-C: no temporary file" "" "$(ls -A "$TMP/t")"

finish
