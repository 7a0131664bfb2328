package warcrec

import (
	"errors"
	"io"
	"strings"
	"testing"
)

func TestDigest(t *testing.T) {
	// SHA-1 and SHA-256 of "abc": FIPS 180-4's examples (NIST, "SHA
	// Examples"); the base32 forms are RFC 4648 §6 of those bytes.
	tests := []struct {
		field string
		ok    bool // a Digest to check
		match bool
	}{
		{"sha1:a9993e364706816aba3e25717850c26c9cd0d89d", true, true},
		{"sha1:VGMT4NSHA2AWVOR6EVYXQUGCNSONBWE5", true, true},
		{"SHA-1:vgmt4nsha2awvor6evyxqugcnsonbwe5", true, true},
		{"sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad", true, true},
		{"sha1:a9993e364706816aba3e25717850c26c9cd0d89e", true, false},
		{"md5:900150983cd24fb0d6963f7d28e17f72", false, false}, // not checked
		{"sha1", false, false},
		{"sha1:xyz", false, false},
	}
	for _, tc := range tests {
		d := NewDigest(tc.field)
		if (d != nil) != tc.ok {
			t.Errorf("NewDigest(%q) = %v, want a Digest: %v", tc.field, d, tc.ok)
			continue
		}
		if d == nil {
			continue
		}
		d.Write([]byte("ab"))
		d.Write([]byte("c"))
		err := d.Check("response")
		if (err == nil) != tc.match || err != nil && (!errors.Is(err, ErrDigest) || !strings.Contains(err.Error(), "the block's is")) {
			t.Errorf("%q: Check = %v, want a match: %v", tc.field, err, tc.match)
		}
	}
	// A revisit record whose block holds the HTTP header only, its digest
	// that of an empty block (as wget writes it).
	d := NewDigest("sha1:da39a3ee5e6b4b0d3255bfef95601890afd80709")
	d.Write([]byte("HTTP/1.1 200 OK\r\n\r\n"))
	if err := d.Check("revisit"); err != nil {
		t.Errorf("revisit with the empty block's digest: %v", err)
	}
}

func TestChunkMap(t *testing.T) {
	// RFC 9112 §7.1: chunk-size [ chunk-ext ] CRLF chunk-data CRLF, then
	// a last chunk of size 0.
	stored := "4\r\nWiki\r\n6;x=y\r\npedia \r\nE\r\nin \r\n\r\nchunks.\r\n0\r\n\r\n"
	decoded := "Wikipedia in \r\n\r\nchunks."
	m := NewChunkMap([]byte(stored))
	for off := range len(decoded) {
		if got := m.Stored(int64(off)); stored[got] != decoded[off] {
			t.Errorf("Stored(%d) = %d: %q, want %q", off, got, stored[got], decoded[off])
		}
	}
}

func TestWindow(t *testing.T) {
	w := NewWindow(strings.NewReader("WARC/1.1\r\nA: b\r\n\r\nbody WARC/1.0\r\n"))
	line, err := w.Line(100)
	if string(line) != "WARC/1.1" || err != nil {
		t.Fatalf("Line = %q, %v", line, err)
	}
	w.SetMark()
	at := w.Pos()
	if line, err := w.Line(3); err == nil {
		t.Errorf("Line(3) of %q: no error", line)
	}
	if !w.RewindTo(at) {
		t.Fatal("RewindTo the mark: false")
	}
	if !w.Find([]byte("WARC/1.")) || w.Pos() != 23 {
		t.Errorf("Find: at %d, want 23", w.Pos())
	}
	if n := w.Discard(100); n != 10 || w.Err() != io.EOF {
		t.Errorf("Discard(100) = %d, %v; want 10, EOF", n, w.Err())
	}
	if end, ok := w.End(); end != 33 || !ok {
		t.Errorf("End = %d, %v; want 33, true", end, ok)
	}
}
