package delimit

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
	"unsafe"

	"github.com/urix/urix/uri"
	"golang.org/x/net/publicsuffix"
)

// syntax is what a scheme's syntax requires after its ':'.
type syntax uint8

const (
	anyPart     syntax = iota // something, anything
	needHost                  // "//" and a non-empty, valid host
	needSlashes               // "//", the host may be empty
	needSlash                 // a hier-part that starts with "/"
	needAddress               // mail addresses or header fields (mailto, RFC 6068 §2)
	needPhone                 // a global number, or a local one with its context (RFC 3966 §3)
)

// Byte classes.
const (
	cURI    = 1 << iota // may appear in a bare URI (RFC 3986 §2: reserved, unreserved, '%')
	cScheme             // may appear in a scheme (RFC 3986 §3.1)
	cAlpha
	cSpace  // whitespace a line of text may contain
	cPlain  // goes on a bare URI and needs no second look: cURI but brackets and the apostrophe
	cHexRun // a hex digit or ':', as in IPv6 addresses
)

var class = func() (t [256]uint8) {
	for c := 0x21; c < 0x7f; c++ {
		if !strings.ContainsRune("\"<>\\^`{|}", rune(c)) {
			t[c] |= cURI
			if !strings.ContainsRune("()[]'", rune(c)) {
				t[c] |= cPlain
			}
		}
	}
	for c := 'a'; c <= 'z'; c++ {
		t[c] |= cScheme | cAlpha
		t[c-'a'+'A'] |= cScheme | cAlpha
	}
	for c := '0'; c <= '9'; c++ {
		t[c] |= cScheme | cHexRun
	}
	for c := 'a'; c <= 'f'; c++ {
		t[c] |= cHexRun
		t[c-'a'+'A'] |= cHexRun
	}
	t[':'] |= cHexRun
	t['+'] |= cScheme
	t['-'] |= cScheme
	t['.'] |= cScheme
	for _, c := range " \t\r\n\f\v" {
		t[c] |= cSpace
	}
	return t
}()

//go:generate go run gen_schemes.go

// lookupScheme returns the syntax of the registered scheme name (any case).
func lookupScheme[T string | []byte](name T) (syntax, bool) {
	if len(name) == 0 || len(name) > maxSchemeLen {
		return 0, false
	}
	if c := name[0] | 0x20; c < 'a' || c > 'z' || schemeInitials[len(name)]&(1<<(c-'a')) == 0 {
		return 0, false
	}
	for j := schemeHash(name) & schemeMask; ; j = (j + 1) & schemeMask {
		e := &schemeTable[j]
		if len(e.name) == 0 {
			return 0, false
		}
		if len(e.name) == len(name) && equalLower(e.name, name) {
			return e.syn, true
		}
	}
}

// schemeTable holds the schemes map in an open-addressing hash table (FNV-1a,
// linear probing): most words before a ':' are no scheme, and this rejects
// them faster than the map, without lowering a copy of the name.
var schemeTable = func() (t [schemeMask + 1]struct {
	name string
	syn  syntax
}) {
	if len(schemes) > len(t)/2 {
		panic("delimit: schemeTable too small")
	}
	for name, syn := range schemes {
		j := schemeHash(name) & schemeMask
		for len(t[j].name) != 0 {
			j = (j + 1) & schemeMask
		}
		t[j].name, t[j].syn = name, syn
	}
	return t
}()

// schemeHash returns the FNV-1a hash of name, lowered.
func schemeHash[T string | []byte](name T) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(toLower[name[i]])) * fnvPrime
	}
	return h
}

const (
	schemeMask = 1<<10 - 1
	fnvOffset  = 2166136261
	fnvPrime   = 16777619
)

// toLower maps ASCII upper-case letters to lower case, other bytes to
// themselves.
var toLower = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = byte(c + 'a' - 'A')
	}
	return t
}()

// equalLower reports whether name, lowered, is lower.
func equalLower[T string | []byte](lower string, name T) bool {
	for i := 0; i < len(name); i++ {
		if toLower[name[i]] != lower[i] {
			return false
		}
	}
	return true
}

// schemeAt returns the end of the scheme starting at b[i] when a ':'
// follows it, or -1.
func schemeAt(b []byte, i int) int {
	if i >= len(b) || class[b[i]]&cAlpha == 0 {
		return -1
	}
	j := i + 1
	for j < len(b) && class[b[j]]&cScheme != 0 {
		j++
	}
	if j < len(b) && b[j] == ':' {
		return j
	}
	return -1
}

// quotedLine reports whether the line holding b[i] starts with a mail
// quote marker '>' (RFC 3676 §4.5 calls it the quote indicator).
func (s *Scanner) quotedLine(i int) bool {
	b := s.buf
	lo := max(0, i-lineLookBehind)
	k := bytes.LastIndexByte(b[lo:i], '\n')
	if k < 0 {
		if s.off+int64(lo) > 0 {
			return false // a line that long is not quoted mail
		}
		k = lo
	} else {
		k += lo + 1
	}
	for k < i && (b[k] == ' ' || b[k] == '\t') {
		k++
	}
	return k < i && b[k] == '>'
}

// skipMarkers returns the index after the quote markers and blanks at
// b[i:], as in "> > " or ">>".
func skipMarkers(b []byte, i int) int {
	for i < len(b) && (b[i] == '>' || b[i] == ' ' || b[i] == '\t') {
		i++
	}
	return i
}

// isNBSP reports whether b[i:] starts with U+00A0 in UTF-8.
func isNBSP(b []byte, i int) bool {
	return b[i] == 0xC2 && i+1 < len(b) && b[i+1] == 0xA0
}

// angle looks at the '<' at t: RFC 3986 Appendix C's <URI> and <URL:URI>,
// with whitespace and mail quote markers removed. schemeSeen tells that
// opener found it before a scheme and its ':'.
func (s *Scanner) angle(t int64, schemeSeen bool) outcome {
	b, q := s.buf, int(t-s.off)
	limit := q + 1 + s.max + angleSlack

	// Most '<' start no URI: reject them on their first bytes. A URI
	// starts with its scheme (or "URL:"), after whitespace if any; when
	// opener found the '<' from the scheme's ':', that is known.
	if !schemeSeen {
		k := q + 1
		for k < len(b) && k <= limit && (class[b[k]]&cSpace != 0 || b[k] == 0xC2 || b[k] == 0xA0) {
			k++
		}
		k, _ = schemeEnd(b, k, limit)
		if k >= len(b) && !s.final() {
			return more
		}
		if k < len(b) && k <= limit && b[k] != ':' && !s.opts.Relative {
			return s.fail(q + 1)
		}
	}

	quoted, knowQuoted := false, false
	spaced := false // whitespace or NBSP inside: the URI needs cleaning
	close := -1
	for j := q + 1; close < 0; {
		j = skipClass(b, j, len(b), cURI)
		if j >= len(b) || (j+1 == len(b) && b[j] == 0xC2) {
			if !s.final() {
				return more
			}
			return s.fail(q + 1)
		}
		if j > limit {
			return s.fail(q + 1)
		}
		switch c := b[j]; {
		case c == '>':
			close = j
		case c == '\n':
			spaced = true
			if !knowQuoted {
				quoted, knowQuoted = s.quotedLine(q), true
			}
			k := j + 1
			for k < len(b) && class[b[k]]&cSpace != 0 && b[k] != '\n' {
				k++
			}
			if quoted {
				k = skipMarkers(b, k)
			}
			if k >= len(b) && !s.final() {
				return more
			}
			if k < len(b) && b[k] == '\n' {
				return s.fail(q + 1) // a blank line ends the paragraph
			}
			j = k
		case class[c]&cSpace != 0:
			spaced = true
			j++
		case isNBSP(b, j):
			spaced = true
			j += 2
		default:
			return s.fail(q + 1)
		}
	}

	// The URI proper: past leading whitespace and "URL:", before trailing
	// whitespace.
	start := skipSpace(b, q+1, close, quoted)
	style := Angle
	if close-start >= 4 && b[start]|0x20 == 'u' && b[start+1]|0x20 == 'r' && b[start+2]|0x20 == 'l' && b[start+3] == ':' {
		style = AngleURL
		start = skipSpace(b, start+4, close, quoted)
	}
	end := close
	for end > start && (class[b[end-1]]&cSpace != 0 || (end-2 >= start && isNBSP(b, end-2))) {
		if b[end-1] == 0xA0 {
			end--
		}
		end--
	}
	if start == end {
		return s.fail(q + 1)
	}
	colon, split := start, false
	for colon < end && class[b[colon]]&cScheme != 0 {
		colon++
	}
	if colon < end && b[colon] != ':' {
		colon, split = schemeEnd(b, start, end-1)
	}
	absolute := colon < end && b[colon] == ':' && class[b[start]]&cAlpha != 0
	if absolute && !lineBreakAt(b, colon+1, end) {
		return s.fail(q + 1) // "<key-list: string-list>" is prose
	}
	if absolute && split {
		// "<see\nhttp://...>" is a word before a URI, not a broken scheme.
		last := colon
		for class[b[last-1]]&cScheme != 0 {
			last--
		}
		if _, ok := lookupScheme(b[last:colon]); ok {
			return s.fail(q + 1)
		}
	}
	var syn syntax
	if absolute && !split {
		var registered bool
		// Registered schemes are not taken for XML prefixes.
		if syn, registered = lookupScheme(b[start:colon]); !registered {
			xml, o := s.xmlElement(b, start, colon, end, close)
			if o == more {
				return more
			}
			if xml {
				return s.fail(close + 1)
			}
		}
	}

	// Clean: drop whitespace, and quote markers after line breaks.
	out := b[start:end]
	s.breaks = s.breaks[:0]
	joined, spaceOnly := false, false
	if spaced {
		out = s.scratch[:0]
		for j := start; j < end; {
			if class[b[j]]&cSpace == 0 && !isNBSP(b, j) {
				out = append(out, b[j])
				j++
				continue
			}
			joined = true
			k, newline := j, false
			for k < end && (class[b[k]]&cSpace != 0 || isNBSP(b, k)) {
				if b[k] == '\n' {
					newline = true
					if quoted {
						k = skipMarkers(b, k+1)
						continue
					}
				}
				if b[k] == 0xC2 {
					k++
				}
				k++
			}
			if !newline {
				spaceOnly = true
			} else if len(out) > 0 && out[len(out)-1] == '-' {
				s.breaks = append(s.breaks, len(out)-1)
			}
			j = k
		}
		s.scratch = out
	}
	if len(out) > s.max {
		return s.fail(q + 1)
	}
	m := Match{Style: style, Joined: joined}
	if absolute {
		u, err := parseView(out)
		if split {
			syn, _ = lookupScheme(u.Scheme)
		}
		if err != nil || !schemeRule(u, syn) {
			return s.fail(q + 1)
		}
		m.URI = string(out)
	} else {
		if !s.opts.Relative || spaceOnly || !plausibleRelative(out) {
			return s.fail(q + 1)
		}
		if u, err := parseView(out); err != nil || u.IsAbs() {
			return s.fail(q + 1)
		}
		m.URI, m.Relative = string(out), true
	}
	m.Alt = s.alternative(out)
	return s.emit(m, start, end, close+1)
}

// schemeEnd returns the index after the scheme characters at b[i:], at
// most up to b[limit], and whether they are broken by whitespace holding
// a line break ("ht\n tp"), as a URI in <...> may be (RFC 3986
// Appendix C). The index is len(b) or more when b ends too soon to tell.
func schemeEnd(b []byte, i, limit int) (int, bool) {
	split := false
	for {
		for i < len(b) && i <= limit && class[b[i]]&cScheme != 0 {
			i++
		}
		k, newline := i, false
		for k < len(b) && k <= limit && class[b[k]]&cSpace != 0 {
			newline = newline || b[k] == '\n'
			k++
		}
		if k >= len(b) && newline {
			return k, split
		}
		if !newline || k >= len(b) || k > limit || class[b[k]]&cScheme == 0 {
			return i, split
		}
		i, split = k, true
	}
}

// lineBreakAt reports whether b[i:end] starts with no whitespace, or with
// whitespace that holds a line break: a URI in <...> may be broken across
// lines right after its scheme, but a space there is prose.
func lineBreakAt(b []byte, i, end int) bool {
	spaced := false
	for ; i < end && (class[b[i]]&cSpace != 0 || b[i] == 0xC2 || b[i] == 0xA0); i++ {
		if b[i] == '\n' {
			return true
		}
		spaced = true
	}
	return !spaced
}

// xmlTagLookahead is how far after "<p:name>" a closing "</p:" is sought.
const xmlTagLookahead = 1024

// xmlElement reports whether the bracketed b[start:end], with an
// unregistered scheme ending at colon, is rather an XML element with a
// namespace prefix: "<xhtml:div>" is, when "</xhtml:" follows soon, and so
// are "<ds:Sig/>" and a name with capitals, "<ds:Object>", which an
// unregistered scheme's URI rarely is.
func (s *Scanner) xmlElement(b []byte, start, colon, end, close int) (bool, outcome) {
	name := b[colon+1 : end]
	selfClosing := bytes.HasSuffix(name, []byte("/"))
	name = bytes.TrimSuffix(name, []byte("/"))
	if len(name) == 0 || class[name[0]]&cAlpha == 0 && name[0] != '_' {
		return false, failed
	}
	camel := false // "ds:Object", "xsd:complexType": XML's naming style
	for _, c := range name {
		if !isAlnum(rune(c)) && c != '-' && c != '_' && c != '.' {
			return false, failed
		}
		camel = camel || 'A' <= c && c <= 'Z'
	}
	if selfClosing || camel {
		return true, failed
	}
	lim := close + 1 + xmlTagLookahead
	if lim > len(b) {
		if !s.final() {
			return false, more
		}
		lim = len(b)
	}
	prefix := b[start:colon]
	for i := close + 1; ; {
		k := s.closeTag(i, lim)
		if k < 0 {
			return false, failed
		}
		t := b[k+2 : lim]
		if len(t) > len(prefix) && bytes.HasPrefix(t, prefix) && t[len(prefix)] == ':' {
			return true, failed
		}
		i = k + 2
	}
}

// closeTag returns the index of the first "</" in b[i:lim], or -1. It
// remembers the stretch it found none in: in a run of bracketed names
// ("<x:y><x:y>"), each would otherwise search the same xmlTagLookahead
// bytes again.
func (s *Scanner) closeTag(i, lim int) int {
	j := i
	if from := s.off + int64(i); s.tagFrom <= from && from < s.tagTo {
		j = min(lim, int(s.tagTo-s.off))
	} else {
		s.tagFrom, s.tagTo = from, from
	}
	k := bytes.Index(s.buf[j:lim], []byte("</"))
	end := max(j, lim-1)
	if k >= 0 {
		k += j
		end = k
	}
	s.tagTo = max(s.tagTo, s.off+int64(end))
	return k
}

// skipSpace returns the index of the first byte of b[i:end] that is not
// whitespace, NBSP, or a quote marker at the start of a line.
func skipSpace(b []byte, i, end int, quoted bool) int {
	for i < end {
		switch {
		case b[i] == '\n' && quoted:
			i = min(skipMarkers(b, i+1), end)
		case class[b[i]]&cSpace != 0:
			i++
		case isNBSP(b, i):
			i += 2
		default:
			return i
		}
	}
	return i
}

// alternative returns the reading of out without the hyphens at the line
// breaks recorded in s.breaks, or "" when there are none (RFC 3986
// Appendix C: the hyphen "may or may not actually be part of the URI").
func (s *Scanner) alternative(out []byte) string {
	if len(s.breaks) == 0 {
		return ""
	}
	var alt strings.Builder
	alt.Grow(len(out) - len(s.breaks))
	prev := 0
	for _, h := range s.breaks {
		alt.Write(out[prev:h])
		prev = h + 1
	}
	alt.Write(out[prev:])
	return alt.String()
}

// plausibleRelative reports whether the bracketed ref reads as a relative
// reference rather than a placeholder ("<host>"), an HTML tag ("</p>",
// "<br/>") or a mail address ("<user@example.com>").
func plausibleRelative(ref []byte) bool {
	if !bytes.ContainsAny(ref, "/.?#") || !bytes.ContainsFunc(ref, isAlnum) {
		return false
	}
	if at := bytes.IndexByte(ref, '@'); at >= 0 && bytes.IndexByte(ref[:at], '/') < 0 {
		return false
	}
	// A tag name with one slash before or after it.
	word := bytes.TrimSuffix(bytes.TrimPrefix(ref, []byte("/")), []byte("/"))
	if len(word) != len(ref)-1 || class[word[0]]&cAlpha == 0 {
		return true
	}
	for _, c := range word {
		if !isAlnum(rune(c)) && c != '-' {
			return true
		}
	}
	return false
}

// isAlnum reports whether c is an ASCII letter or digit.
func isAlnum(c rune) bool {
	return c < 0x80 && class[c]&cScheme != 0 && c != '.' && c != '+' && c != '-'
}

// schemeRule reports whether u meets what the syntax of its scheme
// requires, syn as lookupScheme gives it (anyPart if unregistered):
// "http:g" and "http://" are no http URIs (RFC 9110 §4.2.1 requires a
// host).
func schemeRule(u uri.URI, syn syntax) bool {
	if u.Host == "" && u.Path == "" && !u.HasUserinfo && !u.HasPort && !u.HasQuery && !u.HasFragment {
		return false // nothing after the ':'
	}
	switch syn {
	case needHost:
		return u.HasAuthority && validHost(u)
	case needSlashes:
		return u.HasAuthority && (u.Host == "" || validHost(u))
	case needSlash:
		return u.HasAuthority && (u.Host == "" || validHost(u)) || strings.HasPrefix(u.Path, "/")
	case needAddress:
		return mailtoOK(u)
	case needPhone:
		return phoneOK(u.Path)
	}
	return true
}

// phoneOK reports whether the path of a tel, fax or modem URI is a
// telephone-subscriber: a global number, '+' and at least a digit, or a
// local number with its ";phone-context=" (RFC 3966 §3, RFC 2806 §2).
func phoneOK(path string) bool {
	if len(path) > 1 && path[0] == '+' {
		number, _, _ := strings.Cut(path, ";")
		return strings.ContainsAny(number, "0123456789")
	}
	const context = ";phone-context="
	for i := 1; i+len(context) < len(path); i++ {
		if path[i] == ';' && strings.EqualFold(path[i:i+len(context)], context) {
			return true
		}
	}
	return false
}

// mailtoOK reports whether u has the addresses or header fields that a
// mailto URI is made of: "mailto:bar" is none (RFC 6068 §2: to is a list
// of addr-spec, each with an '@').
func mailtoOK(u uri.URI) bool {
	if u.Path == "" {
		return u.HasQuery
	}
	for addr := range strings.SplitSeq(u.Path, ",") {
		if at := strings.LastIndexByte(addr, '@'); at <= 0 || at == len(addr)-1 {
			return false
		}
	}
	return true
}

// validHost reports whether the host of u, parsed by package uri, is an IP
// address or a DNS name: labels of letters, digits and inner hyphens
// (RFC 1123 §2.1), or percent-encoded octets (RFC 3986 §3.2.2). A final dot
// is allowed.
func validHost(u uri.URI) bool {
	if strings.HasPrefix(u.Host, "[") {
		return true // an IP literal, valid since u parsed
	}
	// An IPv4 address passes as a name of digit labels.
	h := strings.TrimSuffix(u.Host, ".")
	if h == "" {
		return false
	}
	label := 0 // start of the label at h[i]
	for i := 0; i < len(h); i++ {
		if c := h[i]; c == '.' {
			if !labelOK(h[label:i]) {
				return false
			}
			label = i + 1
		} else if !hostByte[c] {
			return false
		}
	}
	return labelOK(h[label:])
}

// labelOK reports whether the DNS label l, of host bytes, has a length
// and hyphens that RFC 1123 §2.1 allows.
func labelOK(l string) bool {
	return len(l) > 0 && len(l) <= 63 && l[0] != '-' && l[len(l)-1] != '-'
}

// hostByte marks the bytes of a DNS name's labels: letters, digits, '-',
// and '%' of percent-encoded octets.
var hostByte = func() (t [256]bool) {
	for c := range t {
		t[c] = isAlnum(rune(c)) || c == '-' || c == '%'
	}
	return t
}()

// quoted looks at the '"' at t: a URI that is all the text up to the next
// '"' on the line (RFC 3986 Appendix C).
func (s *Scanner) quoted(t int64) outcome {
	b, q := s.buf, int(t-s.off)
	j := q + 1
	for j < len(b) && j-q <= maxSchemeLen+1 && class[b[j]]&cScheme != 0 {
		j++
	}
	if j >= len(b) && !s.final() {
		return more
	}
	if j >= len(b) || b[j] != ':' {
		return s.fail(q + 1)
	}
	for j < len(b) && b[j] != '"' {
		if class[b[j]]&cURI == 0 || j-q > s.max {
			return s.fail(q + 1)
		}
		j++
	}
	if j >= len(b) {
		if !s.final() {
			return more
		}
		return s.fail(q + 1)
	}
	colon := schemeAt(b[:j], q+1)
	if colon < 0 {
		return s.fail(q + 1)
	}
	syn, ok := lookupScheme(b[q+1 : colon])
	if !ok || colon+1 == j || notAfterScheme(b[colon+1]) {
		return s.fail(q + 1)
	}
	u, err := parseView(b[q+1 : j])
	if err != nil || !schemeRule(u, syn) {
		return s.fail(q + 1)
	}
	return s.emit(Match{URI: string(b[q+1 : j]), Style: Quoted}, q+1, j, j+1)
}

// bare looks at the ':' at t, one that noURIAfter does not rule out, for a
// URI in running text: a registered scheme at a word boundary, then URI
// characters, less trailing punctuation (RFC 3986 Appendix C); or for one
// in <...> or "..." (delimited).
func (s *Scanner) bare(t int64) outcome {
	b, q := s.buf, int(t-s.off)
	if q+1 >= len(b) && !s.final() {
		return more
	}
	// A ':' that no URI character follows ends a label ("Note:\n"), but
	// for one in <...> broken at a line break ("<geo:\n 66,30>").
	onlyDelimited := q+1 >= len(b) || class[b[q+1]]&cURI == 0
	if onlyDelimited {
		if o := s.lineEnds(q); o != found {
			return o
		}
	}
	lo := max(0, int(s.floor-s.off))
	// Every absolute URI has a ':' after its scheme; a '<' or '"' before
	// the scheme delimits it (RFC 3986 Appendix C).
	r, stop := q, max(lo, q-maxDelimitedScheme-1)
	for r > stop && class[b[r-1]]&cScheme != 0 {
		r--
	}
	if r > lo && class[b[r]]&cAlpha != 0 && delimiterBefore(b, r, lo) {
		if p := opener(b, r, max(lo, q-openerReach)); p >= 0 {
			if o := s.delimited(p, t); o != failed {
				return o
			}
		}
	}
	if onlyDelimited {
		return s.fail(q + 1)
	}
	// Registered schemes end with a letter or digit, and are no longer
	// than maxSchemeLen (with "1." or "-" before them: see below).
	if !isAlnum(rune(b[q-1])) || q-r > maxSchemeLen+3 {
		return s.fail(q + 1)
	}
	i := r
	for i < q && (b[i] == '.' || b[i] == '-' || b[i] == '+') {
		i++
	}
	// A list number: "1.http://example.org/".
	if k := i; k < q && '0' <= b[k] && b[k] <= '9' {
		for k < q && '0' <= b[k] && b[k] <= '9' {
			k++
		}
		if k < q && b[k] == '.' {
			i = k + 1
		}
	}
	if i == q || class[b[i]]&cAlpha == 0 {
		return s.fail(q + 1)
	}
	// A word boundary: "_http:" or "x-http:" do not start a URI.
	if p := byte(' '); i > 0 {
		p = b[i-1]
		if p == '_' || class[p]&cScheme != 0 && p != '.' && p != '-' && p != '+' {
			return s.fail(q + 1)
		}
	}
	syn, ok := lookupScheme(b[i:q])
	if !ok {
		return s.fail(q + 1)
	}
	// What must follow the ':' (cheap checks before the real parse).
	need := 1
	if syn == needHost || syn == needSlashes {
		need = 3
	}
	if q+need >= len(b) && !s.final() {
		return more
	}
	a := b[q+1 : min(len(b), q+1+need)]
	switch {
	case len(a) < need, class[a[0]]&cURI == 0:
		return s.fail(q + 1)
	case notAfterScheme(a[0]):
		return s.fail(q + 1)
	case syn == needHost && (a[0] != '/' || a[1] != '/' || class[a[2]]&cURI == 0 || a[2] == '/' || a[2] == '?' || a[2] == '#'):
		return s.fail(q + 1)
	case syn == needSlashes && (a[0] != '/' || a[1] != '/'):
		return s.fail(q + 1)
	case syn == needSlash && a[0] != '/':
		return s.fail(q + 1)
	}
	return s.run(i, q, Bare, "", syn)
}

// noURIAfter reports whether the ':' at b[q] is plainly none of a URI's.
// Most colons in text are such, and the scan rules them out before bare:
//   - no scheme character comes before it;
//   - it ends a label: a blank or two, then text ("Note: x", "Name:  x");
//   - after it comes neither a URI character nor a line end: no bare URI
//     starts there, and a URI in <...> goes on after its scheme's ':' only
//     across a line break ("<geo:\n 66,30>"), bare's lineEnds;
//   - a blank line follows it, which ends any URI in <...> (angle).
//
// It needs at most three bytes after the ':'; when b ends before it can
// tell, it rules nothing out. indexColonAVX2 does the same.
func noURIAfter(b []byte, q int) bool {
	if q == 0 || class[b[q-1]]&cScheme == 0 {
		return true
	}
	if q+1 >= len(b) {
		return false
	}
	switch c := b[q+1]; {
	case class[c]&cURI != 0:
		return false
	case class[c]&cSpace == 0:
		return true
	case c == '\n':
		return q+2 < len(b) && b[q+2] == '\n'
	case c == ' ' || c == '\t':
		for k := q + 2; k < min(len(b), q+4); k++ {
			if class[b[k]]&cSpace == 0 {
				return true
			}
			if b[k] != ' ' && b[k] != '\t' {
				return false
			}
		}
	}
	return false
}

// maxDelimitedScheme bounds the scheme of a URI in <...> or "...".
const maxDelimitedScheme = 64

// openerReach bounds how far before a ':' its '<' is sought: past a
// scheme, whitespace, "URL:" and line breaks inside the scheme.
const openerReach = lookBehind - lineLookBehind - 64

// delimited looks at the '"' or '<' at b[p] that opens the URI whose
// scheme ends at the ':' at t. On failure the scan stays at t, for a bare
// URI.
func (s *Scanner) delimited(p int, t int64) outcome {
	var o outcome
	if s.buf[p] == '"' {
		o = s.quoted(s.off + int64(p))
	} else if s.off+int64(p) != s.angleTried {
		if o = s.angle(s.off+int64(p), true); o == failed {
			s.angleTried = s.off + int64(p)
		}
	}
	if o == failed {
		s.pos = t
	}
	return o
}

// trailing marks the punctuation that ends a sentence or clause rather
// than a bare URI (RFC 3986 Appendix C).
var trailing = [256]bool{'.': true, ',': true, ';': true, ':': true, '!': true, '?': true, '\'': true, '*': true}

// notAfterScheme reports whether c, right after a registered scheme's ':'
// in running text, shows code, markup or a smiley rather than a URI:
// "Net::DNS::Resolver", "example:&nbsp;", "Example:&#RE;", "things:)".
func notAfterScheme(c byte) bool {
	return c == ':' || c == '&' || c == ')' || c == ']'
}

// delimiterBefore reports whether the byte before the scheme at b[r] may
// belong to the delimiters of a URI in <...> or "...": the '<' or '"',
// whitespace, NBSP, or "URL:". It is the quick test before opener.
func delimiterBefore(b []byte, r, lo int) bool {
	switch c := b[r-1]; c {
	case '<', '"', 0xA0:
		return true
	case ':':
		return r-4 >= lo && b[r-2]|0x20 == 'l' && b[r-3]|0x20 == 'r' && b[r-4]|0x20 == 'u'
	default:
		return class[c]&cSpace != 0
	}
}

// opener returns the index of the '"' right before the scheme at b[r], or
// of the '<' before it and whitespace, "URL:" (RFC 3986 Appendix C), and
// the line breaks of a scheme broken across lines ("<ht\n tp://"); or -1.
// It looks no further back than lo.
func opener(b []byte, r, lo int) int {
	switch {
	case b[r-1] == '"':
		return r - 1
	case b[r-1] == ' ' && r-2 >= lo && class[b[r-2]]&cScheme != 0:
		return -1 // a word and a space: "see http://"
	}
	url := false
	for {
		p, newline := r-1, false
		for p >= lo && (class[b[p]]&cSpace != 0 || b[p] == 0xA0 || b[p] == 0xC2) {
			newline = newline || b[p] == '\n'
			p--
		}
		switch {
		case p < lo:
			return -1
		case b[p] == '<':
			return p
		case !url && b[p] == ':' && p-3 >= lo && b[p-3]|0x20 == 'u' && b[p-2]|0x20 == 'r' && b[p-1]|0x20 == 'l':
			r, url = p-3, true
			continue
		case url || !newline || class[b[p]]&cScheme == 0:
			return -1
		}
		for r = p; r > lo && class[b[r-1]]&cScheme != 0; r-- {
		}
	}
}

// skipClass returns the index of the first byte of b[i:end] not in the
// class mask, or end. It reads four bytes a step: URIs are long runs.
func skipClass(b []byte, i, end int, mask uint8) int {
	b = b[:end]
	for ; i+4 <= len(b); i += 4 {
		w := b[i : i+4 : i+4]
		if class[w[0]]&class[w[1]]&class[w[2]]&class[w[3]]&mask == 0 {
			break
		}
	}
	for i < len(b) && class[b[i]]&mask != 0 {
		i++
	}
	return i
}

// lineEnds reports found when only blanks follow the ':' at b[q] up to a
// line break; otherwise it fails, or asks for more.
func (s *Scanner) lineEnds(q int) outcome {
	b := s.buf
	k := q + 1
	for k < len(b) && k-q < breakSpace && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
		k++
	}
	if k >= len(b) && !s.final() {
		return more
	}
	if k >= len(b) || b[k] != '\n' {
		return s.fail(q + 1)
	}
	return found
}

// abbreviated looks at the '.' at t for "www." or "ftp." starting a host
// name with a known public suffix: an abbreviated URI (2003 draft of
// RFC 3986, appendix F), completed with the scheme its name suggests.
func (s *Scanner) abbreviated(t int64) outcome {
	b, q := s.buf, int(t-s.off)
	i := q - 3
	if i < max(0, int(s.floor-s.off)) {
		return s.fail(q + 1)
	}
	scheme := "ftp://" // nextAbbreviation found "www" or "ftp"
	if b[i]|0x20 == 'w' {
		scheme = "http://"
	}
	if i > 0 && (class[b[i-1]]&cScheme != 0 || strings.IndexByte("_@/%~=&?#$!*", b[i-1]) >= 0) {
		return s.fail(q + 1)
	}
	return s.run(i, q, Abbreviated, scheme, needHost)
}

// run finds the end of the URI that starts at b[i] and whose scheme, or
// abbreviated host, ends at b[q]; it reports the URI if it is one.
func (s *Scanner) run(i, q int, style Style, prefix string, syn syntax) outcome {
	b := s.buf
	// A URI right after '(' or '\'' ends at the matching closer.
	var opener byte
	if i > 0 && (b[i-1] == '(' || b[i-1] == '\'') {
		opener = b[i-1]
	}
	limit := i + s.max + angleSlack
	s.breaks = s.breaks[:0]
	quoted := -1 // unknown yet
	parens, squares, j := 0, 0, q+1
scan:
	for {
		j = skipClass(b, j, min(len(b), limit+1), cPlain)
		if j >= len(b) {
			if !s.final() {
				return more
			}
			break
		}
		if j > limit {
			s.skipping = true
			return s.fail(j)
		}
		c := b[j]
		switch {
		case c >= utf8.RuneSelf:
			if j+utf8.UTFMax > len(b) && !utf8.FullRune(b[j:]) && !s.final() {
				return more
			}
			r, _ := utf8.DecodeRune(b[j:])
			if cutsWord(r, b[j-1], inAuthority(b[i:j], style)) {
				return s.fail(j)
			}
			break scan
		case class[c]&cURI == 0:
			if b[j-1] != '-' || class[c]&cSpace == 0 || style != Bare {
				break scan
			}
			if quoted < 0 {
				quoted = 0
				if s.quotedLine(i) {
					quoted = 1
				}
			}
			k, o := s.hyphenBreak(j, quoted == 1)
			if o == more {
				return more
			}
			if k < 0 {
				break scan
			}
			s.breaks = append(s.breaks, j-1, k)
			j = k
			continue
		case c == '[':
			squares++
		case c == ']':
			// An unbalanced ']' closes a bracket opened before the URI.
			if squares == 0 {
				break scan
			}
			squares--
		case c == '(':
			parens++
		case c == ')':
			if opener == '(' && parens == 0 {
				break scan
			}
			parens--
		case opener == '\'' && c == '\'':
			break scan
		}
		j++
	}
	runEnd := j

	// Trailing punctuation belongs to the sentence; a closing ')' belongs
	// to the URI only when it closes one opened inside it (']' always
	// does: an unbalanced one ended the run).
	e := runEnd
	for trimming := true; trimming && e > q+1; {
		if n := len(s.breaks); n > 0 && s.breaks[n-1] == e {
			// All that followed the break is gone: so is the break.
			e = s.breaks[n-2] + 1
			s.breaks = s.breaks[:n-2]
			continue
		}
		switch c := b[e-1]; {
		case trailing[c]:
			e--
		case c == ')' && parens < 0:
			parens++
			e--
		default:
			trimming = false
		}
	}
	if e <= q+1 {
		return s.fail(runEnd)
	}

	out, str := s.candidate(i, e, prefix, style, syn)
	if str == "" && len(s.breaks) > 0 {
		// The joined reading is no URI ("...ab-\n[1]"): the text before
		// the first break may be.
		e, s.breaks = s.breaks[0]+1, s.breaks[:0]
		out, str = s.candidate(i, e, prefix, style, syn)
	}
	if str == "" {
		return s.fail(runEnd)
	}
	m := Match{URI: str, Style: style, Joined: len(s.breaks) > 0}
	if m.Joined {
		// Alt drops each hyphen kept at a line break: turn the pairs of
		// window indices into indices of the hyphens in out.
		hy := s.breaks[:0]
		n, prev := len(prefix), i
		for k := 0; k < len(s.breaks); k += 2 {
			n += s.breaks[k] - prev
			hy = append(hy, n)
			n++
			prev = s.breaks[k+1]
		}
		s.breaks = hy
		m.Alt = s.alternative(out)
	}
	return s.emit(m, i, e, e)
}

// candidate returns the text of b[i:e] with prefix before it and the
// line breaks in s.breaks removed, and the same as a string if it is an
// absolute URI that meets the syntax of its scheme, else "".
func (s *Scanner) candidate(i, e int, prefix string, style Style, syn syntax) ([]byte, string) {
	b := s.buf
	out := b[i:e]
	if prefix != "" || len(s.breaks) > 0 {
		out = append(s.scratch[:0], prefix...)
		prev := i
		for k := 0; k < len(s.breaks); k += 2 {
			out = append(out, b[prev:s.breaks[k]+1]...)
			prev = s.breaks[k+1]
		}
		out = append(out, b[prev:e]...)
		s.scratch = out
	}
	if len(out) > s.max {
		return out, ""
	}
	u, err := parseView(out)
	if err != nil || !u.IsAbs() || !schemeRule(u, syn) || style == Abbreviated && !knownSuffix(u.Host) {
		return out, ""
	}
	return out, string(out)
}

// parseView parses b with package uri without copying it: the URI and the
// error it returns share b's bytes, so they serve the checks and are
// dropped; only a candidate that passes is copied into a string, and a
// failed one costs only the error uri.Parse allocates.
func parseView(b []byte) (uri.URI, error) {
	return uri.Parse(unsafe.String(unsafe.SliceData(b), len(b)))
}

// hyphenBreak looks at the whitespace at b[j], right after a '-' that may
// have been put there by a typesetter breaking the line (RFC 3986
// Appendix C). It returns the index where the URI goes on on the next
// line, or -1 when it does not.
func (s *Scanner) hyphenBreak(j int, quoted bool) (int, outcome) {
	b := s.buf
	k := j
	for k < len(b) && k-j < breakSpace && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
		k++
	}
	if k < len(b) && b[k] != '\n' {
		return -1, failed
	}
	k++
	for k < len(b) && k-j < breakSpace && (b[k] == ' ' || b[k] == '\t' || quoted && b[k] == '>') {
		k++
	}
	// Decide on the first bytes of the next line: enough for a scheme.
	if k+maxSchemeLen+1 >= len(b) && !s.final() {
		return -1, more
	}
	if k >= len(b) || k-j >= breakSpace || class[b[k]]&cURI == 0 || b[k] == '(' || b[k] == '[' {
		return -1, failed // "(" or "[" opens an aside or a reference, as in "a-\n(see ...)"
	}
	// A new URI on the next line is not a continuation.
	if c := schemeAt(b[:min(len(b), k+maxSchemeLen+1)], k); c >= 0 {
		if _, ok := lookupScheme(b[k:c]); ok {
			return -1, failed
		}
	}
	return k, failed
}

// inAuthority reports whether the URI text t, cut short, ends in its
// authority: after "scheme://", or in an abbreviated URI's host name.
func inAuthority(t []byte, style Style) bool {
	if style == Bare {
		i := bytes.IndexByte(t, ':')
		if !bytes.HasPrefix(t[i+1:], []byte("//")) {
			return false
		}
		t = t[i+3:]
	}
	return !bytes.ContainsAny(t, "/?#")
}

// cutsWord reports whether the non-ASCII rune r, met right after a URI's
// text, shows that the text is cut from a longer word, an IRI in fact
// ("http://www.bürger..."): then there is no URI to report. Scripts
// written without spaces (Han, kana, Hangul) and punctuation end a URI
// ("见http://example.com。"); letters end it only after a delimiter.
func cutsWord(r rune, prev byte, authority bool) bool {
	switch {
	case unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul):
		return false
	case authority:
		// Fullwidth forms ("｜") are punctuation of CJK text.
		return !unicode.IsPunct(r) && !unicode.IsSpace(r) && (r < 0xFF00 || r > 0xFFEF)
	}
	return (unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r)) && isAlnum(rune(prev))
}

// knownSuffix reports whether host ends in a public suffix listed by
// golang.org/x/net/publicsuffix, and is more than that suffix.
func knownSuffix(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	suffix, icann := publicsuffix.PublicSuffix(host)
	return (icann || strings.Contains(suffix, ".")) && len(host) > len(suffix)
}
