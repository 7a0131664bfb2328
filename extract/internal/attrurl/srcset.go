package attrurl

import (
	"iter"
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// Span is a byte range [Start, End) in a decoded value.
type Span struct{ Start, End int }

// Candidate is an image candidate URL of a srcset.
type Candidate struct {
	Span
	Valid bool // its descriptors parse; a browser ignores the candidate otherwise
}

// Srcset yields the image candidate URLs of a srcset value, as the
// HTML Living Standard §4.8.4.3.10 "parse a srcset attribute" reads them:
// candidates split at commas outside parentheses, trailing commas removed
// from a URL. A candidate whose descriptors do not parse (two widths, a
// width and a density, "100px", ...) is still yielded, marked, since the
// URL is in the page whether or not a browser would fetch it.
func Srcset(s string) iter.Seq[Candidate] {
	return func(yield func(Candidate) bool) {
		i := 0
		for {
			for i < len(s) && (ascii.IsSpace(s[i]) || s[i] == ',') {
				i++
			}
			if i >= len(s) {
				return
			}
			start := i
			for i < len(s) && !ascii.IsSpace(s[i]) {
				i++
			}
			end := i
			var d descriptors
			if s[end-1] == ',' {
				for end > start && s[end-1] == ',' {
					end--
				}
			} else {
				i = d.read(s, i)
			}
			if end > start && !yield(Candidate{Span{start, end}, d.valid()}) {
				return
			}
		}
	}
}

// descriptors checks the descriptors of a candidate one by one, as the
// descriptor parser does: at most one of a width ("100w", a positive
// integer) or a density ("1.5x", a non-negative number), a height
// ("200h") only with a width, nothing else.
type descriptors struct{ w, x, h, bad bool }

// read runs the descriptor tokenizer from i, checking each descriptor,
// and returns the position after the candidate's comma.
func (d *descriptors) read(s string, i int) int {
	i = ascii.SkipSpace(s, i)
	cur := -1 // start of the current descriptor, -1 when there is none
	parens := false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case parens:
			if c == ')' {
				parens = false
			}
		case ascii.IsSpace(c):
			if cur >= 0 {
				d.check(s[cur:i])
				cur = -1
			}
		case c == ',':
			if cur >= 0 {
				d.check(s[cur:i])
			}
			return i + 1
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
		d.check(s[cur:])
	}
	return i
}

// check takes the descriptor desc into account.
func (d *descriptors) check(desc string) {
	if d.bad || len(desc) < 2 {
		d.bad = true
		return
	}
	num := desc[:len(desc)-1]
	switch desc[len(desc)-1] {
	case 'w':
		d.bad = d.w || d.x || !isPositiveInt(num)
		d.w = true
	case 'x':
		d.bad = d.w || d.x || d.h || !isFloat(num)
		d.x = true
	case 'h':
		d.bad = d.h || d.x || !isPositiveInt(num)
		d.h = true
	default:
		d.bad = true
	}
}

// valid reports whether the descriptors parse.
func (d *descriptors) valid() bool { return !d.bad && (!d.h || d.w) }

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
