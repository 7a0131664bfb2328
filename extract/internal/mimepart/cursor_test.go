package mimepart

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestQPLineLen checks qpLineLen against the decoder.
func TestQPLineLen(t *testing.T) {
	for _, line := range []string{
		"", "\n", "\r\n", "abc\n", "abc", "a=3Db\n", "soft =\n", "soft =  \r\n", "=\n", "=",
		"a=4\n", "a=4", "a==3D=\n", "trailing  \t\n", "=3d=3D=ZZ=\r\n", "x=\r", "=\r\n", "=3",
	} {
		if got, want := qpLineLen([]byte(line)), len(AppendQuotedPrintable(nil, []byte(line))); got != want {
			t.Errorf("qpLineLen(%q) = %d, want %d", line, got, want)
		}
	}
}

func FuzzQPLineLen(f *testing.F) {
	f.Add([]byte("a=3Db =\r\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if i := bytes.IndexByte(b, '\n'); i >= 0 {
			b = b[:i+1]
		}
		if got, want := qpLineLen(b), len(AppendQuotedPrintable(nil, b)); got != want {
			t.Errorf("qpLineLen(%q) = %d, want %d", b, got, want)
		}
	})
}

// TestCTECursorLines checks the CTECursor of a quoted-printable text with
// the lines its decoder gave against the one that reads the lines itself,
// at every offset of the decoded text, in increasing order and back.
func TestCTECursorLines(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	pieces := []string{"a", "b", " ", "\t", "=", "=3D", "=3d", "=ZZ", "=\n", "=  \r\n", "\n", "\r\n", "\r", "=4", "http://x/"}
	for range 2000 {
		var sb strings.Builder
		for range rng.IntN(40) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		raw := []byte(sb.String())
		var lines []QPLine
		dec := AppendQuotedPrintableLines(nil, raw, &lines)
		// The lines tile both texts: each ends after the one before,
		// the last at the end.
		var prev QPLine
		for i, l := range lines {
			if l.raw <= prev.raw || l.dec < prev.dec {
				t.Fatalf("raw %q: line %d ends at %v, after %v", raw, i, l, prev)
			}
			prev = l
		}
		if int(prev.raw) != len(raw) || int(prev.dec) != len(dec) {
			t.Fatalf("raw %q: last line ends at %v, want {%d %d}", raw, prev, len(raw), len(dec))
		}
		fast, slow := NewCTECursor(raw, "quoted-printable"), NewCTECursor(raw, "quoted-printable")
		fast.lines = lines
		offs := make([]int, 0, 2*len(dec)+2)
		for off := 0; off <= len(dec); off++ {
			offs = append(offs, off)
		}
		offs = append(offs, len(dec)/2, 0, len(dec))
		for _, off := range offs {
			if got, want := fast.In(off), slow.In(off); got != want {
				t.Fatalf("raw %q: in(%d) = %d with lines, %d without", raw, off, got, want)
			}
		}
	}
}
