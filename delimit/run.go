package delimit

import (
	"bytes"
	"strings"
	"unicode"
	"unicode/utf8"
)

// run finds the end of the URI that starts at b[i] and whose scheme, or
// abbreviated host, ends at b[q]; it reports the URI if it is one.
func (s *Scanner) run(i, q int, style Style, prefix string, syn syntax) outcome {
	s.breaks = s.breaks[:0]
	runEnd, parens, o := s.scanRun(i, q, style)
	if o != found {
		return o
	}
	e := s.trimRun(q, runEnd, parens)
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
		s.hyphensInOut(i, len(prefix))
		m.Alt = s.alternative(out)
	}
	return s.emit(m, i, e, e)
}

// scanRun returns the index past the run of URI characters after the
// scheme, or abbreviated host, of the URI at b[i] that ends at b[q], and
// the balance of its parentheses; it reports found, or gives up. The hyphen
// line breaks it joins go to s.breaks: index of '-', then of the next text.
func (s *Scanner) scanRun(i, q int, style Style) (j, parens int, o outcome) {
	b := s.buf
	// A URI right after '(' or '\'' ends at the matching closer.
	var openedBy byte
	if i > 0 && (b[i-1] == '(' || b[i-1] == '\'') {
		openedBy = b[i-1]
	}
	limit := i + s.max + angleSlack
	var quotedMail lazyQuoted
	squares := 0
	for j = q + 1; ; {
		j = skipClass(b, j, min(len(b), limit+1), cPlain)
		if j >= len(b) {
			if !s.final() {
				return j, parens, more
			}
			return j, parens, found
		}
		if j > limit {
			s.skipping = true
			return j, parens, s.fail(j)
		}
		c := b[j]
		switch {
		case c >= utf8.RuneSelf:
			if j+utf8.UTFMax > len(b) && !utf8.FullRune(b[j:]) && !s.final() {
				return j, parens, more
			}
			r, _ := utf8.DecodeRune(b[j:])
			if cutsWord(r, b[j-1], inAuthority(b[i:j], style)) {
				return j, parens, s.fail(j)
			}
			return j, parens, found
		case class[c]&cURI == 0:
			if b[j-1] != '-' || class[c]&cSpace == 0 || style != Bare {
				return j, parens, found
			}
			k, o := s.hyphenBreak(j, quotedMail.at(s, i))
			if o == more {
				return j, parens, more
			}
			if k < 0 {
				return j, parens, found
			}
			s.breaks = append(s.breaks, j-1, k)
			j = k
			continue
		case c == '[':
			squares++
		case c == ']':
			// An unbalanced ']' closes a bracket opened before the URI.
			if squares == 0 {
				return j, parens, found
			}
			squares--
		case c == '(':
			parens++
		case c == ')':
			if openedBy == '(' && parens == 0 {
				return j, parens, found
			}
			parens--
		case openedBy == '\'' && c == '\'':
			return j, parens, found
		}
		j++
	}
}

// lazyQuoted tells whether a line is quoted mail (quotedLine), looked up
// when first asked: 0 unknown, 1 no, 2 yes.
type lazyQuoted uint8

func (l *lazyQuoted) at(s *Scanner, i int) bool {
	if *l == 0 {
		*l = 1
		if s.quotedLine(i) {
			*l = 2
		}
	}
	return *l == 2
}

// trimRun returns the end of the URI whose run of characters after b[q]
// ends at runEnd, with parens the balance of its parentheses. Trailing
// punctuation belongs to the sentence; a closing ')' belongs to the URI
// only when it closes one opened inside it (']' always does: an
// unbalanced one ended the run).
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
		case trailing[c]:
			e--
		case c == ')' && parens < 0:
			parens++
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

// hyphenBreak looks at the whitespace at b[j], right after a '-' that may
// have been put there by a typesetter breaking the line (RFC 3986
// Appendix C). It returns the index where the URI goes on on the next
// line, or -1 when it does not.
func (s *Scanner) hyphenBreak(j int, quotedMail bool) (int, outcome) {
	b := s.buf
	k := j
	for k < len(b) && k-j < breakSpace && (b[k] == ' ' || b[k] == '\t' || b[k] == '\r') {
		k++
	}
	if k < len(b) && b[k] != '\n' {
		return -1, failed
	}
	k++
	for k < len(b) && k-j < breakSpace && (b[k] == ' ' || b[k] == '\t' || quotedMail && b[k] == '>') {
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
