package extract

import (
	"encoding/binary"
	"io"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urix/urix/extract/internal/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/unicode"
)

// utf16Doc is a document in UTF-16 (see charset.UTF16Order; HTML Living Standard
// §13.2.3.1: a BOM decides before any declaration), read as its UTF-8
// text so that the tokenizer, which works on ASCII-compatible bytes, sees
// its markup.
//
// The text keeps everything needed to give the original bytes back: the
// BOM is U+FEFF, an unpaired surrogate is written as the three bytes UTF-8
// would give its code point (WTF-8), which readers of the text take as an
// invalid sequence, as browsers take the surrogate (U+FFFD), and a last
// byte without its pair is kept aside. So the positions of the text map
// back to the file's bytes (utf16Pos), and the text written back through
// writer gives the file's bytes again.
type utf16Doc struct {
	text      []byte
	bigEndian bool
	odd       []byte // a last byte with no pair, or nil
}

// newUTF16Doc returns b as a utf16Doc, and false when it is not in UTF-16
// (see charset.UTF16Order).
func newUTF16Doc(b []byte) (*utf16Doc, bool) {
	bigEndian, ok := charset.UTF16Order(b)
	if !ok {
		return nil, false
	}
	d := &utf16Doc{bigEndian: bigEndian}
	if len(b)%2 == 1 {
		d.odd = []byte{b[len(b)-1]} // not a slice of b, which may go
		b = b[:len(b)-1]
	}
	// Sized first: ASCII takes one byte for two, most characters three.
	n := 0
	for i := 0; i < len(b); i += 2 {
		switch u := d.unit(b[i:]); {
		case u < 0x80:
			n++
		case u < 0x800:
			n += 2
		default:
			n += 3 // or 4 for the 4 of a pair
		}
	}
	text := make([]byte, 0, n)
	for i := 0; i < len(b); i += 2 {
		u := d.unit(b[i:])
		if 0xd800 <= u && u < 0xdc00 && i+4 <= len(b) {
			if lo := d.unit(b[i+2:]); 0xdc00 <= lo && lo < 0xe000 {
				text = utf8.AppendRune(text, utf16.DecodeRune(rune(u), rune(lo)))
				i += 2
				continue
			}
		}
		text = appendUnit(text, u)
	}
	d.text = text
	return d, true
}

func (d *utf16Doc) unit(b []byte) uint16 { return utf16Unit(b, d.bigEndian) }

// utf16Unit returns the UTF-16 code unit that starts b, in the byte order
// given.
func utf16Unit(b []byte, bigEndian bool) uint16 {
	if bigEndian {
		return binary.BigEndian.Uint16(b)
	}
	return binary.LittleEndian.Uint16(b)
}

// appendUnit appends the UTF-8 form of the code unit u, a surrogate one
// too (WTF-8).
func appendUnit(b []byte, u uint16) []byte {
	switch {
	case u < 0x80:
		return append(b, byte(u))
	case u < 0x800:
		return append(b, 0xc0|byte(u>>6), 0x80|byte(u&0x3f))
	}
	return append(b, 0xe0|byte(u>>12), 0x80|byte(u>>6&0x3f), 0x80|byte(u&0x3f))
}

// encoding returns the document's encoding, as the decodedFrom of a
// source.
func (d *utf16Doc) encoding() encoding.Encoding {
	if d.bigEndian {
		return unicode.UTF16(unicode.BigEndian, unicode.UseBOM)
	}
	return unicode.UTF16(unicode.LittleEndian, unicode.UseBOM)
}

// seqLen returns the length of the sequence of the text that starts with
// c: a character in UTF-8, or a surrogate in WTF-8.
func seqLen(c byte) int {
	switch {
	case c < 0xc0:
		return 1
	case c < 0xe0:
		return 2
	case c < 0xf0:
		return 3
	}
	return 4
}

// utf16Pos maps offsets of a utf16Doc's text to offsets of its file,
// walking the text from the last offset mapped: offsets met in increasing
// order cost one walk over the text in all.
type utf16Pos struct {
	text      []byte
	at, bytes int // text[:at] is bytes bytes of the file
}

func (p *utf16Pos) of(off int) int {
	if off < p.at {
		p.at, p.bytes = 0, 0
	}
	for p.at < off && p.at < len(p.text) {
		n := seqLen(p.text[p.at])
		p.at += n
		p.bytes += 2
		if n == 4 { // a surrogate pair
			p.bytes += 2
		}
	}
	return p.bytes
}

// linkMapper returns a function that gives a link found in the text its
// place in the file: Offset and Column in bytes of the file (Line counts
// the same line breaks). Two cursors, one for the offsets and one for the
// starts of their lines, keep a page of many links on one long line linear.
func (d *utf16Doc) linkMapper() func(*Link) {
	at := utf16Pos{text: d.text}
	lineAt := utf16Pos{text: d.text}
	return func(l *Link) {
		off := int(l.Offset)
		lineStart := off - (l.Column - 1)
		o := at.of(off)
		l.Offset, l.Column = int64(o), o-lineAt.of(lineStart)+1
	}
}

// mapYield returns yield with the positions of links and errors mapped to
// the file's bytes.
func (d *utf16Doc) mapYield(yield func(Link, error) bool) func(Link, error) bool {
	mapLink := d.linkMapper()
	at := utf16Pos{text: d.text}
	return func(l Link, err error) bool {
		if err == nil {
			mapLink(&l)
		} else if e, ok := err.(*Error); ok && e.Offset >= 0 {
			m := *e
			m.Offset = int64(at.of(int(e.Offset)))
			err = &m
		}
		return yield(l, err)
	}
}

// rewriteUTF16 returns the page buf as Rewrite reads and writes it: a page
// in UTF-16 as its UTF-8 text (decodedFrom says so), written back in
// UTF-16 through w, with f called with the positions of its links in the
// page's bytes, and finish, which Rewrite's result goes through, writing
// the end of the page; any other page as it is.
func rewriteUTF16(buf []byte, w io.Writer, f func(Link) (string, bool)) (text []byte, decodedFrom encoding.Encoding, out io.Writer, fu func(Link) (string, bool), finish func(error) error) {
	d, ok := newUTF16Doc(buf)
	if !ok {
		return buf, nil, w, f, func(err error) error { return err }
	}
	mapLink := d.linkMapper()
	fu = func(l Link) (string, bool) {
		mapLink(&l)
		return f(l)
	}
	u := d.writer(w)
	finish = func(err error) error {
		if cerr := u.Close(); err == nil {
			err = cerr
		}
		return err
	}
	return d.text, d.encoding(), u, fu, finish
}

// fromUTF16 returns the page buf as scanHTML reads it: a page in UTF-16
// (see charset.UTF16Order) as its UTF-8 text, with src saying so and yield
// mapping the positions back to the page's bytes; any other page as it
// is.
func fromUTF16(buf []byte, src *source, yield func(Link, error) bool) ([]byte, *source, func(Link, error) bool) {
	if src.decodedFrom != nil {
		return buf, src, yield
	}
	d, ok := newUTF16Doc(buf)
	if !ok {
		return buf, src, yield
	}
	s := *src
	s.decodedFrom = d.encoding()
	return d.text, &s, d.mapYield(yield)
}

// utf16Writer writes the UTF-8 text written to it as the UTF-16 of a
// utf16Doc: the code units the text came from, in the document's byte
// order; text that is not valid UTF-8 (nor a WTF-8 surrogate) as U+FFFD.
type utf16Writer struct {
	d       *utf16Doc
	w       io.Writer
	pending []byte // the start of a sequence cut off by the end of a Write
	out     []byte
}

func (d *utf16Doc) writer(w io.Writer) *utf16Writer {
	return &utf16Writer{d: d, w: w}
}

func (u *utf16Writer) Write(p []byte) (int, error) {
	n := len(p)
	if len(u.pending) > 0 {
		// Complete the cut sequence from p, at most 3 bytes.
		k := min(seqLen(u.pending[0])-len(u.pending), len(p))
		u.pending = append(u.pending, p[:k]...)
		p = p[k:]
		if len(u.pending) < seqLen(u.pending[0]) {
			return n, nil
		}
		u.encode(u.pending, true)
		u.pending = u.pending[:0]
	}
	for len(p) > 0 {
		// In pieces, so that the output buffer stays small; each piece
		// ends before the start of a sequence.
		k := min(len(p), 32<<10)
		for k < len(p) && p[k]&0xc0 == 0x80 {
			k++
		}
		u.pending = append(u.pending, u.encode(p[:k], false)...)
		p = p[k:]
		if err := u.flush(); err != nil {
			return 0, err
		}
	}
	return n, nil
}

// Close writes what is pending and the odd last byte of the document.
func (u *utf16Writer) Close() error {
	u.encode(u.pending, true)
	u.pending = u.pending[:0]
	u.out = append(u.out, u.d.odd...)
	return u.flush()
}

func (u *utf16Writer) flush() error {
	if len(u.out) == 0 {
		return nil
	}
	_, err := u.w.Write(u.out)
	u.out = u.out[:0]
	return err
}

// encode appends the code units of b to u.out, and returns the start of a
// sequence cut off by the end of b, unless final.
func (u *utf16Writer) encode(b []byte, final bool) []byte {
	for i := 0; i < len(b); {
		c := b[i]
		n := seqLen(c)
		switch {
		case c < 0x80:
			u.put(uint16(c))
			i++
			continue
		case i+n > len(b) && !final && isContinuation(b[i+1:]):
			return b[i:]
		case c == 0xed && i+3 <= len(b) && b[i+1] >= 0xa0 && b[i+1] < 0xc0 && b[i+2]&0xc0 == 0x80:
			u.put(0xd000 | uint16(b[i+1]&0x3f)<<6 | uint16(b[i+2]&0x3f))
			i += 3
			continue
		}
		r, size := utf8.DecodeRune(b[i:])
		if r > 0xffff {
			hi, lo := utf16.EncodeRune(r)
			u.put(uint16(hi))
			r = lo
		}
		u.put(uint16(r))
		i += size
	}
	return nil
}

func isContinuation(b []byte) bool {
	for _, c := range b {
		if c&0xc0 != 0x80 {
			return false
		}
	}
	return true
}

// put appends the code unit v to u.out in the document's byte order.
func (u *utf16Writer) put(v uint16) {
	if u.d.bigEndian {
		u.out = binary.BigEndian.AppendUint16(u.out, v)
	} else {
		u.out = binary.LittleEndian.AppendUint16(u.out, v)
	}
}
