#!/bin/sh
# Record tests/heat/perf.txt.gz, the heat map tests' fixture: heat-prog
# sampled by perf at 999 Hz with call graphs (the process only: on this
# busy machine a whole CPU holds other processes' noise and no idle task).
# Run as root from the source tree: sh tests/heat/record.sh
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O1 -g -fno-omit-frame-pointer -o "$tmp/heat-prog" ../heat-prog.c
perf record -q -F 999 -g -o "$tmp/perf.data" -- "$tmp/heat-prog" >/dev/null
perf script -i "$tmp/perf.data" -F comm,pid,tid,time,event,ip,sym,dso \
	2>/dev/null | gzip -9n >perf.txt.gz
ls -l perf.txt.gz
