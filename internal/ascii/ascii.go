// Package ascii holds the byte tests on ASCII text that uri, base, extract
// and the command share.
package ascii

import "unicode/utf8"

// Valid reports whether s holds only ASCII (7-bit) bytes. It reads 8
// bytes at a time, one load (every link of a page in a legacy encoding
// comes here).
func Valid(s string) bool {
	i := 0
	for ; i+8 <= len(s); i += 8 {
		b := s[i : i+8]
		w := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
			uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
		if w&0x8080808080808080 != 0 {
			return false
		}
	}
	for ; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
