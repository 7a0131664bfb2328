package extract

import (
	"bytes"
	"encoding/binary"
	"iter"
	"math/bits"
	"mime"
	"net/textproto"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/base"
	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/extract/internal/mimepart"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/rfc5322"
)

// header is what the scanner needs of the header section of a message or
// a MIME part (RFC 5322 §2.2, RFC 2045 §3): the first field of each name
// it reads, as written, and where the body starts. Values are slices of
// the message, folding included. The other fields are kept for their
// links (see parseHeaderAll) up to maxKeptFields, and read again from the
// message past that (see scanHeader), so that a header of many fields
// takes no more memory than one of a few.
type header struct {
	start     int  // offset of the header section
	body      int  // offset of the body, after the empty line
	malformed bool // a line that is not a field ended the section early
	first     [len(headerFields)]field
	n         int // the fields in first, in message order
	// all holds every field, in order, when parseHeaderAll kept them;
	// nil otherwise.
	all []field
}

// maxKeptFields is the most fields parseHeaderAll keeps: more than
// nearly any header has (spam with a long trail of Received fields has
// some 60), and few enough that what it keeps stays small.
const maxKeptFields = 256

type field struct {
	name  string // canonical, as textproto.CanonicalMIMEHeaderKey gives it; "" for a field not in headerFields
	raw   []byte // the name as written
	value []byte // raw, with its folding
	off   int    // offset of value in the message
}

// headerFields are the fields scanHeader reads: those that shape the MIME
// structure, those that give a base (RFC 2110, RFC 2557), those whose
// value holds URIs (RFC 2369 §3, RFC 5064), and Content-ID, which names
// a part of a saved page (see savedFrame).
var headerFields = [...]string{
	"Content-Type", "Content-Transfer-Encoding", "Content-Base", "Content-Location",
	"List-Help", "List-Unsubscribe", "List-Subscribe", "List-Post", "List-Owner", "List-Archive",
	"Archived-At", "Snapshot-Content-Location", "Content-ID",
}

// parseHeader reads the header section that starts at b[start] and ends
// before b[end], as scanHeader does.
func parseHeader(b []byte, start, end int) header {
	return parseHeaderAll(b, start, end, nil, delimit.Options{})
}

// parseHeaderAll is parseHeader that also keeps the fields that may hold
// links (see fields) in h.all, in keep[:0], unless keep is nil or the
// header has more than maxKeptFields of them: the fields are then read
// once for both the MIME structure and the links.
func parseHeaderAll(b []byte, start, end int, keep []field, opts delimit.Options) (h header) {
	h.start = start // h is read into where it is returned, not copied there
	all := keep != nil
	keep = keep[:0]
	h.body, h.malformed = scanHeader(b, start, end, all, opts, func(f field) bool {
		if all {
			if all = len(keep) < maxKeptFields; all {
				keep = append(keep, f)
			}
		}
		if f.name == "" {
			return true
		}
		for k := range h.first[:h.n] { // not a copy of each
			if h.first[k].name == f.name {
				return true
			}
		}
		h.first[h.n] = f
		h.n++
		return true
	})
	if all {
		h.all = keep
	}
	return h
}

// fields calls yield with each field of the header h, which starts at
// b[h.start], that may hold a link, in order, until yield returns false:
// those of headerFields, and the others whose value may hold a URI that
// delimit finds with opts (see fieldMayHoldURI), as parseHeaderAll kept
// them with opts, or else as scanHeader reads them again.
func (h *header) fields(b []byte, opts delimit.Options, yield func(field) bool) {
	if h.all == nil {
		scanHeader(b, h.start, h.body, true, opts, yield)
		return
	}
	for _, f := range h.all {
		if !yield(f) {
			return
		}
	}
}

// scanHeader reads the header section that starts at b[start] and ends
// before b[end]: it calls yield with each field of headerFields, and with
// the others too if all, but those that hold no link (idFields, which are
// half the bytes of a header with their Received trail, and those whose
// value holds no URI delimit finds with opts: see fieldMayHoldURI), in
// order, until yield returns false, and returns the offset of the body, and
// whether a line that is not a field ended the section. A line that is
// neither a field ("name:" and a value), nor the continuation of one (RFC
// 5322 §2.2.3), nor an mbox "From " line ends the section: that line, and
// what follows, is the body.
func scanHeader(b []byte, start, end int, all bool, opts delimit.Options, yield func(field) bool) (body int, malformed bool) {
	var cur field // the field read, while its continuation lines come; raw nil if none, or one not read
	body = end
	for i := start; i < end; {
		lineEnd, next := end, end
		if j := bytes.IndexByte(b[i:end], '\n'); j >= 0 {
			lineEnd, next = i+j, i+j+1
		}
		// A continuation line is told by its first byte, before the
		// line is cut: a third of the lines are.
		if c := b[i]; c == ' ' || c == '\t' {
			if cur.raw != nil {
				cur.value = b[cur.off:lineEnd]
			}
			i = next
			continue
		}
		line := b[i:lineEnd]
		if len(line) > 0 && line[len(line)-1] == '\r' {
			line = line[:len(line)-1]
		}
		if len(line) == 0 {
			body = next
			break
		}
		name, colon := fieldName(line)
		if name == nil {
			if bytes.HasPrefix(line, []byte("From ")) || bytes.HasPrefix(line, []byte(">From ")) {
				i = next
				continue
			}
			body, malformed = i, true
			break
		}
		if cur.raw != nil && keptField(cur, opts) && !yield(cur) {
			return end, false
		}
		v := i + colon + 1
		switch canon, kind := lookupField(line, len(name)); {
		case kind == knownField:
			cur = field{name: canon, raw: name, value: b[v:lineEnd], off: v}
		case all && kind == otherField:
			cur = field{raw: name, value: b[v:lineEnd], off: v}
		default:
			cur = field{}
		}
		i = next
	}
	if cur.raw != nil && keptField(cur, opts) {
		yield(cur)
	}
	return body, malformed
}

// keptField reports whether scanHeader yields the field f: one of
// headerFields, or one whose value may hold a URI (most hold none: Date,
// Subject, X-Mailer, ...; see fieldMayHoldURI).
func keptField(f field, opts delimit.Options) bool {
	return f.name != "" || fieldMayHoldURI(f.value, opts)
}

// fieldName returns the name of the field that starts line, white space
// before its colon left out, and the offset of the colon; nil when line
// does not start a field: no colon, an empty name, or white space inside
// it. Every line of a header but the folded ones comes here: the name's
// end is looked for eight bytes at a time (a call to bytes.IndexByte
// costs more on names this short).
func fieldName(line []byte) ([]byte, int) {
	n := nameEnd(line)
	if n > 0 && n < len(line) && line[n] == ':' { // nearly always
		return line[:n], n
	}
	colon := n
	for colon < len(line) && (line[colon] == ' ' || line[colon] == '\t') {
		colon++
	}
	if n > 0 && colon < len(line) && line[colon] == ':' {
		return line[:n], colon
	}
	return nil, bytes.IndexByte(line, ':') // no name, or white space in it
}

// nameEnd returns the offset of the first white space or colon of line,
// or len(line).
func nameEnd(line []byte) int {
	const ones, highs, colons = 0x0101010101010101, 0x8080808080808080, 0x3a3a3a3a3a3a3a3a
	n := 0
	for ; n+8 <= len(line); n += 8 {
		x := binary.LittleEndian.Uint64(line[n : n+8])
		// The first byte under '!' (white space, or a control byte
		// that does not end a name) or ':' (Hacker's Delight 6-1: the
		// lowest bit is exact, the ones above it may not be).
		y := x ^ colons
		if m := ((x-0x21*ones)&^x | (y-ones)&^y) & highs; m != 0 {
			n += bits.TrailingZeros64(m) >> 3
			break
		}
	}
	for n < len(line) && !nameEnds[line[n]] {
		n++
	}
	return n
}

// nameEnds tells the bytes that end a field name: white space, colon.
var nameEnds = [256]bool{' ': true, '\t': true, ':': true}

// fieldKind is what scanHeader does with a field, by its name.
type fieldKind uint8

const (
	otherField fieldKind = iota // read for the URIs in its text, when all
	knownField                  // one of headerFields: read, with its name
	idField                     // one of idFields: not read, it holds no link
)

// fieldSlot is an entry of fieldTable: a name of headerFields or
// idFields, as written there, and its kind; "" in an empty one. head and
// tail are its first and last eight bytes as words (see fieldWords),
// lowercase, and headCase and tailCase have 0x20 in each byte that is a
// letter there: a word of a name matches in any case when ORed with
// them, in one compare.
type fieldSlot struct {
	name                           string
	kind                           fieldKind
	head, tail, headCase, tailCase uint64
}

// fieldTable holds headerFields and idFields by fieldHash, each in the
// first empty slot from there on: a name is looked up in a probe or two
// of a word compare or two, where a loop over the lists took one compare
// per name (every field of every header comes here).
var fieldTable = func() (t [fieldSlots]fieldSlot) {
	// A lookup ends at an empty slot: a table more than half full would
	// probe long, and a full one for ever.
	if len(headerFields)+len(idFields) > fieldSlots/2 {
		panic("extract: fieldSlots is too small for headerFields and idFields")
	}
	add := func(names []string, kind fieldKind) {
		for _, f := range names {
			head, tail := fieldWords([]byte(f), len(f))
			i := fieldHash(head, tail, len(f))
			for t[i].name != "" && t[i].name != f {
				i = (i + 1) % fieldSlots
			}
			if t[i].name == "" {
				lh, lt := fieldWords([]byte(strings.ToLower(f)), len(f))
				t[i] = fieldSlot{f, kind, lh, lt, letterBits(lh), letterBits(lt)}
			}
		}
	}
	add(headerFields[:], knownField)
	add(idFields, idField) // Content-ID is in both: known
	return t
}()

// letterBits returns the word w, lowercase, with 0x20 for each byte that
// is a letter and 0 for the others.
func letterBits(w uint64) uint64 {
	var m uint64
	for i := 0; i < 64; i += 8 {
		if c := byte(w >> i); 'a' <= c && c <= 'z' {
			m |= 0x20 << i
		}
	}
	return m
}

// fieldWords returns the first and the last eight bytes of the name
// line[:n] as little-endian words, zero past its end: the same word twice
// for a name of eight bytes or fewer, read at once when line is longer.
func fieldWords(line []byte, n int) (head, tail uint64) {
	if name := line[:n]; len(name) >= 8 {
		return binary.LittleEndian.Uint64(name), binary.LittleEndian.Uint64(name[len(name)-8:])
	}
	if len(line) >= 8 {
		head = binary.LittleEndian.Uint64(line) & (1<<(8*n) - 1)
		return head, head
	}
	for i := n - 1; i >= 0; i-- {
		head = head<<8 | uint64(line[i])
	}
	return head, head
}

// fieldHash returns the slot of fieldTable where the lookup of a name of
// n bytes whose words are head and tail starts. The words are ORed with
// 0x20 in every byte, which leaves them the same in any case for the
// bytes of a name isName matches.
func fieldHash(head, tail uint64, n int) int {
	const fold = 0x2020202020202020
	return int(((head|fold)*0x9e3779b97f4a7c15 ^ (tail|fold)*0xc2b2ae3d27d4eb4f + uint64(n)) >> 57)
}

// fieldSlots is the size of fieldTable, a power of two (see fieldHash),
// about three times the names it holds.
const fieldSlots = 128

// lookupField returns the field of headerFields or idFields that the
// name line[:n], not empty, is, in any case, and its kind; idField for a
// field named "ARC-..." (RFC 8617); "" and otherField for any other.
func lookupField(line []byte, n int) (string, fieldKind) {
	name := line[:n]
	head, tail := fieldWords(line, n)
	for i := fieldHash(head, tail, n); ; i = (i + 1) % fieldSlots {
		s := &fieldTable[i]
		if s.name == "" {
			break
		}
		if len(s.name) == n && head|s.headCase == s.head && tail|s.tailCase == s.tail &&
			(n <= 16 || isName(s.name[8:n-8], name[8:n-8])) {
			return s.name, s.kind
		}
	}
	const arc, arcCase = 'a' | 'r'<<8 | 'c'<<16 | '-'<<24, 0x202020
	if n > 4 && uint32(head)|arcCase == arc {
		return "", idField
	}
	return "", otherField
}

// isName reports whether name is f in any case, as strings.EqualFold
// tells, for f made of ASCII letters, digits, '-', '.' and '/' (a field
// name, a media type): byte by byte, as a name of f's length can match it
// with no other bytes (the runes that fold to an ASCII letter, 'ſ' and
// 'K', are longer than one byte).
func isName(f string, name []byte) bool {
	if len(f) != len(name) {
		return false
	}
	for i := range len(f) {
		c := name[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		if c != f[i]|0x20 { // '-', '.', '/' and digits have that bit
			return false
		}
	}
	return true
}

// get returns the unfolded value of the first field named name, and
// whether there is one.
func (h *header) get(name string) (string, bool) {
	v, ok := h.value(name)
	return string(v), ok
}

// value is get without the copy: a slice of the message when the field
// is not folded.
func (h *header) value(name string) ([]byte, bool) {
	for k := range h.first[:h.n] { // not a copy of each
		if f := &h.first[k]; f.name == name {
			return unfold(f.value), true
		}
	}
	return nil, false
}

// hasPrefixLower reports whether strings.ToLower(string(v)) starts with
// prefix, lowercase ASCII as isName takes it, without the copies when the bytes there are
// ASCII (a rune such as U+0130 lowers to an ASCII letter).
func hasPrefixLower(v []byte, prefix string) bool {
	if !charset.IsPlainASCII(v[:min(len(v), len(prefix))]) {
		return strings.HasPrefix(strings.ToLower(string(v)), prefix)
	}
	return len(v) >= len(prefix) && isName(prefix, v[:len(prefix)])
}

// unfold removes the line breaks of folding (RFC 5322 §2.2.3), and the
// white space around the value.
func unfold(v []byte) []byte {
	v = bytes.TrimSpace(v)
	if bytes.IndexByte(v, '\n') < 0 {
		return v
	}
	out := make([]byte, 0, len(v))
	for _, c := range v {
		if c != '\r' && c != '\n' {
			out = append(out, c)
		}
	}
	return out
}

// mediaType returns the media type and parameters of the Content-Type
// field (RFC 2045 §5.1), lowercased, or def when there is none or it
// cannot be read. Malformed parameters, as spam has them, are read
// leniently: only the ones that matter here (boundary, charset, format,
// delsp) are looked for. The parameters are in into, emptied first, when
// it is not nil and the field is well formed (see
// mimepart.ParseMediaTypeInto), else in a new map.
func (h *header) mediaType(def string, into map[string]string) (string, map[string]string) {
	v, ok := h.get("Content-Type")
	if !ok {
		return def, nil
	}
	mt, params, err := mimepart.ParseMediaTypeInto(v, into)
	if err == nil && strings.Count(mt, "/") == 1 {
		return mt, params
	}
	if err != mime.ErrInvalidMediaParameter {
		mt = strings.ToLower(strings.TrimSpace(v))
		if i := strings.IndexAny(mt, "; \t\r\n"); i >= 0 {
			mt = mt[:i]
		}
		if strings.Count(mt, "/") != 1 || strings.ContainsAny(mt, "\"(),:<>@[]\\") {
			mt = def
		}
	}
	params = map[string]string{}
	lower := ascii.Lower([]byte(v)) // once for the four names
	for _, name := range [...]string{"boundary", "charset", "format", "delsp"} {
		if p, ok := mimepart.LooseParam(v, lower, name); ok {
			params[name] = p
		}
	}
	return mt, params
}

// mimeBaseHeader returns the Content-Base and Content-Location fields of h
// for base.Base.MIME, unfolded, with their RFC 2047 encoded words decoded
// (RFC 2557 §4.4.3 allows them for non-ASCII URIs), or nil if h has none.
func (h *header) mimeBaseHeader() textproto.MIMEHeader {
	var m textproto.MIMEHeader
	for _, name := range [...]string{"Content-Base", "Content-Location"} {
		if v, ok := h.get(name); ok {
			if m == nil {
				m = textproto.MIMEHeader{}
			}
			m[name] = []string{charset.DecodeWords(v)}
		}
	}
	return m
}

// headerRef is a URI reference found in a header field.
type headerRef struct {
	ref   string
	off   int // in the message
	style Style
}

// headerRefs yields the URI references in field f, one by one, so that a
// field of many holds no more than one at a time: for the list fields
// of RFC 2369 §2 and Archived-At (RFC 5064 §2), each "<...>", white space
// inside removed, comments "(...)" skipped, and, when a sender left out
// the brackets, each white-space or comma separated word with a scheme;
// for Content-Base and Content-Location, the value as base.HeaderValue
// reads it, after RFC 2047 encoded words in any charset are decoded.
func headerRefs(f field) iter.Seq[headerRef] {
	return func(yield func(headerRef) bool) {
		fieldRefs(f, yield)
	}
}

// fieldRefs is headerRefs; it returns false when yield does.
func fieldRefs(f field, yield func(headerRef) bool) bool {
	switch f.name {
	case "Content-Type":
		r, ok := externalBodyRef(f)
		return !ok || yield(r)
	case "Content-Base", "Content-Location":
		r, ok := baseRef(f)
		return !ok || yield(r)
	}
	bracketed, ok := angleRefs(f, yield)
	if bracketed || !ok {
		return ok
	}
	return bareRefs(f, yield)
}

// baseRef returns the URI of a Content-Base or Content-Location field f,
// and whether it has one.
func baseRef(f field) (headerRef, bool) {
	v := f.value
	start := 0
	for start < len(v) && isFoldSpace(v[start]) {
		start++
	}
	style := StyleBare
	if start < len(v) && (v[start] == '"' || v[start] == '<') {
		style = StyleQuoted
		if v[start] == '<' {
			style = StyleAngle
		}
		start++
	}
	ref := base.HeaderValue(charset.DecodeWords(string(v)))
	return headerRef{ref: ref, off: f.off + start, style: style}, ref != ""
}

// angleRefs yields the "<...>" of a list field f, past comments and quoted
// strings, and reports whether f has any, and false when yield does.
func angleRefs(f field, yield func(headerRef) bool) (bracketed, ok bool) {
	v := f.value
	for i := 0; i < len(v); i++ {
		switch v[i] {
		case '(':
			i = skipComment(v, i)
		case '"':
			for i++; i < len(v) && v[i] != '"'; i++ {
				if v[i] == '\\' {
					i++
				}
			}
		case '<':
			j := bytes.IndexByte(v[i:], '>')
			if j < 0 {
				j = len(v) - i
			}
			bracketed = true
			if ref := unfoldAll(v[i+1 : i+j]); ref != "" {
				if !yield(headerRef{ref: ref, off: f.off + i + 1, style: StyleAngle}) {
					return true, false
				}
			}
			i += j
		}
	}
	return bracketed, true
}

// bareRefs yields the words with a scheme of a list field f whose sender
// left out the brackets, split at white space and commas; it returns
// false when yield does.
func bareRefs(f field, yield func(headerRef) bool) bool {
	v := f.value
	for i := 0; i < len(v); {
		for i < len(v) && (isFoldSpace(v[i]) || v[i] == ',') {
			i++
		}
		j := i
		for j < len(v) && !isFoldSpace(v[j]) && v[j] != ',' {
			j++
		}
		if word := v[i:j]; bytes.Contains(word, []byte(":")) && !bytes.HasPrefix(word, []byte("(")) {
			if !yield(headerRef{ref: string(word), off: f.off + i, style: StyleBare}) {
				return false
			}
		}
		i = j
	}
	return true
}

// externalBodyRef returns the URL of a Content-Type field
// "message/external-body; access-type=URL; URL=..." (RFC 2017 §3), its
// white space removed (§2: a long URL may be split and folded anywhere),
// and whether there is one.
func externalBodyRef(f field) (headerRef, bool) {
	// A field of another type, nearly all, is not parsed a second time
	// (readHeader parses it for the part's media type), and most are told
	// by their first letter: not 'm' (nor a byte of a Unicode space that
	// bytes.TrimSpace would remove).
	i := 0
	for i < len(f.value) && isFoldSpace(f.value[i]) {
		i++
	}
	if i == len(f.value) || f.value[i]|0x20 != 'm' && f.value[i] < utf8.RuneSelf {
		return headerRef{}, false
	}
	if mt, _, _ := bytes.Cut(f.value, []byte(";")); !bytes.EqualFold(bytes.TrimSpace(mt), []byte("message/external-body")) {
		return headerRef{}, false
	}
	raw := string(unfold(f.value))
	mt, params, err := mimepart.ParseMediaType(raw)
	if err != nil || mt != "message/external-body" || !strings.EqualFold(params["access-type"], "url") {
		return headerRef{}, false
	}
	ref := unfoldAll([]byte(params["url"]))
	if ref == "" {
		return headerRef{}, false
	}
	off, style := f.off, StyleBare
	lower := ascii.Lower(f.value) // offsets in f.value, see mimepart.LooseParam
	for from := 0; ; {
		i := strings.Index(lower[from:], "url")
		if i < 0 {
			break
		}
		i += from
		from = i + 3
		if i > 0 && lower[i-1] != ';' && !isFoldSpace(lower[i-1]) {
			continue // not the parameter name: "access-type=URL"
		}
		j := i + 3
		for j < len(lower) && isFoldSpace(lower[j]) {
			j++
		}
		if j == len(lower) || lower[j] != '=' {
			continue
		}
		for j++; j < len(lower) && isFoldSpace(lower[j]); j++ {
		}
		if j < len(lower) && lower[j] == '"' {
			j, style = j+1, StyleQuoted
		}
		off += j
		break
	}
	return headerRef{ref: ref, off: off, style: style}, true
}

// skipComment returns the index of the ")" that closes the comment
// opening at v[i], or the last index when it is not closed.
func skipComment(v []byte, i int) int {
	if n := rfc5322.CommentEnd(v[i:]); n >= 0 {
		return i + n - 1
	}
	return len(v) - 1
}

func isFoldSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' || c == '\n' }

// unfoldAll returns v without any white space: within a URI in a header,
// white space is folding (RFC 2369 §2, RFC 2557 §4.4.2). It looks for
// the first eight bytes at a time: every <...> of a list field comes
// here, and nearly none holds any.
func unfoldAll(v []byte) string {
	const below = 0x2121212121212121 // a byte under '!': control or space
	i := 0
	for ; i+8 <= len(v); i += 8 {
		x := binary.LittleEndian.Uint64(v[i:])
		if (x-below)&^x&0x8080808080808080 != 0 { // Hacker's Delight 6-1
			break
		}
	}
	for i < len(v) && !isFoldSpace(v[i]) {
		i++
	}
	if i == len(v) { // nearly always: one copy
		return string(v)
	}
	var b strings.Builder
	b.Grow(len(v))
	b.Write(v[:i])
	for _, c := range v[i:] {
		if !isFoldSpace(c) {
			b.WriteByte(c)
		}
	}
	return b.String()
}
