package ascii

import (
	"strconv"
	"testing"
)

// TestHex: every byte against strconv's reading of it as a hex digit,
// and UpperHex.
func TestHex(t *testing.T) {
	for c := range 256 {
		want := -1
		if v, err := strconv.ParseUint(string(rune(c)), 16, 8); err == nil && c < 0x80 {
			want = int(v)
		}
		if got := HexValue(byte(c)); got != want {
			t.Errorf("HexValue(%q) = %d, want %d", byte(c), got, want)
		}
		if got := IsHex(byte(c)); got != (want >= 0) {
			t.Errorf("IsHex(%q) = %v, want %v", byte(c), got, want >= 0)
		}
	}
	for v := range 16 {
		if c := UpperHex[v]; HexValue(c) != v || 'a' <= c && c <= 'f' {
			t.Errorf("UpperHex[%d] = %q, want the digit %d, upper case", v, c, v)
		}
	}
}
