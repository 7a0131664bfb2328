package attrurl

import (
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
)

// CSSURL is a URL found in CSS text.
type CSSURL struct {
	Value string // with CSS escapes decoded
	Span         // the URL as written: inside the quotes of a string, or the unquoted url() contents
	Quote byte   // '"' or '\'' for a string, 0 for an unquoted url()
}

// CSS yields the URLs of a style sheet or a style attribute (CSS
// Syntax Level 3 §4): url() tokens (quoted or not), url() and src()
// functions with a string argument, the string of an @import rule, and the
// strings of image-set() (CSS Images Level 4 §2.2). Comments and other
// strings are skipped.
func CSS(s string) iter.Seq[CSSURL] {
	return func(yield func(CSSURL) bool) {
		var ctx cssContext
		for i := 0; i < len(s); {
			c := s[i]
			switch {
			case c == '/' && strings.HasPrefix(s[i:], "/*"):
				end := strings.Index(s[i+2:], "*/")
				if end < 0 {
					return
				}
				i += end + 4
			case c == '"' || c == '\'':
				val, valEnd, end := cssString(s, i)
				if (ctx.importRule || ctx.imageSet == 1) && !yield(CSSURL{val, Span{i + 1, valEnd}, c}) {
					return
				}
				ctx.importRule = false
				i = end
			case c == '@':
				i = ctx.atKeyword(s, i)
			case c == '(' || c == ')':
				ctx.paren(c)
				i++
			case c == '\\':
				i += 2
			case isNameByte(c) || c == '-':
				u, end, ok := ctx.ident(s, i)
				if ok && !yield(u) {
					return
				}
				i = end
			case c == ';' || c == '{' || c == '}':
				ctx.importRule = false
				i++
			default:
				i++
			}
		}
	}
}

// cssContext is what CSS knows of where it is: whether a string
// there is the URL of an @import rule or of an image-set() candidate.
type cssContext struct {
	imageSet   int  // parenthesis depth inside image-set(), 0 outside
	importRule bool // after @import, until its first string, url() or the rule's end
}

// atKeyword reads the at-keyword at s[i] == '@' and returns its end.
func (ctx *cssContext) atKeyword(s string, i int) int {
	j := i + 1
	for j < len(s) && isNameByte(s[j]) {
		j++
	}
	ctx.importRule = strings.EqualFold(s[i+1:j], "import")
	return j
}

// paren follows the parenthesis c inside image-set().
func (ctx *cssContext) paren(c byte) {
	switch {
	case ctx.imageSet == 0:
	case c == '(':
		ctx.imageSet++
	default:
		ctx.imageSet--
	}
}

// ident reads the name at s[i] and, when it opens url() or src(), the URL
// in it (ok); an image-set() starts its candidates. It returns where
// reading goes on: after the url() read, inside an image-set(), or else at
// the end of the name, so that a '(' there is counted.
func (ctx *cssContext) ident(s string, i int) (u CSSURL, end int, ok bool) {
	j := i
	for j < len(s) && (isNameByte(s[j]) || s[j] == '-' || s[j] == '\\' && j+1 < len(s)) {
		if s[j] == '\\' {
			j++
		}
		j++
	}
	name := s[i:j]
	if j >= len(s) || s[j] != '(' {
		return CSSURL{}, j, false
	}
	switch {
	case strings.EqualFold(name, "url"), strings.EqualFold(name, "src"):
		ctx.importRule = false
		if u, end, ok = cssURLFunction(s, j+1); ok {
			return u, end, true
		}
	case strings.EqualFold(name, "image-set"), strings.EqualFold(name, "-webkit-image-set"):
		ctx.imageSet = 1
		return CSSURL{}, j + 1, false
	}
	return CSSURL{}, j, false
}

func isNameByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c >= 0x80
}

// cssURLFunction reads the argument of url( or src( from i, after the
// parenthesis (CSS Syntax §4.3.6 "consume a url token"). It returns the
// URL and the position after the closing parenthesis.
func cssURLFunction(s string, i int) (CSSURL, int, bool) {
	i = ascii.SkipSpace(s, i)
	if i < len(s) && (s[i] == '"' || s[i] == '\'') {
		q := s[i]
		val, valEnd, end := cssString(s, i)
		u := CSSURL{val, Span{i + 1, valEnd}, q}
		j := ascii.SkipSpace(s, end)
		if j < len(s) && s[j] == ')' {
			j++
		}
		return u, j, true
	}
	start := i
	var v unescaped
	for i < len(s) {
		c := s[i]
		switch {
		case c == ')':
			return CSSURL{v.value(s, start, i), Span{start, i}, 0}, i + 1, true
		case ascii.IsSpace(c):
			end := i
			i = ascii.SkipSpace(s, i)
			if i >= len(s) || s[i] == ')' {
				return CSSURL{v.value(s, start, end), Span{start, end}, 0}, min(i+1, len(s)), true
			}
			return CSSURL{}, i, false // a bad url token
		case c == '"' || c == '\'' || c == '(' || c < 0x20 && c != '\t' || c == 0x7f:
			return CSSURL{}, i, false
		case c == '\\':
			r, n := cssEscape(s, i)
			if n == 0 {
				return CSSURL{}, i, false
			}
			v.escape(s, start, i, n, r)
			i += n
		default:
			i++
		}
	}
	return CSSURL{v.value(s, start, i), Span{start, i}, 0}, i, true
}

// unescaped builds the value of a CSS token from its text s[start:], with
// its escapes decoded; until the first escape, the text itself serves.
type unescaped struct {
	sb   strings.Builder
	from int // s[from:] is not in sb yet
	esc  bool
}

// escape replaces the n bytes at s[i:] with the code point r, or with
// nothing if r < 0.
func (u *unescaped) escape(s string, start, i, n int, r rune) {
	if !u.esc {
		u.esc, u.from = true, start
	}
	u.sb.WriteString(s[u.from:i])
	if r >= 0 {
		u.sb.WriteRune(r)
	}
	u.from = i + n
}

// value returns the value of the token text s[start:end].
func (u *unescaped) value(s string, start, end int) string {
	if !u.esc {
		return s[start:end]
	}
	u.sb.WriteString(s[u.from:end])
	return u.sb.String()
}

// cssString reads the string token starting with the quote at s[i]
// (CSS Syntax §4.3.5) and returns its value, the end of its contents and
// the position after it.
func cssString(s string, i int) (string, int, int) {
	q := s[i]
	i++
	start := i
	var v unescaped
	for i < len(s) {
		c := s[i]
		switch {
		case c == q:
			return v.value(s, start, i), i, i + 1
		case c == '\n':
			return v.value(s, start, i), i, i // a bad string: the newline is not part of it
		case c == '\\':
			if i+1 < len(s) && s[i+1] == '\n' {
				v.escape(s, start, i, 2, -1) // a line continuation
				i += 2
				continue
			}
			r, n := cssEscape(s, i)
			if n == 0 { // a backslash at the end
				v.escape(s, start, i, 1, -1)
				i++
				continue
			}
			v.escape(s, start, i, n, r)
			i += n
		default:
			i++
		}
	}
	return v.value(s, start, i), i, i
}

// cssEscape decodes the escape at s[i] == '\\' (CSS Syntax §4.3.7) and
// returns the code point and the escape's length, 0 if there is none.
func cssEscape(s string, i int) (rune, int) {
	j := i + 1
	if j >= len(s) || s[j] == '\n' {
		return 0, 0
	}
	h := j
	for h < len(s) && h-j < 6 && ascii.IsHex(s[h]) {
		h++
	}
	if h == j {
		r, n := utf8.DecodeRuneInString(s[j:])
		return r, 1 + n
	}
	v, _ := strconv.ParseUint(s[j:h], 16, 32)
	r := rune(v)
	if r == 0 || r > utf8.MaxRune || 0xD800 <= r && r <= 0xDFFF {
		r = utf8.RuneError
	}
	if h < len(s) && ascii.IsSpace(s[h]) {
		h++
	}
	return r, h - i
}

// EscapeCSS writes u for CSS in place of a URL of the given quoting:
// inside a string, the quote, backslash and line breaks are escaped; in
// an unquoted url(), also whitespace, quotes and parentheses (CSS Syntax
// §4.3.6). '<' is escaped too, so that no "</style" can appear.
func EscapeCSS(u string, quote byte) string {
	var sb strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		esc := c == '\\' || c == '<' || c < 0x20 || c == 0x7f || c == quote && quote != 0
		if quote == 0 {
			esc = esc || c == ' ' || c == '"' || c == '\'' || c == '(' || c == ')'
		}
		if !esc {
			sb.WriteByte(c)
			continue
		}
		sb.WriteByte('\\')
		sb.WriteString(strconv.FormatUint(uint64(c), 16))
		sb.WriteByte(' ')
	}
	return sb.String()
}
