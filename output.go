package main

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"unicode/utf8"
)

// fileMessage is "NAME: MESSAGE" about a problem with one input, both
// escaped for the terminal. The path of an *fs.PathError is dropped: the
// name says it.
func fileMessage(name string, err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	return escapeText(name, false) + ": " + escapeText(err.Error(), false)
}

// escapeText makes s safe to print on a terminal and in line-oriented
// output: C0 and C1 control characters, DEL, invalid UTF-8 and the
// Unicode bidirectional formatting characters (which can make a link
// display as another) are written as Go-style escapes. With tsv, the
// backslash is escaped too, so that "\t" and "\n" in a field are never
// ambiguous.
func escapeText(s string, tsv bool) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f && !(tsv && c == '\\') {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if c >= utf8.RuneSelf && r != utf8.RuneError && !unsafeRune(r) {
			i += n
			continue
		}
		break
	}
	if i == len(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		c := s[i]
		switch {
		case c == '\t':
			b.WriteString(`\t`)
		case c == '\n':
			b.WriteString(`\n`)
		case c == '\r':
			b.WriteString(`\r`)
		case c == '\\' && tsv:
			b.WriteString(`\\`)
		case c < 0x20 || c == 0x7f:
			b.WriteString(`\x`)
			b.WriteString(hex2(c))
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				b.WriteString(`\x`)
				b.WriteString(hex2(c))
			case unsafeRune(r):
				fmt.Fprintf(&b, `\u%04x`, r)
			default:
				b.WriteString(s[i : i+n])
			}
			i += n
			continue
		}
		i++
	}
	return b.String()
}

// tsvField is s as a TSV field: escaped by escapeText, and with a single
// quote in front when it starts with '=', '+', '-' or '@', which a
// spreadsheet would take for a formula (OWASP's rule against CSV
// injection), or with a quote itself, so that a reader gets the value
// back by dropping one leading quote.
func tsvField(s string) string {
	s = escapeText(s, true)
	if s != "" && strings.IndexByte("=+-@'", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// escapeJSON writes DEL and the runes unsafeRune reports as \uXXXX
// escapes in b, JSON that encoding/json wrote (which escapes the other
// controls, but of these only U+2028 and U+2029). They can only be inside
// strings, where the escape means the same.
func escapeJSON(b []byte) []byte {
	i := 0
	for i < len(b) {
		if b[i] == 0x7f {
			break
		}
		if b[i] < utf8.RuneSelf {
			i++
			continue
		}
		r, n := utf8.DecodeRune(b[i:])
		if unsafeRune(r) {
			break
		}
		i += n
	}
	if i == len(b) {
		return b
	}
	out := append(make([]byte, 0, len(b)+12), b[:i]...)
	for _, r := range string(b[i:]) {
		if r == 0x7f || unsafeRune(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// unsafeRune reports the non-ASCII runes escapeText escapes: C1 controls,
// bidi embeddings, overrides and isolates, and the line and paragraph
// separators.
func unsafeRune(r rune) bool {
	return r >= 0x80 && r <= 0x9f ||
		r >= 0x202a && r <= 0x202e ||
		r >= 0x2066 && r <= 0x2069 ||
		r == 0x200e || r == 0x200f || r == 0x061c ||
		r == 0x2028 || r == 0x2029
}

func hex2(c byte) string {
	const digits = "0123456789abcdef"
	return string([]byte{digits[c>>4], digits[c&15]})
}
