package mimepart

import "bytes"

// CTECursor maps offsets in a quoted-printable or base64 text decoded to
// offsets in the encoded text: the encoded line that holds the byte (for
// base64, the line where the group of 4 characters holding it ends), and
// in it the byte's "=XX" or the group's first character.
type CTECursor struct {
	raw    []byte // the encoded text; nil for none
	base64 bool
	pos    int // start of the current encoded line
	dec    int // offset in the decoded text of its first byte
	n      int // base64: characters of the unfinished group before pos
	// lines, when the decoder gave them (quoted-printable), tell where
	// each line ends, so that no line is read again but the one asked
	// into; line is the index of the current one.
	lines []QPLine
	line  int
}

// NewCTECursor returns the CTECursor of raw, a text in the transfer
// encoding cte, "quoted-printable" or "base64".
func NewCTECursor(raw []byte, cte string) CTECursor {
	return CTECursor{raw: raw, base64: cte == "base64"}
}

// SetLines gives c where each line of its text ends, as
// AppendQuotedPrintableLines gave them, so that it reads no line again
// but the one asked into.
func (c *CTECursor) SetLines(lines []QPLine) { c.lines = lines }

// Encoded reports whether c maps a text: false for the zero CTECursor.
func (c *CTECursor) Encoded() bool { return c.raw != nil }

// In returns the offset in the encoded text of the decoded byte at off.
func (c *CTECursor) In(off int) int {
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
func (c *CTECursor) lineLen(line []byte) (n, pending int) {
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
// break, if any) decoded, as AppendQuotedPrintable decodes it, without
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
func (c *CTECursor) column(line []byte, k int) int {
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

// FlowedCursor maps offsets in a format=flowed text unwrapped to offsets
// in the text as written, with a FlowedReader of its own that it reads
// as far as the offset asked for.
type FlowedCursor struct {
	src   []byte
	delSp bool
	r     bytes.Reader
	f     *FlowedReader // kept from part to part
	base  int64         // offset in the unwrapped text of f.out[0]
}

// Drop makes c forget the text it maps, keeping its FlowedReader (reset to
// read nothing) for the next one.
func (c *FlowedCursor) Drop() {
	if c.f != nil {
		c.f.Reset(nil, false)
	}
	*c = FlowedCursor{f: c.f}
}

// Reset makes c map the text src.
func (c *FlowedCursor) Reset(src []byte, delSp bool) {
	c.src, c.delSp, c.base = src, delSp, 0
	c.r.Reset(src)
	if c.f == nil {
		c.f = NewFlowedReader(&c.r, delSp)
	} else {
		c.f.Reset(&c.r, delSp)
	}
}

// In returns the offset in the text as written of the byte at offset off
// of the text unwrapped.
func (c *FlowedCursor) In(off int64) int64 {
	if off < c.base {
		c.Reset(c.src, c.delSp)
	}
	for off >= c.base+int64(len(c.f.out)) && c.f.err == nil {
		c.base += int64(len(c.f.out))
		c.f.fill()
	}
	k := max(off-c.base-int64(c.f.pieceOut), 0)
	return min(c.f.pieceIn+k, int64(len(c.src)))
}
