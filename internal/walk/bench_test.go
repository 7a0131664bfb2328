package walk

import (
	"os"
	"testing"
)

// benchTree is the largest tree of the shared corpora: 6,294 files in one
// directory; the benchmark skips without it.
const benchTree = "/work/shared/corpora/email/spamassassin"

// BenchmarkFiles walks benchTree, with and without globs to match.
func BenchmarkFiles(b *testing.B) {
	if _, err := os.Stat(benchTree); err != nil {
		b.Skip("no corpus:", err)
	}
	for _, c := range []struct {
		name string
		o    Options
	}{{"plain", Options{}}, {"globs", Options{Exclude: []string{"*.md"}}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				for _, err := range Files(benchTree, c.o) {
					if err != nil {
						b.Fatal(err)
					}
					n++
				}
				b.ReportMetric(float64(n), "files/op")
			}
		})
	}
}
