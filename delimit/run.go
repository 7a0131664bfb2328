package delimit

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// run finds the end of the URI that starts at b[i] and whose scheme, or
// abbreviated host, ends at b[q]; it reports the URI if it is one.
func (s *Scanner) run(i, q int, style Style, prefix string, syn syntax) outcome {
	s.breaks = s.breaks[:0]
	s.invisible = 0
	runEnd, st, o := s.scanRun(i, q, style)
	if o != found {
		return o
	}
	// An unclosed '[' or '{' opens something after the URI.
	if st.squares > 0 {
		runEnd = st.firstSquare
	}
	if st.braces > 0 {
		runEnd = min(runEnd, st.firstBrace)
	}
	if m := emphasisBefore(s.buf, i); m != nil {
		var closed bool
		if runEnd, closed = emphasisEnd(s.buf, q+1, runEnd, m); !closed && m[0] == '_' {
			return s.drop(ruleWordBoundary, i, runEnd)
		}
	}
	// The hyphen line breaks past a cut made above are gone with it.
	for n := len(s.breaks); n > 0 && s.breaks[n-2] >= runEnd; n -= 2 {
		s.breaks = s.breaks[:n-2]
	}
	e := s.trimRun(q, runEnd, st.parens)
	if e <= q+1 {
		return s.drop(ruleEmpty, i, runEnd)
	}
	if style == Bare && labelWord(s.buf[q+1:e]) {
		return s.drop(ruleLabel, i, e)
	}
	out, c := s.candidate(i, e, prefix, style, syn)
	if c.uri == "" && len(s.breaks) > 0 {
		// The joined reading is no URI ("...ab-\n[1]"): the text before
		// the first break may be.
		e, s.breaks = s.breaks[0]+1, s.breaks[:0]
		out, c = s.candidate(i, e, prefix, style, syn)
	}
	if c.uri == "" {
		if cut := hostCut(s.buf[:e], q); cut > 0 {
			// "MIRRORS=https://mirror.example.net,backup"
			for n := len(s.breaks); n > 0 && s.breaks[n-2] >= cut; n -= 2 {
				s.breaks = s.breaks[:n-2]
			}
			e = s.trimRun(q, cut, 0)
			out, c = s.candidate(i, e, prefix, style, syn)
		}
	}
	if c.uri == "" {
		return s.drop(c.rule, i, runEnd)
	}
	s.m = Match{URI: c.uri, Ref: c.ref(out, len(prefix)), Style: style, Joined: len(s.breaks) > 0, Warnings: c.warn}
	if c.template {
		s.m.Style = Template
	}
	if i > 0 && s.buf[i-1] >= utf8.RuneSelf {
		if r := invisibleBefore(s.buf, i, max(0, int(s.floor-s.off))); r != 0 {
			s.m.Warnings = addWarning(s.m.Warnings, invisibleWarning(r, false))
		}
	}
	if s.invisible != 0 {
		s.m.Warnings = addWarning(s.m.Warnings, invisibleWarning(s.invisible, true))
	}
	if s.m.Joined {
		s.hyphensInOut(i, len(prefix))
		if c.template {
			s.m.Alternatives = alternatives(templateAlt(s.alternative(out), syn))
		} else {
			s.m.Alternatives = alternatives(mapAlt(s.alternative(out), c.mapped))
		}
	}
	return s.emit(i, e, e)
}

// runState is what scanRun counts in a run: the balance of parentheses,
// of square brackets and of braces, and the first '[' left open.
type runState struct {
	parens, squares, braces int
	firstSquare, firstBrace int
	template                bool // it holds a template expression (template.go)
}

// scanRun returns the index past the run of URI characters after the
// scheme, or abbreviated host, of the URI at b[i] that ends at b[q], and
// what it counted; it reports found, or gives up. The hyphen line breaks
// it joins go to s.breaks: index of '-', then of the next text.
func (s *Scanner) scanRun(i, q int, style Style) (j int, st runState, o outcome) {
	b := s.buf
	// A URI right after '(' or '\'' ends at the matching closer.
	var openedBy byte
	if i > 0 && (b[i-1] == '(' || b[i-1] == '\'') {
		openedBy = b[i-1]
	}
	limit := i + s.max + angleSlack
	var prefix lazyPrefix
	for j = q + 1; ; {
		j = skipClass(b, j, min(len(b), limit+1), cPlain)
		if j >= len(b) {
			if !s.final() {
				return j, st, more
			}
			return j, st, found
		}
		if j > limit {
			s.skipping = true
			return j, st, s.drop(ruleTooLong, i, j)
		}
		c := b[j]
		switch {
		case c >= utf8.RuneSelf:
			n, o := s.runRune(i, j)
			if n == 0 {
				return j, st, o
			}
			j += n
			continue
		case c == '^':
		case c == '{' || c == '}' || c == '[' || c == ']':
			k, o := s.runBracket(i, j, style, &st)
			if k < 0 {
				return j, st, o
			}
			j = k
			continue
		case class[c]&cURI == 0:
			k, o := s.joinHyphen(i, j, style, &prefix)
			if k < 0 {
				return j, st, o
			}
			j = k
			continue
		case c == '(':
			st.parens++
		case c == ')':
			if openedBy == '(' && st.parens == 0 {
				return j, st, found
			}
			st.parens--
		case c == '\'' && inAuthority(b[i:j], style):
			// No host name holds one: "https://example.com's".
			return j, st, found
		case openedBy == '\'' && c == '\'':
			if o, ends := s.closingQuote(j); ends {
				return j, st, o
			}
		}
		j++
	}
}

// runBracket looks at the bracket or brace at b[j], in the run of the
// URI that starts at b[i]: it returns the index where the run goes on,
// past a template expression whatever it holds ("${a b}", "%[1]s" in the
// authority), or -1 when the bracket ends the URI (found), or the
// decision needs bytes past the window (more).
func (s *Scanner) runBracket(i, j int, style Style, st *runState) (int, outcome) {
	b := s.buf
	switch c := b[j]; {
	case c == '{' || c == '[' && b[j-1] == '%':
		if j+maxExpression+3 > len(b) && !s.final() {
			return -1, more
		}
		if e := s.expression(j); e > 0 {
			st.template = true
			return e, found
		}
	case c == '[':
		if ends, o := s.labelAt(i, j); ends {
			return -1, o
		}
	}
	if st.bracket(b, i, j, style) {
		return -1, found
	}
	return j + 1, found
}

// joinHyphen tells how a run goes on at b[j], a byte that is no URI
// character, in the URI that starts at b[i]: at the index after a line
// break that follows a hyphen in a bare URI (recorded in s.breaks), or,
// with -1, not (found: it ends there; more: the decision needs more
// bytes).
func (s *Scanner) joinHyphen(i, j int, style Style, prefix *lazyPrefix) (int, outcome) {
	b := s.buf
	if b[j-1] != '-' || class[b[j]]&cSpace == 0 || style != Bare {
		return -1, found
	}
	k, o := s.hyphenBreak(j, prefix.at(s, i))
	if o == more {
		return -1, more
	}
	if k < 0 {
		return -1, found
	}
	s.breaks = append(s.breaks, j-1, k)
	return k, found
}

// closingQuote reports whether the apostrophe at b[j], in a URI opened
// after one, is the closing quote rather than an apostrophe inside a word
// ("Fermat's_Last_Theorem"), and so ends the URI (with more when the
// decision needs bytes past the window).
func (s *Scanner) closingQuote(j int) (outcome, bool) {
	b := s.buf
	if j+1 >= len(b) && !s.final() {
		return more, true
	}
	return found, j+1 >= len(b) || !wordByte(b[j+1])
}

// bracket counts the square bracket or brace at b[j], in the run of the
// URI that starts at b[i], and reports whether it ends the URI: an
// unbalanced ']' or '}' closes a bracket opened before the URI, and a '['
// may be markup (squareEnds).
func (st *runState) bracket(b []byte, i, j int, style Style) bool {
	switch b[j] {
	case '[':
		if squareEnds(b, i, j, style) {
			return true
		}
		if st.squares == 0 {
			st.firstSquare = j
		}
		st.squares++
	case ']':
		if st.squares == 0 {
			return true
		}
		st.squares--
	case '{':
		if st.braces == 0 {
			st.firstBrace = j
		}
		st.braces++
	case '}':
		if st.braces == 0 {
			return true
		}
		st.braces--
	}
	return false
}

// wordByte reports whether c continues a word: an ASCII letter or digit,
// or the first byte of a non-ASCII character.
func wordByte(c byte) bool {
	return c >= utf8.RuneSelf || isAlnum(rune(c))
}

// lazyPrefix is the comment or quote prefix of a line (linePrefix),
// looked up when first asked.
type lazyPrefix struct {
	known  bool
	prefix []byte
}

func (l *lazyPrefix) at(s *Scanner, i int) []byte {
	if !l.known {
		l.known, l.prefix = true, s.linePrefix(i)
	}
	return l.prefix
}

// trimRun returns the end of the URI whose run of characters after b[q]
// ends at runEnd, with parens the balance of its parentheses. Trailing
// punctuation belongs to the sentence, and so does a last '(', which opens
// nothing; a closing ')' belongs to the URI only when it closes one opened
// inside it (']' always does: an unbalanced one ended the run), and so
// does a closing "'", as quotes balance like brackets.
func (s *Scanner) trimRun(q, runEnd, parens int) int {
	b, e := s.buf, runEnd
	for e > q+1 {
		if n := len(s.breaks); n > 0 && s.breaks[n-1] == e {
			// All that followed the break is gone: so is the break.
			e = s.breaks[n-2] + 1
			s.breaks = s.breaks[:n-2]
			continue
		}
		switch c := b[e-1]; {
		case c == '\'' && bytes.Count(b[q+1:e-1], []byte{'\''})%2 == 1:
			return e // it closes a quote opened inside the URI
		case trailing[c]:
			e--
		case c == ')' && parens < 0:
			parens++
			e--
		case c == '(':
			// It opens nothing inside the URI.
			parens--
			e--
		default:
			return e
		}
	}
	return e
}

// hyphensInOut turns the pairs of window indices in s.breaks into the
// indices of the hyphens in the URI that starts at b[i], after a prefix of
// n bytes, as alternative drops them.
func (s *Scanner) hyphensInOut(i, n int) {
	hy := s.breaks[:0]
	prev := i
	for k := 0; k < len(s.breaks); k += 2 {
		n += s.breaks[k] - prev
		hy = append(hy, n)
		n++
		prev = s.breaks[k+1]
	}
	s.breaks = hy
}

// trailing marks the punctuation that ends a sentence or clause rather
// than a bare URI (RFC 3986 Appendix C).
var trailing = [256]bool{'.': true, ',': true, ';': true, ':': true, '!': true, '?': true, '\'': true, '*': true}

// cand is what candidate tells of a candidate's text.
type cand struct {
	uri      string   // the URI, "" when the text is none
	mapped   bool     // uri is the text mapped (mapText), not the text itself
	template bool     // uri is a template, as written (template.go)
	warn     []string // warnings
	rule     string   // why the text is no URI
}

// ref returns the candidate's text out as written, less a prefix of n
// bytes that the scanner added.
func (c cand) ref(out []byte, n int) string {
	if c.mapped {
		return string(out[n:])
	}
	return c.uri[n:]
}

// candidate returns the text of b[i:e] with prefix before it and the
// line breaks in s.breaks removed, and what it is: an absolute URI that
// meets the syntax of its scheme, as written or mapped (mapText), or no
// URI and the rule that drops it.
func (s *Scanner) candidate(i, e int, prefix string, style Style, syn syntax) ([]byte, cand) {
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
		return out, cand{rule: ruleTooLong}
	}
	u, mapped, warn, err := parseOrMap(out)
	if (err != nil || mapped != "") && style != Abbreviated {
		if filled, ok := fillTemplate(out); ok {
			return out, templateCand(out, filled, syn)
		}
	}
	if err != nil {
		return out, cand{rule: ruleInvalid}
	}
	ok, underscore := schemeRule(u, syn)
	switch {
	case !u.IsAbs() || !ok:
		return out, cand{rule: ruleSchemeSyntax}
	case style == Abbreviated && !knownSuffix(u.Host):
		return out, cand{rule: rulePublicSuffix}
	}
	c := cand{uri: mapped, mapped: mapped != "", warn: withHostWarning(warn, u.Host, underscore)}
	if !c.mapped {
		c.uri = string(out)
	}
	return out, c
}

// hyphenBreak looks at the whitespace at b[j], right after a '-' that may
// have been put there by a typesetter breaking the line (RFC 3986
// Appendix C). It returns the index where the URI goes on on the next
// line, or -1 when it does not. prefix is the comment or quote prefix of
// the URI's line (linePrefix): when the next line starts with it too, it
// is no part of the URI, and the rule looks at what follows it.
func (s *Scanner) hyphenBreak(j int, prefix []byte) (int, outcome) {
	b := s.buf
	k := j
	for k < len(b) && k-j < breakSpace && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
		k++
	}
	if k >= len(b) && !s.final() {
		return -1, more
	}
	if k >= len(b) || b[k] != '\n' {
		return -1, failed
	}
	k = skipPrefix(b[:min(len(b), j+breakSpace)], k+1, prefix)
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

// hostCut returns the index of the first ',' or ';' in the host of the
// URI whose scheme ends at the ':' at b[q] and whose text ends at len(b),
// or -1. RFC 3986 allows them in a reg-name, but no host name holds one
// (RFC 1123 §2.1), and text separates the items of a list with them
// ("MIRRORS=https://a.example,https://b.example,backup"): there the URI
// ends, rather than the whole candidate being dropped. The other
// sub-delimiters are left alone: in raw mail "http://www=\n" is a
// quoted-printable soft line break, not the end of a host.
func hostCut(b []byte, q int) int {
	if !bytes.HasPrefix(b[q+1:], []byte("//")) {
		return -1
	}
	h := q + 3
	end := h
	for end < len(b) && b[end] != '/' && b[end] != '?' && b[end] != '#' {
		end++
	}
	if at := bytes.LastIndexByte(b[h:end], '@'); at >= 0 {
		h += at + 1
	}
	for k := h; k < end; k++ {
		if b[k] == ',' || b[k] == ';' {
			if k == h {
				return -1
			}
			return k
		}
	}
	return -1
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
