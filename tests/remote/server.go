// server.go: a Go service with net/http/pprof, for tests/remote.sh.
//
//	go run server.go   # prints the port it listens on, 127.0.0.1 only
//
// spin() burns CPU on two goroutines from start to end, so a CPU profile
// taken at any time has it as its widest function; hoard() holds 8 MiB
// for the heap profile. /plain answers 200 with a page that is no profile.
// The same is served over TLS with a certificate no one signed; the first
// line printed is the HTTP port, the second the HTTPS port. The server
// exits when its standard input closes, so no test leaves it behind.
package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	_ "net/http/pprof"
	"os"
)

var sink int
var kept [][]byte

//go:noinline
func spin() {
	for {
		for i := 0; i < 1000000; i++ {
			sink += i * 7
		}
	}
}

//go:noinline
func hoard() {
	for i := 0; i < 128; i++ {
		kept = append(kept, make([]byte, 64<<10))
	}
}

func main() {
	hoard()
	go spin()
	go spin()
	http.HandleFunc("/plain", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintln(w, "<html><body>hello, this is no profile</body></html>")
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	tls := httptest.NewTLSServer(http.DefaultServeMux)
	fmt.Println(ln.Addr().(*net.TCPAddr).Port)
	fmt.Println(tls.Listener.Addr().(*net.TCPAddr).Port)
	go func() {
		io.Copy(io.Discard, os.Stdin)
		os.Exit(0)
	}()
	http.Serve(ln, nil)
}
