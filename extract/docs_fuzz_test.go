package extract

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

// FuzzDocuments scans any bytes as a PDF, Office, OpenDocument and EPUB
// file, seeded with the test documents: no panic (ErrInternal), and every
// error an *Error naming the input.
func FuzzDocuments(f *testing.F) {
	for _, name := range []string{"sample.docx", "sample.odt", "sample.epub", "sample.pdf"} {
		b, err := os.ReadFile("testdata/docs/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, typ := range []Type{OOXML, ODF, EPUB, PDF} {
			for _, err := range Links(bytes.NewReader(b), Options{Name: "in", Type: typ}) {
				var e *Error
				if err != nil && (!errors.As(err, &e) || e.File != "in" || errors.Is(err, ErrInternal)) {
					t.Fatalf("%v: %v", typ, err)
				}
			}
		}
	})
}
