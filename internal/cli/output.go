package cli

import (
	"errors"
	"io/fs"
	"strconv"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
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
		return new(jsonFormat)
	case formatTSV:
		return tsvFormat{}
	case formatCSV:
		return new(csvFormat)
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
		b.WriteString(paint(colorPath, format.Text(l.File)))
		b.WriteByte(':')
	}
	if f.lines {
		b.WriteString(paint(colorLine, strconv.Itoa(l.Line)))
		b.WriteByte(':')
		b.WriteString(strconv.Itoa(l.Column))
		b.WriteByte(':')
	}
	b.WriteString(paint(colorMatch, format.Text(l.URI)))
	if f.warnings && len(l.Warnings) > 0 {
		b.WriteString("\twarning: ")
		b.WriteString(format.Text(strings.Join(l.Warnings, "; ")))
	}
	if f.context && l.Text != "" {
		b.WriteString("\n    ")
		b.WriteString(format.Text(l.Text))
	}
	return b.String(), nil
}

// tsvFormat is format.TSV.
type tsvFormat struct{ format.TSV }

func (f tsvFormat) header() string { return f.Header() }

func (f tsvFormat) format(l extract.Link) (string, error) { return f.Encode(l), nil }

// csvFormat is format.CSV.
type csvFormat struct{ format.CSV }

func (f *csvFormat) header() string { return f.Header() }

func (f *csvFormat) format(l extract.Link) (string, error) { return f.Encode(l) }

// countRow is -c's record with --format tsv or csv: the input's name and
// its count, as two fields of that format (its header row is
// countRow(f, "file", "count")).
func countRow(f outFormat, name, count string) string {
	if f == formatCSV {
		return format.CountCSV(name, count)
	}
	return format.CountTSV(name, count)
}

// jsonFormat is JSON Lines: one object per link.
type jsonFormat struct{ enc format.JSON }

func (*jsonFormat) header() string { return "" }

func (f *jsonFormat) format(l extract.Link) (string, error) {
	b, err := f.enc.Encode(l)
	return string(b), err
}

// fileMessage is "NAME: MESSAGE" about a problem with one input, both
// escaped for the terminal. The path of an *fs.PathError is dropped: the
// name says it.
func fileMessage(name string, err error) string {
	return format.Text(name) + ": " + format.Text(unwrapPath(err).Error())
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
