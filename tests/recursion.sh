#!/bin/sh
# --collapse-recursion: stackcollapse-recursive.pl's merge of direct
# recursion, as a view (src/transform.c), so it works for every format.
. "$top_srcdir/tests/lib.sh"

# Runs of one frame merge; frames that recur apart do not.
printf 'main;r;r;r;helper 1\nmain;r;x;r 2\nmain;r;helper 3\n' >"$TMP/in"
out=$("$FLAMETUI" --fold --collapse-recursion "$TMP/in")
expect_eq "folded" "$(printf 'main;r;helper 4\nmain;r;x;r 2')" "$out"

# Without the option nothing merges.
out=$("$FLAMETUI" --fold "$TMP/in")
expect_eq "off by default" \
	"$(printf 'main;r;helper 3\nmain;r;r;r;helper 1\nmain;r;x;r 2')" "$out"

# As the reference, an empty frame at the root goes (the frame before the
# first counts as empty); empty frames elsewhere stay.
printf ';a;a;;b 1\n' >"$TMP/in"
out=$("$FLAMETUI" --fold --collapse-recursion "$TMP/in")
expect_eq "empty frames" "a;;b 1" "$out"

# Every format: parsing with the option gives what the option gives on the
# format's folded form, as it is a sink between any parser and the tree.
for f in "$top_srcdir"/tests/fmt/*/*.txt "$top_srcdir"/tests/fmt/*/*.txt.gz; do
	base=${f%.gz}
	base=${base%.txt}
	[ -f "$base.expected" ] || continue
	args=
	[ -f "$base.args" ] && args=$(cat "$base.args")
	# shellcheck disable=SC2086
	"$FLAMETUI" --fold --collapse-recursion $args "$f" >"$TMP/a" 2>/dev/null
	"$FLAMETUI" --fold --collapse-recursion -f folded "$base.expected" \
	    >"$TMP/b" 2>/dev/null
	expect_file "recursion on $f" "$TMP/b" "$TMP/a"
done

# And a known answer: stackcollapse-gdb.pl | stackcollapse-recursive.pl on
# a real gdb capture with a recursive fib().
"$FLAMETUI" --fold --collapse-recursion "$top_srcdir/tests/fmt/gdb/threads.txt" \
    >"$TMP/out"
expect_file "gdb fib recursion" "$top_srcdir/tests/fmt/gdb/threads.recursive" \
    "$TMP/out"

finish
