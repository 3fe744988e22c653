# tests/lib.sh: shared helpers for the shell tests. Source it first.
# Automake runs each tests/*.sh with FLAMETUI (the built binary) and
# top_srcdir set; exit 0 is a pass, 77 a skip, anything else a failure.
set -u
: "${FLAMETUI:?FLAMETUI must name the built binary}"
: "${top_srcdir:?top_srcdir must be set}"
SHARED=$top_srcdir/../shared
TMP=$(mktemp -d "${TMPDIR:-/tmp}/flametui-test.XXXXXX")
trap 'rm -rf "$TMP"' EXIT
failures=0

# fail MESSAGE: record a failure and go on.
fail() {
	echo "FAIL: $*" >&2
	failures=$((failures + 1))
}

# expect_eq WHAT EXPECTED ACTUAL: compare two strings.
expect_eq() {
	if [ "$2" != "$3" ]; then
		fail "$1"
		printf '  expected: %s\n  actual:   %s\n' "$2" "$3" >&2
	fi
}

# expect_file WHAT EXPECTED_FILE ACTUAL_FILE: compare two files.
expect_file() {
	if ! cmp -s "$2" "$3"; then
		fail "$1"
		diff -u "$2" "$3" | head -20 >&2
	fi
}

# expect_match WHAT REGEX TEXT: TEXT must match the extended regex.
expect_match() {
	if ! printf '%s' "$3" | grep -Eq -- "$2"; then
		fail "$1"
		printf '  wanted /%s/ in:\n%s\n' "$2" "$3" | head -20 >&2
	fi
}

# finish: exit with the verdict.
finish() {
	[ "$failures" -eq 0 ] && exit 0
	echo "$failures check(s) failed" >&2
	exit 1
}
