package extract

import (
	"encoding/binary"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/htmltok"
)

// rawAttr is an attribute of a start tag as it stands in the source, with
// its byte spans (which x/net/html's tokenizer does not export, and
// htmltok's does), so that a value can be reported where it is written
// and replaced there.
type rawAttr struct {
	key        string // lower-case, one of ruleAttrs
	rule       int32  // its number in ruleNames (see page.extraNames past them)
	keyStart   int    // offset of the name in the tag
	valStart   int    // offset of the value in the tag, inside the quotes
	valEnd     int    // end of the value, before the closing quote
	quote      byte   // '"', '\'', or 0 for an unquoted or missing value
	hasValue   bool   // '=' present
	attrEndRaw int    // end of the attribute, after the closing quote
}

// tagAttrs are the attributes of a start tag that a rule reads, as
// readTag keeps them.
type tagAttrs struct {
	list   []rawAttr
	others bool // the tag has other attributes, left out
	// Attributes kept besides ruleAttrs (see page.extraAttrs), numbered
	// after ruleNames.
	extra      map[string]int
	extraNames []string
	names      *nameCache // the walker's, kept from page to page
}

// name returns the name of the attribute numbered rule by tagAttrs.ruleAttr.
func (attrs *tagAttrs) name(rule int32) string {
	if int(rule) < len(ruleNames) {
		return ruleNames[rule]
	}
	return attrs.extraNames[int(rule)-len(ruleNames)]
}

// ruleAttrs are the names of the attributes a rule reads, each mapped to
// itself: those of urlAttrs and otherRuleAttrs. readTag keeps no other,
// so that a tag takes memory for these alone, however many attributes it
// has. TestRuleAttrsRead checks that the rules read no other.
var ruleAttrs = func() map[string]string {
	m := map[string]string{}
	for s := range urlAttrs {
		m[s] = s
	}
	for s := range otherRuleAttrs {
		m[s] = s
	}
	return m
}()

// ruleNames are the names of ruleAttrs, sorted, each at its number (from
// 1 on): the tokenizer's filter gives an attribute that number (see
// ruleAttr), which readTag and urlAttr read it by.
var ruleNames = func() []string {
	names := []string{""}
	for s := range ruleAttrs {
		names = append(names, s)
	}
	slices.Sort(names)
	if len(names) > 64 {
		panic("extract: ruleNames do not fit ruleDrops' bits")
	}
	return names
}()

// ruleIndex holds, by the length of a name and its first byte (ASCII
// case folded, modulo 32), the numbers of the names in ruleNames that
// have them: at most two, 0 for none. Most attributes (class, id, width,
// ...) are told not to be in ruleAttrs by it, the others by comparing
// them with one or two names.
var ruleIndex = func() (index [maxRuleAttr + 1][32][2]uint8) {
	for r, s := range ruleNames[1:] {
		slot := &index[len(s)][s[0]&31]
		if slot[1] != 0 {
			panic("extract: three names in one slot of ruleIndex: " + s)
		}
		slot[min(slot[0], 1)] = uint8(r + 1)
	}
	return index
}()

// otherRuleAttrs are the attributes the rules read besides urlAttrs,
// each with the elements where they read it outside foreign content (see
// ruleDrops): http-equiv (meta refresh, urlAttr), the property and name
// of a meta element (metaURL), the type of a script (isJSONLD), the alt
// of an image (its Link.Text, see altText; an image start tag is an
// img) and the rel of a link (Link.Rel, see page.rel and hasRel); and in
// foreign content alone, the color, face and size of a font that ends it
// (breaksOut) and the encoding of annotation-xml (foreignStack.push).
var otherRuleAttrs = map[string][]string{
	"http-equiv": {"meta"}, "property": {"meta"}, "name": {"meta"},
	"type": {"script"}, "alt": {"img", "image"}, "rel": {"a", "area", "link"},
	"color": {}, "face": {}, "size": {}, "encoding": {},
}

// ruleDrops returns, by their numbers in ruleNames, the attributes of
// ruleAttrs that no rule reads in the element name outside foreign
// content (those of urlAttrs and otherRuleAttrs with other elements):
// readTag leaves them out there. A font's size, face and color, written
// on most tags of mail, are read in foreign content alone.
func ruleDrops(name string) uint64 {
	return elemRules.drop &^ elemRules.keep[name]
}

// elemRules are the attributes of ruleAttrs that are read in some
// elements alone (drop), and those elements with the ones they read
// (keep), as bits of their numbers in ruleNames.
var elemRules = func() (r struct {
	drop uint64
	keep map[string]uint64
}) {
	r.keep = map[string]uint64{}
	for i, s := range ruleNames {
		elems := urlAttrs[s].elems
		if e, ok := otherRuleAttrs[s]; ok {
			elems = e
		}
		if elems != nil {
			r.drop |= 1 << i
		}
		for _, e := range elems {
			r.keep[e] |= 1 << i
		}
	}
	return r
}()

// maxRuleAttr is the length of the longest name in ruleAttrs, or more.
const maxRuleAttr = 16

// ruleAttr returns the number in ruleNames of the attribute name b, in
// any ASCII case (the tokenizer lowers names so), 0 if it is not one of
// ruleAttrs: the tokenizer's filter, so that a tag takes memory for the
// attributes of ruleAttrs alone.
func ruleAttr(b []byte) int {
	if len(b) == 0 || len(b) > maxRuleAttr {
		return 0
	}
	words := cap(b) >= 2*8 // the name read in two words, past it in the page
	for _, r := range ruleIndex[len(b)][b[0]&31] {
		if r == 0 {
			return 0
		}
		if words && ruleWords[r].equal(b) || !words && ascii.EqualLower(b, ruleNames[r]) {
			return int(r)
		}
	}
	return 0
}

// ruleWords are the names of ruleNames, by number, as two little-endian
// words (maxRuleAttr bytes) each: the name itself, lower case, the bytes
// that are its (mask), and 0x20 in those of its letters (fold).
var ruleWords = func() []nameWords {
	words := make([]nameWords, len(ruleNames))
	for r, s := range ruleNames {
		for i := range len(s) {
			w, shift := &words[r], 8*(i%8)
			w.name[i/8] |= uint64(s[i]) << shift
			w.mask[i/8] |= 0xff << shift
			if 'a' <= s[i] && s[i] <= 'z' {
				w.fold[i/8] |= 0x20 << shift
			}
		}
	}
	return words
}()

// nameWords is a name of ruleWords.
type nameWords struct{ name, mask, fold [2]uint64 }

// equal reports whether b, of the name's length and at least 16 bytes of
// capacity, is the name in any ASCII case: a byte or'ed with 0x20 is a
// lower-case letter only if it is that letter in either case.
func (n *nameWords) equal(b []byte) bool {
	b = b[:2*8]
	return (binary.LittleEndian.Uint64(b)|n.fold[0])&n.mask[0] == n.name[0] &&
		(binary.LittleEndian.Uint64(b[8:])|n.fold[1])&n.mask[1] == n.name[1]
}

// readTag returns the lower-case name of the tag z has just read, at
// offset start of the page, and keeps in attrs those of its attributes a rule
// reads in that element (see ruleAttrs; in foreign content, all of
// those, else not those of its ruleDrops), with offsets in the tag: the
// tokenizer's own attributes, the first of duplicates alone, as
// x/net/html's tokenizer returns them. z is to keep ruleAttrs alone (its
// filter ruleAttr). attrs is reused. The attributes read are counted in
// *steps.
func readTag(z *htmltok.Tokenizer, start int, attrs *tagAttrs, steps *int, foreign bool) string {
	name, drop := attrs.names.tagName(z.TagName())
	if foreign || keepRuleAttrs {
		drop = 0
	}
	attrs.list = attrs.list[:0]
	for _, a := range z.Attrs() {
		if drop>>uint32(a.Rule)&1 != 0 {
			continue
		}
		attrs.list = append(attrs.list, rawAttr{
			key:      attrs.name(a.Rule),
			rule:     a.Rule,
			keyStart: int(a.Key.Start) - start,
			valStart: int(a.Val.Start) - start, valEnd: int(a.Val.End) - start,
			quote: a.Quote, hasValue: a.HasValue,
			attrEndRaw: int(a.End) - start,
		})
	}
	n := z.NumAttrs()
	*steps += n
	attrs.others = n > len(attrs.list)
	return name
}

// tagName returns the tag name b as the tokenizer returns it: NUL
// replaced, ASCII letters lowered. It allocates nothing for the names of
// HTML (those of x/net/html's atom table).
func tagName(b []byte) string {
	var low [16]byte
	if len(b) <= len(low) {
		for i, c := range b {
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			low[i] = c
		}
		if a := atom.Lookup(low[:len(b)]); a != 0 {
			return a.String()
		}
	}
	return replaceNUL(ascii.Lower(b))
}

// keepRuleAttrs makes readTag keep every attribute of ruleAttrs in any
// element, as it did before ruleDrops: tests compare the two.
var keepRuleAttrs bool

// nameCache holds the names of the last tags read, by the bytes written,
// so that the tags of a page, a few names over and over, are named
// without a lookup: tagName with a cache. With 64 entries, a mail's 20
// to 30 names collided: one tag in 19 missed.
type nameCache [256]nameEntry

// nameEntry is a name of nameCache: the bytes written, raw, the first 8
// of them also in w (see nameWord), the name and its ruleDrops.
type nameEntry struct {
	w         uint64
	raw, name string
	drop      uint64
}

// tagName returns tagName(b) and its ruleDrops, kept in c for the next
// tag written so.
func (c *nameCache) tagName(b []byte) (string, uint64) {
	if n := len(b); n > 0 && n <= 8 && cap(b) >= 8 {
		// Most names: one compare of a word read past b, in the
		// page, and no call.
		w := word(b[:8], 0) & (1<<(8*n) - 1)
		e := &c[(w*0x9E3779B97F4A7C15)>>56]
		if e.w == w && len(e.raw) == n {
			return e.name, e.drop
		}
		e.set(b)
		return e.name, e.drop
	}
	if len(b) == 0 || len(b) > 16 {
		name := tagName(b)
		return name, ruleDrops(name)
	}
	e := &c[(uint(len(b))*13+uint(b[0])*7+uint(b[len(b)-1]))&255]
	if e.raw != string(b) {
		e.set(b)
	}
	return e.name, e.drop
}

// set makes e the entry of the name written b.
func (e *nameEntry) set(b []byte) {
	e.name = tagName(b)
	e.drop = ruleDrops(e.name)
	e.raw = e.name
	if e.raw != string(b) {
		e.raw = string(b) // a copy, once (the cache is kept with the walker)
	}
	e.w = 0
	for i := min(len(b), 8) - 1; i >= 0; i-- {
		e.w = e.w<<8 | uint64(b[i])
	}
}

// replaceNUL replaces NUL with U+FFFD, as the tokenizer does in names and
// attribute values (HTML Living Standard §13.2.5.8, §13.2.5.33).
func replaceNUL(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

// decoded is a text or attribute value with its character references
// decoded and newlines normalized, with a map back to the raw bytes.
type decoded struct {
	s string
	// pos maps s back to the raw bytes, nil when s is the raw text
	// itself; in, when not nil, maps those offsets back again (a value
	// decoded from the page's characters, see page.value).
	pos, in offsetMap
}

// raw returns the raw offset of s[i], for 0 <= i <= len(s).
func (d decoded) raw(i int) int {
	if d.pos == nil && d.in == nil {
		return i // most values: s is the raw text (inlined)
	}
	return d.mapped(i)
}

// mapped is raw through the maps.
func (d decoded) mapped(i int) int {
	return d.in.raw(d.pos.raw(i))
}

// offsetMap maps the offsets of a decoded text back to the raw one. It
// holds a shift only where a character or reference was decoded to
// another length, so that it stays small next to the text: from shift.d
// on, decoded offsets map to raw ones from shift.r on, one for one, but
// never past the next shift's r (inside a character that grew). Before
// the first shift, offsets are the same.
type offsetMap []shift

type shift struct{ d, r int32 } // MaxHTMLSize fits

// raw returns the raw offset of decoded offset i.
func (m offsetMap) raw(i int) int {
	if len(m) == 0 {
		return i
	}
	k := sort.Search(len(m), func(k int) bool { return int(m[k].d) > i })
	r := i
	if k > 0 {
		r = int(m[k-1].r) + i - int(m[k-1].d)
	}
	if k < len(m) {
		r = min(r, int(m[k].r))
	}
	return r
}

// add records that decoded offset d is at raw offset r, where a
// character or reference of another length ends.
func (m offsetMap) add(d, r int) offsetMap {
	at := d // where d maps to without a new shift
	if len(m) > 0 {
		at = int(m[len(m)-1].r) + d - int(m[len(m)-1].d)
	}
	if at == r {
		return m
	}
	return append(m, shift{int32(d), int32(r)})
}

// decode decodes raw as the tokenizer decodes an attribute value
// (attribute true) or text: CR LF and CR become LF, NUL in an attribute
// U+FFFD, then character
// references are replaced (HTML Living Standard §13.2.5.72), with the
// rule for attributes that a named reference without ';' followed by '='
// or an alphanumeric stays as written.
func decode[T ~string | ~[]byte](raw T, attribute bool) decoded {
	if !hasAmpOrCR(raw, attribute) {
		return decoded{s: string(raw)}
	}
	var sb strings.Builder
	sb.Grow(len(raw))
	var pos offsetMap
	for i := 0; i < len(raw); {
		// The bytes up to the next one decoded, at once.
		j := i
		for j < len(raw) && raw[j] != '&' && raw[j] != '\r' && (raw[j] != 0 || !attribute) {
			j++
		}
		writeRun(&sb, raw[i:j])
		if i = j; i == len(raw) {
			break
		}
		switch raw[i] {
		case 0:
			sb.WriteString("\uFFFD")
			i++
			pos = pos.add(sb.Len(), i)
		case '\r':
			sb.WriteByte('\n')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
				pos = pos.add(sb.Len(), i)
			}
		case '&':
			i, pos = decodeRef(&sb, pos, raw, i, attribute)
		}
	}
	return decoded{s: sb.String(), pos: pos}
}

// decodeRef decodes the character reference at raw[i] (see decode) into
// sb, and returns where it ends and pos with its shift.
func decodeRef[T ~string | ~[]byte](sb *strings.Builder, pos offsetMap, raw T, i int, attribute bool) (int, offsetMap) {
	j := i + 1
	for j < len(raw) && (isAlnum(raw[j]) || raw[j] == '#' && j == i+1) {
		j++
	}
	if j < len(raw) && raw[j] == ';' {
		j++
	}
	if d := commonRef(raw[i:j]); d != "" {
		// What the lines below come to, without a string for the
		// chunk and the decoder's.
		sb.WriteString(d)
		return j, pos.add(sb.Len(), j)
	}
	if j == i+1 || attribute && raw[i+1] != '#' && raw[j-1] != ';' && j < len(raw) && raw[j] == '=' {
		// A '&' alone, or in an attribute a name without ';' before
		// '=' (a query's "&id=", which the decoder may read as "&i"
		// and "d"): left as written, what the lines below come to.
		pos = pos.add(sb.Len(), i)
		writeRun(sb, raw[i:j])
		return j, pos
	}
	chunk := string(raw[i:j])
	d := html.UnescapeString(chunk)
	keep := len(commonSuffix(d, chunk))
	if d == chunk {
		keep = len(chunk)
	} else if attribute && chunk[1] != '#' {
		// Attributes take a named reference only whole.
		if keep > 0 || chunk[len(chunk)-1] != ';' && j < len(raw) && raw[j] == '=' {
			d, keep = chunk, len(chunk)
		}
	}
	// The reference itself, then what the decoder left as it was.
	sb.WriteString(d[:len(d)-keep])
	pos = pos.add(sb.Len(), j-keep)
	sb.WriteString(d[len(d)-keep:])
	return j, pos
}

// commonRef returns what the most common character references of mail
// and web pages, written whole with ';', decode to, "" for another chunk:
// a few names, and the numbers of ASCII characters, which spam writes
// for every letter of a link. TestCommonRef checks them against
// html.UnescapeString.
func commonRef[T ~string | ~[]byte](chunk T) string {
	if len(chunk) > 3 && chunk[1] == '#' && chunk[len(chunk)-1] == ';' {
		return asciiRef(chunk[2 : len(chunk)-1])
	}
	switch string(chunk) {
	case "&nbsp;":
		return "\u00a0"
	case "&amp;":
		return "&"
	case "&lt;":
		return "<"
	case "&gt;":
		return ">"
	case "&quot;":
		return `"`
	case "&copy;":
		return "\u00a9"
	case "&reg;":
		return "\u00ae"
	}
	return ""
}

// asciiRef returns the ASCII character but NUL of the number ref of a
// numeric character reference (after "&#", before ';'), decimal or "x"
// and hexadecimal, or "" for another number.
func asciiRef[T ~string | ~[]byte](ref T) string {
	base := 10
	if ref[0]|0x20 == 'x' {
		base, ref = 16, ref[1:]
	}
	if len(ref) == 0 || len(ref) > 6 {
		return ""
	}
	x := 0
	for i := 0; i < len(ref); i++ {
		d := ascii.HexValue(ref[i])
		if d < 0 || d >= base {
			return ""
		}
		x = x*base + d
	}
	if x == 0 || x >= utf8.RuneSelf {
		return ""
	}
	return asciiChars[x : x+1]
}

// asciiChars are the ASCII characters, each at its number.
var asciiChars = func() string {
	var b [utf8.RuneSelf]byte
	for i := range b {
		b[i] = byte(i)
	}
	return string(b[:])
}()

// writeRun writes s to sb, without a copy of a []byte into a string.
func writeRun[T ~string | ~[]byte](sb *strings.Builder, s T) {
	if b, ok := any(s).([]byte); ok {
		sb.Write(b)
		return
	}
	sb.WriteString(string(s))
}

// hasAmpOrCR reports whether b holds '&' or CR, or, if nul, NUL: whether
// decode changes it. It looks at 8 bytes at a time: it reads every
// URL-bearing value and text with a URL of a page.
func hasAmpOrCR[T ~string | ~[]byte](b T, nul bool) bool {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := word(b, i)
		m := zeroes(w^ones*'&') | zeroes(w^ones*'\r')
		if nul {
			m |= zeroes(w)
		}
		if m&highs != 0 {
			return true
		}
	}
	for ; i < len(b); i++ {
		if c := b[i]; c == '&' || c == '\r' || c == 0 && nul {
			return true
		}
	}
	return false
}

// plainValue reports whether b is 7-bit without '&' or a control but
// DEL: the page's characters in any encoding (see page.isChars) that
// decode leaves as they are. It looks at 8 bytes at a time.
func plainValue(b []byte) bool {
	i := 0
	for ; i+8 <= len(b); i += 8 {
		w := word(b, i)
		// A byte >= 0x80 (w's high bits), < 0x20 (CR, NUL, ESC, but
		// also tab and LF, which the slow way takes) or '&': once no
		// byte is >= 0x80, a high bit of the differences is set by
		// those bytes alone, or by a borrow from one below (zeroes
		// without its &^, which only clears bytes >= 0x80).
		if (w|(w-ones*0x20)|(w^ones*'&'-ones))&highs != 0 {
			return false
		}
	}
	for _, c := range b[i:] {
		if c >= 0x80 || c == '&' || c < 0x20 {
			return false
		}
	}
	return true
}

const ones, highs = 0x0101010101010101, 0x8080808080808080

// zeroes returns a word whose high bits (highs) are not all 0 if one of
// the bytes of x is 0.
func zeroes(x uint64) uint64 {
	return (x - ones) &^ x
}

// word returns the 8 bytes of b from i on, as a little-endian word.
func word[T ~string | ~[]byte](b T, i int) uint64 {
	b = b[i : i+8]
	return uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24 |
		uint64(b[4])<<32 | uint64(b[5])<<40 | uint64(b[6])<<48 | uint64(b[7])<<56
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// commonSuffix returns the longest common suffix of a decoded reference d
// and the chunk it came from, shorter than d: the characters after the
// reference that the decoder left as they were.
func commonSuffix(d, chunk string) string {
	n := 0
	for n < len(d)-1 && n < len(chunk) && d[len(d)-1-n] == chunk[len(chunk)-1-n] {
		n++
	}
	return d[len(d)-n:]
}
