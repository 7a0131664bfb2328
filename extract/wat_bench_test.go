package extract

import (
	"strings"
	"testing"
)

// BenchmarkWAT reads a WAT record of 10,000 links.
func BenchmarkWAT(b *testing.B) {
	links := "[" + strings.TrimSuffix(strings.Repeat(`{"path":"A@/href","url":"p/q.html","text":"some anchor text"},`, 10000), ",") + "]"
	in := watRecord("http://h.example/d/", watPage("http://h.example/d/", `{"Title":"t"}`, links))
	b.SetBytes(int64(len(in)))
	b.ReportAllocs()
	for b.Loop() {
		for range Links(strings.NewReader(in), Options{Name: "b.warc"}) {
		}
	}
}
