package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"mime"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/base"
)

// ErrWAT is wrapped by the *Error about a WAT metadata record whose JSON
// cannot be read (see scanWAT); the links read before the damage are
// given, and the scan goes on with the next record.
var ErrWAT = errors.New("malformed WAT record")

// typeWAT, in Options.WARCRecords, stands for the metadata records that
// hold WAT JSON; it is no WARC-Type, so no record type is shadowed.
const typeWAT = "wat"

// wants reports whether the block of rec is to be read, its type being
// one of types, or it a WAT record and types holding typeWAT.
func wants(types map[string]bool, rec *warcRecord) bool {
	return types[rec.typ] || types[typeWAT] && isWATRecord(rec)
}

// isWATRecord reports whether rec is a metadata record holding JSON, as
// the records of a WAT file do (Common Crawl's WAT, from the Internet
// Archive's ia-web-commons: "WARC-Type: metadata", "Content-Type:
// application/json").
func isWATRecord(rec *warcRecord) bool {
	if rec.typ != "metadata" {
		return false
	}
	mt, _, err := mime.ParseMediaType(rec.get("content-type"))
	return err == nil && mt == "application/json"
}

// watLink is an entry of HTML-Metadata.Links or Head.Link in WAT JSON:
// path says the element and attribute ("A@/href", "IMG@/src",
// "LINK@/href"), url the value as written.
type watLink struct {
	Path string  `json:"path"`
	URL  *string `json:"url"` // nil when absent: no link, where "" is href=""
	Text string  `json:"text"`
	Alt  string  `json:"alt"`
	Rel  string  `json:"rel"` // of A, AREA and LINK entries, as ia-web-commons writes them
	at   int64   // offset of the entry in the block
}

// watHead is HTML-Metadata.Head: the page's base href, link and script
// elements, and meta elements.
type watHead struct {
	Base    string    `json:"Base"`
	Link    []watLink `json:"Link"`
	Scripts []watLink `json:"Scripts"`
	Metas   []watMeta `json:"Metas"`
}

// watMeta is an entry of Head.Metas: a meta element's name or property
// and its content.
type watMeta struct {
	Name     string  `json:"name"`
	Property string  `json:"property"`
	Content  *string `json:"content"`
}

// links returns the entries of h that are links: its link and script
// elements, and its meta elements whose name or property says their
// content is a URL (metaURLNames, as in HTML input), all at offset at.
func (h *watHead) links(at int64) []watLink {
	out := append(slices.Clip(h.Link), h.Scripts...)
	for _, m := range h.Metas {
		if slices.Contains(metaURLNames, strings.ToLower(m.Property)) || slices.Contains(metaURLNames, strings.ToLower(m.Name)) {
			out = append(out, watLink{Path: "META@/content", URL: m.Content})
		}
	}
	for i := range out {
		out[i].at = at
	}
	return out
}

// watHeader is Envelope.WARC-Header-Metadata: the header of the record
// the WAT record describes.
type watHeader struct {
	Target string `json:"WARC-Target-URI"`
	ID     string `json:"WARC-Record-ID"`
	Date   string `json:"WARC-Date"`
}

// skipValue reads a JSON value and keeps nothing of it.
type skipValue struct{}

func (*skipValue) UnmarshalJSON([]byte) error { return nil }

// watReader reads the JSON of one WAT record and yields its links.
//
// Writers put WARC-Header-Metadata before Payload-Metadata and Head
// before Links; the links read before what they need (the target, the
// base) are held until it comes or cannot come any more, so any order
// gives the same links and the usual one holds none.
type watReader struct {
	w        *warcScanner
	rec      *warcRecord
	dec      *json.Decoder
	lc       lineCounter
	envelope bool // an Envelope was read
	header   *watHeader
	head     *watHead
	noHead   bool // HTML-Metadata ended without a Head
	pending  []watLink
	fields   []watField // the HTTP header fields with links, not yet yielded
	held     int        // fields[:held] are Locations held for the status
	status   int        // of Response-Message; 0 unknown
	statusOK bool       // Response-Message was read, or HTTP-Response-Metadata ended
	target   *source    // the source of the header links: the target, no base
	src      *source
	yield    func(Link, error) bool
	stopped  bool
}

// watField is a Link or Location field of HTTP-Response-Metadata.Headers:
// its name, lower-case, its value decoded, and the offset in the block of
// the JSON string that holds it.
type watField struct {
	name, value string
	at          int64
}

// scanWAT yields the links of the WAT record rec: in the JSON's
// Envelope.Payload-Metadata.HTTP-Response-Metadata, those of its Headers
// as an HTTP response's in a WARC record (headerLinks: each link-value of
// a Link field, RFC 8288 §3, and the Location of a redirect, RFC 9110
// §10.2.2, when Response-Message says 3xx; Context "http-header", Header
// the field's name), resolved against the target URI alone, as both
// RFCs say (§3.2, §10.2.2), and at the offset of their place in the JSON
// string; then in its HTML-Metadata, the
// entries of Head.Link, Head.Scripts, Head.Metas (og:url and the others
// of metaURLNames: Context "html-meta") and Links, each a Link of
// Context "html" (as in HTML input, "html-lazy" for an attribute such
// as data-src) whose Ref is its url as written, Tag and Attr its path's
// ("A@/href": a, href) and Text its text, else its alt. They are
// resolved against Head.Base (an embedded base) resolved against the
// target, else against the target (the retrieval URI): the
// WARC-Target-URI of Envelope.WARC-Header-Metadata, whose
// WARC-Record-ID and WARC-Date they say too (the record the WAT record
// describes), else the WAT record's own. A record without HTML-Metadata
// (a request, a redirect, an image) has no links. The JSON is read as
// it goes, each value not used skipped without being kept; nesting
// deeper than encoding/json's limit (10,000) is damage. It reports
// whether the JSON was WAT (had an Envelope, or was broken): other JSON
// is the caller's, which reads it as text when metadata records are
// asked for.
func (w *warcScanner) scanWAT(rec *warcRecord) (ok, wat bool) {
	r := &watReader{w: w, rec: rec, dec: json.NewDecoder(bytes.NewReader(rec.block)), lc: newLineCounter(rec.block)}
	err := r.object(func(field string) error {
		if field != "Envelope" {
			return r.skip()
		}
		r.envelope = true
		return r.object(r.envelopeKey)
	})
	if !r.flush(true) {
		return false, true
	}
	if err != nil {
		return w.fail(rec, r.damage(err)), true
	}
	return !r.stopped, r.envelope
}

// damage returns the error about the JSON of the record (the *Error
// names the record).
func (r *watReader) damage(err error) error {
	return fmt.Errorf("%w: JSON at byte %d of the block: %v", ErrWAT, r.dec.InputOffset(), err)
}

// envelopeKey reads the value of field in the Envelope.
func (r *watReader) envelopeKey(field string) error {
	switch field {
	case "WARC-Header-Metadata":
		var h watHeader
		if err := r.dec.Decode(&h); err != nil {
			return err
		}
		r.header = &h
		return nil
	case "Payload-Metadata":
		return r.object(func(field string) error {
			if field != "HTTP-Response-Metadata" {
				return r.skip()
			}
			err := r.object(r.responseKey)
			if err == nil {
				r.statusOK = true
				if !r.flush(false) {
					return errStopped
				}
			}
			return err
		})
	}
	return r.skip()
}

// responseKey reads the value of field in HTTP-Response-Metadata.
func (r *watReader) responseKey(field string) error {
	switch field {
	case "Response-Message":
		var m struct{ Status json.RawMessage }
		if err := r.dec.Decode(&m); err != nil {
			return err
		}
		if code := bytes.Trim(m.Status, `"`); isStatusCode(code) {
			r.status = int(code[0]-'0')*100 + int(code[1]-'0')*10 + int(code[2]-'0')
		}
		r.statusOK = true
		return nil
	case "Headers":
		if err := r.object(r.headerKey); err != nil {
			return err
		}
		if !r.flush(false) {
			return errStopped
		}
		return nil
	case "HTML-Metadata":
		if err := r.object(r.htmlKey); err != nil {
			return err
		}
		r.noHead = r.head == nil
		if !r.flush(false) {
			return errStopped
		}
		return nil
	}
	return r.skip()
}

// headerKey reads the value of the header field name in Headers: a
// string, or an array of strings (a field given more than once), kept
// when the field is Link or Location.
func (r *watReader) headerKey(name string) error {
	name = strings.ToLower(name)
	if name != "link" && name != "location" {
		return r.skip()
	}
	value := func() error {
		at := r.entryAt()
		t, err := r.dec.Token()
		if err != nil {
			return err
		}
		if v, ok := t.(string); ok {
			r.fields = append(r.fields, watField{name: name, value: v, at: at})
			return nil
		}
		return r.skipRest(t)
	}
	if i := r.entryAt(); i < int64(len(r.rec.block)) && r.rec.block[i] == '[' {
		return r.array(value)
	}
	return value()
}

// htmlKey reads the value of field in HTML-Metadata.
func (r *watReader) htmlKey(field string) error {
	switch field {
	case "Head":
		var h watHead
		at := r.entryAt()
		if err := r.dec.Decode(&h); err != nil {
			return err
		}
		r.head = &h
		r.pending = append(r.pending, h.links(at)...)
		return nil
	case "Links":
		return r.array(func() error {
			var l watLink
			l.at = r.entryAt()
			if err := r.dec.Decode(&l); err != nil {
				return err
			}
			r.pending = append(r.pending, l)
			if !r.flush(false) {
				return errStopped
			}
			return nil
		})
	}
	return r.skip()
}

// entryAt returns the offset in the block of the next value: past the
// white space and the separator after the last token read.
func (r *watReader) entryAt() int64 {
	at := r.dec.InputOffset()
	for at < int64(len(r.rec.block)) && bytes.IndexByte([]byte(" \t\r\n,:"), r.rec.block[at]) >= 0 {
		at++
	}
	return at
}

// errStopped ends the reading of a record when yield returned false.
var errStopped = errors.New("stopped")

// object reads a JSON object, calling each for the value of each key,
// which it must read. A value that is not an object is skipped.
func (r *watReader) object(each func(key string) error) error {
	t, err := r.dec.Token()
	if err != nil {
		return err
	}
	if t != json.Delim('{') {
		return r.skipRest(t)
	}
	for r.dec.More() {
		k, err := r.dec.Token()
		if err != nil {
			return err
		}
		key, _ := k.(string)
		if err := each(key); err != nil {
			return err
		}
	}
	_, err = r.dec.Token() // '}'
	return err
}

// array reads a JSON array, calling each for each element, which it
// must read. A value that is not an array is skipped.
func (r *watReader) array(each func() error) error {
	t, err := r.dec.Token()
	if err != nil {
		return err
	}
	if t != json.Delim('[') {
		return r.skipRest(t)
	}
	for r.dec.More() {
		if err := each(); err != nil {
			return err
		}
	}
	_, err = r.dec.Token() // ']'
	return err
}

// skipRest skips what is left of the value whose first token t was
// read: nothing for a scalar, the elements and the close of an array or
// object.
func (r *watReader) skipRest(t json.Token) error {
	d, ok := t.(json.Delim)
	if !ok {
		return nil
	}
	for r.dec.More() {
		if d == '{' {
			if _, err := r.dec.Token(); err != nil {
				return err
			}
		}
		if err := r.skip(); err != nil {
			return err
		}
	}
	_, err := r.dec.Token()
	return err
}

// skip reads the next value and keeps nothing of it.
func (r *watReader) skip() error { return r.dec.Decode(&skipValue{}) }

// flush yields the pending links once what they need is known, or, at
// the end of the record, with what is known.
func (r *watReader) flush(end bool) bool {
	if r.stopped {
		return false
	}
	if !r.flushFields(end) {
		r.stopped = true
		return false
	}
	if !end && (r.header == nil || r.head == nil && !r.noHead) {
		return true
	}
	if r.src == nil {
		r.setSource()
	}
	for _, l := range r.pending {
		if l.URL == nil {
			continue
		}
		if !r.src.emit(r.link(l), r.yield) {
			r.stopped = true
			return false
		}
	}
	r.pending = r.pending[:0]
	return true
}

// flushFields yields the links of the pending header fields once the
// target is known and, for a Location, the status; at the end of the
// record, with what is known. It reports false when yield did.
//
// The Locations held are not looked at again until the status comes:
// looking at them on each flush (one for each entry of Links) took time
// quadratic in the record.
func (r *watReader) flushFields(end bool) bool {
	if len(r.fields) == 0 || !end && r.header == nil {
		return true
	}
	if r.target == nil {
		r.setTarget()
	}
	hold := !end && !r.statusOK
	keep, from := r.fields[:0], 0
	if hold {
		keep, from = r.fields[:r.held], r.held
	}
	r.w.work += len(r.fields) - from
	for _, f := range r.fields[from:] {
		if hold && f.name == "location" {
			keep = append(keep, f)
			continue
		}
		h := httpHeader{status: r.status, fields: []httpField{{name: f.name, value: f.value, end: len(f.value), line: 1, col: 1}}}
		if !headerLinks(r.target, &h, r.fieldYield(f)) {
			return false
		}
	}
	r.fields, r.held = keep, len(keep)
	return true
}

// fieldYield returns the yield of the links of the header field f, which
// headerLinks places by their byte offset in f.value: it places them in
// the block, in the JSON string that holds the value (read from where the
// link before left it, so a field takes time linear in it), then calls
// r.yield.
func (r *watReader) fieldYield(f watField) func(Link, error) bool {
	raw := r.rec.block[f.at+1:] // past the opening quote
	i, j := 0, 0                // byte i of the value is byte j of raw
	return func(l Link, err error) bool {
		if err == nil {
			for i < int(l.Offset) && j < len(raw) && raw[j] != '"' {
				rawLen, valueLen := jsonStep(raw[j:])
				i, j = i+valueLen, j+rawLen
			}
			l.Offset = f.at + 1 + int64(j)
			l.Line, l.Column = r.lc.at(int(l.Offset))
		}
		return r.yield(l, err)
	}
}

// jsonStep returns the length of the character or escape that raw, the
// text of a JSON string (RFC 8259 §7), starts with, and the length of
// what encoding/json decodes it to: "\n" is 2 and 1; "\u00e9" 6 and 2;
// a surrogate pair 12 and 4; a lone surrogate, or a byte that is no
// UTF-8, U+FFFD, 3 bytes.
func jsonStep(raw []byte) (rawLen, valueLen int) {
	if raw[0] != '\\' {
		r, n := utf8.DecodeRune(raw)
		if r == utf8.RuneError && n == 1 {
			return 1, 3
		}
		return n, n
	}
	if len(raw) < 2 || raw[1] != 'u' {
		return 2, 1
	}
	v := hex4(raw[2:])
	switch {
	case v < 0:
		return 2, 1 // damage the decoder reports
	case v >= 0xD800 && v < 0xDC00 && len(raw) >= 12 && raw[6] == '\\' && raw[7] == 'u' && hex4(raw[8:]) >= 0xDC00 && hex4(raw[8:]) < 0xE000:
		return 12, 4
	case v >= 0xD800 && v < 0xE000:
		return 6, 3
	}
	return 6, utf8.RuneLen(rune(v))
}

// hex4 returns the value of the four hex digits h starts with, or -1.
func hex4(h []byte) int {
	if len(h) < 4 {
		return -1
	}
	v, err := strconv.ParseUint(string(h[:4]), 16, 16)
	if err != nil {
		return -1
	}
	return int(v)
}

// setTarget makes the source of the header links, whose base is the
// target alone, and the yield of all links: the record named in the
// Envelope.
func (r *watReader) setTarget() {
	rec := *r.rec
	if h := r.header; h != nil {
		rec.header = make(map[string]string, len(r.rec.header))
		for k, v := range r.rec.header {
			rec.header[k] = v
		}
		for k, v := range map[string]string{"warc-target-uri": h.Target, "warc-record-id": h.ID, "warc-date": h.Date} {
			if v != "" {
				rec.header[k] = v
			}
		}
	}
	s, target := r.w.recordSource(&rec)
	r.yield = r.w.recordYield(&rec, target, r.rec.blockAt)
	r.target = s
}

// setSource makes the source of the HTML links: the target's, with the
// base in Head.
func (r *watReader) setSource() {
	if r.target == nil {
		r.setTarget()
	}
	s := r.target
	if r.head != nil && strings.TrimSpace(r.head.Base) != "" {
		inner := *s
		b, err := s.base.Inner(r.head.Base, base.Embedded)
		if err != nil {
			inner.warnings = append(s.warnings[:len(s.warnings):len(s.warnings)], warnInvalidBase+err.Error())
		} else {
			inner.base = b
		}
		s = &inner
	}
	r.src = s
}

// link returns the Link of the WAT entry l.
func (r *watReader) link(l watLink) Link {
	tag, attr := watPath(l.Path)
	text := l.Text
	if text == "" {
		text = l.Alt
	}
	out := Link{Ref: *l.URL, Style: StyleHTML, Context: ContextHTML, Tag: tag, Attr: attr, Text: text, Offset: l.at}
	if hasRel(tag) && relTarget(tag, attr) {
		out.Rel = trimRel(l.Rel) // as in HTML input
	}
	if attr != "" {
		// As in HTML input: html-meta, html-lazy (data-src) or html.
		out.Context = htmlContext(&htmlRef{tag: tag, attr: attr, kind: kindAttr})
	}
	out.Line, out.Column = r.lc.at(int(l.at))
	return out
}

// watPath returns the element and attribute a WAT path names, in lower
// case: "A@/href" is a, href; "STYLE/#text", with no attribute, style.
func watPath(p string) (tag, attr string) {
	tag, attr, ok := strings.Cut(p, "@/")
	if !ok {
		tag, _, _ = strings.Cut(p, "/")
	}
	return strings.ToLower(tag), strings.ToLower(attr)
}

// isWATName reports whether name ends in .warc.wat or .warc.wat.gz, as
// Common Crawl's WAT files do; not in .wat alone, WebAssembly's text
// format, which content sniffing tells from a WAT file.
func isWATName(name string) bool {
	return hasSuffixFold(name, ".warc.wat") || hasSuffixFold(name, ".warc.wat.gz")
}
