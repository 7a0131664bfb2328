package charset

import (
	"bytes"
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
	"golang.org/x/text/transform"
)

// Cursor maps offsets in the UTF-8 text converted from src to
// offsets in src. In a single-byte encoding, each character of the text
// is one byte of src. Otherwise the lines of both match, as every
// ASCII-compatible encoding writes its line breaks as ASCII does; in a
// line, the text between two offsets asked for is encoded back to count
// its bytes in src. For the others (UTF-16), the offset is taken in
// proportion.
type Cursor struct {
	src, out []byte
	enc      *encoding.Encoder
	ascii    bool
	// singleByte tells a single-byte encoding, whose offsets are counts
	// of characters until an offset inside one, not expected, splits it
	// (the encoder then reads its pieces as characters of their own).
	singleByte, split bool
	srcAt, outAt      int // a place in the current line, in src and out
	scratch           [512]byte
}

// NewCursor returns the Cursor of out, the text src in enc converted to
// UTF-8 (see Transcode).
func NewCursor(src, out []byte, enc encoding.Encoding) *Cursor {
	_, singleByte := enc.(*charmap.Charmap)
	return &Cursor{src: src, out: out, enc: encoding.ReplaceUnsupported(enc.NewEncoder()), ascii: ASCIICompatible(enc), singleByte: singleByte}
}

// In returns the offset in src of the byte at offset off of out.
func (c *Cursor) In(off int) int {
	off = min(max(off, 0), len(c.out))
	if !c.ascii {
		return int(int64(off) * int64(len(c.src)) / int64(max(len(c.out), 1)))
	}
	if off < c.outAt {
		c.srcAt, c.outAt, c.split = 0, 0, false
	}
	if c.singleByte && !c.split {
		if off == len(c.out) || utf8.RuneStart(c.out[off]) {
			c.srcAt += runeCount(c.out[c.outAt:off])
			c.outAt = off
			return c.srcAt
		}
		c.split = true
	}
	for {
		i := bytes.IndexByte(c.out[c.outAt:off], '\n')
		if i < 0 {
			break
		}
		j := bytes.IndexByte(c.src[c.srcAt:], '\n')
		if j < 0 {
			break
		}
		c.outAt, c.srcAt = c.outAt+i+1, c.srcAt+j+1
		c.enc.Reset()
	}
	end := len(c.src)
	if j := bytes.IndexByte(c.src[c.srcAt:], '\n'); j >= 0 {
		end = c.srcAt + j
	}
	for seg := c.out[c.outAt:off]; len(seg) > 0; {
		nDst, nSrc, err := c.enc.Transform(c.scratch[:], seg, true)
		c.srcAt, c.outAt, seg = c.srcAt+nDst, c.outAt+nSrc, seg[nSrc:]
		if err != transform.ErrShortDst || nSrc == 0 && nDst == 0 {
			break
		}
	}
	c.srcAt = min(c.srcAt, end)
	return c.srcAt
}

// runeCount is utf8.RuneCount for valid UTF-8, 8 bytes at a time: the
// bytes that are not continuation bytes (10xxxxxx). 32 bytes of ASCII,
// most of a text, are passed over with one test.
func runeCount(b []byte) int {
	const highs = 0x8080808080808080
	// continuations counts the bytes with bit 7 set and bit 6 (shifted to
	// 7) clear.
	continuations := func(w uint64) int { return bits.OnesCount64(w &^ (w << 1) & highs) }
	n := len(b)
	for ; len(b) >= 32; b = b[32:] {
		le, c := binary.LittleEndian, b[:32]
		w0, w1, w2, w3 := le.Uint64(c), le.Uint64(c[8:]), le.Uint64(c[16:]), le.Uint64(c[24:])
		if (w0|w1|w2|w3)&highs != 0 {
			n -= continuations(w0) + continuations(w1) + continuations(w2) + continuations(w3)
		}
	}
	for ; len(b) >= 8; b = b[8:] {
		n -= continuations(binary.LittleEndian.Uint64(b))
	}
	for _, c := range b {
		if c&0xc0 == 0x80 {
			n--
		}
	}
	return n
}

// Transcode appends to dst the text src in enc converted to UTF-8.
func Transcode(dst []byte, enc encoding.Encoding, src []byte) []byte {
	dst = slices.Grow(dst, len(src)+len(src)/4+16)
	if t := byteTableOf(enc); t != nil {
		return t.appendBytes(dst, src)
	}
	d := enc.NewDecoder()
	if !asciiStateless(enc) {
		return decodeAll(dst, d, src)
	}
	// The runs of asciiRun ASCII bytes or more are copied, not decoded,
	// as legacy.read passes over them: their first two bytes go to the
	// decoder (the first may end a character; a GB18030 decoder that
	// looks further for a four-byte one finds the second, ASCII, and
	// reads the first byte alone either way), the others are
	// characters of their own that read as themselves.
	for len(src) > 0 {
		n := ascii.Prefix(src)
		dst, src = append(dst, src[:n]...), src[n:]
		cut := len(src)
		if k := asciiRunAt(src, asciiRun); k >= 0 {
			cut = k + 2
		}
		dst, src = decodeAll(dst, d, src[:cut]), src[cut:]
	}
	return dst
}

// decodeAll appends to dst the text src decoded by d.
func decodeAll(dst []byte, d *encoding.Decoder, src []byte) []byte {
	for {
		nDst, nSrc, err := d.Transform(dst[len(dst):cap(dst)], src, true)
		dst, src = dst[:len(dst)+nDst], src[nSrc:]
		if err != transform.ErrShortDst {
			return dst
		}
		dst = slices.Grow(dst, cap(dst)-len(dst)+len(src)+64)
	}
}

// asciiStateless reports whether enc is one of the multi-byte encodings
// that read each ASCII byte that starts a character as that character,
// and keep no state from one character to the next (not ISO-2022-JP or
// HZ, which switch with ASCII bytes): those detectLegacy reads, and
// GB18030.
func asciiStateless(enc encoding.Encoding) bool {
	switch enc {
	case japanese.ShiftJIS, japanese.EUCJP, korean.EUCKR, simplifiedchinese.GBK, simplifiedchinese.GB18030, traditionalchinese.Big5:
		return true
	}
	return false
}
