package delimit

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// TestGolden scans RFC 1738 and compares every match, with its position,
// style and flags, with testdata/rfc1738.golden, which was checked by hand
// against the RFC text (go test -run TestGolden -update rewrites it).
func TestGolden(t *testing.T) {
	in, err := os.ReadFile("testdata/rfc1738.txt")
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for m := range All(in, Options{}) {
		fmt.Fprintf(&b, "%d:%d\t%s\t%s", m.Line, m.Column, m.Style, m.URI)
		if m.Joined {
			b.WriteString("\tjoined")
		}
		for _, alt := range m.Alternatives {
			b.WriteString("\talt=" + alt)
		}
		b.WriteString("\n")
	}
	const golden = "testdata/rfc1738.golden"
	if *update {
		if err := os.WriteFile(golden, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got := b.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("rfc1738.txt: line %d of the golden file:\n got %s\nwant %s", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("rfc1738.txt: got %d matches, golden file has %d", len(gl)-1, len(wl)-1)
	}
}
