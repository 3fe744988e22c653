#!/bin/sh
# The search's name matching (src/match.c): the literal prefilter finds the
# strings a regex needs, and match_names() says of every name exactly what
# regexec() says, with or without case, on one thread or several.
. "$top_srcdir/tests/lib.sh"
tm=$(dirname "$FLAMETUI")/../tests/test-match
[ -x "$tm" ] || { echo "tests/test-match is not built"; exit 77; }
export LC_ALL=C.UTF-8

cat >"$TMP/names" <<'EON'
main
leaf9
leaf99
leaf99x
leaf8
LEAF9
func_9
Func_99
fn12
fn1x
func_1abc7
func_17
maſk
MASK
mask
café
CAFÉ
a.b
axb
x{2}
EON

# check WHAT EXPECTED [-i] ERE: the literals, then the names matched.
check() {
	what=$1 want=$2
	shift 2
	got=$("$tm" "$@" <"$TMP/names") || fail "$what: differs from regexec"
	expect_eq "$what" "$want" "$(printf '%s\n' "$got" | tr '\n' ' ')"
}

check "alternation" "literals: [fn1] [func_1] fn12 func_1abc7 func_17 " \
	'fn1[0-9]|func_1.*7'
check "group, repeat, anchors, case" \
	"literals: [leaf9] [func_9] leaf9 leaf99 LEAF9 func_9 Func_99 " \
	-i '^(leaf|func_)9+$'
check "plain word" "literals: [mask] exact mask " 'mask'
# Ignoring case, the long s (U+017F) is an s to regexec in UTF-8: a name
# past ASCII goes to regexec whatever the prefilter says.
check "plain word, any case" "literals: [mask] exact maſk MASK mask " \
	-i 'mask'
check "letter past ASCII" "literals: [CAF] café CAFÉ " -i 'CAFÉ'
check "escaped dot" "literals: [a.b] exact a.b " 'a\.b'
check "escaped braces" "literals: [x{2}] exact x{2} " 'x\{2\}'
check "optional letter" "literals: [ab] [b] exact func_1abc7 a.b axb " 'a?b'
check "exact alternatives" "literals: [leaf8] [fn1x] exact leaf8 fn1x " \
	'leaf8|fn1x'
check "needs nothing" "literals: none $(tr '\n' ' ' <"$TMP/names")" \
	'ab?c|x*'

# Many more, each against regexec, with and without case, on one thread
# and (repeated past the threads' threshold) on several.
for re in 'fn1[0-9]|func_1.*7' '^(leaf|func_)9+$' '[[:upper:]]+9' \
    '\bleaf' 'f(n|unc_)1' '(a|b)(c|d)' '.' 'l(e(a(f)))9{2}' 'e?a' '9$' \
    '^F' 'x\{' 'ca(f|F)é' 'ſ' 'a{0,1}x|m+a' '(leaf){1,}9' '(|a)b' \
    'af{,2}9' '([fl])\1' 'MA[sS]K|ma.k' 'e[]a]f' '9+x?$'; do
	for i in '' -i; do
		"$tm" $i "$re" <"$TMP/names" >/dev/null ||
		    fail "/$re/$i differs from regexec"
		"$tm" $i -r 20000 "$re" <"$TMP/names" >/dev/null ||
		    fail "/$re/$i on many names differs from regexec"
	done
done
finish
