package extract

import (
	"bytes"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/internal/htmltok"
)

// The notes of base.Base.Note for a retrieval URI a saved page records
// (Link.BaseNote).
const (
	NoteSavedFrom  = "saved-from comment"               // <!-- saved from url=(NNNN)URL -->
	NoteSingleFile = "SingleFile comment"               // SingleFile's "url: URL" header comment
	NoteSnapshot   = "MHTML Snapshot-Content-Location"  // the top header of a saved MHTML page
	NoteMHTMLRoot  = "MHTML root Content-Location"      // the first part of a multipart/related message
	NoteCanonical  = "link rel=canonical (--canonical)" // with Options.Canonical
	warnSavedFrom  = "saved-from-length: the length in the saved-from comment does not match its URL, not used as the retrieval URI: "
	maxPrologScan  = 64 << 10 // the bytes of a page looked at for the saving program's comment
	maxPrologItems = 64       // the comments and tags of the prolog looked at
)

// savedSource returns the source a page is read in when it records the
// URI it was saved from (RFC 3986 §5.1.3: that URI, not the copy's file:
// URI, is the one it was retrieved from): src with that retrieval base,
// or src itself. It applies only when the user named no retrieval URI
// (Options.Base) and no encapsulating entity (a MIME part's header) gave
// the page a base; the page's own base element still wins over it.
func savedSource(buf []byte, src *source) *source {
	if src.opts.Base != "" || src.base.Source > base.Retrieval {
		return src
	}
	ref, note, warn := savedURI(buf)
	if ref == "" && src.opts.Canonical {
		ref, note = canonicalURI(buf), NoteCanonical
	}
	if ref == "" && warn == "" {
		return src // most pages: no copy to make
	}
	s := *src
	if warn != "" {
		s.warnings = append(src.warnings[:len(src.warnings):len(src.warnings)], warn)
	}
	if ref != "" {
		b, err := base.Parse(ref, base.Retrieval)
		if err == nil && !strings.EqualFold(b.URI.Scheme, "about") {
			b.Note = note
			s.base = b
		}
	}
	return &s
}

// savedURI returns the URI a saving program wrote into the prolog of the
// page buf (the doctype, comments, and the html and head start tags before
// anything else), with the note naming which: Internet Explorer's, Edge's
// and Chrome's "saved from url=(NNNN)URL" comment (the Mark of the Web),
// or SingleFile's header comment with its "url:" line. A saved-from
// comment whose length NNNN is not its URL's (in bytes, characters or
// UTF-16 units) is not used, and warn says so.
func savedURI(buf []byte) (ref, note, warn string) {
	if len(buf) > maxPrologScan {
		buf = buf[:maxPrologScan]
	}
	i := len(buf) - len(bytes.TrimPrefix(buf, []byte("\xef\xbb\xbf")))
	for n := 0; n < maxPrologItems; n++ {
		i = ascii.SkipSpace(buf, i)
		rest := buf[i:]
		switch {
		case bytes.HasPrefix(rest, []byte("<!--")):
			end := bytes.Index(rest[4:], []byte("-->"))
			if end < 0 {
				return "", "", ""
			}
			if ref, note, warn = commentURI(string(rest[4 : 4+end])); ref != "" || warn != "" {
				return ref, note, warn
			}
			i += 4 + end + 3
		case len(rest) > 1 && rest[0] == '<' && (rest[1] == '!' || rest[1] == '?') || isPrologTag(rest, "html") || isPrologTag(rest, "head"):
			end := bytes.IndexByte(rest, '>')
			if end < 0 {
				return "", "", ""
			}
			i += end + 1
		default:
			return "", "", ""
		}
	}
	return "", "", ""
}

// isPrologTag reports whether b starts with the start tag of element name.
func isPrologTag(b []byte, name string) bool {
	if len(b) < len(name)+2 || b[0] != '<' || !bytes.EqualFold(b[1:1+len(name)], []byte(name)) {
		return false
	}
	c := b[1+len(name)]
	return c == '>' || c == '/' || ascii.IsSpace(c)
}

// commentURI returns the URI the comment text c records, if it is one of
// a saving program's (see savedURI).
func commentURI(c string) (ref, note, warn string) {
	t := strings.TrimSpace(c)
	const motw = "saved from url=("
	if len(t) > len(motw) && strings.EqualFold(t[:len(motw)], motw) {
		digits, u, ok := strings.Cut(t[len(motw):], ")")
		n, err := strconv.Atoi(digits)
		if !ok || err != nil {
			return "", "", ""
		}
		u = strings.TrimSpace(u)
		if n != len(u) && n != utf8.RuneCountInString(u) && n != len(utf16.Encode([]rune(u))) {
			return "", "", warnSavedFrom + strconv.Quote(t)
		}
		return u, NoteSavedFrom, ""
	}
	if !strings.Contains(t, "Page saved with SingleFile") {
		return "", "", ""
	}
	for line := range strings.SplitSeq(t, "\n") {
		if u, ok := strings.CutPrefix(strings.TrimSpace(line), "url:"); ok {
			return strings.TrimSpace(u), NoteSingleFile, ""
		}
	}
	return "", "", ""
}

// canonicalURI returns the absolute href of the first link element whose
// rel holds "canonical", or "". Each "<link" is read by the HTML
// tokenizer, as the page's own walk would read it: one tokenizer, reset
// at each.
func canonicalURI(buf []byte) string {
	var z *htmltok.Tokenizer
	for i := 0; ; i += len("<link") {
		j := indexFold(buf[i:], "<link")
		if j < 0 {
			return ""
		}
		i += j
		if z == nil {
			z = htmltok.New(buf[i:])
		} else {
			z.Reset(buf[i:])
		}
		if tt := z.Next(); tt != htmltok.StartTagToken && tt != htmltok.SelfClosingTagToken || tagName(z.TagName()) != "link" {
			continue
		}
		if href, ok := canonicalHref(buf[i:], z.Attrs()); ok {
			return href
		}
	}
}

// canonicalHref returns the href of the link element of attributes attrs
// in tag, and whether its rel holds "canonical" and the href is not
// empty. A value is decoded only when it is needed and holds a character
// reference.
func canonicalHref(tag []byte, attrs []htmltok.Attr) (string, bool) {
	var rel, href []byte
	for _, a := range attrs {
		switch key := tag[a.Key.Start:a.Key.End]; {
		case ascii.EqualLower(key, "rel"):
			rel = tag[a.Val.Start:a.Val.End]
		case ascii.EqualLower(key, "href"):
			href = tag[a.Val.Start:a.Val.End]
		}
	}
	if len(href) == 0 || len(rel) == 0 {
		return "", false
	}
	if bytes.IndexByte(rel, '&') >= 0 {
		rel = []byte(decode(rel, true).s)
	}
	for r := range bytes.FieldsSeq(rel) {
		if bytes.EqualFold(r, []byte("canonical")) {
			return strings.TrimSpace(decode(href, true).s), true
		}
	}
	return "", false
}

// indexFold returns the index of the first instance of s, which starts
// with '<' and is in ASCII lower case, in b in any ASCII case, or -1.
func indexFold(b []byte, s string) int {
	for i := 0; ; i++ {
		j := bytes.IndexByte(b[i:], '<')
		if j < 0 {
			return -1
		}
		i += j
		if len(b)-i >= len(s) && bytes.EqualFold(b[i:i+len(s)], []byte(s)) {
			return i
		}
	}
}

// savedMessage returns the source a saved MHTML page (RFC 2557) is read
// in, when h is the header of the top-level message p and the user named
// no retrieval URI: src with the URI the page was saved from as its
// retrieval base, Chrome's Snapshot-Content-Location, else the
// Content-Location of the root part of a multipart/related message (its
// first part; Internet Explorer's .mht names the page there). Otherwise
// src. The root part keeps its Content-Location as its own encapsulating
// base; the retrieval base serves the message's header and the parts
// without one. The Snapshot-Content-Location and the Content-Location of
// every part of such a page are not links: they name the page, whose
// base they are, and the resources the page links where it uses them.
func (w *mailWalker) savedMessage(src *source, h *header, p part) *source {
	if !p.isMessage || p.num != "" || src.opts.Base != "" || src.base.Source > base.Retrieval {
		return src
	}
	v, ok := h.get("Snapshot-Content-Location")
	note := NoteSnapshot
	if !ok {
		v, ok = w.rootLocation(h, p)
		note = NoteMHTMLRoot
	}
	if !ok {
		return src
	}
	b, err := base.Parse(base.HeaderValue(charset.DecodeWords(v)), base.Retrieval)
	if err != nil {
		return src
	}
	b.Note = note
	s := *src
	s.base, s.savedPage = b, true
	clear(w.frames) // another page's, in an mbox

	return &s
}

// rootLocation returns the Content-Location of the first part of the
// multipart/related message p with header h, when its type names no
// other root (RFC 2387 §3.2, the start parameter).
func (w *mailWalker) rootLocation(h *header, p part) (string, bool) {
	if v, _ := h.value("Content-Type"); !hasPrefixLower(v, "multipart/related") { // unfold trims v
		return "", false // not parsed twice (readHeader does it) unless needed
	}
	mt, params := h.mediaType("text/plain", nil)
	if mt != "multipart/related" || params["boundary"] == "" || params["start"] != "" {
		return "", false
	}
	delim := []byte("--" + params["boundary"])
	body := w.buf[h.body:p.end]
	at := 0
	for {
		i := bytes.Index(body[at:], delim)
		if i < 0 {
			return "", false
		}
		at += i
		w.work += i
		if at == 0 || body[at-1] == '\n' {
			break
		}
		at += len(delim)
	}
	start := h.body + at
	nl := bytes.IndexByte(w.buf[start:p.end], '\n')
	if nl < 0 {
		return "", false
	}
	ph := parseHeader(w.buf, start+nl+1, p.end)
	w.work += ph.body - ph.start
	return ph.get("Content-Location")
}

// savedFrames maps the Content-IDs of the parts of a saved page's
// multipart/related message p to their Content-Location, in w.frames,
// when p is the page (see savedMessage). Chromium saves each frame of the
// page as a part of its own and writes the frame element's src as a cid:
// URL of that part (RFC 2392), a name that means nothing outside the
// file; the frame's address is the part's Content-Location, which is not
// a link (see headerLinks): the cid: link resolves to it (RFC 2557 §8.2,
// a reference to a part of the aggregate).
func (w *mailWalker) savedFrames(src *source, p part, delim []byte) {
	if !src.savedPage || p.num != "" || p.mediaType != "multipart/related" {
		return
	}
	start := -1
	for pos := p.body; ; {
		at, next, closing := findDelimiter(w.buf[:p.end], pos, delim)
		if at < 0 {
			return
		}
		w.work += next - pos
		if start >= 0 {
			w.savedFrame(src, start, lineBreakBefore(w.buf, start, at))
		}
		if closing {
			return
		}
		start, pos = next, next
	}
}

// savedFrame adds the part in w.buf[start:end] to w.frames if its header
// has a Content-ID and an absolute Content-Location.
func (w *mailWalker) savedFrame(src *source, start, end int) {
	h := parseHeader(w.buf, start, end)
	w.work += h.body - start
	loc, ok := h.get("Content-Location")
	if !ok {
		return
	}
	id, _ := h.get("Content-ID")
	id = strings.TrimSuffix(strings.TrimPrefix(id, "<"), ">")
	b, err := base.Parse(base.HeaderValue(charset.DecodeWords(loc)), base.Retrieval)
	if id == "" || err != nil || !b.URI.IsAbs() {
		return
	}
	if w.frames == nil {
		w.frames = map[string]string{}
	}
	w.frames[id] = b.URI.String()
}

// framesMapped is the yield of the content scanners of a part of a saved
// page (see mailWalker.text), with the cid: links to the parts in
// w.frames resolved to their Content-Location.
func (w *mailWalker) framesMapped(l Link, err error) bool {
	if err == nil {
		if len(l.URI) > 4 && strings.EqualFold(l.URI[:4], "cid:") {
			if id, uerr := url.PathUnescape(l.URI[4:]); uerr == nil {
				if loc, ok := w.frames[id]; ok {
					l.URI = loc
				}
			}
		}
		w.mapPos(&l)
	}
	return w.yield(l, err)
}
