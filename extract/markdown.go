package extract

import (
	"bytes"
	"io"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown parses CommonMark with the GitHub Flavored Markdown extensions
// (tables, strikethrough, task lists, autolinks); a goldmark parser may be
// shared by goroutines.
var markdown = goldmark.New(goldmark.WithExtensions(extension.GFM))

// scanMarkdown is the contentScanner of Markdown (CommonMark 0.31 and
// GFM, as goldmark parses them). It yields, in document order:
//
//   - the destination of every inline link and image (Tag "link",
//     "image"), of every link reference definition (Tag "definition") and
//     of every use of a definition (at the use, with the definition's
//     destination), with Context "markdown", Style "markdown" and Text the
//     link's text, an image's description or a definition's label;
//   - autolinks, <https://a.example/> (Tag "autolink", Style "angle"), and
//     GFM's extended www. autolinks (Style "abbreviated", http:// added as
//     GFM renders them);
//   - the links of raw HTML, inline and in HTML blocks, as the HTML scanner
//     finds them;
//   - the bare URIs of the prose (Context "markdown-text") as package
//     delimit finds them, the text of a link left out since it is the
//     link's label;
//   - with Options.Code, the URIs in code spans and code blocks (Context
//     "markdown-code"), which are otherwise left out.
//
// A destination is reported as written (Ref) and read as the HTML a
// renderer makes of it (backslash escapes and entities resolved, spaces
// and non-ASCII characters percent-encoded), resolved against the file's
// base. Offsets, lines and columns are those of the source file.
func scanMarkdown(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	doc := markdown.Parser().Parse(gtext.NewReader(buf))
	m := &mdScan{buf: buf, src: src, yield: yield, lines: newLineIndex(buf)}
	ok := true
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		var st ast.WalkStatus
		st, ok = m.node(n, entering)
		if !ok {
			return ast.WalkStop, nil
		}
		return st, nil
	})
	return ok && m.flush()
}

// mdScan is the state of scanMarkdown's walk.
type mdScan struct {
	buf   []byte
	src   *source
	yield func(Link, error) bool
	lines lineIndex
	// prose is the text of the current block not yet scanned by delimit:
	// it is scanned when the text is interrupted (a block ends, a link,
	// code span or raw HTML comes).
	prose pieces
	label int // depth of link labels the walk is in: their text is not prose
}

// node handles one node of the walk.
func (m *mdScan) node(n ast.Node, entering bool) (ast.WalkStatus, bool) {
	_, link := n.(*ast.Link)
	if n.Type() == ast.TypeBlock || link && !entering {
		if !m.flush() {
			return ast.WalkStop, false
		}
	}
	if !entering {
		if link {
			m.label--
		}
		return ast.WalkContinue, true
	}
	switch n := n.(type) {
	case *ast.Text:
		if m.label == 0 {
			m.prose.add(n.Segment.Value(m.buf), n.Segment.Start)
			if n.SoftLineBreak() || n.HardLineBreak() {
				m.prose.add([]byte{'\n'}, n.Segment.Stop)
			}
		}
	case *ast.Link:
		m.label++
		return ast.WalkContinue, m.flush() && m.dest(n.Destination, n.Pos(), n.Reference != nil, "link", m.textOf(n))
	case *ast.Image:
		return ast.WalkSkipChildren, m.flush() && m.dest(n.Destination, n.Pos(), n.Reference != nil, "image", m.textOf(n))
	case *ast.LinkReferenceDefinition:
		return ast.WalkSkipChildren, m.dest(n.Destination, n.Pos(), false, "definition", string(n.Label))
	case *ast.AutoLink:
		return ast.WalkSkipChildren, m.flush() && m.autoLink(n)
	case *ast.RawHTML:
		return ast.WalkSkipChildren, m.flush() && m.html(n.Segments.Sliced(0, n.Segments.Len()))
	case *ast.HTMLBlock:
		segs := n.Lines().Sliced(0, n.Lines().Len())
		if n.HasClosure() {
			segs = append(segs, n.ClosureLine)
		}
		return ast.WalkSkipChildren, m.html(segs)
	case *ast.CodeSpan:
		return ast.WalkSkipChildren, m.flush() && m.code(n)
	case *ast.FencedCodeBlock, *ast.CodeBlock:
		return ast.WalkSkipChildren, m.code(n)
	}
	return ast.WalkContinue, true
}

// dest yields the destination d of a link, an image or a definition found
// at pos. The destination is a slice of the source except in a use of a
// definition (ref), which is reported where it is used.
func (m *mdScan) dest(d []byte, pos int, ref bool, tag, text string) bool {
	off := offsetIn(m.buf, d)
	if ref || off < 0 {
		off = max(pos, 0)
	}
	l := Link{Ref: string(d), Offset: int64(off), Style: StyleMarkdown, Context: ContextMarkdown, Tag: tag, Text: text}
	l.Line, l.Column = m.lines.at(off)
	return m.src.emitAs(l, string(util.URLEscape(d, true)), m.yield)
}

// autoLink yields an autolink: <scheme:...> and <user@host> of CommonMark
// (mailto: added to the latter), GFM's www. and bare ones. A bare URI with
// a scheme is left to delimit, with the rest of the prose, so that it is
// delimited as in any other text.
func (m *mdScan) autoLink(n *ast.AutoLink) bool {
	label := n.Label(m.buf)
	off := bytes.Index(m.buf[max(n.Pos(), 0):], label)
	if off < 0 {
		return true
	}
	off += max(n.Pos(), 0)
	angle := off > 0 && m.buf[off-1] == '<'
	l := Link{Ref: string(label), Offset: int64(off), Style: StyleAngle, Context: ContextMarkdown, Tag: "autolink"}
	u := string(util.URLEscape(n.URL(m.buf), false))
	switch {
	case n.AutoLinkType == ast.AutoLinkEmail:
		if !angle {
			return true // delimit reports no bare e-mail addresses either
		}
		u = "mailto:" + u
	case !angle && n.Protocol != nil:
		l.Style = StyleAbbreviated // www.a.example: the URL is http://www.a.example
	case !angle:
		m.prose.add(label, off)
		return true
	}
	l.Line, l.Column = m.lines.at(off)
	return m.src.emitAs(l, u, m.yield)
}

// html yields the links of raw HTML, the bytes of segs.
func (m *mdScan) html(segs []gtext.Segment) bool {
	var p pieces
	for _, s := range segs {
		p.add(s.Value(m.buf), s.Start)
	}
	return scanHTML(bytes.NewReader(p.buf), m.src, m.mapped(&p))
}

// code yields, with Options.Code, the URIs in a code span or code block.
func (m *mdScan) code(n ast.Node) bool {
	if !m.src.opts.Code {
		return true
	}
	var p pieces
	if n.Type() == ast.TypeBlock {
		for i := range n.Lines().Len() {
			s := n.Lines().At(i)
			p.add(s.Value(m.buf), s.Start)
		}
	} else {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				p.add(t.Segment.Value(m.buf), t.Segment.Start)
			}
		}
	}
	return scanDelimited(bytes.NewReader(p.buf), m.src, ContextMarkdownCode, m.mapped(&p))
}

// flush scans the prose gathered so far for bare URIs.
func (m *mdScan) flush() bool {
	if len(m.prose.buf) == 0 {
		return true
	}
	p := &m.prose
	defer func() { p.buf, p.at = p.buf[:0], p.at[:0] }()
	if !mayHoldURI(p.buf, m.src.opts) {
		return true
	}
	return scanDelimited(bytes.NewReader(p.buf), m.src, ContextMarkdownText, m.mapped(p))
}

// mapped returns m.yield with the offsets of links found in p moved to
// the source, their lines and columns set again.
func (m *mdScan) mapped(p *pieces) func(Link, error) bool {
	return func(l Link, err error) bool {
		if err == nil {
			off := p.src(int(l.Offset))
			l.Offset = int64(off)
			l.Line, l.Column = m.lines.at(off)
		}
		return m.yield(l, err)
	}
}

// textOf returns the text of a link's label or an image's description.
func (m *mdScan) textOf(n ast.Node) string {
	var b []byte
	_ = ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b = append(b, c.Segment.Value(m.buf)...)
			if c.SoftLineBreak() || c.HardLineBreak() {
				b = append(b, ' ')
			}
		case *ast.String:
			b = append(b, c.Value...)
		case *ast.AutoLink:
			b = append(b, c.Label(m.buf)...)
		}
		return ast.WalkContinue, nil
	})
	return string(b)
}

// offsetIn returns the offset of b in buf when b is a slice of buf, else
// -1 (goldmark hands out destinations as slices of the source).
func offsetIn(buf, b []byte) int {
	if len(b) == 0 {
		return -1
	}
	off := cap(buf) - cap(b)
	if off < 0 || off+len(b) > len(buf) || &buf[off] != &b[0] {
		return -1
	}
	return off
}

// pieces is text put together from pieces of a source, with where each
// piece came from.
type pieces struct {
	buf []byte
	at  []piece
}

type piece struct{ out, src int }

// add appends b, found at offset src of the source.
func (p *pieces) add(b []byte, src int) {
	if len(b) == 0 {
		return
	}
	p.at = append(p.at, piece{len(p.buf), src})
	p.buf = append(p.buf, b...)
}

// src returns the source offset of p.buf[off].
func (p *pieces) src(off int) int {
	i, j := 0, len(p.at)
	for i < j { // the last piece that starts at or before off
		h := int(uint(i+j) >> 1)
		if p.at[h].out <= off {
			i = h + 1
		} else {
			j = h
		}
	}
	if i == 0 {
		return off
	}
	a := p.at[i-1]
	return a.src + off - a.out
}
