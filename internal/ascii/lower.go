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

// EqualFold reports whether a and b are equal under ASCII case folding,
// which is what scheme names (RFC 3986 §3.1) and HTML's keywords and link
// types ask; strings.EqualFold folds Unicode too ("K", U+212A, is "k").
func EqualFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range len(a) {
		x, y := a[i], b[i]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
