// workload.go: writes the real Go profiles that tests/pprof.sh reads.
//
//	go run workload.go   # writes cpu.pb.gz and heap.pb.gz here
//
// hot() burns about three times the CPU of warm(); scale() is small enough
// that the Go compiler inlines it into both, so their locations carry two
// lines (an inlined frame). keep() holds allocations for the heap profile.
package main

import (
	"context"
	"os"
	"runtime"
	"runtime/pprof"
	"time"
)

var sink int
var kept [][]byte

// scale is inlined by the compiler.
func scale(x int) int { return x*7 + 3 }

//go:noinline
func hot(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			sink += scale(i)
		}
	}
}

//go:noinline
func warm(d time.Duration) {
	for end := time.Now().Add(d); time.Now().Before(end); {
		for i := 0; i < 1000; i++ {
			sink -= scale(i)
		}
	}
}

//go:noinline
func keep(n int) {
	for i := 0; i < n; i++ {
		kept = append(kept, make([]byte, 64<<10))
	}
}

func main() {
	f, err := os.Create("cpu.pb.gz")
	if err != nil {
		panic(err)
	}
	pprof.StartCPUProfile(f)
	// Labels are written into the samples; flametui ignores them.
	pprof.Do(context.Background(), pprof.Labels("phase", "busy"),
		func(context.Context) {
			for i := 0; i < 4; i++ {
				hot(150 * time.Millisecond)
				warm(50 * time.Millisecond)
			}
		})
	pprof.StopCPUProfile()
	f.Close()

	runtime.MemProfileRate = 4096
	keep(64)
	runtime.GC()
	h, err := os.Create("heap.pb.gz")
	if err != nil {
		panic(err)
	}
	pprof.WriteHeapProfile(h)
	h.Close()
}
