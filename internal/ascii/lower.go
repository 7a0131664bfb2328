package ascii

// Lower returns b as a string with ASCII letters lowered, as the HTML
// tokenizer lowers tag and attribute names; other bytes stay, so that
// an offset in the result is one in b (strings.ToLower does not keep
// them for invalid UTF-8 or letters such as U+212A KELVIN SIGN).
func Lower(b []byte) string {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			l := []byte(string(b))
			for j := i; j < len(l); j++ {
				if 'A' <= l[j] && l[j] <= 'Z' {
					l[j] += 'a' - 'A'
				}
			}
			return string(l)
		}
	}
	return string(b)
}

// EqualLower reports whether b, with ASCII letters lowered, is s.
func EqualLower(b []byte, s string) bool {
	if len(b) != len(s) {
		return false
	}
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != s[i] {
			return false
		}
	}
	return true
}
