package extract

import (
	"bytes"
	"sort"

	"github.com/urix/urix/extract/internal/charset"
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
	cte  cteCursor
	skip int // a byte order mark, left out of the text as scanned
	cs   *charset.Cursor
	fl   *flowedCursor
}

// raw returns the offset in the buffer of the byte at offset off of the
// part's text as scanned.
func (m *partMap) raw(off int64) int {
	if m.fl != nil {
		off = m.fl.in(off)
	}
	if m.cs != nil {
		off = int64(m.cs.In(int(off)))
	}
	o := int(off) + m.skip
	if m.cte.raw != nil {
		o = m.cte.in(o)
	}
	return m.body + o
}

// cteCursor maps offsets in a quoted-printable or base64 text decoded to
// offsets in the encoded text: the encoded line that holds the byte (for
// base64, the line where the group of 4 characters holding it ends), and
// in it the byte's "=XX" or the group's first character.
type cteCursor struct {
	raw    []byte // the encoded text; nil for none
	base64 bool
	pos    int // start of the current encoded line
	dec    int // offset in the decoded text of its first byte
	n      int // base64: characters of the unfinished group before pos
	// lines, when the decoder gave them (quoted-printable), tell where
	// each line ends, so that no line is read again but the one asked
	// into; line is the index of the current one.
	lines []qpLine
	line  int
}

func newCTECursor(raw []byte, cte string) cteCursor {
	return cteCursor{raw: raw, base64: cte == "base64"}
}

// in returns the offset in the encoded text of the decoded byte at off.
func (c *cteCursor) in(off int) int {
	if off < c.dec {
		c.pos, c.dec, c.n, c.line = 0, 0, 0, 0
	}
	if c.lines != nil {
		for c.line < len(c.lines)-1 && int(c.lines[c.line].dec) <= off {
			c.pos, c.dec = int(c.lines[c.line].raw), int(c.lines[c.line].dec)
			c.line++
		}
		if c.line == len(c.lines) {
			return len(c.raw)
		}
		return c.pos + c.column(c.raw[c.pos:c.lines[c.line].raw], off-c.dec)
	}
	for c.pos < len(c.raw) {
		end := len(c.raw)
		if i := bytes.IndexByte(c.raw[c.pos:], '\n'); i >= 0 {
			end = c.pos + i + 1
		}
		n, groups := c.lineLen(c.raw[c.pos:end])
		if c.dec+n > off || end == len(c.raw) {
			return c.pos + c.column(c.raw[c.pos:end], off-c.dec)
		}
		c.pos, c.dec, c.n = end, c.dec+n, groups
	}
	return len(c.raw)
}

// lineLen returns the number of bytes the encoded line decodes to, and,
// for base64, the characters of the group left unfinished at its end.
func (c *cteCursor) lineLen(line []byte) (n, pending int) {
	if !c.base64 {
		return qpLineLen(line), 0
	}
	pending = c.n
	for _, ch := range line {
		if v := base64Values[ch]; v != 0xff {
			if pending++; pending == 4 {
				n, pending = n+3, 0
			}
		} else if ch == '=' {
			n, pending = n+pending*6/8, 0
		}
	}
	return n, pending
}

// qpLineLen returns the length of the quoted-printable line (with its line
// break, if any) decoded, as appendQuotedPrintable decodes it, without
// decoding it.
func qpLineLen(line []byte) int {
	eol := 0
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line, eol = line[:n-1], 1
		if n := len(line); n > 0 && line[n-1] == '\r' {
			line, eol = line[:n-1], 2
		}
	}
	line = trimBlanks(line)
	n := len(line) + eol
	for i := bytes.IndexByte(line, '='); i >= 0; {
		switch {
		case i == len(line)-1: // a soft line break
			return n - 1 - eol
		case i+2 < len(line) && unhex(line[i+1]) < 16 && unhex(line[i+2]) < 16:
			n -= 2
			i += 2
		}
		j := bytes.IndexByte(line[i+1:], '=')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return n
}

// column returns the offset in the encoded line of the k-th byte it
// decodes to.
func (c *cteCursor) column(line []byte, k int) int {
	if !c.base64 {
		i := 0
		for ; i < len(line) && k > 0; k-- {
			if line[i] == '=' && i+2 < len(line) && unhex(line[i+1]) < 16 && unhex(line[i+2]) < 16 {
				i += 3
			} else {
				i++
			}
		}
		return i
	}
	pending, group := c.n, 0
	for i, ch := range line {
		if base64Values[ch] != 0xff {
			if pending == 0 {
				group = i
			}
			if pending++; pending < 4 {
				continue
			}
			if k < 3 {
				return group
			}
			k, pending = k-3, 0
		} else if ch == '=' && pending > 0 {
			if k < pending*6/8 {
				return group
			}
			k, pending = k-pending*6/8, 0
		}
	}
	return group
}

// flowedCursor maps offsets in a format=flowed text unwrapped to offsets
// in the text as written, with a flowedReader of its own that it reads
// as far as the offset asked for.
type flowedCursor struct {
	src   []byte
	delSp bool
	r     bytes.Reader
	f     *flowedReader // kept from part to part
	base  int64         // offset in the unwrapped text of f.out[0]
}

// reset makes c map the text src.
func (c *flowedCursor) reset(src []byte, delSp bool) {
	c.src, c.delSp, c.base = src, delSp, 0
	c.r.Reset(src)
	if c.f == nil {
		c.f = newFlowedReader(&c.r, delSp)
	} else {
		c.f.reset(&c.r, delSp)
	}
}

func (c *flowedCursor) in(off int64) int64 {
	if off < c.base {
		c.reset(c.src, c.delSp)
	}
	for off >= c.base+int64(len(c.f.out)) && c.f.err == nil {
		c.base += int64(len(c.f.out))
		c.f.fill()
	}
	k := max(off-c.base-int64(c.f.pieceOut), 0)
	return min(c.f.pieceIn+k, int64(len(c.src)))
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
		if b.cte.raw == nil {
			return b.encodedAt
		}
		off = b.cteBody + b.cte.in(off)
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

// yieldMapped is the yield of the content scanners of a part whose text
// w.pm maps back to the buffer: it keeps their position, in the text of
// the part, as PartLine, PartColumn and PartOffset, and sets the one in
// the input as stored.
func (w *mailWalker) yieldMapped(l Link, err error) bool {
	if err == nil {
		l.PartLine, l.PartColumn, l.PartOffset = l.Line, l.Column, l.Offset
		p := w.filePos(w.pm.raw(l.Offset))
		l.Line, l.Column, l.Offset = p.line, p.col, p.off
	}
	return w.yield(l, err)
}
