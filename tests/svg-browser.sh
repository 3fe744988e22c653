#!/bin/sh
# The SVG in a browser: headless Chromium loads it, a page around it hovers
# and clicks frames, runs a search through the Search button and the case
# toggle, and reports the resulting DOM; a second page hovers every frame of
# several graphs and reports the details each shows; a third load restores
# the zoom and search from the URL. Names that look like markup must stay
# text. Last, the graph is drawn with scripts off: the frames and their
# labels are there without the script. A Chromium that cannot start, or
# cannot run a page's script, is a skip; an SVG whose script does not run
# is a failure.
. "$top_srcdir/tests/lib.sh"
FRAMES="perl $top_srcdir/tests/svg-frames.pl"
TAB=$(printf '\t')

CHROMIUM=
for c in chromium chromium-browser; do
	if command -v $c >/dev/null 2>&1; then
		CHROMIUM=$c
		break
	fi
done
if [ -z "$CHROMIUM" ]; then
	echo "SKIP: chromium not found (Debian package chromium)"
	exit 77
fi

# chromium ARG...: headless Chromium with a profile of its own.
chromium() {
	HOME=$TMP timeout 120 $CHROMIUM --headless --no-sandbox --disable-gpu \
	    --no-first-run --user-data-dir="$TMP/profile" \
	    --allow-file-access-from-files "$@" 2>"$TMP/chromium.err"
}

# browse URL: print the DOM once its scripts have run.
browse() {
	chromium --virtual-time-budget=10000 --dump-dom "$1"
}

# page_out URL: the text the page wrote into its <pre id="out">.
page_out() {
	browse "$1" | sed -n '/<pre id="out">/,/<\/pre>/p' |
	    sed 's/<pre id="out">//; s/<\/pre>//; s/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g'
}

# Chromium itself must start and run a page's script, or there is nothing
# to test here (a skip); past this point, a page that does not run is the
# SVG's fault (a failure).
printf '<!DOCTYPE html>\n<html><body>\n<pre id="out"></pre>\n<script>%s</script>\n' \
    'document.getElementById("out").textContent = "ran " + (6 * 7);' \
    >"$TMP/probe.html"
if ! browse "file://$TMP/probe.html" | grep -q '^<pre id="out">ran 42</pre>$'; then
	echo "SKIP: $CHROMIUM cannot start or run a page's script; it said:"
	tail -5 "$TMP/chromium.err"
	exit 77
fi

# The pages' helpers: fire an event, hover a frame and read the details.
# (Loaded before any <iframe>, so that no frame loads before its listener.)
cat >"$TMP/lib.js" <<'EOF'
function fire(w, el, type) {
	el.dispatchEvent(new w.MouseEvent(type, { bubbles: true }));
}
function rects(d) {
	return d.getElementById("frames").getElementsByTagName("rect");
}
function hover(w, d, r) {
	fire(w, r, "mouseover");
	return d.getElementById("details").textContent;
}
EOF

# Frames: 21 samples; "with space" holds 8, "z" 7 of them.
cat "$top_srcdir/tests/svg/names.folded" >"$TMP/in"
printf 'evil;<script>document.documentElement.setAttribute("pwned","1")</script> 1\n' >>"$TMP/in"
printf 'evil;<img src=x onerror=alert(2)/> 1\n' >>"$TMP/in"
"$FLAMETUI" --svg="$TMP/g.svg" "$TMP/in"

cat >"$TMP/page.html" <<'EOF'
<!DOCTYPE html>
<html><head><script src="lib.js"></script></head><body>
<iframe id="f" src="g.svg" width="1200" height="400"></iframe>
<pre id="out"></pre>
<script>
document.getElementById("f").addEventListener("load", function () {
	var w = this.contentWindow, d = this.contentDocument, out = [];
	var rs = rects(d);
	// The script marks each frame's rect with its index.
	out.push("svg script ran=" + (rs[0].flametuiIndex === 0));
	try {
		checks(w, d, rs, out);
	} catch (e) {
		out.push("exception=" + e);
	}
	document.getElementById("out").textContent = out.join("\n");
});
function checks(w, d, rs, out) {
	function frame(name) {
		for (var i = 0; i < rs.length; i++)
			if (hover(w, d, rs[i]).indexOf("Function: " + name + " (") === 0)
				return rs[i];
		return null;
	}
	function label(r) {
		var t = r.nextElementSibling;
		return t !== null && t.tagName === "text" ? t : null;
	}
	function dump(tag) {
		out.push(tag + " matched=" + d.getElementById("matched").textContent);
		out.push(tag + " url=" + w.location.search);
		out.push(tag + " unzoom=" + d.getElementById("unzoom").getAttribute("class"));
		for (var i = 0; i < rs.length; i++) {
			var r = rs[i], t = hover(w, d, r), l = label(r);
			out.push(tag + " frame=" + t.substring(10, t.lastIndexOf(" (")) +
			    "|" + r.getAttribute("class") + "|" + r.getAttribute("x") +
			    "|" + r.getAttribute("width") + "|" + r.getAttribute("fill") +
			    "|" + (l === null ? "" : l.textContent + "|" +
			    l.getAttribute("class") + "|" + l.getAttribute("x")));
		}
	}
	var ws = frame("with space");
	fire(w, d.getElementById("frames"), "mouseout");
	out.push("before=" + d.getElementById("details").textContent + "|");
	out.push("details=" + hover(w, d, ws));
	out.push("tooltip=" + ws.getElementsByTagName("title")[0].textContent);
	fire(w, ws, "mouseout");
	out.push("out=" + d.getElementById("details").textContent + "|");
	// A label lets the mouse through to its frame.
	var lb = label(ws).getBBox();
	out.push("under label=" + (d.elementFromPoint(lb.x + lb.width / 2,
	    lb.y + lb.height / 2) === ws));
	fire(w, ws, "click");
	w.prompt = function () { return "^z$"; };
	fire(w, d.getElementById("search"), "click");
	dump("zoom");
	fire(w, d.getElementById("unzoom"), "click");
	dump("unzoom");
	fire(w, d.getElementById("search"), "click");	// Reset Search
	out.push("reset matched=" + d.getElementById("matched").textContent);
	fire(w, d.getElementById("ignorecase"), "click");
	w.prompt = function () { return "^Z$"; };
	fire(w, d.getElementById("search"), "click");
	out.push("icase matched=" + d.getElementById("matched").textContent);
	out.push("icase url=" + w.location.search);
	out.push("scripts=" + d.getElementsByTagName("script").length);
	out.push("pwned=" + d.documentElement.getAttribute("pwned"));
}
</script>
</body></html>
EOF
page_out "file://$TMP/page.html" >"$TMP/dom"
if ! grep -q '^svg script ran=true$' "$TMP/dom"; then
	fail "the SVG's script did not run; the page said:"
	cat "$TMP/dom" >&2
	echo "and chromium:" >&2
	tail -5 "$TMP/chromium.err" >&2
	finish
fi
dom=$(cat "$TMP/dom")
expect_eq "no exception in the page" "" "$(grep '^exception=' "$TMP/dom")"

expect_match "nothing hovered, no details" '^before= \|$' "$dom"
expect_match "hover shows the frame" \
	'^details=Function: with space \(8 samples, 34\.78%\)$' "$dom"
expect_match "and the browser's tooltip" \
	'^tooltip=with space \(8 samples, 34\.78%\)$' "$dom"
expect_match "leaving the frame clears the details" '^out= \|$' "$dom"
expect_match "the mouse over a label is over its frame" '^under label=true$' "$dom"
# Zoomed to "with space": it and its children span the 1180 pixels.
expect_match "zoomed frame full width" \
	'zoom frame=with space\|null\|10\.0\|1180\.0\|#[0-9a-f]{6}\|with space\|null\|13\.0$' "$dom"
expect_match "child scaled" \
	'zoom frame=z\|null\|157\.5\|1032\.5\|rgb\(230,0,230\)\|z\|null\|160\.5$' "$dom"
expect_match "ancestors are parents" \
	'zoom frame=main\|parent\|10\.0\|1180\.0\|#[0-9a-f]{6}\|main\|parent\|13\.0$' "$dom"
expect_match "others hidden" 'zoom frame=other\|hide\|[^|]*\|[^|]*\|[^|]*\|other\|hide\|' "$dom"
expect_match "Reset Zoom shown" 'zoom unzoom=null' "$dom"
expect_match "others not highlighted" 'zoom frame=y\|null\|10\.0\|1180\.0\|#[0-9a-f]{6}\|' "$dom"
if printf '%s\n' "$dom" | grep -q '^zoom frame=y|.*rgb(230,0,230)'; then
	fail "y must not be highlighted"
fi
expect_match "Matched % of the zoomed frame" '^zoom matched=Matched: 87\.5%$' "$dom"
expect_match "zoom and search in the URL" '^zoom url=\?x=[0-9.]+&y=[0-9.]+&s=%5Ez%24$' "$dom"
# Reset Zoom: back to the whole graph, the search still on.
expect_match "unzoomed width" \
	'unzoom frame=with space\|null\|[0-9.]+\|410\.4\|#[0-9a-f]{6}\|with space\|null\|' "$dom"
expect_match "unzoomed root" 'unzoom frame=all\|null\|10\.0\|1180\.0\|' "$dom"
expect_match "unzoomed: highlight kept" 'unzoom frame=z\|null\|[0-9.]+\|[0-9.]+\|rgb\(230,0,230\)\|z\|null\|' "$dom"
if printf '%s\n' "$dom" | grep -q '^unzoom frame=.*hide'; then
	fail "nothing is hidden after Reset Zoom"
fi
expect_match "Matched % of all" '^unzoom matched=Matched: 30\.4%$' "$dom"
expect_match "Reset Zoom hidden" 'unzoom unzoom=hide' "$dom"
expect_match "URL keeps only the search" '^unzoom url=\?s=%5Ez%24$' "$dom"
expect_match "Reset Search" '^reset matched= $' "$dom"
expect_match "ignore case" '^icase matched=Matched: 30\.4%$' "$dom"
expect_match "case toggle in the URL" '^icase url=\?s=%5EZ%24&i=1$' "$dom"
expect_match "a name is never a script" '^scripts=1$' "$dom"
expect_match "no script from a name ran" '^pwned=null$' "$dom"
expect_match "a name that looks like markup is shown as text" \
	'^unzoom frame=<script>document\.documentElement\.setAttribute\("pwned","1"\)</script>\|' "$dom"

# Every frame's details, on graphs of each kind: they are the titles that
# tests/svg-frames.pl makes from the file (which tests/svg.sh and the others
# check), and for a differential graph flamegraph.pl's titles.
"$FLAMETUI" --svg="$TMP/diff.svg" "$top_srcdir/tests/svg/diff.folded"
"$FLAMETUI" --negate --svg="$TMP/neg.svg" "$top_srcdir/tests/svg/diff.folded"
printf 'main;work 1234567\nmain 2.5\nmain;z 0.125\n' >"$TMP/big"
"$FLAMETUI" --countname='µs & <more>' --minwidth=0 --svg="$TMP/big.svg" "$TMP/big"
# A frame too narrow for a label gets one when zoomed to. b's share is a
# tie, 0.125%: two decimals as printf's (and flamegraph.pl's), 0.12%.
printf 'a;b 1\na 799\n' >"$TMP/narrow"
"$FLAMETUI" --svg="$TMP/narrow.svg" "$TMP/narrow"
# A CPI graph: each frame's cycles, instructions, CPI and IPC, from the
# shared corpus, which only a source checkout has beside it.
CPI_IN=$SHARED/conformance/perf/input/perf-cycles-instructions-01.txt
if [ -r "$CPI_IN" ]; then
	"$FLAMETUI" --cpi --svg="$TMP/cpi.svg" "$CPI_IN"
	cpi=1
else
	echo "skipped cpi.svg: $CPI_IN not found (only in a source checkout)"
	cpi=0
fi
cat >"$TMP/titles.html" <<'EOF'
<!DOCTYPE html>
<html><body>
<pre id="out"></pre>
<script src="lib.js"></script>
<script>
var files = ["g.svg", "diff.svg", "neg.svg", "big.svg", "narrow.svg", "cpi.svg"];
var out = [];
function next(k) {
	if (k === files.length) {
		document.getElementById("out").textContent = out.join("\n");
		return;
	}
	var f = document.createElement("iframe");
	f.width = 1200;
	f.height = 400;
	f.addEventListener("load", function () {
		var w = f.contentWindow, d = f.contentDocument, rs = rects(d), i, t;
		// The file's own titles, before any hover made the others.
		for (i = 0; i < rs.length; i++)
			out.push(files[k] + " title " + i + "=" + (rs[i].firstChild ===
			    null ? "none" : rs[i].firstChild.textContent));
		for (i = 0; i < rs.length; i++) {
			t = hover(w, d, rs[i]);
			out.push(files[k] + "\t" + t + "\t" + rs[i].getAttribute("fill"));
		}
		if (files[k] === "narrow.svg") {
			out.push("narrow hovered title=" +
			    rs[2].getElementsByTagName("title")[0].textContent);
			out.push("narrow before=" + rs[2].nextElementSibling);
			fire(w, rs[2], "click");
			t = rs[2].nextElementSibling;
			out.push("narrow zoomed=" + t.textContent + "|" + t.getAttribute("x") +
			    "|" + t.getAttribute("y"));
		}
		next(k + 1);
	});
	f.src = files[k];
	document.body.appendChild(f);
}
next(0);
</script>
</body></html>
EOF
[ $cpi = 1 ] || sed -i 's/, "cpi\.svg"\]/]/' "$TMP/titles.html"
page_out "file://$TMP/titles.html" >"$TMP/titles"
# shown FILE: the details the browser showed for FILE's frames, in order.
shown() {
	grep "^$1$TAB" "$TMP/titles" | cut -f 2 | sed 's/^Function: //'
}
# The script's CPI details are the file's titles, where a frame has one.
if [ $cpi = 1 ]; then
	grep '^cpi\.svg title [0-9]*=' "$TMP/titles" | sed 's/^[^=]*=//' \
		>"$TMP/cpi.want"
	shown cpi.svg >"$TMP/cpi.got"
	paste -d '\n' "$TMP/cpi.want" "$TMP/cpi.got" |
		awk 'NR % 2 { w = $0; next } w != "none" && w != $0 {
		print "file: " w; print "shown: " $0 }' >"$TMP/cpi.diff"
	[ -s "$TMP/cpi.want" ] || fail "cpi.svg: no titles read"
	expect_eq "cpi.svg: the details the script shows are the file's titles" \
		"" "$(cat "$TMP/cpi.diff")"
	expect_match "cpi.svg: noploop's main shown with its CPI" \
		'^main \(68 samples, 61\.26%; cycles 68, instructions 274, CPI 0\.25, IPC 4\.03\)$' \
		"$(cat "$TMP/cpi.got")"
fi
for f in g diff neg big narrow; do
	$FRAMES titles "$TMP/$f.svg" | cut -f 1 >"$TMP/$f.want"
	shown $f.svg >"$TMP/$f.got"
	expect_file "$f.svg: every frame's details as svg-frames.pl's titles" \
	    "$TMP/$f.want" "$TMP/$f.got"
done
expect_eq "fractions, escaped unit" \
	"$(printf '%s\n' 'all (1,234,569.625 µs & <more>, 100%)' \
	    'main (1,234,569.625 µs & <more>, 100.00%)' \
	    'work (1,234,567 µs & <more>, 100.00%)' \
	    'z (0.125 µs & <more>, 0.00%)')" "$(cat "$TMP/big.got")"
for f in diff neg; do
	want=$top_srcdir/tests/svg/diff${f#diff}.flamegraph-pl-titles
	[ $f = neg ] && want=$top_srcdir/tests/svg/diff-negate.flamegraph-pl-titles
	grep "^$f.svg$TAB" "$TMP/titles" | cut -f 2- |
	    sed 's/^Function: \(.*\)\t\(.*\)/<title>\1<\/title> fill="\2"/' |
	    LC_ALL=C sort >"$TMP/$f.pl"
	expect_file "$f.svg: details and colours as flamegraph.pl's titles" \
	    "$want" "$TMP/$f.pl"
done
expect_eq "ties to even" \
	"$(printf '%s\n' 'all (800 samples, 100%)' 'a (800 samples, 100.00%)' \
	    'b (1 samples, 0.12%)')" "$(cat "$TMP/narrow.got")"
expect_match "narrow frame: no label" '^narrow before=null$' "$(cat "$TMP/titles")"
# A frame wider than 3 pixels has its title in the file, for a browser
# with scripts off; the script makes a narrower frame's on its first hover.
expect_eq "titles in the file: the wide frames'" \
	"$(printf '%s\n' 'narrow.svg title 0=all (800 samples, 100%)' \
	    'narrow.svg title 1=a (800 samples, 100.00%)' 'narrow.svg title 2=none')" \
	"$(grep '^narrow.svg title ' "$TMP/titles")"
expect_match "a narrow frame's title made on hover" \
	'^narrow hovered title=b \(1 samples, 0\.12%\)$' "$(cat "$TMP/titles")"
expect_match "narrow frame zoomed: a label" '^narrow zoomed=b\|13\.0\|[0-9.]+$' \
	"$(cat "$TMP/titles")"

# The state comes back from the URL: zoom to "y", search "z".
x=$($FRAMES titles "$TMP/g.svg" | grep "^y (8 " |
    sed 's/.*<rect x="\([0-9.]*\)" y="\([0-9.]*\)".*/x=\1\&y=\2/')
browse "file://$TMP/g.svg?$x&s=z" >"$TMP/dom2"
dom=$(sed 's/&amp;/\&/g' "$TMP/dom2")
expect_match "URL zoom restored" \
	'<rect x="10\.0" y="[0-9.]+" width="1180\.0" height="15" fill="#[0-9a-f]{6}"><title>y \(8 samples, 34\.78%\)</title></rect><text x="13\.0" y="[0-9.]+">y</text>' "$dom"
expect_match "URL search restored" '<text id="matched"[^>]*>Matched: 87\.5%</text>' "$dom"
expect_match "URL: others hidden" '<rect [^>]*class="hide"><title>other [^<]*</title></rect><text [^>]*class="hide">other</text>' "$dom"

# Without the script (an image viewer, or scripts off): every frame is drawn
# in its colour and labelled; only the details, tooltips, zoom and search
# need the script. Checked in Chromium with the script taken out, and in
# librsvg (the GNOME image viewers') when rsvg-convert is there.
printf 'main;left 30\nmain;right 10\nother 20\n' >"$TMP/plain"
"$FLAMETUI" --svg="$TMP/plain.svg" "$TMP/plain"
# pixel PNG X Y: the colour at x, y as #rrggbb.
pixel() {
	convert "$1" -format '%[hex:p{'"$2,$3"'}]' info: | cut -c 1-6 |
	    tr 'A-F' 'a-f' | sed 's/^/#/'
}
# darkest PNG X Y W H: the least intensity (0-255) in a box.
darkest() {
	convert "$1" -crop "$4x$5+$2+$3" +repage -colorspace gray \
	    -format '%[fx:int(255*minima)]' info:
}
# check_drawn WHAT PNG: each frame of plain.svg is its colour at its right
# end (past its label), and its label darkens its left end.
check_drawn() {
	$FRAMES titles "$TMP/plain.svg" | cut -f 2 |
	    sed 's/<rect x="\([0-9.]*\)" y="\([0-9.]*\)" width="\([0-9.]*\)" height="[0-9.]*" fill="\([^"]*\)"[/>].*/\1 \2 \3 \4/' \
	    >"$TMP/boxes"
	expect_eq "$1: frames to look at" 5 "$(wc -l <"$TMP/boxes")"
	while read -r x y w fill; do
		px=$(awk -v x="$x" -v w="$w" 'BEGIN { printf "%d", x + w - 4 }')
		py=$(awk -v y="$y" 'BEGIN { printf "%d", y + 7 }')
		expect_eq "$1: frame at $x,$y drawn in $fill" "$fill" \
		    "$(pixel "$2" "$px" "$py")"
		lx=$(awk -v x="$x" 'BEGIN { printf "%d", x + 3 }')
		dark=$(darkest "$2" "$lx" "$py" 20 6)
		[ "$dark" -lt 100 ] || fail "$1: no label drawn at $x,$y ($dark)"
	done <"$TMP/boxes"
}
if command -v convert >/dev/null 2>&1; then
	# The script taken out (headless Chromium's screenshots need
	# scripts on).
	sed '/^<script/,/^]]><\/script>/d' "$TMP/plain.svg" >"$TMP/noscript.svg"
	expect_eq "no script left" 0 "$(grep -c '<script' "$TMP/noscript.svg")"
	chromium --hide-scrollbars --window-size=1200,600 \
	    --screenshot="$TMP/noscript.png" "file://$TMP/noscript.svg" >/dev/null
	if [ -s "$TMP/noscript.png" ]; then
		check_drawn "Chromium, no script" "$TMP/noscript.png"
	else
		fail "no screenshot from Chromium"
	fi
	if command -v rsvg-convert >/dev/null 2>&1; then
		rsvg-convert -o "$TMP/rsvg.png" "$TMP/plain.svg"
		check_drawn "librsvg" "$TMP/rsvg.png"
	else
		echo "librsvg check skipped: no rsvg-convert (Debian package librsvg2-bin)"
	fi
else
	echo "drawing checks skipped: no convert (Debian package imagemagick)"
fi

finish
