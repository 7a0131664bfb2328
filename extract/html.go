package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"

	"github.com/urix/urix/base"
	"github.com/urix/urix/uri"
)

// MaxHTMLSize is the largest HTML document Links and Rewrite read: a page
// is held in memory whole, because its <base href> applies to the links
// before it too (HTML Living Standard §4.2.3).
const MaxHTMLSize = 64 << 20

// maxTreeSize is the largest page whose base element is found in its
// parsed tree; in a larger one, the first base element the tokenizer met
// outside template, svg, math and noscript elements counts.
const maxTreeSize = 8 << 20

// ErrTooLarge is wrapped by the error for an HTML document larger than
// MaxHTMLSize.
var ErrTooLarge = errors.New("extract: HTML document larger than 64 MiB")

// refKind tells how a URL is written in the page, for reading and
// rewriting it.
type refKind uint8

const (
	kindAttr    refKind = iota // the whole attribute value
	kindSrcset                 // one candidate URL of a srcset
	kindList                   // one URL of a space-separated list (ping)
	kindCSS                    // a url(), @import or image-set() URL of CSS
	kindRefresh                // the URL of a meta refresh
	kindText                   // a text node, scanned for bare URIs
	kindNone                   // text not looked into
)

// htmlRef is a URL-bearing value found in a page.
type htmlRef struct {
	ref        string // the URL as written, character references and CSS escapes decoded
	tag, attr  string
	kind       refKind
	start, end int // raw span of the URL in the page
	// The attribute holding the URL, -1 for element text.
	valStart, valEnd int
	attrQuote        byte // '"', '\'', or 0 unquoted
	cssQuote         byte // for kindCSS: the string's quote, 0 in an unquoted url()
	refreshPrefix    bool // for kindRefresh: "URL=" was written before the URL
	refreshQuote     byte // for kindRefresh: the quote around the URL, if any
	isBase           bool // the href of a base element
	decode           bool // for kindText: the text has character references
	badDescriptors   bool // for kindSrcset: the candidate's descriptors do not parse
}

// page is an HTML document read for its links.
type page struct {
	buf  []byte
	refs []htmlRef
	// base is the index in refs of the href of the first base element in
	// tree order, the one that sets the page's base, -1 if there is none.
	base int
	// drops holds, for the href of each base element, the span to remove
	// to remove it: the element, or the attribute with the white space
	// before it when the element has others.
	drops   map[int]span
	sawBase bool // the tokenizer met a base element with href, maybe inert
	// enc is the legacy encoding of a page that is not UTF-8 (its <meta>
	// charset, HTML Living Standard §13.2.3.2), nil for UTF-8.
	enc encoding.Encoding
}

// scanHTML is the contentScanner of HTML documents. In document order, it
// yields the URL of every URL-bearing attribute (see urlAttr; Context
// "html"), of CSS url(), @import and image-set() in style attributes and
// style elements (Context "css"), each with its Tag and Attr, and the bare
// URIs of text nodes (Context "html-text"; not in script, style, iframe,
// noembed or noframes). Every link is resolved against the page's own
// base, the href of its first base element in tree order (RFC 3986
// §5.1.1, HTML Living Standard §4.2.3), links before that element
// included; that href itself is reported too (Tag "base"), resolved
// against the layer around the page. The contents of noscript are read as
// markup and those of template as well (their links are real once the
// template is used); neither holds a base element that counts.
func scanHTML(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readPage(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	p := parsePage(buf)
	inner := p.innerSource(src)
	lc := lineCounter{buf: buf, line: 1}
	for i := range p.refs {
		r := &p.refs[i]
		s := inner
		if r.isBase {
			s = src // a base href is read against the layer around the page
		}
		if r.kind == kindText {
			if !p.scanText(r, s, &lc, yield) {
				return false
			}
			continue
		}
		if !s.emit(p.link(i, &lc), yield) {
			return false
		}
	}
	return true
}

// link returns the Link of p.refs[i] as a scanner hands it to emit.
func (p *page) link(i int, lc *lineCounter) Link {
	r := &p.refs[i]
	l := Link{Ref: r.ref, Style: "html", Context: "html", Tag: r.tag, Attr: r.attr, Offset: int64(r.start)}
	if p.enc != nil && !isASCII(r.ref) {
		l.Ref = p.legacyRef(r.ref)
	}
	if r.kind == kindCSS {
		l.Context = "css"
	}
	l.Line, l.Column = lc.at(r.start)
	if i == p.base && schemeOf(r.ref) == "" {
		l.Warnings = []string{warnRelativeBase}
	}
	if r.badDescriptors {
		l.Warnings = []string{warnDescriptors}
	}
	return l
}

const (
	warnRelativeBase = "html-relative-base: the <base href> is a relative reference, resolved against the next layer (RFC 3986 §5.1)"
	warnDescriptors  = "html-srcset-descriptors: the candidate's descriptors do not parse, browsers ignore it (HTML Living Standard §4.8.4.3.10)"
	warnInvalidBase  = "html-invalid-base: the <base href> cannot serve as a base URI, the next layer does: "
)

// schemeOf returns the scheme the attribute value s starts with, after
// the controls and spaces a browser ignores, or "".
func schemeOf(s string) string {
	return uri.SchemeOf(strings.TrimLeftFunc(s, func(r rune) bool { return r <= ' ' }))
}

// innerSource returns the source the links of the page are read in: src
// itself, or a copy whose base is the one the page embeds. A base href
// that cannot serve leaves src's base in force, and every link says so.
func (p *page) innerSource(src *source) *source {
	if !p.sawBase {
		return src
	}
	b, err := p.embeddedBase(src.base)
	inner := *src
	inner.base = b
	if err != nil {
		inner.warnings = append(src.warnings[:len(src.warnings):len(src.warnings)], warnInvalidBase+err.Error())
	}
	return &inner
}

// scanText yields the bare URIs of the text node r (the delimit scanner,
// RFC 3986 Appendix C) with their places in the page.
func (p *page) scanText(r *htmlRef, s *source, lc *lineCounter, yield func(Link, error) bool) bool {
	raw := p.buf[r.start:r.end]
	var text decoded
	if r.decode {
		text = decode(raw, false)
	} else if mayHoldURI(raw, s.opts) {
		text.s = string(raw)
	}
	if !mayHoldURI(text.s, s.opts) {
		return true
	}
	return scanDelimited(strings.NewReader(text.s), s, "html-text", func(l Link, err error) bool {
		if err == nil {
			off := r.start + text.raw(int(l.Offset))
			l.Offset = int64(off)
			l.Line, l.Column = lc.at(off)
		}
		return yield(l, err)
	})
}

// legacyRef returns the value v of a page in a legacy encoding as a
// browser reads it (WHATWG URL Standard §4.4 with the document's
// encoding): the page's characters in UTF-8, except in the query, whose
// bytes stay in the page's encoding, percent-encoded (RFC 3986 §2.1).
func (p *page) legacyRef(v string) string {
	rest, frag, hasFrag := strings.Cut(v, "#")
	path, query, hasQuery := strings.Cut(rest, "?")
	dec := p.enc.NewDecoder()
	u, err := dec.String(path)
	if err != nil {
		return v
	}
	if hasQuery {
		var sb strings.Builder
		for i := 0; i < len(query); i++ {
			if c := query[i]; c >= 0x80 {
				sb.WriteString(percent(c))
			} else {
				sb.WriteByte(c)
			}
		}
		u += "?" + sb.String()
	}
	if hasFrag {
		f, err := dec.String(frag)
		if err != nil {
			return v
		}
		u += "#" + f
	}
	return u
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// mayHoldURI reports whether text can hold a URI the delimit scanner
// reports with opts: one with a scheme, a "www." host name, a relative
// reference in angle brackets.
func mayHoldURI[T ~string | ~[]byte](text T, opts *Options) bool {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case ':':
			return true
		case '.':
			if opts.Abbreviated {
				return true
			}
		case '<':
			if opts.AngleRelative {
				return true
			}
		}
	}
	return false
}

// lineCounter turns byte offsets, met in increasing order, into 1-based
// lines and byte columns.
type lineCounter struct {
	buf       []byte
	pos       int // offsets before pos are counted
	line      int // line of pos
	lineStart int // offset of the first byte of that line
}

func (lc *lineCounter) at(off int) (line, col int) {
	if off < lc.pos {
		lc.pos, lc.line, lc.lineStart = 0, 1, 0
	}
	for {
		i := bytes.IndexByte(lc.buf[lc.pos:off], '\n')
		if i < 0 {
			break
		}
		lc.line++
		lc.pos += i + 1
		lc.lineStart = lc.pos
	}
	lc.pos = off
	return lc.line, off - lc.lineStart + 1
}

// readPage reads an HTML document from r, at most MaxHTMLSize bytes, into
// a buffer that never grows past MaxHTMLSize+1.
func readPage(r io.Reader) ([]byte, error) {
	size := 64 << 10
	switch v := r.(type) {
	case interface{ Len() int }: // bytes.Reader, strings.Reader, bytes.Buffer
		size = v.Len() + 1
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			size = int(fi.Size()) + 1
		}
	}
	buf := make([]byte, 0, min(max(size, 512), MaxHTMLSize+1))
	for {
		if len(buf) == cap(buf) {
			if len(buf) > MaxHTMLSize {
				return nil, ErrTooLarge
			}
			grown := make([]byte, len(buf), min(2*cap(buf), MaxHTMLSize+1))
			copy(grown, buf)
			buf = grown
		}
		n, err := r.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

// rawTextElements are those whose contents the tokenizer reads as text
// (HTML Living Standard §13.2.5.2-5), with what urix looks for in them.
var rawTextElements = map[string]refKind{
	"style":     kindCSS,
	"title":     kindText,
	"textarea":  kindText,
	"xmp":       kindText,
	"plaintext": kindText,
	// Code, and fallback markup browsers do not render; noscript is read
	// as markup instead.
	"script":   kindNone,
	"iframe":   kindNone,
	"noembed":  kindNone,
	"noframes": kindNone,
}

// parsePage walks the document with the x/net/html tokenizer, keeping raw
// offsets, and collects every URL-bearing value in document order.
func parsePage(buf []byte) *page {
	p := &page{buf: buf, base: -1, refs: make([]htmlRef, 0, len(buf)/512)}
	if !utf8.Valid(buf) {
		if enc, name, _ := charset.DetermineEncoding(buf, "text/html"); name != "utf-8" && asciiCompatible(enc) {
			p.enc = enc
		}
	}
	z := html.NewTokenizer(bytes.NewReader(buf))
	var (
		attrs   []rawAttr
		pos     int
		rawElem string // the element whose raw text comes next
		foreign int    // depth of template, svg and math elements
		noscr   int    // depth of noscript elements
	)
	for {
		tt := z.Next()
		raw := z.Raw()
		start := pos
		pos += len(raw)
		switch tt {
		case html.ErrorToken:
			return p
		case html.StartTagToken, html.SelfClosingTagToken:
			var name string
			name, attrs = parseTag(raw, attrs)
			p.tag(name, attrs, raw, start, foreign == 0 && noscr == 0)
			rawElem = ""
			if _, ok := rawTextElements[name]; ok {
				rawElem = name
			}
			switch name {
			case "noscript":
				// Read as markup, as with scripting disabled, so that
				// the fallback images and links are found.
				z.NextIsNotRawText()
				if tt == html.StartTagToken {
					noscr++
				}
			case "template", "svg", "math":
				if tt == html.StartTagToken {
					foreign++
				}
			}
		case html.EndTagToken:
			rawElem = ""
			name, _ := parseTag(raw[1:], attrs[:0])
			switch name {
			case "noscript":
				noscr = max(noscr-1, 0)
			case "template", "svg", "math":
				foreign = max(foreign-1, 0)
			}
		case html.TextToken:
			kind := kindText
			if rawElem != "" {
				kind = rawTextElements[rawElem]
			}
			switch kind {
			case kindCSS:
				p.css(decoded{s: string(raw)}, start, -1, -1, 0, rawElem)
			case kindText:
				// Most text is white space between tags, or words
				// without a scheme.
				if bytes.ContainsAny(raw, ":.&<") {
					p.refs = append(p.refs, htmlRef{
						kind: kindText, start: start, end: pos, valStart: -1, valEnd: -1,
						decode: rawElem != "xmp" && rawElem != "plaintext" && hasAmpOrCR(raw),
					})
				}
			}
			rawElem = ""
		default:
			rawElem = ""
		}
	}
}

// tag collects the URL-bearing attributes of the start tag raw at offset
// start. canBase tells that a base element here is one (not inert in a
// template, not SVG's or MathML's, not in noscript).
func (p *page) tag(name string, attrs []rawAttr, raw []byte, start int, canBase bool) {
	for _, a := range attrs {
		if !a.hasValue {
			continue // nothing to read, nowhere to write
		}
		kind, ok := urlAttr(name, a.key, attrs, raw)
		if !ok {
			continue
		}
		val := decode(raw[a.valStart:a.valEnd], true)
		vs, ve := start+a.valStart, start+a.valEnd
		ref := htmlRef{
			tag:      name,
			attr:     a.key,
			kind:     kind,
			valStart: vs, valEnd: ve, attrQuote: a.quote,
		}
		switch kind {
		case kindAttr:
			ref.start, ref.end = vs, ve
			ref.ref = val.s
			if name == "base" && a.key == "href" {
				ref.isBase = true
				p.sawBase = true
				if p.base < 0 && canBase {
					p.base = len(p.refs)
				}
				drop := p.lineOf(start, start+len(raw))
				if len(attrs) > 1 {
					ks := a.keyStart
					for ks > 0 && isSpace(raw[ks-1]) {
						ks--
					}
					drop = span{start + ks, start + a.attrEndRaw}
				}
				if p.drops == nil {
					p.drops = map[int]span{}
				}
				p.drops[len(p.refs)] = drop
			}
			p.refs = append(p.refs, ref)
		case kindSrcset:
			for _, u := range srcsetURLs(val.s) {
				ref.start, ref.end = vs+val.raw(u.start), vs+val.raw(u.end)
				ref.ref = val.s[u.start:u.end]
				ref.badDescriptors = !u.valid
				p.refs = append(p.refs, ref)
			}
		case kindList:
			for _, u := range fieldSpans(val.s) {
				ref.start, ref.end = vs+val.raw(u.start), vs+val.raw(u.end)
				ref.ref = val.s[u.start:u.end]
				p.refs = append(p.refs, ref)
			}
		case kindCSS:
			p.css(val, vs, vs, ve, a.quote, name)
		case kindRefresh:
			if u, prefix, q, ok := refreshURL(val.s); ok {
				ref.start, ref.end = vs+val.raw(u.start), vs+val.raw(u.end)
				ref.ref = val.s[u.start:u.end]
				ref.refreshPrefix, ref.refreshQuote = prefix, q
				p.refs = append(p.refs, ref)
			}
		}
	}
}

// fieldSpans returns the spans of the tokens of a set of space-separated
// tokens (HTML Living Standard §2.3.7).
func fieldSpans(s string) []span {
	var spans []span
	for i := 0; i < len(s); {
		for i < len(s) && isASCIISpace(s[i]) {
			i++
		}
		start := i
		for i < len(s) && !isASCIISpace(s[i]) {
			i++
		}
		if i > start {
			spans = append(spans, span{start, i})
		}
	}
	return spans
}

// lineOf returns the span of the element [start, end) widened to its
// whole line when nothing else stands on it, so that removing it leaves no
// blank line.
func (p *page) lineOf(start, end int) span {
	s, e := start, end
	for s > 0 && (p.buf[s-1] == ' ' || p.buf[s-1] == '\t') {
		s--
	}
	for e < len(p.buf) && (p.buf[e] == ' ' || p.buf[e] == '\t' || p.buf[e] == '\r') {
		e++
	}
	if (s == 0 || p.buf[s-1] == '\n') && e < len(p.buf) && p.buf[e] == '\n' {
		return span{s, e + 1}
	}
	return span{start, end}
}

// css collects the URLs of the CSS text val at raw offset off, in a style
// attribute spanning [vs, ve) or (vs < 0) in a style element.
func (p *page) css(val decoded, off, vs, ve int, quote byte, tag string) {
	for _, u := range cssURLs(val.s) {
		ref := htmlRef{
			ref:      u.value,
			tag:      tag,
			kind:     kindCSS,
			start:    off + val.raw(u.start),
			end:      off + val.raw(u.end),
			valStart: vs, valEnd: ve, attrQuote: quote,
			cssQuote: u.quote,
		}
		if vs >= 0 {
			ref.attr = "style"
		}
		p.refs = append(p.refs, ref)
	}
}

// urlAttr tells whether attribute key of element name holds a URL, and
// how. The set is wget's and more: every href, src and cite (custom
// elements and SVG included), the URL attributes of HTML 4 and the HTML
// Living Standard, srcset, ping, style attributes and meta refresh.
func urlAttr(name, key string, attrs []rawAttr, raw []byte) (refKind, bool) {
	switch key {
	case "href", "src", "cite", "background", "poster", "longdesc", "lowsrc",
		"action", "formaction", "manifest", "xlink:href":
		return kindAttr, true
	case "data":
		return kindAttr, name == "object"
	case "codebase":
		return kindAttr, name == "object" || name == "applet"
	case "srcset", "imagesrcset":
		return kindSrcset, true
	case "ping":
		return kindList, true
	case "style":
		return kindCSS, true
	case "content":
		if name != "meta" {
			return 0, false
		}
		for _, a := range attrs {
			if a.key == "http-equiv" {
				return kindRefresh, strings.EqualFold(strings.TrimSpace(decode(raw[a.valStart:a.valEnd], true).s), "refresh")
			}
		}
	}
	return 0, false
}

// refreshURL returns the span of the URL in the content of a meta refresh
// (HTML Living Standard §4.2.5.3, shared declarative refresh steps), and
// whether "URL=" preceded it, and the quote around it.
func refreshURL(s string) (u span, prefix bool, quote byte, ok bool) {
	i := skipASCIISpace(s, 0)
	j := i
	for j < len(s) && '0' <= s[j] && s[j] <= '9' {
		j++
	}
	if j == i && (j >= len(s) || s[j] != '.') {
		return span{}, false, 0, false
	}
	for j < len(s) && ('0' <= s[j] && s[j] <= '9' || s[j] == '.') {
		j++
	}
	i = j
	if i >= len(s) {
		return span{}, false, 0, false // no URL: the page refreshes itself
	}
	if s[i] != ';' && s[i] != ',' && !isASCIISpace(s[i]) {
		return span{}, false, 0, false
	}
	i = skipASCIISpace(s, i)
	if i < len(s) && (s[i] == ';' || s[i] == ',') {
		i = skipASCIISpace(s, i+1)
	}
	if len(s)-i >= 3 && strings.EqualFold(s[i:i+3], "url") {
		k := skipASCIISpace(s, i+3)
		if k < len(s) && s[k] == '=' {
			i = skipASCIISpace(s, k+1)
			prefix = true
		}
	}
	end := len(s)
	if i < len(s) && (s[i] == '\'' || s[i] == '"') {
		quote = s[i]
		i++
		if k := strings.IndexByte(s[i:], quote); k >= 0 {
			end = i + k
		}
	}
	for end > i && isASCIISpace(s[end-1]) {
		end--
	}
	if end <= i {
		return span{}, false, 0, false
	}
	return span{i, end}, prefix, quote, true
}

func skipASCIISpace(s string, i int) int {
	for i < len(s) && isASCIISpace(s[i]) {
		i++
	}
	return i
}

// embeddedBase returns the base the page gives its links: the href of its
// first base element in tree order (RFC 3986 §5.1.1, HTML Living Standard
// §4.2.3), resolved against outer, or outer with the reason it could not
// serve. The tokenizer has told whether there is a base element at all;
// the tree, with its template contents and foreign elements, says which
// one counts.
func (p *page) embeddedBase(outer base.Base) (base.Base, error) {
	if !p.sawBase {
		return outer, nil
	}
	if len(p.buf) > maxTreeSize {
		// The tree of a huge page would take far more memory than
		// the page: the tokenizer's choice serves.
		if p.base < 0 {
			return outer, nil
		}
		return outer.Inner(p.refs[p.base].ref, base.Embedded)
	}
	doc, err := goquery.NewDocumentFromReader(bytes.NewReader(p.buf))
	if err != nil {
		return outer, fmt.Errorf("extract: reading <base href>: %w", err)
	}
	return outer.HTML(doc)
}
