// Package ascii holds the byte tests on ASCII text that uri, base, extract
// and the command share.
package ascii

import "unicode/utf8"

// Valid reports whether s holds only ASCII (7-bit) bytes.
func Valid(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}
