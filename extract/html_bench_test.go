package extract

import (
	"bytes"
	"io"
	"os"
	"runtime"
	"testing"
	"time"
)

// BenchmarkHTML extracts the links of every corpus page (issue 4 goal:
// 20 MB/s on one core).
//
// Besides the wall time, it reports the allocations per link and the
// speed in the process's CPU time (GC workers included), which a machine
// shared with other work changes far less than the wall time.
func BenchmarkHTML(b *testing.B) {
	pages := readCorpusPages(b)
	b.ReportAllocs()
	links := 0
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	cpu0 := processCPU()
	for b.Loop() {
		for _, p := range pages {
			for _, err := range Links(bytes.NewReader(p), Options{Type: HTML, Base: "http://example.com/dir/page.html"}) {
				if err != nil {
					b.Fatal(err)
				}
				links++
			}
		}
	}
	cpu := processCPU() - cpu0
	runtime.ReadMemStats(&m1)
	b.ReportMetric(float64(m1.Mallocs-m0.Mallocs)/float64(links), "allocs/link")
	size := 0
	for _, p := range pages {
		size += len(p)
	}
	reportCPUSpeed(b, size, cpu)
}

// reportCPUSpeed reports the speed in the process's CPU time (GC workers
// included): size bytes per operation over b.N operations in cpu.
func reportCPUSpeed(b *testing.B, size int, cpu time.Duration) {
	if cpu > 0 {
		b.ReportMetric(float64(b.N)*float64(size)/cpu.Seconds()/1e6, "MB/cpu-s")
	}
}

// BenchmarkRewrite rewrites every corpus page with every link made
// absolute.
func BenchmarkRewrite(b *testing.B) {
	pages := readCorpusPages(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			err := Rewrite(io.Discard, bytes.NewReader(p), Options{Base: "http://example.com/dir/page.html"}, func(l Link) (string, bool) {
				return l.URI, true
			})
			if err != nil {
				b.Fatal(err)
			}
		}
	}
}

// readCorpusPages reads the corpus pages and sets the benchmark's bytes
// per operation to their total size.
func readCorpusPages(b *testing.B) [][]byte {
	var pages [][]byte
	size := 0
	for _, path := range corpusPages(b) {
		p, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		pages = append(pages, p)
		size += len(p)
	}
	b.SetBytes(int64(size))
	return pages
}
