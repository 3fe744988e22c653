#!/bin/sh
# --frames: frames named by function, dso, function+dso, address or line,
# from perf script text and from perf.data (checked against perf script's
# text for the same recording); refused, saying why, where the input has
# no such level.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/perf-lib.sh"

# fold NAME LEVEL FILE EXPECTED: flametui --fold --frames=LEVEL FILE.
fold() {
	printf '%s\n' "$4" > "$TMP/want"
	"$FLAMETUI" --fold --frames="$2" "$3" > "$TMP/got" 2>"$TMP/err"
	expect_eq "$1: exit status" 0 $?
	expect_file "$1: --frames=$2" "$TMP/want" "$TMP/got"
}

# perf script text with offsets and, under each frame, its source line.
T='	'
cat > "$TMP/lines.perf" <<EOP
prog 100 1.000000:       1000 cpu-clock:ppp: 
$T    ffffffff81000001 clear_page+0x11 ([kernel.kallsyms])
  [kernel.kallsyms][ffffffff81000001]
$T    ffffffff81000100 do_syscall_64+0x71 ([kernel.kallsyms])
  [kernel.kallsyms][ffffffff81000100]
$T        7f0000001000 __read+0x14 (/usr/lib/x86_64-linux-gnu/libc.so.6)
  read.c:26
$T        555500001139 in_kernel+0x20 (/tmp/prog)
  prog.c:40
$T        555500001200 main+0x9 (/tmp/prog)
  prog.c:60

prog 100 1.001000:       1000 cpu-clock:ppp: 
$T        7f0000002000 __memset_avx2+0x40 (/usr/lib/x86_64-linux-gnu/libc.so.6)
  ??:0
$T        555500001200 main+0x2c (/tmp/prog)
  prog.c:61

prog 100 1.002000:       1000 cpu-clock:ppp: 
$T        555500001150 own+0x16 (/tmp/prog)
  prog.c:33
$T        555500001200 main+0x9 (/tmp/prog)
  prog.c:60

prog 100 1.003000:       1000 cpu-clock:ppp: 
$T        555500001151 own+0x17 (/tmp/prog)
  prog.c:33
$T        555500001200 main+0x9 (/tmp/prog)
  prog.c:60

EOP
fold "perf text" function "$TMP/lines.perf" \
"prog;main;__memset_avx2 1000
prog;main;in_kernel;__read;do_syscall_64;clear_page 1000
prog;main;own 2000"
fold "perf text" dso "$TMP/lines.perf" \
"prog;prog 2000
prog;prog;libc.so.6 1000
prog;prog;libc.so.6;[kernel.kallsyms] 1000"
fold "perf text" function+dso "$TMP/lines.perf" \
"prog;main (prog);__memset_avx2 (libc.so.6) 1000
prog;main (prog);in_kernel (prog);__read (libc.so.6);do_syscall_64 ([kernel.kallsyms]);clear_page ([kernel.kallsyms]) 1000
prog;main (prog);own (prog) 2000"
fold "perf text" address "$TMP/lines.perf" \
"prog;main+0x2c;__memset_avx2+0x40 1000
prog;main+0x9;in_kernel+0x20;__read+0x14;do_syscall_64+0x71;clear_page+0x11 1000
prog;main+0x9;own+0x16 1000
prog;main+0x9;own+0x17 1000"
# Where perf knows no line, the frame keeps its function's name.
fold "perf text" line "$TMP/lines.perf" \
"prog;prog.c:60;prog.c:33 2000
prog;prog.c:60;prog.c:40;read.c:26;do_syscall_64;clear_page 1000
prog;prog.c:61;__memset_avx2 1000"

# Without source lines, perf text has no line level: refused, saying so.
grep -v '^  [^ ]' "$TMP/lines.perf" > "$TMP/plain.perf"
"$FLAMETUI" --fold --frames=line "$TMP/plain.perf" > "$TMP/got" 2>"$TMP/err"
expect_eq "perf text without lines: exit status" 1 $?
expect_eq "perf text without lines: the message" \
	"flametui: $TMP/plain.perf: --frames=line: this perf input does not have it; it gives frames by function, dso, function+dso, address" \
	"$(cat "$TMP/err")"
[ -s "$TMP/got" ] && fail "perf text without lines: wrote stacks"

# Folded stacks have only functions: every other level is refused.
printf 'main;parse 3\nmain;draw 2\n' > "$TMP/in.folded"
for level in dso function+dso address line; do
	"$FLAMETUI" --fold --frames=$level "$TMP/in.folded" > "$TMP/got" \
		2>"$TMP/err"
	expect_eq "folded --frames=$level: exit status" 1 $?
	expect_eq "folded --frames=$level: the message" \
		"flametui: $TMP/in.folded: --frames=$level: this folded input does not have it; it gives frames by function" \
		"$(cat "$TMP/err")"
done
fold "folded" function "$TMP/in.folded" "main;draw 2
main;parse 3"
"$FLAMETUI" --fold --frames=file "$TMP/in.folded" > /dev/null 2>"$TMP/err"
expect_eq "unknown level: exit status" 2 $?
expect_eq "unknown level: the message" \
	"flametui: unknown frame level 'file'; known levels: function, dso, function+dso, address, line" \
	"$(cat "$TMP/err")"

# Every output: the SVG and the top table name frames at the level too.
"$FLAMETUI" --frames=dso --svg="$TMP/dso.svg" "$TMP/lines.perf" 2>/dev/null
grep -q '<title>libc.so.6 (2.0 us, 2 samples, 50.00%)' "$TMP/dso.svg" ||
	fail "--svg: no libc.so.6 frame of 2 samples, 2.0 us"
"$FLAMETUI" --frames=dso --top "$TMP/lines.perf" > "$TMP/top" 2>/dev/null
grep -q 'kernel.kallsyms' "$TMP/top" || fail "--top: no [kernel.kallsyms] row"

# A recorded C program: its own loop, libc's memset and the kernel.
perf_need_record
cc=${CC:-cc}
if ! $cc -g -O0 -fno-omit-frame-pointer -o "$TMP/frames-prog" \
    "$top_srcdir/tests/frames-prog.c"; then
	echo "SKIP: cannot compile tests/frames-prog.c with $cc"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi
perf record -q -g -o "$TMP/prog.data" -- "$TMP/frames-prog" \
	>/dev/null 2>&1 || fail "perf record of the workload failed"
perf script -i "$TMP/prog.data" > "$TMP/script" 2>/dev/null

# perf.data and perf script's text give the same stacks at each level
# perf script's text has.
for level in dso function+dso address; do
	"$FLAMETUI" --fold --frames=$level < "$TMP/script" > "$TMP/want" \
		2>/dev/null
	"$FLAMETUI" --fold --frames=$level "$TMP/prog.data" > "$TMP/got" \
		2>"$TMP/err"
	expect_eq "perf.data --frames=$level: exit status" 0 $?
	[ -s "$TMP/want" ] || fail "perf script --frames=$level: no stacks"
	expect_file "perf.data --frames=$level: as perf script's text" \
		"$TMP/want" "$TMP/got"
done

# Each dso's own samples, as perf script's text has them (the first
# frame's dso, weighed by the period), are what the dso level gives.
awk '/^[^ \t]/ { n = $(NF - 1) + 0; leaf = 1; next }
	leaf && /\)$/ { d = $NF; gsub(/^\(|\)$/, "", d); sub(/.*\//, "", d)
		c[d] += n; leaf = 0 }
	END { for (d in c) print d, c[d] }' "$TMP/script" | sort > "$TMP/want"
"$FLAMETUI" --fold --frames=dso "$TMP/prog.data" |
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); k = split($0, f, ";")
		c[f[k]] += n } END { for (d in c) print d, c[d] }' |
	sort > "$TMP/got"
expect_file "perf.data --frames=dso: each dso's samples" "$TMP/want" \
	"$TMP/got"
# The workload gives each of the three about a third of its CPU time.
total=$(awk '{ s += $2 } END { print s }' "$TMP/got")
for d in frames-prog libc.so.6 '[kernel.kallsyms]'; do
	awk -v d="$d" -v t="$total" '$1 == d && $2 * 5 >= t { ok = 1 }
		END { exit !ok }' "$TMP/got" ||
		fail "--frames=dso: $d has less than a fifth of the samples"
done

# By line, the program's own frames name the HOT loop's line, from the
# DWARF of perf.data's program and from perf script -F +srcline.
hot=$(grep -n '/\* HOT' "$top_srcdir/tests/frames-prog.c" | cut -d: -f1)
heaviest() {
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); k = split($0, f, ";")
		if (f[k] ~ /^frames-prog\.c:/) c[f[k]] += n }
		END { for (l in c) print c[l], l }' | sort -nr | head -1 |
		cut -d' ' -f2
}
got=$("$FLAMETUI" --fold --frames=line "$TMP/prog.data" 2>/dev/null |
	heaviest)
expect_eq "perf.data --frames=line: the hot loop's line" \
	"frames-prog.c:$hot" "$got"
got=$(perf script -F +srcline -i "$TMP/prog.data" 2>/dev/null |
	"$FLAMETUI" --fold --frames=line 2>/dev/null | heaviest)
expect_eq "perf script -F +srcline --frames=line: the hot loop's line" \
	"frames-prog.c:$hot" "$got"
finish
