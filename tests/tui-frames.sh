#!/bin/sh
# F in a real terminal: frames named at the next level the input gives,
# the input read again; levels it has not are skipped, saying why, and an
# input with none, or that cannot be read again, stays as it is.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# perf script text with offsets, without source lines: no line level.
T='	'
cat > "$TMP/p.perf" <<EOP
prog 100 1.000000:       1000 cpu-clock:ppp: 
$T    ffffffff81000001 clear_page+0x11 ([kernel.kallsyms])
$T        7f0000001000 __read+0x14 (/usr/lib/x86_64-linux-gnu/libc.so.6)
$T        555500001200 main+0x9 (/tmp/prog)

prog 100 1.001000:       1000 cpu-clock:ppp: 
$T        7f0000002000 __memset_avx2+0x40 (/usr/lib/x86_64-linux-gnu/libc.so.6)
$T        555500001200 main+0x9 (/tmp/prog)

prog 100 1.002000:       1000 cpu-clock:ppp: 
$T        555500001150 own+0x16 (/tmp/prog)
$T        555500001200 main+0x9 (/tmp/prog)

prog 100 1.003000:       1000 cpu-clock:ppp: 
$T        555500001151 own+0x17 (/tmp/prog)
$T        555500001200 main+0x9 (/tmp/prog)

EOP
F=$TMP/p.perf
TITLE="$F | 4.0 us, 4 samples of cpu-clock | perf"
start 120 30 "$F"
wait_line 1 "$TITLE"
expect_eq "by function" "$(printf '%-30s%-30s%s' __memset_avx2 __read own)" \
	"$(line 25)"

# The key is in the help, from the key table.
keys '?' PageDown
wait_for '^  F {20}name frames at the next level'
keys q
wait_line 1 "$TITLE"

# F: by dso, one frame for each run of frames in one library.
keys F
wait_line 1 "$TITLE | by dso"
expect_eq "dso message" "frames by dso" "$(line 30)"
expect_eq "by dso: the program" "prog" "$(line 26)"
expect_eq "by dso: libc" "$(printf '%60s%s' '' libc.so.6)" "$(line 25)"
expect_eq "by dso: the kernel" "$(printf '%90s%s' '' '[kernel.kallsyms]')" \
	"$(line 24)"

# F: function+dso, then address.
keys F
wait_line 1 "$TITLE | by function+dso"
expect_eq "function+dso" \
	"$(printf '%-30s%-30s%s' '__memset_avx2 (libc.so.6)' \
	'__read (libc.so.6)' 'own (prog)')" "$(line 25)"
keys F
wait_line 1 "$TITLE | by address"
expect_eq "address" "$(printf '%-30s%-30s%-30s%s' __memset_avx2+0x40 \
	__read+0x14 own+0x16 own+0x17)" "$(line 25)"

# F: line is greyed out: skipped, saying why, back to functions.
keys F
wait_line 1 "$TITLE"
expect_eq "line skipped" \
	"frames by function (skipped line: perf input has none)" "$(line 30)"
expect_eq "by function again" \
	"$(printf '%-30s%-30s%s' __memset_avx2 __read own)" "$(line 25)"

# --frames starts at a level; F goes on from there.
start 120 30 --frames=address "$F"
wait_line 1 "$TITLE | by address"
keys F
wait_line 1 "$TITLE"

# Folded input has functions only: F says so and changes nothing.
sample_profile "$TMP/p.folded"
start 120 30 "$TMP/p.folded"
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"
keys F
wait_line 30 "frames: by function only (dso, function+dso, address, line: folded input has none)"
expect_eq "folded: title" "$TMP/p.folded | 1,200 samples | folded" "$(line 1)"

# Standard input cannot be read again.
TUI_PIPE=$F start 120 30
wait_line 1 "<stdin> | 4.0 us, 4 samples of cpu-clock | perf"
keys F
wait_line 30 "frames: by function only (dso, function+dso, address, line: standard input cannot be read again)"
finish
