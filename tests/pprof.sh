#!/bin/sh
# pprof profile.proto: real Go profiles (tests/pprof/workload.go), the edge
# cases of tests/pprof/gen-edge.c, sample types, malformed input.
. "$top_srcdir/tests/lib.sh"
D=$top_srcdir/tests/pprof

# A Go CPU profile, gzip'd as Go writes it: the cpu type (nanoseconds) by
# default, with inlined main.scale marked _[i]; labels make no difference.
"$FLAMETUI" --fold "$D/cpu.pb.gz" >"$TMP/out" 2>"$TMP/err"
expect_eq "cpu profile exit status" 0 $?
expect_file "cpu profile, default sample type" "$D/cpu.folded" "$TMP/out"
expect_match "note names the type shown and the others" \
	"cpu.pb.gz: pprof sample type cpu \(nanoseconds\) shown; the profile also has samples" \
	"$(cat "$TMP/err")"

"$FLAMETUI" --fold --sample-type=samples "$D/cpu.pb.gz" >"$TMP/out" 2>/dev/null
expect_file "--sample-type=samples" "$D/cpu.samples.folded" "$TMP/out"

# Not gzip'd, and under a name that says nothing: detected by content.
gzip -dc "$D/cpu.pb.gz" >"$TMP/profile.txt"
"$FLAMETUI" --fold "$TMP/profile.txt" >"$TMP/out" 2>/dev/null
expect_file "uncompressed pprof detected by content" "$D/cpu.folded" "$TMP/out"
"$FLAMETUI" --fold <"$TMP/profile.txt" >"$TMP/out" 2>/dev/null
expect_file "pprof on standard input" "$D/cpu.folded" "$TMP/out"

# A heap profile without a default type: the last (inuse_space), as pprof
# chooses, or the one asked for. Zero values (inuse_space of freed memory)
# are left out.
"$FLAMETUI" --fold "$D/heap.pb.gz" >"$TMP/out" 2>/dev/null
expect_file "heap profile, last sample type" "$D/heap.inuse_space.folded" \
	"$TMP/out"
"$FLAMETUI" --fold --sample-type=alloc_objects "$D/heap.pb.gz" >"$TMP/out" \
	2>/dev/null
expect_file "heap profile, alloc_objects" "$D/heap.folded" "$TMP/out"

# An unknown sample type is an error that lists the known ones.
"$FLAMETUI" --fold --sample-type=cycles "$D/heap.pb.gz" >"$TMP/out" 2>"$TMP/err"
expect_eq "unknown sample type exit status" 1 $?
expect_eq "unknown sample type message" \
	"flametui: $D/heap.pb.gz: no sample type 'cycles' in this pprof profile; it has: alloc_objects, alloc_space, inuse_objects, inuse_space" \
	"$(cat "$TMP/err")"

# default_sample_type (wall) wins over the first; unsymbolized locations are
# [mapping basename], else the address, else [unknown]; a location with two
# lines gives two frames, the inlined one marked; a nameless function is
# named by its mapping.
"$FLAMETUI" --fold "$D/edge.pb" >"$TMP/out" 2>/dev/null
expect_file "edge cases" "$D/edge.folded" "$TMP/out"
out=$("$FLAMETUI" --fold --sample-type=samples "$D/edge.pb" 2>/dev/null)
expect_eq "edge cases, samples" "$(printf '%s\n' '[unknown] 1' 'main;0x4000 1' \
	'main;[libc.so.6] 1' 'main;compute;helper_[i] 3' \
	'main;compute;helper_[i];[libc.so.6] 2')" "$out"

# Samples that cannot be drawn are skipped and counted in one note.
"$FLAMETUI" --fold "$D/bad-samples.pb" >"$TMP/out" 2>"$TMP/err"
expect_eq "bad samples exit status" 0 $?
expect_file "bad samples: the good ones kept" "$D/edge.folded" "$TMP/out"
expect_match "bad samples counted" \
	"bad-samples.pb: 3 pprof samples skipped \(1 with an unknown location id, 1 with a negative value, 1 with too few values; the first is sample 7\)" \
	"$(cat "$TMP/err")"

# Truncated protobuf: an error naming the file, nothing drawn.
head -c 200 "$D/edge.pb" >"$TMP/cut.pb"
"$FLAMETUI" --fold "$TMP/cut.pb" >"$TMP/out" 2>"$TMP/err"
expect_eq "truncated protobuf exit status" 1 $?
expect_eq "truncated protobuf output" "" "$(cat "$TMP/out")"
expect_eq "truncated protobuf message" \
	"flametui: $TMP/cut.pb: malformed pprof profile: the protobuf data is truncated or corrupt (200 bytes)" \
	"$(cat "$TMP/err")"

# Truncated gzip of a profile: the whole document is needed, so it fails.
head -c 400 "$D/cpu.pb.gz" >"$TMP/cut.pb.gz"
"$FLAMETUI" --fold "$TMP/cut.pb.gz" >"$TMP/out" 2>"$TMP/err"
expect_eq "truncated gzip exit status" 1 $?
expect_match "truncated gzip message" "cut.pb.gz: truncated gzip stream" \
	"$(cat "$TMP/err")"

# Text forced as pprof is malformed protobuf, not a crash.
printf 'main;work 10\n' >"$TMP/text"
"$FLAMETUI" --fold -f pprof "$TMP/text" >"$TMP/out" 2>"$TMP/err"
expect_eq "text as pprof exit status" 1 $?
expect_match "text as pprof message" "text: malformed pprof profile" \
	"$(cat "$TMP/err")"

# A location with 2000 lines, repeated 2000 times in one sample: 10 KB that
# would expand to 4M frames (1 GB). Samples past 8 frames per byte are
# skipped with a note; the others are kept.
# bytes V...: write each value (0-255) as one byte.
bytes() { for b; do printf "\\$(printf %o "$b")"; done; }
# varint N: N as a protobuf varint.
varint() {
	n=$1
	while [ "$n" -ge 128 ]; do bytes $((n % 128 + 128)); n=$((n / 128)); done
	bytes "$n"
}
# rep N V: byte V, N times.
rep() { head -c "$1" /dev/zero | tr '\000' "\\$(printf %o "$2")"; }
L=2000 N=2000
{
	# string_table: "", "samples", "count", "f", "g"
	bytes 0x32 0; bytes 0x32 7; printf samples; bytes 0x32 5; printf count
	bytes 0x32 1; printf f; bytes 0x32 1; printf g
	bytes 0x0a 4 0x08 1 0x10 2                    # sample_type samples/count
	bytes 0x2a 4 0x08 1 0x10 3                    # function 1: f
	bytes 0x2a 4 0x08 2 0x10 4                    # function 2: g
	bytes 0x22; varint $((2 + 4 * L)); bytes 0x08 1  # location 1: L lines of f
	printf '\042\002\010\001%.0s' $(seq $L)        # f
	bytes 0x22 6 0x08 2 0x22 2 0x08 2              # location 2: g
	bytes 0x12 6 0x0a 1 2 0x12 1 1                 # sample: g, 1
	bytes 0x12; varint $((1 + 2 + N + 3)); bytes 0x0a; varint $N; rep $N 1
	bytes 0x12 1 1                                 # sample: f x N*L, 1
} >"$TMP/amp.pb"
"$FLAMETUI" --fold "$TMP/amp.pb" >"$TMP/out" 2>"$TMP/err"
expect_eq "amplifying pprof: exit status" 0 $?
expect_eq "amplifying pprof: the small sample kept" "g 1" "$(cat "$TMP/out")"
expect_eq "amplifying pprof: note" \
	"flametui: $TMP/amp.pb: 1 pprof samples skipped: their stacks would take the profile past 146112 frames, 8 per byte of it (locations repeated, with many lines each); the first is sample 2" \
	"$(cat "$TMP/err")"

# Folded stacks whose bytes happen to start like protobuf fields stay folded.
printf '\npprof;x 1\n2;y 3\n' >"$TMP/folded"
out=$("$FLAMETUI" --fold "$TMP/folded" 2>&1)
expect_eq "folded not taken for pprof" "$(printf '2;y 3\npprof;x 1')" "$out"

finish
