package extract

import (
	"bytes"

	"github.com/urix/urix/internal/ascii"
)

// lineCounter turns byte offsets, met in increasing order, into 1-based
// lines and byte columns.
type lineCounter struct {
	buf       []byte
	pos       int // offsets before pos are counted
	line      int // line of pos
	lineStart int // offset of the first byte of that line
}

// newLineCounter returns a lineCounter at the start of buf, line 1.
func newLineCounter(buf []byte) lineCounter { return lineCounter{buf: buf, line: 1} }

// at returns the line and column of lc.buf[off]. An offset before the
// last one asked for, not expected, counts again from the start.
func (lc *lineCounter) at(off int) (line, col int) {
	if off < lc.pos {
		lc.pos, lc.line, lc.lineStart = 0, 1, 0
	}
	// Two passes that each look at many lines at once, rather than a
	// call for each line: mail lines are short. The count first (SIMD),
	// so that LastNewline reads back one line at most.
	if n := bytes.Count(lc.buf[lc.pos:off], []byte("\n")); n > 0 {
		lc.line += n
		lc.lineStart = lc.pos + ascii.LastNewline(lc.buf[lc.pos:off]) + 1
	}
	lc.pos = off
	return lc.line, off - lc.lineStart + 1
}

// ahead returns the number of bytes at(off) looks at.
func (lc *lineCounter) ahead(off int) int {
	if off < lc.pos {
		return off
	}
	return off - lc.pos
}
