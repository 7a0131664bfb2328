package extract

import (
	"bytes"
	"io"
)

// AsciiDoc has no parser in Go that is kept up and gives the places of
// what it parses (libasciidoc, the one there was, is not served by the
// module proxy and has had no release since 2022), so scanAsciiDoc reads
// the inline syntax the Asciidoctor documentation gives for links, line by
// line.

// scanAsciiDoc is the contentScanner of AsciiDoc. It yields, in order:
//
//   - URL macros, https://a.example/[text] (Tag "link", the scheme one of
//     http, https, ftp, irc, file), and the macros link:target[text],
//     mailto:address[text] (mailto: kept), xref:target[text],
//     image:target[alt], image::target[alt], video::, audio:: and
//     include::target[] (Tag the macro's name; not a video:: of youtube or
//     vimeo, whose target is an id), with Context "asciidoc",
//     Style "markup" and Text the first attribute, the link's text; a
//     target in ++ ++ passes through as written;
//   - the bare URIs of the prose (Context "asciidoc-text") as delimit finds
//     them, <https://a.example/> among them, but not one escaped with a
//     backslash (\https://a.example/), which AsciiDoc leaves as text, and
//     its e-mail addresses, which Asciidoctor makes mailto: links (Style
//     "email", as Options.Emails finds them);
//   - the links of passthrough blocks (++++), as the HTML scanner finds
//     them.
//
// A URL is reported once, where it is written: an attribute entry
// (":url-repo: https://a.example/repo") through delimit, and an attribute
// reference that makes another URL of it ({url-repo}/issues[text]) as a
// link (Tag "link"), Ref as written, read with the value substituted; so
// is a macro's target that holds one. A reference that only uses the
// value ({url-repo}, {url-repo}[text], link:{url-repo}[text]) is reported
// only with Options.Uses.
//
// Listing and literal blocks (---- and ....) and literal paragraphs (an
// indented first line) are left out unless
// Options.Code, and comments (// and ////) always. Attribute references
// in targets ({url-repo}) are reported as written, not substituted.
func scanAsciiDoc(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Message: src.message, Part: src.part, Offset: -1, Err: err})
	}
	a := &adocScan{docScan: newDocScan(buf, src, yield, ContextAsciiDocText), attrs: map[string]string{}}
	a.emails = true
	ok := a.eachLine(a.line) && a.paragraph() && a.flush()
	pageBufs.put(buf) // the scan is over and keeps nothing of it
	return ok
}

// adocScan is the state of scanAsciiDoc.
type adocScan struct {
	docScan
	delim []byte // the delimiter line of the block the scan is in, if any
	block pieces // the lines of a passthrough block
	para  pieces // the lines of the current paragraph
	// literal is set when the paragraph's first line is indented: a
	// literal paragraph, verbatim.
	literal bool
	attrs   map[string]string // the attribute entries met so far
}

// line reads one line, found at off, with its line feed.
func (a *adocScan) line(raw []byte, off int) bool {
	line := bytes.TrimRight(raw, " \t\r\n")
	if a.delim != nil {
		switch {
		case bytes.Equal(line, a.delim):
			pass := a.delim[0] == '+'
			a.delim = nil
			if pass {
				defer a.block.reset()
				return a.html(&a.block)
			}
			return a.flush()
		case a.delim[0] == '+':
			a.block.add(raw, off)
		case a.delim[0] != '/' && a.src.opts.Code:
			a.prose.add(raw, off)
		}
		return true
	}
	switch {
	case isAdocDelimiter(line):
		if !a.paragraph() {
			return false
		}
		if line[0] != '=' && line[0] != '*' && line[0] != '_' {
			a.delim = line // verbatim, comment or passthrough
		}
		return true
	case bytes.HasPrefix(line, []byte("//")):
		return true // a comment line
	case len(line) == 0:
		return a.paragraph()
	}
	if len(a.para.buf) == 0 {
		a.literal = line[0] == ' ' || line[0] == '\t'
	}
	if line[0] == ':' && !a.literal { // the regexp only on lines it may match
		if m := adocAttrEntry().FindSubmatch(line); m != nil {
			a.attrs[string(m[1])] = string(m[2])
		}
	}
	a.para.add(raw, off)
	return true
}

// isAdocDelimiter reports whether line delimits a block: four or more of
// '-', '.', '/', '+', '=', '*' or '_'.
func isAdocDelimiter(line []byte) bool {
	if len(line) < 4 || bytes.IndexByte([]byte("-./+=*_"), line[0]) < 0 {
		return false
	}
	for _, c := range line {
		if c != line[0] {
			return false
		}
	}
	return true
}

// adocMacro matches a link macro, a URL or an attribute reference: an
// escape, the macro's name and second colon, a URL's scheme, or the
// reference; the target (the rest); the "[" of the attributes.
var adocMacro = lazyRegexp(`(\\?)(?:\b(link|mailto|image|xref|include|video|audio):(:?)|\b((?:https?|ftp|irc|file)://)|(\{[A-Za-z0-9_][-A-Za-z0-9_]*\}))(\+\+.*?\+\+|[^\s\[\]]*)(\[?)`)

// adocOtherMacro matches the name and target of an inline macro that
// makes no link (icon:flag[role=blue], kbd:[Ctrl+T], pass:[...]): its
// "name:target" reads as a URI of a registered scheme (icon:) to delimit,
// with "[...]" after it as brackets browsers take.
var adocOtherMacro = lazyRegexp(`\b(?:icon|kbd|btn|menu|anchor|indexterm2?|stem|latexmath|asciimath|footnote|footnoteref|pass):[^\s\[\]]*\[`)

// blankOtherMacros overwrites with spaces the name and target of each
// inline macro in b that makes no link, so that the prose handed to
// delimit keeps its offsets and its attribute text (a footnote's text
// may hold a URL) but not the macro.
func blankOtherMacros(b []byte) {
	for _, m := range adocOtherMacro().FindAllIndex(b, -1) {
		for i := m[0]; i < m[1]-1; i++ {
			b[i] = ' '
		}
	}
}

// paragraph yields the links of the paragraph read so far: its macros,
// then the URIs of the rest through delimit.
func (a *adocScan) paragraph() bool {
	p := &a.para
	defer p.reset()
	if a.literal {
		if a.src.opts.Code {
			a.prose.addFrom(p, 0, len(p.buf))
		}
		return a.flush()
	}
	blankOtherMacros(p.buf)
	last, closer := 0, bracketCloser{b: p.buf, none: len(p.buf)}
	for _, m := range adocMacro().FindAllSubmatchIndex(p.buf, -1) {
		escaped, named := m[3] > m[2], m[4] >= 0
		value, isRef := a.attribute(p.buf, m)
		switch {
		case m[0] < last && !(named && string(p.buf[m[4]:m[5]]) == "image"):
			continue // text in the last macro's list, where only images are macros
		case escaped:
			a.prose.addFrom(p, last, m[0]) // the rest is left as text
			last = m[1]
			continue
		case m[10] >= 0 && !isRef:
			continue // not a URL
		case m[15] == m[14] && !isRef:
			continue // a bare URL, delimit's; "link:" in prose
		}
		attrEnd, bracket := macroEnd(p.buf, m, &closer)
		if attrEnd < 0 {
			continue // an attribute list not closed
		}
		l, targetAt, text, ok := adocLink(p.buf, m, bracket, attrEnd, value, isRef)
		if !ok {
			continue
		}
		if text == "" {
			text = a.substitute(l.Ref)
		}
		a.prose.addFrom(p, last, m[0])
		last = attrEnd + 1
		if !a.src.opts.Uses && a.isUse(p.buf, m, isRef) {
			continue // reported where it is written, at its attribute entry
		}
		l.Offset = int64(p.src(targetAt))
		if !a.flush() || !a.link(l, escapeRef(text)) {
			return false
		}
	}
	a.prose.addFrom(p, last, len(p.buf))
	return a.flush()
}

// adocLink returns the link of the macro m matched in b, whose attribute
// list, if bracket, ends at attrEnd; where its target is; and the text it
// is read as, if not its target with attributes substituted (value, for
// the attribute reference that is a URL, isRef). It is not a link (false)
// where the target is a video's id on a site, or a URL is only a scheme.
func adocLink(b []byte, m []int, bracket bool, attrEnd int, value string, isRef bool) (Link, int, string, bool) {
	named, url := m[4] >= 0, m[8] >= 0
	target, targetAt := b[m[12]:m[13]], m[12]
	if t, ok := bytes.CutPrefix(target, []byte("++")); ok && len(t) >= 2 {
		target, targetAt = t[:len(t)-2], targetAt+2
	}
	l := Link{Style: StyleMarkup, Context: ContextAsciiDoc, Tag: "link"}
	ref := string(target)
	if named {
		l.Tag = string(b[m[4]:m[5]])
	}
	if bracket {
		l.Text = adocText(b[m[15]:attrEnd], l.Tag == "image" || l.Tag == "video" || l.Tag == "audio" || l.Tag == "mailto")
	}
	text := ""
	switch {
	case isRef:
		ref, targetAt, text = string(b[m[10]:m[11]])+ref, m[10], value+ref
	case url:
		ref, targetAt = string(b[m[8]:m[9]])+ref, m[8]
	case l.Tag == "mailto":
		ref, targetAt, l.Tag = "mailto:"+ref, m[4], "link"
	case l.Tag == "video" && (l.Text == "youtube" || l.Text == "vimeo"):
		return l, 0, "", false // the target is the video's id on that site
	}
	l.Ref = ref
	return l, targetAt, text, !(len(target) == 0 && url)
}

// macroEnd returns the offset of the end of the macro m matched in b (the
// last byte of its target or its attribute list), -1 for a macro whose
// attribute list is not closed, and whether it has one. Asciidoctor reads
// a URL followed by a "[" that is never closed as a bare URL, the "[" as
// text; and a bare URL without the sentence's punctuation after it
// (m[13] is moved back).
func macroEnd(b []byte, m []int, closer *bracketCloser) (int, bool) {
	if m[15] > m[14] {
		if end := closer.close(m[15]); end >= 0 || m[8] < 0 {
			return end, true
		}
	}
	m[13] = m[12] + len(bytes.TrimRight(b[m[12]:m[13]], ".,;:!?)'\""))
	return m[13] - 1, false
}

// isUse reports whether the macro or attribute reference m matched in b
// links to the value of one attribute whose value is a URL, and nothing
// more: {url}, {url}[text], link:{url}[text] (not {url}/issues[text],
// whose URL is written here).
func (a *adocScan) isUse(b []byte, m []int, isRef bool) bool {
	if isRef {
		return m[12] == m[13] // nothing after the reference
	}
	if m[4] < 0 || string(b[m[4]:m[5]]) != "link" {
		return false
	}
	target := b[m[12]:m[13]]
	if loc := adocAttrRef().FindIndex(target); loc == nil || loc[0] != 0 || loc[1] != len(target) {
		return false
	}
	v, ok := a.attrs[string(target[1:len(target)-1])]
	return ok && adocURLScheme().MatchString(v)
}

// attribute returns the value of the attribute reference m matched, and
// whether it is a URL (a URI with a scheme Asciidoctor links).
func (a *adocScan) attribute(b []byte, m []int) (string, bool) {
	if m[10] < 0 {
		return "", false
	}
	v, ok := a.attrs[string(b[m[10]+1:m[11]-1])]
	return v, ok && adocURLScheme().MatchString(v)
}

var (
	// adocAttrEntry matches an attribute entry, ":name: value".
	adocAttrEntry = lazyRegexp(`^:([A-Za-z0-9_][-A-Za-z0-9_]*):[ \t]+(.*?)[ \t]*$`)
	adocURLScheme = lazyRegexp(`^(?:https?|ftp|irc|file)://|^mailto:`)
	adocAttrRef   = lazyRegexp(`\{[A-Za-z0-9_][-A-Za-z0-9_]*\}`)
)

// substitute returns s with the attribute references it holds replaced
// by the attributes' values, as Asciidoctor reads a macro's target.
func (a *adocScan) substitute(s string) string {
	return adocAttrRef().ReplaceAllStringFunc(s, func(r string) string {
		if v, ok := a.attrs[r[1:len(r)-1]]; ok {
			return v
		}
		return r
	})
}

// bracketCloser finds the "]" that closes each attribute list of a
// paragraph b. Once one has none, neither has any list after it: the scan
// from a later "[" goes over the same bytes. Remembering that keeps a
// paragraph of unclosed lists ("https://a.example/[" many times) linear.
type bracketCloser struct {
	b     []byte
	none  int // no list that starts here or later is closed
	steps int // bytes looked at, for tests
}

// close returns the offset of the "]" that closes the attribute list
// starting at b[i], -1 if there is none.
func (c *bracketCloser) close(i int) int {
	for j := i; j < c.none; j++ {
		c.steps++
		switch c.b[j] {
		case '\\':
			j++
		case ']':
			return j
		}
	}
	c.none = min(c.none, i)
	return -1
}

// adocText returns the text of a macro's attribute list: its first
// attribute, unquoted, without the "^" that asks for a new window. The
// list of a link macro is one text unless it holds a named attribute
// ("="); that of an image, video or audio macro (positional) is always a
// list, whose first attribute is the alt text, and so is that of mailto
// (text, subject, body).
func adocText(attrs []byte, positional bool) string {
	attrs = bytes.TrimSpace(attrs)
	if len(attrs) > 0 && attrs[0] == '"' {
		if i := bytes.IndexByte(attrs[1:], '"'); i >= 0 {
			return string(attrs[1 : i+1])
		}
	}
	if i := bytes.IndexByte(attrs, ','); i >= 0 && (positional || bytes.IndexByte(attrs[i:], '=') >= 0) {
		attrs = attrs[:i]
	}
	if bytes.IndexByte(attrs, '=') >= 0 {
		return "" // a named attribute, no text
	}
	return string(bytes.Join(bytes.Fields(bytes.TrimSuffix(attrs, []byte("^"))), []byte(" ")))
}
