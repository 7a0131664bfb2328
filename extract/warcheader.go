package extract

import (
	"bytes"
	"io"

	"github.com/urix/urix/extract/internal/warcrec"
)

// ParseWARCHeader parses the header section of the WARC record at the
// start of b as Links reads it (ISO 28500:2017 §4: the version line
// "WARC/1.x", named fields, an empty line) and returns its fields, names
// in lower case, and its length in bytes, the empty line included. The
// error wraps ErrWARC when b does not start a record header, and is
// io.ErrUnexpectedEOF when b ends before the header does. It lets a
// reader that splits a WARC file walk its records from header to header
// without reading their blocks.
func ParseWARCHeader(b []byte) (fields map[string]string, n int, err error) {
	in := warcrec.NewWindow(bytes.NewReader(b))
	rec := &warcRecord{header: map[string]string{}}
	in.SetMark()
	if err := readWARCHeader(in, rec); err != nil {
		if in.Err() == io.EOF {
			return nil, 0, io.ErrUnexpectedEOF
		}
		return nil, 0, err
	}
	return rec.header, int(in.Pos()), nil
}
