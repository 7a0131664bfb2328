package extract

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/transform"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/internal/ascii"
)

// legacyRef returns the value v of a page in a legacy encoding as a
// browser reads it with the base b (WHATWG URL Standard §4.4, query
// state): the query of an http, https, ftp or file URL (or of a relative
// reference with no base) in the page's encoding, percent-encoded (RFC
// 3986 §2.1), with a character the encoding lacks as its decimal
// character reference, percent-encoded too ("%26%23233%3B"); the rest, and
// any other URL, stays in UTF-8.
func (p *page) legacyRef(v string, b base.Base) string {
	rest, frag, hasFrag := strings.Cut(v, "#")
	path, query, hasQuery := strings.Cut(rest, "?")
	if !hasQuery || ascii.Valid(query) {
		return v
	}
	scheme := schemeOf(v)
	if scheme == "" {
		scheme = b.URI.Scheme
	}
	if scheme != "" && (!base.IsSpecial(scheme) || strings.EqualFold(scheme, "ws") || strings.EqualFold(scheme, "wss")) {
		return v
	}
	e := p.enc.NewEncoder() // String resets it before each use
	var sb strings.Builder
	sb.WriteString(path)
	sb.WriteByte('?')
	for i := 0; i < len(query); {
		if query[i] < utf8.RuneSelf {
			sb.WriteByte(query[i])
			i++
			continue
		}
		// A run of characters the encoding has, encoded at once for
		// the encodings with states (ISO-2022-JP).
		j := i
		for j < len(query) && query[j] >= utf8.RuneSelf {
			_, n := utf8.DecodeRuneInString(query[j:])
			if _, err := e.String(query[j : j+n]); err != nil {
				break
			}
			j += n
		}
		if j == i {
			r, n := utf8.DecodeRuneInString(query[i:])
			if r < 0xa0 && p.chars([]byte{byte(r)}).s == string(r) {
				// A C1 control x/text does not encode, the
				// encoding's own byte (see chars).
				sb.WriteString(percent(byte(r)))
			} else {
				sb.WriteString("%26%23" + strconv.Itoa(int(r)) + "%3B")
			}
			i += n
			continue
		}
		enc, _ := e.String(query[i:j])
		for k := 0; k < len(enc); k++ {
			// The query percent-encode set, and '%'.
			if c := enc[k]; c <= ' ' || c >= 0x7f || strings.IndexByte(`"#%'<>`, c) >= 0 {
				sb.WriteString(percent(c))
			} else {
				sb.WriteByte(c)
			}
		}
		i = j
	}
	if hasFrag {
		sb.WriteString("#" + frag)
	}
	return sb.String()
}

// value returns the attribute value raw as a browser reads it: the page's
// characters (see chars), with their character references decoded.
func (p *page) value(raw []byte) decoded {
	if plainValue(raw) {
		return decoded{s: string(raw)} // what the lines below come to, in one pass
	}
	if p.isChars(raw) {
		return decode(raw, true)
	}
	c := p.chars(raw)
	d := decode(c.s, true)
	d.in = c.pos
	return d
}

// chars returns the bytes raw of the page as the characters a browser
// reads there, in UTF-8, with the offset in raw of each byte: decoded with
// the page's legacy encoding, or, in UTF-8, with each invalid sequence as
// U+FFFD (HTML Living Standard §13.2.3, WHATWG Encoding Standard §4.1 and
// §8.1.1: one for each maximal subpart).
func (p *page) chars(raw []byte) decoded {
	if p.isChars(raw) {
		return decoded{s: string(raw)}
	}
	var dec *encoding.Decoder
	_, singleByte := p.dec.(*charmap.Charmap)
	if p.dec != nil {
		dec = p.dec.NewDecoder()
	}
	var sb strings.Builder
	sb.Grow(len(raw))
	var pos offsetMap
	var out [16]byte
	for i := 0; i < len(raw); {
		var n int
		var c []byte
		if dec == nil {
			r, size := utf8.DecodeRune(raw[i:])
			n, c = size, raw[i:i+size]
			if r == utf8.RuneError && size == 1 {
				for n < len(raw)-i && !utf8.FullRune(raw[i:i+n+1]) {
					n++ // a valid start the next byte does not continue
				}
				c = []byte("\uFFFD")
			}
		} else {
			// One character at a time, to know where each starts.
			for m := 1; ; m++ {
				nDst, nSrc, err := dec.Transform(out[:], raw[i:i+m], i+m == len(raw))
				if err == transform.ErrShortSrc && nSrc == 0 && i+m < len(raw) {
					continue
				}
				n, c = nSrc, out[:nDst]
				break
			}
			if n == 0 { // never stall
				n, c = 1, []byte("\uFFFD")
			}
			if b := raw[i]; singleByte && n == 1 && 0x80 <= b && b < 0xa0 && string(c) == "\uFFFD" {
				// x/text leaves these out of ISO-8859-2,
				// windows-1252 and others; the WHATWG indexes
				// have the C1 control of the same value.
				c = utf8.AppendRune(out[:0], rune(b))
			}
		}
		// A decoder that meets an invalid sequence may hand back the
		// ASCII byte after it with its U+FFFD: that byte stays where
		// it is in the page.
		keep := 0
		for keep < len(c)-1 && keep < n-1 && c[len(c)-1-keep] < utf8.RuneSelf && c[len(c)-1-keep] == raw[i+n-1-keep] {
			keep++
		}
		sb.Write(c[:len(c)-keep])
		pos = pos.add(sb.Len(), i+n-keep)
		sb.Write(c[len(c)-keep:])
		i += n
		pos = pos.add(sb.Len(), i)
	}
	return decoded{s: sb.String(), pos: pos}
}

// isChars reports whether the bytes raw of the page are its characters in
// UTF-8 already.
func (p *page) isChars(raw []byte) bool {
	if p.dec == nil {
		return utf8.Valid(raw)
	}
	return charset.IsPlainASCII(raw)
}

// iriToURI returns f with the non-ASCII bytes of the new values it
// returns percent-encoded, as RFC 3987 §3.1 maps an IRI to a URI, for a
// page in a legacy encoding: the value then reads the same in any
// encoding, where the page's own encoding might lack its characters, and
// names the URI f meant (a browser would have put a raw query in the
// page's encoding instead).
func iriToURI(f func(Link) (string, bool)) func(Link) (string, bool) {
	return func(l Link) (string, bool) {
		v, ok := f(l)
		if !ok || ascii.Valid(v) {
			return v, ok
		}
		var sb strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] >= utf8.RuneSelf {
				sb.WriteString(percent(v[i]))
			} else {
				sb.WriteByte(v[i])
			}
		}
		return sb.String(), true
	}
}
