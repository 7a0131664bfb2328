package extract

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// BenchmarkHTML extracts the links of every corpus page (issue 4 goal:
// 20 MB/s on one core).
func BenchmarkHTML(b *testing.B) {
	pages := readCorpusPages(b)
	b.ReportAllocs()
	for b.Loop() {
		for _, p := range pages {
			for _, err := range Links(bytes.NewReader(p), Options{Type: HTML, Base: "http://example.com/dir/page.html"}) {
				if err != nil {
					b.Fatal(err)
				}
			}
		}
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
