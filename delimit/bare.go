package delimit

import (
	"unicode"
	"unicode/utf8"
)

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
	i := bareScheme(b, r, q)
	if i < 0 {
		return s.fail(q + 1)
	}
	syn, ok := lookupScheme(b[i:q])
	if !ok {
		if !s.opts.AnyScheme || i > 0 && b[i-1] == ':' {
			return s.fail(q + 1) // "jdbc:postgresql://": the inner scheme is none
		}
		syn = needHost
	}
	if o := s.afterScheme(i, q, syn); o != found {
		return o
	}
	return s.run(i, q, Bare, "", syn)
}

// bareScheme returns the start of the scheme of a bare URI in the scheme
// characters b[r:q] before the ':' at b[q], at a word boundary, or -1.
func bareScheme(b []byte, r, q int) int {
	// Registered schemes end with a letter or digit, and are no longer
	// than maxSchemeLen (with "1." or "-" before them: see below).
	if !isAlnum(rune(b[q-1])) || q-r > maxSchemeLen+3 {
		return -1
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
		return -1
	}
	// A word boundary: "_http:" or "x-http:" do not start a URI, but
	// "_http://x/_" is Markdown emphasis (run checks its end).
	if p := byte(' '); i > 0 {
		p = b[i-1]
		if p == '_' && emphasisBefore(b, i) == nil || class[p]&cScheme != 0 && p != '.' && p != '-' && p != '+' {
			return -1
		}
	}
	return i
}

// afterScheme checks what must follow the ':' at b[q] of a registered
// scheme of syntax syn, cheaply, before the real parse: it reports found
// when the bytes may start a bare URI, else fails or asks for more.
func (s *Scanner) afterScheme(i, q int, syn syntax) outcome {
	b := s.buf
	need := 1
	if syn == needHost || syn == needSlashes {
		need = 3
	}
	if q+need >= len(b) && !s.final() {
		return more
	}
	a := b[q+1 : min(len(b), q+1+need)]
	switch {
	case len(a) < need || class[a[0]]&cURI == 0:
		return s.drop(ruleNoURIChar, i, q+1)
	case notAfterScheme(a[0]):
		return s.drop(ruleMarkup, i, q+1)
	case syn == needHost && (a[0] != '/' || a[1] != '/' || !hostStart(a[2]) || a[2] == '/' || a[2] == '?' || a[2] == '#'),
		syn == needSlashes && (a[0] != '/' || a[1] != '/'),
		syn == needSlash && a[0] != '/':
		return s.drop(ruleNoAuthority, i, q+1)
	}
	return found
}

// hostStart reports whether c may start the host of a bare URI: a URI
// character, the first byte of a non-ASCII one (an IRI's host), or the
// '{' of a template expression ("https://{host}/").
func hostStart(c byte) bool {
	return class[c]&cURI != 0 || c >= 0x80 || c == '{'
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

// labelWord reports whether t, what follows a scheme's ':' in a bare URI
// less trailing punctuation, is one capitalised word: a capital letter,
// then letters, digits, '_' or '-'. In prose "scheme:Word" is a label, a
// heading or a wiki namespace ("## Info:Configure the server",
// "Help:Contents", "About:Us"), not a URI: opaque URIs spell their words in
// lower case ("about:blank") or hold more than a word (a '/', '.', '@',
// ',', digits first: "info:lccn/2002022641", "data:,x", "cid:a@b").
func labelWord(t []byte) bool {
	r, n := utf8.DecodeRune(t)
	if !unicode.IsUpper(r) {
		return false
	}
	for _, r := range string(t[n:]) {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return false
		}
	}
	return true
}
