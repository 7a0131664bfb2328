package extract

import (
	"bufio"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadPageSized checks that readPage reads a page of known size in
// one buffer of that size, behind a bufio.Reader (SizedReader, as the CLI
// gives it) and behind Links' own sniffing of a file's type; and that a
// wrong size only costs time.
func TestReadPageSized(t *testing.T) {
	page := []byte(strings.Repeat("<p><a href=x>x</a>\n", 50000)) // about 1 MB
	path := filepath.Join(t.TempDir(), "p.html")
	if err := os.WriteFile(path, page, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name string
		r    func() io.Reader
		size int64
	}{
		{"SizedReader", func() io.Reader { return SizedReader(bufio.NewReader(bytes.NewReader(page)), int64(len(page))) }, int64(len(page))},
		{"too small", func() io.Reader { return SizedReader(bufio.NewReader(bytes.NewReader(page)), 10) }, 0},
		{"too large", func() io.Reader { return SizedReader(bufio.NewReader(bytes.NewReader(page)), 1<<30) }, 0},
	}
	for _, tc := range tests {
		var got []byte
		a := allocated(func() {
			var err error
			if got, err = readPage(tc.r()); err != nil {
				t.Fatal(err)
			}
		})
		if !bytes.Equal(got, page) {
			t.Errorf("%s: read %d bytes, want the %d of the page", tc.name, len(got), len(page))
		}
		if tc.size > 0 && a > uint64(tc.size)+64<<10 {
			t.Errorf("%s: %d bytes allocated to read %d", tc.name, a, len(page))
		}
	}
	// Links sniffs the type of a file through a bufio.Reader.
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if size := inputSize(f); size != len(page) {
		t.Errorf("inputSize of the file: %d, want %d", size, len(page))
	}
	plain := allocated(func() {
		f.Seek(0, io.SeekStart)
		for range Links(bufio.NewReader(f), Options{Type: HTML}) {
		}
	})
	sized := allocated(func() {
		f.Seek(0, io.SeekStart)
		for range Links(f, Options{}) {
		}
	})
	if sized+uint64(len(page))/2 > plain {
		t.Errorf("Links of a file: %d bytes allocated, %d through a bufio.Reader: the size is not used", sized, plain)
	}
}
