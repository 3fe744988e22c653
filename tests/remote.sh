#!/bin/sh
# Profiles fetched from a real Go service's /debug/pprof/ (tests/remote/
# server.go): the CPU profile's widest function, the heap's bytes, each
# failure's message and exit status, --by-file's roots and --diff of URLs.
. "$top_srcdir/tests/lib.sh"
. "$top_srcdir/tests/remote-lib.sh"

# The root the most CPU was spent under, in folded lines on stdin.
widest_root() {
	awk '{ n = $NF; sub(/ [0-9]+$/, ""); sub(/;.*/, ""); w[$0] += n }
	    END { for (r in w) if (w[r] > max) { max = w[r]; top = r }; print top }'
}

# A CPU profile of 2 seconds: spin(), which runs all the time, is widest.
"$FLAMETUI" --fold "$URL/debug/pprof/profile?seconds=2" >"$TMP/cpu" \
    2>"$TMP/cpu.err"
expect_eq "CPU profile read" 0 $?
expect_eq "spin is the widest" main.spin "$(widest_root <"$TMP/cpu")"

# The heap in use, in bytes, by default as with go tool pprof: hoard()
# holds 8 MiB of it.
"$FLAMETUI" --svg="$TMP/heap.svg" "$URL/debug/pprof/heap" 2>"$TMP/heap.err"
expect_eq "heap profile read" 0 $?
expect_match "hoard's bytes" '<title>main\.hoard \([0-9,]+ bytes' \
    "$(cat "$TMP/heap.svg")"
expect_match "heap in bytes" 'inuse_space \(bytes\) shown' "$(cat "$TMP/heap.err")"

# An endpoint Go does not have: its status, and the first line of the body.
out=$("$FLAMETUI" --fold "$URL/debug/pprof/nope" 2>&1)
expect_eq "404 fails" 1 $?
expect_eq "404 message" \
    "flametui: $URL/debug/pprof/nope: HTTP status 404: Unknown profile" "$out"

# Nothing listens on port 1.
out=$("$FLAMETUI" --fold "http://127.0.0.1:1/debug/pprof/heap" 2>&1)
expect_eq "refused fails" 1 $?
expect_match "refused message" \
    '^flametui: http://127\.0\.0\.1:1/debug/pprof/heap: Failed to connect to 127\.0\.0\.1 port 1 .*Couldn.t connect to server$' \
    "$out"

# A page that is not a profile.
out=$("$FLAMETUI" --fold "$URL/plain" 2>&1)
expect_eq "page fails" 1 $?
expect_match "page message" \
    "^flametui: $URL/plain: unrecognised stack format; known formats: " "$out"

# A profile longer than the timeout.
out=$("$FLAMETUI" --fold --timeout=1 "$URL/debug/pprof/profile?seconds=20" 2>&1)
expect_eq "timeout fails" 1 $?
expect_match "timeout message" \
    "^flametui: $URL/debug/pprof/profile\\?seconds=20: Operation timed out after .* \\(--timeout=S sets the limit\\)$" \
    "$out"

# TLS with a certificate no one signed: refused, unless --insecure.
TLS=https://127.0.0.1:$TLSPORT/debug/pprof/heap
out=$("$FLAMETUI" --fold "$TLS" 2>&1)
expect_eq "unsigned certificate fails" 1 $?
expect_match "certificate message" \
    "^flametui: $TLS: SSL certificate problem: .*\\(--insecure skips the check\\)$" \
    "$out"
"$FLAMETUI" --fold --insecure --sample-type=inuse_space "$TLS" \
    >"$TMP/tls" 2>/dev/null
expect_eq "--insecure reads it" 0 $?
expect_match "--insecure gives the heap" 'main\.hoard [0-9]+$' "$(cat "$TMP/tls")"

# One input read of two: the exit status is 0, and the failure is told.
printf 'main;work 5\n' >"$TMP/one.folded"
out=$("$FLAMETUI" --fold "$TMP/one.folded" "$URL/debug/pprof/nope" 2>&1)
expect_eq "one of two read" 0 $?
expect_eq "one of two: message and stacks" \
    "flametui: $URL/debug/pprof/nope: HTTP status 404: Unknown profile
main;work 5" "$out"

# --by-file: each input under a frame of its name.
printf 'main;work 3\nmain;idle 1\n' >"$TMP/web1.folded"
printf 'main;work 2\n' >"$TMP/web2.folded"
out=$(cd "$TMP" && "$FLAMETUI" --fold --by-file web1.folded web2.folded 2>&1)
expect_eq "--by-file of two files" "web1.folded;main;idle 1
web1.folded;main;work 3
web2.folded;main;work 2" "$out"
"$FLAMETUI" --fold --by-file "$TMP/web2.folded" \
    "$URL/debug/pprof/profile?seconds=1" >"$TMP/byfile" 2>/dev/null
expect_eq "--by-file with a URL" 0 $?
expect_eq "--by-file roots" "$TMP/web2.folded
127.0.0.1:$PORT" "$(sed 's/;.*//' "$TMP/byfile" | LC_ALL=C sort -u)"

# --diff of two URLs: the before and after counts of spin.
"$FLAMETUI" --fold --diff "$URL/debug/pprof/profile?seconds=1" \
    "$URL/debug/pprof/profile?seconds=1" >"$TMP/diff" 2>/dev/null
expect_eq "--diff of URLs" 0 $?
expect_match "--diff has spin on both sides" '^main\.spin [1-9][0-9]* [1-9][0-9]*$' \
    "$(cat "$TMP/diff")"

# --list-formats names Go's endpoints.
out=$("$FLAMETUI" --list-formats)
for ep in 'profile\?seconds=N' heap allocs block mutex goroutine; do
	expect_match "--list-formats: $ep" "/debug/pprof/$ep " "$out"
done

finish
