package ascii

// IsSpace reports ASCII whitespace: HTML's (Infra §4.6), the HTML
// tokenizer's (§13.2.5) and CSS's (CSS Syntax §4.2) are the same five
// bytes: space, tab, LF, FF, CR.
func IsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}

// SkipSpace returns the position of the first byte of s from i on that
// is not ASCII whitespace, or len(s).
func SkipSpace[T ~string | ~[]byte](s T, i int) int {
	for i < len(s) && IsSpace(s[i]) {
		i++
	}
	return i
}
