#!/bin/sh
# Folded input: merging, byte-order sorting, fractions, CRLF, bad lines.
. "$top_srcdir/tests/lib.sh"

# Identical stacks are summed and the output is in byte order, where "a2"
# sorts before "a;x" ('2' < ';') although "a" < "a2".
printf 'a;x 1\na2;x 5\na;b 3\na 1\na;b 1\n' >"$TMP/in"
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "merge and sort" "$(printf 'a 1\na2;x 5\na;b 4\na;x 1')" "$out"

# Any whitespace before the count, CRLF line ends, fractional counts.
printf 'a;b\t2\r\na;b   0.5\r\nc 2.\r\n' >"$TMP/in"
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "whitespace, CRLF, fractions" "$(printf 'a;b 2.5\nc 2')" "$out"

# Spaces inside frames and empty frames are kept.
printf 'main;do work;;leaf 3\n' >"$TMP/in"
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "spaces and empty frames" "main;do work;;leaf 3" "$out"

# An empty frame at the root is kept, so the line starts with ';'.
printf ';a;b 1\n;;c 2\nx 1\n' >"$TMP/in"
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "empty root frame" "$(printf ';;c 2\n;a;b 1\nx 1')" "$out"

# The differential form: the second count (after) is the weight, and
# --fold keeps both counts.
printf 'a;b 10 12\na;c 3 1\n' >"$TMP/in"
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "two counts" "$(printf 'a;b 10 12\na;c 3 1')" "$out"

# The first stack decides whether the input is differential, for every
# line and however many threads read it: a second count in an input that
# starts with one count is dropped, and one count in differential input
# is taken as unchanged, each with a warning naming the first such line.
printf 'a;b 5\na;c 3 4\nx 1\na;c 1 2\n' >"$TMP/in"
for t in 1 2; do
	"$FLAMETUI" --fold --threads=$t "$TMP/in" >"$TMP/out" 2>"$TMP/err"
	expect_eq "two counts after one, $t threads" \
		"$(printf 'a;b 5\na;c 6\nx 1')" "$(cat "$TMP/out")"
	expect_eq "two counts after one, $t threads: warning" \
		"flametui: $TMP/in:2: warning: two counts, but the first stack has one: the first count is ignored (2 lines)" \
		"$(cat "$TMP/err")"
done
printf 'a;c 3 4\na;b 5\n' >"$TMP/in"
for t in 1 2; do
	"$FLAMETUI" --fold --threads=$t "$TMP/in" >"$TMP/out" 2>"$TMP/err"
	expect_eq "one count after two, $t threads" \
		"$(printf 'a;b 5 5\na;c 3 4')" "$(cat "$TMP/out")"
	expect_eq "one count after two, $t threads: warning" \
		"flametui: $TMP/in:2: warning: one count in differential input: taken as unchanged (1 line)" \
		"$(cat "$TMP/err")"
done

# Bad lines are skipped and counted; the first is named as FILE:LINE.
printf 'a;b 1\nno count here\na;c 2\n.5 oops\na;b 1\n' >"$TMP/in"
"$FLAMETUI" --fold "$TMP/in" >"$TMP/out" 2>"$TMP/err"
expect_eq "exit status with some good lines" 0 $?
expect_eq "good lines kept" "$(printf 'a;b 2\na;c 2')" "$(cat "$TMP/out")"
expect_match "warning names file:line and count" \
	"in:2: not a folded stack .*2 lines ignored" "$(cat "$TMP/err")"

# Several files merge into one tree; stdin is "-".
printf 'a;b 1\n' >"$TMP/one"
out=$(printf 'a;b 2\nz 1\n' | "$FLAMETUI" --fold "$TMP/one" -)
expect_eq "files and stdin merged" "$(printf 'a;b 3\nz 1')" "$out"

# gzip is recognised by content, whatever the name.
printf 'a;b 1\nc 7\n' | gzip -c >"$TMP/plain.txt"
out=$("$FLAMETUI" --fold "$TMP/plain.txt")
expect_eq "gzip by magic bytes" "$(printf 'a;b 1\nc 7')" "$out"

finish
