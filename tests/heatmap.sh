#!/bin/sh
# The sub-second heat map and --time-range, on real perf script output of
# tests/heat-prog.c (tests/heat/record.sh): hot_burst() spins from 1.4 s to
# 1.7 s and from 3.4 s to 3.7 s after the start, start_mark() for the first
# 50 ms; the process sleeps in between, so no samples are taken there.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"

# A short path: the title line shows it, and a long one (make distcheck's
# build tree) would cut the rest of the title off.
cp "$top_srcdir/tests/heat/perf.txt.gz" "$TMP/heat.gz"
IN=$TMP/heat.gz

# --time-range with --fold: second 1 holds the first burst only.
"$FLAMETUI" --fold --time-range=1-2 "$IN" >"$TMP/range" 2>"$TMP/err"
expect_eq "--time-range exit status" 0 $?
expect_eq "--time-range: every stack is in hot_burst" "" \
	"$(grep -v '^heat-prog;__libc_start_call_main;main;hot_burst;' "$TMP/range")"
expect_eq "--time-range: the first burst's samples" 67 \
	"$(awk '{ n += $NF } END { print n }' "$TMP/range")"
expect_eq "--time-range=0-0.1: start_mark only" \
"heat-prog;__libc_start_call_main;main;start_mark;spin;clock_gettime@@GLIBC_2.17;__vdso_clock_gettime 9
heat-prog;__libc_start_call_main;main;start_mark;spin;since 6" \
	"$("$FLAMETUI" --fold --time-range=0-0.1 "$IN")"
expect_eq "--time-range=2-3: nothing runs" "" \
	"$("$FLAMETUI" --fold --time-range=2-3 "$IN" 2>"$TMP/err")"
expect_match "--time-range=2-3 warns" "no samples in --time-range" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --fold --time-range=2-1 "$IN" 2>"$TMP/err"
expect_eq "--time-range=2-1 is a usage error" 2 $?
printf 'a;b 1\n' >"$TMP/f"
"$FLAMETUI" --fold --time-range=0-1 "$TMP/f" 2>"$TMP/err"
expect_eq "--time-range without timestamps fails" 1 $?
expect_match "--time-range without timestamps says why" "no timestamps" \
	"$(cat "$TMP/err")"

# The heat map, monochrome: density characters, darkest where most.
TUI_ENV="NO_COLOR=1" start 100 60 --heatmap "$IN"
wait_for 'heat map: 190 samples not idle, 50 buckets a second \(20 ms\)'
expect_eq "seconds axis" "s  ms 0   1   2   3" "$(line 2)"
# Lines 3.. are the buckets from 0 ms; a column is 4 cells a second, from
# column 7. Second 1's cells are blank above 400 ms (bucket 20, line 23)
# and after 720 ms, and not blank between; second 2 is empty.
col1=$(screen | sed -n '3,52p' | cut -c11-14)
expect_eq "second 1 before 400 ms is empty" "" \
	"$(printf '%s\n' "$col1" | sed -n '1,20p' | tr -d ' \n')"
expect_match "second 1 from 400 ms holds the burst" '^[.:=+*#%@-]{4}$' \
	"$(printf '%s\n' "$col1" | sed -n '21p')"
expect_eq "second 1 after 720 ms is empty" "" \
	"$(printf '%s\n' "$col1" | sed -n '37,50p' | tr -d ' \n')"
expect_eq "second 2 is empty" "" \
	"$(screen | sed -n '3,52p' | cut -c15-18 | tr -d ' \n')"
expect_match "second 3 holds the second burst" '[.:=+*#%@-]' \
	"$(screen | sed -n '23,37p' | cut -c19-22)"
expect_match "the scale" '^scale: _ 0 \. 1 .*\(max 14 a cell\)' "$(line 58)"

# Select second 1 from 400 ms to 720 ms with the keyboard.
keys l
for i in $(seq 20); do keys j; done
wait_for '^cursor 1 s \+ 400 ms'
keys Space
for i in $(seq 15); do keys j; done
wait_for '^cursor 1 s \+ 700 ms'
keys Space
wait_for 'selection 1\.400-1\.720 s: 67 samples'
keys Enter
wait_for 'time 1\.400-1\.720 s'
expect_match "the range's graph: its samples" '\| 67 samples \|' "$(line 1)"
expect_match "the range's graph: hot_burst in it" 'hot_burst' "$(screen)"
expect_eq "the range's graph: no start_mark" "" \
	"$(screen | grep start_mark)"
# Back to the heat map, the selection kept; Escape clears it, Enter then
# shows the whole profile.
keys m
wait_for 'selection 1\.400-1\.720 s: 67 samples'
keys Escape
wait_for '^cursor 1 s \+ 700 ms: [0-9]+ samples \| 20 ms a row$'
keys Enter
wait_for '\| 190 samples \| perf$'

# The mouse: click the cell of second 3 at 400 ms, shift-click 680 ms.
keys m
wait_for '^cursor'
keys -l "$(printf '\033[<0;19;23M\033[<0;19;23m')"
wait_for '^cursor 3 s \+ 400 ms'
keys -l "$(printf '\033[<4;19;37M\033[<4;19;37m')"
wait_for 'selection 3\.400-3\.700 s'
# A drag from 3 s + 420 ms to 3 s + 500 ms selects those cells; a
# shift-click then ends the selection at 680 ms.
keys -l "$(printf '\033[<0;19;24M\033[<32;19;26M\033[<32;19;28M\033[<0;19;28m')"
wait_for 'selection 3\.420-3\.520 s'
keys -l "$(printf '\033[<4;19;37M\033[<4;19;37m')"
wait_for 'selection 3\.420-3\.700 s'
keys Enter
wait_for 'time 3\.420-3\.700 s'
n=$("$FLAMETUI" --fold --time-range=3.42-3.7 "$IN" |
	awk '{ n += $NF } END { print n }')
expect_match "the clicked range's count as --time-range's" "\\| $n samples \\|" \
	"$(line 1)"
# u undoes each range shown, back to the first, then the whole profile;
# the heat map selects the range shown again.
keys u
wait_for '\| 190 samples \| perf$'
keys u
wait_for '\| 67 samples \| perf \| time 1\.400-1\.720 s$'
keys m
wait_for 'selection 1\.400-1\.720 s: 67 samples'
keys m
wait_for '\| 67 samples \| perf \| time 1\.400-1\.720 s$'
keys u
wait_for '\| 190 samples \| perf$'
keys u
wait_line 60 'nothing to undo'

# --time-range in the viewer opens on that range's graph.
TUI_ENV="NO_COLOR=1" start 100 30 --time-range=1-2 "$IN"
wait_for '\| 67 samples \| perf \| time 1\.000-2\.000 s'
# A range past the end says it is empty; the heat map's cursor is on the
# last cell, so that the map shows.
TUI_ENV="NO_COLOR=1" start 100 30 --time-range=100-200 "$IN"
wait_line 30 "no samples in --time-range (m: the heat map)"
keys m
wait_for '^cursor 3 s \+ 980 ms: 0 samples \| rows 27-50 of 50, 20 ms each \| selection 100\.000-200\.000 s: 0 sam'
expect_eq "the seconds shown" "s  ms 0   1   2   3" "$(line 2)"

# --buckets=10: 100 ms rows; the first burst starts in row 400 ms.
TUI_ENV="NO_COLOR=1" start 100 30 --heatmap --buckets=10 "$IN"
wait_for '10 buckets a second \(100'
expect_eq "--buckets=10: 300 ms of second 1 empty" "" \
	"$(screen | sed -n '6p' | cut -c11-14 | tr -d ' ')"
expect_match "--buckets=10: 400 ms of second 1 full" '^[.:=+*#%@-]{4}$' \
	"$(screen | sed -n '7p' | cut -c11-14)"

# On 30 lines 24 of the 50 rows show: the status line says which and the
# row size, and the grid scrolls with the cursor, drawn in reverse video;
# b offers the bucket counts whose rows fit, the cursor kept in time.
TUI_ENV="NO_COLOR=1" start 100 30 --heatmap "$IN"
wait_line 29 "cursor 0 s + 0 ms: 7 samples | rows 1-24 of 50, 20 ms each"
expect_match "b offered" '^b: 20 buckets a second fit  Space: mark' "$(line 30)"
cur=$(printf '    0 \033[1;7m====')
expect_eq "the cursor in reverse video" 1 \
	"$(t capture-pane -p -e | sed -n 3p | grep -cF "$cur")"
for i in $(seq 29); do keys j; done
wait_line 29 "cursor 0 s + 580 ms: 0 samples | rows 7-30 of 50, 20 ms each"
expect_eq "scrolled: line 7 is 200 ms" "  200" "$(line 7 | cut -c1-5)"
keys b
wait_line 29 "cursor 0 s + 550 ms: 0 samples | 50 ms a row"
expect_eq "all rows fit: no b offered" \
	"Space: mark  Enter: flame graph of the selection  m: graph  ?: help  q: quit" \
	"$(line 30)"
keys b
wait_for '^cursor 0 s \+ 500 ms: [0-9]+ samples \| 100 ms a row$'
keys b b
wait_for '^cursor 0 s \+ 400 ms: [0-9]+ samples \| 50 ms a row$'

# --flamechart lays timestamped samples out in time order: with the first
# 16 samples (start_mark's 15 and one of hot_burst) moved to the end of
# the input, start_mark is still at the left, as in the input in order.
gzip -dc "$IN" | awk 'BEGIN { RS = ""; ORS = "\n\n" }
	NR <= 16 { first = first $0 "\n\n"; next } { print }
	END { printf "%s", first }' >"$TMP/moved.txt"
expect_eq "the moved input ends with start_mark" "start_mark" \
	"$(grep -o 'start_mark' "$TMP/moved.txt" | tail -1)"
for f in "$IN" "$TMP/moved.txt"; do
	"$FLAMETUI" --flamechart --svg="$TMP/c.svg" "$f"
	expect_match "flame chart of $(basename "$f"): start_mark at the left" \
		"^start_mark \\(15 samples, 7\\.89%\\)$(printf '\t')<rect x=\"10\"" \
		"$(perl "$top_srcdir/tests/svg-frames.pl" titles "$TMP/c.svg")"
done
TUI_ENV="NO_COLOR=1" start 100 14 --flamechart "$TMP/moved.txt"
wait_for '^start\.\. hot_burst'

# Idle samples: tests/heat/idle.txt.gz is a second of a whole idle machine
# (tests/heat/record-idle.sh), 995 of its samples the idle task's.
cp "$top_srcdir/tests/heat/idle.txt.gz" "$TMP/idle.gz"
IDLE=$TMP/idle.gz
expect_eq "--time-range leaves the idle samples out" "" \
	"$("$FLAMETUI" --fold --time-range=0-2 "$IDLE" | grep -E 'swapper|do_idle')"
expect_eq "the samples left: the total less the idle task's" \
	"$("$FLAMETUI" --fold "$IDLE" |
	    awk '!/^swapper;/ { n += $NF } END { print n }')" \
	"$("$FLAMETUI" --fold --time-range=0-2 "$IDLE" |
	    awk '{ n += $NF } END { print n }')"
expect_eq "--include-idle keeps them" "$("$FLAMETUI" --fold "$IDLE")" \
	"$("$FLAMETUI" --fold --include-idle --time-range=0-2 "$IDLE")"
TUI_ENV="NO_COLOR=1" start 100 60 --heatmap "$IDLE"
wait_for 'heat map: 18 samples not idle'
TUI_ENV="NO_COLOR=1" start 100 60 --heatmap --include-idle "$IDLE"
wait_for 'heat map: 1013 samples,'

# Input without timestamps: m says so.
start 80 20 "$TMP/f"
wait_for 'a'
keys m
wait_for 'no heat map: the input has no timestamps'

finish
