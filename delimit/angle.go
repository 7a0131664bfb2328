package delimit

import (
	"bytes"
	"unicode/utf8"
)

// angle looks at the '<' at t: RFC 3986 Appendix C's <URI> and <URL:URI>,
// with whitespace and mail quote markers removed. schemeSeen tells that
// opener found it before a scheme and its ':'.
func (s *Scanner) angle(t int64, schemeSeen bool) outcome {
	q := int(t - s.off)
	limit := q + 1 + s.max + angleSlack
	// When opener found the '<' from the scheme's ':', it starts a URI.
	if !schemeSeen {
		if o := s.angleOpens(q, limit); o != found {
			return o
		}
	}
	a := angleURI{open: q}
	if o := s.angleCloser(&a, limit); o != found {
		return o
	}
	if !a.trim(s.buf) {
		return s.fail(q + 1)
	}
	if o := s.angleClassify(&a); o != found {
		return o
	}
	out, joined, spaceOnly := s.angleClean(&a)
	if len(out) > s.max {
		return s.fail(q + 1)
	}
	if !a.absolute && (!s.opts.Relative || spaceOnly || !plausibleRelative(out)) {
		return s.fail(q + 1)
	}
	u, mapped, warn, err := parseOrMap(out)
	if a.split && err == nil {
		a.syn, _ = lookupScheme(u.Scheme)
	}
	// Relative references are taken as written only: "<|.4>" is prose.
	if err != nil || !a.absolute && (u.IsAbs() || mapped != "") {
		return s.fail(q + 1)
	}
	underscore := !a.absolute && hasUnderscore(u.Host)
	if a.absolute {
		var ok bool
		if ok, underscore = schemeRule(u, delimitedSyntax(a.syn)); !ok {
			return s.fail(q + 1)
		}
	}
	s.m = Match{URI: mapped, Ref: string(out), Style: a.style, Joined: joined, Relative: !a.absolute}
	if mapped == "" {
		s.m.URI = s.m.Ref
	}
	s.m.Warnings = withHostWarning(warn, u.Host, underscore)
	if alt := s.alternative(out); alt != "" {
		s.m.Alternatives = alternatives(mapAlt(alt, mapped != ""))
	}
	return s.emit(a.start, a.end, a.closer+1)
}

// angleURI is what angle knows of the text in <...>, as window indices.
type angleURI struct {
	open, closer int    // the '<' and the '>'
	label        int    // the '|' that starts a label, or 0
	start, end   int    // the URI proper: delimiters, "URL:" and outer whitespace excluded
	style        Style  // Angle or AngleURL
	prefix       []byte // of the line of the '<' (linePrefix): quote markers or a comment prefix after line breaks go
	spaced       bool   // whitespace or NBSP inside: the URI needs cleaning
	absolute     bool   // a scheme and its ':' start it
	split        bool   // the scheme is broken across lines
	syn          syntax // of the registered scheme; when split, angle looks it up after the parse
}

// angleOpens rejects most '<', which start no URI, on their first bytes:
// a URI starts with its scheme (or "URL:"), after whitespace if any. It
// reports found when the '<' at b[q] may open one.
func (s *Scanner) angleOpens(q, limit int) outcome {
	b := s.buf
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
	return found
}

// angleCloser finds the '>' that closes a.open over URI characters and
// whitespace, and reports found; a blank line, another delimiter or
// limit ends the search.
func (s *Scanner) angleCloser(a *angleURI, limit int) outcome {
	b, q := s.buf, a.open
	knowQuoted := false
	for j := q + 1; ; {
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
			a.closer = j
			return found
		case c == '\n':
			a.spaced = true
			if !knowQuoted {
				a.prefix, knowQuoted = s.linePrefix(q), true
			}
			k := j + 1
			for k < len(b) && class[b[k]]&cSpace != 0 && b[k] != '\n' {
				k++
			}
			k = skipPrefix(b, k, a.prefix)
			if k >= len(b) && !s.final() {
				return more
			}
			if k < len(b) && b[k] == '\n' {
				return s.fail(q + 1) // a blank line ends the paragraph
			}
			j = k
		case class[c]&cSpace != 0:
			a.spaced = true
			j++
		case isNBSP(b, j):
			a.spaced = true
			j += 2
		case c == '|':
			return s.angleLabel(a, j, limit)
		case class[c]&cRepair != 0:
			j++
		case c >= utf8.RuneSelf:
			if !utf8.FullRune(b[j:]) {
				j = len(b) // more, or the end
				continue
			}
			r, n := utf8.DecodeRune(b[j:])
			if !delimitedRune(r) {
				return s.fail(q + 1)
			}
			j += n
		default:
			return s.fail(q + 1)
		}
	}
}

// angleLabel finds the '>' that closes a.open after the '|' at b[j], on
// the same line, and reports found: what is between is a label, not the
// URI's, as in the links of Slack and Mattermost ("<https://x.example/|X>").
func (s *Scanner) angleLabel(a *angleURI, j, limit int) outcome {
	b, q := s.buf, a.open
	k := j + 1
	for k < len(b) && k <= limit && b[k] != '>' && b[k] != '<' && b[k] != '\n' {
		k++
	}
	if k >= len(b) && !s.final() {
		return more
	}
	if k >= len(b) || b[k] != '>' {
		return s.fail(q + 1)
	}
	a.label, a.closer = j, k
	return found
}

// trim sets the URI proper: past leading whitespace and "URL:", before
// trailing whitespace. It reports whether anything is left.
func (a *angleURI) trim(b []byte) bool {
	start := skipSpace(b, a.open+1, a.closer, a.prefix)
	a.style = Angle
	if a.closer-start >= 4 && b[start]|0x20 == 'u' && b[start+1]|0x20 == 'r' && b[start+2]|0x20 == 'l' && b[start+3] == ':' {
		a.style = AngleURL
		start = skipSpace(b, start+4, a.closer, a.prefix)
	}
	end := a.closer
	if a.label > 0 {
		end = a.label
	}
	for end > start && (class[b[end-1]]&cSpace != 0 || (end-2 >= start && isNBSP(b, end-2))) {
		if b[end-1] == 0xA0 {
			end--
		}
		end--
	}
	a.start, a.end = start, end
	return start != end
}

// angleClassify tells an absolute URI, whose scheme may be broken across
// lines, from a relative reference, and rejects prose and XML elements;
// it reports found when a may be a URI.
func (s *Scanner) angleClassify(a *angleURI) outcome {
	b, start, end := s.buf, a.start, a.end
	colon := start
	for colon < end && class[b[colon]]&cScheme != 0 {
		colon++
	}
	if colon < end && b[colon] != ':' {
		colon, a.split = schemeEnd(b, start, end-1)
	}
	a.absolute = colon < end && b[colon] == ':' && class[b[start]]&cAlpha != 0
	if a.absolute && !lineBreakAt(b, colon+1, end) {
		return s.fail(a.open + 1) // "<key-list: string-list>" is prose
	}
	if a.absolute && a.split {
		// "<see\nhttp://...>" is a word before a URI, not a broken scheme.
		last := colon
		for class[b[last-1]]&cScheme != 0 {
			last--
		}
		if _, ok := lookupScheme(b[last:colon]); ok {
			return s.fail(a.open + 1)
		}
	}
	if a.absolute && !a.split {
		var registered bool
		// Registered schemes are not taken for XML prefixes.
		if a.syn, registered = lookupScheme(b[start:colon]); !registered {
			xml, o := s.xmlElement(b, start, colon, end, a.closer)
			if o == more {
				return more
			}
			if xml {
				return s.fail(a.closer + 1)
			}
		}
	}
	return found
}

// angleClean returns the URI of a without its whitespace, and without the
// quote markers after its line breaks; the hyphens before line breaks go
// to s.breaks. joined tells that anything went, spaceOnly that some
// whitespace held no line break.
func (s *Scanner) angleClean(a *angleURI) (out []byte, joined, spaceOnly bool) {
	b, end := s.buf, a.end
	out = b[a.start:end]
	s.breaks = s.breaks[:0]
	if !a.spaced {
		return out, false, false
	}
	out = s.scratch[:0]
	for j := a.start; j < end; {
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
				if a.prefix != nil {
					k = min(skipPrefix(b, k+1, a.prefix), end)
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
	return out, joined, spaceOnly
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
func (s *Scanner) xmlElement(b []byte, start, colon, end, closer int) (bool, outcome) {
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
	lim := closer + 1 + xmlTagLookahead
	if lim > len(b) {
		if !s.final() {
			return false, more
		}
		lim = len(b)
	}
	prefix := b[start:colon]
	for i := closer + 1; ; {
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
// whitespace, NBSP, or the line prefix at the start of a line.
func skipSpace(b []byte, i, end int, prefix []byte) int {
	for i < end {
		switch {
		case b[i] == '\n' && prefix != nil:
			i = min(skipPrefix(b, i+1, prefix), end)
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
