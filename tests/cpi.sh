#!/bin/sh
# --cpi: a CPI flame graph of perf script output with cycles and
# instructions. The counts below were worked out by hand from the input:
# it samples both events at one fixed period (-c 100000000), so a frame's
# CPI is its cycles samples over its instructions samples.
#   noploop;main  68 cycles, 274 instructions: CPI 0.248, IPC 4.03
#   cksum (root)  1+19+3+1+9+1 = 34 cycles, 31+6+1+19 = 57: CPI 0.596
#   cksum;main    9+1 = 10 cycles, 19 instructions: CPI 0.526, IPC 1.90
#   swapper       9 cycles, no instructions: no CPI, IPC 0
#   all           111 cycles, 333 instructions: CPI 0.333, IPC 3.00
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

IN=$SHARED/conformance/perf/input/perf-cycles-instructions-01.txt
[ -r "$IN" ] || { echo "SKIP: $IN is missing"; exit 77; }

# --fold: "stack CYCLES INSTRUCTIONS", as difffolded.pl writes them.
"$FLAMETUI" --cpi --fold "$IN" >"$TMP/cpi.folded" 2>"$TMP/err"
expect_eq "--cpi --fold: exit status" 0 $?
expect_eq "--cpi --fold: cycles then instructions per stack" \
"cksum;[unknown] 1 0
cksum;_start;__libc_start_main;main;cksum 19 31
cksum;cksum 3 6
cksum;cksum;__GI___fread_unlocked;_IO_file_xsgetn;_IO_file_read;entry_SYSCALL_64_fastpath;sys_read;vfs_read;__vfs_read;ext4_file_read_iter 0 1
cksum;ext4_file_read_iter 1 0
cksum;main;cksum 9 19
cksum;main;cksum;__GI___fread_unlocked;_IO_file_xsgetn;_IO_file_read;entry_SYSCALL_64_fastpath;sys_read;vfs_read;__vfs_read;ext4_file_read_iter;generic_file_read_iter;copy_page_to_iter;copy_user_enhanced_fast_string 1 0
noploop;[unknown] 0 2
noploop;main 68 274
swapper;verify_cpu;start_secondary;cpu_startup_entry;do_idle;call_cpuidle;cpuidle_enter;cpuidle_enter_state;poll_idle 9 0" \
	"$(cat "$TMP/cpi.folded")"
# The two columns read back with --cpi give the same profile, and without
# it are a differential profile (flamegraph.pl sizes by the last column).
expect_eq "--cpi reads its own folded output back" \
	"$(cat "$TMP/cpi.folded")" "$("$FLAMETUI" --cpi --fold "$TMP/cpi.folded")"
expect_eq "the two columns are difffolded's" "noploop;main 68 274" \
	"$("$FLAMETUI" --fold "$TMP/cpi.folded" | grep '^noploop;main ')"
# The events named with modifiers or a PMU count as well.
sed 's/ cycles: $/ cpu_core\/cycles\/u: /; s/ instructions: $/ instructions:u: /' \
	"$IN" >"$TMP/mod.txt"
expect_eq "cycles:u, cpu_core/cycles/: the same stacks" \
	"$(cat "$TMP/cpi.folded")" "$("$FLAMETUI" --cpi --fold "$TMP/mod.txt")"

# Input without both events is refused, saying what is missing.
printf 'main;a 3\n' >"$TMP/one.folded"
"$FLAMETUI" --cpi --fold "$TMP/one.folded" >"$TMP/out" 2>"$TMP/err"
expect_eq "--cpi of one count: exit status" 1 $?
expect_match "--cpi of one count: why" "--cpi wants samples of both cycles and instructions" \
	"$(cat "$TMP/err")"
grep -v ' cycles: $' "$IN" | awk 'BEGIN { RS = ""; ORS = "\n\n" } !/ cycles: *\n/' \
	>"$TMP/noc.txt"
"$FLAMETUI" --cpi --fold "$TMP/noc.txt" >"$TMP/out" 2>"$TMP/err"
expect_eq "--cpi without cycles: exit status" 1 $?
expect_match "--cpi without cycles: the note names them" \
	"--cpi: no samples of cycles \(record with perf record -e cycles,instructions -g\)" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --cpi --event-filter=cycles --fold "$IN" >"$TMP/out" 2>"$TMP/err"
expect_eq "--cpi with --event-filter is a usage error" 2 $?

# The SVG: CPI Flame Graph, a legend, per frame its cycles, instructions,
# CPI and IPC, and blue (low CPI) to red (high CPI) fills.
"$FLAMETUI" --cpi --svg="$TMP/cpi.svg" "$IN"
expect_eq "--cpi --svg: exit status" 0 $?
S=$(cat "$TMP/cpi.svg")
expect_match "SVG title" '<text id="title"[^>]*>CPI Flame Graph</text>' "$S"
expect_match "SVG legend" '<g id="cpi-legend"><text[^>]*>CPI</text><rect [^>]*fill="rgb\(40,40,255\)"/><text[^>]*>&lt;=0.25</text>.*<text[^>]*>&gt;=4</text></g>' "$S"
expect_match "SVG: noploop main, deep blue" \
	'fill="rgb\(40,40,255\)"><title>main \(68 samples, 61.26%; cycles 68, instructions 274, CPI 0.25, IPC 4.03\)</title>' "$S"
expect_match "SVG: cksum" \
	'<title>cksum \(34 samples, 30.63%; cycles 34, instructions 57, CPI 0.60, IPC 1.68\)</title>' "$S"
expect_match "SVG: cksum's main, blue" \
	'fill="rgb\([0-9]+,[0-9]+,255\)"><title>main \(10 samples, 9.01%; cycles 10, instructions 19, CPI 0.53, IPC 1.90\)</title>' "$S"
expect_match "SVG: swapper, no instructions, deep red" \
	'fill="rgb\(255,40,40\)"><title>swapper \(9 samples, 8.11%; cycles 9, instructions 0, CPI -, IPC 0.00\)</title>' "$S"
expect_match "SVG: the root" \
	'<title>all \(111 samples, 100%; cycles 111, instructions 333, CPI 0.33, IPC 3.00\)</title>' "$S"
expect_match "SVG: framedata carries the instructions" \
	'data-cpi="1"' "$S"

# The viewer: the status line of the selected frame, the legend, and C.
start 150 20 --cpi "$IN"
wait_for 'CPI, widths by cycles'
keys / '^main$' Enter
wait_for '^/\^main\$/ matched'
keys n n
wait_for '^main \| cycles 10 \| instructions 19 \| CPI 0\.53 \| IPC 1\.90 \| 9\.01% of total'
expect_match "the legend on the bottom line" 'CPI +<=0\.25 +0\.5 +1 +2 +>=4$' \
	"$(line 20)"
t capture-pane -p -e >"$TMP/screen"
# noploop, CPI 0.25: the deepest blue of the scale, xterm colour 21.
expect_match "noploop is deep blue" "$(printf '\033\\[48;5;21mnoploop')" \
	"$(cat "$TMP/screen")"
keys Escape
wait_for 'Enter: zoom  C: palette'
keys C
wait_for 'Enter: zoom  C: CPI colours'
case $(line 20) in *'<=0.25'*) fail "C: the legend stays" ;; esac
t capture-pane -p -e >"$TMP/screen"
grep -q "$(printf '\033\\[48;5;21mnoploop')" "$TMP/screen" &&
	fail "C: noploop still coloured by CPI"
keys q
wait_for '^EXITED 0'

# C on a profile without CPI says what to do.
printf 'main;a 3\n' >"$TMP/plain"
start 100 12 "$TMP/plain"
wait_for 'Enter: zoom'
keys C
wait_for 'C: no CPI profile; run flametui --cpi on perf record -e cycles,instructions -g'
keys q
wait_for '^EXITED 0'

finish
