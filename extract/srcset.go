package extract

import "strings"

// span is a byte range [start, end) in a decoded value.
type span struct{ start, end int }

// srcsetURL is an image candidate URL of a srcset.
type srcsetURL struct {
	span
	valid bool // its descriptors parse; a browser ignores the candidate otherwise
}

// srcsetURLs returns the image candidate URLs of a srcset value, as the
// HTML Living Standard §4.8.4.3.10 "parse a srcset attribute" reads them:
// candidates split at commas outside parentheses, trailing commas removed
// from a URL. A candidate whose descriptors do not parse (two widths, a
// width and a density, "100px", ...) is still returned, marked, since the
// URL is in the page whether or not a browser would fetch it.
func srcsetURLs(s string) []srcsetURL {
	var urls []srcsetURL
	i := 0
	for {
		for i < len(s) && (isASCIISpace(s[i]) || s[i] == ',') {
			i++
		}
		if i >= len(s) {
			return urls
		}
		start := i
		for i < len(s) && !isASCIISpace(s[i]) {
			i++
		}
		end := i
		var descs []string
		if s[end-1] == ',' {
			for end > start && s[end-1] == ',' {
				end--
			}
		} else {
			descs, i = srcsetDescriptors(s, i)
		}
		if end > start {
			urls = append(urls, srcsetURL{span{start, end}, validDescriptors(descs)})
		}
	}
}

// srcsetDescriptors runs the descriptor tokenizer from i, returning the
// descriptors and the position after the candidate's comma.
func srcsetDescriptors(s string, i int) ([]string, int) {
	var descs []string
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	cur := -1 // start of the current descriptor, -1 when there is none
	parens := false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case parens:
			if c == ')' {
				parens = false
			}
		case isASCIISpace(c):
			if cur >= 0 {
				descs = append(descs, s[cur:i])
				cur = -1
			}
		case c == ',':
			if cur >= 0 {
				descs = append(descs, s[cur:i])
			}
			return descs, i + 1
		default:
			if cur < 0 {
				cur = i
			}
			if c == '(' {
				parens = true
			}
		}
	}
	if cur >= 0 {
		descs = append(descs, s[cur:])
	}
	return descs, i
}

// validDescriptors applies the descriptor parser's checks: at most one of
// a width ("100w", a positive integer) or a density ("1.5x", a
// non-negative number), a height ("200h") only with a width, nothing else.
func validDescriptors(descs []string) bool {
	var w, x, h bool
	for _, d := range descs {
		if len(d) < 2 {
			return false
		}
		num := d[:len(d)-1]
		switch d[len(d)-1] {
		case 'w':
			if w || x || !isPositiveInt(num) {
				return false
			}
			w = true
		case 'x':
			if w || x || h || !isFloat(num) {
				return false
			}
			x = true
		case 'h':
			if h || x || !isPositiveInt(num) {
				return false
			}
			h = true
		default:
			return false
		}
	}
	return !h || w
}

func isPositiveInt(s string) bool {
	if s == "" || strings.Trim(s, "0123456789") != "" {
		return false
	}
	return strings.Trim(s, "0") != ""
}

// isFloat reports whether s is a valid floating-point number (HTML §2.3.4.3)
// that is not negative.
func isFloat(s string) bool {
	i := 0
	digits := func() int {
		j := i
		for i < len(s) && '0' <= s[i] && s[i] <= '9' {
			i++
		}
		return i - j
	}
	n := digits()
	if i < len(s) && s[i] == '.' {
		i++
		if digits() == 0 {
			return false
		}
	} else if n == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		if digits() == 0 {
			return false
		}
	}
	return i == len(s)
}

// isASCIISpace reports ASCII whitespace (HTML's, Infra §4.6).
func isASCIISpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\f' || c == '\r'
}
