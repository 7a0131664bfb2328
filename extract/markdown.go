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
//     "image") and of every link reference definition (Tag "definition"),
//     with Context "markdown", Style "markup" and Text the link's text, an
//     image's description or a definition's label; a use of a definition
//     ([text][label]) only with Options.Uses (at the use, with the
//     definition's destination): a URL is reported where it is written;
//   - autolinks, <https://a.example/> (Tag "autolink", Style "angle"), and
//     GFM's extended www. autolinks (Style "abbreviated", http:// added as
//     GFM renders them) and e-mail autolinks (Style "email", mailto:
//     added);
//   - the links of raw HTML, inline and in HTML blocks, as the HTML scanner
//     finds them, and not the URL of an inline <a href="U">U</a> again in
//     its text;
//   - the bare URIs of the prose (Context "markdown-text") as package
//     delimit finds them, the text of a link left out since it is the
//     link's label;
//   - with Options.Code, the URIs in code spans and code blocks (Context
//     "markdown-code"), which are otherwise left out.
//
// A destination is reported as written (Ref) and read as the HTML a
// renderer makes of it (backslash escapes and entities resolved, spaces
// and non-ASCII characters percent-encoded), resolved against the file's
// base. Offsets, lines and columns are those of the source file. A file
// nested too deep for goldmark to read in linear time is an error for the
// file (see markdownTooDeep).
func scanMarkdown(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	if err := markdownTooDeepError(buf, src); err != nil {
		return yield(Link{}, err)
	}
	doc := markdown.Parser().Parse(gtext.NewReader(buf))
	m := &mdScan{docScan: newDocScan(buf, src, yield, ContextMarkdownText)}
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
	docScan
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
	if n.Type() == ast.TypeBlock {
		m.shows = nil // a raw <a> left open ends with its paragraph
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
		if n.Reference != nil && !m.src.opts.Uses {
			return ast.WalkContinue, m.flush()
		}
		return ast.WalkContinue, m.flush() && m.dest(n.Destination, n.Pos(), n.Reference != nil, "link", m.textOf(n))
	case *ast.Image:
		if n.Reference != nil && !m.src.opts.Uses {
			return ast.WalkSkipChildren, m.flush()
		}
		return ast.WalkSkipChildren, m.flush() && m.dest(n.Destination, n.Pos(), n.Reference != nil, "image", m.textOf(n))
	case *ast.LinkReferenceDefinition:
		return ast.WalkSkipChildren, m.dest(n.Destination, n.Pos(), false, "definition", string(n.Label))
	case *ast.AutoLink:
		return ast.WalkSkipChildren, m.flush() && m.autoLink(n)
	case *ast.RawHTML:
		return ast.WalkSkipChildren, m.flush() && m.rawHTML(m.piecesOf(n.Segments.Sliced(0, n.Segments.Len())))
	case *ast.HTMLBlock:
		segs := n.Lines().Sliced(0, n.Lines().Len())
		if n.HasClosure() {
			segs = append(segs, n.ClosureLine)
		}
		return ast.WalkSkipChildren, m.html(m.piecesOf(segs))
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
	l := Link{Ref: string(d), Offset: int64(off), Style: StyleMarkup, Context: ContextMarkdown, Tag: tag, Text: text}
	return m.link(l, string(util.URLEscape(d, true)))
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
			l.Style = StyleEmail // GFM's extended e-mail autolink
		}
		u = "mailto:" + u
	case !angle && n.Protocol != nil:
		l.Style = StyleAbbreviated // www.a.example: the URL is http://www.a.example
	case !angle:
		m.prose.add(label, off)
		return true
	}
	return m.link(l, u)
}

// rawHTML yields the links of the inline raw HTML p, a tag. The text
// after an <a> start tag with an href, up to its end tag, is the
// anchor's: a URI in it that is the href is not reported again.
func (m *mdScan) rawHTML(p *pieces) bool {
	tag := bytes.ToLower(p.buf[:min(len(p.buf), 3)])
	switch {
	case bytes.HasPrefix(tag, []byte("</a")):
		m.shows = nil
	case bytes.HasPrefix(tag, []byte("<a")) && len(tag) == 3 && (isASCIISpace(tag[2]) || tag[2] == '>'):
		m.shows = nil
		yield := m.yield
		defer func() { m.yield = yield }()
		m.yield = func(l Link, err error) bool {
			if err == nil && l.Tag == "a" && l.Attr == "href" {
				m.shows = &hrefShown{href: l.Ref, src: m.src}
			}
			return yield(l, err)
		}
	}
	return m.html(p)
}

// piecesOf returns the text of segs.
func (m *mdScan) piecesOf(segs []gtext.Segment) *pieces {
	var p pieces
	for _, s := range segs {
		p.add(s.Value(m.buf), s.Start)
	}
	return &p
}

// code yields, with Options.Code, the URIs in a code span or code block.
func (m *mdScan) code(n ast.Node) bool {
	if !m.src.opts.Code {
		return true
	}
	var segs []gtext.Segment
	if n.Type() == ast.TypeBlock {
		segs = n.Lines().Sliced(0, n.Lines().Len())
	} else {
		for c := n.FirstChild(); c != nil; c = c.NextSibling() {
			if t, ok := c.(*ast.Text); ok {
				segs = append(segs, t.Segment)
			}
		}
	}
	return m.delimited(m.piecesOf(segs), ContextMarkdownCode)
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
