#!/bin/sh
# .ci/fuzz.sh: build the libFuzzer targets with clang in a separate build
# tree and run each for FUZZ_SECONDS (default 60). Fails when a target
# crashes, leaks or times out, or when a saved regression input
# (tests/hostile-inputs/) crashes a target. The build tree is FUZZ_BUILD (default
# /tmp/flametui-fuzz); crash inputs are left in its fuzz/crashes/.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
build=${FUZZ_BUILD:-${TMPDIR:-/tmp}/flametui-fuzz}
secs=${FUZZ_SECONDS:-60}
command -v clang >/dev/null || { echo "fuzz: clang not installed" >&2; exit 1; }

# A copy of the tracked sources: the source tree itself may be configured
# in place, which rules out a VPATH build.
rm -rf "$build"
mkdir -p "$build"
(cd "$top" && git ls-files -z | xargs -0 tar -cf - --) | tar -xf - -C "$build"
cd "$build"
echo "== fuzz build in $build"
autoreconf -fi >/dev/null 2>&1
./configure -q CC=clang --enable-fuzzing >/dev/null
make -j"$(nproc)" >/dev/null

# Every saved regression input, through every target, must not crash.
mkdir -p fuzz/work/bin
for t in $(fuzz/fuzz-format); do
	ln -f fuzz/fuzz-format "fuzz/work/bin/fuzz-$t"
	set -- "$top"/tests/hostile-inputs/*
	[ -e "$1" ] || continue
	if ! "fuzz/work/bin/fuzz-$t" "$@" >"fuzz/work/regress-$t.log" 2>&1; then
		echo "fuzz-$t: a regression input crashes it:" >&2
		tail -30 "fuzz/work/regress-$t.log" >&2
		exit 1
	fi
done
echo "== regression inputs: clean under every target"

FUZZ_SRCDIR=$top sh fuzz/run.sh "$secs"
