package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/parquet-go/parquet-go"
	"github.com/urix/urix/internal/ascii"
)

// FormatParquet is the suffix of the Parquet shards of --format=parquet;
// the sinks of other suffixes write lines.
const FormatParquet = ".parquet"

// linkRow is a link as a row of the Parquet output: the fields of the
// JSON line of the link that web-graph users read, by the same names (a
// row is decoded from the line), and nofollow. Columns absent from a
// link's JSON are null; those that repeat from link to link (a page's
// fields, the element, rel) are dictionary-encoded.
type linkRow struct {
	File       string `json:"file" parquet:"file,dict"`
	WARCTarget string `json:"warc_target" parquet:"warc_target,optional,dict"` // the source page, with file
	URI        string `json:"uri" parquet:"uri"`                               // resolved
	Ref        string `json:"ref" parquet:"ref"`                               // as written
	Text       string `json:"text" parquet:"text,optional"`                    // anchor text, alt
	Context    string `json:"context" parquet:"context,dict"`
	Tag        string `json:"tag" parquet:"tag,optional,dict"`
	Attr       string `json:"attr" parquet:"attr,optional,dict"`
	Rel        string `json:"rel" parquet:"rel,optional,dict"`
	// Nofollow: rel has the token nofollow (HTML Living Standard
	// §4.6.7.12), in any ASCII case.
	Nofollow   bool   `json:"-" parquet:"nofollow"`
	Base       string `json:"base" parquet:"base,optional,dict"`
	BaseSource string `json:"base_source" parquet:"base_source,optional,dict"`
	WARCRecord string `json:"warc_record" parquet:"warc_record,optional,dict"`
	WARCDate   string `json:"warc_date" parquet:"warc_date,optional,dict"` // as written (ISO 8601)
	// WARCOffset is the record's offset in the file (of its gzip member),
	// null outside WARC; JSON leaves out 0, a row has it.
	WARCOffset *int64 `json:"warc_offset" parquet:"warc_offset,optional"`
	Offset     int64  `json:"offset" parquet:"offset"` // of the reference in the file
}

// rowGroupRows bounds the rows of a row group: a writer holds a row
// group's pages in memory (compressed, about 15 MB at this size for the
// links of web pages) until it is flushed.
const rowGroupRows = 256 << 10

// parquetSink writes JSON lines of links (format.JSON's) as rows of a
// Parquet file, compressed with zstd.
type parquetSink struct {
	w   *parquet.GenericWriter[linkRow]
	out *bufio.Writer
	row [1]linkRow
}

// newParquetSink returns a sink writing a Parquet file to w; close writes
// its footer.
func newParquetSink(w io.Writer) *parquetSink {
	out := bufio.NewWriterSize(w, 1<<20)
	return &parquetSink{out: out, w: parquet.NewGenericWriter[linkRow](out,
		parquet.Compression(&parquet.Zstd), parquet.MaxRowsPerRowGroup(rowGroupRows),
		parquet.CreatedBy("urix-beam", "", ""))}
}

// add writes the link of the JSON line as a row.
func (s *parquetSink) add(line string) error {
	r := &s.row[0]
	*r = linkRow{}
	if err := json.Unmarshal([]byte(line), r); err != nil {
		return fmt.Errorf("parquet: a link's JSON: %w", err)
	}
	if r.WARCRecord != "" && r.WARCOffset == nil {
		r.WARCOffset = new(int64)
	}
	r.Nofollow = hasToken(r.Rel, "nofollow")
	_, err := s.w.Write(s.row[:])
	return err
}

// close writes the rows left and the footer.
func (s *parquetSink) close() error {
	if err := s.w.Close(); err != nil {
		return err
	}
	return s.out.Flush()
}

// emptyParquet returns a Parquet file of links with no row: the shard no
// link went to.
func emptyParquet() ([]byte, error) {
	var b bytes.Buffer
	s := newParquetSink(&b)
	err := s.close()
	return b.Bytes(), err
}

// hasToken reports whether the set of space-separated tokens set (HTML
// Living Standard §2.3.7: split on ASCII white space) has tok, in any
// ASCII case (link types are ASCII case-insensitive, §4.6.7).
func hasToken(set, tok string) bool {
	for _, t := range strings.FieldsFunc(set, func(r rune) bool { return r < 0x80 && ascii.IsSpace(byte(r)) }) {
		if ascii.EqualFold(t, tok) {
			return true
		}
	}
	return false
}
