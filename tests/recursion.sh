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

finish
