package delimit

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

// TestScannerReset checks that a Scanner reset for each text gives the
// same matches as a new Scanner on it: after a longer text and a shorter
// one (its window kept or too small), after a text it stopped inside,
// and with each set of options.
func TestScannerReset(t *testing.T) {
	rfc, err := os.ReadFile("testdata/rfc1738.txt")
	if err != nil {
		t.Fatal(err)
	}
	written, err := os.ReadFile("testdata/written.txt")
	if err != nil {
		t.Fatal(err)
	}
	texts := [][]byte{
		rfc,
		[]byte("see http://a.example/x, then <http://b.example/y\n z> and www.c.example"),
		written,
		[]byte("short: mailto:u@d.example"),
		[]byte(""),
		[]byte("ftp://e.example/a-\n  b/c and ../rel/ative <../x/y>"),
		rfc[:5000],
		[]byte(strings.Repeat("http://f.example/ ", 100)),
	}
	for _, opts := range []Options{{}, {Abbreviated: true}, {Relative: true, AnyScheme: true}, {MaxLength: 40}} {
		scan := func(s *Scanner, stop int) []Match {
			var ms []Match
			for len(ms) != stop && s.Scan() {
				ms = append(ms, s.Match())
			}
			if s.Err() != nil {
				t.Fatal(s.Err())
			}
			return ms
		}
		reused := NewScanner(bytes.NewReader(nil), opts)
		for i, text := range texts {
			// A text scanned in part leaves state that Reset must clear.
			reused.Reset(bytes.NewReader(text))
			scan(reused, 2)
			want := scan(NewScanner(bytes.NewReader(text), opts), -1)
			reused.Reset(bytes.NewReader(text))
			if got := scan(reused, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%+v, text %d: a reset scanner gives %d matches %v\na new one %d %v", opts, i, len(got), got, len(want), want)
			}
		}
		// A reader without Len: the window is the full size.
		want := scan(NewScanner(strings.NewReader(string(written)), opts), -1)
		reused.Reset(onlyReader{bytes.NewReader(written)})
		if got := scan(reused, -1); !reflect.DeepEqual(got, want) {
			t.Errorf("%+v: reset scanner on a plain reader gives %d matches, a new one %d", opts, len(got), len(want))
		}
	}
}

type onlyReader struct{ r *bytes.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }
