#!/bin/sh
# --help and the man page's OPTIONS section document exactly the options
# src/options.c parses, `record --help` and the man page's RECORDING section
# those of src/record.c, and `top --help` and LIVE FLAME GRAPH those of
# src/live.c: the same long and short names, an argument where the
# code takes one, and the same argument name in both. The lists come from
# the struct option tables and getopt_long strings in the sources, not from
# a copy here. (tests/tui-keys.sh checks the man page's keys against the key
# table the same way.) With mandoc installed, the man page must lint clean.
. "$top_srcdir/tests/lib.sh"

MAN=$top_srcdir/man/flametui.1

# code_opts FILE TABLE: "NAME SHORT ARG" a line for each option that FILE
# parses: a row { "long", x_argument, NULL, 'c' or OPT_X } of the struct
# option array TABLE, then each letter of the getopt_long string with no
# row. NAME is the long name, or -c for a letter alone; SHORT is the letter
# or -; ARG is 1 when the option takes an argument, else 0.
code_opts() {
	awk -v table="$2" '
	index($0, "struct option " table "[]") { intable = 1; next }
	intable && /^};/ { intable = 0 }
	intable && /\{ *"[^"]+", *[a-z_]+_argument,/ {
		line = $0
		sub(/^[^{]*\{ *"/, "", line)
		name = line; sub(/".*/, "", name)
		arg = line ~ /required_argument/ ? 1 : 0
		short = "-"
		if (match(line, /'\''.'\'' *\}/))
			short = substr(line, RSTART + 1, 1)
		print name, short, arg
		longshort[short] = 1
	}
	/getopt_long\(/ && match($0, /"[^"]*"/) {
		letters = substr($0, RSTART + 1, RLENGTH - 2)
	}
	END {
		sub(/^[-+]/, "", letters)
		for (i = 1; i <= length(letters); i++) {
			c = substr(letters, i, 1)
			if (c == ":")
				continue
			arg = substr(letters, i + 1, 1) == ":" ? 1 : 0
			if (!(c in longshort))
				print "-" c, c, arg
		}
	}' "$1" | sort
}

# help_opts: "NAME SHORT ARGNAME" for each option line of a --help text on
# standard input ("  -f, --format=NAME  ...", "      --pid  ...",
# "  -p PID  ..."); ARGNAME is - when there is none.
help_opts() {
	sed -n 's/^ \{1,8\}\(-[^ ].*\)/\1/p' | awk '{
		spec = $1; short = "-"; arg = "-"
		if (spec ~ /^-[^-],$/) {	# "-f, --format=NAME"
			short = substr(spec, 2, 1)
			spec = $2
		} else if (spec ~ /^-[^-]$/) {	# "-p PID", "-x  what it does"
			short = substr(spec, 2, 1)
			if ($0 ~ /^-. [^ ]/)
				arg = $2
		}
		if (spec ~ /^--/) {
			name = substr(spec, 3)
			if ((i = index(name, "=")) > 0) {
				arg = substr(name, i + 1)
				name = substr(name, 1, i - 1)
			}
		} else
			name = "-" short
		print name, short, tolower(arg)
	}' | sort
}

# man_opts SECTION: "NAME SHORT ARGNAME" for each ".It Fl ..." item of the
# man page's section SECTION, its mdoc rendered as text first
# (".It Fl f , Fl \-format Ns = Ns Ar name" is "-f, --format=name").
man_opts() {
	awk -v want="$1" '
	/^\.Sh / { sh = $0; sub(/^\.Sh /, "", sh); next }
	sh == want && /^\.It Fl / {
		out = ""; glue = 1; fl = 0; op = 0
		for (i = 2; i <= NF; i++) {
			t = $i
			if (t == "Ns") { glue = 1; continue }
			if (t == "Fl") { fl = 1; continue }
			if (t == "Op") { op++; continue }
			if (t ~ /^(Ar|Cm|Ic|Ql|Pa|Ev|Va|Em|Sy|Li)$/)
				continue
			gsub(/\\-/, "-", t)
			gsub(/\\&/, "", t)
			if (fl) { t = "-" t; fl = 0 }
			if (op > 0 && t != ",") { t = "[" t "]"; op-- }
			out = out (glue || t == "," || out == "" ? "" : " ") t
			glue = 0
		}
		print "  " out
	}' "$MAN" | help_opts
}

# check WHAT FILE TABLE SECTION HELPTEXT: the options of FILE's TABLE
# against HELPTEXT and the man page's SECTION.
check() {
	code_opts "$top_srcdir/$2" "$3" >"$TMP/code"
	printf '%s\n' "$5" | help_opts >"$TMP/help"
	man_opts "$4" >"$TMP/man"
	# Names, short forms and whether there is an argument.
	awk '{ print $1, $2, ($3 == "-" ? 0 : 1) }' "$TMP/help" >"$TMP/help.a"
	awk '{ print $1, $2, ($3 == "-" ? 0 : 1) }' "$TMP/man" >"$TMP/man.a"
	expect_file "$1: options in $2 (-) and in --help (+)" \
	    "$TMP/code" "$TMP/help.a"
	expect_file "$1: options in $2 (-) and in the man page's $4 (+)" \
	    "$TMP/code" "$TMP/man.a"
	# The same argument names (NAME in --help is name in the man page).
	expect_file "$1: arguments in --help (-) and in the man page (+)" \
	    "$TMP/help" "$TMP/man"
}

help=$("$FLAMETUI" --help)
expect_eq "--help exit status" 0 $?
check flametui src/options.c longopts OPTIONS "$help"
# The parse of the sources found the tables at all.
expect_match "options.c's options were read" '^format f 1$' "$(cat "$TMP/code")"
expect_match "options.c's options were read" '^pid - 0$' "$(cat "$TMP/code")"

help=$("$FLAMETUI" record --help)
expect_eq "record --help exit status" 0 $?
check "flametui record" src/record.c record_longopts RECORDING "$help"
expect_match "record.c's options were read" '^-p p 1$' "$(cat "$TMP/code")"
expect_match "record.c's options were read" '^freq F 1$' "$(cat "$TMP/code")"

# After the frame-pointer advice, README and man page warn that a leaf
# function can still lose its caller, and say what finds it.
for doc in "$top_srcdir/README" "$MAN"; do
	text=$(tr '\n' ' ' <"$doc" | sed 's/\\f[BIRP]//g; s/ *\.[A-Z][a-z] / /g')
	expect_match "$(basename "$doc"): a leaf function can lose its caller" \
		"fno-omit-frame-pointer.{0,40}[^.]*\. Even [^.]*leaf function[^;]*lose its caller.{0,120}dwarf" "$text"
done

help=$("$FLAMETUI" top --help)
expect_eq "top --help exit status" 0 $?
check "flametui top" src/live.c live_longopts "LIVE FLAME GRAPH" "$help"
expect_match "live.c's options were read" '^window - 1$' "$(cat "$TMP/code")"

# mandoc's linter: no warnings or errors (style notes are allowed).
if command -v mandoc >/dev/null 2>&1; then
	expect_eq "mandoc -T lint -W warning man/flametui.1" "" \
	    "$(mandoc -T lint -W warning "$MAN" 2>&1)"
else
	echo "mandoc is not installed: the man page is not linted" >&2
fi

finish
