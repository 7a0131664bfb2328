package extract

import (
	"compress/gzip"
	"io"
	"os"
	"testing"

	"github.com/urix/urix/extract/internal/warcrec"
)

// BenchmarkWARCRead reads the response records of the WARC file named by
// $URIX_WARC_BENCH (skipped when unset) and decodes their HTTP bodies,
// without scanning them: the reader's own cost, to set against other
// WARC readers doing the same (see the commit adding it).
func BenchmarkWARCRead(b *testing.B) {
	name := os.Getenv("URIX_WARC_BENCH")
	if name == "" {
		b.Skip("URIX_WARC_BENCH not set")
	}
	types := map[string]bool{"response": true}
	for b.Loop() {
		f, err := os.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		var r io.Reader = f
		if isWARCName(name) && name[len(name)-3:] == ".gz" {
			if r, err = gzip.NewReader(f); err != nil {
				b.Fatal(err)
			}
		}
		in := warcrec.NewWindow(r)
		recs, n := 0, 0
		for {
			if c, ok := in.Peek(); !ok {
				break
			} else if c == '\r' || c == '\n' {
				in.Discard(1)
				continue
			}
			rec, err := readRecord(in, 0, types)
			if err != nil {
				b.Fatal(err)
			}
			if rec.block == nil {
				continue
			}
			recs++
			h, err := parseHTTPHeader(rec.block)
			if err != nil {
				continue
			}
			body, _ := decodeBody(rec.block[h.body:], h)
			n += len(body)
		}
		f.Close()
		b.ReportMetric(float64(recs), "records")
		b.ReportMetric(float64(n), "bodybytes")
	}
}
