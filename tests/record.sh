#!/bin/sh
# flametui record: refusals, and real recordings of tests/record-prog.c.
. "$top_srcdir/tests/lib.sh"

# perf missing: a PATH without perf names the Debian package.
mkdir "$TMP/empty"
out=$(PATH="$TMP/empty" "$FLAMETUI" record -d 1 2>&1)
expect_eq "perf missing: exit status" 2 $?
expect_match "perf missing: names linux-perf" \
	"perf is not installed.*linux-perf" "$out"

# Usage errors are refused before anything runs.
out=$("$FLAMETUI" record -p 1 -- true 2>&1)
expect_eq "two scopes: exit status" 2 $?
expect_match "two scopes: message" "give one scope" "$out"
out=$("$FLAMETUI" record --call-graph=magic 2>&1)
expect_match "bad --call-graph" "'magic' is not fp, dwarf or lbr" "$out"
# An empty COMMAND is refused, not taken for the whole system.
for cmd in '' "''"; do
	out=$(eval "\"\$FLAMETUI\" record -d 1 -- $cmd" 2>&1)
	expect_eq "empty COMMAND ($cmd): exit status" 2 $?
	expect_match "empty COMMAND ($cmd): message" \
		"record: the COMMAND after -- is empty: give one, or -a for the whole system" "$out"
done
# -d names the durations it takes.
out=$("$FLAMETUI" record -d 0 2>&1)
expect_eq "-d 0: exit status" 2 $?
expect_match "-d 0: the range" \
	"-d: '0' is not a number of seconds above 0 and at most 86400" "$out"


if ! command -v perf >/dev/null 2>&1; then
	echo "SKIP: perf is not installed (Debian package linux-perf)"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi

# Without a terminal for the view, and no -o or --svg, nothing is recorded.
if command -v setsid >/dev/null 2>&1; then
	out=$(setsid -w "$FLAMETUI" record -p $$ -d 1 </dev/null 2>&1)
	expect_eq "no terminal: exit status" 2 $?
	expect_match "no terminal: says to save" \
		"no terminal for the interactive view .*-o FILE or --svg=FILE" "$out"
fi

# A PID that cannot exist (above any pid_max).
out=$("$FLAMETUI" record -p 2147483646 -d 1 2>&1)
expect_eq "no such PID: exit status" 2 $?
expect_match "no such PID: message" "-p 2147483646: no such process" "$out"

# perf_event_paranoid: an unprivileged user may not record the whole system
# when it is above 0.
paranoid=$(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null || echo -1)
if [ "$paranoid" -gt 0 ] && [ "$(id -u)" = 0 ] &&
    command -v setpriv >/dev/null 2>&1; then
	out=$(setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$FLAMETUI" record -a -d 1 2>&1)
	expect_eq "paranoid: exit status" 2 $?
	expect_match "paranoid: names the sysctl" \
		"kernel.perf_event_paranoid is $paranoid.*sysctl kernel.perf_event_paranoid=0" \
		"$(echo $out)"
else
	echo "skipped the perf_event_paranoid check: it needs root, setpriv" \
		"and kernel.perf_event_paranoid above 0 (it is $paranoid)"
fi

# Can perf record here at all?
if ! perf record -q -g -o "$TMP/probe.data" -- true >"$TMP/probe.err" 2>&1
then
	echo "SKIP: perf cannot record here: $(head -3 "$TMP/probe.err")"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi

# Until src/fmt-perf.c reads perf script, there is nothing to check.
if printf 'p 1 1.0: 1 cpu-clock:\n\t1 f (/x)\n\n' |
    "$FLAMETUI" --format=perf --fold 2>&1 | grep -q "not supported yet"; then
	echo "SKIP: this build cannot read perf script output yet"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi

# The workload, with frame pointers (-O0: gcc drops them in leaf functions
# at higher levels).
cc=${CC:-cc}
if ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/record-prog.c"; then
	echo "SKIP: cannot compile tests/record-prog.c with $cc"
	exit 77
fi

# A COMMAND that is there but may not be run is not "not found".
printf 'true\n' >"$TMP/noexec"
chmod 644 "$TMP/noexec"
out=$("$FLAMETUI" record -o "$TMP/x.folded" -- "$TMP/noexec" 2>&1)
expect_eq "not executable: exit status" 2 $?
expect_eq "not executable: says so" \
	"flametui: $TMP/noexec: not executable (permission denied)" "$out"
out=$("$FLAMETUI" record -o "$TMP/x.folded" -- no-such-command-here 2>&1)
expect_eq "not found: says so" \
	"flametui: no-such-command-here: command not found" "$out"

# An output that cannot be written is refused before anything is recorded.
for opt in -o --svg=; do
	case $opt in
	-o) out=$("$FLAMETUI" record -o "$TMP/nodir/out" -- "$TMP/prog" 0.3 2>&1) ;;
	*) out=$("$FLAMETUI" record --svg="$TMP/nodir/out" -- "$TMP/prog" 0.3 2>&1) ;;
	esac
	expect_eq "$opt in no directory: exit status" 2 $?
	expect_match "$opt in no directory: names it" "^flametui: $TMP/nodir/out: .*No such file or directory$" "$out"
	case $out in
	*running:*) fail "$opt in no directory: recorded anyway: $out" ;;
	esac
done

# share NAME FILE: per cent of the samples in FILE whose stack holds NAME.
share() {
	awk -v name="$1" '{
		n = $NF; total += n
		if (index(";" $1 ";", ";" name ";")) hit += n
	} END { if (total) printf "%d", 100 * hit / total; else print 0 }' "$2"
}

# widest FILE: the two widest frames below main, widest first.
widest() {
	awk '{
		n = $NF; k = split($1, f, ";"); below = 0
		delete seen
		for (i = 1; i <= k; i++) {
			if (below && !(f[i] in seen)) { w[f[i]] += n; seen[f[i]] = 1 }
			if (f[i] == "main") below = 1
		}
	} END { for (x in w) print w[x], x }' "$1" | sort -rn | head -2 |
	awk '{ printf "%s%s", (NR > 1 ? " " : ""), $2 }'
}

# gone PID: the process is no more (or a zombie no one has reaped yet).
gone() {
	! kill -0 "$1" 2>/dev/null ||
		grep -q '^State:.*Z' "/proc/$1/status" 2>/dev/null
}

# Record a COMMAND: burn_hot has about 3/4 of the samples, burn_warm 1/4.
cd "$TMP" || exit 1
mkdir "$TMP/t"
# Every capture's private directory goes under $TMP, so that even a crashed
# run leaves nothing behind.
TMPDIR="$TMP/t"
export TMPDIR
TMPDIR="$TMP/t" "$FLAMETUI" record -F 999 -o out.folded -- ./prog 1 \
	>"$TMP/stdout" 2>"$TMP/err"
expect_eq "COMMAND: exit status" 0 $?
err=$(cat "$TMP/err")
expect_match "COMMAND: shows what it runs" "running: .*perf record -F 999 .*-- ./prog 1" "$err"
expect_match "COMMAND: says how many samples" "recorded [0-9]+ samples?" "$err"
expect_match "COMMAND: says how many distinct stacks were read" \
	"read [0-9]+ samples? in $(wc -l <out.folded) stacks?" "$err"
expect_eq "COMMAND: the two widest frames below main" "burn_hot burn_warm" \
	"$(widest out.folded)"
hot=$(share burn_hot out.folded)
warm=$(share burn_warm out.folded)
if [ "$hot" -lt 60 ] || [ "$hot" -gt 90 ] || [ "$warm" -lt 10 ] ||
    [ "$warm" -gt 40 ]; then
	fail "COMMAND: burn_hot has $hot% (wanted about 75), burn_warm $warm%" \
		"(wanted about 25)"
fi
expect_match "COMMAND: stacks walk up through main" \
	"^prog;.*main;burn_hot [0-9]+$" "$(cat out.folded)"
expect_eq "COMMAND: the temporary directory is removed" "" "$(ls "$TMP/t")"
expect_eq "COMMAND: no temporary file beside the output" "out.folded" \
	"$(ls out.folded*)"

# -p attaches to a running process.
./prog 30 &
pid=$!
"$FLAMETUI" record -p "$pid" -d 1 -F 999 -o p.folded 2>"$TMP/err"
expect_eq "-p: exit status" 0 $?
kill "$pid"
wait "$pid" 2>/dev/null
expect_match "-p: shows what it runs" "perf record .*-p $pid" "$(cat "$TMP/err")"
expect_eq "-p: the two widest frames below main" "burn_hot burn_warm" \
	"$(widest p.folded)"
hot=$(share burn_hot p.folded)
[ "$hot" -ge 60 ] || fail "-p: burn_hot has $hot% of the samples (wanted about 75)"

# --raw saves perf script's text; --keep keeps perf.data.
TMPDIR="$TMP/t" "$FLAMETUI" record --raw --keep -F 999 -o raw.txt -- \
	./prog 0.3 2>"$TMP/err"
expect_eq "--raw: exit status" 0 $?
expect_match "--raw: perf script text" "^	 *[0-9a-f]+ burn_hot\+0x" "$(cat raw.txt)"
kept=$(sed -n 's/^flametui: kept //p' "$TMP/err")
[ -n "$kept" ] && [ -s "$kept" ] ||
	fail "--keep: perf.data was not kept ($(cat "$TMP/err"))"
# "read N samples in M stacks": N samples with a call chain in perf
# script's text, M distinct stacks as --fold writes them.
n=$(awk '/^\t/ { if (ev) n++; ev = 0; next } { ev = ($0 != "") }
	END { print n + 0 }' raw.txt)
m=$("$FLAMETUI" --fold raw.txt | wc -l)
expect_match "--raw: counts samples and stacks" "read $n samples? in $m stacks?" \
	"$(cat "$TMP/err")"

# --raw to a stream (a pipe, here by /dev/stdout) is not read back from it.
{ timeout -k 10 120 "$FLAMETUI" record --raw -o /dev/stdout -F 999 -- ./prog 0.3 \
	2>"$TMP/err"; echo $? >"$TMP/rc"; } | cat >"$TMP/raw.out"
expect_eq "--raw to a stream: exit status" 0 "$(cat "$TMP/rc")"
expect_match "--raw to a stream: perf script text" "^	 *[0-9a-f]+ burn_hot\+0x" \
	"$(cat "$TMP/raw.out")"
expect_match "--raw to a stream: read again" "read [0-9]+ samples? in" \
	"$(cat "$TMP/err")"

# An output that fails after recording (its directory went) keeps
# perf.data, and says where.
mkdir "$TMP/gone"
"$FLAMETUI" record -F 999 -o "$TMP/gone/out.folded" -- \
	sh -c "rm -r '$TMP/gone'; exec ./prog 0.3" 2>"$TMP/err"
expect_eq "output gone: exit status" 2 $?
kept=$(sed -n 's/^flametui: kept //p' "$TMP/err")
[ -n "$kept" ] && [ -s "$kept" ] ||
	fail "output gone: perf.data was not kept ($(cat "$TMP/err"))"
[ -n "$kept" ] && rm -r "${kept%/perf.data}"

# Killed by SIGKILL, flametui takes perf along, and perf its COMMAND: no
# recording goes on for the rest of its duration.
mkdir "$TMP/k"
for what in "-a -d 600" "-d 600 -- ./prog 600"; do
	TMPDIR="$TMP/k" "$FLAMETUI" record -o k.folded $what 2>"$TMP/err" &
	fpid=$!
	# Until perf has written its header (and started the COMMAND).
	perf= kids=
	for i in $(seq 300); do
		perf=$(ps -o pid= --ppid "$fpid" | tr -d ' ')
		[ -n "$perf" ] && kids=$(ps -o pid= --ppid "$perf" | tr -d ' ')
		[ -n "$perf" ] && [ -s "$(echo "$TMP"/k/*/perf.data)" ] &&
			{ [ -n "$kids" ] || [ "$what" = "-a -d 600" ]; } && break
		sleep 0.1
	done
	kill -9 "$fpid"
	wait "$fpid" 2>/dev/null
	for i in $(seq 200); do
		alive=
		for p in $perf $kids; do
			gone "$p" || alive="$alive $p"
		done
		[ -z "$alive" ] && break
		sleep 0.1
	done
	expect_eq "record $what killed: perf and its COMMAND go too" "" "$alive"
	[ -n "$alive" ] && kill $alive
	[ -n "$perf" ] || fail "record $what: perf never started ($(cat "$TMP/err"))"
	rm -rf "$TMP"/k/*
done
rmdir "$TMP/k"

# On a terminal: a countdown with the samples so far; Ctrl-C stops early
# and keeps what was recorded.
if command -v tmux >/dev/null 2>&1; then
	./prog 60 &
	pid=$!
	sock="$TMP/tmux"
	trap 'for s in "$TMP"/tmux*; do tmux -S "$s" kill-server 2>/dev/null
		done; rm -rf "$TMP"' EXIT
	tmux -S "$sock" new-session -d -x 120 -y 20 \
		"'$FLAMETUI' record -p $pid -d 60 -F 999 -o cc.folded; echo EXIT=\$?; sleep 60"
	screen=
	for i in $(seq 300); do
		screen=$(tmux -S "$sock" capture-pane -p)
		printf '%s' "$screen" | grep -Eq 'left, [1-9][0-9]* samples' && break
		sleep 0.1
	done
	expect_match "tty: countdown and samples so far" \
		"recording: [0-9]+s left, [1-9][0-9]* samples \(Ctrl-C stops early\)" "$screen"
	tmux -S "$sock" send-keys C-c
	for i in $(seq 300); do
		screen=$(tmux -S "$sock" capture-pane -p)
		printf '%s' "$screen" | grep -q 'EXIT=' && break
		sleep 0.1
	done
	tmux -S "$sock" kill-server
	kill "$pid"
	wait "$pid" 2>/dev/null
	expect_match "Ctrl-C: stopped early" "recorded [1-9][0-9]* samples? in .*stopped early" "$screen"
	expect_match "Ctrl-C: saved" "EXIT=0" "$screen"
	expect_match "Ctrl-C: what was recorded is kept" "main;burn_hot [0-9]+" \
		"$(cat cc.folded 2>/dev/null)"

	# Without -o or --svg, the capture opens in the interactive view.
	# (A new server: the old one may still be on its way out.)
	./prog 60 &
	pid=$!
	sock="$TMP/tmux2"
	tmux -S "$sock" new-session -d -x 100 -y 20 \
		"'$FLAMETUI' record -p $pid -d 1 -F 999; echo EXIT=\$?; sleep 60"
	for i in $(seq 300); do
		screen=$(tmux -S "$sock" capture-pane -p)
		printf '%s' "$screen" | grep -q 'q: quit' && break
		sleep 0.1
	done
	expect_match "view: titled with what was recorded" \
		"^perf record -p $pid \| [0-9,.]+ [a-z]+(, [0-9,]+ samples of [a-z-]+)? \| perf" \
		"$screen"
	expect_match "view: burn_hot on main" "burn_hot .*
main" "$screen"
	tmux -S "$sock" send-keys q
	for i in $(seq 100); do
		screen=$(tmux -S "$sock" capture-pane -p)
		printf '%s' "$screen" | grep -q 'EXIT=' && break
		sleep 0.1
	done
	tmux -S "$sock" kill-server
	kill "$pid"
	wait "$pid" 2>/dev/null
	expect_match "view: q quits with status 0" "EXIT=0" "$screen"

	# The COMMAND's output comes on lines of its own, above the status
	# line, not glued to it: the COMMAND writes once the status line is
	# up.
	sock="$TMP/tmux-out"
	cat >"$TMP/talk.sh" <<EOS
i=0
until tmux -S "$sock" capture-pane -p | grep -q 'stops early)\$'; do
	i=\$((i + 1)); [ \$i -lt 300 ] || break; sleep 0.1
done
echo hello from the command
i=0
until tmux -S "$sock" capture-pane -p | grep -q '^hello from the command\$'; do
	i=\$((i + 1)); [ \$i -lt 300 ] || break; sleep 0.1
done
EOS
	tmux -S "$sock" new-session -d -x 120 -y 20 \
		"'$FLAMETUI' record -F 999 -o talk.folded -- sh '$TMP/talk.sh'; echo EXIT=\$?; sleep 60"
	for i in $(seq 300); do
		screen=$(tmux -S "$sock" capture-pane -p)
		printf '%s' "$screen" | grep -q 'EXIT=' && break
		sleep 0.1
	done
	tmux -S "$sock" kill-server
	expect_match "COMMAND's output: on a line of its own" \
		"^hello from the command\$" "$screen"
	expect_match "COMMAND's output: said where it goes" \
		"sh's output goes to a file, shown here a line at a time" "$screen"
	expect_match "COMMAND's output: recorded" "EXIT=0" "$screen"

	# view NAME: open `flametui record -p $pid -d 1 -F 999` in a new tmux
	# server, $TMP/tmux-NAME, with its captures in $TMP/v, and wait for the
	# view's title. flametui's pid is then in $vpid, the screen in $screen.
	mkdir "$TMP/v"
	view() {
		vsock=$TMP/tmux-$1
		rm -f "$TMP/vpid"
		tmux -S "$vsock" new-session -d -x 100 -y 24 "ulimit -c 0; echo \$\$ >'$TMP/vpid'; exec env TMPDIR='$TMP/v' '$FLAMETUI' record -p $pid -d 1 -F 999"
		for i in $(seq 300); do
			screen=$(tmux -S "$vsock" capture-pane -p 2>/dev/null)
			printf '%s' "$screen" | grep -q "^perf record -p $pid |" && break
			sleep 0.1
		done
		vpid=$(cat "$TMP/vpid" 2>/dev/null)
	}
	./prog 600 &
	pid=$!

	# The heat map works on what was recorded.
	view heat
	tmux -S "$vsock" send-keys m
	for i in $(seq 100); do
		screen=$(tmux -S "$vsock" capture-pane -p)
		printf '%s' "$screen" | grep -q 'heat map' && break
		sleep 0.1
	done
	expect_match "view: m shows the heat map" \
		"^perf record -p $pid \| heat map: [0-9,]+ samples" "$screen"
	tmux -S "$vsock" kill-server
	for i in $(seq 100); do
		gone "$vpid" && break
		sleep 0.1
	done
	rm -rf "$TMP/v"/*

	# However the view ends, no perf.data is left behind.
	for how in q C-c TERM HUP QUIT close; do
		view "$how"
		expect_match "view ended by $how: it was up" \
			"^perf record -p $pid \| " "$screen"
		case $how in
		q|C-c) tmux -S "$vsock" send-keys "$how" ;;
		close) tmux -S "$vsock" kill-pane ;;
		*) kill -s "$how" "$vpid" ;;
		esac
		for i in $(seq 100); do
			gone "$vpid" && break
			sleep 0.1
		done
		gone "$vpid" || fail "view ended by $how: flametui is still running"
		expect_eq "view ended by $how: nothing left behind" "" \
			"$(ls "$TMP/v")"
		tmux -S "$vsock" kill-server 2>/dev/null
		rm -rf "$TMP/v"/*
	done
	kill "$pid"
	wait "$pid" 2>/dev/null
else
	echo "skipped the terminal check: no tmux"
fi

# --svg writes an SVG instead; --icicle and --chart shape it. The program
# itself is never overwritten.
"$FLAMETUI" record --svg=out.svg --icicle --chart -F 999 -- ./prog 0.3 \
	2>"$TMP/err"
expect_eq "--svg: exit status" 0 $?
svg=$(cat out.svg)
expect_match "--svg: an SVG with burn_hot" \
	"^burn_hot \\([0-9,.]+ [a-z]+(, [0-9,]+ samples)?, [0-9.]+%\\)$(printf '\t')<rect " \
	"$(perl "$top_srcdir/tests/svg-frames.pl" titles out.svg)"
expect_match "--svg --chart: titled a flame chart" ">Flame Chart" \
	"$svg"
expect_match "--svg --icicle: drawn upside down" 'data-inverted="1"' "$svg"
out=$("$FLAMETUI" record -o prog -- ./prog 0.1 2>&1)
expect_eq "-o naming the program: exit status" 2 $?
expect_match "-o naming the program: refused" "not overwriting it" "$out"

# Nothing sampled: a sleeping process never runs.
sleep 30 &
pid=$!
out=$("$FLAMETUI" record -p "$pid" -d 1 -o sleep.folded 2>&1)
expect_eq "nothing sampled: exit status" 1 $?
expect_match "nothing sampled: message" "nothing was sampled" "$out"
kill "$pid"
[ -e sleep.folded ] && fail "nothing sampled: an output was written anyway"

# --off-cpu: the sleeping command blocks in the kernel's scheduler, and
# that stack is weighed (its shape is checked, not how long it took).
out=$("$FLAMETUI" record --off-cpu -o off.folded -- sleep 0.2 2>&1)
if [ $? -eq 0 ]; then
	expect_match "--off-cpu: sleep blocks in schedule, with a weight" \
		"^sleep;.*nanosleep.*;schedule(;[^ ;]+)* [1-9][0-9]*$" "$(cat off.folded)"
else
	expect_match "--off-cpu refused: says why" "--off-cpu: |perf_event_paranoid" "$out"
	echo "skipped the --off-cpu recording: $out"
fi

finish
