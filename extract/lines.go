package extract

import (
	"bytes"
	"encoding/binary"
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
	// call for each line: mail lines are short.
	if i := lastNewline(lc.buf[lc.pos:off]); i >= 0 {
		lc.line += bytes.Count(lc.buf[lc.pos:lc.pos+i], []byte("\n")) + 1
		lc.lineStart = lc.pos + i + 1
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

// lastNewline is bytes.LastIndexByte(b, '\n') 8 bytes at a time (that one
// reads a byte at a time, on lines of HTML that may be long).
func lastNewline(b []byte) int {
	const ones, highs, nls = 0x0101010101010101, 0x8080808080808080, 0x0a0a0a0a0a0a0a0a
	i := len(b)
	for ; i >= 8; i -= 8 {
		x := binary.LittleEndian.Uint64(b[i-8:]) ^ nls // a zero byte where b has '\n'
		if (x-ones)&^x&highs != 0 {
			break
		}
	}
	return bytes.LastIndexByte(b[:i], '\n')
}
