package uri

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	"golang.org/x/net/idna"
	"golang.org/x/text/unicode/bidi"
	"golang.org/x/text/unicode/norm"
)

// idnaProfile converts hosts both ways. Lookup is UTS #46 nontransitional
// processing with the STD3 rules, the profile of browsers and of
// RFC 3987 §3.1 ("ToASCII ... with UseSTD3ASCIIRules"): it maps case and
// compatibility forms as people write them ("Bücher.de", "ẞ.com"),
// keeps "ß" and the joiners of IDNA2008 ("faß.de" is xn--fa-hia.de, not
// fass.de), and checks hyphens, joiners and the bidi rule. Registration
// would refuse the unmapped forms an IRI legitimately holds.
var idnaProfile = idna.Lookup

// FromIRI converts the IRI reference s to a URI reference (RFC 3987 §3.1):
// s is put in Unicode Normalization Form C, a host holding non-ASCII
// characters is converted to A-labels (IDNA, see below), and every other
// non-ASCII character is encoded as UTF-8 and percent-encoded with
// uppercase hex. The result is a valid URI reference (it parses with
// Parse); existing percent-encodings and ASCII are left as they are.
//
// Hosts go through UTS #46 nontransitional processing (idna.Lookup), so
// "http://Bücher.de" gives "http://xn--bcher-kva.de". A host that IDNA
// refuses is percent-encoded instead, the default of §3.1 step 2.
//
// A character that may not appear in an IRI is an error: one outside
// ucschar (iprivate is allowed in the query only), a bidi formatting
// character (§4.1), invalid UTF-8, or ASCII that is invalid in a URI. The
// *Error gives the offset in its Input, which is s in NFC.
func FromIRI(s string) (string, error) {
	if ascii.Valid(s) {
		if _, err := Parse(s); err != nil {
			e := err.(*Error) // Parse documents *Error
			return "", fromIRIError(e.Offset, s, e.Err)
		}
		return s, nil
	}
	for i, r := range s {
		if r == utf8.RuneError {
			if _, n := utf8.DecodeRuneInString(s[i:]); n == 1 {
				return "", fromIRIError(i, s, ErrInvalidCharacter)
			}
		}
	}
	c := iriConv{in: norm.NFC.String(s)}
	if err := c.convert(); err != nil {
		return "", err
	}
	out := string(c.out)
	if _, err := Parse(out); err != nil {
		e := err.(*Error)
		return "", fromIRIError(c.inOffset(e.Offset), c.in, e.Err)
	}
	return out, nil
}

// fromIRIError is the error of FromIRI at offset off of in.
func fromIRIError(off int, in string, err error) error {
	return &Error{Op: "fromiri", Input: in, Offset: off, Err: err}
}

// iriConv converts an IRI in NFC to a URI, keeping track of where each
// replaced stretch of the input went so that an error in the output can
// be placed in the input.
type iriConv struct {
	in    string
	out   []byte
	marks []iriMark
}

// iriMark records that in[inStart:inEnd] became out[outStart:outEnd].
type iriMark struct{ inStart, inEnd, outStart, outEnd int }

// convert splits c.in as RFC 3986 Appendix B does and converts each part.
func (c *iriConv) convert() error {
	in := c.in
	c.out = make([]byte, 0, len(in)+len(in)/2)
	i := 0
	if end := schemeEnd(in); end > 0 {
		if err := c.ascii(0, end+1, ErrInvalidScheme); err != nil {
			return err
		}
		i = end + 1
	}
	if strings.HasPrefix(in[i:], "//") {
		authEnd, hostStart, hostEnd := authorityBounds(in, i+2)
		c.out = append(c.out, "//"...)
		if hostStart > i+2 {
			if err := c.encode(i+2, hostStart, false); err != nil {
				return err
			}
		}
		if err := c.host(hostStart, hostEnd); err != nil {
			return err
		}
		if err := c.ascii(hostEnd, authEnd, ErrInvalidPort); err != nil {
			return err
		}
		i = authEnd
	}
	end := i + strings.IndexAny(in[i:]+"#", "?#")
	if err := c.encode(i, end, false); err != nil {
		return err
	}
	if end < len(in) && in[end] == '?' {
		i, end = end, end+strings.IndexByte(in[end:]+"#", '#')
		if err := c.encode(i, end, true); err != nil {
			return err
		}
	}
	return c.encode(end, len(in), false)
}

// schemeEnd returns the offset of the ':' ending the scheme of s, found
// as RFC 3986 Appendix B does, or -1.
func schemeEnd(s string) int {
	if i := strings.IndexAny(s, ":/?#"); i > 0 && s[i] == ':' {
		return i
	}
	return -1
}

// authorityBounds splits the authority that starts at s[from] (after the
// "//") as Appendix B does: it ends at the next '/', '?' or '#', its host
// starts after the last '@' and ends at the ':' of a port or, for an IP
// literal, after the ']'.
func authorityBounds(s string, from int) (authEnd, hostStart, hostEnd int) {
	authEnd = from + strings.IndexAny(s[from:]+"/", "/?#")
	hostStart = from
	if at := strings.LastIndexByte(s[from:authEnd], '@'); at >= 0 {
		hostStart = from + at + 1
	}
	hostEnd = authEnd
	if strings.HasPrefix(s[hostStart:authEnd], "[") {
		if j := strings.IndexByte(s[hostStart:authEnd], ']'); j >= 0 {
			hostEnd = hostStart + j + 1
		}
	} else if j := strings.IndexByte(s[hostStart:authEnd], ':'); j >= 0 {
		hostEnd = hostStart + j
	}
	return authEnd, hostStart, hostEnd
}

// ascii copies in[from:to], which must be ASCII, to the output.
func (c *iriConv) ascii(from, to int, reason error) error {
	for i := from; i < to; i++ {
		if c.in[i] >= utf8.RuneSelf {
			return fromIRIError(i, c.in, reason)
		}
	}
	c.out = append(c.out, c.in[from:to]...)
	return nil
}

// host converts a host holding non-ASCII characters to A-labels, or
// percent-encodes it when IDNA refuses it (RFC 3987 §3.1 step 2).
func (c *iriConv) host(from, to int) error {
	h := c.in[from:to]
	if ascii.Valid(h) {
		c.out = append(c.out, h...)
		return nil
	}
	if strings.HasPrefix(h, "[") {
		return c.ascii(from, to, ErrInvalidHost)
	}
	a, err := idnaProfile.ToASCII(h)
	if err != nil {
		return c.encode(from, to, false)
	}
	c.marks = append(c.marks, iriMark{from, to, len(c.out), len(c.out) + len(a)})
	c.out = append(c.out, a...)
	return nil
}

// encode copies in[from:to] to the output with its non-ASCII characters
// percent-encoded, checking each against the IRI grammar (RFC 3987 §2.2):
// ucschar, and iprivate where private is set (the query).
func (c *iriConv) encode(from, to int, private bool) error {
	in := c.in
	for i := from; i < to; {
		if in[i] < utf8.RuneSelf {
			c.out = append(c.out, in[i])
			i++
			continue
		}
		r, n := utf8.DecodeRuneInString(in[i:])
		if !(isUcschar(r) || private && isIprivate(r)) || isBidiFormat(r) {
			return fromIRIError(i, in, ErrInvalidCharacter)
		}
		start := len(c.out)
		for j := i; j < i+n; j++ {
			c.out = append(c.out, '%', ascii.UpperHex[in[j]>>4], ascii.UpperHex[in[j]&15])
		}
		c.marks = append(c.marks, iriMark{i, i + n, start, len(c.out)})
		i += n
	}
	return nil
}

// inOffset maps an offset in the output back to the input.
func (c *iriConv) inOffset(off int) int {
	in := off
	for _, m := range c.marks {
		if off < m.outStart {
			break
		}
		if off < m.outEnd {
			return m.inStart
		}
		in = m.inEnd + off - m.outEnd
	}
	return in
}

// ToIRI converts the URI reference s to an IRI for display (RFC 3987
// §3.2): percent-encoded UTF-8 sequences become the characters they
// encode, and A-labels in the host become U-labels. Only what is safe to
// show is decoded: never ASCII (so no reserved character and no '%'
// appears), never a character outside ucschar, a private-use, format or
// space character (bidi controls, zero-width joiners, U+00A0), never a
// stretch between delimiters that is not in NFC, starts with a combining
// mark or breaks the bidi rules of §4.2, and never a percent-encoded host.
// A host is shown with U-labels only when converting it back gives the
// same A-labels and each label keeps to one script or an allowed CJK mix
// (UTS #39 "Highly Restrictive"), so "xn--pypal-4ve.com", a Latin name
// with a Cyrillic letter, stays as it is. As a result FromIRI(ToIRI(s))
// gives s back for a valid URI s, up to the case of hex digits in
// percent-encodings.
func ToIRI(s string) string {
	if strings.IndexByte(s, '%') < 0 && lastIndexFold(s, "xn--") < 0 {
		return s
	}
	hostStart, hostEnd := len(s), len(s)
	i := 0
	if end := schemeEnd(s); end > 0 {
		i = end + 1
	}
	if strings.HasPrefix(s[i:], "//") {
		_, hostStart, hostEnd = authorityBounds(s, i+2)
	}
	var b strings.Builder
	b.Grow(len(s))
	appendDisplay(&b, s[:hostStart])
	b.WriteString(displayHost(s[hostStart:hostEnd]))
	appendDisplay(&b, s[hostEnd:])
	return b.String()
}

// displayHost returns host with U-labels for A-labels when that is
// reversible, else host.
func displayHost(host string) string {
	if strings.IndexByte(host, '%') >= 0 || lastIndexFold(host, "xn--") < 0 {
		return host
	}
	u, err := idnaProfile.ToUnicode(host)
	if err != nil {
		return host
	}
	if back, err := idnaProfile.ToASCII(u); err != nil || back != host {
		return host
	}
	for _, label := range strings.Split(u, ".") {
		if !restrictiveScripts(label) {
			return host
		}
	}
	return u
}

// cjkScripts lists the script mixes that UTS #39 §5.2 "Highly
// Restrictive" allows in one label besides a single script; Latin may be
// added to each.
var cjkScripts = [][]*unicode.RangeTable{
	{unicode.Han, unicode.Hiragana, unicode.Katakana},
	{unicode.Han, unicode.Bopomofo},
	{unicode.Han, unicode.Hangul},
}

// restrictiveScripts reports whether label passes UTS #39 "Highly
// Restrictive": its letters come from one script, Common and Inherited
// aside, or from one of the CJK mixes with Latin. A label mixing Latin
// and Cyrillic ("pаypal", with U+0430) is the classic spoof and fails.
func restrictiveScripts(label string) bool {
	var used []*unicode.RangeTable
	for _, r := range label {
		if r < utf8.RuneSelf || unicode.In(r, unicode.Common, unicode.Inherited) {
			continue // ASCII letters are Latin, handled by the Latin allowance below
		}
		t := scriptOf(r)
		if t == nil {
			return false
		}
		if !slices.Contains(used, t) {
			used = append(used, t)
		}
	}
	latin := strings.IndexFunc(label, func(r rune) bool { return r < utf8.RuneSelf && unicode.IsLetter(r) }) >= 0 ||
		slices.Contains(used, unicode.Latin)
	used = slices.DeleteFunc(used, func(t *unicode.RangeTable) bool { return t == unicode.Latin })
	if len(used) == 0 || len(used) == 1 && !latin {
		return true
	}
	for _, mix := range cjkScripts {
		if !slices.ContainsFunc(used, func(t *unicode.RangeTable) bool { return !slices.Contains(mix, t) }) {
			return true
		}
	}
	return false
}

// scriptOf returns the script table of r, or nil.
func scriptOf(r rune) *unicode.RangeTable {
	for _, t := range unicode.Scripts {
		if unicode.Is(t, r) {
			return t
		}
	}
	return nil
}

// appendDisplay writes s with the safe percent-encoded characters of each
// stretch between reserved characters decoded (see ToIRI).
func appendDisplay(b *strings.Builder, s string) {
	for len(s) > 0 {
		n := 0
		for n < len(s) && charClass[s[n]]&classReserved == 0 {
			n++
		}
		if n == 0 {
			b.WriteByte(s[0])
			s = s[1:]
			continue
		}
		b.WriteString(displayRun(s[:n]))
		s = s[n:]
	}
}

// displayRun decodes the percent-encoded non-ASCII characters of a
// stretch without delimiters, or returns it unchanged when the decoded
// stretch would not be safe to show.
func displayRun(run string) string {
	if strings.IndexByte(run, '%') < 0 {
		return run
	}
	var out []byte
	decoded := false
	for i := 0; i < len(run); {
		r, n := decodeEscapedRune(run, i)
		if n == 0 || !displayable(r) {
			out = append(out, run[i])
			i++
			continue
		}
		out = utf8.AppendRune(out, r)
		decoded = true
		i += n
	}
	if !decoded {
		return run
	}
	d := string(out)
	if first, _ := utf8.DecodeRuneInString(d); !norm.NFC.IsNormalString(d) ||
		!norm.NFC.PropertiesString(string(first)).BoundaryBefore() || !bidiOK(d) {
		return run
	}
	return d
}

// decodeEscapedRune decodes the non-ASCII UTF-8 sequence percent-encoded
// at s[i], returning the rune and the length of its escapes, or n == 0.
func decodeEscapedRune(s string, i int) (r rune, n int) {
	var buf [utf8.UTFMax]byte
	k := 0
	for k < utf8.UTFMax && i+3*k+2 < len(s) && s[i+3*k] == '%' {
		hi, lo := hexValue(s, i+3*k+1), hexValue(s, i+3*k+2)
		if hi < 0 || lo < 0 {
			break
		}
		buf[k] = byte(hi<<4 | lo)
		k++
		if utf8.FullRune(buf[:k]) {
			break
		}
	}
	if k == 0 || buf[0] < utf8.RuneSelf {
		return 0, 0
	}
	r, size := utf8.DecodeRune(buf[:k])
	if r == utf8.RuneError && size <= 1 || size != k {
		return 0, 0
	}
	return r, 3 * k
}

// displayable reports whether r may be decoded for display: an IRI
// character that is neither private use, a format character nor a space.
func displayable(r rune) bool {
	return isUcschar(r) && !unicode.Is(unicode.Cf, r) && !unicode.IsSpace(r)
}

// bidiOK applies the rules of RFC 3987 §4.2 to a stretch: one holding
// right-to-left characters holds no left-to-right ones and starts and ends
// with a right-to-left character.
func bidiOK(s string) bool {
	rtl, ltr := false, false
	for _, r := range s {
		switch bidiClass(r) {
		case bidi.R, bidi.AL:
			rtl = true
		case bidi.L:
			ltr = true
		}
	}
	if !rtl {
		return true
	}
	first, _ := utf8.DecodeRuneInString(s)
	last, _ := utf8.DecodeLastRuneInString(s)
	isRTL := func(r rune) bool { k := bidiClass(r); return k == bidi.R || k == bidi.AL }
	return !ltr && isRTL(first) && isRTL(last)
}

func bidiClass(r rune) bidi.Class {
	p, _ := bidi.LookupRune(r)
	return p.Class()
}

// isUcschar reports whether r is in ucschar (RFC 3987 §2.2).
func isUcschar(r rune) bool {
	switch {
	case r < 0xA0:
		return false
	case r <= 0xD7FF:
		return true
	case r < 0xF900:
		return false
	case r <= 0xFDCF:
		return true
	case r < 0xFDF0:
		return false
	case r <= 0xFFEF:
		return true
	case r < 0x10000 || r > 0xEFFFD:
		return false
	case r >= 0xE0000 && r < 0xE1000:
		return false
	}
	return r&0xFFFF <= 0xFFFD // not the last two code points of a plane
}

// isIprivate reports whether r is in iprivate (RFC 3987 §2.2), allowed in
// the query only.
func isIprivate(r rune) bool {
	return 0xE000 <= r && r <= 0xF8FF || 0xF0000 <= r && r <= 0xFFFFD || 0x100000 <= r && r <= 0x10FFFD
}

// isBidiFormat reports whether r is a bidi formatting character, which
// IRIs must not contain (RFC 3987 §4.1): LRM, RLM, LRE, RLE, PDF, LRO,
// RLO, and the isolates added to Unicode since.
func isBidiFormat(r rune) bool {
	return r == 0x200E || r == 0x200F || 0x202A <= r && r <= 0x202E || 0x2066 <= r && r <= 0x2069
}
