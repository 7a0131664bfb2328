package extract

import (
	"bytes"
	"iter"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/urix/urix/extract/internal/attrurl"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/htmltok"
)

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
	// A script whose type is JSON-LD (see isJSONLD).
	jsonLDElem: kindJSON,
}

// tokenState is where the tokenizer is in the page: what it reads next as
// raw text, and the open elements that change how tags are read.
type tokenState struct {
	attrs   tagAttrs
	rawElem string // the element whose raw text comes next
	fs      foreignStack
	tmpl    int // depth of template elements
	noscr   int // depth of noscript elements
}

// walk walks the document with the tokenizer of x/net/html (forked in
// htmltok to give the offsets of attributes), and hands every URL-bearing
// value to yield in document order, until yield returns false. The value
// is only valid during the call.
func (p *page) walk(yield func(*htmlRef) bool) {
	p.yield = yield
	w := walkPool.Get().(*walker)
	defer w.put(p)
	z := &w.z
	z.Reset(p.buf)
	p.batch, p.anchor.text.buf = w.batch[:0], w.text[:0]
	st := &w.st
	*st = tokenState{attrs: tagAttrs{list: st.attrs.list[:0], names: &w.names}}
	st.fs.steps = &p.steps
	if p.extraAttrs != nil {
		// Options.LazyAttrs: the tokenizer keeps those attributes too.
		st.attrs.extra, st.attrs.extraNames = p.extraAttrs, p.extraNames
		z.SetFilter(st.attrs.ruleAttr)
		defer z.SetFilter(ruleAttr)
	}
	for !p.stopped {
		p.steps++
		// CDATA sections are text in foreign content only (HTML Living
		// Standard §13.2.5.42).
		z.AllowCDATA(len(st.fs.elems) > 0)
		tt := z.Next()
		start := z.Offset()
		p.tokStart = start
		switch tt {
		case htmltok.ErrorToken:
			p.endAnchor()
			p.flush()
			return
		case htmltok.StartTagToken, htmltok.SelfClosingTagToken:
			p.startTag(z, st, tt, z.Raw(), start)
		case htmltok.EndTagToken:
			st.rawElem = ""
			// Most end tags need no name: with no anchor or foreign
			// element open, only endTag's switch reads it, whose names
			// are let through by their length (a name added there must
			// be added here too).
			if b := z.TagName(); p.anchor.open || len(st.fs.elems) > 0 || len(b) == len("noscript") || len(b) == len("template") {
				p.endTag(st, b)
			}
		case htmltok.TextToken:
			// Most text is white space between tags, or words without
			// a scheme: with the default options, outside an anchor,
			// it is told here (text tells it in raw text elements).
			if raw := z.Raw(); !p.onlyBase && (st.rawElem != "" || p.anchor.open || p.textWant != tColon|tAmp || colonOrAmp(raw)) {
				p.text(st.rawElem, raw, start)
			}
			st.rawElem = ""
		default:
			st.rawElem = ""
		}
	}
}

// walker is the memory a walk uses besides the page, kept for the next
// page in walkPool: the tokenizer, the batch of values, the attributes of
// a tag, the names of tags, the text of an anchor.
type walker struct {
	z     htmltok.Tokenizer
	st    tokenState
	names nameCache
	batch []htmlRef
	text  []byte
}

var walkPool = sync.Pool{New: func() any {
	w := &walker{z: *htmltok.New(nil)}
	w.z.SetFilter(ruleAttr)
	return w
}}

// put gives w back to walkPool, with what p took of it, keeping no part of
// the page.
func (w *walker) put(p *page) {
	w.z.Reset(nil)
	w.batch, w.text = p.batch[:0], p.anchor.text.buf[:0]
	clear(w.batch[:cap(w.batch)]) // the strings of the page's values
	w.st.fs = foreignStack{}
	p.batch, p.anchor.text.buf = nil, nil
	walkPool.Put(w)
}

// startTag reads the start tag raw at offset start: its URL-bearing
// attributes, and how the tokenizer reads what follows.
func (p *page) startTag(z *htmltok.Tokenizer, st *tokenState, tt htmltok.TokenType, raw []byte, start int) {
	name := readTag(z, start, &st.attrs, &p.steps, len(st.fs.elems) > 0)
	if !p.pastHead && !headTag(name) {
		p.pastHead = true
	}
	foreign := st.fs.foreign(name)
	if foreign && breaksOut(name, st.attrs.list) {
		st.fs.breakOut()
		foreign = false
	}
	if name == "image" && !foreign {
		// The tree builder makes it an img (§13.2.6.4.7), as browsers
		// show, load and list it.
		name = "img"
	}
	switch {
	case name == "a" && !p.onlyBase:
		p.startAnchor()
		p.tag(name, &st.attrs, raw, start, false)
		p.anchorValues()
		p.anchorHref()
	case !p.onlyBase || name == "base":
		if p.anchor.open {
			p.anchorBreak(name)
		}
		if len(st.attrs.list) > 0 { // most tags have none a rule reads
			p.tag(name, &st.attrs, raw, start, !foreign && st.tmpl == 0 && st.noscr == 0)
		}
	}
	st.rawElem = ""
	if foreign {
		// An SVG or MathML element: never raw text, and closed by "/>"
		// (§13.2.6.5). SVG's style is still CSS, and its script code.
		z.NextIsNotRawText()
		if name == "style" || name == "script" {
			st.rawElem = name
		}
		if tt == htmltok.StartTagToken {
			st.fs.push(name, st.fs.elems[len(st.fs.elems)-1].math, st.attrs.list, raw)
		}
		return
	}
	if z.RawTag() != "" { // the tokenizer's are rawTextElements and noscript
		if _, ok := rawTextElements[name]; ok {
			st.rawElem = name
			if name == "script" && isJSONLD(st.attrs.list, raw) {
				st.rawElem = jsonLDElem
			}
		}
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
		if tt == htmltok.StartTagToken {
			st.fs.push(name, name == "math", st.attrs.list, raw)
		}
	}
}

// endTag reads the end tag whose name is written b (walk calls it for
// those it may need).
func (p *page) endTag(st *tokenState, b []byte) {
	name, _ := st.attrs.names.tagName(b)
	if p.anchor.open {
		if name == "a" {
			p.endAnchor()
		} else {
			p.anchorBreak(name)
		}
	}
	if len(st.fs.elems) > 0 && (name == "br" || name == "p") {
		st.fs.breakOut()
	} else if st.fs.end(name) {
		return
	}
	switch name {
	case "noscript":
		st.noscr = max(st.noscr-1, 0)
	case "template":
		st.tmpl = max(st.tmpl-1, 0)
	}
}

// headTag reports whether the tree that x/net/html's parser (HTML Living
// Standard §13.2.6) builds of a page keeps, after a start tag called
// name, a base element the tokenizer meets next where the tokenizer has
// it: in the head or the body, before any element inserted after it and
// after any element before it. Other tags, the table's (whose foster
// parenting moves a base before the table), select and frameset (where a
// base is dropped), template, noscript (raw text in the tree), SVG and
// MathML, may make the tree's first base element another, and the tree
// is built (see page.embeddedBase).
func headTag(name string) bool {
	switch name {
	case "html", "head", "body", "base", "meta", "link", "title", "style", "script":
		return true
	}
	return false
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
		if !mayHoldCSSURL(raw) {
			break
		}
		if p.isChars(raw) {
			// The text read where it stands, not copied whole (style
			// elements of hundreds of KB): css copies out the URLs.
			p.css(decoded{s: unsafe.String(unsafe.SliceData(raw), len(raw))}, start, -1, -1, 0, rawElem, true)
		} else {
			p.css(p.chars(raw), start, -1, -1, 0, rawElem, false)
		}
	case kindJSON:
		p.jsonLD(raw, start)
	case kindText:
		if p.anchor.open && rawElem == "" {
			p.anchorChars(raw)
		}
		if rawElem != "" && !p.anchor.open && p.textWant == tColon|tAmp && !colonOrAmp(raw) {
			return // the default options: a shorter test (walk's for other text)
		}
		// A text whose only wanted byte is '&' is handed out if one
		// of its references can stand for another. In an anchor, every
		// text anchorMarks tells is (see there).
		if m := textBytes(raw, 0); m&p.textWant != 0 && (m&p.textWant != tAmp || refMayMark(raw)) ||
			p.anchor.open && m&anchorMarks != 0 {
			p.ref = htmlRef{
				kind: kindText, start: start, end: start + len(raw), valStart: -1, valEnd: -1,
				decode: m&(tAmp|tCR) != 0 && rawElem != "xmp" && rawElem != "plaintext" && !bytes.HasPrefix(raw, []byte("<![CDATA[")),
				marks:  m,
			}
			if p.anchor.open {
				p.ref.href = p.anchor.href
			}
			p.add(&p.ref)
		}
	}
}

// The bytes of a text that textBytes tells: a scheme's colon, a host's
// dot, an angle bracket, a reference, a CR.
const (
	tColon = 1 << iota
	tDot
	tLT
	tAmp
	tCR
)

// textBytes returns which of the bytes tColon to tCR stand for text
// holds, looking at 8 bytes at a time, up to where it holds one of stop
// (0: to its end): it reads every text node of a page.
func textBytes[T ~string | ~[]byte](text T, stop uint8) uint8 {
	var m uint8
	i := 0
	for ; i+8 <= len(text) && m&stop == 0; i += 8 {
		w := word(text, i)
		colon, dot, lt := zeroes(w^ones*':'), zeroes(w^ones*'.'), zeroes(w^ones*'<')
		amp, cr := zeroes(w^ones*'&'), zeroes(w^ones*'\r')
		if (colon|dot|lt|amp|cr)&highs == 0 {
			continue // most words of a text: one test
		}
		if colon&highs != 0 {
			m |= tColon
		}
		if dot&highs != 0 {
			m |= tDot
		}
		if lt&highs != 0 {
			m |= tLT
		}
		if amp&highs != 0 {
			m |= tAmp
		}
		if cr&highs != 0 {
			m |= tCR
		}
	}
	for ; i < len(text) && m&stop == 0; i++ {
		m |= textByteMarks[text[i]]
	}
	return m
}

// refMayMark reports whether a character reference in text can stand
// for one of the bytes tColon, tDot, tLT (see refMark).
func refMayMark(text []byte) bool {
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '&')
		if j < 0 {
			return false
		}
		i += j + 1
		if refMark(text[i:]) {
			return true
		}
	}
}

// refMark reports whether the reference whose name (after the '&')
// starts ref can stand for ':', '.' or '<': a numeric one of 58, 46 or
// 60, or a name the names &colon; &period; &lt; &LT; &nvlt; start
// (HTML Living Standard §13.5: no other holds these characters), which
// a decoder matches as a prefix of the name written. It errs on the side
// of true.
func refMark(ref []byte) bool {
	if len(ref) < 2 {
		return false
	}
	switch ref[0] {
	case '#':
		return numRefMark(ref[1:])
	case 'c':
		return len(ref) >= 3 && ref[1] == 'o' && ref[2] == 'l'
	case 'p':
		return ref[1] == 'e'
	case 'l', 'L':
		return ref[1]|0x20 == 't'
	case 'n':
		return ref[1] == 'v'
	}
	return false
}

// numRefMark is refMark of the digits after "&#": true for a number of
// more than 6 digits, whose value a decoder may wrap.
func numRefMark(ref []byte) bool {
	base := 10
	if ref[0]|0x20 == 'x' {
		base, ref = 16, ref[1:]
	}
	x := 0
	for n := 0; n < len(ref); n++ {
		d := ascii.HexValue(ref[n])
		if d < 0 || d >= base {
			return x == ':' || x == '.' || x == '<'
		}
		if x = x*base + d; n >= 6 && x != 0 {
			return true
		}
	}
	return x == ':' || x == '.' || x == '<'
}

// colonOrAmp reports whether text holds ':' or '&': textBytes for
// the bytes the default options want (see uriMarks), at less cost.
func colonOrAmp(text []byte) bool {
	if len(text) == 1 {
		// The white space between tags, a "\n": inlined.
		return text[0] == ':' || text[0] == '&'
	}
	return colonOrAmpLong(text)
}

// colonOrAmpLong is colonOrAmp of a text of another length than 1.
func colonOrAmpLong(text []byte) bool {
	if len(text) >= 32 {
		// Long texts (paragraphs, not the white space between tags): the
		// vector loops of IndexByte outrun the word loop below by far,
		// even over the text twice.
		return bytes.IndexByte(text, ':') >= 0 || bytes.IndexByte(text, '&') >= 0
	}
	i := 0
	for ; i+8 <= len(text); i += 8 {
		w := word(text, i)
		if (zeroes(w^ones*':')|zeroes(w^ones*'&'))&highs != 0 {
			return true
		}
	}
	for ; i < len(text); i++ {
		if text[i] == ':' || text[i] == '&' {
			return true
		}
	}
	return false
}

// anchorMarks are the bytes of textBytes that make walk hand out a text
// node while an <a> element's text is read, whatever the options: the
// values held then count against maxAnchorBatch, and the text an anchor
// gets does not depend on which text nodes can hold a URI (scanText
// finds none in those textWant leaves out).
const anchorMarks = tColon | tDot | tLT | tAmp

var textByteMarks = [256]uint8{':': tColon, '.': tDot, '<': tLT, '&': tAmp, '\r': tCR}

// uriMarks returns the bytes of textBytes without which a text holds no
// URI the delimit scanner reports with opts: one with a scheme, a "www."
// host name (Abbreviated), a relative reference in angle brackets
// (AngleRelative).
func uriMarks(opts *Options) uint8 {
	m := uint8(tColon)
	if opts.Abbreviated {
		m |= tDot
	}
	if opts.AngleRelative {
		m |= tLT
	}
	return m
}

// refBatch is how many values walk gathers before it hands them to
// yield. The tokenizer and what yield does with a value (resolving,
// emitting) each fill the instruction cache: handed out one at a time,
// they made callgrind count 5 times the instruction cache misses.
const refBatch = 64

// add hands a copy of r to the walk's yield, in a batch, and reports
// whether to go on. Base elements alone are looked for up to the first
// that sets the base: those go out at once.
func (p *page) add(r *htmlRef) bool {
	if p.stopped {
		return false
	}
	p.batch = append(p.batch, *r)
	if len(p.batch) >= refBatch || p.onlyBase {
		if len(p.batch) >= maxAnchorBatch {
			p.endAnchor()
		}
		p.flush()
	}
	return !p.stopped
}

// flush hands the values gathered to yield, until it returns false; not
// those of an <a> element whose text is being read (see anchorText).
func (p *page) flush() {
	if p.baseLater && !p.settleBase() {
		return
	}
	n := len(p.batch)
	if p.anchor.open {
		n = p.anchor.from
	}
	for i := range p.batch[:n] {
		if !p.yield(&p.batch[i]) {
			p.stopped = true
			p.batch, p.anchor.open = p.batch[:0], false
			return
		}
	}
	p.batch = p.batch[:copy(p.batch, p.batch[n:])]
	p.anchor.from -= n
	p.anchor.to -= n
}

// tag hands out the URL-bearing attributes of the start tag raw at offset
// start. canBase tells that a base element here is one (not inert in a
// template, not SVG's or MathML's, not in noscript).
func (p *page) tag(name string, attrs *tagAttrs, raw []byte, start int, canBase bool) {
	var text, relVal string
	alt := name == "img" && !p.noText
	if hasRel(name) {
		relVal = p.rel(attrs.list, raw)
	}
	for i := range attrs.list {
		a := &attrs.list[i] // not a copy of each
		kind, ok := urlAttr(name, a, attrs.list, raw)
		if !ok {
			continue
		}
		if kind == kindCSS && !mayHoldCSSURL(raw[a.valStart:a.valEnd]) {
			continue // most style attributes: no value made
		}
		if alt {
			text, alt = p.altText(attrs.list, raw), false
		}
		val := p.value(raw[a.valStart:a.valEnd])
		vs, ve := start+a.valStart, start+a.valEnd
		ref := &p.ref
		*ref = htmlRef{
			tag:      name,
			attr:     a.key,
			kind:     kind,
			valStart: vs, valEnd: ve, attrQuote: a.quote, noValue: !a.hasValue,
			text: text,
		}
		if relVal != "" && relTarget(name, a.key) {
			ref.rel = relVal
		}
		switch kind {
		case kindAttr:
			if name == "base" && a.key == "href" {
				ref.isBase, ref.canBase = true, canBase
				p.metBase = true
				ref.drop = p.lineOf(start, start+len(raw))
				if len(attrs.list) > 1 || attrs.others {
					// The attribute alone, with the white space before it.
					ks := a.keyStart
					for ks > 0 && ascii.IsSpace(raw[ks-1]) {
						ks--
					}
					ref.drop = span{Start: start + ks, End: start + a.attrEndRaw}
				}
			}
			p.addSpan(ref, &val, vs, span{Start: 0, End: len(val.s)})
		case kindSrcset:
			for u := range attrurl.Srcset(val.s) {
				ref.badDescriptors = !u.Valid
				if !p.addSpan(ref, &val, vs, u.Span) {
					return
				}
			}
		case kindList:
			for u := range fieldSpans(val.s) {
				if !p.addSpan(ref, &val, vs, u) {
					return
				}
			}
		case kindCSS:
			p.css(val, vs, vs, ve, a.quote, name, false)
		case kindRefresh:
			if u, prefix, q, ok := attrurl.Refresh(val.s); ok {
				ref.refreshPrefix, ref.refreshQuote = prefix, q
				p.addSpan(ref, &val, vs, u)
			}
		}
		if p.stopped {
			return
		}
	}
}

// addSpan hands out ref with the URL at u of the value val, at raw
// offset vs (see page.tag).
func (p *page) addSpan(ref *htmlRef, val *decoded, vs int, u span) bool {
	ref.start, ref.end = vs+val.raw(u.Start), vs+val.raw(u.End)
	ref.ref = val.s[u.Start:u.End]
	return p.add(ref)
}

// hasRel reports whether the element name has link types in a rel
// attribute: a, area and link (HTML Living Standard §4.6.1, §4.2.4).
func hasRel(name string) bool {
	return name == "a" || name == "area" || name == "link"
}

// relTarget reports whether the rel of element name (see hasRel) is
// about the URL of its attribute attr: the href (xlink:href in SVG), and
// a link's imagesrcset, which a preload fetches instead of the href; not a
// ping or a style's url().
func relTarget(name, attr string) bool {
	return attr == "href" || attr == "xlink:href" || name == "link" && attr == "imagesrcset"
}

// rel returns the rel attribute among attrs, character references
// decoded and the ASCII white space around it removed (a set of
// space-separated tokens, §2.3.7, kept as written inside), or "".
func (p *page) rel(attrs []rawAttr, raw []byte) string {
	for _, a := range attrs {
		if a.key == "rel" {
			return trimRel(p.value(raw[a.valStart:a.valEnd]).s)
		}
	}
	return ""
}

// maxRel bounds Link.Rel. A link's rel is that of each candidate of its
// imagesrcset too: a rel of n bytes on n candidates was n² bytes of
// output. Real rel values are a few short tokens.
const maxRel = 256

// trimRel is a rel value without the ASCII white space around it, as
// Link.Rel has it: over maxRel bytes, the tokens that fit whole in them
// (a token cut could read as another: "nofollowed" as "nofollow").
func trimRel(s string) string {
	s = strings.Trim(s, " \t\n\f\r")
	if len(s) <= maxRel {
		return s
	}
	i := maxRel
	for i > 0 && !ascii.IsSpace(s[i]) {
		i--
	}
	return strings.TrimRight(s[:i], " \t\n\f\r")
}

// fieldSpans yields the spans of the tokens of a set of space-separated
// tokens (HTML Living Standard §2.3.7).
func fieldSpans(s string) iter.Seq[span] {
	return func(yield func(span) bool) {
		for i := 0; i < len(s); {
			i = ascii.SkipSpace(s, i)
			start := i
			for i < len(s) && !ascii.IsSpace(s[i]) {
				i++
			}
			if i > start && !yield(span{Start: start, End: i}) {
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
		return span{Start: s, End: e + 1}
	}
	return span{Start: start, End: end}
}

// mayHoldCSSURL reports whether raw, a style attribute's value or a
// style element's text, can hold a URL: every URL of CSS is in a
// function or an at-rule, and a character reference can stand for '('
// or '@'. It spares making the value of most style attributes. (The
// bytes of '(' and '@' are those characters in every encoding a page is
// read in, UTF-16 converted already.)
func mayHoldCSSURL(raw []byte) bool {
	return bytes.IndexByte(raw, '(') >= 0 || bytes.IndexByte(raw, '@') >= 0 || bytes.IndexByte(raw, '&') >= 0
}

// css hands out the URLs of the CSS text val at raw offset off, in a
// style attribute spanning [vs, ve) or (vs < 0) in a style element. With
// view, val.s is the page's bytes, which outlive no walk: the URLs are
// copied out of it.
func (p *page) css(val decoded, off, vs, ve int, quote byte, tag string, view bool) {
	// Every URL of CSS is in a function or an at-rule: most style
	// attributes (display:none) have neither.
	if strings.IndexByte(val.s, '(') < 0 && strings.IndexByte(val.s, '@') < 0 {
		return
	}
	ref := &p.ref
	*ref = htmlRef{tag: tag, kind: kindCSS, valStart: vs, valEnd: ve, attrQuote: quote}
	if vs >= 0 {
		ref.attr = "style"
	}
	for u := range attrurl.CSS(val.s) {
		ref.ref, ref.cssQuote = u.Value, u.Quote
		if view {
			ref.ref = strings.Clone(u.Value)
		}
		ref.start, ref.end = off+val.raw(u.Start), off+val.raw(u.End)
		if !p.add(ref) {
			return
		}
	}
}

// urlAttrs are the attributes that hold a URL, and how: wget's and more,
// every href, src and cite (custom elements and SVG included), the URL
// attributes of HTML 4 and the HTML Living Standard, srcset, ping, style
// attributes, meta refresh and URL meta properties (metaURL), and
// lazy-load attributes (ContextHTMLLazy). ruleAttrs is built from it.
var urlAttrs = map[string]urlRule{
	"href": {kind: kindAttr}, "src": {kind: kindAttr}, "cite": {kind: kindAttr},
	"background": {kind: kindAttr}, "poster": {kind: kindAttr}, "longdesc": {kind: kindAttr},
	"lowsrc": {kind: kindAttr}, "action": {kind: kindAttr}, "formaction": {kind: kindAttr},
	"manifest": {kind: kindAttr}, "xlink:href": {kind: kindAttr},
	"data":     {kind: kindAttr, elems: []string{"object"}},
	"codebase": {kind: kindAttr, elems: []string{"object", "applet"}},
	"srcset":   {kind: kindSrcset}, "imagesrcset": {kind: kindSrcset},
	// Lazy loading (ContextHTMLLazy, htmllazy.go).
	"data-src": {kind: kindAttr}, "data-original": {kind: kindAttr}, "data-lazy-src": {kind: kindAttr},
	"data-bg": {kind: kindAttr}, "data-href": {kind: kindAttr},
	"data-srcset": {kind: kindSrcset}, "data-lazy-srcset": {kind: kindSrcset},
	"ping":  {kind: kindList},
	"style": {kind: kindCSS},
	// A meta refresh also reads http-equiv (see otherRuleAttrs).
	"content": {kind: kindRefresh, elems: []string{"meta"}},
}

// urlRule is how an attribute of urlAttrs holds a URL.
type urlRule struct {
	kind  refKind
	elems []string // the elements where it does, or nil for all
}

// urlRules are the rules of urlAttrs by the numbers of ruleNames, with
// ok false for the names of otherRuleAttrs.
var urlRules = func() []numberedRule {
	rules := make([]numberedRule, len(ruleNames))
	for r, s := range ruleNames {
		rules[r].urlRule, rules[r].ok = urlAttrs[s]
	}
	return rules
}()

// numberedRule is the urlRule of a name of ruleNames, if ok.
type numberedRule struct {
	urlRule
	ok bool
}

// urlAttr tells whether attribute a of element name holds a URL, and
// how (see urlAttrs).
func urlAttr(name string, a *rawAttr, attrs []rawAttr, raw []byte) (refKind, bool) {
	if int(a.rule) >= len(urlRules) {
		return extraAttr(a.key)
	}
	r := urlRules[a.rule]
	if !r.ok {
		return 0, false
	}
	if r.elems != nil && !slices.Contains(r.elems, name) {
		return 0, false
	}
	if r.kind == kindRefresh {
		for _, a := range attrs {
			if a.key == "http-equiv" {
				return kindRefresh, strings.EqualFold(strings.TrimSpace(decode(raw[a.valStart:a.valEnd], true).s), "refresh")
			}
		}
		return metaURL(attrs, raw)
	}
	return r.kind, true
}
