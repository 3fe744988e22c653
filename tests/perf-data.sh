#!/bin/sh
# perf.data: recognised by its magic and read with the same frames as
# `perf script | flametui`, on recordings this test makes.
. "$top_srcdir/tests/lib.sh"

# perf missing: perf.data is still recognised, and the message names the
# Debian package.
mkdir "$TMP/empty"
printf 'PERFILE2\020\0\0\0\0\0\0\0' > "$TMP/tiny.data"
out=$(PATH="$TMP/empty" "$FLAMETUI" --fold "$TMP/tiny.data" 2>&1)
expect_eq "perf missing: exit status" 1 $?
expect_match "perf missing: names linux-perf" \
	"tiny.data: .*perf is not installed.*linux-perf" "$out"

# No child outlives flametui: a perf that never ends is killed with it.
cat > "$TMP/empty/perf" <<'EOS'
#!/bin/sh
echo $$ > "$PIDFILE"
exec sleep 300
EOS
chmod +x "$TMP/empty/perf"
PIDFILE=$TMP/perf.pid PATH="$TMP/empty:$PATH" "$FLAMETUI" --fold \
	"$TMP/tiny.data" >/dev/null 2>&1 &
fl=$!
i=0
while [ ! -s "$TMP/perf.pid" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
if [ -s "$TMP/perf.pid" ]; then
	kill -9 $fl
	wait $fl 2>/dev/null
	child=$(cat "$TMP/perf.pid")
	i=0
	while kill -0 "$child" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1; i=$((i + 1))
	done
	kill -0 "$child" 2>/dev/null && { fail "perf script outlived flametui"; kill "$child"; }
else
	fail "the fake perf script was never started"
	kill $fl 2>/dev/null
fi

if ! command -v perf >/dev/null 2>&1; then
	echo "SKIP: perf is not installed (Debian package linux-perf)"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi
if ! perf record -q -g -o "$TMP/probe.data" -- true >"$TMP/probe.err" 2>&1
then
	echo "SKIP: perf cannot record here: $(head -3 "$TMP/probe.err")"
	[ "$failures" -eq 0 ] || finish
	exit 77
fi
cc=${CC:-cc}
if ! $cc -O0 -fno-omit-frame-pointer -o "$TMP/prog" \
    "$top_srcdir/tests/record-prog.c"; then
	echo "SKIP: cannot compile tests/record-prog.c with $cc"
	exit 77
fi

# same NAME FILE [OPTION...]: flametui --fold FILE equals perf script's
# text folded by flametui, byte for byte, and is not empty.
same() {
	name=$1 f=$2
	shift 2
	perf script -i "$f" 2>/dev/null | "$FLAMETUI" --fold "$@" \
		> "$TMP/want" 2>/dev/null
	"$FLAMETUI" --fold "$@" "$f" > "$TMP/got" 2>"$TMP/err"
	expect_eq "$name: exit status" 0 $?
	[ -s "$TMP/want" ] || fail "$name: perf script gave no stacks"
	expect_file "$name: same stacks as perf script" "$TMP/want" "$TMP/got"
}

perf record -q -g -o "$TMP/fp.data" -- "$TMP/prog" 0.5 >/dev/null 2>&1 ||
	fail "perf record of the workload failed"
same "fp" "$TMP/fp.data"
grep -q "burn_hot" "$TMP/got" || fail "fp: burn_hot missing from the stacks"

# A recording on a pipe (perf's pipe mode), in a file and on standard input.
perf record -q -g -o - -- "$TMP/prog" 0.3 > "$TMP/pipe.data" 2>/dev/null ||
	fail "perf record -o - failed"
same "pipe mode, file" "$TMP/pipe.data"
perf script -i - < "$TMP/pipe.data" 2>/dev/null | "$FLAMETUI" --fold \
	> "$TMP/want" 2>/dev/null
"$FLAMETUI" --fold < "$TMP/pipe.data" > "$TMP/got" 2>/dev/null
expect_file "pipe mode on stdin: same stacks as perf script" \
	"$TMP/want" "$TMP/got"
finish
