package ascii

import (
	"encoding/binary"
	"unicode/utf8"
)

// Prefix returns the length of the ASCII prefix of text: the offset of
// its first 8-bit byte, or len(text). It reads 32 bytes at a time, then 8.
// The loops advance a slice, as utf8.Valid does, and stop short of its
// end (">", not ">="): they then compile without bounds checks or the
// fix-up of a pointer past the end, about half the instructions of
// loops over an index.
func Prefix(text []byte) int {
	const highs = 0x8080808080808080
	b := text[:len(text):len(text)]
	le := binary.LittleEndian
	for len(b) > 32 && (le.Uint64(b)|le.Uint64(b[8:])|le.Uint64(b[16:])|le.Uint64(b[24:]))&highs == 0 {
		b = b[32:]
	}
	for len(b) > 8 && le.Uint64(b)&highs == 0 {
		b = b[8:]
	}
	for len(b) > 0 && b[0] < utf8.RuneSelf {
		b = b[1:]
	}
	return len(text) - len(b)
}
