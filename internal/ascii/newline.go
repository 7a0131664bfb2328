package ascii

import "encoding/binary"

// LastNewline returns the index of the last '\n' in b, or -1. It reads
// eight bytes at a time where bytes.LastIndexByte reads one (amd64): the
// line counters of delimit and extract read back over lines of HTML and
// mail that may be long.
func LastNewline(b []byte) int {
	const ones, highs, nl = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	i := len(b)
	for ; i >= 8; i -= 8 {
		// A zero byte of x is a '\n' of the word (Hacker's Delight 6-1).
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ nl
		if (x-ones)&^x&highs != 0 {
			break
		}
	}
	for i--; i >= 0 && b[i] != '\n'; i-- {
	}
	return i
}
