#!/bin/sh
# Record tests/heat/idle.txt.gz, the idle-sample fixture: every CPU sampled
# by perf at 999 Hz with call graphs for a second while the machine is
# otherwise idle, so that nearly every sample is the idle task's
# (swapper;...;do_idle;...). Run as root from the source tree, on an idle
# machine: sh tests/heat/record-idle.sh
set -e
cd "$(dirname "$0")"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
perf record -q -F 999 -g -a -o "$tmp/perf.data" -- sleep 1
perf script -i "$tmp/perf.data" -F comm,pid,tid,time,event,ip,sym,dso \
	2>/dev/null | gzip -9n >idle.txt.gz
ls -l idle.txt.gz
