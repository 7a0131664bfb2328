package extract

import (
	"bytes"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
)

// maxLinkText is the most bytes of Link.Text an HTML link gets: the
// anchor text or the alt of an image, white space collapsed, cut at a
// character boundary.
const maxLinkText = 200

// maxAnchorBatch is how many values the walk holds while it reads the
// text of an <a> element, whose URLs wait for it: past that, they go out
// with the text read so far, so that memory stays bounded.
const maxAnchorBatch = 4 * refBatch

// anchorText is the text of the <a> element being read, for the Link.Text
// of its URLs (HTML Living Standard §4.5.1: the anchor's contents), which
// wait in page.batch from index from to index to.
type anchorText struct {
	open     bool
	from, to int
	text     linkText
	href     string // the element's href, if it has one
}

// linkText is a text with its white space collapsed (a run of ASCII white
// space is one space, none at either end), up to maxLinkText bytes.
type linkText struct {
	buf   []byte // reused
	space bool   // white space is pending before the next character
}

// addText appends s to t and reports whether t is full.
func addText[T ~string | ~[]byte](t *linkText, s T) bool {
	for i := 0; i < len(s); {
		switch c := s[i]; {
		case ascii.IsSpace(c):
			t.space = len(t.buf) > 0
			i++
			continue
		case c == 0: // the parser drops NUL in text
			i++
			continue
		}
		if t.space {
			t.buf = append(t.buf, ' ')
			t.space = false
		}
		// The run of other bytes at once, up to maxLinkText.
		j, end := i+1, min(len(s), i+maxLinkText-len(t.buf))
		for j < end && !ascii.IsSpace(s[j]) && s[j] != 0 {
			j++
		}
		t.buf = append(t.buf, s[i:j]...)
		if len(t.buf) >= maxLinkText {
			t.cut()
			return true
		}
		i = j
	}
	return false
}

// cut ends the text at maxLinkText bytes, on a character boundary.
func (t *linkText) cut() {
	b := t.buf[:min(len(t.buf), maxLinkText)]
	i := len(b)
	for i > 0 && len(b)-i < utf8.UTFMax && !utf8.RuneStart(b[i-1]) {
		i--
	}
	if i > 0 && !utf8.FullRune(b[i-1:]) {
		b = b[:i-1]
	}
	t.buf = b
}

// String returns the text, or "" when none is wanted, and empties t.
func (t *linkText) String(none bool) string {
	s := ""
	if !none {
		s = string(t.buf)
	}
	t.buf, t.space = t.buf[:0], false
	return s
}

// startAnchor starts the text of an <a> element, whose URLs the walk adds
// next, after closing the one open (the parser closes an open a element
// at the next <a>, HTML Living Standard §13.2.6.4.7).
func (p *page) startAnchor() {
	p.endAnchor()
	p.anchor.open, p.anchor.from = true, len(p.batch)
}

// anchorValues marks the end of the URLs of the <a> element; without
// one, there is no text to wait for.
func (p *page) anchorValues() {
	if p.anchor.to = len(p.batch); p.anchor.to == p.anchor.from {
		p.anchor.open = false
	}
}

// anchorHref sets the href of the <a> element just started, which its
// text may show (see page.scanText).
func (p *page) anchorHref() {
	p.anchor.href = ""
	if !p.anchor.open {
		return
	}
	for _, r := range p.batch[p.anchor.from:p.anchor.to] {
		if r.attr == "href" {
			p.anchor.href = r.ref
			return
		}
	}
}

// endAnchor gives the URLs of the open <a> element, if one is, its text.
func (p *page) endAnchor() {
	a := &p.anchor
	if !a.open {
		return
	}
	a.open = false
	text := a.text.String(p.noText)
	for i := a.from; i < a.to && i < len(p.batch); i++ {
		p.batch[i].text = text
	}
	if len(p.batch) >= refBatch {
		p.flush()
	}
}

// anchorChars adds the text raw of the page to the open <a> element's.
func (p *page) anchorChars(raw []byte) {
	var full bool
	if p.isChars(raw) && bytes.IndexByte(raw, '&') < 0 {
		full = addText(&p.anchor.text, raw)
	} else {
		full = addText(&p.anchor.text, decode(p.chars(raw).s, false).s)
	}
	if full {
		p.endAnchor()
	}
}

// anchorBreak adds white space to the text of the open <a> element, for
// a tag called name in it that breaks the line where a browser renders
// it, so that the words on either side stay apart.
func (p *page) anchorBreak(name string) {
	switch name {
	case "br", "p", "div", "li", "tr", "td", "th", "h1", "h2", "h3", "h4", "h5", "h6", "img":
		p.anchor.text.space = len(p.anchor.text.buf) > 0
	}
}

// altText returns the alt attribute of the img element of attributes
// attrs and raw tag raw, white space collapsed, for the Link.Text of its
// URLs.
func (p *page) altText(attrs []rawAttr, raw []byte) string {
	for _, a := range attrs {
		if a.key == "alt" {
			var t linkText
			addText(&t, p.value(raw[a.valStart:a.valEnd]).s)
			return t.String(false)
		}
	}
	return ""
}
