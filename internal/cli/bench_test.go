package cli

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"
)

// BenchmarkScan measures the whole command, extraction and output, on
// the README's text sample repeated to about 300 kB, for each format.
func BenchmarkScan(b *testing.B) {
	sample, err := os.ReadFile(filepath.Join(repoRoot, "testdata", "sample.txt"))
	if err != nil {
		b.Fatal(err)
	}
	input := bytes.Repeat(sample, 200)
	for _, format := range []string{"plain", "json", "tsv"} {
		b.Run(format, func(b *testing.B) {
			b.SetBytes(int64(len(input)))
			b.ReportAllocs()
			for b.Loop() {
				if status := run([]string{"urix", "--type", "text", "--format", format, "-"}, bytes.NewReader(input), io.Discard, io.Discard); status != exitOK {
					b.Fatalf("status %d", status)
				}
			}
		})
	}
}
