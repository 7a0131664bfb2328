package format

import (
	"encoding/csv"
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/extract"
)

// tableHeader names the fields of a TSV or CSV record, in order.
var tableHeader = []string{"file", "line", "column", "message", "part", "style", "context", "tag", "attr", "header", "base_source", "uri", "ref", "warnings"}

// tableFields are the fields of l that TSV and CSV give, as tableHeader
// names them, raw.
func tableFields(l extract.Link) []string {
	msg := ""
	if l.Message > 0 {
		msg = strconv.Itoa(l.Message)
	}
	return []string{l.File, strconv.Itoa(l.Line), strconv.Itoa(l.Column), msg, l.Part,
		string(l.Style), string(l.Context), l.Tag, l.Attr, l.Header, l.BaseSource.String(), l.URI, l.Ref,
		strings.Join(l.Warnings, "; ")}
}

// TSV writes links as lines of tab-separated fields, as urix --format tsv
// does: each field as Field writes it, under a header line with the
// fields' names.
type TSV struct{}

// Header returns the header line, without its newline.
func (TSV) Header() string { return strings.Join(tableHeader, "\t") }

// Encode returns l as one line, without its newline.
func (TSV) Encode(l extract.Link) string {
	fields := tableFields(l)
	for i, f := range fields {
		fields[i] = Field(f)
	}
	return strings.Join(fields, "\t")
}

// CSV writes links as RFC 4180 records (encoding/csv), as urix --format
// csv does: the fields of TSV, escaped by Text and guarded by Guard, but
// quoted as CSV needs rather than with tabs and backslashes escaped,
// under a header row. Its zero value is ready to use; it is not safe for
// concurrent use.
type CSV struct {
	w   *csv.Writer // to buf
	buf strings.Builder
}

// Header returns the header row, without its line end.
func (f *CSV) Header() string {
	rec, _ := f.row(tableHeader)
	return rec
}

// Encode returns l as one record, without its line end.
func (f *CSV) Encode(l extract.Link) (string, error) {
	fields := tableFields(l)
	for i, v := range fields {
		fields[i] = Guard(Text(v))
	}
	return f.row(fields)
}

// row is fields as one CSV record, without its line end.
func (f *CSV) row(fields []string) (string, error) {
	if f.w == nil {
		f.w = csv.NewWriter(&f.buf)
	}
	f.buf.Reset()
	if err := f.w.Write(fields); err != nil {
		return "", err
	}
	f.w.Flush()
	return strings.TrimSuffix(f.buf.String(), "\n"), f.w.Error()
}

// CountJSON is the record of urix -c with --json: {"file":NAME,"count":N},
// with "file_bytes" for a name that is not UTF-8, as JSON writes a link's.
func CountJSON(name string, n int) string {
	v := struct {
		File      string `json:"file"`
		FileBytes []byte `json:"file_bytes,omitempty"`
		Count     int    `json:"count"`
	}{File: name, Count: n}
	if !utf8.ValidString(name) {
		v.FileBytes = []byte(name)
	}
	b, _ := json.Marshal(v) // cannot fail on these types
	return string(EscapeJSON(b))
}

// CountTSV is the record of urix -c with --format tsv: the input's name
// as Field writes it, a tab and count; its header is
// CountTSV("file", "count").
func CountTSV(name, count string) string { return Field(name) + "\t" + count }

// CountCSV is the record of urix -c with --format csv: the input's name
// as CSV writes a field, a comma and count; its header is
// CountCSV("file", "count").
func CountCSV(name, count string) string {
	rec, _ := new(CSV).row([]string{Guard(Text(name)), count})
	return rec
}
