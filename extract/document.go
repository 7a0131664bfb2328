package extract

import (
	"bytes"
	"errors"
	"io"
	"math"
	"sort"
)

// ErrDocumentTooLarge is wrapped by the error for a document larger than
// MaxDocumentSize.
var ErrDocumentTooLarge = errors.New("document larger than the limit")

// readDocument reads a whole document from r, at most MaxDocumentSize
// bytes, as readWhole does.
func readDocument(r io.Reader) ([]byte, error) {
	buf, err := readWhole(r, int(min(MaxDocumentSize, math.MaxInt-1)))
	if err == errOverLimit {
		err = overLimit(ErrDocumentTooLarge, "MaxDocumentSize", MaxDocumentSize)
	}
	return buf, err
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
