#!/bin/sh
# For the same folded input, the SVG's frames and sample counts are those of
# flamegraph.pl's SVG.
#
# How the expected files tests/svg/NAME.flamegraph-pl were made: flamegraph.pl
# (brendangregg/FlameGraph, commit 996ef3c9d3b6ed8cc3d5580e262b376050816191)
# is not packaged in Debian; it was run once, outside this repository, as
#     perl flamegraph.pl --width=30000 tests/svg/NAME.folded >NAME.svg
#     perl tests/svg-frames.pl svg NAME.svg | LC_ALL=C sort
# at a width where every sample is at least a pixel, so that each frame's
# parent is found by geometry. Only that (frame path, samples) list is kept.
# numa.folded and js.folded are the shared conformance corpus's folded
# perf-numa-stacks-01 and perf-js-stacks-01; names.folded has markup, UTF-8,
# spaces and a "-" frame.
#
# That version of flamegraph.pl turns < and > in names into ( and ) (later
# ones escape them instead); the comparison does the same to our names.
#
# Differential input (diff.folded, "stack BEFORE AFTER"): the expected
# diff.flamegraph-pl-titles and diff-negate.flamegraph-pl-titles are each
# frame's <title> and fill colour from the same flamegraph.pl, without and
# with --negate, sorted: the colours depend only on the change then.
. "$top_srcdir/tests/lib.sh"

for name in names numa js; do
	in=$top_srcdir/tests/svg/$name.folded
	"$FLAMETUI" --width=30000 --svg="$TMP/$name.svg" "$in"
	expect_eq "$name: exit status" 0 $?
	perl "$top_srcdir/tests/svg-frames.pl" svg "$TMP/$name.svg" |
	    tr '<>' '()' | LC_ALL=C sort >"$TMP/$name.frames"
	expect_file "$name: frames and samples as flamegraph.pl's" \
	    "$top_srcdir/tests/svg/$name.flamegraph-pl" "$TMP/$name.frames"
done

# titles FILE: each frame's title (as the SVG's script shows it: see
# tests/svg-browser.sh) and fill, sorted, in the form of the expected files.
titles() {
	perl "$top_srcdir/tests/svg-frames.pl" titles "$1" |
	    sed 's/^\(.*\)\t<rect [^>]* fill="\([^"]*\)".*/<title>\1<\/title> fill="\2"/' |
	    LC_ALL=C sort
}
for neg in "" --negate; do
	want=$top_srcdir/tests/svg/diff${neg:+-negate}.flamegraph-pl-titles
	"$FLAMETUI" $neg --svg="$TMP/diff.svg" "$top_srcdir/tests/svg/diff.folded"
	expect_eq "differential$neg: exit status" 0 $?
	titles "$TMP/diff.svg" >"$TMP/diff.titles"
	expect_file "differential$neg: titles and colours as flamegraph.pl's" \
	    "$want" "$TMP/diff.titles"
done

finish
