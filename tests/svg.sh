#!/bin/sh
# --svg: a well-formed file whose frames are the merged tree, names shown as
# text whatever bytes they hold, and flamegraph.pl's options.
. "$top_srcdir/tests/lib.sh"
FRAMES="perl $top_srcdir/tests/svg-frames.pl"
TAB=$(printf '\t')
D=$top_srcdir/tests/svg

if ! command -v xmllint >/dev/null 2>&1; then
	echo "SKIP: xmllint not found (Debian package libxml2-utils)"
	exit 77
fi

# wellformed WHAT FILE: xmllint must accept the file.
wellformed() {
	if ! xmllint --noout "$2" 2>"$TMP/xmllint.err"; then
		fail "$1: not well-formed XML"
		head -5 "$TMP/xmllint.err" >&2
	fi
}

# same_tree WHAT INPUT [OPTION]...: the SVG's (frame path, samples) pairs,
# nothing left out, equal the merged tree that --fold prints.
same_tree() {
	what=$1
	shift
	"$FLAMETUI" --fold "$@" >"$TMP/tree.folded"
	$FRAMES fold "$TMP/tree.folded" >"$TMP/tree.want"
	"$FLAMETUI" --minwidth=0 --svg="$TMP/tree.svg" "$@"
	expect_eq "$what: exit status" 0 $?
	wellformed "$what" "$TMP/tree.svg"
	$FRAMES tree "$TMP/tree.svg" >"$TMP/tree.got"
	expect_file "$what: frames and samples equal the merged tree" \
		"$TMP/tree.want" "$TMP/tree.got"
}

same_tree "names" "$D/names.folded"
same_tree "perf-numa" "$D/numa.folded"
same_tree "perf-js" "$D/js.folded"
printf 'a;b 1.5\na;c 2.25\nd 0.25\n' >"$TMP/frac"
same_tree "fractional counts" "$TMP/frac"
same_tree "several files" "$D/names.folded" "$D/js.folded"
# The real example profiles: every one flametui reads (not a README).
for f in "$top_srcdir"/examples/*; do
	[ -f "$f" ] || continue
	"$FLAMETUI" --fold "$f" >/dev/null 2>&1 || continue
	same_tree "example $(basename "$f")" "$f"
done

# The form of the frames: a <rect> each, holding its <title> when wider than
# 3 pixels, a <text> label after it when wide enough; each distinct name
# once in the names metadata; a line a frame in
# framedata: its name's line, its samples, and a gap where it does not start
# where its left sibling ends (here: after main's own samples and "-").
"$FLAMETUI" --svg="$TMP/form.svg" "$D/names.folded"
sed -n '/^<g id="frames"/,/^<script/p' "$TMP/form.svg" >"$TMP/form.got"
cat >"$TMP/form.want" <<'EOF'
<g id="frames" data-xpad="10" data-width="1200" data-fontsize="12" data-fontwidth="0.59" data-frameheight="16" data-inverted="0" data-searchcolor="rgb(230,0,230)" data-nametype="Function:" data-unit="samples" data-top="0">
<rect x="10" y="117" width="1180" height="15" fill="#d77231"><title>all (21 samples, 100%)</title></rect><text x="13" y="127.5">all</text>
<rect x="10" y="101" width="1067.6" height="15" fill="#cf5832"><title>main (19 samples, 90.48%)</title></rect><text x="13" y="111.5">main</text>
<rect x="66.2" y="85" width="56.2" height="15" fill="#c8c8c8"><title>- (1 samples, 4.76%)</title></rect><text x="69.2" y="95.5">-</text>
<rect x="66.2" y="69" width="56.2" height="15" fill="#e70e06"><title>kernel (1 samples, 4.76%)</title></rect><text x="69.2" y="79.5">kernel</text>
<rect x="122.4" y="85" width="224.7" height="15" fill="#d7310b"><title>a&lt;b&gt; (4 samples, 19.05%)</title></rect><text x="125.4" y="95.5">a&lt;b&gt;</text>
<rect x="122.4" y="69" width="224.7" height="15" fill="#d38e17"><title>x (4 samples, 19.05%)</title></rect><text x="125.4" y="79.5">x</text>
<rect x="347.1" y="85" width="112.4" height="15" fill="#fbac21"><title>café (2 samples, 9.52%)</title></rect><text x="350.1" y="95.5">café</text>
<rect x="347.1" y="69" width="112.4" height="15" fill="#de3e05"><title>naïve (2 samples, 9.52%)</title></rect><text x="350.1" y="79.5">naïve</text>
<rect x="459.5" y="85" width="168.6" height="15" fill="#f3ad2e"><title>parse &amp; check (3 samples, 14.29%)</title></rect><text x="462.5" y="95.5">parse &amp; check</text>
<rect x="459.5" y="69" width="168.6" height="15" fill="#d49523"><title>"quoted" name (3 samples, 14.29%)</title></rect><text x="462.5" y="79.5">"quoted" name</text>
<rect x="628.1" y="85" width="449.5" height="15" fill="#f0640c"><title>with space (8 samples, 38.10%)</title></rect><text x="631.1" y="95.5">with space</text>
<rect x="628.1" y="69" width="449.5" height="15" fill="#cfc909"><title>y (8 samples, 38.10%)</title></rect><text x="631.1" y="79.5">y</text>
<rect x="684.3" y="53" width="393.3" height="15" fill="#f70d29"><title>z (7 samples, 33.33%)</title></rect><text x="687.3" y="63.5">z</text>
<rect x="684.3" y="37" width="393.3" height="15" fill="#e34c36"><title>w (7 samples, 33.33%)</title></rect><text x="687.3" y="47.5">w</text>
<rect x="1077.6" y="101" width="112.4" height="15" fill="#fd5d12"><title>other (2 samples, 9.52%)</title></rect><text x="1080.6" y="111.5">other</text>
</g>
<metadata id="names">all
main
-
kernel
a&lt;b&gt;
x
café
naïve
parse &amp; check
"quoted" name
with space
y
z
w
other
</metadata>
<metadata id="framedata">0 21
1 19
2 1 1
3 1
4 4
5 4
6 2
7 2
8 3
9 3
10 8
11 8
12 7 1
13 7
14 2
</metadata>
<script type="text/ecmascript"><![CDATA[
EOF
expect_file "the frames, names and framedata" "$TMP/form.want" "$TMP/form.got"
# The markup holds every frame and label, so the graph draws without the
# script, and the details of each frame a mouse can find (wider than 3
# pixels), for a viewer without the script; the script makes the others'
# (tests/svg-browser.sh). 1180 pixels for 1006 samples: 4 are 4.7 pixels, 2
# are 2.3. (svg-frames.pl checks that a title is the script's.)
printf 'main;wide 1000\nmain;four 4\nmain;two 2\n' >"$TMP/tw"
"$FLAMETUI" --svg="$TMP/tw.svg" "$TMP/tw"
wellformed "titles" "$TMP/tw.svg"
expect_eq "a <title> in each frame wider than 3 pixels, none in the others" \
	"$(printf '%s\n' \
	    'all (1,006 samples, 100%)<TAB><rect x="10" y="69" width="1180" height="15" fill="#d77231"><title>all (1,006 samples, 100%)</title></rect><text x="13" y="79.5">all</text>' \
	    'main (1,006 samples, 100.00%)<TAB><rect x="10" y="53" width="1180" height="15" fill="#cf5832"><title>main (1,006 samples, 100.00%)</title></rect><text x="13" y="63.5">main</text>' \
	    'four (4 samples, 0.40%)<TAB><rect x="10" y="37" width="4.7" height="15" fill="#e70e06"><title>four (4 samples, 0.40%)</title></rect>' \
	    'two (2 samples, 0.20%)<TAB><rect x="14.7" y="37" width="2.3" height="15" fill="#d7310b"/>' \
	    'wide (1,000 samples, 99.40%)<TAB><rect x="17" y="37" width="1173" height="15" fill="#d38e17"><title>wide (1,000 samples, 99.40%)</title></rect><text x="20" y="47.5">wide</text>' |
	    sed "s/<TAB>/$TAB/")" "$($FRAMES titles "$TMP/tw.svg")"

# The script is src/svg-script.js, less indentation and comment lines, every
# backslash and quote as written (mawk's gsub() once left "\n" a newline).
sed -n '/^<script type="text\/ecmascript"><!\[CDATA\[$/,/^]]><\/script>$/p' \
    "$TMP/form.svg" | sed '1d;$d' >"$TMP/script.got"
sed -e 's/^[[:blank:]]*//' -e '/^\/\//d' "$top_srcdir/src/svg-script.js" \
    >"$TMP/script.want"
expect_file "the script is svg-script.js" "$TMP/script.want" "$TMP/script.got"

# metadata ID FILE: the lines of the metadata element ID.
metadata() {
	sed -n "/<metadata id=\"$1\">/,/<\/metadata>/p" "$2" |
	    sed 's/<[^>]*>//g' | grep -v '^$'
}

# A name used by many frames is written once.
printf 'a;same 1\nb;same 1\nc;same 1\n' >"$TMP/many"
"$FLAMETUI" --svg="$TMP/many.svg" "$TMP/many"
expect_eq "a name once" "$(printf 'all\na\nsame\nb\nc')" \
	"$(metadata names "$TMP/many.svg")"
expect_eq "frames name their line" \
	"$(printf '0 3\n1 1\n2 1\n3 1\n2 1\n4 1\n2 1')" \
	"$(metadata framedata "$TMP/many.svg")"

# The title shows "name (N samples, P%)", N with thousands separators.
printf 'main;work 1234567\nmain 2\n' >"$TMP/big"
"$FLAMETUI" --svg="$TMP/big.svg" "$TMP/big"
wellformed "thousands" "$TMP/big.svg"
titles=$($FRAMES titles "$TMP/big.svg")
expect_match "thousands separators and percent" \
	"^work \\(1,234,567 samples, 100\\.00%\\)$TAB<rect " "$titles"
expect_match "root title" "^all \\(1,234,569 samples, 100%\\)$TAB" "$titles"

# A name is text: markup is escaped, a script in a name is not a script.
printf 'main;<script>alert(1)</script> 2\nmain;a&b "q" 1\n' >"$TMP/evil"
"$FLAMETUI" --svg="$TMP/evil.svg" "$TMP/evil"
wellformed "markup in names" "$TMP/evil.svg"
expect_eq "names escaped in the file" \
	"$(printf 'all\nmain\n&lt;script&gt;alert(1)&lt;/script&gt;\na&amp;b "q"')" \
	"$(metadata names "$TMP/evil.svg")"
expect_eq "only our own script element" 1 \
	"$(grep -c '<script' "$TMP/evil.svg")"
titles=$($FRAMES titles "$TMP/evil.svg")
expect_match "script name shown as text" \
	"^<script>alert\\(1\\)</script> \\(2 samples, 66\\.67%\\)$TAB" "$titles"
expect_match "ampersand shown" "^a&b \"q\" \\(1 samples, 33\\.33%\\)$TAB" "$titles"

# Control characters and invalid UTF-8 are shown as \xNN; UTF-8 is kept.
printf 'main;\033[2Jclear;bad\377\376;caf\303\251 1\n' >"$TMP/bytes"
"$FLAMETUI" --svg="$TMP/bytes.svg" "$TMP/bytes"
wellformed "control and invalid bytes" "$TMP/bytes.svg"
expect_eq "control and invalid bytes as \\xNN in names" \
	"$(printf 'all\nmain\n\\x1b[2Jclear\nbad\\xff\\xfe\ncaf\303\251')" \
	"$(metadata names "$TMP/bytes.svg")"
titles=$($FRAMES titles "$TMP/bytes.svg")
expect_match "escape shown as text" "^\\\\x1b\\[2Jclear \\(1 samples" "$titles"
expect_match "invalid UTF-8 shown as text" "^bad\\\\xff\\\\xfe \\(1 samples" "$titles"
expect_match "UTF-8 kept" "^caf$(printf '\303\251') \\(1 samples" "$titles"

# Characters that show nothing of themselves but could make a name pass for
# another are shown as \xNN bytes, in the names, labels and titles: bidi
# overrides and isolates, zero-width and other format characters, line
# separators, C1 controls. The rest of the name, and other UTF-8, is kept.
printf 'main;evil\342\200\256gnp.exe;a\342\201\246b\342\201\251c;zero\342\200\213width;bom\357\273\277;line\342\200\250sep;c1\302\205;\346\227\245\346\234\254 1\n' \
    >"$TMP/bidi"
"$FLAMETUI" --svg="$TMP/bidi.svg" "$TMP/bidi"
wellformed "bidi and invisible characters" "$TMP/bidi.svg"
expect_eq "bidi and invisible characters as \\xNN in names" \
	"$(printf '%s\n' all main 'evil\xe2\x80\xaegnp.exe' \
	    'a\xe2\x81\xa6b\xe2\x81\xa9c' 'zero\xe2\x80\x8bwidth' 'bom\xef\xbb\xbf' \
	    'line\xe2\x80\xa8sep' 'c1\xc2\x85' "$(printf '\346\227\245\346\234\254')")" \
	"$(metadata names "$TMP/bidi.svg")"
expect_match "a right-to-left override escaped in the label and title" \
	'^evil\\xe2\\x80\\xaegnp\.exe \(1 samples, 100\.00%\)	<rect [^>]*><title>evil\\xe2\\x80\\xaegnp\.exe \(1 samples, 100\.00%\)</title></rect><text [^>]*>evil\\xe2\\x80\\xaegnp\.exe</text>$' \
	"$($FRAMES titles "$TMP/bidi.svg")"
for c in 'U+202E \342\200\256' 'U+2066 \342\201\246' 'U+200B \342\200\213' \
    'U+FEFF \357\273\277' 'U+2028 \342\200\250' 'U+0085 \302\205'; do
	expect_eq "no raw ${c% *} in the file" 0 \
	    "$(grep -c "$(printf "${c#* }")" "$TMP/bidi.svg")"
done

# Text options, escaped; notes in a comment that stays a comment.
"$FLAMETUI" --svg="$TMP/opt.svg" --title='Mine & <yours>' \
	--subtitle='second line' --countname=bytes --nametype='Frame:' \
	--notes='a -- b -' --fonttype='Courier "New"' --fontsize=10 \
	--width=800 --height=20 "$D/names.folded"
wellformed "text options" "$TMP/opt.svg"
svg=$(cat "$TMP/opt.svg")
expect_match "--title" '<text id="title" [^>]*>Mine &amp; &lt;yours&gt;</text>' "$svg"
expect_match "--subtitle" '<text id="subtitle" [^>]*>second line</text>' "$svg"
expect_match "--countname" 'data-unit="bytes"' "$svg"
expect_match "--countname in the title" "^main \\(19 bytes, 90\\.48%\\)$TAB" \
	"$($FRAMES titles "$TMP/opt.svg")"
expect_match "--nametype" 'data-nametype="Frame:"' "$svg"
expect_match "--notes" '<!-- NOTES: a - - b -  -->' "$svg"
expect_match "--fonttype" 'font-family="Courier &quot;New&quot;"' "$svg"
expect_match "--fontsize" 'font-size="10"' "$svg"
expect_match "--width" '<svg version="1.1" width="800"' "$svg"
expect_match "--height" '<rect x="10" y="[0-9.]*" width="780" height="19"' "$svg"

# Default titles follow the layout.
"$FLAMETUI" --svg=- "$D/names.folded" >"$TMP/std.svg"
expect_match "default title, to stdout" '<text id="title" [^>]*>Flame Graph</text>' \
	"$(cat "$TMP/std.svg")"
wellformed "stdout" "$TMP/std.svg"

# --inverted: an icicle, the root at the top (below the title).
"$FLAMETUI" --inverted --svg="$TMP/inv.svg" "$D/names.folded"
svg=$(cat "$TMP/inv.svg")
expect_match "icicle title" '>Icicle Graph</text>' "$svg"
expect_match "icicle root at the top" \
	"^all \\(21 samples, 100%\\)$TAB<rect x=\"10\" y=\"36\"" \
	"$($FRAMES titles "$TMP/inv.svg")"
$FRAMES tree "$TMP/inv.svg" >"$TMP/inv.got"
"$FLAMETUI" --fold "$D/names.folded" >"$TMP/names.fold"
$FRAMES fold "$TMP/names.fold" >"$TMP/inv.want"
expect_file "icicle holds the same frames" "$TMP/inv.want" "$TMP/inv.got"

# Colours: every palette; backgrounds; "-" grey; --hash stable per name.
for pal in hot mem io wakeup chain java js perl python red green blue aqua \
    yellow purple orange; do
	"$FLAMETUI" --colors=$pal --svg="$TMP/pal.svg" "$D/js.folded"
	expect_eq "--colors=$pal" 0 $?
	wellformed "--colors=$pal" "$TMP/pal.svg"
done
"$FLAMETUI" --colors=mem --svg="$TMP/mem.svg" "$D/names.folded"
expect_match "mem palette, green background" 'stop-color="#eef2ee"' \
	"$(cat "$TMP/mem.svg")"
"$FLAMETUI" --bgcolors='#123456' --svg="$TMP/bg.svg" "$D/names.folded"
expect_eq "--bgcolors flat" 2 "$(grep -o 'stop-color="#123456"' "$TMP/bg.svg" | wc -l)"
"$FLAMETUI" --bgcolors=pink --svg="$TMP/x.svg" "$D/names.folded" 2>"$TMP/err"
expect_eq "bad --bgcolors" 2 $?
expect_match "bad --bgcolors message" "unknown background colours 'pink'" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --colors=rainbow --svg="$TMP/x.svg" "$D/names.folded" 2>"$TMP/err"
expect_eq "bad --colors" 2 $?
expect_match "bad --colors names them" "known palettes: hot, mem" "$(cat "$TMP/err")"
expect_match '"-" is grey' "^- \\(1 samples, 4\\.76%\\)$TAB<rect [^>]*fill=\"#c8c8c8\"" \
	"$($FRAMES titles "$TMP/mem.svg")"
printf 'a;same 1\nb;same 1\n' >"$TMP/same"
"$FLAMETUI" --hash --svg="$TMP/hash.svg" "$TMP/same"
expect_eq "--hash: one colour per name" "2 1" \
	"$($FRAMES titles "$TMP/hash.svg" | grep '^same ' | sed 's/.*fill="\([^"]*\)".*/\1/' |
	    sort | uniq -c | awk '{ print $1, NR }')"

# Annotations choose colours only: _[k] is not shown.
printf 'main;sys_read_[k] 1\n' >"$TMP/ann"
"$FLAMETUI" --svg="$TMP/ann.svg" "$TMP/ann"
expect_eq "annotation hidden" "$(printf 'all\nmain\nsys_read')" \
	"$(metadata names "$TMP/ann.svg")"

# --minwidth: pixels by default, or a percentage.
printf 'big 99999\ntiny 1\nsmall 1000\n' >"$TMP/mw"
"$FLAMETUI" --svg="$TMP/mw.svg" "$TMP/mw"
# drawn FILE: the names of the frames drawn, in order.
drawn() {
	$FRAMES titles "$1" | cut -f 1 | sed 's/ ([^(]*$//' | tr '\n' ' ' | sed 's/ $//'
}
expect_eq "default 0.1 px prunes a 0.01 px frame" "all big small" \
	"$(drawn "$TMP/mw.svg")"
"$FLAMETUI" --minwidth=0 --svg="$TMP/mw.svg" "$TMP/mw"
expect_eq "--minwidth=0 keeps it" "all big small tiny" "$(drawn "$TMP/mw.svg")"
"$FLAMETUI" --minwidth=2% --svg="$TMP/mw.svg" "$TMP/mw"
expect_eq "--minwidth=2% prunes 1%" "all big" "$(drawn "$TMP/mw.svg")"
"$FLAMETUI" --minwidth=0.5% --svg="$TMP/mw.svg" "$TMP/mw"
expect_eq "--minwidth=0.5% keeps 1%" "all big small" "$(drawn "$TMP/mw.svg")"
# A frame drawn whose children are all left out (this crashed once).
printf 'big;tiny 1\nbig 99999\nbig;tiny2 1\n' >"$TMP/mw2"
"$FLAMETUI" --svg="$TMP/mw2.svg" "$TMP/mw2"
expect_eq "all children left out: exit status" 0 $?
wellformed "all children left out" "$TMP/mw2.svg"
expect_eq "all children left out: frames" "all big" "$(drawn "$TMP/mw2.svg")"
"$FLAMETUI" --minwidth=abc --svg="$TMP/mw.svg" "$TMP/mw" 2>"$TMP/err"
expect_eq "bad --minwidth" 2 $?

# --maxdepth: frames more levels above the root are left out, with a note
# under the title and a warning; 0 draws them all.
awk 'BEGIN { for (i = 1; i <= 30; i++) printf "f%d;", i; print "end 1";
    print "f1;g 1" }' >"$TMP/deep"
"$FLAMETUI" --maxdepth=10 --svg="$TMP/deep.svg" "$TMP/deep" 2>"$TMP/err"
expect_eq "--maxdepth: exit status" 0 $?
wellformed "--maxdepth" "$TMP/deep.svg"
expect_eq "--maxdepth=10: ten levels above the root" \
	"all f1 f2 f3 f4 f5 f6 f7 f8 f9 f10 g" "$(drawn "$TMP/deep.svg")"
expect_match "--maxdepth: a note says what is left out" \
	'<text id="note" x="600" y="48">21 frames more than 10 levels above the root left out \(--maxdepth=0 draws them\)</text>' \
	"$(cat "$TMP/deep.svg")"
expect_eq "--maxdepth: a warning" \
	"flametui: warning: $TMP/deep.svg: 21 frames more than 10 levels above the root left out: --maxdepth=0 draws them" \
	"$(cat "$TMP/err")"
expect_match "--maxdepth: the image is as high as what is drawn" \
	'<svg version="1.1" width="1200" height="270" ' "$(cat "$TMP/deep.svg")"
"$FLAMETUI" --maxdepth=10 --inverted --subtitle=sub --svg="$TMP/deepi.svg" \
    "$TMP/deep" 2>/dev/null
expect_match "--maxdepth, icicle: the note below the subtitle" \
	'<text id="note" x="600" y="72">21 frames' "$(cat "$TMP/deepi.svg")"
expect_match "--maxdepth, icicle: the root below the note" \
	"^all \\(2 samples, 100%\\)$TAB<rect x=\"10\" y=\"84\"" \
	"$($FRAMES titles "$TMP/deepi.svg")"
"$FLAMETUI" --maxdepth=0 --svg="$TMP/deep0.svg" "$TMP/deep" 2>"$TMP/err"
expect_eq "--maxdepth=0: every frame" 33 "$($FRAMES titles "$TMP/deep0.svg" | wc -l)"
expect_eq "--maxdepth=0: no note" 0 "$(grep -c 'id="note"' "$TMP/deep0.svg")"
expect_eq "--maxdepth=0: no warning" "" "$(cat "$TMP/err")"
"$FLAMETUI" --maxdepth=-1 --svg="$TMP/x.svg" "$TMP/deep" 2>"$TMP/err"
expect_eq "bad --maxdepth" 2 $?
# The default: 2000 levels. A stack 100,000 frames deep (an endless
# recursion) gives an SVG of 2001 frames, not of 100,002.
awk 'BEGIN { for (i = 0; i < 100000; i++) printf "f%d;", i % 7; print "end 1" }' \
    >"$TMP/deeper"
"$FLAMETUI" --svg="$TMP/deeper.svg" "$TMP/deeper" 2>"$TMP/err"
wellformed "default --maxdepth" "$TMP/deeper.svg"
expect_eq "default --maxdepth: 2000 levels drawn" 2001 \
	"$($FRAMES titles "$TMP/deeper.svg" | wc -l)"
expect_match "default --maxdepth: the note" \
	'<text id="note" [^>]*>98,001 frames more than 2000 levels above the root' \
	"$(cat "$TMP/deeper.svg")"
expect_match "default --maxdepth: the warning" \
	'^flametui: warning: .*deeper\.svg: 98001 frames more than 2000 levels above the root left out: --maxdepth=0 draws them$' \
	"$(cat "$TMP/err")"

# Nothing counted: a bare root across the width, still well-formed.
printf 'a 0\nb;c 0\n' >"$TMP/zero"
"$FLAMETUI" --svg="$TMP/zero.svg" "$TMP/zero"
wellformed "zero counts" "$TMP/zero.svg"
expect_match "zero counts: the root spans the width" \
	"^all \\(0 samples, 100%\\)$TAB<rect x=\"10\" y=\"[0-9.]+\" width=\"1180\"" \
	"$($FRAMES titles "$TMP/zero.svg")"

# --reverse merges from the leaf.
printf 'a;b;c 1\nx;b;c 2\nc 4\n' >"$TMP/rev"
"$FLAMETUI" --reverse --minwidth=0 --svg="$TMP/rev.svg" "$TMP/rev"
$FRAMES tree "$TMP/rev.svg" >"$TMP/rev.got"
printf 'all\t7\nall;c\t7\nall;c;b\t3\nall;c;b;a\t1\nall;c;b;x\t2\n' >"$TMP/rev.want"
expect_file "--reverse" "$TMP/rev.want" "$TMP/rev.got"
expect_eq "--reverse --fold" "$(printf 'c 4\nc;b;a 1\nc;b;x 2')" \
	"$("$FLAMETUI" --reverse --fold "$TMP/rev")"

# --flamechart keeps input order and merges only neighbours.
printf 'a;b 1\na;c 1\nd 1\na;b 1\n' >"$TMP/fc"
"$FLAMETUI" --flamechart --minwidth=0 --svg="$TMP/fc.svg" "$TMP/fc"
expect_match "flame chart title" '>Flame Chart</text>' "$(cat "$TMP/fc.svg")"
expect_eq "--flamechart frames in input order" \
	"all (4 a (2 b (1 c (1 d (1 a (1 b (1" \
	"$($FRAMES titles "$TMP/fc.svg" | sed 's/ samples.*//' | tr '\n' ' ' |
	    sed 's/ $//')"

finish
