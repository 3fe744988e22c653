#!/bin/sh
# Views as command-line options: --reverse, --focus, --ignore, --hide and
# --nodefraction change what --fold writes.
. "$top_srcdir/tests/lib.sh"

printf 'main;a;b;c 5\nmain;a;c 2\nmain;idle 10\nmain;x;x;x;y 1\n' >"$TMP/in"

out=$("$FLAMETUI" --fold --reverse "$TMP/in")
expect_eq "reverse merges from the leaf" "$(printf 'c;a;main 2\nc;b;a;main 5\nidle;main 10\ny;x;x;x;main 1')" "$out"

out=$("$FLAMETUI" --fold --focus='^c$' "$TMP/in")
expect_eq "focus re-roots at the match" "c 7" "$out"

out=$("$FLAMETUI" --fold --focus='^a$' "$TMP/in")
expect_eq "focus keeps what is below the match" "$(printf 'a;b;c 5\na;c 2')" "$out"

out=$("$FLAMETUI" --fold --ignore=idle "$TMP/in")
expect_eq "ignore drops whole stacks" "$(printf 'main;a;b;c 5\nmain;a;c 2\nmain;x;x;x;y 1')" "$out"

out=$("$FLAMETUI" --fold --hide='^(a|x)$' "$TMP/in")
expect_eq "hide drops frames" "$(printf 'main;b;c 5\nmain;c 2\nmain;idle 10\nmain;y 1')" "$out"

out=$("$FLAMETUI" --fold --nodefraction=10% "$TMP/in")
expect_eq "nodefraction as a percentage folds small blocks into the parent" \
	"$(printf 'main 1\nmain;a;b;c 5\nmain;a;c 2\nmain;idle 10')" "$out"

out=$("$FLAMETUI" --fold --nodefraction=0.5 "$TMP/in")
expect_eq "nodefraction as a fraction" "$(printf 'main 8\nmain;idle 10')" "$out"

out=$("$FLAMETUI" --fold --reverse --hide=main --ignore=idle "$TMP/in")
expect_eq "views combine" "$(printf 'c;a 2\nc;b;a 5\ny;x;x;x 1')" "$out"

# Fractional counts keep their units through a view.
printf 'a;b 1.5\na;c 2\n' >"$TMP/frac"
out=$("$FLAMETUI" --fold --reverse "$TMP/frac")
expect_eq "fractions survive" "$(printf 'b;a 1.5\nc;a 2')" "$out"

# Bad arguments are usage errors that say what is wrong.
"$FLAMETUI" --fold --focus='(' "$TMP/in" >/dev/null 2>"$TMP/err"
expect_eq "bad regex exit status" 2 $?
expect_match "bad regex message" "--focus: bad regular expression '\\('" "$(cat "$TMP/err")"
# A regex glibc could take exponential time or worse on is refused:
# backreferences, repeats that copy a piece over 1000 times.
"$FLAMETUI" --fold --focus='\(a\)\1' "$TMP/in" >/dev/null 2>"$TMP/err"
expect_eq "backreference exit status" 2 $?
expect_eq "backreference message" "flametui: --focus: bad regular expression '\(a\)\1': backreferences (\1) are not supported, as they can take exponential time" "$(cat "$TMP/err")"
"$FLAMETUI" --fold --ignore='(a*)*\1b' "$TMP/in" >/dev/null 2>"$TMP/err"
expect_eq "valid backreference exit status" 2 $?
expect_match "valid backreference message" \
	"^flametui: --ignore: bad regular expression '\(a\*\)\*\\\\1b': backreferences" \
	"$(cat "$TMP/err")"
"$FLAMETUI" --fold --hide='a{1,255}{1,255}' "$TMP/in" >/dev/null 2>"$TMP/err"
expect_eq "nested bounds exit status" 2 $?
expect_eq "nested bounds message" "flametui: --hide: bad regular expression 'a{1,255}{1,255}': its repeats make over 1000 copies: use * or smaller bounds" "$(cat "$TMP/err")"
"$FLAMETUI" --fold --hide='((((((((((b+)+)+)+)+)+)+)+)+)+)' "$TMP/in" >/dev/null \
	2>"$TMP/err"
expect_eq "nested + exit status" 2 $?
for re in '(x{1,30}){1,30}' 'c{1000}' '(((((((((b+)+)+)+)+)+)+)+)+)'; do
	"$FLAMETUI" --fold --hide="$re" "$TMP/in" >/dev/null 2>"$TMP/err"
	expect_eq "$re: under 1000 copies, allowed" 0 $?
done
"$FLAMETUI" --fold --nodefraction=2 "$TMP/in" >/dev/null 2>"$TMP/err"
expect_eq "bad fraction exit status" 2 $?
expect_match "bad fraction message" "--nodefraction: '2' is not a fraction" "$(cat "$TMP/err")"

# --callers: the callers of a function merged from it, across call sites;
# a name with ERE characters is matched as it is.
printf 'main;a;u.x;x 40\nmain;b;u.x;x 20\nmain;b;u.x;y 20\nmain;uxx 20\n' \
	>"$TMP/two"
out=$("$FLAMETUI" --fold --callers=u.x "$TMP/two")
expect_eq "callers merged from the function" \
	"$(printf 'u.x;a;main 40\nu.x;b;main 40')" "$out"
out=$("$FLAMETUI" --fold --callers=u.x --hide='^b$' "$TMP/two")
expect_eq "callers with hide" "$(printf 'u.x;a;main 40\nu.x;main 40')" "$out"
"$FLAMETUI" --fold --callers=x --reverse "$TMP/two" >/dev/null 2>"$TMP/err"
expect_eq "--callers --reverse exit status" 2 $?
expect_match "--callers --reverse message" "not with --focus or --reverse" \
	"$(cat "$TMP/err")"

# --top: self and total per function, total once per stack under recursion,
# largest total first, then self, then name; with the views applied.
printf 'a;b;a;b;c 10\na;c 5\n' >"$TMP/rec"
expect_eq "--top" "$(printf '%s\n' \
'        self   self%        total  total%  function' \
'          15 100.00%           15 100.00%  c' \
'           0   0.00%           15 100.00%  a' \
'           0   0.00%           10  66.67%  b')" "$("$FLAMETUI" --top "$TMP/rec")"
# Counts wider than 12 characters widen the columns, which stay aligned;
# they have thousands separators, as every count for people.
printf 'a;b 12345678901234\na;c 5\n' >"$TMP/big"
expect_eq "--top, wide counts" "$(printf '%s\n' \
'              self   self%              total  total%  function' \
'                 0   0.00% 12,345,678,901,239 100.00%  a' \
'12,345,678,901,234 100.00% 12,345,678,901,234 100.00%  b' \
'                 5   0.00%                  5   0.00%  c')" "$("$FLAMETUI" --top "$TMP/big")"
expect_eq "--top --reverse: the same functions, self and total" \
	"$("$FLAMETUI" --top "$TMP/in")" "$("$FLAMETUI" --top --reverse "$TMP/in")"
expect_match "--top: self of a leaf" '^ +10  55\.56% +10  55\.56%  idle$' \
	"$("$FLAMETUI" --top --reverse "$TMP/in")"
expect_eq "--top --ignore" "$(printf '%s\n' \
'        self   self%        total  total%  function' \
'           5 100.00%            5 100.00%  c' \
'           0   0.00%            5 100.00%  a')" \
	"$("$FLAMETUI" --top --ignore=b "$TMP/rec")"

out=$("$FLAMETUI" --fold --focus=nothing "$TMP/in" 2>"$TMP/err")
expect_match "nothing left is said" "no stacks are left" "$(cat "$TMP/err")"

# --flamechart --fold: a line per block of the chart, in the chart's order,
# not sorted (sorting would put main;a 2 before main;a 1 and main;b 1).
printf 'main;a 1\nmain;b 1\nmain;a 2\nx 1\nmain;b;c 1\n' >"$TMP/chart"
expect_eq "--flamechart --fold" "main;a 1
main;b 1
main;a 2
x 1
main;b;c 1" "$("$FLAMETUI" --flamechart --fold "$TMP/chart")"

finish
