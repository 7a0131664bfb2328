package charset

import (
	"bytes"
	"fmt"
	"io"
	"mime"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	htmlcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/ianaindex"
	"golang.org/x/text/encoding/unicode"
)

// Lookup returns the encoding a MIME charset parameter names (RFC
// 2046 §4.1.2; names are case-insensitive). The WHATWG labels come first,
// as mail clients read them (they cover iso-8859-*, windows-125x,
// shift_jis, euc-jp, iso-2022-jp, big5, gb2312/gbk/gb18030, euc-kr and
// ks_c_5601-1987, koi8-r/u, utf-16), then the IANA registry for the rest
// (ibm850, ...). The WHATWG "replacement" encoding, which would turn the
// whole text into one U+FFFD, counts as unknown.
func Lookup(label string) (encoding.Encoding, bool) {
	label = strings.Trim(strings.TrimSpace(label), `"'`)
	if label == "" {
		return nil, false
	}
	if e, err := htmlindex.Get(label); err == nil && e != encoding.Replacement {
		return e, true
	}
	if e, err := ianaindex.MIME.Encoding(label); err == nil && e != nil {
		return e, true
	}
	return nil, false
}

// wordDecoder decodes RFC 2047 encoded words in header fields, in every
// charset Lookup knows. A word is short: it is converted at once, and
// given back as a bytes.Reader, whose WriteTo spares the io.Copy of
// mime.WordDecoder a 32 KiB buffer (and a transform.Reader its two of
// 4 KiB) for each word.
var wordDecoder = &mime.WordDecoder{CharsetReader: func(label string, input io.Reader) (io.Reader, error) {
	e, ok := Lookup(label)
	if !ok {
		return nil, fmt.Errorf("unknown charset %q", label)
	}
	word, err := io.ReadAll(input)
	if err != nil {
		return nil, err
	}
	if word, err = e.NewDecoder().Bytes(word); err != nil {
		return nil, err
	}
	return bytes.NewReader(word), nil
}}

// DecodeWords returns s with its RFC 2047 encoded words decoded, or s as
// it is when they cannot be.
func DecodeWords(s string) string {
	if !strings.Contains(s, "=?") {
		return s
	}
	if d, err := wordDecoder.DecodeHeader(s); err == nil {
		return d
	}
	return s
}

// Part tells how to read the text of a MIME part, in the charset
// its Content-Type names, as UTF-8 (link positions in a part count in this
// text): it returns the text without its UTF-8 byte order mark, the
// encoding it is read in, and whether it must be converted from that
// encoding (it is UTF-8, or 7-bit in an ASCII-compatible one, otherwise).
// A byte order mark decides first; then the charset parameter; for HTML
// without one, or with US-ASCII, the document's own declaration
// (htmlEncoding). Text without a known charset is read as UTF-8 when it is
// valid UTF-8 and in the encoding the detector finds otherwise
// (Sniff), as is US-ASCII text with 8-bit bytes in it; an unknown
// charset is named in the warning returned.
func Part(text []byte, label string, isHTML bool) (body []byte, enc encoding.Encoding, warning string, convert bool) {
	label = strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`))
	switch {
	case bytes.HasPrefix(text, []byte("\xef\xbb\xbf")):
		return text[3:], unicode.UTF8, "", false
	case bytes.HasPrefix(text, []byte("\xfe\xff")):
		enc = unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM)
	case bytes.HasPrefix(text, []byte("\xff\xfe")):
		enc = unicode.UTF16(unicode.LittleEndian, unicode.ExpectBOM)
	case label == "" || label == "us-ascii" || label == "ascii":
		if isHTML { // "us-ascii" is what many writers put by default
			enc = htmlEncoding(text)
		}
	default:
		var ok bool
		if enc, ok = Lookup(label); !ok {
			warning = "charset: unknown charset " + QuoteLabel(label) + ", read as UTF-8 or windows-1252"
		}
	}
	if enc == nil {
		if enc = Sniff(text); enc == nil {
			return text, unicode.UTF8, warning, false
		}
	}
	if enc == unicode.UTF8 && utf8.Valid(text) || readsAsUTF8(text, enc) {
		return text, enc, warning, false
	}
	return text, enc, warning, true
}

// readsAsUTF8 reports whether text, 7-bit, reads in enc as the same
// bytes of UTF-8. A single-byte encoding that reads 7-bit bytes as ASCII
// (byteTableOf) reads ESC as itself, so that only the 8-bit bytes are
// looked for, as Transcode would copy the text byte for byte; in the
// others ESC may switch (ISO-2022-JP).
func readsAsUTF8(text []byte, enc encoding.Encoding) bool {
	if byteTableOf(enc) != nil {
		return ascii.Prefix(text) == len(text)
	}
	return IsPlainASCII(text) && ASCIICompatible(enc)
}

// PartUTF8 returns text read as Part tells, in UTF-8, for content
// whose positions need no map back to the bytes as stored (a WARC record's
// body).
func PartUTF8(text []byte, label string, isHTML bool) ([]byte, encoding.Encoding, string) {
	body, enc, warning, convert := Part(text, label, isHTML)
	if convert {
		body = Transcode(nil, enc, body)
	}
	return body, enc, warning
}

// htmlEncoding returns the encoding of the HTML document text as it says
// itself (HTML Living Standard §13.2.3.1, without a transport layer): its
// byte order mark, else the <meta> charset or http-equiv Content-Type in
// its first 1024 bytes (the prescan, §13.2.3.2); nil when nothing tells.
func htmlEncoding(text []byte) encoding.Encoding {
	if head := text[:min(len(text), 1024)]; !hasMetaTag(head) && !hasBOM(head) {
		// DetermineEncoding only guesses then (windows-1252, or UTF-8
		// when the head is), which is nil below: its prescan is left out
		// (most mail HTML parts have no <meta>).
		return nil
	}
	e, name, _ := htmlcharset.DetermineEncoding(text, "")
	if e == charmap.Windows1252 || e == encoding.Nop && !IsPlainASCII(text[:min(len(text), 1024)]) {
		// DetermineEncoding's guesses, as such (a declared encoding
		// comes from htmlcharset.Lookup): windows-1252, and UTF-8 when
		// the first 1024 bytes are, which the bytes after them may
		// not be: Sniff reads the whole text. Nop is also a
		// declared UTF-16, read as UTF-8, which 7-bit bytes tell.
		return nil
	}
	// Not e itself: the encoders of htmlcharset.Lookup write unsupported
	// characters as character references.
	enc, _ := htmlindex.Get(name)
	return enc
}

// hasMetaTag reports whether head holds "<meta", in any case: the start
// of the only tag htmlcharset.DetermineEncoding's prescan reads.
func hasMetaTag(head []byte) bool {
	for i := bytes.IndexByte(head, '<'); i >= 0; {
		if rest := head[i+1:]; len(rest) >= 4 && rest[0]|0x20 == 'm' && rest[1]|0x20 == 'e' && rest[2]|0x20 == 't' && rest[3]|0x20 == 'a' {
			return true
		}
		j := bytes.IndexByte(head[i+1:], '<')
		if j < 0 {
			break
		}
		i += 1 + j
	}
	return false
}

// hasBOM reports whether head starts with one of the byte order marks
// htmlcharset.DetermineEncoding reads (UTF-8, UTF-16).
func hasBOM(head []byte) bool {
	return bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) || bytes.HasPrefix(head, []byte("\xfe\xff")) || bytes.HasPrefix(head, []byte("\xff\xfe"))
}

// URLEncoding returns the encoding in which a document in enc writes the
// queries of its URLs (WHATWG Encoding Standard §4.3, get an output
// encoding), nil for UTF-8: enc itself, except UTF-16, which gives UTF-8.
func URLEncoding(enc encoding.Encoding) encoding.Encoding {
	if enc == nil || enc == unicode.UTF8 || !ASCIICompatible(enc) {
		return nil
	}
	return enc
}

// QuoteLabel returns the label of a header parameter (a charset, a
// transfer encoding) quoted for a warning, cut to 40 bytes.
func QuoteLabel(label string) string {
	if len(label) > 40 {
		label = label[:40] + "..."
	}
	return fmt.Sprintf("%q", label)
}

// ASCIICompatible reports whether enc reads every 7-bit byte except ESC as
// that ASCII character: all but the UTF-16 forms, with a BOM or without,
// which the test of an encoding tells where a name (htmlindex knows only
// the forms without) would not. (ISO-2022-JP switches with ESC, which
// IsPlainASCII rules out.)
func ASCIICompatible(enc encoding.Encoding) bool {
	cm, isCharmap := enc.(*charmap.Charmap)
	if isCharmap { // most parts: the answer is kept, not an encoder made each time
		if ok, found := charmapASCII.Load(cm); found {
			return ok.(bool)
		}
	}
	s, err := enc.NewEncoder().String("<a")
	ok := err == nil && s == "<a"
	if isCharmap {
		charmapASCII.Store(cm, ok)
	}
	return ok
}

// charmapASCII caches ASCIICompatible for the single-byte encodings.
var charmapASCII sync.Map

// IsPlainASCII reports whether b holds only 7-bit bytes and no ESC. It
// reads every text part of a mail: the 8-bit bytes are looked for 32
// bytes at a time, ESC by bytes.IndexByte's vector code.
func IsPlainASCII(b []byte) bool {
	return ascii.Prefix(b) == len(b) && bytes.IndexByte(b, 0x1b) < 0
}
