#!/bin/sh
# perf script input: every option, the event selection and its note, the
# last sample without a blank line, bad lines, timestamps, detection. The
# fixtures are tests/fmt/perf/*.txt (formats.sh checks their default output
# against *.expected; here each option is checked too).
. "$top_srcdir/tests/lib.sh"
D=$top_srcdir/tests/fmt/perf
perf_dump=$(dirname "$FLAMETUI")/../tests/test-perf

# Only the first event (cycles:u) is kept, weighted by period; a comm with a
# space becomes V8_WorkerThread. The last sample has no blank line (nor
# newline) after it and is kept: prog's leaf is 1000 + 3000.
out=$("$FLAMETUI" --fold "$D/events.txt" 2>"$TMP/err")
expect_eq "first event kept, periods summed" \
"V8_WorkerThread;__libc_start_main;middle;leaf 2000
prog;__libc_start_main;middle;leaf 4000" "$out"
expect_eq "note names the skipped event and counts" \
"flametui: $D/events.txt: kept only event 'cycles:u', the first in the input (3 samples); skipped 'instructions:u' (3 samples); choose one with --event-filter=EVENT" \
	"$(cat "$TMP/err")"

out=$("$FLAMETUI" --fold --event-filter=instructions:u "$D/events.txt" \
    2>"$TMP/err")
expect_eq "--event-filter picks the other event" \
"prog;middle 1400
prog;middle;leaf 500" "$out"
expect_eq "--event-filter: no note" "" "$(cat "$TMP/err")"

"$FLAMETUI" --fold --event-filter=cycles "$D/events.txt" >"$TMP/out" \
    2>"$TMP/err"
expect_eq "--event-filter of an absent event: exit 1" 1 $?
expect_eq "--event-filter of an absent event: no output" "" "$(cat "$TMP/out")"
expect_match "--event-filter of an absent event: lists those there are" \
	"no samples of event 'cycles' \(--event-filter\); the input has 'cycles:u' \(3 samples\), 'instructions:u' \(3 samples\)" \
	"$(cat "$TMP/err")"

out=$("$FLAMETUI" --fold --pid "$D/events.txt" 2>/dev/null)
expect_eq "--pid" \
"V8_WorkerThread-1234;__libc_start_main;middle;leaf 2000
prog-1234;__libc_start_main;middle;leaf 4000" "$out"
out=$("$FLAMETUI" --fold --tid "$D/events.txt" 2>/dev/null)
expect_eq "--tid" \
"V8_WorkerThread-1234/1240;__libc_start_main;middle;leaf 2000
prog-1234/1235;__libc_start_main;middle;leaf 1000
prog-1234/1236;__libc_start_main;middle;leaf 3000" "$out"

# The same whatever ends the file, with CRLF lines, from stdin, gzipped.
want=$("$FLAMETUI" --fold "$D/events.txt" 2>/dev/null)
{ cat "$D/events.txt"; printf '\n'; } >"$TMP/nl.txt"
{ cat "$D/events.txt"; printf '\n\n'; } >"$TMP/blank.txt"
sed 's/$/\r/' "$D/events.txt" >"$TMP/crlf.txt"
for f in nl blank crlf; do
	expect_eq "ending: $f" "$want" \
	    "$("$FLAMETUI" --fold "$TMP/$f.txt" 2>/dev/null)"
done
expect_eq "stdin" "$want" \
    "$("$FLAMETUI" --fold <"$D/events.txt" 2>/dev/null)"
gzip -c "$D/events.txt" >"$TMP/events.gz"
expect_eq "gzip" "$want" "$("$FLAMETUI" --fold "$TMP/events.gz" 2>/dev/null)"

# Names: tidying, inline, [unknown], and each marking option.
java_stack="java;[unknown];[libjvm.so];arrayOopDesc::base;LBusy:::main;java/io/FileOutputStream:::writeBytes;do_idle;native_safe_halt"
prog_stack="prog;main;[unknown];[libfoo.so.1];outer;mid_[i];inner_[i];sayhi:its;std::vector<int>::push_back;ns::(anonymous namespace)::worker;net/http.(*Client).Do"
out=$("$FLAMETUI" --fold --addrs "$D/names.txt" 2>&1)
expect_eq "--addrs" \
"java;[unknown <7f7241fbe6da>];[libjvm.so <7f7241fbe6d9>];arrayOopDesc::base;LBusy:::main;java/io/FileOutputStream:::writeBytes;do_idle;native_safe_halt 1
prog;main;[unknown <8888>];[libfoo.so.1 <7777>];outer;mid_[i];inner_[i];sayhi:its;std::vector<int>::push_back;ns::(anonymous namespace)::worker;net/http.(*Client).Do 1" \
	"$out"
out=$("$FLAMETUI" --fold --kernel "$D/names.txt" 2>&1)
expect_eq "--kernel" \
"java;[unknown];[libjvm.so];arrayOopDesc::base;LBusy:::main;java/io/FileOutputStream:::writeBytes;do_idle_[k];native_safe_halt_[k] 1
$prog_stack 1" "$out"
out=$("$FLAMETUI" --fold --jit "$D/names.txt" 2>&1)
expect_eq "--jit" \
"java;[unknown];[libjvm.so];arrayOopDesc::base;LBusy:::main_[j];java/io/FileOutputStream:::writeBytes_[j];do_idle;native_safe_halt 1
$prog_stack 1" "$out"
out=$("$FLAMETUI" --fold --all "$D/names.txt" 2>&1)
expect_eq "--all" \
"java;[unknown];[libjvm.so];arrayOopDesc::base;LBusy:::main_[j];java/io/FileOutputStream:::writeBytes_[j];do_idle_[k];native_safe_halt_[k] 1
$prog_stack 1" "$out"
# The java comm's L is dropped only when the comm starts with "java".
sed 's/^java 4242/prog 4242/' "$D/names.txt" >"$TMP/notjava.txt"
expect_match "no L tidying for other comms" \
	"^prog;\[unknown\];\[libjvm.so\];arrayOopDesc::base;LBusy:::main;Ljava/io/FileOutputStream:::writeBytes;do_idle;native_safe_halt 1$" \
	"$("$FLAMETUI" --fold "$TMP/notjava.txt")"

# Bad lines are counted, the first named FILE:LINE; the rest is read.
"$FLAMETUI" --fold "$D/bad.txt" >"$TMP/out" 2>"$TMP/err"
expect_eq "bad lines: exit 0" 0 $?
expect_eq "bad lines: good samples kept" \
"prog;leaf 1
prog;main;leaf 1" "$(cat "$TMP/out")"
expect_eq "bad lines: one warning" \
"flametui: $D/bad.txt:3: not a perf script line (expected an event line, a frame \"ADDRESS SYMBOL (DSO)\" or a blank line) (3 lines ignored, this is the first)" \
	"$(cat "$TMP/err")"

# A sample ends at the next event line even without a blank line, and a
# line of blanks ends one too.
printf 'a 1 cpu-clock:\n\t1 f (/x)\nb 2 cpu-clock:\n\t2 g (/x)\n \t\nc 3 cpu-clock:\n\t3 h (/x)\n' \
    >"$TMP/glued.txt"
expect_eq "samples are not glued" "$(printf 'a;f 1\nb;g 1\nc;h 1')" \
    "$("$FLAMETUI" --fold "$TMP/glued.txt" 2>&1)"

# Side-band records (perf script --show-mmap-events, --show-task-events)
# are no samples; an event line with no frames and no blank line after it
# (output of perf record without -g) is left out, with a note.
printf '%s\n' \
'perf-exec     0     0.000000: PERF_RECORD_COMM: perf-exec:5/5' \
'prog     5  1.000000: PERF_RECORD_MMAP2 5/5: [0x1000(0x1000) @ 0x1000 fe:00 1 2]: r-xp /bin/prog' \
'prog     5  1.000100:       1000 cpu-clock: ' \
'prog     5  1.000200:       1000 cpu-clock: ' \
'	    1111 main+0x1 (/bin/prog)' \
'' \
'prog     5  1.000300: PERF_RECORD_EXIT(5:5):(4:4)' '' >"$TMP/sideband.txt"
"$FLAMETUI" --fold "$TMP/sideband.txt" >"$TMP/out" 2>"$TMP/err"
expect_eq "side-band records are no samples" "prog;main 1000" "$(cat "$TMP/out")"
expect_eq "a sample without a call chain: note" \
"flametui: $TMP/sideband.txt: 1 sample without a call chain left out (record with perf record -g)" \
	"$(cat "$TMP/err")"

# perf record without -g: each event line ends with the sample's frame,
# "ADDRESS SYMBOL+0xOFF (DSO)", and its comm is indented. Read as one-frame
# stacks weighed by their periods (summed here by awk), detected or forced,
# by one thread or two, with a note saying to record with -g.
awk '{ sym = $7; sub(/\+0x[0-9a-f]+$/, "", sym); n[$1 ";" sym] += $4 }
    END { for (k in n) print k, n[k] }' "$D/no-g.txt" | LC_ALL=C sort \
    >"$TMP/no-g.want"
for args in "" "-f perf" "--threads=1" "--threads=2 -f perf"; do
	# shellcheck disable=SC2086
	"$FLAMETUI" --fold $args "$D/no-g.txt" >"$TMP/out" 2>"$TMP/err"
	expect_file "without -g ($args): one-frame stacks" "$TMP/no-g.want" \
		"$TMP/out"
	expect_eq "without -g ($args): note" \
"flametui: $D/no-g.txt: 103 samples without a call chain, each only the function it was in (record with perf record -g for call stacks)" \
		"$(cat "$TMP/err")"
done
expect_eq "without -g, --kernel: kernel frames marked" \
"spin;leaf 2040816300
spin;pvm_irq_enable_[k] 40816326
spin;tlb_remove_table_rcu_[k] 20408163" \
	"$("$FLAMETUI" --fold --kernel "$D/no-g.txt" 2>/dev/null)"

# Detected even after many side-band records (perf record -a writes one
# per mapping of every process).
awk 'BEGIN { for (i = 0; i < 500; i++) printf "perf 9 [000] 0.000000: PERF_RECORD_MMAP2 9/9: [0x7f00(0x1000) @ 0 fe:00 1 0]: r-xp /usr/lib/lib%d.so\n", i }' \
    >"$TMP/many.txt"
cat "$TMP/sideband.txt" >>"$TMP/many.txt"
expect_eq "detected after 500 side-band records" "prog;main 1000" \
    "$("$FLAMETUI" --fold "$TMP/many.txt" 2>/dev/null)"

# Timestamps, in input order, from the parser's own API: seconds with six
# or nine decimals, and -1 without a time field.
printf 'p 1 [000] 12.5: cpu-clock:\n\t1 f (/x)\n\np 1 1.000000001: cpu-clock:\n\t1 f (/x)\n\np 1 cpu-clock:\n\t1 f (/x)\n' \
    >"$TMP/times.txt"
if [ -x "$perf_dump" ]; then
	expect_eq "timestamps" \
"100000001000 1000 prog;__libc_start_main;middle;leaf
100000003000 2000 V8_WorkerThread;__libc_start_main;middle;leaf
100000006000 3000 prog;__libc_start_main;middle;leaf" \
	    "$("$perf_dump" "$D/events.txt" 2>/dev/null)"
	expect_eq "timestamp forms" \
"12500000000 1 p;f
1000000001 1 p;f
-1 1 p;f" "$("$perf_dump" "$TMP/times.txt")"
else
	fail "$perf_dump not built"
fi

# Detection: perf script is found without -f; folded lines that look like
# an event line ("comm 123 ...") stay folded.
printf 'prog 123 main;leaf 5\nprog 77 [000] main 2\n' >"$TMP/folded.txt"
expect_eq "folded is not perf" "$(printf 'prog 123 main;leaf 5\nprog 77 [000] main 2')" \
    "$("$FLAMETUI" --fold "$TMP/folded.txt" 2>&1)"

finish
