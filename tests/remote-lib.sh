# tests/remote-lib.sh: build and start tests/remote/server.go, a Go service
# with net/http/pprof on 127.0.0.1. Source it after lib.sh. Sets PORT (HTTP)
# and TLSPORT (HTTPS, a certificate no one signed). The server reads its
# standard input from a FIFO this shell holds open: it ends when the test
# does. Go's caches live in $TMP, so nothing is fetched or kept.
command -v go >/dev/null 2>&1 ||
	{ echo "go not installed (Debian golang-go): no Go server to fetch from"; exit 77; }
mkdir -p "$TMP/go/cache" "$TMP/go/path"
# A GNU build-id of its own, which Go's linker leaves out: a system-wide
# recording another test makes while this server runs then keeps a copy of
# it in perf's build-id cache, and still reads its frames once it is gone.
bid=$(od -An -N20 -tx1 /dev/urandom | tr -d ' \n')
if ! (cd "$top_srcdir/tests/remote" && GOCACHE=$TMP/go/cache GOPATH=$TMP/go/path \
    GO111MODULE=off GOFLAGS= CGO_ENABLED=0 go build -ldflags="-B 0x$bid" \
    -o "$TMP/go/server" server.go) \
    >"$TMP/go/build.log" 2>&1; then
	echo "go cannot build tests/remote/server.go:"
	cat "$TMP/go/build.log"
	exit 77
fi
mkfifo "$TMP/go/hold"
"$TMP/go/server" <"$TMP/go/hold" >"$TMP/go/ports" 2>"$TMP/go/log" &
exec 9>"$TMP/go/hold"
i=0
while [ "$(wc -l <"$TMP/go/ports")" -lt 2 ] && [ $i -lt 600 ]; do
	sleep 0.05
	i=$((i + 1))
done
PORT=$(sed -n 1p "$TMP/go/ports")
TLSPORT=$(sed -n 2p "$TMP/go/ports")
[ -n "$TLSPORT" ] || { echo "the Go server did not start:"; cat "$TMP/go/log"; exit 1; }
URL=http://127.0.0.1:$PORT
