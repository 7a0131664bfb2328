package delimit

import "unicode/utf8"

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
	for end := min(len(b), q+s.max+1); ; {
		j = skipClass(b, j, end, cURI|cRepair)
		if j >= len(b) || b[j] == '"' {
			break
		}
		n, ok := 0, false
		if j < end && b[j] >= utf8.RuneSelf {
			n, ok = s.quotedChar(j)
		}
		if !ok {
			return s.fail(q + 1)
		}
		j += n
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
	u, mapped, warn, err := parseOrMap(b[q+1 : j])
	if err != nil || mapped != "" {
		if filled, ok := fillTemplate(b[q+1 : j]); ok {
			return s.quotedTemplate(q, j, filled, syn)
		}
	}
	if err != nil {
		return s.fail(q + 1)
	}
	ok, underscore := schemeRule(u, syn)
	if !ok {
		return s.fail(q + 1)
	}
	s.m = Match{URI: mapped, Ref: string(b[q+1 : j]), Style: Quoted, Warnings: withHostWarning(warn, u.Host, underscore)}
	if mapped == "" {
		s.m.URI = s.m.Ref
	}
	return s.emit(q+1, j, j+1)
}

// quotedChar returns the length of the non-ASCII character at b[j],
// inside "...", and whether it may be part of the URI: one that is no
// space (delimitedRune). At the window's end it returns the length left,
// as a character of the URI, unless the data ends there.
func (s *Scanner) quotedChar(j int) (int, bool) {
	b := s.buf
	if !utf8.FullRune(b[j:]) {
		return len(b) - j, !s.final()
	}
	r, n := utf8.DecodeRune(b[j:])
	return n, delimitedRune(r)
}

// quotedTemplate reports the template in "..." from b[q+1] to b[j], with
// its expressions filled in filled, if it is one of a URI of syntax syn.
func (s *Scanner) quotedTemplate(q, j int, filled []byte, syn syntax) outcome {
	c := templateCand(s.buf[q+1:j], filled, syn)
	if c.uri == "" {
		return s.fail(q + 1)
	}
	s.m = Match{URI: c.uri, Ref: c.uri, Style: Template}
	return s.emit(q+1, j, j+1)
}
