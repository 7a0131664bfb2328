package extract

import (
	"bufio"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urix/urix/extract/internal/charset"
)

// utf16Keep is how much of the decoded text a utf16Text keeps behind what
// it has handed out, to map positions back: more than the window of the
// delimit scanner (64 KiB with the default MaxLength), so that every match
// it reports is still there.
const utf16Keep = 256 << 10

// utf16Text reads a UTF-16 text stream as UTF-8 (its byte order mark as
// U+FEFF, an unpaired surrogate as U+FFFD, a last odd byte dropped), and
// maps the positions of the UTF-8 text back to the stream's bytes, in
// bounded memory: it keeps the last utf16Keep bytes of text it handed out.
type utf16Text struct {
	r         io.Reader
	bigEndian bool
	buf       []byte // for reading
	in        []byte // read, not yet decoded: part of a code unit or a pair
	err       error  // of r, once it has one
	paused    bool   // r's last read was errPaused

	hist     []byte // the text from histAt on
	read     int    // hist[:read] was handed out
	histAt   int    // offset in the text of hist[0]
	histOrig int    // offset in the stream of hist[0]
	// The start of the line that holds hist[0]; a match on it may come
	// after hist has moved past its start.
	lineAt, lineOrig int
	at, lineCur      utf16Pos // cursors over hist for offsets and line starts
}

func (t *utf16Text) Read(p []byte) (int, error) {
	for t.read == len(t.hist) {
		if t.err != nil {
			return 0, t.err
		}
		if t.fill(); t.paused && t.read == len(t.hist) {
			t.paused = false
			return 0, errPaused
		}
	}
	n := copy(p, t.hist[t.read:])
	t.read += n
	return n, nil
}

// fill reads more of the stream and decodes it onto hist, after dropping
// what no match can need any more.
func (t *utf16Text) fill() {
	if t.read > 2*utf16Keep {
		t.drop(t.read - utf16Keep)
	}
	if t.buf == nil {
		t.buf = make([]byte, 16<<10)
	}
	n := copy(t.buf, t.in)
	m, err := t.r.Read(t.buf[n:])
	b := t.buf[:n+m]
	if t.paused = err == errPaused; t.paused {
		err = nil // the delimit scanner's sign, passed on by Read
	}
	t.err = err
	i := 0
	for ; i+2 <= len(b); i += 2 {
		u := t.unit(b[i:])
		if 0xd800 <= u && u < 0xdc00 {
			if i+4 > len(b) && err == nil {
				break // its pair is still to come
			}
			if i+4 <= len(b) {
				if lo := t.unit(b[i+2:]); 0xdc00 <= lo && lo < 0xe000 {
					t.hist = utf8.AppendRune(t.hist, utf16.DecodeRune(rune(u), rune(lo)))
					i += 2
					continue
				}
			}
		}
		t.hist = utf8.AppendRune(t.hist, rune(u)) // a surrogate as U+FFFD
	}
	t.in = append(t.in[:0], b[i:]...)
}

func (t *utf16Text) unit(b []byte) uint16 { return utf16Unit(b, t.bigEndian) }

// drop removes hist[:n], moved to the next sequence start, keeping its
// place in the stream and the start of the line hist then starts in.
func (t *utf16Text) drop(n int) {
	for n < len(t.hist) && t.hist[n]&0xc0 == 0x80 {
		n++
	}
	p := utf16Pos{text: t.hist}
	for i := 0; i < n; i++ {
		if t.hist[i] == '\n' {
			t.lineAt, t.lineOrig = t.histAt+i+1, t.histOrig+p.of(i+1)
		}
	}
	t.histOrig += p.of(n)
	t.histAt += n
	t.hist = t.hist[:copy(t.hist, t.hist[n:])]
	t.read -= n
	// The cursors count from hist[0]: start them again.
	t.at, t.lineCur = utf16Pos{}, utf16Pos{}
}

// orig returns the offset in the stream of the text offset off, with the
// cursor c over hist.
func (t *utf16Text) orig(c *utf16Pos, off int) int {
	if off <= t.histAt {
		return t.histOrig - 2*(t.histAt-off) // gone: only ASCII would be exact
	}
	c.text = t.hist
	return t.histOrig + c.of(off-t.histAt)
}

// mapLink gives a link of the text its Offset and Column in bytes of the
// stream.
func (t *utf16Text) mapLink(l *Link) {
	off := int(l.Offset)
	lineStart := off - (l.Column - 1)
	o := t.orig(&t.at, off)
	lo := t.lineOrig
	if lineStart != t.lineAt {
		lo = t.orig(&t.lineCur, lineStart)
	}
	l.Offset, l.Column = int64(o), o-lo+1
}

// fromUTF16Text returns r as scanText reads it: a stream in UTF-16 (see
// charset.UTF16Order) as its UTF-8 text, with yield mapping the positions of
// its links back to the stream's bytes; any other as it is.
func fromUTF16Text(r io.Reader, yield func(Link, error) bool) (io.Reader, func(Link, error) bool) {
	br, ok := r.(*bufio.Reader)
	if !ok {
		br = bufio.NewReader(r)
	}
	head := peekUntil(br, 1024, charset.UTF16Decided)
	bigEndian, ok := charset.UTF16Order(head)
	if !ok {
		return br, yield
	}
	t := &utf16Text{r: br, bigEndian: bigEndian}
	return t, func(l Link, err error) bool {
		if err == nil {
			t.mapLink(&l)
		}
		return yield(l, err)
	}
}
