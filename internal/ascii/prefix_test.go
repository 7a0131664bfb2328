package ascii

import (
	"bytes"
	"testing"
)

// TestPrefix checks Prefix with the 8-bit byte at every
// place of texts of every length up to 80 (the 32-, 8- and 1-byte
// steps), and none.
func TestPrefix(t *testing.T) {
	for n := range 80 {
		b := bytes.Repeat([]byte{0x7f}, n)
		if got := Prefix(b); got != n {
			t.Errorf("%d ASCII bytes: got %d", n, got)
		}
		for i := range n {
			b[i] = 0x80
			if got := Prefix(b); got != i {
				t.Errorf("%d bytes, 8-bit at %d: got %d", n, i, got)
			}
			b[i] = 0x7f
		}
	}
}
