package ascii

import (
	"bytes"
	"testing"
)

func TestValid(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"", true},
		{"http://a.example/", true},
		{"\x00\x7f", true},
		{"\x80", false},
		{"a\xffb", false},
		{"http://例え.jp/", false},
	} {
		if got := Valid(tt.in); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
	// The 8-bit byte at every place of strings of every length up to
	// 24 (the 8- and 1-byte steps), and none.
	for n := range 24 {
		b := bytes.Repeat([]byte{0x7f}, n)
		if !Valid(string(b)) {
			t.Errorf("%d ASCII bytes: false", n)
		}
		for i := range n {
			b[i] = 0x80
			if Valid(string(b)) {
				t.Errorf("%d bytes, 8-bit at %d: true", n, i)
			}
			b[i] = 0x7f
		}
	}
}
