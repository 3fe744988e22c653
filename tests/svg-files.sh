#!/bin/sh
# Writing the SVG: through a temporary file and a rename; never over an
# input; a failed write leaves nothing behind and says what failed.
. "$top_srcdir/tests/lib.sh"

printf 'main;a 3\nmain;b 2\n' >"$TMP/in.folded"
cp "$TMP/in.folded" "$TMP/orig"

# nothing_left WHAT DIR: no temporary file stays in DIR.
nothing_left() {
	left=$(ls -A "$2" | grep '^\..*\.svg\.' || true)
	expect_eq "$1: no temporary file left" "" "$left"
}

# An input is refused, by any name: itself, a hard link, a symlink.
"$FLAMETUI" --svg="$TMP/in.folded" "$TMP/in.folded" 2>"$TMP/err"
expect_eq "input as output: exit status" 2 $?
expect_match "input as output: message" \
	"in.folded: refusing to overwrite an input file" "$(cat "$TMP/err")"
expect_file "input unchanged" "$TMP/orig" "$TMP/in.folded"
ln "$TMP/in.folded" "$TMP/hard.svg"
"$FLAMETUI" --svg="$TMP/hard.svg" "$TMP/in.folded" 2>"$TMP/err"
expect_eq "hard link to an input: exit status" 2 $?
ln -s in.folded "$TMP/soft.svg"
"$FLAMETUI" --svg="$TMP/soft.svg" "$TMP/in.folded" 2>"$TMP/err"
expect_eq "symlink to an input: exit status" 2 $?
expect_file "input still unchanged" "$TMP/orig" "$TMP/in.folded"
nothing_left "refused" "$TMP"

# A file that is not an input is replaced whole.
echo old >"$TMP/out.svg"
"$FLAMETUI" --svg="$TMP/out.svg" "$TMP/in.folded"
expect_eq "replace: exit status" 0 $?
expect_match "replaced" '^<\?xml' "$(head -1 "$TMP/out.svg")"
nothing_left "replace" "$TMP"

# A directory that cannot hold files (root can write anywhere else).
"$FLAMETUI" --svg=/proc/flametui-no-such-dir/g.svg "$TMP/in.folded" 2>"$TMP/err"
expect_eq "unwritable directory: exit status" 2 $?
expect_match "unwritable directory: message" \
	"g.svg: cannot create a temporary file in /proc/flametui-no-such-dir/: " \
	"$(cat "$TMP/err")"
"$FLAMETUI" --svg="$TMP/" "$TMP/in.folded" 2>"$TMP/err"
expect_eq "a directory as the output" 2 $?

# The disk fills up half way (a file size limit: the write fails with
# EFBIG once the SVG passes 4 kB). The old file stays as it was.
echo old >"$TMP/full.svg"
(trap '' XFSZ; ulimit -f 8 && exec "$FLAMETUI" --svg="$TMP/full.svg" \
    "$TMP/in.folded") 2>"$TMP/err"
expect_eq "write failure: exit status" 2 $?
expect_match "write failure: message" \
	"full.svg: write failed: File too large \(nothing written\)" "$(cat "$TMP/err")"
expect_eq "write failure: old file kept" old "$(cat "$TMP/full.svg")"
nothing_left "write failure" "$TMP"

# Killed half way through the write (the same limit, its signal not
# ignored: SIGXFSZ ends the program): the temporary file goes with it.
(ulimit -f 8 && exec "$FLAMETUI" --svg="$TMP/full.svg" "$TMP/in.folded") \
    2>"$TMP/err"
expect_eq "killed while writing: by SIGXFSZ" $((128 + 25)) $?
expect_eq "killed while writing: old file kept" old "$(cat "$TMP/full.svg")"
nothing_left "killed while writing" "$TMP"

# --fold and --svg to the same standard output would mix the two: refused,
# whatever name the SVG's file goes by, before anything is written.
for name in - /dev/stdout "$TMP/both.out"; do
	"$FLAMETUI" --fold --svg="$name" "$TMP/in.folded" >"$TMP/both.out" \
		2>"$TMP/err"
	expect_eq "--fold --svg=$name to stdout: exit status" 2 $?
	expect_eq "--fold --svg=$name to stdout: message" \
		"flametui: --fold and --svg=$name both write to standard output: give --svg another file" \
		"$(cat "$TMP/err")"
	expect_eq "--fold --svg=$name to stdout: nothing written" "" \
		"$(cat "$TMP/both.out")"
done

# Standard output that fails.
if [ -w /dev/full ]; then
	"$FLAMETUI" --svg=- "$TMP/in.folded" >/dev/full 2>"$TMP/err"
	expect_eq "stdout full: exit status" 2 $?
	expect_match "stdout full: message" "standard output.*No space left" \
		"$(cat "$TMP/err")"
fi

finish
