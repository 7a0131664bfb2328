package ascii

// UpperHex holds the hex digits, upper case as percent-encodings are
// written (RFC 3986 §2.1): UpperHex[c>>4], UpperHex[c&15].
const UpperHex = "0123456789ABCDEF"

// HexValue returns the value of the hex digit c, either case, or -1 when
// c is none.
func HexValue(c byte) int {
	switch {
	case '0' <= c && c <= '9':
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c - 'a' + 10)
	case 'A' <= c && c <= 'F':
		return int(c - 'A' + 10)
	}
	return -1
}

// IsHex reports whether c is a hex digit, either case.
func IsHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}
