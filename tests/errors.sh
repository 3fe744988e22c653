#!/bin/sh
# Malformed input, format by format: the good stacks are kept, and one
# counted warning names FILE:LINE of the first bad line. Never a crash.
. "$top_srcdir/tests/lib.sh"

# run FORMAT: fold $TMP/in forced to FORMAT into $TMP/out and $TMP/err.
run() {
	"$FLAMETUI" --fold -f "$1" "$TMP/in" >"$TMP/out" 2>"$TMP/err"
	echo $? >"$TMP/rc"
}

## stap: a count too large for 64 bits, and a stack with no count at the end.
printf ' 0x1 : a+0x1/0x2 [k]\n\t99999999999999999999\n 0x2 : b+0x1/0x2 [k]\n\t3\n 0x3 : c+0x1/0x2 [k]\n' >"$TMP/in"
run stap
expect_eq "stap: good stack kept" "b 3" "$(cat "$TMP/out")"
expect_match "stap: count overflow named" \
	"in:2: count does not fit in 64 bits.*2 lines ignored" "$(cat "$TMP/err")"
printf ' 0x1 : a+0x1/0x2 [k]\n 0x2 : b+0x1/0x2 [k]\n' >"$TMP/in"
run stap
expect_match "stap: stack without count" "in:1: stack has no count" \
	"$(cat "$TMP/err")"
expect_eq "stap: nothing read, exit 1" 1 "$(cat "$TMP/rc")"

## pmc: a line that is no call graph line, and an oversized count.
printf '@ EV [3 samples]\n\n50.00%%  [2]   f @ /k\n 100.0%%  [2]    g\ngarbage here\n50.00%%  [99999999999999999999]  h\n50.0%%  [1]  i\n' >"$TMP/in"
run pmc
expect_eq "pmc: good stacks kept" "$(printf 'g;f 2\ni 1')" "$(cat "$TMP/out")"
expect_match "pmc: bad line named" \
	"in:5: not a pmcstat -G line.*2 lines ignored" "$(cat "$TMP/err")"

## bpftrace: stray text, an entry never closed, an oversized count.
printf 'Attaching 1 probe...\n\n@[\n    f+1\n    g+2\n]: 4\nstray text\n@[\n    h+1\n]: 99999999999999999999\n@[\n    lost+1\n' >"$TMP/in"
run bpftrace
expect_eq "bpftrace: good stack kept" "g;f 4" "$(cat "$TMP/out")"
expect_match "bpftrace: stray line named" \
	"in:7: not part of a bpftrace map.*3 lines ignored" "$(cat "$TMP/err")"

## gdb: a broken frame line ends the backtrace (as in the reference) and
## is reported.
printf 'Thread 1 (Thread 0x1 (LWP 2) "x"):\n#0  0x1 in f () at a.c:1\n#1 broken\n#2  0x3 in main () at a.c:9\n' >"$TMP/in"
run gdb
expect_eq "gdb: stacks kept" "$(printf 'f 1\nmain 1')" "$(cat "$TMP/out")"
expect_match "gdb: bad frame named" "in:3: not a gdb frame line.*1 line ignored" \
	"$(cat "$TMP/err")"

## eu-stack: stray text.
printf 'PID 1 - process\nTID 1:\n#0  0x00007f01 nanosleep\nsomething else\n#1  0x00005501 main\n' >"$TMP/in"
run eu-stack
expect_eq "eu-stack: stack kept" "main;nanosleep 1" "$(cat "$TMP/out")"
expect_match "eu-stack: bad line named" "in:4: not an eu-stack line" \
	"$(cat "$TMP/err")"

## jstack: stray text is reported; a last thread with no blank line after
## it is kept (the reference drops it).
printf '"w-1" #1 prio=5\n   java.lang.Thread.State: RUNNABLE\n\tat a.B.c(B.java:1)\nwhat is this\n\tat a.B.main(B.java:9)\n' >"$TMP/in"
run jstack
expect_eq "jstack: thread kept" "w;a.B.main;a.B.c 1" "$(cat "$TMP/out")"
expect_match "jstack: stray line named" "in:4: not a jstack line" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --fold --thread-state=BLOCKED -f jstack "$TMP/in" >"$TMP/out" 2>&1
expect_eq "jstack: no thread in state, exit 1" 1 $?

## sample: a broken call graph line, and no "Total number" line at the end.
printf 'Call graph:\n    10 Thread_1\n    + 10 main  (in a) + 1  [0x1]\n    + garbage\n    +   7 f  (in a) + 2  [0x2]\n' >"$TMP/in"
run sample
expect_eq "sample: stacks kept" "$(printf 'Thread_1;a`main 3\nThread_1;a`main;a`f 7')" \
	"$(cat "$TMP/out")"
expect_match "sample: bad line named" \
	"in:4: not a call graph line.*2 lines ignored" "$(cat "$TMP/err")"

## vtune: a row with no self time column.
printf 'Function Stack,CPU Time:Self,Module\nmain,0.5,app\nthis row is wrong\n f,0.25,lib\n' >"$TMP/in"
run vtune
expect_eq "vtune: rows kept" "$(printf 'app!main 500\napp!main;lib!f 250')" \
	"$(cat "$TMP/out")"
expect_match "vtune: bad row named" "in:3: not a VTune row" "$(cat "$TMP/err")"

## perf-sched: a stat event with no delay, a switch with no prev_pid.
printf 'a 5 [0] 1.0: sched:sched_switch: prev_comm=a prev_pid=5 prev_state=S ==>\n\tffff f ([k])\n\n' >"$TMP/in"
printf 'b 0 [0] 1.1: sched:sched_stat_sleep: comm=a pid=5 [ns]\n\tffff w ([k])\n\n' >>"$TMP/in"
printf 'a 5 [0] 1.2: sched:sched_switch: prev_comm=a prev_state=S ==>\n\tffff g ([k])\n\n' >>"$TMP/in"
printf 'a 5 [0] 1.3: sched:sched_switch: prev_comm=a prev_pid=5 prev_state=S ==>\n\tffff h ([k])\n\n' >>"$TMP/in"
printf 'b 0 [0] 1.4: sched:sched_stat_sleep: comm=a pid=5 delay=7000 [ns]\n\tffff w ([k])\n\n' >>"$TMP/in"
run perf-sched
expect_eq "perf-sched: good stack kept" "a;h 7" "$(cat "$TMP/out")"
expect_match "perf-sched: bad events named" \
	"in:4: sched_stat event without pid= or delay=.*2 lines ignored" \
	"$(cat "$TMP/err")"

## Damaged lines read as the reference reads them (found by comparing with
## the reference collapsers on mutated fixtures): a jstack "at" with nothing
## after it is an empty frame; a perf-sched leaf frame with no name vanishes.
printf '"t" #1\n   java.lang.Thread.State: RUNNABLE\n\tat \n\tat a.B.c(B.java:1)\n\n' >"$TMP/in"
run jstack
expect_eq "jstack: empty frame" "t;a.B.c; 1" "$(cat "$TMP/out")"
printf 'a 5 [0] 1.0: sched:sched_switch: prev_comm=a prev_pid=5 prev_state=S ==>\n\tffff\n\tffff f ([k])\n\n' >"$TMP/in"
printf 'b 0 [0] 1.1: sched:sched_stat_sleep: comm=a pid=5 delay=3000 [ns]\n\tffff w ([k])\n\n' >>"$TMP/in"
run perf-sched
expect_eq "perf-sched: nameless leaf" "a;f 3" "$(cat "$TMP/out")"

## A number option out of range names the range in plain digits.
printf 'a 1\n' >"$TMP/in"
"$FLAMETUI" --width=abc --svg="$TMP/o.svg" "$TMP/in" 2>"$TMP/err"
expect_eq "--width: status" 2 $?
expect_eq "--width: range" \
	"flametui: --width: 'abc' is not a number from 100 to 1000000" \
	"$(cat "$TMP/err")"
# A lone "%" is no number, not 0%.
"$FLAMETUI" --minwidth=% --svg="$TMP/o.svg" "$TMP/in" 2>"$TMP/err"
expect_eq "--minwidth=%: status" 2 $?
expect_eq "--minwidth=%: message" "flametui: --minwidth: '%' is not a number \
from 0 to 1000000 (or a percentage)" "$(cat "$TMP/err")"

finish
