package extract

import (
	"bytes"
	"io"
	"sync"

	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/mdext"
	"github.com/yuin/goldmark/ast"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// markdown parses CommonMark with the GitHub Flavored Markdown extensions
// (tables, strikethrough, task lists, autolinks), under the limits of
// markdownlimits.go; a goldmark parser may be shared by goroutines.
// GFM's table AST transformer, which takes time quadratic in the number
// of cells with an escaped "|" in a code span, is left out: code reads
// those itself. It is made at the first Markdown input, not at start-up:
// a run that reads none does not pay for it.
var markdown = sync.OnceValue(func() parser.Parser {
	return newMarkdownParser(mdLinkify{mdext.NewLinkifyParser()})
})

// newMarkdownParser returns markdown's parser with the given parser of
// GFM's extended autolinks.
func newMarkdownParser(linkify parser.InlineParser) parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(markdownLimited(parser.DefaultBlockParsers())...),
		parser.WithInlineParsers(append(markdownLimited(append(parser.DefaultInlineParsers(),
			util.Prioritized(mdext.NewStrikethroughParser(), 500),
			util.Prioritized(linkify, 999),
			util.Prioritized(mdext.NewTaskCheckBoxParser(), 0))),
			util.Prioritized(mdSkipper{}, 1))...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(mdTableLimit{mdext.NewTableParagraphTransformer()}, 200))...),
	)
}

// mdLinkify is GFM's extended autolink parser, asked only where it can
// find a link: it is tried at every space, and most words are no link.
type mdLinkify struct{ parser.InlineParser }

// Parse returns nil where the autolink parser would, without asking it,
// when the word after the trigger neither starts as a URL (http:,
// https:, ftp:, www.) nor as an e-mail address: 1 to 64 bytes of a
// local part, then "@".
func (p mdLinkify) Parse(parent ast.Node, block gtext.Reader, pc parser.Context) ast.Node {
	line, _ := block.PeekLine()
	if len(line) > 0 && bytes.IndexByte([]byte(" *_~("), line[0]) >= 0 {
		line = line[1:]
	} else if n := mdSkip(parent, block, pc); n != nil {
		return n // at the start of a line, maybe of a block
	}
	if len(line) == 0 || line[0] != 'h' && line[0] != 'f' && line[0] != 'w' && !mdEmailStart(line) {
		return nil
	}
	return p.InlineParser.Parse(parent, block, pc)
}

// mdMarksKey is the key of the parser context's uriMarks of the
// options a document is read with: without it no block is skipped.
var mdMarksKey = parser.NewContextKey()

// mdInertText is the text of a block read whole, its inline markup not
// parsed: the block holds no byte a link needs (see mdSkip).
type mdInertText struct{ ast.BaseInline }

var mdKindInert = ast.NewNodeKind("MarkdownInert")

func (n *mdInertText) Kind() ast.NodeKind { return mdKindInert }

func (n *mdInertText) Dump(src []byte, level int) { ast.DumpHelper(n, src, level, nil, nil) }

// mdSkip reads the whole of the block parent, at its start, as one
// mdInertText when its lines hold none of the bytes a link needs (see
// mdInert): it has no link, and goldmark's inline parse, which costs
// more than the rest of its parse, is spared. GFM's autolink parser asks
// at the start of every block that does not start with punctuation, most
// of them, mdSkipper at some that do; it returns nil elsewhere.
func mdSkip(parent ast.Node, block gtext.Reader, pc parser.Context) ast.Node {
	line, pos := block.Position()
	lines := parent.Lines()
	if line != 0 || lines.Len() == 0 || pos.Start != lines.At(0).Start {
		return nil
	}
	marks, ok := pc.Get(mdMarksKey).(uint8)
	if !ok || !mdInert(block.Source()[pos.Start:lines.At(lines.Len()-1).Stop], marks) {
		return nil
	}
	for range lines.Len() {
		block.AdvanceLine()
	}
	return &mdInertText{}
}

// mdSkipper is mdSkip at the start of a block that starts with one of
// the punctuation characters of its trigger, before goldmark's parsers
// of that character: those that start a block of plain prose most often,
// and are rare elsewhere.
type mdSkipper struct{}

func (mdSkipper) Trigger() []byte { return []byte("`*_\"'(~!") }

func (mdSkipper) Parse(parent ast.Node, block gtext.Reader, pc parser.Context) ast.Node {
	return mdSkip(parent, block, pc)
}

// mdInert reports whether text holds none of the bytes a link of
// Markdown needs: "[" (links, images, uses of definitions), "<"
// (autolinks, raw HTML), "@" (e-mail autolinks), "www." (GFM's www.
// autolinks), nor one of marks (see uriMarks), without which delimit
// finds no URI in its prose or code, but for a ':' that ends a label
// (see mdLabelColon).
func mdInert(text []byte, marks uint8) bool {
	if marks&^(tColon|tDot|tLT) != 0 {
		return false // a mark this test does not know
	}
	quote := -1 // whether text holds a '"', once a ':' asks
	for i := 0; i < len(text); i += 8 {
		if i+8 <= len(text) && !mdLinkBytes(word(text, i)) {
			continue // most words: one test for 8 bytes
		}
		for j := i; j < min(i+8, len(text)); j++ {
			switch c := text[j]; {
			case c == '[' || c == '<' || c == '@':
				return false
			case c == ':' && !mdLabelColon(text, j, &quote):
				return false
			case c == '.' && (marks&tDot != 0 || j >= 3 && string(text[j-3:j]) == "www"):
				return false
			}
		}
	}
	return true
}

// mdLabelColon reports whether the ':' at text[j] ends a label, as
// delimit knows one that starts no URI (noURIAfter, bare): ": x" ("Note:
// x"), or a ':' that a blank or the end follows, where no '"' could open
// a URI in "..." ('<' is none of mdInert's texts). The prose holds what
// follows the ':' as the source does: no markup starts with a letter or
// digit, and blanks at a line's end make a line feed. *quote is -1 until
// text is looked at for a '"'.
func mdLabelColon(text []byte, j int, quote *int) bool {
	if j+2 < len(text) && text[j+1] == ' ' && isAlnum(text[j+2]) {
		return true
	}
	if j+1 < len(text) && !ascii.IsSpace(text[j+1]) {
		return false
	}
	if *quote < 0 {
		*quote = bytes.IndexByte(text, '"') + 1 // 0 when none
	}
	return *quote == 0
}

// mdLinkBytes reports whether one of the 8 bytes of w is one mdInert
// looks at.
func mdLinkBytes(w uint64) bool {
	return (zeroes(w^ones*'[')|zeroes(w^ones*'<')|zeroes(w^ones*'@')|zeroes(w^ones*':')|zeroes(w^ones*'.'))&highs != 0
}

// mdEmailStart reports whether line starts with the local part of an
// e-mail address, as goldmark reads one (util.FindEmailIndex), and "@".
func mdEmailStart(line []byte) bool {
	for i, c := range line[:min(len(line), 65)] {
		if c == '@' {
			return i > 0
		}
		if !mdLocalPart[c] {
			return false
		}
	}
	return false
}

// mdLocalPart tells the bytes of an e-mail address's local part
// (RFC 5322's atext and '.').
var mdLocalPart = func() (t [256]bool) {
	for _, c := range []byte("!#$%&'*+-./=?^_`{|}~0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz") {
		t[c] = true
	}
	return t
}()

// markdownLimited returns ps with the parsers that need a limit wrapped
// in it.
func markdownLimited(ps []util.PrioritizedValue) []util.PrioritizedValue {
	for i, p := range ps {
		switch v := p.Value.(type) {
		case parser.BlockParser:
			if k := v.Trigger(); bytes.IndexByte(k, '>') >= 0 || bytes.IndexByte(k, '-') >= 0 && bytes.IndexByte(k, '1') >= 0 {
				ps[i].Value = mdDepthLimit{v} // block quotes, lists
			}
		case parser.InlineParser:
			if l, ok := v.(mdLinkify); ok {
				// Its test, at every space, comes before the limit's: it
				// returns nil without counting, as the limit past it does.
				ps[i].Value = mdLinkify{mdDelimLimit{l.InlineParser}}
			} else if k := v.Trigger(); bytes.IndexByte(k, '*') >= 0 || bytes.IndexByte(k, '~') >= 0 {
				ps[i].Value = mdDelimLimit{v} // emphasis, strikethrough
			}
		}
	}
	return ps
}

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
// base. Offsets, lines and columns are those of the source file. A
// paragraph that goldmark cannot read in linear time (see
// markdownRegions) is read as text, its bare URIs found, with an error
// for it.
func scanMarkdown(r io.Reader, src *source, yield func(Link, error) bool) bool {
	return readMarkdown(r, src, yield, true)
}

// readMarkdown is scanMarkdown, which skips the blocks that hold no link
// (see mdSkip) where skip is set: tests compare it with skip unset.
func readMarkdown(r io.Reader, src *source, yield func(Link, error) bool, skip bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	m := &mdScan{docScan: newDocScan(buf, src, yield, ContextMarkdownText), orig: buf}
	m.regions = markdownRegions(buf, m.lines)
	if len(buf) > 0 {
		m.buf = markdownSource(buf, m.lines, m.regions) // the lines are those of buf: a cut run of blank lines has one line feed less
	}
	pc := parser.NewContext()
	if skip {
		pc.Set(mdMarksKey, uriMarks(src.opts))
	}
	doc := markdown().Parse(gtext.NewReader(m.buf), parser.WithContext(pc))
	ok := true
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		var st ast.WalkStatus
		st, ok = m.node(n, entering)
		if !ok {
			return ast.WalkStop, nil
		}
		return st, nil
	})
	ok = ok && m.flush() && m.textRegions(len(buf))
	pageBufs.put(buf) // the scan is over and keeps nothing of it
	return ok
}

// mdScan is the state of scanMarkdown's walk.
type mdScan struct {
	docScan
	label   int        // depth of link labels the walk is in: their text is not prose
	cell    int        // depth of table cells the walk is in
	plain   bool       // the leaf block the walk is in holds no byte a URI needs
	orig    []byte     // the source, where docScan.buf has regions blanked
	regions []mdRegion // the regions not yet read as text
}

// textRegions reads as text the regions that start before off, each
// after its error.
func (m *mdScan) textRegions(off int) bool {
	for len(m.regions) > 0 && m.regions[0].start < off {
		r := m.regions[0]
		m.regions = m.regions[1:]
		if !m.flush() || !m.yield(Link{}, markdownRegionError(r, m.src)) {
			return false
		}
		m.prose.add(m.orig[r.start:r.end], r.start)
		if !m.flush() {
			return false
		}
	}
	return true
}

// node handles one node of the walk.
func (m *mdScan) node(n ast.Node, entering bool) (ast.WalkStatus, bool) {
	_, link := n.(*ast.Link)
	block := n.Type() == ast.TypeBlock
	if (block || link && !entering) && !m.flush() {
		return ast.WalkStop, false
	}
	if block {
		m.shows = nil // a raw <a> left open ends with its paragraph
		if entering && len(m.regions) > 0 && n.Lines().Len() > 0 && !m.textRegions(n.Lines().At(0).Start) {
			return ast.WalkStop, false
		}
		m.plain = entering && m.plainBlock(n)
	}
	if entering {
		return m.enter(n)
	}
	switch n.(type) {
	case *ast.Link:
		m.label--
	case *east.TableCell:
		m.cell--
	}
	return ast.WalkContinue, true
}

// plainBlock reports whether the lines of the block n, which hold all
// the text of a leaf block, have none of the bytes delimit needs to find
// a URI (nor an e-mail address where those are links): its prose, most
// of a document, is then neither copied nor scanned.
func (m *mdScan) plainBlock(n ast.Node) bool {
	if _, ok := n.FirstChild().(*mdInertText); ok {
		return true
	}
	lines := n.Lines()
	if lines.Len() == 0 {
		return false
	}
	text := m.buf[lines.At(0).Start:lines.At(lines.Len()-1).Stop]
	mail := (m.emails || m.src.opts.Emails) && bytes.IndexByte(text, '@') >= 0
	return !mail && !mayHoldURI(text, m.src.opts)
}

// enter handles a node the walk enters.
func (m *mdScan) enter(n ast.Node) (ast.WalkStatus, bool) {
	switch n := n.(type) {
	case *east.TableCell:
		m.cell++
	case *ast.Text:
		if m.label == 0 && !m.plain {
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
	u := l.Ref
	if e := util.URLEscape(d, true); len(e) != len(d) || len(e) > 0 && &e[0] != &d[0] {
		u = string(e) // URLEscape returns d itself when it changes nothing
	}
	return m.link(l, u)
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
	case bytes.HasPrefix(tag, []byte("<a")) && len(tag) == 3 && (ascii.IsSpace(tag[2]) || tag[2] == '>'):
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
				segs = m.appendCode(segs, t.Segment)
			}
		}
	}
	return m.delimited(m.piecesOf(segs), ContextMarkdownCode)
}

// appendCode appends the segment s of a code span to segs: in a table
// cell, without the "\\" of each "\\|" (GFM §4.10).
func (m *mdScan) appendCode(segs []gtext.Segment, s gtext.Segment) []gtext.Segment {
	for m.cell > 0 {
		i := bytes.Index(s.Value(m.buf), []byte(`\|`))
		if i < 0 {
			break
		}
		segs = append(segs, s.WithStop(s.Start+i))
		s = s.WithStart(s.Start + i + 1)
	}
	return append(segs, s)
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
