package cli

import (
	"encoding/csv"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
)

// SGR sequences of ripgrep's default colours: the path magenta, the line
// number green, the match (here the URI) bold red; the column has none.
const (
	colorPath  = "\x1b[35m"
	colorLine  = "\x1b[32m"
	colorMatch = "\x1b[1;31m"
	colorReset = "\x1b[0m"
)

// paint wraps s in the colour sgr when the output is coloured.
func (s *scanner) paint(sgr, text string) string {
	if !s.colored || text == "" {
		return text
	}
	return sgr + text + colorReset
}

// newLinkFormatter returns the formatter of s's format, for one goroutine.
func (s *scanner) newLinkFormatter() linkFormatter {
	f := newLinkFormatter(s.format, s.names, s.lineNumber, s.warnings)
	if p, ok := f.(plainFormat); ok {
		if s.colored {
			p.paint = s.paint
		}
		p.context = s.context
		f = p
	}
	if s.iri && s.format == formatPlain {
		f = iriFormat{f}
	}
	return f
}

// csvFormat is RFC 4180 CSV (encoding/csv) under a header row, with the
// fields of the TSV format, escaped for the terminal and guarded against
// formulas as TSV's are (see format.Field), except that CSV quotes what needs
// it rather than escaping tabs and backslashes.
type csvFormat struct {
	w   *csv.Writer
	buf strings.Builder
}

func newCSVFormat() *csvFormat {
	f := new(csvFormat)
	f.w = csv.NewWriter(&f.buf)
	return f
}

func (f *csvFormat) header() string {
	rec, _ := f.row(tsvHeader)
	return rec
}

func (f *csvFormat) format(l extract.Link) (string, error) {
	fields := tsvFields(l)
	for i, v := range fields {
		fields[i] = format.Guard(format.Text(v))
	}
	return f.row(fields)
}

// row is fields as one CSV record, without its line end.
func (f *csvFormat) row(fields []string) (string, error) {
	f.buf.Reset()
	if err := f.w.Write(fields); err != nil {
		return "", err
	}
	f.w.Flush()
	return strings.TrimSuffix(f.buf.String(), "\n"), f.w.Error()
}

// countJSON is -c's record with --json: {"file":NAME,"count":N}, with
// "file_bytes" for a name that is not UTF-8, as a link's.
func countJSON(name string, n int) string {
	v := struct {
		File      string `json:"file"`
		FileBytes []byte `json:"file_bytes,omitempty"`
		Count     int    `json:"count"`
	}{File: name, Count: n}
	if !utf8.ValidString(name) {
		v.FileBytes = []byte(name)
	}
	b, _ := json.Marshal(v) // cannot fail on these types
	return string(format.EscapeJSON(b))
}

// countRow is -c's record with --format tsv or csv: the input's name and
// its count, as two fields of that format (its header row is
// countRow(f, "file", "count")).
func countRow(f outFormat, name, count string) string {
	if f == formatCSV {
		rec, _ := newCSVFormat().row([]string{format.Guard(format.Text(name)), count})
		return rec
	}
	return format.Field(name) + "\t" + count
}
