#!/bin/sh
# Exports under real faults (tests/svg-files.sh has the input refusals and a
# file size limit): a disk that fills up half way (a 64 kB tmpfs), for a
# replaced file, a new one and one written in place; a directory the user
# may not write to; and a full standard output. Each says what failed,
# exits 2, and leaves no partial file and the old one intact.
. "$top_srcdir/tests/lib.sh"

mnt=
cleanup() {
	[ -n "$mnt" ] && umount "$mnt" 2>/dev/null
	rm -rf "$TMP"
}
trap cleanup EXIT

# A profile whose SVG is far above 64 kB: 3000 frames, each wide enough to
# be drawn.
awk 'BEGIN { for (i = 0; i < 3000; i++) printf "main;frame_%d 1\n", i }' >"$TMP/in.folded"
"$FLAMETUI" --svg="$TMP/big.svg" "$TMP/in.folded" 2>"$TMP/err"
expect_eq "the SVG is written where there is room" 0 $?
size=$(wc -c <"$TMP/big.svg")
[ "$size" -gt 131072 ] || fail "the SVG is only $size bytes: too small to fill the disk"

# A full disk: ENOSPC half way through.
mkdir "$TMP/disk"
if [ "$(id -u)" -eq 0 ] && mount -t tmpfs -o size=64k flametui-test "$TMP/disk" 2>/dev/null; then
	mnt=$TMP/disk
	echo old >"$mnt/g.svg"
	"$FLAMETUI" --svg="$mnt/g.svg" "$TMP/in.folded" 2>"$TMP/err"
	expect_eq "full disk: exit status" 2 $?
	expect_eq "full disk: message" \
		"flametui: $mnt/g.svg: write failed: No space left on device (nothing written)" \
		"$(cat "$TMP/err")"
	expect_eq "full disk: old file kept, nothing else left" "g.svg old" \
		"$(ls -A "$mnt") $(cat "$mnt/g.svg")"
	"$FLAMETUI" --svg="$mnt/new.svg" "$TMP/in.folded" 2>"$TMP/err"
	expect_eq "full disk, new file: exit status" 2 $?
	expect_eq "full disk, new file: not created" "g.svg" "$(ls -A "$mnt")"
	# A file with two links is written in place, its room reserved
	# first: still nothing written.
	ln "$mnt/g.svg" "$mnt/h.svg"
	"$FLAMETUI" --svg="$mnt/h.svg" "$TMP/in.folded" 2>"$TMP/err"
	expect_eq "full disk, in place: exit status" 2 $?
	expect_eq "full disk, in place: message" \
		"flametui: $mnt/h.svg: write failed: No space left on device (nothing written)" \
		"$(cat "$TMP/err")"
	expect_eq "full disk, in place: old file kept" "g.svg h.svg old 2" \
		"$(ls -A "$mnt" | tr '\n' ' ')$(cat "$mnt/h.svg") $(stat -c %h "$mnt/g.svg")"
	umount "$mnt"
	mnt=
else
	echo "SKIP: full disk: cannot mount a tmpfs here (needs root and mount permission)"
fi

# A directory the user may not write to. Root writes anywhere, so run as
# nobody (uid 65534).
mkdir "$TMP/ro"
echo old >"$TMP/ro/g.svg"
chmod 755 "$TMP" "$TMP/ro"
chmod 644 "$TMP/in.folded" "$TMP/ro/g.svg"
if [ "$(id -u)" -ne 0 ]; then
	chmod 555 "$TMP/ro"
	"$FLAMETUI" --svg="$TMP/ro/g.svg" "$TMP/in.folded" 2>"$TMP/err"
	rc=$?
elif command -v setpriv >/dev/null; then
	setpriv --reuid=65534 --regid=65534 --clear-groups \
		"$FLAMETUI" --svg="$TMP/ro/g.svg" "$TMP/in.folded" 2>"$TMP/err"
	rc=$?
else
	rc=skip
	echo "SKIP: unwritable directory: running as root without setpriv"
fi
if [ "$rc" != skip ]; then
	expect_eq "unwritable directory: exit status" 2 "$rc"
	expect_eq "unwritable directory: message" \
		"flametui: $TMP/ro/g.svg: cannot create a temporary file in $TMP/ro/: Permission denied" \
		"$(cat "$TMP/err")"
	expect_eq "unwritable directory: old file kept, nothing else" "g.svg old" \
		"$(ls -A "$TMP/ro") $(cat "$TMP/ro/g.svg")"
fi

# --fold into a full standard output.
if [ -w /dev/full ]; then
	"$FLAMETUI" --fold "$TMP/in.folded" >/dev/full 2>"$TMP/err"
	expect_eq "--fold to /dev/full: exit status" 2 $?
	expect_eq "--fold to /dev/full: message" \
		"flametui: writing output: No space left on device" "$(cat "$TMP/err")"
fi

finish
