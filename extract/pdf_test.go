package extract

import (
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"testing"
)

// TestPDFGolden scans testdata/docs/sample.pdf, which LibreOffice made of
// sample.odt (see testdata/docs/README.md): its three URI link
// annotations (the fourth link, to a section, is a GoTo action) and the
// two URIs of its text, checked by hand against pdftotext's text.
func TestPDFGolden(t *testing.T) {
	checkGoldenFile(t, "docs/sample.pdf", Options{})
}

// TestPDFBad checks that a truncated PDF, one that is no PDF and one past
// MaxDocumentSize are each an error for the file that names it.
func TestPDFBad(t *testing.T) {
	good, err := os.ReadFile("testdata/docs/sample.pdf")
	if err != nil {
		t.Fatal(err)
	}
	defer func(n int64) { MaxDocumentSize = n }(MaxDocumentSize)
	MaxDocumentSize = 1 << 20
	for _, tc := range []struct {
		name string
		in   io.Reader
		want string
	}{
		{"truncated.pdf", bytes.NewReader(good[:len(good)/2]), "extract: truncated.pdf: not a readable PDF: "},
		{"garbage.pdf", strings.NewReader("%PDF-1.7\nnot really\n"), "extract: garbage.pdf: not a readable PDF: "},
		{"huge.pdf", io.MultiReader(strings.NewReader("%PDF-1.7\n"), zeros{}), "extract: huge.pdf: document larger than the limit"},
	} {
		var errs []error
		for l, err := range Links(tc.in, Options{Name: tc.name}) {
			if err != nil {
				errs = append(errs, err)
			} else {
				t.Errorf("%s: unexpected link %s", tc.name, l.URI)
			}
		}
		if len(errs) != 1 || !strings.HasPrefix(errs[0].Error(), tc.want) {
			t.Errorf("%s: errors %v, want one starting %q", tc.name, errs, tc.want)
		}
		if tc.name == "huge.pdf" && !errors.Is(errs[0], ErrDocumentTooLarge) {
			t.Errorf("%s: %v is not ErrDocumentTooLarge", tc.name, errs[0])
		}
	}
}

// zeros is an endless input of zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}
