package main

import (
	"testing"
	"unicode/utf8"
)

func TestEscapeText(t *testing.T) {
	tests := []struct {
		in        string
		plain, tv string // want for plain text and for tsv
	}{
		{"http://a/b", "http://a/b", "http://a/b"},
		{"", "", ""},
		{"a\tb\nc\rd", `a\tb\nc\rd`, `a\tb\nc\rd`},
		{"bell\x07esc\x1b[31mdel\x7f", `bell\x07esc\x1b[31mdel\x7f`, `bell\x07esc\x1b[31mdel\x7f`},
		{`back\slash`, `back\slash`, `back\\slash`},
		{"caf\u00e9 \u4e2d\u6587", "caf\u00e9 \u4e2d\u6587", "caf\u00e9 \u4e2d\u6587"},
		{"c1\u0085\u009b", `c1\u0085\u009b`, `c1\u0085\u009b`},
		// A right-to-left override makes "exe.txt" show as "txt.exe".
		{"file\u202etxt.exe", `file\u202etxt.exe`, `file\u202etxt.exe`},
		{"iso\u2066x\u2069", `iso\u2066x\u2069`, `iso\u2066x\u2069`},
		{"ls\u2028ps\u2029", `ls\u2028ps\u2029`, `ls\u2028ps\u2029`},
		{"bad\xffutf8\xc3", `bad\xffutf8\xc3`, `bad\xffutf8\xc3`},
		{"nul\x00", `nul\x00`, `nul\x00`},
	}
	for _, tt := range tests {
		if got := escapeText(tt.in, false); got != tt.plain {
			t.Errorf("escapeText(%q, false) = %q, want %q", tt.in, got, tt.plain)
		}
		if got := escapeText(tt.in, true); got != tt.tv {
			t.Errorf("escapeText(%q, true) = %q, want %q", tt.in, got, tt.tv)
		}
	}
}

func TestByteSize(t *testing.T) {
	tests := []struct {
		n    int64
		want string
	}{
		{0, "0 B"},
		{999, "999 B"},
		{1000, "1.0 kB"},
		{1500000, "1.5 MB"},
		{2_000_000_000, "2.0 GB"},
	}
	for _, tt := range tests {
		if got := byteSize(tt.n); got != tt.want {
			t.Errorf("byteSize(%d) = %q, want %q", tt.n, got, tt.want)
		}
	}
}

// FuzzEscapeText checks that escaped text is valid UTF-8 without control
// characters or bidi formatting characters, and that tsv fields never hold
// a raw tab or newline.
func FuzzEscapeText(f *testing.F) {
	f.Fuzz(func(t *testing.T, s string) {
		for _, tsv := range []bool{false, true} {
			got := escapeText(s, tsv)
			if !utf8.ValidString(got) {
				t.Fatalf("escapeText(%q, %v) = %q: invalid UTF-8", s, tsv, got)
			}
			for _, r := range got {
				if r < 0x20 || r == 0x7f || unsafeRune(r) {
					t.Fatalf("escapeText(%q, %v) = %q: holds %U", s, tsv, got, r)
				}
			}
		}
	})
}
