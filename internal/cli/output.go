package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/extract"
)

// outFormat is an output format of "urix scan" (--format).
type outFormat int

const (
	formatPlain outFormat = iota
	formatJSON
	formatTSV
	formatCSV
)

// formatNames are the names of the formats, in the order of their
// constants, as --format takes them.
var formatNames = []string{"plain", "json", "tsv", "csv"}

func (f outFormat) String() string { return formatNames[f] }

// tabular reports whether f is made of fields under a header row.
func (f outFormat) tabular() bool { return f == formatTSV || f == formatCSV }

// formatChoice is --format.
func formatChoice() choice { return choice{words: formatNames, value: formatPlain.String()} }

// linkFormatter writes links as the records of one output format of
// "urix scan".
type linkFormatter interface {
	// header is the record that comes before the links, "" for none.
	header() string
	// format is one link as a record, without its terminator.
	format(extract.Link) (string, error)
}

// newLinkFormatter returns the formatter of format; names, lines and
// warnings add to the plain format.
func newLinkFormatter(format outFormat, names, lines, warnings bool) linkFormatter {
	switch format {
	case formatJSON:
		f := new(jsonFormat)
		f.enc = json.NewEncoder(&f.buf)
		f.enc.SetEscapeHTML(false)
		return f
	case formatTSV:
		return tsvFormat{}
	case formatCSV:
		return newCSVFormat()
	}
	return plainFormat{names: names, lines: lines, warnings: warnings}
}

// plainFormat is [NAME:][LINE:COLUMN:]URI[\twarning: WARNINGS], escaped
// for the terminal; paint, when set, colours the parts (--color). With
// context, the link's Text follows on its own line, indented, as urlscan
// -c prints it.
type plainFormat struct {
	names, lines, warnings, context bool
	paint                           func(sgr, text string) string
}

func (plainFormat) header() string { return "" }

func (f plainFormat) format(l extract.Link) (string, error) {
	paint := f.paint
	if paint == nil {
		paint = func(_, text string) string { return text }
	}
	var b strings.Builder
	if f.names {
		b.WriteString(paint(colorPath, escapeText(l.File, false)))
		b.WriteByte(':')
	}
	if f.lines {
		b.WriteString(paint(colorLine, strconv.Itoa(l.Line)))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(l.Column))
		b.WriteByte(':')
	}
	b.WriteString(paint(colorMatch, escapeText(l.URI, false)))
	if f.warnings && len(l.Warnings) > 0 {
		b.WriteString("\twarning: ")
		b.WriteString(escapeText(strings.Join(l.Warnings, "; "), false))
	}
	if f.context && l.Text != "" {
		b.WriteString("\n    ")
		b.WriteString(escapeText(l.Text, false))
	}
	return b.String(), nil
}

// tsvFormat is one line of tab-separated fields per link, under a header
// line with the fields' names.
type tsvFormat struct{}

var tsvHeader = []string{"file", "line", "column", "message", "part", "style", "context", "tag", "attr", "header", "base_source", "uri", "ref", "warnings"}

func (tsvFormat) header() string { return strings.Join(tsvHeader, "\t") }

func (tsvFormat) format(l extract.Link) (string, error) {
	fields := tsvFields(l)
	for i, f := range fields {
		fields[i] = tsvField(f)
	}
	return strings.Join(fields, "\t"), nil
}

// tsvFields are the fields of l that TSV and CSV give, as tsvHeader names
// them, raw.
func tsvFields(l extract.Link) []string {
	msg := ""
	if l.Message > 0 {
		msg = strconv.Itoa(l.Message)
	}
	return []string{l.File, strconv.Itoa(l.Line), strconv.Itoa(l.Column), msg, l.Part,
		string(l.Style), string(l.Context), l.Tag, l.Attr, l.Header, l.BaseSource.String(), l.URI, l.Ref,
		strings.Join(l.Warnings, "; ")}
}

// jsonFormat is JSON Lines: one object per link.
type jsonFormat struct {
	enc *json.Encoder // to buf
	buf bytes.Buffer  // one link as JSON
}

// jsonLink is a link as --json prints it: the input name's bytes are
// added, in base64, when they are not UTF-8, which a JSON string cannot
// hold (ripgrep's --json has "bytes" for such names).
type jsonLink struct {
	extract.Link
	FileBytes []byte `json:"file_bytes,omitempty"`
}

func (*jsonFormat) header() string { return "" }

func (f *jsonFormat) format(l extract.Link) (string, error) {
	f.buf.Reset()
	jl := jsonLink{Link: l}
	if !utf8.ValidString(l.File) {
		jl.FileBytes = []byte(l.File)
	}
	if err := f.enc.Encode(jl); err != nil {
		return "", err
	}
	return string(escapeJSON(bytes.TrimSuffix(f.buf.Bytes(), []byte("\n")))), nil
}

// fileMessage is "NAME: MESSAGE" about a problem with one input, both
// escaped for the terminal. The path of an *fs.PathError is dropped: the
// name says it.
func fileMessage(name string, err error) string {
	return escapeText(name, false) + ": " + escapeText(unwrapPath(err).Error(), false)
}

// unwrapPath drops the path from an *fs.PathError, for a message that
// names the file itself.
func unwrapPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
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
			writeByteEscape(&b, c)
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, n := utf8.DecodeRuneInString(s[i:])
			switch {
			case r == utf8.RuneError && n == 1:
				writeByteEscape(&b, c)
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
// back by dropping one leading quote. A lone "-", standard input's name,
// is kept: spreadsheets read it as text, and scripts expect it.
func tsvField(s string) string { return formulaGuard(escapeText(s, true)) }

// formulaGuard puts a quote in front of s when a spreadsheet would take it
// for a formula (see tsvField).
func formulaGuard(s string) string {
	if s != "" && s != "-" && strings.IndexByte("=+-@'", s[0]) >= 0 {
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

// writeByteEscape writes c to b as \xHH, without the string a
// formatting call would allocate.
func writeByteEscape(b *strings.Builder, c byte) {
	const digits = "0123456789abcdef"
	b.WriteString(`\x`)
	b.WriteByte(digits[c>>4])
	b.WriteByte(digits[c&15])
}
