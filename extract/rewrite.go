package extract

import (
	"io"
	"slices"
	"strings"
)

// Rewrite copies the HTML document r to w with the URLs of its
// URL-bearing attributes and CSS replaced as f says, and every other byte
// as it was: the markup is not parsed into a tree and serialized again,
// so a rewrite that keeps every link gives r back byte for byte.
//
// f is called once for each link Links would yield from the document with
// opts (the attributes and CSS of the HTML extractor, not the bare URIs of
// the text; opts.Type and opts.Unique are ignored), with URI resolved
// against the page's base (RFC 3986 §5.1, §5.2). It returns the new value
// of the reference and true, or false to keep it. f is not called for a
// same-document reference (empty, a fragment alone, or one resolving to
// the base itself, RFC 3986 §4.4), nor for a javascript:, vbscript: or
// data: URI, whose "URL" is content.
//
// The href of the base element that sets the page's base is offered last,
// so that f knows by then whether the page still needs it. An empty new
// value for the href of any base element removes that attribute, and the
// element with it (and its line, when it stands alone there) when it has
// no other attribute.
//
// A new value is escaped for its place: for CSS inside a string or an
// unquoted url(), for a srcset candidate (whitespace and edge commas
// percent-encoded, descriptors kept) or a ping URL (whitespace
// percent-encoded), then for the attribute's quoting ('&' and the quote
// as character references; an unquoted value is put in double quotes, and
// so is one written after an attribute that had none).
//
// The page keeps its encoding (see Links): in a legacy one, a new value's
// non-ASCII bytes are percent-encoded (RFC 3987 §3.1), and a page in
// UTF-16 is written back in UTF-16, in its byte order, with its BOM if it
// had one. The positions of the Links f gets count bytes of r.
func Rewrite(w io.Writer, r io.Reader, opts Options, f func(Link) (string, bool)) error {
	opts.Unique = UniqueNone
	src, err := newSource(&opts)
	if err != nil {
		return &Error{File: opts.Name, Offset: -1, Err: err}
	}
	buf, err := readPage(r)
	if err != nil {
		return &Error{File: src.name, Offset: -1, Err: err}
	}
	buf, decodedFrom, w, f, finish := rewriteUTF16(buf, w, f)
	p := parsePage(buf, decodedFrom)
	if p.dec != nil {
		f = iriToURI(f) // UTF-8 would not read in the page's encoding
	}
	inner := p.innerSource(src)
	lc := lineCounter{buf: buf, line: 1}
	var edits []edit
	var baseLink Link
	hasBase := false
	for i := range p.refs {
		ref := &p.refs[i]
		if ref.kind == kindText || untouchable(ref.ref) {
			continue
		}
		s := p.sourceOf(i, src, inner)
		l, ok := emitOne(s, p.link(i, s, &lc))
		if !ok || !ref.isBase && sameDocument(l) {
			continue
		}
		if i == p.base {
			baseLink, hasBase = l, true
			continue
		}
		if v, ok := f(l); ok {
			edits = append(edits, edit{ref: i, repl: v})
		}
	}
	if hasBase {
		if v, ok := f(baseLink); ok {
			edits = append(edits, edit{ref: p.base, repl: v})
			slices.SortFunc(edits, func(a, b edit) int { return a.ref - b.ref })
		}
	}
	return finish(p.write(w, edits))
}

// edit is the new value of p.refs[ref].
type edit struct {
	ref  int
	repl string
}

// emitOne returns the link emit makes of l, and false if the Options
// leave it out.
func emitOne(s *source, l Link) (Link, bool) {
	var out Link
	ok := false
	s.emit(l, func(e Link, err error) bool {
		if err == nil {
			out, ok = e, true
		}
		return true
	})
	return out, ok
}

// untouchable reports a reference Rewrite never changes: code and inline
// data, whose "URL" is content.
func untouchable(ref string) bool {
	switch strings.ToLower(schemeOf(ref)) {
	case "javascript", "vbscript", "data":
		return true
	}
	return false
}

// sameDocument reports a same-document reference (RFC 3986 §4.4): empty,
// a fragment alone, or resolving to the base URI itself.
func sameDocument(l Link) bool {
	ref := strings.TrimFunc(l.Ref, func(r rune) bool { return r <= ' ' })
	if ref == "" || ref[0] == '#' {
		return true
	}
	u, _, _ := strings.Cut(l.URI, "#")
	return l.Base != "" && u == l.Base
}

// write writes the page with the edits made: an empty href for a base
// element removes it.
func (p *page) write(w io.Writer, edits []edit) error {
	ew := errWriter{w: w}
	last := 0
	for k := 0; k < len(edits); {
		ref := &p.refs[edits[k].ref]
		if ref.start < last { // inside a removed base element
			k++
			continue
		}
		if drop, ok := p.drops[edits[k].ref]; ok && edits[k].repl == "" {
			ew.write(p.buf[last:drop.start])
			last = drop.end
			k++
			continue
		}
		if ref.valStart < 0 { // CSS in a style element
			ew.write(p.buf[last:ref.start])
			ew.writeString(escapeInner(ref, edits[k].repl))
			last = ref.end
			k++
			continue
		}
		// Every edit in this attribute value, rewritten at once so that
		// an unquoted value can be quoted.
		vs, ve, quote := ref.valStart, ref.valEnd, ref.attrQuote
		ew.write(p.buf[last:vs])
		if ref.noValue {
			ew.writeString("=")
		}
		if quote == 0 {
			ew.writeString(`"`)
		}
		at := vs
		for ; k < len(edits) && p.refs[edits[k].ref].valStart == vs; k++ {
			r := &p.refs[edits[k].ref]
			ew.writeString(p.quoteRaw(at, r.start, quote))
			ew.writeString(escapeAttr(escapeInner(r, edits[k].repl), quote))
			at = r.end
		}
		ew.writeString(p.quoteRaw(at, ve, quote))
		if quote == 0 {
			ew.writeString(`"`)
		}
		last = ve
	}
	ew.write(p.buf[last:])
	return ew.err
}

// quoteRaw returns the raw bytes [from, to) of an attribute value, with
// '"' as a character reference when the value was unquoted and is being
// put in double quotes.
func (p *page) quoteRaw(from, to int, quote byte) string {
	s := string(p.buf[from:to])
	if quote == 0 {
		s = strings.ReplaceAll(s, `"`, "&quot;")
	}
	return s
}

// escapeInner escapes a new URL for the syntax around it inside the
// attribute or element: CSS, srcset or a meta refresh.
func escapeInner(r *htmlRef, v string) string {
	switch r.kind {
	case kindCSS:
		return cssEscapeURL(v, r.cssQuote)
	case kindSrcset, kindList:
		var sb strings.Builder
		for i := 0; i < len(v); i++ {
			c := v[i]
			if isASCIISpace(c) || r.kind == kindSrcset && c == ',' && (i == 0 || i == len(v)-1) {
				sb.WriteString(percent(c))
				continue
			}
			sb.WriteByte(c)
		}
		return sb.String()
	case kindRefresh:
		if r.refreshQuote != 0 {
			return strings.ReplaceAll(v, string(r.refreshQuote), percent(r.refreshQuote))
		}
		if !r.refreshPrefix && (len(v) >= 3 && strings.EqualFold(v[:3], "url") || strings.HasPrefix(v, "'") || strings.HasPrefix(v, `"`)) {
			return "URL=" + v
		}
	}
	return v
}

func percent(c byte) string {
	const hex = "0123456789ABCDEF"
	return string([]byte{'%', hex[c>>4], hex[c&15]})
}

// escapeAttr escapes v for an attribute value in the given quotes (0: an
// unquoted value, put in double quotes): '&' and the quote become
// character references (HTML Living Standard §13.1.2.3).
func escapeAttr(v string, quote byte) string {
	if !strings.ContainsAny(v, `&"'`) {
		return v
	}
	var sb strings.Builder
	for i := 0; i < len(v); i++ {
		switch c := v[i]; {
		case c == '&':
			sb.WriteString("&amp;")
		case c == '"' && quote != '\'':
			sb.WriteString("&quot;")
		case c == '\'' && quote == '\'':
			sb.WriteString("&#39;")
		default:
			sb.WriteByte(c)
		}
	}
	return sb.String()
}

// errWriter keeps the first write error and skips the writes after it.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) write(b []byte) {
	if e.err == nil && len(b) > 0 {
		_, e.err = e.w.Write(b)
	}
}

func (e *errWriter) writeString(s string) {
	if e.err == nil && len(s) > 0 {
		_, e.err = io.WriteString(e.w, s)
	}
}
