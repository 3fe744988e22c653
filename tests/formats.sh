#!/bin/sh
# Golden tests: each tests/fmt/NAME/X.txt (or .txt.gz), read with its
# format detected, must fold to exactly X.expected. X.args, when present,
# holds extra options. Where a FlameGraph collapser exists, X.expected is
# its output on X.txt, sorted and summed (see the comment in each fixture
# directory's README for how it was made and any documented difference).
. "$top_srcdir/tests/lib.sh"

n=0
for f in "$top_srcdir"/tests/fmt/*/*.txt "$top_srcdir"/tests/fmt/*/*.txt.gz; do
	[ -f "$f" ] || continue
	base=${f%.gz}
	base=${base%.txt}
	[ -f "$base.expected" ] || continue
	args=
	[ -f "$base.args" ] && args=$(cat "$base.args")
	# shellcheck disable=SC2086
	"$FLAMETUI" --fold $args "$f" >"$TMP/out" 2>"$TMP/err"
	expect_file "fold $f $args" "$base.expected" "$TMP/out"
	if [ -s "$TMP/err" ] && [ ! -f "$base.warn" ]; then
		fail "unexpected warnings for $f: $(cat "$TMP/err")"
	fi
	if [ -f "$base.warn" ]; then
		expect_match "warning for $f" "$(cat "$base.warn")" "$(cat "$TMP/err")"
	fi
	n=$((n + 1))
done
# bpftrace (a real capture): a frame's +N offset goes unless
# --include-offset, so a function's samples merge; unresolved addresses
# merge under [unknown] unless --addrs.
B=$top_srcdir/tests/fmt/bpftrace/unresolved.txt
expect_eq "bpftrace: offsets and addresses merged" \
"spin2;__libc_start_call_main;main;leaf 13
spin;[unknown] 13" "$("$FLAMETUI" --fold "$B" 2>&1)"
expect_eq "bpftrace --addrs: addresses kept" \
"spin2;__libc_start_call_main;main;leaf 13
spin;0x5626267c6145 7
spin;0x5626267c614f 3
spin;0x5626267c6153 3" "$("$FLAMETUI" --fold --addrs "$B" 2>&1)"
expect_eq "bpftrace --include-offset: offsets kept" \
"spin2;__libc_start_call_main+122;main+19;leaf+12 5
spin2;__libc_start_call_main+122;main+19;leaf+22 3
spin2;__libc_start_call_main+122;main+19;leaf+26 5
spin;[unknown] 13" "$("$FLAMETUI" --fold --include-offset "$B" 2>&1)"

for dir in "$top_srcdir"/tests/fmt/*/; do
	ls "$dir"*.expected >/dev/null 2>&1 || fail "no fixture in $dir"
done
[ "$n" -gt 0 ] || fail "no fixtures found"

finish
