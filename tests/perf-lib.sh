# tests/perf-lib.sh: helpers for the tests that compare flametui's native
# perf.data reader with perf script. Source it after tests/lib.sh.

# perf_need_record: exit 77 (with failures so far reported) when perf is
# missing or cannot record here.
perf_need_record() {
	if ! command -v perf >/dev/null 2>&1; then
		echo "SKIP: perf is not installed (Debian package linux-perf)"
		[ "$failures" -eq 0 ] || finish
		exit 77
	fi
	if ! perf record -q -g -o "$TMP/probe.data" -- true \
	    >"$TMP/probe.err" 2>&1; then
		echo "SKIP: perf cannot record here: $(head -3 "$TMP/probe.err")"
		[ "$failures" -eq 0 ] || finish
		exit 77
	fi
}

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

# every NAME FILE: as same, with each option that changes the frames
# (and each --frames level perf script's text has), perf script running
# once.
every() {
	perf script -i "$2" > "$TMP/script" 2>/dev/null
	for opt in "" --pid --tid --kernel --addrs --jit --all --frames=dso \
	    --frames=function+dso --frames=address $(sed -n \
	    's/.* \([^ ]*\): *$/--event-filter=\1/p' "$TMP/script" | sort -u); do
		"$FLAMETUI" --fold $opt < "$TMP/script" > "$TMP/want" 2>/dev/null
		"$FLAMETUI" --fold $opt "$2" > "$TMP/got" 2>"$TMP/err"
		expect_eq "$1 $opt: exit status" 0 $?
		[ -s "$TMP/want" ] || fail "$1 $opt: perf script gave no stacks"
		expect_file "$1 $opt: same stacks as perf script" "$TMP/want" \
			"$TMP/got"
	done
}

# native NAME FILE: FILE is read without perf: perf missing from PATH
# changes nothing, and no note says perf script read it.
native() {
	mkdir -p "$TMP/noperf"
	"$FLAMETUI" --fold "$2" > "$TMP/want" 2>/dev/null
	PATH="$TMP/noperf" "$FLAMETUI" --fold "$2" > "$TMP/got" 2>"$TMP/err"
	expect_eq "$1 without perf: exit status" 0 $?
	expect_file "$1 without perf installed" "$TMP/want" "$TMP/got"
	grep -q "perf script" "$TMP/err" && fail "$1: read with perf script"
}
