package extract

import (
	"bytes"
	"io"
	"strings"

	"github.com/urix/urix/extract/internal/attrurl"
	"github.com/urix/urix/internal/ascii"
)

// Rewrite copies the HTML document r to w with the URLs of its
// URL-bearing attributes and CSS replaced as f says, and every other byte
// as it was: the markup is not parsed into a tree and serialized again,
// so a rewrite that keeps every link gives r back byte for byte. The
// output goes to w as the page is read, except the part after the base
// element that sets the page's base, which waits in memory until f has
// given that element's new value (see below); memory stays within that
// part and what Links takes (see MaxHTMLSize).
//
// f is called once for each link Links would yield from the document with
// opts (the attributes and CSS of the HTML extractor, not the bare URIs of
// the text; opts.Type and opts.Unique are ignored), with URI resolved
// against the page's base (RFC 3986 §5.1, §5.2). It returns the new value
// of the reference and true, or false to keep it. f is not called for a
// same-document reference written as one (empty or a fragment alone, RFC
// 3986 §4.4), which stays one wherever the page goes, nor for a
// javascript:, vbscript: or data: URI, whose "URL" is content. (A path to
// the page itself, "/dir/page.html", is offered: read from elsewhere, the
// page would have it lead back to where it came from.)
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
//
// A panic in Rewrite (a bug) is an *Error wrapping ErrInternal; a panic
// in f goes on up as it is.
func Rewrite(w io.Writer, r io.Reader, opts Options, f func(Link) (string, bool)) (err error) {
	guard := &panicGuard{}
	f = guard.rewriteFunc(f)
	defer func() {
		if !guard.ours() {
			return // the caller's own panic
		}
		if v := recover(); v != nil {
			err = &Error{File: opts.Name, Offset: -1, Err: panicError(v)}
		}
	}()
	opts.Unique, opts.NoPositions = UniqueNone, false
	src, err := newSource(&opts)
	if err != nil {
		return &Error{File: opts.Name, Offset: -1, Err: err}
	}
	buf, err := readPage(r)
	if err != nil {
		return &Error{File: src.name, Offset: -1, Err: err}
	}
	err = rewritePage(w, buf[:len(buf):len(buf)], src, f)
	pageBufs.put(buf) // written out, and no Link f saw holds its bytes
	return err
}

// rewritePage is Rewrite on the page buf, read from the input.
func rewritePage(w io.Writer, buf []byte, src *source, f func(Link) (string, bool)) error {
	buf, decodedFrom, w, f, finish := rewriteUTF16(buf, w, f)
	p := parsePage(buf, decodedFrom)
	if p.dec != nil {
		f = iriToURI(f) // UTF-8 would not read in the page's encoding
	}
	src = p.prepare(src)
	inner := p.innerSource(src)
	lc := newLineCounter(buf)
	rw := rewriter{p: p, w: errWriter{w: w}}
	var tail chunks
	var baseRef htmlRef
	var baseLink Link
	hasBase := false
	p.walk(func(ref *htmlRef) bool {
		if ref.kind == kindText || untouchable(ref.ref) {
			return true
		}
		s := p.sourceOf(ref, src, inner)
		var l Link
		p.link(&l, ref, s, &lc)
		l, ok := emitOne(s, l)
		if !ok || !ref.isBase && sameDocument(l) {
			return true
		}
		if p.isBase(ref) {
			// Its new value is known last: the page up to it goes
			// out now, the rest waits in tail.
			baseRef, baseLink, hasBase = *ref, l, true
			rw.copyTo(ref.drop.Start)
			rw.last = ref.drop.End
			rw.w = errWriter{w: &tail}
			return true
		}
		if v, ok := f(l); ok {
			rw.edit(ref, v)
		}
		return rw.w.err == nil
	})
	rw.copyTo(len(buf))
	if !hasBase {
		return finish(rw.w.err)
	}
	head := rewriter{p: p, w: errWriter{w: w}, last: baseRef.drop.Start}
	if v, ok := f(baseLink); ok {
		head.edit(&baseRef, v)
	}
	head.copyTo(baseRef.drop.End)
	for _, c := range tail {
		head.w.write(c)
	}
	return finish(head.w.err)
}

// chunks holds output in memory, in chunks so that it grows without
// copying what it holds.
type chunks [][]byte

func (c *chunks) Write(b []byte) (int, error) {
	n := len(b)
	for len(b) > 0 {
		if len(*c) == 0 || len((*c)[len(*c)-1]) == cap((*c)[len(*c)-1]) {
			*c = append(*c, make([]byte, 0, max(64<<10, len(b))))
		}
		last := &(*c)[len(*c)-1]
		k := copy((*last)[len(*last):cap(*last)], b)
		*last = (*last)[:len(*last)+k]
		b = b[k:]
	}
	return n, nil
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

// sameDocument reports a same-document reference written as one (RFC
// 3986 §4.4): empty or a fragment alone.
func sameDocument(l Link) bool {
	ref := strings.TrimFunc(l.Ref, func(r rune) bool { return r <= ' ' })
	return ref == "" || ref[0] == '#'
}

// rewriter writes a page with its edits made, in the order of the page.
type rewriter struct {
	p    *page
	w    errWriter
	last int // the page before last is written
	// The attribute value being rewritten, with its raw bytes written up
	// to at: every edit in one value is made in one go, so that an
	// unquoted value can be quoted.
	open   bool
	vs, ve int
	quote  byte
	at     int
}

// edit writes the page up to ref with ref's new value v: an empty href
// for a base element removes it.
func (rw *rewriter) edit(ref *htmlRef, v string) {
	p := rw.p
	if rw.open && ref.valStart == rw.vs {
		rw.editValue(ref, v)
		return
	}
	if rw.open {
		rw.closeAttr()
	}
	if ref.start < rw.last { // inside a removed base element
		return
	}
	switch {
	case ref.isBase && v == "":
		rw.w.write(p.buf[rw.last:ref.drop.Start])
		rw.last = ref.drop.End
	case ref.valStart < 0: // CSS in a style element
		rw.w.write(p.buf[rw.last:ref.start])
		rw.w.writeString(escapeInner(ref, v))
		rw.last = ref.end
	default:
		rw.open, rw.vs, rw.ve, rw.quote, rw.at = true, ref.valStart, ref.valEnd, ref.attrQuote, ref.valStart
		rw.w.write(p.buf[rw.last:rw.vs])
		if ref.noValue {
			rw.w.writeString("=")
		}
		if rw.quote == 0 {
			rw.w.writeString(`"`)
		}
		rw.last = rw.ve
		rw.editValue(ref, v)
	}
}

// editValue writes the attribute value being rewritten up to ref, and v
// in place of ref.
func (rw *rewriter) editValue(ref *htmlRef, v string) {
	rw.writeRaw(rw.at, ref.start)
	rw.w.writeString(escapeAttr(escapeInner(ref, v), rw.quote))
	rw.at = ref.end
}

// closeAttr writes the rest of the attribute value being rewritten.
func (rw *rewriter) closeAttr() {
	rw.writeRaw(rw.at, rw.ve)
	if rw.quote == 0 {
		rw.w.writeString(`"`)
	}
	rw.open = false
}

// copyTo writes the page up to end as it is.
func (rw *rewriter) copyTo(end int) {
	if rw.open {
		rw.closeAttr()
	}
	if end > rw.last {
		rw.w.write(rw.p.buf[rw.last:end])
		rw.last = end
	}
}

// writeRaw writes the raw bytes [from, to) of the attribute value being
// rewritten, with '"' as a character reference when the value was
// unquoted and is being put in double quotes.
func (rw *rewriter) writeRaw(from, to int) {
	b := rw.p.buf[from:to]
	for rw.quote == 0 {
		i := bytes.IndexByte(b, '"')
		if i < 0 {
			break
		}
		rw.w.write(b[:i])
		rw.w.writeString("&quot;")
		b = b[i+1:]
	}
	rw.w.write(b)
}

// escapeInner escapes a new URL for the syntax around it inside the
// attribute or element: CSS, srcset or a meta refresh.
func escapeInner(r *htmlRef, v string) string {
	switch r.kind {
	case kindCSS:
		return attrurl.EscapeCSS(v, r.cssQuote)
	case kindJSON:
		return jsonEscape(v)
	case kindSrcset, kindList:
		var sb strings.Builder
		for i := 0; i < len(v); i++ {
			c := v[i]
			if ascii.IsSpace(c) || r.kind == kindSrcset && c == ',' && (i == 0 || i == len(v)-1) {
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
	return string([]byte{'%', ascii.UpperHex[c>>4], ascii.UpperHex[c&15]})
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
