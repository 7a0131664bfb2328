package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkLinksText scans the RFC corpus of ../shared (12.9 MB of RFC
// text) as one input, resolving every link against a file: base.
func BenchmarkLinksText(b *testing.B) {
	files, _ := filepath.Glob(filepath.Join("..", "..", "shared", "corpora", "rfc", "*.txt"))
	if len(files) == 0 {
		b.Skip("../shared/corpora/rfc is absent")
	}
	var corpus []byte
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		corpus = append(corpus, data...)
	}
	b.SetBytes(int64(len(corpus)))
	b.ReportAllocs()
	n := 0
	cpu0 := processCPU()
	for b.Loop() {
		n = 0
		for _, err := range Links(bytes.NewReader(corpus), Options{Type: Text, Name: "rfc.txt"}) {
			if err != nil {
				b.Fatal(err)
			}
			n++
		}
	}
	reportCPUSpeed(b, len(corpus), processCPU()-cpu0)
	b.ReportMetric(float64(n), "links/op")
}

// BenchmarkEmit measures what emit adds to each link a scanner finds:
// parsing, resolution against a base, recomposition.
func BenchmarkEmit(b *testing.B) {
	refs := []Link{attr("../img/logo.png"), attr("http://example.com/a/b?c=d#e"), attr("/search?q=uri+syntax"), attr("#top"), text("https://www.ietf.org/rfc/rfc3986.txt")}
	opts := Options{Base: "http://example.com/docs/guide/index.html"}
	src, err := newSource(&opts)
	if err != nil {
		b.Fatal(err)
	}
	yield := func(Link, error) bool { return true }
	b.ReportAllocs()
	for b.Loop() {
		for _, l := range refs {
			src.emit(l, yield)
		}
	}
}
