package extract

import (
	"sort"

	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/extract/internal/mimepart"
)

// filePos is a position in the input as stored.
type filePos struct {
	line, col int
	off       int64
}

// partMap turns offsets in the text of a MIME part as scanned (decoded,
// in UTF-8, unwrapped) back into offsets in the walker's buffer, undoing
// each layer in turn: the format=flowed unwrapping, the charset
// conversion, the byte order mark, the Content-Transfer-Encoding. Each
// layer is a cursor that decodes again what lies between two offsets
// asked for, which only grow (links come in input order), so that the map
// takes no memory in proportion to the part (but the ends of the lines
// of a quoted-printable one, which its decoder gives, 8 bytes a line in a
// buffer reused), and the whole part is decoded again at most once more.
// An offset before the last one asked for, not expected, starts the
// cursors again from the part's start.
type partMap struct {
	body int // offset of the part's body in the buffer
	cte  mimepart.CTECursor
	skip int // a byte order mark, left out of the text as scanned
	cs   *charset.Cursor
	fl   *mimepart.FlowedCursor
}

// raw returns the offset in the buffer of the byte at offset off of the
// part's text as scanned.
func (m *partMap) raw(off int64) int {
	if m.fl != nil {
		off = m.fl.In(off)
	}
	if m.cs != nil {
		off = int64(m.cs.In(int(off)))
	}
	o := int(off) + m.skip
	if m.cte.Encoded() {
		o = m.cte.In(o)
	}
	return m.body + o
}

// filePos returns the position in the input as stored of w.buf[off]: for
// a message in an mbox, lines count from the start of the mbox and
// offsets count the ">" that unescaped "From " lines lost; in the first
// message or multipart sent encoded in a message (see push), the position
// of the encoded text that holds the byte, and deeper, that of the
// encoded body. The offsets asked for in a buffer only grow, so that each
// byte is counted once, however many links a line holds.
func (w *mailWalker) filePos(off int) filePos {
	b := &w.mailBuf
	if b.bufOff < 0 {
		if !b.cte.Encoded() {
			return b.encodedAt
		}
		off = b.cteBody + b.cte.In(off)
		b = &w.outer[0]
	}
	w.work += b.lines.ahead(off)
	line, col := b.lines.at(off)
	p := filePos{line: b.lineBase + line - 1, col: col, off: b.bufOff + int64(off)}
	if n := sort.SearchInts(b.unescaped, off+1); n > 0 {
		p.off += int64(n)
		if b.unescaped[n-1] == off-col+1 {
			p.col++
		}
	}
	return p
}

// mapPos maps the position of l, a link a content scanner found in the
// text of a part that w.pm maps back to the buffer: it keeps the position
// in the text of the part as PartLine, PartColumn and PartOffset, and
// sets the one in the input as stored.
func (w *mailWalker) mapPos(l *Link) {
	if !w.noPositions {
		l.PartLine, l.PartColumn, l.PartOffset = l.Line, l.Column, l.Offset
		p := w.filePos(w.pm.raw(l.Offset))
		l.Line, l.Column, l.Offset = p.line, p.col, p.off
	}
}
