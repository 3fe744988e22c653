#!/bin/sh
# flametui record --memory, --cpi and -e: refusals, and real recordings of
# tests/memory-prog.c, whose page faults, brk, mmap and malloc calls are
# in known functions (DWARF call graphs: libc has no frame pointers).
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/perf-lib.sh"

out=$("$FLAMETUI" record --memory=heap -o - -- true 2>&1)
expect_eq "--memory=heap: exit status" 2 $?
expect_match "--memory=heap: the modes" \
	"--memory wants faults, brk, mmap or malloc, not 'heap'" "$out"
out=$("$FLAMETUI" record --cpi --memory=faults -o - -- true 2>&1)
expect_eq "--cpi and --memory: exit status" 2 $?

perf_need_record

# --cpi needs hardware counters: where perf cannot count instructions,
# record says why before running anything; else it records both events.
if perf stat -e instructions -x, true 2>&1 | grep -q 'not supported'; then
	out=$("$FLAMETUI" record --cpi -o "$TMP/cpi.folded" -- true 2>&1)
	expect_eq "--cpi without counters: exit status" 2 $?
	expect_match "--cpi without counters: why" \
		"record --cpi: this machine has no hardware counters for cycles and instructions" \
		"$out"
	case $out in *running:*) fail "--cpi without counters: perf ran" ;; esac
	[ -e "$TMP/cpi.folded" ] && fail "--cpi without counters: -o written"
	echo "note: no hardware counters here: --cpi's recording is not tested"
fi

case $(uname -m) in
x86_64) ;;
*) echo "SKIP: --call-graph dwarf is unwound natively on x86_64 only"
	[ "$failures" -eq 0 ] || finish
	exit 77 ;;
esac
cc=${CC:-cc}
if ! $cc -O1 -g -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/memory-prog.c"; then
	echo "SKIP: cannot compile tests/memory-prog.c with $cc"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi

# mem MODE UNIT: record the program with --memory=MODE into
# $TMP/MODE.folded and .svg, whose counts are UNIT.
mem() {
	"$FLAMETUI" record --memory="$1" --call-graph=dwarf -o "$TMP/$1.folded" \
		--svg="$TMP/$1.svg" -- "$TMP/prog" >/dev/null 2>"$TMP/$1.err"
	expect_eq "--memory=$1: exit status" 0 $?
	grep -q "data-unit=\"$2\"" "$TMP/$1.svg" ||
		fail "--memory=$1: the SVG's counts are not $2"
}
# share FILE FRAME: the percentage of FILE's count in stacks through FRAME.
share() {
	awk -v f="$2" '{ n = $NF; t += n; if ((";" $1 ";") ~ (";" f ";")) s += n }
	END { printf "%d\n", (t > 0 ? 100 * s / t : 0) }' "$1"
}

# Page faults: most are touch_pages' writes, one a page.
mem faults faults
expect_match "faults: perf's event" "-e page-faults" "$(cat "$TMP/faults.err")"
[ "$(share "$TMP/faults.folded" touch_pages)" -ge 50 ] ||
	fail "faults: touch_pages has under half: $(cat "$TMP/faults.folded")"

# Tracepoints and the uprobe need tracefs and root, or paranoid -1.
if [ "$(id -u)" -ne 0 ]; then
	echo "note: not root: brk, mmap and malloc are not recorded"
	finish
fi
mem brk calls
expect_match "brk: the tracepoint" "-e syscalls:sys_enter_brk" \
	"$(cat "$TMP/brk.err")"
[ "$(share "$TMP/brk.folded" grow_heap)" -ge 50 ] ||
	fail "brk: grow_heap has under half: $(cat "$TMP/brk.folded")"
mem mmap calls
grep -q ';big_alloc;.*mmap' "$TMP/mmap.folded" ||
	fail "mmap: no big_alloc stack: $(cat "$TMP/mmap.folded")"
mem malloc calls
expect_match "malloc: the uprobe, removed" \
	"running: .*perf probe -q -x [^ ]*libc[^ ]* -a '?flametui:malloc_[0-9]+=malloc.*running: .*perf probe -q -d flametui:malloc_" \
	"$(tr '\n' ' ' <"$TMP/malloc.err")"
[ "$(share "$TMP/malloc.folded" grow_heap)" -ge 90 ] ||
	fail "malloc: grow_heap has under 90%: $(cat "$TMP/malloc.folded")"
perf probe -l 2>/dev/null | grep -q 'flametui:malloc' &&
	fail "malloc: the uprobe is left behind: $(perf probe -l 2>&1)"

# -e passes an event through, here without -F: every brk call.
"$FLAMETUI" record -e syscalls:sys_enter_brk --call-graph=dwarf \
	-o "$TMP/e.folded" -- "$TMP/prog" >/dev/null 2>"$TMP/e.err"
expect_eq "-e: exit status" 0 $?
expect_match "-e: passed through, no -F" \
	"running: [^ ]*perf record -e syscalls:sys_enter_brk -g|running: [^ ]*perf record -e syscalls:sys_enter_brk --call-graph" \
	"$(cat "$TMP/e.err")"
grep -q ';grow_heap;' "$TMP/e.folded" || fail "-e: no grow_heap stack"
finish
