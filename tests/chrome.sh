#!/bin/sh
# Chrome and V8 JSON: real node and chromium output (tests/chrome/record.sh),
# hand-made edge cases, malformed JSON.
. "$top_srcdir/tests/lib.sh"
D=$top_srcdir/tests/chrome

# node --cpu-prof: one count per sample, frames "function file:line".
"$FLAMETUI" --fold "$D/node.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "cpuprofile exit status" 0 $?
expect_file "node --cpu-prof" "$D/node.folded" "$TMP/out"
expect_eq "cpuprofile: no messages" "" "$(cat "$TMP/err")"
# Without samples, the nodes' hitCounts (V8 leaves the last sample out).
"$FLAMETUI" --fold "$D/node-hitcount.cpuprofile" >"$TMP/out" 2>/dev/null
expect_file "cpuprofile hitCounts" "$D/node-hitcount.folded" "$TMP/out"

# node --trace-events-enabled: X events and B/E pairs, by self time (us).
"$FLAMETUI" --fold "$D/node-trace.json" >"$TMP/out" 2>/dev/null
expect_file "node trace events" "$D/node-trace.folded" "$TMP/out"

# A Chrome trace with V8 samples shows the samples, and says so.
"$FLAMETUI" --fold "$D/page-trace.json.gz" >"$TMP/out" 2>"$TMP/err"
expect_file "chrome trace samples" "$D/page-samples.folded" "$TMP/out"
expect_match "note on samples vs events" \
	"page-trace.json.gz: showing the trace's 4300 CPU profile samples; --sample-type=events shows its 252 duration events instead" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --fold --sample-type=events "$D/page-trace.json.gz" >"$TMP/out" 2>"$TMP/err"
expect_file "chrome trace events" "$D/page-events.folded" "$TMP/out"
expect_match "B without E is counted" "2 B/E trace events unmatched" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --fold --sample-type=samples "$D/node-trace.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "samples asked of a trace without them: status" 1 $?
expect_match "samples asked of a trace without them" \
	"node-trace.json: no CPU profile samples in this trace" "$(cat "$TMP/err")"
"$FLAMETUI" --fold --sample-type=cpu "$D/node-trace.json" >"$TMP/out" 2>"$TMP/err"
expect_match "unknown trace sample type" \
	"a Chrome trace has no sample type 'cpu': it has samples .* and events" \
	"$(cat "$TMP/err")"

# stackcollapse-chrome-tracing.py's own example gives its output.
printf '{"traceEvents":[\n{"pid":1,"tid":2,"ts":0,"ph":"X","name":"Foo","dur":50},\n{"pid":1,"tid":2,"ts":10,"ph":"X","name":"Bar","dur":30}\n]}\n' >"$TMP/ex.json"
out=$("$FLAMETUI" --fold "$TMP/ex.json")
expect_eq "reference example" "$(printf 'Foo 20\nFoo;Bar 30')" "$out"

# A bare array; string tids; B/E nesting with X inside; fractional us; an E
# with no B; a B with no E ending at its thread's last event; at equal ts the
# longer event is the parent whatever the order; an event with no ts.
cat >"$TMP/t.json" <<'JSON'
[
{"ph":"M","name":"thread_name","pid":1,"tid":"main","args":{"name":"main"}},
{"ph":"B","name":"a","pid":1,"tid":"main","ts":0},
{"ph":"X","name":"b","pid":1,"tid":"main","ts":1,"dur":2.5},
{"ph":"B","name":"c","pid":1,"tid":"main","ts":4},
{"ph":"E","pid":1,"tid":"main","ts":6},
{"ph":"E","pid":1,"tid":"main","ts":10},
{"ph":"E","pid":1,"tid":"main","ts":11},
{"ph":"X","name":"p","pid":1,"tid":2,"ts":5,"dur":1},
{"ph":"X","name":"q","pid":1,"tid":2,"ts":5,"dur":4},
{"ph":"X","name":"nots","pid":1,"tid":2,"dur":1},
{"ph":"B","name":"open","pid":2,"tid":2,"ts":100},
{"ph":"X","name":"in","pid":2,"tid":2,"ts":101,"dur":3},
{"ph":"E","pid":9,"tid":9,"ts":1}
]
JSON
"$FLAMETUI" --fold "$TMP/t.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "trace nesting" "$(printf '%s\n' 'a 5.5' 'a;b 2.5' 'a;c 2' 'open 1' \
	'open;in 3' 'q 3' 'q;p 1')" "$(cat "$TMP/out")"
expect_match "event without ts counted" "t.json: 1 trace events without a numeric ts skipped" \
	"$(cat "$TMP/err")"
expect_match "unmatched B/E counted" "t.json: 3 B/E trace events unmatched" \
	"$(cat "$TMP/err")"

# cpuprofile naming and broken trees: (root) is no frame; an empty name is
# (anonymous); the URL's basename, line from 1; a sample in a loop of
# parents or of an unknown node is skipped; a node with no id too.
cat >"$TMP/p.cpuprofile" <<'JSON'
{"nodes":[
 {"id":1,"callFrame":{"functionName":"(root)","url":"","lineNumber":-1},"children":[2,5]},
 {"id":2,"callFrame":{"functionName":"","url":"https://example.com/js/app.js?v=2","lineNumber":9},"children":[3]},
 {"id":3,"callFrame":{"functionName":"draw","url":"file:///srv/app/","lineNumber":0}},
 {"id":5,"callFrame":{"functionName":"(garbage collector)"}},
 {"id":7,"callFrame":{"functionName":"loop","url":"x.js","lineNumber":1},"children":[8]},
 {"id":8,"callFrame":{"functionName":"loop2","url":"x.js","lineNumber":2},"children":[7]},
 {"callFrame":{"functionName":"noid"}}
],
"startTime":100,"samples":[3,3,2,5,8,42],"timeDeltas":[1,2,3,4,5,6]}
JSON
"$FLAMETUI" --fold "$TMP/p.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "cpuprofile names and trees" "$(printf '%s\n' \
	'(anonymous) app.js?v=2:10 1' '(anonymous) app.js?v=2:10;draw app:1 2' \
	'(garbage collector) 1')" "$(cat "$TMP/out")"
expect_match "bad samples counted" \
	"p.cpuprofile: 2 samples skipped: their node, or one of its parents, is missing or loops" \
	"$(cat "$TMP/err")"
expect_match "node without id counted" \
	"p.cpuprofile: 1 profile nodes without an id skipped" "$(cat "$TMP/err")"

# No nodes at all: the sample is skipped, nothing is drawn.
printf '{"nodes":[],"callFrame":0,"samples":[1],"timeDeltas":[1]}' >"$TMP/empty.json"
"$FLAMETUI" --fold "$TMP/empty.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "no nodes: exit status" 1 $?
expect_match "no nodes: sample skipped" "empty.json: 1 samples skipped" \
	"$(cat "$TMP/err")"

# Malformed JSON: FILE:LINE:COLUMN and jansson's reason, nothing drawn.
printf '{"nodes": [\n {"id": 1, "callFrame": {}},\n {"id": 2,,}\n]}\n' >"$TMP/bad.json"
"$FLAMETUI" --fold "$TMP/bad.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "invalid JSON exit status" 1 $?
expect_eq "invalid JSON output" "" "$(cat "$TMP/out")"
expect_match "invalid JSON names file:line:column" \
	"^flametui: $TMP/bad.json:3:11: invalid JSON: " "$(cat "$TMP/err")"
head -c 3000 "$D/node.cpuprofile" >"$TMP/cut.cpuprofile"
"$FLAMETUI" --fold "$TMP/cut.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "truncated JSON exit status" 1 $?
expect_eq "truncated JSON message" \
	"flametui: $TMP/cut.cpuprofile:1:3000: invalid JSON: '}' expected near end of file" \
	"$(cat "$TMP/err")"
printf '{"nodes": 3, "callFrame": 1}' >"$TMP/odd.json"
"$FLAMETUI" --fold "$TMP/odd.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "JSON that is not a profile" \
	"flametui: $TMP/odd.json: not a V8 CPU profile: no \"nodes\" array" \
	"$(cat "$TMP/err")"
printf '{"traceEvents": {}}' >"$TMP/odd.json"
"$FLAMETUI" --fold "$TMP/odd.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "JSON that is not a trace" \
	"flametui: $TMP/odd.json: not a Chrome trace: no \"traceEvents\" array" \
	"$(cat "$TMP/err")"

# A trace is read an event at a time, so that an error is found where it
# is: past the first megabyte read (line 20,002, at the '}' that ends its
# 54th character, counting é and → as one each), in a value after the
# events, and in an event cut short.
awk 'BEGIN { print "{\"traceEvents\":["; for (i = 0; i < 20000; i++)
	printf "{\"ph\":\"X\",\"name\":\"f\",\"pid\":1,\"tid\":1,\"ts\":%d,\"dur\":1},\n", i
	print "{\"ph\":\"X\",\"name\":\"é→\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,}]}" }' >"$TMP/far.json"
"$FLAMETUI" --fold "$TMP/far.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "trace error far in: status" 1 $?
expect_eq "trace error far in: output" "" "$(cat "$TMP/out")"
expect_eq "trace error far in: file:line:column" \
	"flametui: $TMP/far.json:20002:54: invalid JSON: string or '}' expected near '}'" \
	"$(cat "$TMP/err")"
printf '{"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5}],\n"metadata":{"a":\n  tru}}' >"$TMP/meta.json"
"$FLAMETUI" --fold "$TMP/meta.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "trace error after the events" \
	"flametui: $TMP/meta.json:3:5: invalid JSON: invalid token near 'tru'" \
	"$(cat "$TMP/err")"
printf '[{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5}] x' >"$TMP/trail.json"
"$FLAMETUI" --fold "$TMP/trail.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "trace with more after it" \
	"flametui: $TMP/trail.json:1:56: invalid JSON: end of file expected near 'x'" \
	"$(cat "$TMP/err")"
# The format lets a bare array of events end with the file, without its
# ']' (a process that died writing it): every event is read, with a note.
# An object's "traceEvents" array has no such leave.
printf '[{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5},\n{"ph":"X","name":"b","pid":1,"tid":1,"ts":1,"dur":2},\n' >"$TMP/open.json"
"$FLAMETUI" --fold "$TMP/open.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "array without its ']': exit status" 0 $?
expect_eq "array without its ']': every event" "$(printf 'a 3\na;b 2')" \
	"$(cat "$TMP/out")"
expect_eq "array without its ']': note" \
	"flametui: $TMP/open.json: the trace's array ends with the file, without its ']', as a trace cut short may: read to the end" \
	"$(cat "$TMP/err")"
printf '{"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5}' >"$TMP/open.json"
"$FLAMETUI" --fold "$TMP/open.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "traceEvents without its ']'" \
	"flametui: $TMP/open.json:1:68: invalid JSON: ']' expected near end of file" \
	"$(cat "$TMP/err")"
head -c 700000 "$TMP/far.json" | "$FLAMETUI" --fold >"$TMP/out" 2>"$TMP/err"
expect_eq "trace cut in an event" \
	"flametui: <stdin>:12262:13: invalid JSON: premature end of input near '\"na'" \
	"$(cat "$TMP/err")"
rm -f "$TMP/far.json"
# Nor is a trace held whole: one larger than the 512 MiB a JSON document
# may be, most of it blanks between its two events, is read from a pipe.
{ printf '{"traceEvents":[{"ph":"X","name":"a","pid":1,"tid":1,"ts":0,"dur":5},'
  head -c 520M /dev/zero | tr '\0' ' '
  printf '{"ph":"X","name":"b","pid":1,"tid":1,"ts":1,"dur":2}],"metadata":{}}'
} | "$FLAMETUI" --fold >"$TMP/out" 2>"$TMP/err"
expect_eq "trace larger than 512 MiB" "$(printf 'a 3\na;b 2')" "$(cat "$TMP/out")"
expect_eq "trace larger than 512 MiB: no messages" "" "$(cat "$TMP/err")"

# Folded stacks that start with { or [ are not taken for JSON.
printf '{lambda};main 5\n[x];"ph" 2\n' >"$TMP/folded"
out=$("$FLAMETUI" --fold "$TMP/folded" 2>&1)
expect_eq "folded not taken for JSON" "$(printf '%s\n' '[x];"ph" 2' '{lambda};main 5')" "$out"

# Loops of parents never hang (each case would, before): a (root) node
# that is its own parent, two (root) nodes each the other's child, a
# ProfileChunk node its own parent. The samples in and under a loop are
# skipped and counted; the rest is shown. The fuzzers replay these inputs.
H=$top_srcdir/tests/hostile-inputs
skipped="samples skipped: their node, or one of its parents, is missing or loops"
timeout 60 "$FLAMETUI" --fold "$H/cycle-root-self.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "(root) its own parent: status" 1 $?
expect_eq "(root) its own parent: message" "$(printf '%s\n' \
	"flametui: $H/cycle-root-self.cpuprofile: 1 $skipped" \
	"flametui: no stacks found in the input")" "$(cat "$TMP/err")"
timeout 60 "$FLAMETUI" --fold "$H/cycle-roots.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "(root) nodes in a loop: status" 0 $?
expect_eq "(root) nodes in a loop: the rest" "main a.js:1 3" "$(cat "$TMP/out")"
expect_eq "(root) nodes in a loop: hitCounts counted" \
	"flametui: $H/cycle-roots.cpuprofile: 7 $skipped" "$(cat "$TMP/err")"
timeout 60 "$FLAMETUI" --svg="$TMP/loop.svg" "$H/cycle-roots.cpuprofile" 2>/dev/null
expect_eq "(root) nodes in a loop: --svg status" 0 $?
expect_match "(root) nodes in a loop: --svg" "main a\.js:1" "$(cat "$TMP/loop.svg")"
timeout 60 "$FLAMETUI" --fold "$H/cycle-chunk.chrome-trace" >"$TMP/out" 2>"$TMP/err"
expect_eq "ProfileChunk loop: status" 0 $?
expect_eq "ProfileChunk loop: the rest" "run b.js:5 2" "$(cat "$TMP/out")"
expect_eq "ProfileChunk loop: samples counted" \
	"flametui: $H/cycle-chunk.chrome-trace: 2 $skipped" "$(cat "$TMP/err")"

# Deep and wide inputs load in time linear in their size. Each of these
# took minutes before; the timeout only stops a hang. frames N NAME
# writes N frames NAME joined by ';'; big WHAT WANT compares $TMP/out with
# the lines WANT without showing lines too long to read.
frames() {
	awk -v n="$1" -v f="$2" 'BEGIN { for (i = 1; i <= n; i++)
		printf "%s%s", f, (i < n ? ";" : "") }'
}
big() {
	printf '%s\n' "$2" >"$TMP/want"
	cmp "$TMP/want" "$TMP/out" >/dev/null ||
		fail "$1: $(cmp "$TMP/want" "$TMP/out" 2>&1 | head -n 1)"
}
# 50,000 B events open (one stack 50,000 deep), and 50,000 B/E pairs in
# turn on top of it.
awk 'BEGIN { n = 50000; printf "["
	for (i = 0; i < n; i++)
		printf "{\"ph\":\"B\",\"name\":\"d\",\"pid\":1,\"tid\":1,\"ts\":0},\n"
	for (i = 0; i < n; i++)
		printf "{\"ph\":\"B\",\"name\":\"leaf\",\"pid\":1,\"tid\":1,\"ts\":%d},\n{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":%d},\n", i, i + 1
	for (i = 0; i < n; i++)
		printf "%s{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":%d}\n", (i ? "," : ""), n
	print "]" }' >"$TMP/deep.json"
timeout 60 "$FLAMETUI" --fold "$TMP/deep.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "50,000 nested B/E: status" 0 $?
big "50,000 nested B/E" "$(frames 50000 d);leaf 50000"
# A cpuprofile chain 50,000 deep with 50,000 leaves (hitCounts) at its end.
awk 'BEGIN { n = 50000; printf "{\"nodes\":[\n"
	for (i = 1; i <= n; i++)
		printf "{\"id\":%d,\"callFrame\":{\"functionName\":\"d\"},\"children\":[%d]},\n", i, i + 1
	for (i = 1; i <= n; i++)
		printf "%s{\"id\":%d,\"parent\":%d,\"callFrame\":{\"functionName\":\"leaf\"},\"hitCount\":1}\n", (i > 1 ? "," : ""), n + i, n
	print "]}" }' >"$TMP/deep.cpuprofile"
timeout 60 "$FLAMETUI" --fold "$TMP/deep.cpuprofile" >"$TMP/out" 2>"$TMP/err"
expect_eq "cpuprofile 50,000 deep: status" 0 $?
big "cpuprofile 50,000 deep" "$(frames 50000 d);leaf 50000"
# A ProfileChunk chain 50,000 deep, its samples in turn on the leaf and
# the top frame.
awk 'BEGIN { n = 50000
	printf "[{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"pid\":1,\"id\":1,\"ts\":1,\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[\n"
	printf "{\"id\":1,\"callFrame\":{\"functionName\":\"d\"}}\n"
	for (i = 2; i <= n; i++)
		printf ",{\"id\":%d,\"parent\":%d,\"callFrame\":{\"functionName\":\"d\"}}\n", i, i - 1
	printf "],\"samples\":["
	for (i = 0; i < n; i++)
		printf "%s%d", (i ? "," : ""), i % 2 ? 1 : n
	print "]}}}}]" }' >"$TMP/deep-chunk.json"
timeout 60 "$FLAMETUI" --fold "$TMP/deep-chunk.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "ProfileChunk 50,000 deep: status" 0 $?
big "ProfileChunk 50,000 deep" "$(printf 'd 25000\n%s 25000' "$(frames 50000 d)")"
rm -f "$TMP/deep.json" "$TMP/deep.cpuprofile" "$TMP/deep-chunk.json"

# Threads and profiles are found in a hash table, in time linear in the
# input however many: 20,000 threads, each span overlapping the next (one
# thread would nest them), and 20,000 profile ids. The timeout only stops
# a hang.
awk 'BEGIN { printf "["; for (i = 0; i < 20000; i++)
	printf "%s{\"ph\":\"X\",\"name\":\"t\",\"pid\":%d,\"tid\":%d,\"ts\":%d,\"dur\":10}\n", (i ? "," : ""), i % 7, i, i
	print "]" }' >"$TMP/threads.json"
timeout 60 "$FLAMETUI" --fold "$TMP/threads.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "20,000 threads: status" 0 $?
expect_eq "20,000 threads" "t 200000" "$(cat "$TMP/out")"
awk 'BEGIN { printf "["; for (i = 0; i < 20000; i++)
	printf "%s{\"ph\":\"P\",\"name\":\"ProfileChunk\",\"pid\":1,\"id\":%d,\"ts\":1,\"args\":{\"data\":{\"cpuProfile\":{\"nodes\":[{\"id\":1,\"callFrame\":{\"functionName\":\"c\"}}],\"samples\":[1]}}}}\n", (i ? "," : ""), i
	print "]" }' >"$TMP/ids.json"
timeout 60 "$FLAMETUI" --fold "$TMP/ids.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "20,000 profile ids: status" 0 $?
expect_eq "20,000 profile ids" "c 20000" "$(cat "$TMP/out")"
rm -f "$TMP/threads.json" "$TMP/ids.json"

# A thread's key is its pid and tid, whatever characters they hold: pid
# "1/2" tid "3" is not pid "1" tid "2/3" (both would be "1/2/3").
printf '[{"ph":"X","name":"a","pid":"1/2","tid":"3","ts":0,"dur":10},
{"ph":"X","name":"b","pid":"1","tid":"2/3","ts":5,"dur":10}]' >"$TMP/keys.json"
"$FLAMETUI" --fold "$TMP/keys.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "threads told apart" "$(printf 'a 10\nb 10')" "$(cat "$TMP/out")"

# A JSON input too large to read is said once.
printf '{"nodes":[],"callFrame":1' >"$TMP/huge.json"
truncate -s 600M "$TMP/huge.json"
"$FLAMETUI" --fold "$TMP/huge.json" >"$TMP/out" 2>"$TMP/err"
expect_eq "too large: status" 1 $?
expect_eq "too large: said once" \
	"flametui: $TMP/huge.json: input larger than 512 MiB: too large to read this format into memory" \
	"$(cat "$TMP/err")"
rm -f "$TMP/huge.json"

finish
