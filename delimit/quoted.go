package delimit

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
