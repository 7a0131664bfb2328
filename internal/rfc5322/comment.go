// Package rfc5322 holds the pieces of Internet Message Format syntax
// (RFC 5322) that base and extract both read.
package rfc5322

// CommentEnd returns the length of the comment that opens v, up to and
// including the ")" that closes it, or -1 if it is not closed. Comments
// nest and "\" quotes the byte after it (RFC 5322 §3.2.2).
func CommentEnd[T string | []byte](v T) int {
	depth := 0
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '\\':
			i++
		case '(':
			depth++
		case ')':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return -1
}
