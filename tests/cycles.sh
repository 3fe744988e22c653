#!/bin/sh
# No cycle among the files of src/. Each object file's defined and
# undefined symbols give an edge from a file to every file that defines a
# symbol it uses; the test fails, naming the files, when two files reach
# each other (a screen calling a screen that calls it back, a format
# table whose formats call back into it).
. "$top_srcdir/tests/lib.sh"
lib=$(dirname "$FLAMETUI")/libflametui.a
[ -f "$lib" ] || { echo "src/libflametui.a is not built"; exit 77; }
command -v nm >/dev/null || { echo "nm is not installed (binutils)"; exit 77; }

# Edges "from to", one a line, from the archive's symbol tables; main.o is
# not in the library and depends on everything, so it cannot be in a cycle.
nm -g "$lib" 2>/dev/null | awk '
	/:$/ { f = $0; sub(/:$/, "", f); sub(/\.o$/, "", f); next }
	NF == 2 && $1 == "U" { use[f " " $2] = 1; next }
	NF == 3 && $2 ~ /^[TDBRCV]$/ { def[$3] = f }
	END { for (k in use) { split(k, a, " ")
		if ((a[2] in def) && def[a[2]] != a[1]) print a[1], def[a[2]] } }' |
    sort -u >"$TMP/edges"
[ -s "$TMP/edges" ] || { fail "no dependency between src/ files found in $lib"; finish; }

# Reachability by closure; two files that reach each other share a cycle.
awk '{ e[$1, $2] = 1; n[$1] = 1; n[$2] = 1 }
	END {
		for (k in n) for (i in n) if ((i, k) in e)
			for (j in n) if ((k, j) in e) e[i, j] = 1
		for (i in n) { s = ""
			for (j in n) if (i != j && (i, j) in e && (j, i) in e)
				s = s " " j
			if (s != "") print i ":" s }
	}' "$TMP/edges" | sort >"$TMP/cycles"
if [ -s "$TMP/cycles" ]; then
	fail "files of src/ that depend on each other (file: the files it is in a cycle with):"
	sed 's/^/  /' "$TMP/cycles" >&2
fi
# The check can fail: a made-up pair of edges must be seen as a cycle.
printf 'x y\ny x\n' | awk '{ e[$1, $2] = 1 } END { print (("x", "y") in e && ("y", "x") in e) }' |
    grep -qx 1 || fail "the cycle check does not see a two-file cycle"
finish
