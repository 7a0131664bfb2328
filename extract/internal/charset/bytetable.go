package charset

import (
	"sync"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// byteTable is the UTF-8 form of each byte of a single-byte encoding
// that reads 7-bit bytes as ASCII (windows-125x, ISO-8859-x, KOI8-R),
// as its decoder writes it: Transcode copies the runs of ASCII between
// the 8-bit bytes whole rather than byte by byte, most of a mail part.
type byteTable [256]struct {
	n uint8
	b [utf8.UTFMax]byte
}

// byteTables caches byteTableOf by encoding: a nil *byteTable for an
// encoding that is not an ASCII superset.
var byteTables sync.Map

// byteTableOf returns the byteTable of enc, nil when enc is not a
// single-byte encoding that reads 7-bit bytes as ASCII.
func byteTableOf(enc encoding.Encoding) *byteTable {
	cm, ok := enc.(*charmap.Charmap)
	if !ok {
		return nil
	}
	if t, ok := byteTables.Load(cm); ok {
		return t.(*byteTable)
	}
	t := new(byteTable)
	for c := range 256 {
		r := cm.DecodeByte(byte(c))
		if c < utf8.RuneSelf && r != rune(c) {
			t = nil
			break
		}
		t[c].n = uint8(utf8.EncodeRune(t[c].b[:], r))
	}
	byteTables.Store(cm, t)
	return t
}

// appendBytes appends to dst src read in the encoding of t, in UTF-8.
func (t *byteTable) appendBytes(dst, src []byte) []byte {
	for len(src) > 0 {
		n := ascii.Prefix(src)
		dst, src = append(dst, src[:n]...), src[n:]
		for len(src) > 0 && src[0] >= utf8.RuneSelf {
			e := &t[src[0]]
			dst, src = append(dst, e.b[:e.n]...), src[1:]
		}
	}
	return dst
}
