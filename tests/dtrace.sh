#!/bin/sh
# DTrace aggregations: --include-offset, dtrace's header wherever it is,
# bad counts, a stack without a count, detection. The fixtures are
# tests/fmt/dtrace/*.txt (formats.sh checks their default output).
. "$top_srcdir/tests/lib.sh"
D=$top_srcdir/tests/fmt/dtrace

# Offsets stay with --include-offset, except the leaf's; C++ arguments are
# cut either way.
out=$("$FLAMETUI" --fold --include-offset "$D/kernel.txt" 2>&1)
expect_eq "--include-offset, kernel stacks" \
"unix\`thread_start+0x8;unix\`idle+0x114;unix\`cpu_idle_mwait+0xf1;unix\`i86_mwait 1650
unix\`thread_start+0x8;zfs\`zio_done+0x2f2;genunix\`kmem_cache_free 12" "$out"
out=$("$FLAMETUI" --fold --include-offset "$D/user.txt" 2>&1)
expect_eq "--include-offset, user stacks" \
"+0x4;com/example/Worker:.run()V;com/example/Task:.step()V_[i];java/lang/Thread.sleep(J)V;libjvm.so\`JVM_Sleep 5
0x8053b2c;node\`_start+0x83;node\`main+0x1b;node\`std::vector<int>::push_back;node\`node::Start;node\`uv_run+0x11c;node\`uv__io_poll+0x1d6;libc.so.1\`poll+0x66;libc.so.1\`__pollsys 37" \
	"$out"

# dtrace -q output has no header: no frame is lost (the reference skips
# the first three lines whatever they hold).
expect_match "no header: first frames kept" \
	'libc.so.1`poll;libc.so.1`__pollsys 37$' \
	"$("$FLAMETUI" --fold "$D/user.txt")"

# Other first lines, which the reference skips as it skips any first three:
# a script's banner (dtrace -q), found by detection and forced alike, and a
# probe line that goes on with the probe's printf() before printa.
printf '%s\n' 'Sampling at 97 Hertz... Hit Ctrl-C to end.' '^C' '' \
    '              libc.so.1`__pollsys+0xa' '              libc.so.1`poll+0x66' \
    '              a.out`main+0x10' '               12' '' \
    '              a.out`spin+0x3' '              a.out`main+0x20' \
    '               7' >"$TMP/banner.txt"
for f in "" "-f dtrace"; do
	# shellcheck disable=SC2086
	expect_eq "a banner first ($f)" \
"a.out\`main;a.out\`spin 7
a.out\`main;libc.so.1\`poll;libc.so.1\`__pollsys 12" \
		"$("$FLAMETUI" --fold $f "$TMP/banner.txt" 2>&1)"
done
printf 'header 1\nheader2\n\n  test`baz+0x4\n  5\n' >"$TMP/header.txt"
expect_eq "two header lines are no frames" "test\`baz 5" \
	"$("$FLAMETUI" --fold -f dtrace "$TMP/header.txt" 2>&1)"
printf '%s\n' 'CPU     ID                    FUNCTION:NAME' \
    '  0      2                             :END Stacks by count:' '' \
    '              a.out`spin+0x3' '              a.out`main+0x20' \
    '               7' '' >"$TMP/printa.txt"
expect_eq "a probe line with printf text" "a.out\`main;a.out\`spin 7" \
	"$("$FLAMETUI" --fold "$TMP/printa.txt" 2>&1)"

# A second printa with its own probe line in the middle is skipped too.
{ cat "$D/kernel.txt"; printf '  1  64091                        :tick-60s \n\n'
  printf '              unix`idle+0x114\n              3\n'; } >"$TMP/two.txt"
expect_eq "probe lines anywhere" \
"unix\`idle 3
unix\`thread_start;unix\`idle;unix\`cpu_idle_mwait;unix\`i86_mwait 1650
unix\`thread_start;zfs\`zio_done;genunix\`kmem_cache_free 12" \
	"$("$FLAMETUI" --fold "$TMP/two.txt" 2>&1)"

# A count that overflows 64 bits drops its stack, with a warning naming the
# line; a stack left without a count at the end is reported too.
printf '\n  a`f+0x1\n  99999999999999999999999\n\n  a`g+0x2\n  4\n\n  a`h\n' \
    >"$TMP/bad.txt"
"$FLAMETUI" --fold --format=dtrace "$TMP/bad.txt" >"$TMP/out" 2>"$TMP/err"
expect_eq "bad counts: exit 0" 0 $?
expect_eq "bad counts: the rest read" "a\`g 4" "$(cat "$TMP/out")"
expect_eq "bad counts: warning" \
"flametui: $TMP/bad.txt:3: count does not fit in 64 bits (2 lines ignored, this is the first)" \
	"$(cat "$TMP/err")"

# Detection: the kernel fixture without its header is still DTrace, and
# perf script (whose frames end in "(dso)") is not.
sed 1,2d "$D/kernel.txt" >"$TMP/noheader.txt"
expect_eq "detected without header" \
"unix\`thread_start;unix\`idle;unix\`cpu_idle_mwait;unix\`i86_mwait 1650
unix\`thread_start;zfs\`zio_done;genunix\`kmem_cache_free 12" \
	"$("$FLAMETUI" --fold "$TMP/noheader.txt" 2>&1)"
expect_match "perf script is not DTrace" '^prog;' \
	"$("$FLAMETUI" --fold "$top_srcdir/tests/fmt/perf/names.txt" 2>&1)"

finish
