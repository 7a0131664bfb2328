package extract

import (
	"bytes"
	"errors"
	"io"
	"sort"
)

// ErrDocumentTooLarge is wrapped by the error for a document larger than
// MaxDocumentSize.
var ErrDocumentTooLarge = errors.New("document larger than the limit")

// readDocument reads a whole document from r, at most MaxDocumentSize
// bytes, into a buffer of the size of the input when it is known (see
// inputSize): one allocation and no copy, where io.ReadAll doubles its
// way up, copying as it goes.
func readDocument(r io.Reader) ([]byte, error) {
	size := int64(inputSize(r)) + 1 // the byte past the end, to meet EOF
	buf := make([]byte, 0, min(max(size, 512), MaxDocumentSize+1))
	r = io.LimitReader(r, MaxDocumentSize+1)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if int64(len(buf)) > MaxDocumentSize {
		return nil, overLimit(ErrDocumentTooLarge, "MaxDocumentSize", MaxDocumentSize)
	}
	return buf, nil
}

// lineIndex holds the offsets of the line feeds of a text, to turn byte
// offsets met in any order into 1-based lines and byte columns.
type lineIndex []int

func newLineIndex(buf []byte) lineIndex {
	nl := make(lineIndex, 0, bytes.Count(buf, []byte{'\n'}))
	for off := 0; ; {
		i := bytes.IndexByte(buf[off:], '\n')
		if i < 0 {
			return nl
		}
		nl = append(nl, off+i)
		off += i + 1
	}
}

// end returns the offset of the line feed that ends line i (from 0) of
// the text, of n bytes, n for its last line.
func (x lineIndex) end(i, n int) int {
	if i < len(x) {
		return x[i]
	}
	return n
}

// at returns the line and column of offset off.
func (x lineIndex) at(off int) (line, col int) {
	i := sort.SearchInts(x, off) // line feeds before off
	start := 0
	if i > 0 {
		start = x[i-1] + 1
	}
	return i + 1, off - start + 1
}
