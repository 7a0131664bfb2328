package extract

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http/httputil"
	"strings"

	"github.com/andybalholm/brotli"

	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/extract/internal/warcrec"
	"github.com/urix/urix/internal/ascii"
)

// ContextHTTPHeader is the Context of a link in an HTTP header field of a
// WARC record, or of the Headers a WAT record lists: a Link (RFC 8288) or
// the Location of a redirect (RFC 9110 §10.2.2).
const ContextHTTPHeader Context = "http-header"

// scanRecord scans the block of rec:
//
//   - response and revisit records (ISO 28500:2017 §6.3, §6.7) holding
//     an HTTP message (application/http, or an http: or https: target)
//     are read as HTTP responses: the status line and header fields,
//     whose Link header fields (RFC 8288 §3) and, in a redirect (3xx),
//     Location (RFC 9110 §10.2.2) are links (Context "http-header")
//     resolved against the target URI; then the body, with its
//     Transfer-Encoding chunked and its Content-Encoding (gzip, x-gzip,
//     deflate, br) undone, is scanned by its Content-Type (scanBody).
//     Content-Location is not a base (RFC 9110 §8.7);
//   - resource records (§6.4) and the other responses are a document of
//     the record's Content-Type;
//   - metadata records holding JSON (§6.6), the records of a WAT file,
//     are read as WAT (scanWAT);
//   - the other types (request §6.5, metadata §6.6, warcinfo §6.2, ...),
//     when asked for, are scanned as text.
func (w *warcScanner) scanRecord(rec *warcRecord) bool {
	if isWATRecord(rec) {
		if ok, wat := w.scanWAT(rec); wat || !w.types[rec.typ] {
			return ok
		}
	}
	s, target := w.recordSource(rec)
	ctype := rec.get("content-type")
	yield := w.recordYield(rec, target, rec.blockAt)
	switch rec.typ {
	case "response", "revisit":
		if strings.HasPrefix(strings.ToLower(ctype), "application/http") || isHTTPTarget(target) {
			return w.scanHTTP(s, rec, target)
		}
		return s.scanBody(rec.block, ctype, yield)
	case "resource":
		return s.scanBody(rec.block, ctype, yield)
	}
	text, _, _ := charset.PartUTF8(rec.block, "", false)
	return scanText(bytes.NewReader(text), s, yield)
}

// isHTTPTarget reports whether the target URI t has the scheme http or
// https (RFC 9110 §4.2), whose response records hold an HTTP message
// even where a writer leaves out Content-Type application/http
// (ISO 28500:2017 §6.3).
func isHTTPTarget(t string) bool {
	t = strings.ToLower(t)
	return strings.HasPrefix(t, "http:") || strings.HasPrefix(t, "https:")
}

// httpHeader is the header section of an HTTP response in a block.
type httpHeader struct {
	status int
	fields []httpField
	body   int // where the body starts in the block
}

// httpField is a header field of an HTTP response (RFC 9110 §5).
type httpField struct {
	name  string // lower-case
	value string // as stored, obs-folds and all, so that off+i is its byte i in the block
	off   int    // of the value in the block
	end   int    // of the value in the block, set while it is read
	line  int    // 1-based
	col   int    // 1-based byte column of the value
}

// get returns the value of the first field named name (lower-case),
// unfolded, "" when absent.
func (h *httpHeader) get(name string) string {
	for _, f := range h.fields {
		if f.name == name {
			return unfoldValue(f.value)
		}
	}
	return ""
}

// unfoldValue returns the field value v with each line break of its
// obs-folds a space (RFC 9112 §5.2).
func unfoldValue(v string) string {
	return strings.Map(func(r rune) rune {
		if r == '\r' || r == '\n' {
			return ' '
		}
		return r
	}, v)
}

// parseHTTPHeader reads the status line and header fields at the start
// of block (RFC 9112 §2.1), leniently as archives need: a bare LF ends a
// line too and a block cut after the header section is a response
// without a body.
func parseHTTPHeader(block []byte) (*httpHeader, error) {
	h := &httpHeader{}
	pos, lineNo := 0, 0
	for pos < len(block) {
		end := bytes.IndexByte(block[pos:], '\n')
		next := pos + end + 1
		if end < 0 {
			end, next = len(block)-pos, len(block)
		}
		line := bytes.TrimSuffix(block[pos:pos+end], []byte("\r"))
		lineNo++
		switch {
		case lineNo == 1:
			proto, rest, _ := bytes.Cut(line, []byte(" "))
			code, _, _ := bytes.Cut(rest, []byte(" "))
			if !bytes.HasPrefix(proto, []byte("HTTP/")) {
				return nil, fmt.Errorf("%w: no HTTP status line: %q", ErrWARC, truncate(line, 40))
			}
			if !isStatusCode(code) {
				return nil, fmt.Errorf("%w: bad HTTP status code: %q", ErrWARC, truncate(line, 40))
			}
			h.status = int(code[0]-'0')*100 + int(code[1]-'0')*10 + int(code[2]-'0')
		case len(line) == 0:
			h.setValue(block)
			h.body = next
			return h, nil
		case line[0] == ' ' || line[0] == '\t':
			// obs-fold (RFC 9112 §5.2): part of the field before, whose
			// value runs on to the end of this line.
			if n := len(h.fields); n > 0 {
				h.fields[n-1].end = pos + len(bytes.TrimRight(line, " \t"))
			}
		default:
			h.setValue(block)
			name, value, ok := bytes.Cut(line, []byte(":"))
			if ok {
				trimmed := bytes.TrimLeft(value, " \t")
				col := len(name) + 1 + len(value) - len(trimmed) + 1
				h.fields = append(h.fields, httpField{
					name: strings.ToLower(string(name)), off: pos + col - 1, line: lineNo, col: col,
					end: pos + col - 1 + len(bytes.TrimRight(trimmed, " \t")),
				})
			}
		}
		pos = next
	}
	h.setValue(block)
	h.body = len(block)
	return h, nil
}

// setValue sets the value of the last field of h, once its folds are
// read: the bytes of block it spans, in one copy (adding each fold to the
// value was quadratic in the folds).
func (h *httpHeader) setValue(block []byte) {
	if n := len(h.fields); n > 0 && h.fields[n-1].value == "" {
		f := &h.fields[n-1]
		f.value = string(block[f.off:f.end])
	}
}

// isStatusCode reports whether code is a status code: three digits
// (RFC 9112 §4), so that "2x0" or "30:" is no number.
func isStatusCode(code []byte) bool {
	return len(code) == 3 && isDigit(code[0]) && isDigit(code[1]) && isDigit(code[2])
}

// scanHTTP scans the HTTP response in the block of rec (see scanRecord).
func (w *warcScanner) scanHTTP(s *source, rec *warcRecord, target string) bool {
	h, err := parseHTTPHeader(rec.block)
	if err != nil {
		return w.fail(rec, err)
	}
	if !headerLinks(s, h, w.recordYield(rec, target, rec.blockAt)) {
		return false
	}
	if rec.typ == "revisit" {
		return true // the payload is in the record revisited
	}
	body, err := decodeBody(rec.block[h.body:], h)
	if err != nil {
		return w.fail(rec, err)
	}
	yield := w.recordYield(rec, target, rec.blockAt+int64(h.body))
	if isChunked(h) && isNoCoding(h.get("content-encoding")) {
		yield = yieldStored(warcrec.NewChunkMap(rec.block[h.body:]), yield)
	}
	return s.scanBody(body, h.get("content-type"), yield)
}

// yieldStored returns the yield of the scanner of a chunked body,
// decoded: it turns the link's offset in it into one in the body as
// stored, m's, then calls yield.
func yieldStored(m *warcrec.ChunkMap, yield func(Link, error) bool) func(Link, error) bool {
	return func(l Link, err error) bool {
		if err == nil {
			l.Offset = m.Stored(l.Offset)
		}
		return yield(l, err)
	}
}

// headerLinks yields the links of the Link fields and, in a redirect,
// the Location field of h. The Text of each is its field's name and its
// own link-value (RFC 8288 §3), cut as mail's header links are
// (valueText): with the whole field in each, a field of n links was n²
// bytes of output.
func headerLinks(s *source, h *httpHeader, yield func(Link, error) bool) bool {
	for _, f := range h.fields {
		name := httpFieldName(f.name)
		pos := fieldPos{line: f.line, col: f.col}
		emit := func(r headerRef, entry string) bool {
			line, col := pos.at(f.value, r.off-f.off)
			var buf [512]byte
			l := Link{Ref: r.ref, Offset: int64(r.off), Line: line, Column: col, Style: r.style,
				Context: ContextHTTPHeader, Header: name, Text: valueText(name, foldedValue(buf[:0], []byte(entry)))}
			if f.name == "link" {
				l.Rel = linkRel(entry)
			}
			return s.emit(l, yield)
		}
		switch {
		case f.name == "location" && h.status/100 == 3:
			if !emit(headerRef{ref: strings.TrimSpace(unfoldValue(f.value)), off: f.off, style: StyleBare}, f.value) {
				return false
			}
		case f.name == "link":
			if !linkValues(f, emit) {
				return false
			}
		}
	}
	return true
}

// fieldPos is the line and byte column of a place in a field value, for
// places in order: each call of at goes on from the one before, so that
// the links of a field take time linear in it, folds and all.
type fieldPos struct {
	i, line, col int // the place i in the value is at line, col
}

// at returns the line and column of byte i of value, i not before the
// place of the call before.
func (p *fieldPos) at(value string, i int) (line, col int) {
	for ; p.i < i; p.i++ {
		if value[p.i] == '\n' {
			p.line, p.col = p.line+1, 0
		}
		p.col++
	}
	return p.line, p.col
}

// httpFieldName returns the name as registered (RFC 9110 §10.2.2, RFC
// 8288 §3) of a field headerLinks reads, n lower-case: Link.Header.
func httpFieldName(n string) string {
	if n == "location" {
		return "Location"
	}
	return "Link"
}

// linkValues calls fn with the URI reference of each link-value of a
// Link field (RFC 8288 §3: "<" URI-Reference ">" and its parameters,
// link-values separated by commas) and that link-value, skipping the
// quoted strings of the parameters, until fn returns false. A "<" outside
// them that is not after a comma starts a link-value too, as a writer
// that leaves out the comma means.
func linkValues(f httpField, fn func(r headerRef, entry string) bool) bool {
	v := f.value
	entry := -1 // where the link-value read starts, -1 for none
	var ref headerRef
	inQuote := false
	for i := 0; ; i++ {
		if i >= len(v) || !inQuote && (v[i] == ',' || v[i] == '<') {
			if entry >= 0 && !fn(ref, strings.TrimRight(v[entry:min(i, len(v))], " \t\r\n")) {
				return false
			}
			entry = -1
		}
		if i >= len(v) {
			return true
		}
		switch c := v[i]; {
		case inQuote && c == '\\':
			i++
		case c == '"':
			inQuote = !inQuote
		case !inQuote && c == '<':
			end := strings.IndexByte(v[i+1:], '>')
			if end < 0 {
				return true
			}
			ref = headerRef{ref: strings.TrimSpace(v[i+1 : i+1+end]), off: f.off + i + 1, style: StyleAngle}
			entry = i
			i += end + 1
		}
	}
}

// linkRel returns the value of the first rel parameter of a link-value,
// unquoted and trimmed as an HTML rel is (its relation types are
// separated by spaces, with none around them), or "" (RFC 8288 §3:
// link-param = token BWS [ "=" BWS ( token / quoted-string ) ]; §3.3: a
// rel after the first is ignored).
func linkRel(entry string) string {
	end := strings.IndexByte(entry, '>')
	if end < 0 {
		return ""
	}
	rest := entry[end+1:]
	for {
		semi := strings.IndexByte(rest, ';')
		if semi < 0 {
			return ""
		}
		rest = strings.TrimLeft(rest[semi+1:], " \t")
		n := strings.IndexAny(rest, "=; \t")
		if n < 0 {
			n = len(rest)
		}
		name := rest[:n]
		rest = strings.TrimLeft(rest[n:], " \t")
		var value string
		if strings.HasPrefix(rest, "=") {
			value, rest = paramValue(strings.TrimLeft(rest[1:], " \t"))
		}
		if strings.EqualFold(name, "rel") {
			return trimRel(value)
		}
	}
}

// paramValue splits s into the token or quoted-string at its start (RFC
// 9110 §5.6.4: quoted-pairs undone) and what follows it.
func paramValue(s string) (value, rest string) {
	if !strings.HasPrefix(s, `"`) {
		n := strings.IndexAny(s, "; \t,")
		if n < 0 {
			n = len(s)
		}
		return s[:n], s[n:]
	}
	var b strings.Builder
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			if i+1 < len(s) {
				i++
				b.WriteByte(s[i])
			}
		case '"':
			return b.String(), s[i+1:]
		default:
			b.WriteByte(s[i])
		}
	}
	return b.String(), ""
}

// decodeBody returns the body of the response h with its Transfer-
// Encoding chunked (RFC 9112 §7.1) and its Content-Encoding (RFC 9110
// §8.4, the codings in the order applied: gzip, x-gzip, deflate, br)
// undone, at most MaxRecordSize bytes. A coding that is unknown or
// whose data is corrupt is an error wrapping ErrContentEncoding, a
// broken chunk one wrapping ErrWARC.
func decodeBody(body []byte, h *httpHeader) ([]byte, error) {
	var r io.Reader = bytes.NewReader(body)
	if isChunked(h) {
		r = errorReader{httputil.NewChunkedReader(r), ErrWARC, "chunked"}
	}
	codings := strings.Split(strings.ToLower(h.get("content-encoding")), ",")
	for i := len(codings) - 1; i >= 0; i-- {
		var err error
		c := strings.TrimSpace(codings[i])
		switch c {
		case "", "identity":
			continue
		case "gzip", "x-gzip":
			r, err = gzip.NewReader(r)
		case "deflate":
			r, err = deflateReader(r)
		case "br":
			// RFC 7932, as Chrome-based crawlers store it.
			r = brotli.NewReader(r)
		default:
			return nil, fmt.Errorf("%w %q", ErrContentEncoding, c)
		}
		if err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrContentEncoding, c, err)
		}
		r = errorReader{r, ErrContentEncoding, c}
	}
	out, err := io.ReadAll(io.LimitReader(r, MaxRecordSize+1))
	switch {
	case int64(len(out)) > MaxRecordSize:
		return nil, fmt.Errorf("%w: body over %d bytes once decoded, skipped", ErrRecordTooLarge, MaxRecordSize)
	case err != nil:
		return nil, err
	}
	return out, nil
}

// errorReader reads r, its errors (but io.EOF and those of the layers
// under it, already wrapped) wrapped in kind with the name of the layer.
type errorReader struct {
	r    io.Reader
	kind error // ErrWARC or ErrContentEncoding
	name string
}

func (e errorReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && !errors.Is(err, ErrWARC) && !errors.Is(err, ErrContentEncoding) {
		err = fmt.Errorf("%w: body: %s: %v", e.kind, e.name, err)
	}
	return n, err
}

// isChunked reports whether the body of h is sent with Transfer-Encoding
// chunked (RFC 9112 §6.1, §7.1).
func isChunked(h *httpHeader) bool {
	return strings.Contains(strings.ToLower(h.get("transfer-encoding")), "chunked")
}

// isNoCoding reports whether the Content-Encoding value v applies no
// coding (RFC 9110 §8.4.1: identity, or none).
func isNoCoding(v string) bool {
	v = strings.TrimSpace(strings.ToLower(v))
	return v == "" || v == "identity"
}

// deflateReader reads "deflate" as RFC 9110 §8.4.1.2 has it, zlib (RFC
// 1950), or as raw DEFLATE (RFC 1951), which servers send too.
func deflateReader(r io.Reader) (io.Reader, error) {
	br := bufio.NewReader(r)
	head, _ := br.Peek(2)
	if len(head) == 2 && head[0]&0x0f == 8 && (uint16(head[0])<<8|uint16(head[1]))%31 == 0 {
		return zlib.NewReader(br)
	}
	return flate.NewReader(br), nil
}

// scanBody scans body as a document of the media type ctype (its
// charset parameter tells the encoding): text/html and
// application/xhtml+xml through the HTML scanner, message/rfc822 as
// mail, application/mbox as a mailbox, other text/* types as text; a
// body without a type is HTML if it starts as HTML (Detect). Other types
// are not scanned.
func (s *source) scanBody(body []byte, ctype string, yield func(Link, error) bool) bool {
	mt, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		mt, _, _ = strings.Cut(strings.ToLower(ctype), ";")
		mt = strings.TrimSpace(mt)
	}
	isHTML := mt == "text/html" || mt == "application/xhtml+xml" || mt == "" && isHTMLStart(body)
	scan := scanText
	switch t := bodyType(mt, body); {
	case isHTML:
	case t == Mail || t == Mbox || t.Binary():
		return scanners[t](bytes.NewReader(body), s, yield)
	case t != Auto:
		scan = scanners[t]
	case strings.HasPrefix(mt, "text/"):
	default:
		return true
	}
	if isHTML && isNoCharset(params["charset"]) {
		// The page says its encoding itself: read as a page file is,
		// with its positions as stored.
		return scanHTML(bytes.NewReader(body), s, yield)
	}
	text, enc, warning, convert := charset.Part(body, params["charset"], isHTML)
	if skip := len(body) - len(text); convert || skip > 0 {
		m := &bodyMap{raw: body, skip: skip, yield: yield}
		if convert {
			utf8Text := charset.Transcode(nil, enc, text)
			if charset.ASCIICompatible(enc) {
				m.cs = charset.NewCursor(text, utf8Text, enc)
			}
			text = utf8Text
		}
		yield = m.yieldRaw
	}
	r := bytes.NewReader(text)
	if warning != "" {
		s.warnings = append(s.warnings[:len(s.warnings):len(s.warnings)], warning)
	}
	if isHTML {
		s.decodedFrom = enc
		return scanHTML(r, s, yield)
	}
	return scan(r, s, yield)
}

// documentTypes are the media types (IANA registry) of the documents
// urix reads, other than HTML and plain text.
var documentTypes = map[string]Type{
	"message/rfc822":   Mail,
	"application/mbox": Mbox,
	"text/markdown":    Markdown, // RFC 7763
	"text/x-markdown":  Markdown,
	"text/asciidoc":    AsciiDoc,
	"text/x-asciidoc":  AsciiDoc,
	"text/x-rst":       RST,
	"application/pdf":  PDF, // RFC 8118
	// EPUB OCF §4.3
	"application/epub+zip": EPUB,
}

// bodyType returns the Type of an HTTP body of media type mt, Auto for
// plain text, HTML and types urix does not read: by documentTypes, the
// Office Open XML and OpenDocument families, and for a body sent as
// application/octet-stream or without a type, by its magic bytes
// (detectBinary), as servers send PDF and Office files.
func bodyType(mt string, body []byte) Type {
	if t, ok := documentTypes[mt]; ok {
		return t
	}
	switch {
	case strings.HasPrefix(mt, "application/vnd.openxmlformats-officedocument."):
		return OOXML
	case strings.HasPrefix(mt, "application/vnd.oasis.opendocument."):
		return ODF
	case mt == "application/octet-stream" || mt == "":
		return detectBinary(body)
	}
	return Auto
}

// bodyMap gives the links of an HTTP body scanned in UTF-8 their
// position in the body as stored: a body in another charset is converted
// (RFC 9110 §8.3.2) and a byte order mark left out, and the charset
// cursor of the mail parts (mailpos.go) maps the offsets back, so that in
// an uncompressed WARC file a link is at its Offset, as in the page file
// urix reads with --base, Column its byte column in its line. In UTF-16
// (cs nil), only the byte order mark is counted.
type bodyMap struct {
	raw   []byte // the body as stored
	skip  int    // the byte order mark left out
	cs    *charset.Cursor
	yield func(Link, error) bool
}

// yieldRaw is the yield of the scanner of the body: it gives the link its
// offset in the body as stored, and, when the charset cursor maps it, its
// byte column there, then yields it.
func (m *bodyMap) yieldRaw(l Link, err error) bool {
	if err == nil {
		off := int(l.Offset)
		if m.cs != nil {
			off = m.cs.In(off)
		}
		off = min(off+m.skip, len(m.raw))
		if m.cs != nil {
			l.Column = off - ascii.LastNewline(m.raw[:off])
		}
		l.Offset = int64(off)
	}
	return m.yield(l, err)
}

// isNoCharset reports whether the charset parameter label names no
// encoding for HTML: absent, or US-ASCII, which many servers send by
// default (see charset.Part).
func isNoCharset(label string) bool {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(label), `"'`)) {
	case "", "us-ascii", "ascii":
		return true
	}
	return false
}
