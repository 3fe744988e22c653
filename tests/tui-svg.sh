#!/bin/sh
# The s key: save what is on the screen as an SVG. The prompt offers a new
# file name; the file holds the zoom root (with its ancestors below it),
# the orientation and the search; the status line says where it went; an
# input file is never overwritten.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/tui-lib.sh"
FRAMES="perl $top_srcdir/tests/svg-frames.pl"
TAB=$(printf '\t')

sample_profile "$TMP/p.folded"
cd "$TMP" || exit 1
start 120 40 "$TMP/p.folded"
wait_line 1 "$TMP/p.folded | 1,200 samples | folded"

# Zoom into parse, search for lex, flip to an icicle.
keys Up k
wait_line 39 "parse | 500 samples | 41.67% of total | 41.67% of zoom"
keys Enter
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | zoom: parse"
keys / '^lex$' Enter
wait_for "^/\\^lex\\$/ matched"
keys i

# s offers flametui-YYYYmmdd-HHMMSS.svg; Enter saves there.
keys s
wait_for '^Save SVG as: flametui-[0-9]{8}-[0-9]{6}\.svg'
keys Enter
wait_for '^saved /.*/flametui-[0-9]{8}-[0-9]{6}\.svg'
svg=$(ls "$TMP"/flametui-*.svg 2>/dev/null | head -1)
expect_match "saved path shown" "^saved .*$(basename "$svg")\$" "$(line 40)"
if [ -z "$svg" ] || ! xmllint --noout "$svg" 2>/dev/null; then
	fail "no well-formed SVG saved: '$svg'"
	finish
fi
$FRAMES tree "$svg" >"$TMP/got"
printf 'all\t1200\nall;main\t900\nall;main;parse\t500\nall;main;parse;lex\t300\nall;main;parse;read\t200\n' \
	>"$TMP/want"
expect_file "the zoom root, its ancestors and its subtree" "$TMP/want" "$TMP/got"
doc=$(cat "$svg")
titles=$($FRAMES titles "$svg")
expect_match "ancestors marked: all and main" 'data-top="2"' "$doc"
expect_match "ancestor's title" "^main \\(900 samples, 75\\.00%\\)$TAB<rect x=\"10\"" \
	"$titles"
expect_match "zoom root at full width" \
	"^parse \\(500 samples, 41\\.67%\\)$TAB<rect x=\"10\" y=\"[0-9.]+\" width=\"1180\"" \
	"$titles"
expect_match "icicle" '>Icicle Graph</text>' "$doc"
expect_match "icicle: root at the top" \
	"^all \\(1,200 samples, 100%\\)$TAB<rect x=\"10\" y=\"36\"" "$titles"
expect_match "the search" 'data-search="\^lex\$" data-icase="0"' "$doc"

# An input file is refused, and Escape saves nothing.
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/p.folded" Enter
wait_for '^not saved: .*p\.folded: refusing to overwrite an input file'
expect_eq "input untouched" 7 "$(wc -l <"$TMP/p.folded")"
keys s
wait_for '^Save SVG as: '
keys Escape
wait_for '^not saved$'
expect_eq "one file saved" 1 "$(ls "$TMP"/flametui-*.svg | wc -l)"

# A file that is there already is replaced only if the user says y.
echo precious >"$TMP/mine.svg"
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/mine.svg" Enter
wait_for "^$TMP/mine.svg exists: replace it\\? \\(y/n\\)"
keys n Enter
wait_for '^not saved$'
expect_eq "n: the file is kept" precious "$(cat "$TMP/mine.svg")"
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/mine.svg" Enter
wait_for "^$TMP/mine.svg exists: replace it\\? \\(y/n\\)"
keys y Enter
wait_for "^saved $TMP/mine.svg"
expect_match "y: the file is replaced" '^<svg ' "$(grep '^<svg ' "$TMP/mine.svg")"

# In the callers and callees, s saves the selected pane, and says which.
keys i 0 Up Up Up c
wait_line 1 "$TMP/p.folded | 1,200 samples | folded | callers and callees of lex"
keys s
wait_for '^Save the callees pane as SVG: flametui-'
keys C-u "$TMP/callees.svg" Enter
wait_line 40 "saved the callees pane as $TMP/callees.svg"
$FRAMES tree "$TMP/callees.svg" >"$TMP/got"
printf 'all\t300\nall;lex\t300\n' >"$TMP/want"
expect_file "the callees pane saved" "$TMP/want" "$TMP/got"
keys Tab s
wait_for '^Save the callers pane as SVG: flametui-'
keys Escape
wait_for '^not saved$'

keys q
wait_for '^EXITED 0'

# What is already at the typed name: a profile read on standard input is
# refused; a FIFO no program reads is refused at once, not waited on; a
# device is written to, not replaced; the terminal is not written over.
TUI_STDIN=$TMP/p.folded start 120 40 -
wait_line 1 "<stdin> | 1,200 samples | folded"
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/p.folded" Enter
wait_for '^not saved: .*p\.folded: refusing to overwrite an input file'
expect_eq "stdin input untouched" 7 "$(wc -l <"$TMP/p.folded")"
mkfifo "$TMP/fifo"
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/fifo" Enter
wait_for "^not saved: $TMP/fifo: a FIFO that no program is reading"
[ -p "$TMP/fifo" ] || fail "the FIFO was replaced"
keys s
wait_for '^Save SVG as: '
keys C-u - Enter
wait_for '^not saved: standard output: is a terminal'
if [ "$(id -u)" -eq 0 ] && mknod "$TMP/null" c 1 3 2>/dev/null; then
	keys s
	wait_for '^Save SVG as: '
	keys C-u "$TMP/null" Enter
	wait_for "^saved $TMP/null"
	[ -c "$TMP/null" ] || fail "the device was replaced"
else
	echo "SKIP: a device: mknod needs root"
fi
keys q
wait_for '^EXITED 0'

# A graph deeper than the SVG's default --maxdepth: the message says what
# was left out.
awk 'BEGIN { for (i = 0; i < 2100; i++) printf "f%d;", i % 7; print "end 1" }' \
    >"$TMP/deep.folded"
start 160 20 "$TMP/deep.folded"
wait_for "deep\.folded \| 1 samples"
keys s
wait_for '^Save SVG as: '
keys C-u "$TMP/deep.svg" Enter
wait_line 20 "saved $TMP/deep.svg (101 frames more than 2000 levels up left out)"
expect_eq "deep: 2000 levels saved" 2001 "$($FRAMES titles "$TMP/deep.svg" | wc -l)"
keys q
wait_for '^EXITED 0'
finish
