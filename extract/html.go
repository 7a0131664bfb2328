package extract

import (
	"bytes"
	"errors"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/unicode"
	"golang.org/x/text/transform"

	"github.com/urix/urix/base"
	"github.com/urix/urix/delimit"
	"github.com/urix/urix/extract/internal/attrurl"
	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/uri"
)

// maxTreeSize is the largest page whose base element is found in its
// parsed tree; in a larger one, and in one the parser refuses (nested
// deeper than 512 elements), the first base element the tokenizer met
// outside template and noscript elements and foreign content (see
// foreignStack) counts. The tokenizer's choice is the tree's on every
// page tested (TestHTMLHugePageBase); the tree is kept for the pages
// where the HTML parser's rules could still differ, below a size where
// its worst case (about 125 times the page) stays affordable. The largest
// page with a base element in the test corpus is 0.4 MB.
const maxTreeSize = 1 << 20

// ErrTooLarge is wrapped by the error for an HTML document larger than
// MaxHTMLSize.
var ErrTooLarge = errors.New("HTML document larger than the limit")

// htmlTooLarge is the error for an HTML document larger than MaxHTMLSize.
func htmlTooLarge() error { return overLimit(ErrTooLarge, "MaxHTMLSize", int64(maxHTML())) }

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
	kindJSON                   // a URL value of a JSON-LD script (jsonld.go)
)

// span is a byte range [Start, End) of a page or of a decoded value.
type span = attrurl.Span

// htmlRef is a URL-bearing value found in a page.
type htmlRef struct {
	ref        string // the URL as written, character references and CSS escapes decoded
	tag, attr  string
	kind       refKind
	start, end int // raw span of the URL in the page
	// The attribute holding the URL, -1 for element text.
	valStart, valEnd int
	attrQuote        byte   // '"', '\'', or 0 unquoted
	noValue          bool   // the attribute is written without "=" and a value
	cssQuote         byte   // for kindCSS: the string's quote, 0 in an unquoted url()
	refreshPrefix    bool   // for kindRefresh: "URL=" was written before the URL
	refreshQuote     byte   // for kindRefresh: the quote around the URL, if any
	isBase           bool   // the href of a base element
	canBase          bool   // for isBase: the element can set the page's base (see page.tag)
	drop             span   // for isBase: what to remove to remove it (see page.tag)
	decode           bool   // for kindText: the text has character references
	marks            uint8  // for kindText: the textBytes of the raw text
	text             string // Link.Text: the anchor text of an <a>, the alt of an <img>
	rel              string // Link.Rel: the rel of an <a>, <area> or <link>, for its href
	href             string // for kindText: the href of the <a> element the text is in
	badDescriptors   bool   // for kindSrcset: the candidate's descriptors do not parse
}

// page is an HTML document read for its links. Its URL-bearing values
// are not collected: walk hands them out as it finds them, a batch of at
// most refBatch at a time, so that memory stays within a small multiple
// of the page whatever its shape.
type page struct {
	buf []byte
	// baseAt is the raw offset of the href of the first base element the
	// tokenizer met outside template and noscript elements and foreign
	// content, the one that sets the page's base, -1 if there is none;
	// baseRef is its value.
	baseAt  int
	baseRef string
	sawBase bool // the tokenizer met a base element with href, maybe inert
	// textWant are the bytes of textBytes that make walk hand out a
	// text node: uriMarks of the options, and '&' (a reference can
	// stand for any byte); all of them until prepare knows the options.
	textWant uint8
	// noText leaves the Link.Text of values unmade (Options.NoText).
	noText bool
	// extraAttrs are the attribute names of Options.LazyAttrs not in
	// ruleAttrs, nil when there are none (see page.prepare), each with
	// its number after ruleNames; extraNames has them by number.
	extraAttrs map[string]int
	extraNames []string
	// pastHead tells that the tokenizer met, before the base element
	// at baseAt, a start tag after which the tree could order or drop
	// base elements otherwise (see headTag); settled that it did not,
	// so that the tokenizer's base is the tree's.
	pastHead, settled bool
	// baseLater tells that findBase is put off to the walk's first flush
	// (see settleBase); metBase that the walk met a base href, and
	// restart that it stopped to call findBase and walk again; tokStart
	// is where the walk's current token starts.
	baseLater, metBase, restart bool
	tokStart                    int
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
	// ref is the value being made, reused so that no value takes an
	// allocation; batch holds those not handed to yield yet (see
	// refBatch).
	ref   htmlRef
	batch []htmlRef
	// anchor is the text of the <a> element being read, whose URLs
	// wait in batch for it.
	anchor anchorText
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
	// No more than the page, that an append may not reach the rest.
	ok := scanPage(buf[:len(buf):len(buf)], src, yield)
	pageBufs.put(buf) // the scan is over and keeps nothing of it
	return ok
}

// scanPage is scanHTML on a page held in memory, which it reads in place
// and does not change or keep: a mail part's decoded body is not copied.
// A page over MaxHTMLSize is refused as readPage refuses it.
func scanPage(buf []byte, src *source, yield func(Link, error) bool) bool {
	if len(buf) > maxHTML() {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: htmlTooLarge()})
	}
	buf, src, yield = fromUTF16(buf, src, yield)
	p := newPage(buf, src.decodedFrom)
	p.baseLater = true
	src = p.prepare(src)
	inner := p.innerSource(src)
	lc := newLineCounter(buf)
	ok := true
	each := func(r *htmlRef) bool {
		s := p.sourceOf(r, src, inner)
		if r.kind == kindText {
			ok = p.scanText(r, s, &lc, yield)
		} else {
			// As s.emit, with the Link in a variable that p.link fills:
			// passing or returning a Link copies it (384 bytes).
			var l Link
			p.link(&l, r, s, &lc)
			ok = !s.complete(&l, l.Ref) || yield(l, nil)
		}
		return ok
	}
	if p.walk(each); p.restart {
		// A base element may set the base: nothing went out yet.
		p.restart, p.stopped, p.pastHead = false, false, false
		p.findBase()
		inner = p.innerSource(src)
		p.walk(each)
	}
	return ok
}

// settleBase is findBase put off to the walk's first flush, before any
// value goes out: most pages have no "<base" (see hasBaseTag), and the
// walk, which met every tag before the current one, need only look for
// one in the rest. Else it stops the walk to restart it after findBase,
// and reports false.
func (p *page) settleBase() bool {
	p.baseLater = false
	if p.metBase || hasBaseTag(p.buf[p.tokStart:]) {
		p.restart, p.stopped = true, true
		p.batch, p.anchor = p.batch[:0], anchorText{text: linkText{buf: p.anchor.text.buf[:0]}}
		return false
	}
	return true
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

// link makes *l, a zero Link, the Link of r, read in s, as a scanner
// hands it to emit. Field by field: a composite literal was built aside
// and copied (384 bytes).
func (p *page) link(l *Link, r *htmlRef, s *source, lc *lineCounter) {
	l.Ref, l.Style, l.Tag, l.Attr, l.Rel, l.Offset, l.Text = r.ref, StyleHTML, r.tag, r.attr, r.rel, int64(r.start), r.text
	if p.enc != nil && !ascii.Valid(r.ref) {
		l.Ref = p.legacyRef(r.ref, s.base)
	}
	l.Context = htmlContext(r)
	if !s.opts.NoPositions {
		l.Line, l.Column = lc.at(r.start)
	}
	if p.isBase(r) && schemeOf(r.ref) == "" {
		l.Warnings = []string{warnRelativeBase}
	}
	if r.badDescriptors {
		l.Warnings = []string{warnDescriptors}
	}
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
// RFC 3986 Appendix C) with their places in the page, but not, in the
// text of an <a> element, the URI of its href: a link written once
// (<a href="U">U</a>) is reported once, where its URL is written. Text
// that shows another URI than the href is reported, since that is what
// phishing looks like.
func (p *page) scanText(r *htmlRef, s *source, lc *lineCounter, yield func(Link, error) bool) bool {
	raw := p.buf[r.start:r.end]
	var text decoded
	if r.decode {
		text = decode(raw, false)
		if !mayHoldURI(text.s, s.opts) {
			return true
		}
	} else if r.marks&uriMarks(s.opts) == 0 {
		return true
	}
	t := textLinks{r: r, text: text, lc: lc, shows: hrefShown{href: r.href, src: s}, yield: yield, noPositions: s.opts.NoPositions}
	if s.opts.TextAround || s.opts.Emails {
		return t.around(raw, s)
	}
	// As scanTextBytes: in place, without a Scanner and its window for
	// each text; t stays on the stack.
	if r.decode {
		raw = []byte(text.s)
	}
	for m := range delimit.All(raw, s.delimitOptions()) {
		if l := matchLink(m, ContextHTMLText); s.complete(&l, m.URI) && !t.at(l, nil) {
			return false
		}
	}
	return true
}

// textLinks hands the links of the text node r (decoded as text) to
// yield, at their places in the page (see page.scanText).
type textLinks struct {
	r     *htmlRef
	text  decoded
	lc    *lineCounter
	shows hrefShown
	yield func(Link, error) bool
	// noPositions: Options.NoPositions, the offset in the text is not
	// mapped to the page.
	noPositions bool
}

func (t *textLinks) at(l Link, err error) bool {
	if err == nil && t.shows.same(l.URI) {
		return true // the anchor's own href, reported once
	}
	if err == nil && !t.noPositions {
		off := t.r.start + t.text.raw(int(l.Offset))
		l.Offset = int64(off)
		l.Line, l.Column = t.lc.at(off)
	}
	return t.yield(l, err)
}

// around is scanText with Options.TextAround or Emails, which read the
// text around a match: only the Scanner's window keeps it. A copy of t
// goes to the heap, as the Scanner keeps its yield.
func (t textLinks) around(raw []byte, s *source) bool {
	var in io.Reader = bytes.NewReader(raw)
	if t.r.decode {
		in = strings.NewReader(t.text.s)
	}
	return scanDelimited(in, s, ContextHTMLText, t.at)
}

// hrefShown tells whether a URI found in the text of an <a> element is
// the element's href.
type hrefShown struct {
	href string // as written, "" for none
	src  *source
	norm string // href resolved and normalized, once needed
	done bool
}

// same reports whether u, a URI found in the anchor's text as emit
// completes it, and the href are the same once both are resolved
// against the base in force and normalized (RFC 3986 §6.2.2, §6.2.3).
func (h *hrefShown) same(u string) bool {
	if h.href == "" {
		return false
	}
	if !h.done {
		h.done = true
		if ref, _, _, err := h.src.base.ParseAttrText(h.href); err == nil {
			h.norm = h.src.normalized(ref)
		}
	}
	if h.norm == "" {
		return false
	}
	if u == h.norm {
		// The text shows the href in normal form, as it most often
		// does: the normal form of a normal form is itself.
		return true
	}
	ref, err := uri.Parse(u)
	return err == nil && h.src.normalized(ref) == h.norm
}

// normalized returns u resolved against the base in force and
// normalized, "" when it cannot be resolved.
func (s *source) normalized(u uri.URI) string {
	if _, err := s.resolve(&u); err != nil {
		return ""
	}
	return u.Normalize().String()
}

// mayHoldURI reports whether text can hold a URI the delimit scanner
// reports with opts: one with a scheme, a "www." host name, a relative
// reference in angle brackets.
func mayHoldURI[T ~string | ~[]byte](text T, opts *Options) bool {
	m := uriMarks(opts)
	return textBytes(text, m)&m != 0
}

// readPage reads an HTML document from r, at most MaxHTMLSize bytes, as
// readWhole does.
func readPage(r io.Reader) ([]byte, error) {
	buf, err := readWhole(r, maxHTML())
	if err == errOverLimit {
		err = htmlTooLarge()
	}
	return buf, err
}

// SizedReader returns a reader of what r yields, which Links takes to be
// size bytes long: for a reader that hides the size of the file it reads
// (a bufio.Reader), so that an HTML page is read whole in one allocation.
// A wrong size costs time only.
func SizedReader(r io.Reader, size int64) io.Reader {
	return sizedReader{r, int(min(size, int64(maxHTML())+1))}
}

type sizedReader struct {
	io.Reader
	size int
}

// inputSize returns how many bytes r yields, or about, -1 if unknown: a
// SizedReader's size, the length of a bytes.Reader, strings.Reader or
// bytes.Buffer, or the size of a regular file.
func inputSize(r io.Reader) int {
	switch v := r.(type) {
	case sizedReader:
		return v.size
	case interface{ Len() int }:
		return v.Len()
	case interface{ Stat() (fs.FileInfo, error) }:
		if fi, err := v.Stat(); err == nil && fi.Mode().IsRegular() {
			return int(min(fi.Size(), int64(maxHTML())+1))
		}
	}
	return -1
}

// parsePage reads the encoding of the document buf and finds its base
// elements (findBase); walk then hands out its URL-bearing values. The
// page is in the encoding it declares, else in the one charset.Sniff
// finds (charset.Page); or, when decodedFrom is not nil, it was in
// decodedFrom and is in UTF-8 now.
func parsePage(buf []byte, decodedFrom encoding.Encoding) *page {
	p := newPage(buf, decodedFrom)
	p.findBase()
	return p
}

// newPage is parsePage without findBase.
func newPage(buf []byte, decodedFrom encoding.Encoding) *page {
	p := &page{buf: buf, baseAt: -1, textWant: tColon | tDot | tLT | tAmp}
	if decodedFrom != nil {
		p.enc = charset.URLEncoding(decodedFrom)
	} else {
		p.dec, p.enc = charset.Page(buf)
	}
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
			// ISO-2022-JP writes characters with the bytes of '<'
			// and '>': the tree of its characters is another.
			p.settled = !p.pastHead && p.dec != japanese.ISO2022JP
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
		// Most tags are told by their first letter, without a call.
		if len(buf)-i >= 4 && buf[i]|0x20 == 'b' && bytes.EqualFold(buf[i+1:i+4], []byte("ase")) {
			return true
		}
	}
}

// embeddedBase returns the base the page gives its links: the href of its
// first base element in tree order (RFC 3986 §5.1.1, HTML Living Standard
// §4.2.3), resolved against outer, or outer with the reason it could not
// serve. It is called once the tokenizer has met a base element
// (sawBase); the tree, with its template contents and foreign elements,
// says which one counts.
func (p *page) embeddedBase(outer base.Base) (base.Base, error) {
	if len(p.buf) > maxTreeSize || p.settled {
		// The tree of a huge page would take far more memory than
		// the page: the tokenizer's choice serves. A base element
		// among the head's first elements is the tree's first too.
		return p.tokenizerBase(outer)
	}
	// The tree is made of the page's characters, as the links are.
	var r io.Reader = bytes.NewReader(p.buf)
	if p.dec != nil {
		r = transform.NewReader(r, p.dec.NewDecoder())
	} else if !utf8.Valid(p.buf) {
		r = transform.NewReader(r, unicode.UTF8.NewDecoder())
	}
	doc, err := html.Parse(r)
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
