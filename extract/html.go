package extract

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"iter"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/PuerkitoBio/goquery"
	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urix/urix/base"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/uri"
)

// MaxHTMLSize is the largest HTML document Links and Rewrite read: a page
// is held in memory whole, because its <base href> applies to the links
// before it too (HTML Living Standard §4.2.3). Its links are handed out
// as they are found, never collected, so that reading a page takes at
// most about 5 times its size (the page, the tokenizer's copy of its
// longest tag or text, that value decoded) whatever its shape; a page of
// at most maxTreeSize (8 MiB) with a base element is also parsed into a
// tree once, which takes up to about 25 times its size.
const MaxHTMLSize = 64 << 20

// maxTreeSize is the largest page whose base element is found in its
// parsed tree; in a larger one, and in one the parser refuses (nested
// deeper than 512 elements), the first base element the tokenizer met
// outside template and noscript elements and foreign content (see
// foreignStack) counts.
const maxTreeSize = 8 << 20

// ErrTooLarge is wrapped by the error for an HTML document larger than
// MaxHTMLSize.
var ErrTooLarge = errors.New("HTML document larger than 64 MiB")

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
	noValue          bool // the attribute is written without "=" and a value
	cssQuote         byte // for kindCSS: the string's quote, 0 in an unquoted url()
	refreshPrefix    bool // for kindRefresh: "URL=" was written before the URL
	refreshQuote     byte // for kindRefresh: the quote around the URL, if any
	isBase           bool // the href of a base element
	canBase          bool // for isBase: the element can set the page's base (see page.tag)
	drop             span // for isBase: what to remove to remove it (see page.tag)
	decode           bool // for kindText: the text has character references
	badDescriptors   bool // for kindSrcset: the candidate's descriptors do not parse
}

// page is an HTML document read for its links. Its URL-bearing values
// are not kept: walk hands them out one at a time, so that memory stays
// within a small multiple of the page whatever its shape.
type page struct {
	buf []byte
	// baseAt is the raw offset of the href of the first base element the
	// tokenizer met outside template and noscript elements and foreign
	// content, the one that sets the page's base, -1 if there is none;
	// baseRef is its value.
	baseAt  int
	baseRef string
	sawBase bool // the tokenizer met a base element with href, maybe inert
	// enc is the legacy encoding of a page that is not in UTF-8 (HTML
	// Living Standard §13.2.3), nil for UTF-8: the encoding of the
	// queries of its URLs.
	enc encoding.Encoding
	// dec is the legacy encoding of the page's bytes, nil when they are
	// UTF-8: enc, unless a transport layer decoded them already.
	dec encoding.Encoding

	// During walk: where the values go, whether it said to stop, and
	// whether only base elements are looked into.
	yield    func(*htmlRef) bool
	stopped  bool
	onlyBase bool
	// steps counts the walk's work that is not a pass over the page's
	// bytes: tokens, attributes and foreign elements looked at. Tests
	// check that it grows linearly with the page.
	steps int
}

// scanHTML is the contentScanner of HTML documents. In document order, it
// yields the URL of every URL-bearing attribute (see urlAttr; Context
// "html"), of CSS url(), @import and image-set() in style attributes and
// style elements (Context "css"), each with its Tag and Attr, and the bare
// URIs of text nodes (Context "html-text"; not in script, style, iframe,
// noembed or noframes). An attribute without a value is an empty one, as
// in the DOM. Every link is resolved against the page's own base, the
// href of its first base element in tree order (RFC 3986 §5.1.1, HTML
// Living Standard §4.2.3), links before that element included; that href
// itself is reported too (Tag "base"), resolved against the layer around
// the page, and so is an empty form action or formaction (see sourceOf).
// The contents of noscript are read as markup and those of template as
// well (their links are real once the template is used); neither holds a
// base element that counts.
func scanHTML(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readPage(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	buf, src, yield = fromUTF16(buf, src, yield)
	p := parsePage(buf, src.decodedFrom)
	inner := p.innerSource(src)
	lc := lineCounter{buf: buf, line: 1}
	ok := true
	p.walk(func(r *htmlRef) bool {
		s := p.sourceOf(r, src, inner)
		if r.kind == kindText {
			ok = p.scanText(r, s, &lc, yield)
		} else {
			ok = s.emit(p.link(r, s, &lc), yield)
		}
		return ok
	})
	return ok
}

// sourceOf returns the source r is read in: inner, with the page's
// own base, or src, the layer around the page, for the href of a base
// element (HTML Living Standard §4.2.3: it is parsed against the fallback
// base URL) and for an empty form action or formaction, which stands for
// the URL of the document, not its base URL (§4.10.21.3, form submission
// algorithm: "If action is the empty string, let action be the URL of the
// form document").
func (p *page) sourceOf(r *htmlRef, src, inner *source) *source {
	if r.isBase || r.ref == "" && (r.tag == "form" && r.attr == "action" ||
		(r.tag == "button" || r.tag == "input") && r.attr == "formaction") {
		return src
	}
	return inner
}

// link returns the Link of r, read in s, as a scanner hands it to emit.
func (p *page) link(r *htmlRef, s *source, lc *lineCounter) Link {
	l := Link{Ref: r.ref, Style: StyleHTML, Context: ContextHTML, Tag: r.tag, Attr: r.attr, Offset: int64(r.start)}
	if p.enc != nil && !ascii.Valid(r.ref) {
		l.Ref = p.legacyRef(r.ref, s.base)
	}
	if r.kind == kindCSS {
		l.Context = ContextCSS
	}
	l.Line, l.Column = lc.at(r.start)
	if p.isBase(r) && schemeOf(r.ref) == "" {
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

// isBase reports whether r is the href of the base element that sets the
// page's base.
func (p *page) isBase(r *htmlRef) bool {
	return r.isBase && r.start == p.baseAt
}

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
	var in io.Reader
	if r.decode {
		text = decode(raw, false)
		if !mayHoldURI(text.s, s.opts) {
			return true
		}
		in = strings.NewReader(text.s)
	} else if mayHoldURI(raw, s.opts) {
		in = bytes.NewReader(raw)
	} else {
		return true
	}
	return scanDelimited(in, s, ContextHTMLText, func(l Link, err error) bool {
		if err == nil {
			off := r.start + text.raw(int(l.Offset))
			l.Offset = int64(off)
			l.Line, l.Column = lc.at(off)
		}
		return yield(l, err)
	})
}

// legacyRef returns the value v of a page in a legacy encoding as a
// browser reads it with the base b (WHATWG URL Standard §4.4, query
// state): the query of an http, https, ftp or file URL (or of a relative
// reference with no base) in the page's encoding, percent-encoded (RFC
// 3986 §2.1), with a character the encoding lacks as its decimal
// character reference, percent-encoded too ("%26%23233%3B"); the rest, and
// any other URL, stays in UTF-8.
func (p *page) legacyRef(v string, b base.Base) string {
	rest, frag, hasFrag := strings.Cut(v, "#")
	path, query, hasQuery := strings.Cut(rest, "?")
	if !hasQuery || ascii.Valid(query) {
		return v
	}
	scheme := schemeOf(v)
	if scheme == "" {
		scheme = b.URI.Scheme
	}
	if scheme != "" && (!base.IsSpecial(scheme) || strings.EqualFold(scheme, "ws") || strings.EqualFold(scheme, "wss")) {
		return v
	}
	e := p.enc.NewEncoder() // String resets it before each use
	var sb strings.Builder
	sb.WriteString(path)
	sb.WriteByte('?')
	for i := 0; i < len(query); {
		if query[i] < utf8.RuneSelf {
			sb.WriteByte(query[i])
			i++
			continue
		}
		// A run of characters the encoding has, encoded at once for
		// the encodings with states (ISO-2022-JP).
		j := i
		for j < len(query) && query[j] >= utf8.RuneSelf {
			_, n := utf8.DecodeRuneInString(query[j:])
			if _, err := e.String(query[j : j+n]); err != nil {
				break
			}
			j += n
		}
		if j == i {
			r, n := utf8.DecodeRuneInString(query[i:])
			if r < 0xa0 && p.chars([]byte{byte(r)}).s == string(r) {
				// A C1 control x/text does not encode, the
				// encoding's own byte (see chars).
				sb.WriteString(percent(byte(r)))
			} else {
				sb.WriteString("%26%23" + strconv.Itoa(int(r)) + "%3B")
			}
			i += n
			continue
		}
		enc, _ := e.String(query[i:j])
		for k := 0; k < len(enc); k++ {
			// The query percent-encode set, and '%'.
			if c := enc[k]; c <= ' ' || c >= 0x7f || strings.IndexByte(`"#%'<>`, c) >= 0 {
				sb.WriteString(percent(c))
			} else {
				sb.WriteByte(c)
			}
		}
		i = j
	}
	if hasFrag {
		sb.WriteString("#" + frag)
	}
	return sb.String()
}

// value returns the attribute value raw as a browser reads it: the page's
// characters (see chars), with their character references decoded.
func (p *page) value(raw []byte) decoded {
	if p.isChars(raw) {
		return decode(raw, true)
	}
	c := p.chars(raw)
	d := decode(c.s, true)
	d.in = c.pos
	return d
}

// chars returns the bytes raw of the page as the characters a browser
// reads there, in UTF-8, with the offset in raw of each byte: decoded with
// the page's legacy encoding, or, in UTF-8, with each invalid sequence as
// U+FFFD (HTML Living Standard §13.2.3, WHATWG Encoding Standard §4.1 and
// §8.1.1: one for each maximal subpart).
func (p *page) chars(raw []byte) decoded {
	if p.isChars(raw) {
		return decoded{s: string(raw)}
	}
	var dec *encoding.Decoder
	_, singleByte := p.dec.(*charmap.Charmap)
	if p.dec != nil {
		dec = p.dec.NewDecoder()
	}
	var sb strings.Builder
	sb.Grow(len(raw))
	var pos offsetMap
	var out [16]byte
	for i := 0; i < len(raw); {
		var n int
		var c []byte
		if dec == nil {
			r, size := utf8.DecodeRune(raw[i:])
			n, c = size, raw[i:i+size]
			if r == utf8.RuneError && size == 1 {
				for n < len(raw)-i && !utf8.FullRune(raw[i:i+n+1]) {
					n++ // a valid start the next byte does not continue
				}
				c = []byte("\uFFFD")
			}
		} else {
			// One character at a time, to know where each starts.
			for m := 1; ; m++ {
				nDst, nSrc, err := dec.Transform(out[:], raw[i:i+m], i+m == len(raw))
				if err == transform.ErrShortSrc && nSrc == 0 && i+m < len(raw) {
					continue
				}
				n, c = nSrc, out[:nDst]
				break
			}
			if n == 0 { // never stall
				n, c = 1, []byte("\uFFFD")
			}
			if b := raw[i]; singleByte && n == 1 && 0x80 <= b && b < 0xa0 && string(c) == "\uFFFD" {
				// x/text leaves these out of ISO-8859-2,
				// windows-1252 and others; the WHATWG indexes
				// have the C1 control of the same value.
				c = utf8.AppendRune(out[:0], rune(b))
			}
		}
		// A decoder that meets an invalid sequence may hand back the
		// ASCII byte after it with its U+FFFD: that byte stays where
		// it is in the page.
		keep := 0
		for keep < len(c)-1 && keep < n-1 && c[len(c)-1-keep] < utf8.RuneSelf && c[len(c)-1-keep] == raw[i+n-1-keep] {
			keep++
		}
		sb.Write(c[:len(c)-keep])
		pos = pos.add(sb.Len(), i+n-keep)
		sb.Write(c[len(c)-keep:])
		i += n
		pos = pos.add(sb.Len(), i)
	}
	return decoded{s: sb.String(), pos: pos}
}

// isChars reports whether the bytes raw of the page are its characters in
// UTF-8 already.
func (p *page) isChars(raw []byte) bool {
	if p.dec == nil {
		return utf8.Valid(raw)
	}
	return isPlainASCII(raw)
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

// parsePage reads the encoding of the document buf and finds its base
// elements (findBase); walk then hands out its URL-bearing values. The
// page is in the encoding it declares (htmlEncoding), else in the one
// sniffEncoding finds (UTF-8 if it is valid UTF-8); or, when decodedFrom
// is not nil, it was in decodedFrom and is in UTF-8 now.
func parsePage(buf []byte, decodedFrom encoding.Encoding) *page {
	p := &page{buf: buf, baseAt: -1}
	if decodedFrom != nil {
		p.enc = urlEncoding(decodedFrom)
	} else {
		enc := htmlEncoding(buf)
		if enc == nil {
			enc = sniffEncoding(buf)
		}
		p.enc = urlEncoding(enc)
		p.dec = p.enc
	}
	p.findBase()
	return p
}

// findBase walks the page for its base elements alone, up to the first
// that can set its base: the links before that element are resolved
// against it too (HTML Living Standard §4.2.3), so it must be known
// before the first of them is handed out. A page without "<base" is not
// walked.
func (p *page) findBase() {
	if !hasBaseTag(p.buf) {
		return
	}
	p.onlyBase = true
	p.walk(func(r *htmlRef) bool {
		if !r.isBase {
			return true
		}
		p.sawBase = true
		if r.canBase {
			p.baseAt, p.baseRef = r.start, r.ref
			return false
		}
		return true
	})
	p.onlyBase, p.stopped = false, false
}

// hasBaseTag reports whether buf holds "<base", in any case: whether the
// tokenizer can meet a base element there.
func hasBaseTag(buf []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(buf[i:], '<')
		if j < 0 {
			return false
		}
		i += j + 1
		if len(buf)-i >= 4 && bytes.EqualFold(buf[i:i+4], []byte("base")) {
			return true
		}
	}
}

// tokenState is where the tokenizer is in the page: what it reads next as
// raw text, and the open elements that change how tags are read.
type tokenState struct {
	attrs   []rawAttr
	rawElem string // the element whose raw text comes next
	fs      foreignStack
	tmpl    int // depth of template elements
	noscr   int // depth of noscript elements
}

// walk walks the document with the x/net/html tokenizer, keeping raw
// offsets, and hands every URL-bearing value to yield in document order,
// until yield returns false. The value is only valid during the call.
func (p *page) walk(yield func(*htmlRef) bool) {
	p.yield = yield
	z := html.NewTokenizer(bytes.NewReader(p.buf))
	var st tokenState
	st.fs.steps = &p.steps
	pos := 0
	for !p.stopped {
		p.steps++
		// CDATA sections are text in foreign content only (HTML Living
		// Standard §13.2.5.42).
		z.AllowCDATA(len(st.fs.elems) > 0)
		tt := z.Next()
		raw := z.Raw()
		start := pos
		pos += len(raw)
		switch tt {
		case html.ErrorToken:
			return
		case html.StartTagToken, html.SelfClosingTagToken:
			p.startTag(z, &st, tt, raw, start)
		case html.EndTagToken:
			st.rawElem = ""
			name, _ := parseTag(raw[1:], st.attrs[:0], &p.steps)
			if len(st.fs.elems) > 0 && (name == "br" || name == "p") {
				st.fs.breakOut()
			} else if st.fs.end(name) {
				continue
			}
			switch name {
			case "noscript":
				st.noscr = max(st.noscr-1, 0)
			case "template":
				st.tmpl = max(st.tmpl-1, 0)
			}
		case html.TextToken:
			if !p.onlyBase {
				p.text(st.rawElem, raw, start)
			}
			st.rawElem = ""
		default:
			st.rawElem = ""
		}
	}
}

// startTag reads the start tag raw at offset start: its URL-bearing
// attributes, and how the tokenizer reads what follows.
func (p *page) startTag(z *html.Tokenizer, st *tokenState, tt html.TokenType, raw []byte, start int) {
	var name string
	name, st.attrs = parseTag(raw, st.attrs, &p.steps)
	foreign := st.fs.foreign(name)
	if foreign && breaksOut(name, st.attrs) {
		st.fs.breakOut()
		foreign = false
	}
	if !p.onlyBase || name == "base" {
		p.tag(name, st.attrs, raw, start, !foreign && st.tmpl == 0 && st.noscr == 0)
	}
	st.rawElem = ""
	if foreign {
		// An SVG or MathML element: never raw text, and closed by "/>"
		// (§13.2.6.5). SVG's style is still CSS, and its script code.
		z.NextIsNotRawText()
		if name == "style" || name == "script" {
			st.rawElem = name
		}
		if tt == html.StartTagToken {
			st.fs.push(name, st.fs.elems[len(st.fs.elems)-1].math, st.attrs, raw)
		}
		return
	}
	if _, ok := rawTextElements[name]; ok {
		st.rawElem = name
	}
	// HTML ignores "/>" on these (§13.2.6.4.7).
	switch name {
	case "noscript":
		// Read as markup, as with scripting disabled, so that the
		// fallback images and links are found.
		z.NextIsNotRawText()
		st.noscr++
	case "template":
		st.tmpl++
	case "svg", "math":
		if tt == html.StartTagToken {
			st.fs.push(name, name == "math", st.attrs, raw)
		}
	}
}

// text reads the text raw at offset start, the contents of rawElem if it
// is not "".
func (p *page) text(rawElem string, raw []byte, start int) {
	kind := kindText
	if rawElem != "" {
		kind = rawTextElements[rawElem]
	}
	switch kind {
	case kindCSS:
		p.css(p.chars(raw), start, -1, -1, 0, rawElem)
	case kindText:
		// Most text is white space between tags, or words without a
		// scheme.
		if bytes.ContainsAny(raw, ":.&<") {
			p.add(&htmlRef{
				kind: kindText, start: start, end: start + len(raw), valStart: -1, valEnd: -1,
				decode: rawElem != "xmp" && rawElem != "plaintext" && !bytes.HasPrefix(raw, []byte("<![CDATA[")) && hasAmpOrCR(raw),
			})
		}
	}
}

// add hands r to the walk's yield, and reports whether to go on.
func (p *page) add(r *htmlRef) bool {
	if !p.stopped && !p.yield(r) {
		p.stopped = true
	}
	return !p.stopped
}

// foreignElem is an SVG or MathML element open in the page.
type foreignElem struct {
	name int32 // its lower-case name (as the tokenizer reads it), as an index in foreignStack.open
	math bool  // MathML, else SVG
	kind uint8 // one of those below, 0 for any other element
}

// The foreign elements that change how what they hold is read (HTML Living
// Standard §13.2.6, tree construction dispatcher).
const (
	htmlPoint     = 1 + iota // an HTML integration point: start tags and text in it are HTML
	mathTextPoint            // a MathML text integration point: so are start tags but mglyph and malignmark
	annotationXML            // MathML annotation-xml that is not an HTML integration point: <svg> in it is SVG's root
)

// foreignStack holds the SVG and MathML elements open at the tokenizer's
// position, the innermost last: the part of the stack of open elements
// (HTML Living Standard §13.2.4.3) that tells whether a tag is read as
// foreign content (§13.2.6.5) or as HTML. The HTML elements inside an
// integration point are not followed: an end tag is taken to close the
// foreign element it names, if one is open.
type foreignStack struct {
	elems []foreignElem // 8 bytes an element, for pages nested deep
	ids   map[string]int32
	// open counts the open elements of each name (by its index in ids),
	// so that an end tag naming none of them is told in O(1), not by a
	// walk of the stack.
	open  []int32
	steps *int // elements pushed and popped
}

// foreign reports whether a start tag called name is foreign content
// here, read by the rules of §13.2.6.5 instead of those of HTML.
func (fs *foreignStack) foreign(name string) bool {
	if len(fs.elems) == 0 {
		return false
	}
	switch fs.elems[len(fs.elems)-1].kind {
	case htmlPoint:
		return false
	case mathTextPoint:
		return name == "mglyph" || name == "malignmark"
	case annotationXML:
		return name != "svg"
	}
	return true
}

// breaksOut reports whether a start tag in foreign content ends it: those
// of §13.2.6.5 that a page writes as HTML (p, div, b, br, ...).
func breaksOut(name string, attrs []rawAttr) bool {
	switch name {
	case "b", "big", "blockquote", "body", "br", "center", "code", "dd", "div", "dl", "dt",
		"em", "embed", "h1", "h2", "h3", "h4", "h5", "h6", "head", "hr", "i", "img", "li",
		"listing", "menu", "meta", "nobr", "ol", "p", "pre", "ruby", "s", "small", "span",
		"strong", "strike", "sub", "sup", "table", "tt", "u", "ul", "var":
		return true
	case "font":
		for _, a := range attrs {
			if a.key == "color" || a.key == "face" || a.key == "size" {
				return true
			}
		}
	}
	return false
}

// push opens the element name of start tag raw, in MathML if math, else in
// SVG.
func (fs *foreignStack) push(name string, math bool, attrs []rawAttr, raw []byte) {
	e := foreignElem{math: math}
	switch {
	case !math && (name == "foreignobject" || name == "desc" || name == "title"):
		e.kind = htmlPoint
	case math && (name == "mi" || name == "mo" || name == "mn" || name == "ms" || name == "mtext"):
		e.kind = mathTextPoint
	case math && name == "annotation-xml":
		e.kind = annotationXML
		for _, a := range attrs {
			if a.key == "encoding" {
				if v := decode(raw[a.valStart:a.valEnd], true).s; strings.EqualFold(v, "text/html") || strings.EqualFold(v, "application/xhtml+xml") {
					e.kind = htmlPoint
				}
			}
		}
	}
	*fs.steps++
	id, ok := fs.ids[name]
	if !ok {
		if fs.ids == nil {
			fs.ids = map[string]int32{}
		}
		id = int32(len(fs.open))
		fs.ids[name] = id
		fs.open = append(fs.open, 0)
	}
	e.name = id
	fs.elems = append(fs.elems, e)
	fs.open[id]++
}

// breakOut closes the foreign elements inside the innermost integration
// point, or all of them.
func (fs *foreignStack) breakOut() {
	for n := len(fs.elems); n > 0 && fs.elems[n-1].kind != htmlPoint && fs.elems[n-1].kind != mathTextPoint; n-- {
		fs.pop()
	}
}

// pop closes the innermost open foreign element.
func (fs *foreignStack) pop() {
	*fs.steps++
	e := fs.elems[len(fs.elems)-1]
	fs.elems = fs.elems[:len(fs.elems)-1]
	fs.open[e.name]--
}

// end closes the innermost open foreign element called name and those
// inside it, and reports false if none is open: the end tag is HTML's.
func (fs *foreignStack) end(name string) bool {
	id, ok := fs.ids[name]
	if !ok || fs.open[id] == 0 {
		return false
	}
	for {
		e := fs.elems[len(fs.elems)-1]
		fs.pop()
		if e.name == id {
			return true
		}
	}
}

// tag hands out the URL-bearing attributes of the start tag raw at offset
// start. canBase tells that a base element here is one (not inert in a
// template, not SVG's or MathML's, not in noscript).
func (p *page) tag(name string, attrs []rawAttr, raw []byte, start int, canBase bool) {
	for _, a := range attrs {
		kind, ok := urlAttr(name, a.key, attrs, raw)
		if !ok {
			continue
		}
		val := p.value(raw[a.valStart:a.valEnd])
		vs, ve := start+a.valStart, start+a.valEnd
		ref := htmlRef{
			tag:      name,
			attr:     a.key,
			kind:     kind,
			valStart: vs, valEnd: ve, attrQuote: a.quote, noValue: !a.hasValue,
		}
		add := func(u span) bool {
			ref.start, ref.end = vs+val.raw(u.start), vs+val.raw(u.end)
			ref.ref = val.s[u.start:u.end]
			return p.add(&ref)
		}
		switch kind {
		case kindAttr:
			if name == "base" && a.key == "href" {
				ref.isBase, ref.canBase = true, canBase
				ref.drop = p.lineOf(start, start+len(raw))
				if len(attrs) > 1 {
					// The attribute alone, with the white space before it.
					ks := a.keyStart
					for ks > 0 && isASCIISpace(raw[ks-1]) {
						ks--
					}
					ref.drop = span{start + ks, start + a.attrEndRaw}
				}
			}
			add(span{0, len(val.s)})
		case kindSrcset:
			for u := range srcsetURLs(val.s) {
				ref.badDescriptors = !u.valid
				if !add(u.span) {
					return
				}
			}
		case kindList:
			for u := range fieldSpans(val.s) {
				if !add(u) {
					return
				}
			}
		case kindCSS:
			p.css(val, vs, vs, ve, a.quote, name)
		case kindRefresh:
			if u, prefix, q, ok := refreshURL(val.s); ok {
				ref.refreshPrefix, ref.refreshQuote = prefix, q
				add(u)
			}
		}
		if p.stopped {
			return
		}
	}
}

// fieldSpans yields the spans of the tokens of a set of space-separated
// tokens (HTML Living Standard §2.3.7).
func fieldSpans(s string) iter.Seq[span] {
	return func(yield func(span) bool) {
		for i := 0; i < len(s); {
			for i < len(s) && isASCIISpace(s[i]) {
				i++
			}
			start := i
			for i < len(s) && !isASCIISpace(s[i]) {
				i++
			}
			if i > start && !yield(span{start, i}) {
				return
			}
		}
	}
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

// css hands out the URLs of the CSS text val at raw offset off, in a
// style attribute spanning [vs, ve) or (vs < 0) in a style element.
func (p *page) css(val decoded, off, vs, ve int, quote byte, tag string) {
	ref := htmlRef{tag: tag, kind: kindCSS, valStart: vs, valEnd: ve, attrQuote: quote}
	if vs >= 0 {
		ref.attr = "style"
	}
	for u := range cssURLs(val.s) {
		ref.ref, ref.cssQuote = u.value, u.quote
		ref.start, ref.end = off+val.raw(u.start), off+val.raw(u.end)
		if !p.add(&ref) {
			return
		}
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
		return p.tokenizerBase(outer)
	}
	// The tree is made of the page's characters, as the links are.
	var r io.Reader = bytes.NewReader(p.buf)
	if p.dec != nil {
		r = transform.NewReader(r, p.dec.NewDecoder())
	} else if !utf8.Valid(p.buf) {
		r = transform.NewReader(r, unicode.UTF8.NewDecoder())
	}
	doc, err := goquery.NewDocumentFromReader(r)
	if err != nil {
		// The parser refuses a page nested deeper than 512 elements;
		// the tokenizer's choice serves there too.
		return p.tokenizerBase(outer)
	}
	return outer.HTML(doc)
}

// tokenizerBase returns the base the first base element the tokenizer met
// that can set it gives, resolved against outer, or outer.
func (p *page) tokenizerBase(outer base.Base) (base.Base, error) {
	if p.baseAt < 0 {
		return outer, nil
	}
	return outer.Inner(p.baseRef, base.Embedded)
}
