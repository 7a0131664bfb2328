package extract

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkPDF scans a one-page PDF that LibreOffice wrote, and one of
// 400 pages with a link annotation and a URI in the text of each.
func BenchmarkPDF(b *testing.B) {
	sample, err := os.ReadFile("testdata/docs/sample.pdf")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		pdf  []byte
	}{
		{"LibreOffice", sample},
		{"400 pages", hostilePDF[0].file(400)},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.pdf)))
			b.ReportAllocs()
			for b.Loop() {
				for _, err := range Links(bytes.NewReader(bc.pdf), Options{Name: "b.pdf"}) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
