package ascii

import (
	"encoding/binary"
	"unicode/utf8"
)

// Prefix returns the length of the ASCII prefix of text: the offset of
// its first 8-bit byte, or len(text). It reads 32 bytes at a time, then 8. (The 32 bytes are a
// slice of their own, so that their 4 reads need no bounds check.)
func Prefix(text []byte) int {
	const highs = 0x8080808080808080
	i := 0
	for ; i+32 <= len(text); i += 32 {
		le, b := binary.LittleEndian, text[i:i+32]
		if (le.Uint64(b)|le.Uint64(b[8:])|le.Uint64(b[16:])|le.Uint64(b[24:]))&highs != 0 {
			break
		}
	}
	for ; i+8 <= len(text); i += 8 {
		if binary.LittleEndian.Uint64(text[i:])&highs != 0 {
			break
		}
	}
	for i < len(text) && text[i] < utf8.RuneSelf {
		i++
	}
	return i
}
