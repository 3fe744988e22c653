#!/bin/sh
# record.sh: how the Chrome/V8 fixtures here were made, by the real tools
# (node 20 and Debian's chromium). Run from this directory; needs python3 to
# cut the Chrome trace down to the page's own renderer thread.
set -eu
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# node.cpuprofile: node's V8 CPU profiler; node-hitcount.cpuprofile is the
# same profile without samples and timeDeltas (older writers), which must
# give the same stacks from the nodes' hitCounts.
node --cpu-prof --cpu-prof-dir="$tmp/prof" work.js
cp "$tmp"/prof/*.cpuprofile node.cpuprofile
python3 -c 'import json,sys; d=json.load(open("node.cpuprofile"))
del d["samples"], d["timeDeltas"]; json.dump(d, sys.stdout)' \
	>node-hitcount.cpuprofile

# node-trace.json: node's trace events (X, and B/E for fs calls).
(cd "$tmp" && node --trace-events-enabled \
	--trace-event-categories v8,node,node.fs.sync "$OLDPWD/work.js")
cp "$tmp"/node_trace.1.log node-trace.json

# page-trace.json.gz: a Chrome trace with V8 CPU profile samples
# (Profile/ProfileChunk) and duration events, as DevTools records it; only
# the samples of the renderer that ran page.html, and the events of its
# main thread (CrRendererMain), are kept.
# chromium does not exit by itself here: the trace is written after
# --trace-startup-duration, then timeout ends it.
timeout 20 chromium --headless=new --no-sandbox --disable-gpu \
	--trace-startup=disabled-by-default-v8.cpu_profiler,devtools.timeline,v8.execute \
	--trace-startup-format=json --trace-startup-file="$tmp/trace.json" \
	--trace-startup-duration=3 --virtual-time-budget=2000 \
	"file://$PWD/page.html" >/dev/null 2>&1 || true
python3 - "$tmp/trace.json" >"$tmp/page-trace.json" <<'PY'
import json, sys
ev = json.load(open(sys.argv[1]))["traceEvents"]
mine = [e for e in ev if e.get("name") == "ProfileChunk" and "page.html" in json.dumps(e)]
pid = mine[0]["pid"]
tid = [e["tid"] for e in ev if e.get("pid") == pid and e.get("ph") == "M" and
	e.get("args", {}).get("name") == "CrRendererMain"][0]
keep = [e for e in ev if e.get("pid") == pid and
	(e.get("name") in ("Profile", "ProfileChunk") or
	 (e.get("tid") == tid and e.get("ph") in ("X", "B", "E", "M")))]
json.dump({"traceEvents": keep}, sys.stdout, separators=(",", ":"))
PY
gzip -9 -c "$tmp/page-trace.json" >page-trace.json.gz
