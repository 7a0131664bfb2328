package extract

import (
	"bytes"
	"io"
)

// reStructuredText has no parser in Go that is kept up (docutils, the
// reference, is Python), so scanRST reads the syntax the
// reStructuredText Markup Specification gives for hyperlinks, images and
// literal text, line by line.

// scanRST is the contentScanner of reStructuredText. It yields, in order:
//
//   - embedded URIs, `text <https://a.example/>`_ and anonymous `text
//     <uri>`__ (Tag "link", Text the link text), but not `text <name_>`_,
//     a reference to a named target;
//   - external hyperlink targets, .. _name: https://a.example/ and the
//     anonymous .. __: uri and __ uri (Tag "target", Text the name), the
//     URI's whitespace removed when it goes on over indented lines, but
//     not internal or indirect targets (.. _name: and .. _a: b_);
//   - the URIs of the image, figure and include directives (Tag "image",
//     "figure", "include") and of the :target: option of the first two
//     (Tag "link");
//   - the standalone hyperlinks of the prose (Context "rst-text") as
//     delimit finds them, and its e-mail addresses, which docutils makes
//     mailto: links (Style "email", as Options.Emails finds them).
//
// The others have Context "rst" and Style "markup". Literal blocks (after
// "::"), inline literals (“ “x“ “) and code directives (code, code-block,
// sourcecode) are left out unless Options.Code, and comments always.
func scanRST(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	s := &rstScan{docScan: newDocScan(buf, src, yield, ContextRSTText), skip: -1, literalAfter: -1}
	s.emails = true
	ok := s.eachLine(s.line) && (s.grid == nil || s.endGrid()) && s.paragraph() && s.explicit() && s.flush()
	pageBufs.put(buf) // the scan is over and keeps nothing of it
	return ok
}

// rstScan is the state of scanRST.
type rstScan struct {
	docScan
	para pieces // the lines of the current paragraph
	// The explicit markup block being read: its first line's text after
	// "..", and the lines that go on, more indented than markIndent.
	mark          pieces
	markIndent    int
	markDirective []int // what rstDirective matched in mark, nil for a comment
	// skip is the indentation that ends a literal block being skipped
	// (lines more indented, and blank lines, are in it), -1 when none
	// is. literalAfter is the indentation of a paragraph that ended with
	// "::", whose next more indented block is literal.
	skip, literalAfter int
	grid               *rstGrid // the grid table being read, if any
	steps              int      // the column bounds of grid tables looked at, for tests
}

// line reads one line, found at off, with its line feed.
func (s *rstScan) line(raw []byte, off int) bool {
	text := bytes.TrimRight(raw, " \t\r\n")
	indent := len(text) - len(bytes.TrimLeft(text, " \t"))
	blank := len(text) == 0
	if s.skip >= 0 {
		if blank || indent > s.skip {
			if s.src.opts.Code {
				s.prose.add(raw, off)
			}
			return true
		}
		s.skip = -1
		if !s.flush() {
			return false
		}
	}
	if s.grid != nil {
		isGrid, ok := s.gridLine(raw, off)
		if isGrid || !ok {
			return ok
		}
	}
	if len(s.mark.buf) > 0 {
		if blank || indent > s.markIndent {
			s.mark.add(raw, off)
			return true
		}
		if !s.explicit() {
			return false
		}
	}
	switch {
	case blank:
		return s.paragraph()
	case s.literalAfter >= 0 && len(s.para.buf) == 0:
		after := s.literalAfter
		s.literalAfter = -1
		if indent > after {
			s.skip = after
		}
		return s.line(raw, off)
	case bytes.HasPrefix(text[indent:], []byte(".. ")) || bytes.Equal(text[indent:], []byte("..")),
		bytes.HasPrefix(text[indent:], []byte("__ ")):
		return s.paragraph() && s.startExplicit(raw, off, indent)
	}
	if len(s.para.buf) == 0 && isGridBorder(text[indent:]) {
		s.startGrid(text, indent)
		return true
	}
	s.para.add(raw, off)
	return true
}

var (
	// rstEmbedded matches `text <target>`_ and `text <target>`__: the
	// target is the bracketed text that ends the phrase, and the text may
	// hold others (reStructuredText Markup Specification, "Embedded URIs
	// and Aliases").
	rstEmbedded = lazyRegexp("`([^`]*?)\\s*<([^<>`]+)>`__?")
	// rstLiteral matches an inline literal.
	rstLiteral = lazyRegexp("``\\S(?:[^`]|`[^`])*?``")
)

// paragraph yields the links of the paragraph read so far: embedded URIs,
// then the URIs of the rest (inline literals left out) through delimit.
func (s *rstScan) paragraph() bool {
	p := &s.para
	defer p.reset()
	if bytes.HasSuffix(bytes.TrimRight(p.buf, " \t\r\n"), []byte("::")) {
		// The next block, if more indented, is a literal block.
		s.literalAfter = len(p.buf) - len(bytes.TrimLeft(p.buf, " \t"))
	}
	spans := rstLiteral().FindAllIndex(p.buf, -1)
	last := 0
	for _, m := range rstEmbedded().FindAllSubmatchIndex(p.buf, -1) {
		if inSpans(spans, m[0]) {
			continue
		}
		s.prose.addFrom(p, last, m[0])
		last = m[1]
		target := bytes.Join(bytes.Fields(p.buf[m[4]:m[5]]), nil)
		if bytes.HasSuffix(target, []byte("_")) && !bytes.HasSuffix(target, []byte(`\_`)) || p.buf[m[4]-2] == '\\' {
			continue // a reference to a named target, or "\<": a reference name
		}
		target = bytes.ReplaceAll(target, []byte(`\_`), []byte("_"))
		text := string(bytes.Join(bytes.Fields(p.buf[m[2]:m[3]]), []byte(" ")))
		l := Link{Ref: string(target), Offset: int64(p.src(m[4])), Style: StyleMarkup, Context: ContextRST, Tag: "link", Text: text}
		if !s.flush() || !s.link(l, escapeRef(l.Ref)) {
			return false
		}
	}
	for _, sp := range spans {
		if sp[0] < last {
			continue
		}
		s.prose.addFrom(p, last, sp[0])
		if s.src.opts.Code {
			s.prose.addFrom(p, sp[0], sp[1])
		}
		last = sp[1]
	}
	s.prose.addFrom(p, last, len(p.buf))
	return s.flush()
}

func inSpans(spans [][]int, off int) bool {
	for _, sp := range spans {
		if sp[0] <= off && off < sp[1] {
			return true
		}
	}
	return false
}

// rstDirective matches the start of an explicit markup block after "..":
// a hyperlink target's name, or a directive's type (a substitution
// definition's name before it). A target's name ends at a colon that is
// not escaped and is followed by white space ("Hyperlink Targets": other
// colons are the name's, as in a URI).
var rstDirective = lazyRegexp("^(?:\\.\\.\\s+(?:(_`[^`]*`|__?(?:[^:\\\\]|\\\\.|:\\S)*?|_):(?:\\s|$)|(?:\\|[^|]+\\|\\s+)?([A-Za-z0-9][-A-Za-z0-9_.+:]*?)::)|__ )[ \t]*")

// startExplicit starts an explicit markup block, the line raw at off,
// indented by indent. Hyperlink targets, the directives with a URI,
// code directives and comments are read whole (s.mark) before they are
// looked into; the text of footnotes, citations and other directives is
// body, read as any other.
func (s *rstScan) startExplicit(raw []byte, off, indent int) bool {
	s.mark.reset()
	s.mark.add(raw[indent:], off+indent)
	s.markIndent = indent
	m := &s.mark
	g := rstDirective().FindSubmatchIndex(m.buf)
	switch {
	case bytes.HasPrefix(m.buf, []byte(".. [")):
		// A footnote or citation: body after its label.
		if i := bytes.IndexByte(m.buf, ']'); i >= 0 {
			s.para.addFrom(m, i+1, len(m.buf))
		}
	case g != nil && g[4] >= 0 && !rstURIDirectives[string(m.buf[g[4]:g[5]])]:
		s.para.addFrom(m, g[1], len(m.buf))
	default:
		s.markDirective = g
		return true
	}
	m.reset()
	return true
}

// rstURIDirectives are the directives read whole: those with a URI, and
// those with code.
var rstURIDirectives = map[string]bool{"image": true, "figure": true, "include": true, "code": true, "code-block": true, "sourcecode": true}

// explicit yields the links of the explicit markup block read so far.
func (s *rstScan) explicit() bool {
	m := &s.mark
	g := s.markDirective
	defer func() { m.reset(); s.markDirective = nil }()
	switch {
	case g == nil:
		return true // a comment
	case g[2] >= 0 || bytes.HasPrefix(m.buf, []byte("__ ")):
		name := ""
		if g[2] >= 0 {
			name = string(bytes.Trim(m.buf[g[2]+1:g[3]], "`"))
		}
		if name == "_" {
			name = "" // anonymous
		}
		return s.target(g[1], len(m.buf), "target", name)
	}
	switch kind := string(m.buf[g[4]:g[5]]); kind {
	case "code", "code-block", "sourcecode":
		if s.src.opts.Code {
			s.prose.addFrom(m, g[1], len(m.buf))
		}
		return s.flush()
	default: // image, figure, include
		end := bytes.IndexByte(m.buf[g[1]:], '\n')
		if end < 0 {
			end = len(m.buf) - g[1]
		}
		if !s.target(g[1], g[1]+end, kind, "") {
			return false
		}
		opts := m.buf
		if k := blankLine(m.buf); k >= 0 {
			opts = m.buf[:k]
		}
		if i := bytes.Index(opts, []byte(":target:")); i >= 0 && kind != "include" {
			j := i + len(":target:")
			end := bytes.IndexByte(m.buf[j:], '\n')
			if end < 0 {
				end = len(m.buf) - j
			}
			if !s.target(j, j+end, "link", "") {
				return false
			}
		}
		if k := blankLine(m.buf); k >= 0 && kind == "figure" {
			// The caption and legend are body.
			s.para.addFrom(m, k, len(m.buf))
			return s.paragraph()
		}
		return true
	}
}

// target yields the URI s.mark.buf[i:j] of an explicit markup block,
// whitespace removed; a reference to a target (name_) and an empty one are
// not URIs.
func (s *rstScan) target(i, j int, tag, name string) bool {
	m := &s.mark
	raw := m.buf[i:j]
	if k := blankLine(raw); k >= 0 {
		raw = raw[:k]
	}
	start := i + len(raw) - len(bytes.TrimLeft(raw, " \t\r\n"))
	target := bytes.Join(bytes.Fields(raw), nil)
	if len(target) == 0 || bytes.HasSuffix(target, []byte("_")) && !bytes.HasSuffix(target, []byte(`\_`)) {
		return true
	}
	target = bytes.ReplaceAll(target, []byte(`\_`), []byte("_"))
	l := Link{Ref: string(target), Offset: int64(m.src(start)), Style: StyleMarkup, Context: ContextRST, Tag: tag, Text: name}
	return s.flush() && s.link(l, escapeRef(l.Ref))
}

// blankLine returns the offset of the first blank line in b after its
// first line, -1 if there is none.
func blankLine(b []byte) int {
	for i := bytes.IndexByte(b, '\n'); i >= 0; {
		rest := b[i+1:]
		end := bytes.IndexByte(rest, '\n')
		if end < 0 {
			end = len(rest)
		}
		if len(bytes.TrimSpace(rest[:end])) == 0 {
			return i + 1
		}
		if end == len(rest) {
			break
		}
		i += 1 + end
	}
	return -1
}
