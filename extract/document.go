package extract

import (
	"errors"
	"io"
	"sort"
)

// ErrDocumentTooLarge is wrapped by the error for a document larger than
// MaxDocumentSize.
var ErrDocumentTooLarge = errors.New("document larger than the limit")

// readDocument reads a whole document from r, at most MaxDocumentSize
// bytes.
func readDocument(r io.Reader) ([]byte, error) {
	buf, err := io.ReadAll(io.LimitReader(r, MaxDocumentSize+1))
	if err != nil {
		return nil, err
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
	var nl lineIndex
	for i, c := range buf {
		if c == '\n' {
			nl = append(nl, i)
		}
	}
	return nl
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
