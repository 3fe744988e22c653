#!/bin/sh
# Hostile input: every case gets a clear message naming the file (and line)
# or a counted warning, the right exit status, and never a crash or a hang.
# Big inputs are generated here, in $TMP. Run under --enable-asan too.
. "$top_srcdir/tests/lib.sh"

# run ARGS...: run flametui with a guard against hangs (a hang fails the
# case, it is not a timing assertion); sets $rc, $TMP/out and $TMP/err.
run() {
	timeout 120 "$FLAMETUI" "$@" >"$TMP/out" 2>"$TMP/err" </dev/null
	rc=$?
	[ "$rc" -eq 124 ] && fail "flametui $*: hung (killed after 120 s)"
	if grep -Eq 'Sanitizer|runtime error' "$TMP/err"; then
		fail "flametui $*: sanitizer report"
		head -20 "$TMP/err" >&2
	fi
}
err() { cat "$TMP/err"; }
out() { cat "$TMP/out"; }

# Empty input: nothing usable, exit 1.
: >"$TMP/empty"
run --fold "$TMP/empty"
expect_eq "empty: status" 1 "$rc"
expect_eq "empty: message" "flametui: $TMP/empty: empty input" "$(err)"

# Binary data (the start of our own executable), detected or forced.
head -c 65536 "$FLAMETUI" >"$TMP/binary"
run --fold "$TMP/binary"
expect_eq "binary: status" 1 "$rc"
expect_match "binary: message" \
	"^flametui: $TMP/binary: binary data, not a known stack format; known formats: " "$(err)"
expect_eq "binary: no output" "" "$(out)"

# NUL bytes mid-line: that line is counted and skipped, the others kept.
printf 'a;b 1\nc;d 2\ne 1\nbad\0line;x 3\nf 1\n' >"$TMP/nul"
run --fold "$TMP/nul"
expect_eq "NUL mid-line: status" 0 "$rc"
expect_eq "NUL mid-line: good lines" "$(printf 'a;b 1\nc;d 2\ne 1\nf 1')" "$(out)"
expect_eq "NUL mid-line: warning" \
	"flametui: $TMP/nul:4: NUL byte in line: binary data? (1 line ignored)" "$(err)"

# Invalid UTF-8 is kept byte for byte in --fold output (not a terminal).
printf 'main;\377\376bad;caf\303\251 2\nmain;\300\257 1\n' >"$TMP/utf"
printf 'main;\300\257 1\nmain;\377\376bad;caf\303\251 2\n' >"$TMP/utf.want"
run --fold "$TMP/utf"
expect_eq "invalid UTF-8: status" 0 "$rc"
expect_file "invalid UTF-8: byte-exact" "$TMP/utf.want" "$TMP/out"
expect_eq "invalid UTF-8: no warning" "" "$(err)"

# Names made only of escape sequences: OSC 52 (clipboard), ED (clear
# screen), an OSC 8 link, OSC 0 (title). Piped, they go out byte for byte.
printf '\033]52;c;cHduZWQ=\007;\033[2J 1\n\033]8;;http://x.invalid/\033\\;\033]0;pwned\007 2\n' >"$TMP/esc"
run --fold "$TMP/esc"
expect_eq "escape names: status" 0 "$rc"
expect_file "escape names: piped byte-exact" "$TMP/esc" "$TMP/out"
# A message naming them (here a file name) shows them escaped, never raw.
escname=$(printf '%s/x\033]0;pwned\007' "$TMP")
: >"$escname"
run --fold "$escname"
expect_eq "escape in a message: status" 1 "$rc"
expect_eq "escape in a message: shown as \\x1b" \
	"flametui: $TMP/x\\x1b]0;pwned\\x07: empty input" "$(err)"

# A line of 100 MB is skipped with a message; the lines around it are kept.
{ printf 'a 1\n'; head -c 100000000 /dev/zero | tr '\0' x; printf ' 1\nb 2\n'; } >"$TMP/long"
run --fold "$TMP/long"
expect_eq "100 MB line: status" 0 "$rc"
expect_eq "100 MB line: other lines" "$(printf 'a 1\nb 2')" "$(out)"
expect_eq "100 MB line: message" \
	"flametui: $TMP/long:2: line longer than 64 MiB skipped" "$(err)"
rm -f "$TMP/long"

# 1,000,000 distinct frame names.
awk 'BEGIN { for (i = 0; i < 1000000; i++) printf "main;f%d %d\n", i, i % 7 + 1 }' >"$TMP/many"
run --fold "$TMP/many"
expect_eq "1M names: status" 0 "$rc"
expect_eq "1M names: lines" 1000000 "$(wc -l <"$TMP/out" | tr -d ' ')"
expect_eq "1M names: total count" \
	"$(awk '{ s += $2 } END { print s }' "$TMP/many")" \
	"$(awk '{ s += $2 } END { print s }' "$TMP/out")"
expect_eq "1M names: sorted first and last" "main;f0 1 main;f999999 1" \
	"$(head -1 "$TMP/out") $(LC_ALL=C sort "$TMP/out" | tail -1)"
rm -f "$TMP/many"

# A stack 100,000 frames deep (one line of 689 kB: longer than what format
# detection sees) comes out whole.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "f%d;", i; print "leaf 3" }' >"$TMP/deep"
run --fold "$TMP/deep"
expect_eq "100k deep: status" 0 "$rc"
expect_file "100k deep: output" "$TMP/deep" "$TMP/out"

# Negative counts are not counts: counted and skipped, as flamegraph.pl does.
# A count beyond 64 bits, and a sum beyond 64 bits, are clamped with a
# warning, never wrapped.
printf 'a 1\nneg -5\nbig 99999999999999999999999\nsum 18446744073709551615\nsum 1\nmax 18446744073709551615\n' >"$TMP/counts"
run --fold "$TMP/counts"
expect_eq "counts: status" 0 "$rc"
expect_eq "counts: clamped, not wrapped" "$(printf 'a 1\nbig 18446744073709551615\nmax 18446744073709551615\nsum 18446744073709551615')" "$(out)"
expect_eq "counts: warnings" "$(printf '%s\n%s\n%s' \
	"flametui: $TMP/counts:3: warning: count does not fit in 64 bits, clamped to the largest count (1 line)" \
	"flametui: $TMP/counts:2: not a folded stack (STACK COUNT) (1 line ignored)" \
	"flametui: warning: a sample count overflowed 64 bits and was clamped")" "$(err)"

# Differential counts: each side is clamped below 2^63, so that AFTER -
# BEFORE is exact, with the warning; never a BEFORE made up from a wrapped
# change. The two sides of a stack, and the change, come back whole.
printf 'a;b 3 18446744073709551615\na;c 1 2\nd 18446744073709551615 0\n' >"$TMP/dbig"
run --fold "$TMP/dbig"
expect_eq "differential big: status" 0 "$rc"
expect_eq "differential big: clamped, BEFORE kept" "$(printf 'a;b 3 9223372036854775807\na;c 1 2\nd 9223372036854775807 0')" "$(out)"
expect_eq "differential big: warning" \
	"flametui: warning: a sample count overflowed 64 bits and was clamped" "$(err)"
run --fold --widths=before "$TMP/dbig"
expect_eq "differential big, before widths" "$(printf 'a;b 9223372036854775807 3\na;c 2 1\nd 0 9223372036854775807')" "$(out)"

# With fractions: a count beyond 64 bits is clamped to a whole number (its
# fraction gone), the largest the profile holds; a count below 0.000001, the
# finest kept, is counted as 0 with a warning, not dropped unsaid.
printf 'big 99999999999999999999.5\nc 1\n' >"$TMP/fbig"
run --fold "$TMP/fbig"
expect_eq "fractional big: clamped whole" \
	"$(printf 'big 18446744073709551615\nc 1')" "$(out)"
printf 'big 99999999999999999999.5\nc 1.5\n' >"$TMP/fbig2"
run --fold "$TMP/fbig2"
expect_eq "fractional big, fractions elsewhere: clamped whole" \
	"$(printf 'big 1844674407370955161\nc 1.5')" "$(out)"
printf 'a;b 0.0000001\nc 1\nd 0.00000004\ne 0.0000010\n' >"$TMP/tiny"
run --fold "$TMP/tiny"
expect_eq "tiny counts: the rest kept" "$(printf 'c 1\ne 0.000001')" "$(out)"
expect_eq "tiny counts: counted in the note" \
	"flametui: $TMP/tiny:1: warning: count below 0.000001, the finest kept, counted as 0 (2 lines)" \
	"$(err)"

# A truncated gzip stream: the lines before the cut are kept, the line the
# cut went through is dropped (never a wrong count), and it is said.
awk 'BEGIN { for (i = 0; i < 20000; i++) printf "s;f%d %d\n", i, i }' >"$TMP/full"
gzip -n -c "$TMP/full" >"$TMP/full.gz"
head -c $(($(wc -c <"$TMP/full.gz") / 2)) "$TMP/full.gz" >"$TMP/cut.gz"
run --fold "$TMP/cut.gz"
expect_eq "truncated gzip: status" 0 "$rc"
expect_eq "truncated gzip: message" \
	"flametui: $TMP/cut.gz: truncated gzip stream (the lines before the cut were read)" "$(err)"
n=$(wc -l <"$TMP/out" | tr -d ' ')
[ "$n" -gt 0 ] && [ "$n" -lt 20000 ] || fail "truncated gzip: kept $n of 20000 lines"
expect_eq "truncated gzip: every line kept is whole" "" \
	"$(LC_ALL=C sort "$TMP/full" | LC_ALL=C comm -13 - "$TMP/out")"
head -c 12 "$TMP/full.gz" >"$TMP/hdr.gz"
run --fold "$TMP/hdr.gz"
expect_eq "gzip header only: status" 1 "$rc"
expect_eq "gzip header only: message" \
	"flametui: $TMP/hdr.gz: truncated gzip stream (the lines before the cut were read)" "$(err)"

# A gzip bomb (100 MB from about 100 kB): stopped past 64 MiB, said why.
yes 'a;b 1' | head -n 17000000 | gzip -c >"$TMP/bomb.gz"
run --fold "$TMP/bomb.gz"
expect_eq "gzip bomb: status" 0 "$rc"
expect_match "gzip bomb: message" \
	"^flametui: $TMP/bomb.gz: gzip input expands more than 200 times \(64 MiB from [0-9]+ KiB\): stopped there, a likely gzip bomb \(--gzip-ratio=N sets the limit\)$" "$(err)"
expect_match "gzip bomb: stopped early" "^a;b [0-9]+$" "$(out)"
[ "$(out)" != "a;b 17000000" ] || fail "gzip bomb: read to the end"
run --fold --gzip-ratio=0 "$TMP/bomb.gz"
expect_eq "gzip bomb, --gzip-ratio=0: status" 0 "$rc"
expect_eq "gzip bomb, --gzip-ratio=0: all read" "a;b 17000000" "$(out)"
expect_eq "gzip bomb, --gzip-ratio=0: quiet" "" "$(err)"
run --fold --gzip-ratio=lots "$TMP/bomb.gz"
expect_eq "--gzip-ratio=lots: status" 2 "$rc"
expect_eq "--gzip-ratio=lots: message" \
	"flametui: --gzip-ratio wants a number, not 'lots'" "$(err)"

# Memory follows the model, not the input: those 100 MB of gzip input (one
# stack) are read in 40 MB of address space (about 22 MB of it the mapped
# libraries, libcurl's 29 among them, before any input is read). And when memory runs out, a
# clear message and exit 2, not a crash. (ASan reserves terabytes of address
# space, so ulimit -v cannot work under it.)
if grep -qa __asan_init "$FLAMETUI"; then
	echo "SKIP: ulimit -v cases: flametui is built with AddressSanitizer"
else
	(ulimit -v 40000 && exec "$FLAMETUI" --fold --gzip-ratio=0 "$TMP/bomb.gz") \
		>"$TMP/out" 2>"$TMP/err"
	expect_eq "100 MB in 40 MB: status" 0 $?
	expect_eq "100 MB in 40 MB: all read" "a;b 17000000" "$(out)"
	awk 'BEGIN { for (i = 0; i < 1000000; i++)
		printf "main;a_rather_long_frame_name_%d;leaf 1\n", i }' >"$TMP/big"
	(ulimit -v 40000 && exec "$FLAMETUI" --fold "$TMP/big") \
		>"$TMP/out" 2>"$TMP/err"
	expect_eq "out of memory: status" 2 $?
	expect_match "out of memory: message" \
		"^flametui: out of memory \(allocating [0-9]+( x [0-9]+)? bytes\)$" "$(err)"
	rm -f "$TMP/big"
fi
rm -f "$TMP/bomb.gz"

# A FIFO.
mkfifo "$TMP/fifo"
printf 'x;y 2\nx 1\n' >"$TMP/fifo" &
run --fold "$TMP/fifo"
wait
expect_eq "FIFO: status" 0 "$rc"
expect_eq "FIFO: output" "$(printf 'x 1\nx;y 2')" "$(out)"

# /dev/zero is binary: stop at once, even with a forced format, and on stdin.
run --fold /dev/zero
expect_eq "/dev/zero: status" 1 "$rc"
expect_match "/dev/zero: message" \
	"^flametui: /dev/zero: binary data, not a known stack format; " "$(err)"
run --fold --format=folded /dev/zero
expect_eq "/dev/zero forced: status" 1 "$rc"
expect_eq "/dev/zero forced: message" \
	"flametui: /dev/zero: binary data, not folded input" "$(err)"
# Random bytes hold NULs (and line ends): refused forced too, as detection
# refuses them, rather than read line by line (for ever, from /dev/urandom).
head -c 200000 /dev/urandom >"$TMP/random"
run --fold --format=folded "$TMP/random"
expect_eq "random bytes forced: status" 1 "$rc"
expect_eq "random bytes forced: message" \
	"flametui: $TMP/random: binary data, not folded input" "$(err)"
run --fold --format=dtrace /dev/urandom
expect_eq "/dev/urandom forced: status" 1 "$rc"
expect_eq "/dev/urandom forced: message" \
	"flametui: /dev/urandom: binary data, not dtrace input" "$(err)"
timeout 120 "$FLAMETUI" --fold - </dev/zero >"$TMP/out" 2>"$TMP/err"
expect_eq "/dev/zero on stdin: status" 1 $?
expect_match "/dev/zero on stdin: message" \
	"^flametui: <stdin>: binary data, not a known stack format; " "$(err)"

# A directory.
run --fold "$TMP"
expect_eq "directory: status" 1 "$rc"
expect_eq "directory: message" "flametui: $TMP: is a directory" "$(err)"

# An unreadable file. Root reads anything, so read it as nobody.
printf 'a 1\n' >"$TMP/secret"
chmod 000 "$TMP/secret"
chmod 755 "$TMP"
if [ "$(id -u)" -ne 0 ]; then
	run --fold "$TMP/secret"
elif command -v setpriv >/dev/null; then
	timeout 120 setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$FLAMETUI" --fold "$TMP/secret" >"$TMP/out" 2>"$TMP/err"
	rc=$?
else
	rc=skip
	echo "SKIP: unreadable file: running as root without setpriv"
fi
if [ "$rc" != skip ]; then
	expect_eq "unreadable: status" 1 "$rc"
	expect_eq "unreadable: message" \
		"flametui: $TMP/secret: Permission denied" "$(err)"
fi

# Inputs that crashed the fuzzers once: each must load cleanly, and give
# NAME.out when there is one. NAME.FORMAT is read as FORMAT (the fuzz target
# that found it), NAME.detect is detected.
for f in "$top_srcdir"/tests/hostile-inputs/*; do
	case $f in *.out) continue ;; esac
	fmt=${f##*.}
	if [ "$fmt" = detect ]; then
		run --fold "$f"
	else
		run --fold --format="$fmt" "$f"
	fi
	case $rc in 0|1) ;; *) fail "$(basename "$f"): exit status $rc" ;; esac
	[ -f "$f.out" ] && expect_file "$(basename "$f"): output" "$f.out" "$TMP/out"
done

finish
