#!/bin/sh
# Detection by content: every fixture of every format, and the shared
# conformance inputs, must be detected as the format its directory names
# (tests/fmt/NAME/..., conformance/NAME/input/...), whatever the file is
# called. So a new probe that misfires on another format's files fails here.
. "$top_srcdir/tests/lib.sh"
detect=$(dirname "$FLAMETUI")/../tests/test-detect
[ -x "$detect" ] || { echo "SKIP: $detect not built"; exit 77; }

n=0
for f in "$top_srcdir"/tests/fmt/*/*.txt "$top_srcdir"/tests/fmt/*/*.txt.gz \
    "$SHARED"/conformance/*/input/*; do
	[ -f "$f" ] || continue
	want=$(basename "$(dirname "$f")")
	[ "$want" = input ] && want=$(basename "$(dirname "$(dirname "$f")")")
	# The name must not matter: detect a copy called something neutral.
	case $f in *.gz) cp "$f" "$TMP/data.gz" ;; *) cp "$f" "$TMP/data" ;; esac
	got=$("$detect" "$TMP"/data* | cut -d' ' -f2)
	rm -f "$TMP"/data*
	# The perf and DTrace probes belong to their own work: a conformance
	# input no probe claims yet is conformance.sh's failure, not this one's.
	case $f in "$SHARED"/*) [ "$got" = - ] && continue ;; esac
	expect_eq "detect $f" "$want" "$got"
	n=$((n + 1))
done
for dir in "$top_srcdir"/tests/fmt/*/; do
	ls "$dir"*.expected >/dev/null 2>&1 || fail "no fixture in $dir"
done
[ "$n" -gt 0 ] || fail "no fixtures found"

# The other formats' fixtures, kept beside their own tests.
for f in "$top_srcdir"/tests/pprof/*.pb "$top_srcdir"/tests/pprof/*.pb.gz \
    "$top_srcdir"/tests/chrome/*.cpuprofile "$top_srcdir"/tests/chrome/*.json \
    "$top_srcdir"/tests/chrome/*.json.gz "$top_srcdir"/examples/*.perf.gz; do
	[ -f "$f" ] || continue
	case $f in
	*.pb|*.pb.gz) want=pprof ;;
	*.cpuprofile) want=cpuprofile ;;
	*.json|*.json.gz) want=chrome-trace ;;
	*.perf.gz) want=perf ;;
	esac
	got=$("$detect" "$f" | cut -d' ' -f2)
	expect_eq "detect $f" "$want" "$got"
done

# Text that is no stack format at all is detected as nothing.
printf 'hello world\nthis is not a profile\n' >"$TMP/prose"
expect_eq "prose" "$TMP/prose -" "$("$detect" "$TMP/prose")"

# --list-formats names every format --help lists, each with a command.
list=$("$FLAMETUI" --list-formats)
for name in $("$FLAMETUI" --help | sed -n '/^Formats:/,/^$/p' |
    awk 'NF > 1 { print $1 }'); do
	expect_match "--list-formats has $name" "^$name " "$list"
done
expect_match "--list-formats shows commands" '^ +\$ ' "$list"

# The man page's FORMATS section and the README's table name every format.
man=$(sed -n '/^\.Sh FORMATS/,/^\.Sh /p' "$top_srcdir/man/flametui.1")
readme=$(sed -n '/^Formats$/,/^Building/p' "$top_srcdir/README")
for name in $(printf '%s\n' "$list" | awk '/^[^ ]/ { print $1 }'); do
	expect_match "man page FORMATS has $name" "^\.It Cm $name\$" "$man"
	expect_match "README table has $name" "^    $name( |\$)" "$readme"
done

finish
