#!/bin/sh
# The SVG in a browser: headless Chromium loads it, a page around it hovers
# and clicks a frame, runs a search through the Search button and the case
# toggle, and reports the resulting DOM; a second load restores the zoom and
# search from the URL. Names that look like markup must stay text.
. "$top_srcdir/tests/lib.sh"

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

# browse URL: print the DOM once its scripts have run.
browse() {
	HOME=$TMP timeout 120 $CHROMIUM --headless --no-sandbox --disable-gpu \
	    --no-first-run --user-data-dir="$TMP/profile" \
	    --allow-file-access-from-files --virtual-time-budget=10000 \
	    --dump-dom "$1" 2>"$TMP/chromium.err"
}

# Frames: 21 samples; "with space" holds 8, "z" 7 of them.
cat "$top_srcdir/tests/svg/names.folded" >"$TMP/in"
printf 'evil;<script>document.documentElement.setAttribute("pwned","1")</script> 1\n' >>"$TMP/in"
printf 'evil;<img src=x onerror=alert(2)/> 1\n' >>"$TMP/in"
"$FLAMETUI" --svg="$TMP/g.svg" "$TMP/in"

cat >"$TMP/page.html" <<'EOF'
<!DOCTYPE html>
<html><body>
<iframe id="f" src="g.svg" width="1200" height="400"></iframe>
<pre id="out"></pre>
<script>
function fire(w, el, type) {
	el.dispatchEvent(new w.MouseEvent(type, { bubbles: true }));
}
document.getElementById("f").addEventListener("load", function () {
	var w = this.contentWindow, d = this.contentDocument, out = [];
	var gs = d.getElementById("frames").children, i;
	function frame(name) {
		for (var i = 0; i < gs.length; i++) {
			var t = gs[i].getElementsByTagName("title")[0].textContent;
			if (t.indexOf(name + " (") === 0)
				return gs[i];
		}
		return null;
	}
	function dump(tag) {
		out.push(tag + " matched=" + d.getElementById("matched").textContent);
		out.push(tag + " url=" + w.location.search);
		out.push(tag + " unzoom=" + d.getElementById("unzoom").getAttribute("class"));
		for (var i = 0; i < gs.length; i++) {
			var r = gs[i].getElementsByTagName("rect")[0];
			var t = gs[i].getElementsByTagName("title")[0].textContent;
			out.push(tag + " frame=" + t.substring(0, t.lastIndexOf(" (")) +
			    "|" + gs[i].getAttribute("class") + "|" + r.getAttribute("x") +
			    "|" + r.getAttribute("width") + "|" + r.getAttribute("fill"));
		}
	}
	var ws = frame("with space");
	fire(w, ws.getElementsByTagName("rect")[0], "mouseover");
	out.push("details=" + d.getElementById("details").textContent);
	fire(w, ws.getElementsByTagName("rect")[0], "click");
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
	document.getElementById("out").textContent = out.join("\n");
});
</script>
</body></html>
EOF
browse "file://$TMP/page.html" | sed -n '/<pre id="out">/,/<\/pre>/p' |
    sed 's/<pre id="out">//; s/<\/pre>//; s/&amp;/\&/g; s/&lt;/</g; s/&gt;/>/g' \
    >"$TMP/dom"
if ! grep -q '^details=' "$TMP/dom"; then
	fail "the page did not run; chromium said:"
	tail -5 "$TMP/chromium.err" >&2
	finish
fi
dom=$(cat "$TMP/dom")

expect_match "hover shows the frame" \
	'^details=Function: with space \(8 samples, 34\.78%\)$' "$dom"
# Zoomed to "with space": it and its children span the 1180 pixels.
expect_match "zoomed frame full width" \
	'zoom frame=with space\|null\|10\.0\|1180\.0\|' "$dom"
expect_match "child scaled" 'zoom frame=z\|null\|157\.5\|1032\.5\|rgb\(230,0,230\)' "$dom"
expect_match "ancestors are parents" 'zoom frame=main\|parent\|10\.0\|1180\.0\|' "$dom"
expect_match "others hidden" 'zoom frame=other\|hide\|' "$dom"
expect_match "Reset Zoom shown" 'zoom unzoom=null' "$dom"
expect_match "search highlights z" 'zoom frame=z\|[^|]*\|[^|]*\|[^|]*\|rgb\(230,0,230\)' "$dom"
expect_match "others not highlighted" 'zoom frame=y\|null\|10\.0\|1180\.0\|#[0-9a-f]{6}$' "$dom"
if printf '%s\n' "$dom" | grep -q '^zoom frame=y|.*rgb(230,0,230)'; then
	fail "y must not be highlighted"
fi
expect_match "Matched % of the zoomed frame" '^zoom matched=Matched: 87\.5%$' "$dom"
expect_match "zoom and search in the URL" '^zoom url=\?x=[0-9.]+&y=[0-9.]+&s=%5Ez%24$' "$dom"
# Reset Zoom: back to the whole graph, the search still on.
expect_match "unzoomed width" 'unzoom frame=with space\|null\|[0-9.]+|410.4|' "$dom"
expect_match "unzoomed root" 'unzoom frame=all\|null\|10\.0\|1180\.0\|' "$dom"
expect_match "Matched % of all" '^unzoom matched=Matched: 30\.4%$' "$dom"
expect_match "Reset Zoom hidden" 'unzoom unzoom=hide' "$dom"
expect_match "URL keeps only the search" '^unzoom url=\?s=%5Ez%24$' "$dom"
expect_match "Reset Search" '^reset matched= $' "$dom"
expect_match "ignore case" '^icase matched=Matched: 30\.4%$' "$dom"
expect_match "case toggle in the URL" '^icase url=\?s=%5EZ%24&i=1$' "$dom"
expect_match "a name is never a script" '^scripts=1$' "$dom"
expect_match "no script from a name ran" '^pwned=null$' "$dom"

# The state comes back from the URL: zoom to "y", search "z".
x=$(grep -o '<title>y (8 [^<]*</title><rect x="[0-9.]*" y="[0-9.]*"' "$TMP/g.svg" |
    sed 's/.*x="\([0-9.]*\)" y="\([0-9.]*\)"/x=\1\&y=\2/')
browse "file://$TMP/g.svg?$x&s=z" >"$TMP/dom2"
dom=$(sed 's/&amp;/\&/g' "$TMP/dom2")
expect_match "URL zoom restored" \
	'<g><title>y \(8 samples, 34\.78%\)</title><rect x="10\.0" y="[0-9.]+" width="1180\.0"' "$dom"
expect_match "URL search restored" '<text id="matched"[^>]*>Matched: 87\.5%</text>' "$dom"
expect_match "URL: others hidden" '<g class="hide"><title>other ' "$dom"

finish
