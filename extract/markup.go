package extract

import (
	"bytes"
	"regexp"
	"sync"

	"github.com/urix/urix/delimit"
	"github.com/yuin/goldmark/util"
)

// docScan is what the scanners of Markdown, AsciiDoc and
// reStructuredText share: the source held whole, its line index, and the
// prose gathered for delimit.
type docScan struct {
	buf   []byte
	src   *source
	yield func(Link, error) bool
	lines lineIndex
	// prose is text not yet scanned by delimit: it is scanned when the
	// text is interrupted (a block ends, a link, code or raw HTML comes),
	// with Context proseContext.
	prose        pieces
	proseContext Context
	// emails tells that the format makes a bare e-mail address in its
	// prose a mailto: link (reST, AsciiDoc), as Options.Emails asks of
	// text; mailSrc is src with Options.Emails set, made when first
	// needed.
	emails  bool
	mailSrc *source
	// sc scans the prose, reset to read rd for each piece of it.
	sc *delimit.Scanner
	rd bytes.Reader
	// shows, when set, is the href of the raw <a> element whose text
	// the prose is: a URI found there that is the href is left out.
	shows *hrefShown
}

func newDocScan(buf []byte, src *source, yield func(Link, error) bool, prose Context) docScan {
	return docScan{buf: buf, src: src, yield: yield, lines: newLineIndex(buf), proseContext: prose}
}

// eachLine calls fn with each line of the source, its line feed kept,
// and its offset, until fn returns false; it reports whether fn never did.
func (m *docScan) eachLine(fn func(raw []byte, off int) bool) bool {
	for off := 0; off < len(m.buf); {
		end := bytes.IndexByte(m.buf[off:], '\n') + 1
		if end == 0 {
			end = len(m.buf) - off
		}
		if !fn(m.buf[off:off+end], off) {
			return false
		}
		off += end
	}
	return true
}

// link yields the reference ref written at offset off, read as text (the
// form a renderer writes into the HTML it makes).
func (m *docScan) link(l Link, text string) bool {
	l.Line, l.Column = m.lines.at(int(l.Offset))
	return !m.src.complete(&l, text) || m.yield(l, nil)
}

// escapeRef returns the reference ref as a renderer (rst2html,
// Asciidoctor, a browser reading an href) writes it into the HTML it
// makes: spaces and non-ASCII characters percent-encoded in UTF-8, as an
// IRI maps to a URI (RFC 3987 §3.1), so that notes/Köln.md is the
// relative reference notes/K%C3%B6ln.md. What is percent-encoded
// already stays so.
func escapeRef(ref string) string {
	return string(util.URLEscape([]byte(ref), false))
}

// html yields the links of the raw HTML p.
func (m *docScan) html(p *pieces) bool {
	return scanPage(p.buf, m.src, m.mapped(p))
}

// delimited yields the URIs delimit finds in p, with Context ctx, and
// its bare e-mail addresses where the format or Options.Emails makes
// them links.
func (m *docScan) delimited(p *pieces, ctx Context) bool {
	src := m.src
	mail := (m.emails || src.opts.Emails) && bytes.IndexByte(p.buf, '@') > 0
	if mail && !src.opts.Emails {
		if m.mailSrc == nil {
			s, o := *m.src, *m.src.opts
			o.Emails = true
			s.opts = &o
			m.mailSrc = &s
		}
		src = m.mailSrc
	}
	if !mail && !mayHoldURI(p.buf, src.opts) {
		return true
	}
	if m.sc == nil {
		m.sc = delimit.NewScanner(nil, src.delimitOptions())
	}
	m.rd.Reset(p.buf)
	return scanDelimitedWith(m.sc, &m.rd, src, ctx, m.mapped(p))
}

// flush scans the prose gathered so far for bare URIs.
func (m *docScan) flush() bool {
	if len(m.prose.buf) == 0 {
		return true
	}
	p := &m.prose
	defer p.reset()
	return m.delimited(p, m.proseContext)
}

// mapped returns m.yield with the offsets of links found in p moved to
// the source, their lines and columns set again.
func (m *docScan) mapped(p *pieces) func(Link, error) bool {
	return func(l Link, err error) bool {
		if err == nil && m.shows != nil && l.Context == m.proseContext && m.shows.same(l.URI) {
			return true
		}
		if err == nil {
			off := p.src(int(l.Offset))
			l.Offset = int64(off)
			l.Line, l.Column = m.lines.at(off)
		}
		return m.yield(l, err)
	}
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

// addFrom appends q.buf[i:j], each of its pieces with its place.
func (p *pieces) addFrom(q *pieces, i, j int) {
	for i < j {
		k := q.index(i) + 1 // the piece after the one i is in
		end := j
		if k < len(q.at) && q.at[k].out < j {
			end = q.at[k].out
		}
		p.add(q.buf[i:end], q.src(i))
		i = end
	}
}

func (p *pieces) reset() { p.buf, p.at = p.buf[:0], p.at[:0] }

// index returns the index of the piece p.buf[off] is in, -1 if none.
func (p *pieces) index(off int) int {
	i, j := 0, len(p.at)
	for i < j { // the last piece that starts at or before off
		h := int(uint(i+j) >> 1)
		if p.at[h].out <= off {
			i = h + 1
		} else {
			j = h
		}
	}
	return i - 1
}

// src returns the source offset of p.buf[off].
func (p *pieces) src(off int) int {
	i := p.index(off)
	if i < 0 {
		return off
	}
	a := p.at[i]
	return a.src + off - a.out
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

// lazyRegexp returns a function that compiles expr at its first call and
// returns it then on: the expressions of the markup scanners are compiled
// when an input needs them, not at the start of every run.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
