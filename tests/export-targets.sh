#!/bin/sh
# What an export does to what is already at its path: a device, FIFO or
# socket is written to in place, as a stream; a symlink is followed; a
# replaced file keeps its mode, owner and hard links; an input, standard
# input included, is never written over. Devices are made with mknod in
# the test's own directory, so that a broken build cannot replace the
# system's /dev/null.
. "$top_srcdir/tests/lib.sh"

printf 'main;a 3\nmain;b 2\n' >"$TMP/in.folded"
cp "$TMP/in.folded" "$TMP/orig"
cd "$TMP" || exit 1

# is_svg WHAT FILE: FILE holds a whole SVG.
is_svg() {
	expect_match "$1: an SVG" '^<\?xml.*</svg>$' "$(cat "$2" | tr '\n' ' ' |
		sed 's/ *$//')"
}

# wait_gone PID: wait (bounded) for a background reader to finish, then
# stop it if it is still there (waiting for a writer that never came).
wait_gone() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 200 ]; do
		sleep 0.05
		i=$((i + 1))
	done
	kill "$1" 2>/dev/null
	wait "$1" 2>/dev/null
}

# Character devices: /dev/null's and /dev/full's numbers, made here.
if [ "$(id -u)" -eq 0 ] && mknod "$TMP/null" c 1 3 2>/dev/null &&
    mknod "$TMP/full" c 1 7 2>/dev/null; then
	"$FLAMETUI" --svg="$TMP/null" in.folded 2>"$TMP/err"
	expect_eq "null device: exit status" 0 $?
	[ -c "$TMP/null" ] || fail "null device: no longer a character device"
	expect_eq "null device: reads nothing" "" "$(head -c 10 "$TMP/null")"
	"$FLAMETUI" --svg="$TMP/full" in.folded 2>"$TMP/err"
	expect_eq "full device: exit status" 2 $?
	expect_eq "full device: message" \
		"flametui: $TMP/full: write failed: No space left on device" \
		"$(cat "$TMP/err")"
	[ -c "$TMP/full" ] || fail "full device: no longer a character device"
else
	echo "SKIP: devices: mknod needs root"
fi

# A name for standard output: a symlink of our own to /proc/self/fd/1, as
# /dev/stdout is. Written through, the link stays.
ln -s /proc/self/fd/1 "$TMP/stdout"
"$FLAMETUI" --svg="$TMP/stdout" in.folded >"$TMP/got.svg" 2>"$TMP/err"
expect_eq "stdout link: exit status" 0 $?
is_svg "stdout link: written to standard output" "$TMP/got.svg"
if [ -L "$TMP/stdout" ]; then
	# The real one, now that it is known not to be replaced.
	"$FLAMETUI" --svg=/dev/stdout in.folded >"$TMP/got.svg" 2>"$TMP/err"
	expect_eq "/dev/stdout: exit status" 0 $?
	is_svg "/dev/stdout: written to standard output" "$TMP/got.svg"
	"$FLAMETUI" --svg=/dev/stdout in.folded | head -c 5 >"$TMP/got"
	expect_eq "/dev/stdout: into a pipe" "<?xml" "$(cat "$TMP/got")"
	[ -L /dev/stdout ] || fail "/dev/stdout is no longer a symlink"
	# Appended to, as the shell opened it.
	echo first >"$TMP/log"
	"$FLAMETUI" --svg=/dev/stdout in.folded >>"$TMP/log"
	expect_eq "/dev/stdout: appended" first "$(head -1 "$TMP/log")"
else
	fail "stdout link: replaced (the real /dev/stdout is not tried)"
fi
# Standard output that is an input is refused, by name or as -.
for out in "$TMP/stdout" -; do
	"$FLAMETUI" --svg="$out" in.folded 2>"$TMP/err" 1<>in.folded
	expect_eq "stdout is the input ($out): exit status" 2 $?
	expect_match "stdout is the input ($out): message" \
		"refusing to overwrite an input file" "$(cat "$TMP/err")"
	expect_file "stdout is the input ($out): input unchanged" \
		"$TMP/orig" in.folded
	cp "$TMP/orig" in.folded
done

# A FIFO: written to, and still a FIFO.
mkfifo "$TMP/fifo"
cat "$TMP/fifo" >"$TMP/from-fifo" &
reader=$!
"$FLAMETUI" --svg="$TMP/fifo" in.folded 2>"$TMP/err"
expect_eq "FIFO: exit status" 0 $?
wait_gone $reader
[ -p "$TMP/fifo" ] || fail "FIFO: no longer a FIFO"
is_svg "FIFO: the reader got it" "$TMP/from-fifo"

# A socket: connected to and written to, and still a socket.
perl -MIO::Socket::UNIX -e '
	my $s = IO::Socket::UNIX->new(Local => $ARGV[0], Listen => 1) or die;
	open(my $ready, ">", "$ARGV[0].ready"); close($ready);
	alarm 20;
	my $c = $s->accept or die;
	open(my $out, ">", $ARGV[1]) or die;
	print $out $_ while <$c>;' "$TMP/sock" "$TMP/from-sock" &
server=$!
i=0
while [ ! -e "$TMP/sock.ready" ] && [ $i -lt 200 ]; do
	sleep 0.05
	i=$((i + 1))
done
"$FLAMETUI" --svg="$TMP/sock" in.folded 2>"$TMP/err"
expect_eq "socket: exit status" 0 $?
wait_gone $server
[ -S "$TMP/sock" ] || fail "socket: no longer a socket"
is_svg "socket: the server got it" "$TMP/from-sock"

# Symlinks are followed: the file they name is replaced, keeping its mode
# (0600 stays 0600), and the links stay.
mkdir sub
echo old >sub/kept.svg
chmod 600 sub/kept.svg
ln -s sub/kept.svg link.svg
ln -s link.svg link2.svg
"$FLAMETUI" --svg=link2.svg in.folded 2>"$TMP/err"
expect_eq "symlink: exit status" 0 $?
[ -L link.svg ] && [ -L link2.svg ] || fail "symlink: a link was replaced"
is_svg "symlink: the file it names" sub/kept.svg
expect_eq "symlink: mode kept" "-rw-------" "$(ls -l sub/kept.svg | cut -c1-10)"
expect_eq "symlink: no temporary file left" "kept.svg" "$(ls -A sub)"
# A link to a file not there yet makes the file.
ln -s sub/new.svg dangling.svg
"$FLAMETUI" --svg=dangling.svg in.folded 2>"$TMP/err"
expect_eq "dangling symlink: exit status" 0 $?
[ -L dangling.svg ] || fail "dangling symlink: replaced"
is_svg "dangling symlink: the file it names" sub/new.svg

# A replaced file keeps its mode and its owner.
echo old >mode.svg
chmod 640 mode.svg
[ "$(id -u)" -eq 0 ] && chown 65534:65534 mode.svg
before=$(ls -ln mode.svg | awk '{ print $1, $3, $4 }')
"$FLAMETUI" --svg=mode.svg in.folded 2>"$TMP/err"
expect_eq "mode: exit status" 0 $?
is_svg "mode: replaced" mode.svg
expect_eq "mode and owner kept" "$before" \
	"$(ls -ln mode.svg | awk '{ print $1, $3, $4 }')"

# Hard links stay linked: the file is written in place.
echo old >hard.svg
ln hard.svg hard2.svg
ino=$(ls -i hard.svg | awk '{ print $1 }')
"$FLAMETUI" --svg=hard.svg in.folded 2>"$TMP/err"
expect_eq "hard link: exit status" 0 $?
is_svg "hard link: the other name sees it" hard2.svg
expect_eq "hard link: same file" "$ino" "$(ls -i hard.svg | awk '{ print $1 }')"
# Written over a longer file, nothing of it is left at the end.
awk 'BEGIN { for (i = 0; i < 5000; i++) print "padding padding padding" }' \
	>hard.svg
"$FLAMETUI" --svg=hard.svg in.folded 2>"$TMP/err"
is_svg "hard link over a longer file: nothing left over" hard2.svg

# Standard input is an input: never written over.
"$FLAMETUI" --svg=in.folded <in.folded 2>"$TMP/err"
expect_eq "stdin as output: exit status" 2 $?
expect_eq "stdin as output: message" \
	"flametui: in.folded: refusing to overwrite an input file" "$(cat "$TMP/err")"
expect_file "stdin as output: input unchanged" "$TMP/orig" in.folded
cp "$TMP/orig" in.folded
ln -s in.folded link-in.svg
"$FLAMETUI" --svg=link-in.svg - <in.folded 2>"$TMP/err"
expect_eq "stdin (-) through a symlink: exit status" 2 $?
expect_file "stdin (-) through a symlink: input unchanged" "$TMP/orig" in.folded

# record -o and --svg go the same way. They need perf, and a workload.
cc=${CC:-cc}
if ! command -v perf >/dev/null 2>&1 ||
    ! perf record -q -g -o "$TMP/probe.data" -- true >/dev/null 2>&1; then
	echo "SKIP: record: perf cannot record here"
elif ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/record-prog.c"; then
	echo "SKIP: record: cannot compile tests/record-prog.c with $cc"
else
	mkdir "$TMP/t"
	if [ "$(id -u)" -eq 0 ] && mknod "$TMP/rec-null" c 1 3 2>/dev/null
	then
		TMPDIR="$TMP/t" "$FLAMETUI" record -F 999 -o "$TMP/rec-null" \
			-- ./prog 0.3 2>"$TMP/err"
		expect_eq "record -o device: exit status" 0 $?
		[ -c "$TMP/rec-null" ] ||
			fail "record -o device: no longer a character device"
	fi
	TMPDIR="$TMP/t" "$FLAMETUI" record -F 999 -o "$TMP/stdout" \
		-- ./prog 0.3 >"$TMP/got" 2>"$TMP/err"
	expect_eq "record -o stdout link: exit status" 0 $?
	expect_match "record -o stdout link: folded stacks" \
		'main;.*burn_hot [0-9]+' "$(cat "$TMP/got")"
	[ -L "$TMP/stdout" ] || fail "record -o stdout link: replaced"
	rm -rf "$TMP/t"
fi

finish
