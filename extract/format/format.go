// Package format writes the links of package extract as urix prints them,
// for the command and for other programs that must print the same bytes
// (the Beam pipeline): text escaped for a terminal, TSV and CSV fields
// guarded against spreadsheet formulas, and one JSON object per link.
package format

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/extract"
)

// Text is s safe to print on a terminal and in line-oriented output: C0
// and C1 control characters, DEL, invalid UTF-8 and the Unicode
// bidirectional formatting characters (which can make a link display as
// another) are written as Go-style escapes.
func Text(s string) string { return escape(s, false) }

// JSON writes links as JSON objects, one a line, as urix --json does:
// <, > and & as they are, the runes Text escapes as \uXXXX, and the bytes
// of a file name that is not UTF-8 in file_bytes. Its zero value is ready
// to use; it is not safe for concurrent use.
type JSON struct {
	enc *json.Encoder // to buf
	buf bytes.Buffer  // one link as JSON
}

// jsonLink is a link as JSON writes it: the input name's bytes are
// added, in base64, when they are not UTF-8, which a JSON string cannot
// hold (ripgrep's --json has "bytes" for such names).
type jsonLink struct {
	extract.Link
	FileBytes []byte `json:"file_bytes,omitempty"`
}

// Encode returns l as one JSON object, without a newline; the slice is
// valid until the next call.
func (f *JSON) Encode(l extract.Link) ([]byte, error) {
	if f.enc == nil {
		f.enc = json.NewEncoder(&f.buf)
		f.enc.SetEscapeHTML(false)
	}
	f.buf.Reset()
	jl := jsonLink{Link: l}
	if !utf8.ValidString(l.File) {
		jl.FileBytes = []byte(l.File)
	}
	if err := f.enc.Encode(jl); err != nil {
		return nil, err
	}
	return EscapeJSON(bytes.TrimSuffix(f.buf.Bytes(), []byte("\n"))), nil
}

// escape is Text; with tsv, the backslash is escaped too, so that "\t"
// and "\n" in a field are never ambiguous.
func escape(s string, tsv bool) string {
	i := 0
	for i < len(s) {
		c := s[i]
		if c >= 0x20 && c < 0x7f && !(tsv && c == '\\') {
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(s[i:])
		if c >= utf8.RuneSelf && r != utf8.RuneError && !Unsafe(r) {
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
			writeByteEscape(&b, c)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				writeByteEscape(&b, c)
			case Unsafe(r):
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

// Field is s as a TSV field: escaped as Text does, backslashes too, and with a single
// quote in front when it starts with '=', '+', '-' or '@', which a
// spreadsheet would take for a formula (OWASP's rule against CSV
// injection), or with a quote itself, so that a reader gets the value
// back by dropping one leading quote. A lone "-", standard input's name,
// is kept: spreadsheets read it as text, and scripts expect it.
func Field(s string) string { return Guard(escape(s, true)) }

// Guard puts a quote in front of s when a spreadsheet would take it for a
// formula (see Field); CSV fields, quoted as CSV has them, take this alone.
func Guard(s string) string {
	if s != "" && s != "-" && strings.IndexByte("=+-@'", s[0]) >= 0 {
		return "'" + s
	}
	return s
}

// EscapeJSON writes DEL and the runes Unsafe reports as \uXXXX
// escapes in b, JSON that encoding/json wrote (which escapes the other
// controls, but of these only U+2028 and U+2029). They can only be inside
// strings, where the escape means the same.
func EscapeJSON(b []byte) []byte {
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
		if Unsafe(r) {
			break
		}
		i += n
	}
	if i == len(b) {
		return b
	}
	out := append(make([]byte, 0, len(b)+12), b[:i]...)
	for _, r := range string(b[i:]) {
		if r == 0x7f || Unsafe(r) {
			out = fmt.Appendf(out, `\u%04x`, r)
		} else {
			out = utf8.AppendRune(out, r)
		}
	}
	return out
}

// Unsafe reports the non-ASCII runes Text escapes: C1 controls,
// bidi embeddings, overrides and isolates, and the line and paragraph
// separators.
func Unsafe(r rune) bool {
	return r >= 0x80 && r <= 0x9f ||
		r >= 0x202a && r <= 0x202e ||
		r >= 0x2066 && r <= 0x2069 ||
		r == 0x200e || r == 0x200f || r == 0x061c ||
		r == 0x2028 || r == 0x2029
}

// writeByteEscape writes c to b as \xHH, without the string a
// formatting call would allocate.
func writeByteEscape(b *strings.Builder, c byte) {
	const digits = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(digits[c>>4])
	b.WriteByte(digits[c&15])
}
