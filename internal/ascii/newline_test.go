package ascii

import (
	"bytes"
	"testing"
)

// TestLastNewline checks LastNewline against bytes.LastIndexByte with the
// line break at every place of texts up to 40 bytes, bytes next to '\n'
// in value (0x0b, 0x8a) around it, and none.
func TestLastNewline(t *testing.T) {
	for n := range 40 {
		b := make([]byte, n)
		for i := range b {
			b[i] = []byte{'a', 0x0b, 0x8a, 0x09}[i%4]
		}
		check := func() {
			if got, want := LastNewline(b), bytes.LastIndexByte(b, '\n'); got != want {
				t.Fatalf("LastNewline(%q) = %d, want %d", b, got, want)
			}
		}
		check()
		for i := range n {
			b[i] = '\n'
			check()
			for j := i + 1; j < n; j++ {
				b[j] = '\n'
				check()
				b[j] = 'a'
			}
			b[i] = 'a'
		}
	}
}
