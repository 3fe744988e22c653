#!/bin/sh
# The man page's KEYS section documents exactly the keys of the key table
# (flametui --list-keys), no more and no fewer, in the same contexts.
. "$top_srcdir/tests/lib.sh"

"$FLAMETUI" --list-keys >"$TMP/list"
expect_eq "--list-keys exit status" 0 $?
cut -f1,2 "$TMP/list" | tr '\t' ' ' | sort -u >"$TMP/table"
expect_match "the table has the zoom key" '^graph Enter$' "$(cat "$TMP/table")"

# ".It Ic Up , Ic k" under ".Ss Graph keys" gives "graph Up", "graph k".
awk '
/^\.Sh / { inkeys = ($2 == "KEYS") }
inkeys && /^\.Ss Graph keys/ { ctx = "graph" }
inkeys && /^\.Ss Prompt keys/ { ctx = "prompt" }
inkeys && /^\.Ss Heat map keys/ { ctx = "heatmap" }
inkeys && /^\.Ss Top keys/ { ctx = "top" }
inkeys && ctx != "" && /^\.It / {
	for (i = 2; i < NF; i++)
		if ($i == "Ic") {
			k = $(i + 1)
			gsub(/\\&/, "", k)	# "\&?": mdoc would take ? for punctuation
			print ctx, k
		}
}' "$top_srcdir/man/flametui.1" | sort -u >"$TMP/man"
expect_match "the man page has the zoom key" '^graph Enter$' "$(cat "$TMP/man")"
expect_file "man page KEYS section against the key table" "$TMP/table" \
	"$TMP/man"

# Every row has a description.
expect_eq "rows without a description" "" \
	"$(awk -F '\t' 'NF != 3 || $3 == ""' "$TMP/list")"

finish
