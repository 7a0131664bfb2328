package extract

import (
	"bytes"
	"path/filepath"
	"strings"

	"golang.org/x/net/html/atom"
)

// sniffLen is how many bytes Detect needs to see, at most.
const sniffLen = 4096

// Detect returns the type of an input named name whose first bytes are
// head (up to 4096 are looked at). The name's extension decides when it is
// a known one (.txt, .text; .html, .htm, .xhtml, .shtml; .eml; .mbox,
// .mbx; .md, .markdown; .adoc, .asciidoc; .rst, .rest; .docx, .xlsx,
// .pptx and their macro and template forms; .odt, .ods, .odp, .odg and
// templates; .epub; .pdf; .warc, .warc.gz); otherwise the content does:
//
//   - PDF, EPUB, OpenDocument, Office Open XML: their magic bytes (see
//     detectBinary);
//   - WARC: "WARC/1." as the first bytes, or as the first bytes
//     decompressed when head starts a gzip member;
//   - Mbox: a first line "From sender date" as mbox writers put it (an
//     asctime date with its hh:mm:ss);
//   - Mail: a block of RFC 5322 header fields (§2.2: "Name: value" lines
//     and folded continuations) holding a field messages or MIME entities
//     carry (From, To, Date, Subject, Received, Message-ID, Content-Type,
//     ...), ended by a blank line, or of at least two fields;
//   - HTML: after a byte order mark and white space (in UTF-16, see
//     charset.UTF16Order, the text decides between HTML and Text), "<!doctype html",
//     "<?xml" with an <html element, a comment "<!--", or the start tag of
//     an HTML element ("<p>", "<div class=...>"), as the MIME Sniffing
//     Standard §7.1 looks for them;
//   - Text: anything else.
func Detect(name string, head []byte) Type {
	if isWARCName(name) || isWARCStart(head) {
		return WARC
	}
	if t, ok := typeByExt(name); ok {
		return t
	}
	if len(head) > sniffLen {
		head = head[:sniffLen]
	}
	if d, ok := newUTF16Doc(head); ok {
		// Its markup tells; mail is never in UTF-16 (RFC 5322 §2.1).
		if isHTMLStart(bytes.TrimPrefix(d.text, []byte("\xef\xbb\xbf"))) {
			return HTML
		}
		return Text
	}
	if t := detectBinary(head); t != Auto {
		return t
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	switch {
	case isMboxFromLine(head):
		return Mbox
	case isHeaderBlock(head):
		return Mail
	case isHTMLStart(head):
		return HTML
	}
	return Text
}

// typeByExt returns the type Detect gives a name by its extension, and
// false when the extension is no known one.
func typeByExt(name string) (Type, bool) {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".txt", ".text":
		return Text, true
	case ".md", ".markdown":
		return Markdown, true
	case ".adoc", ".asciidoc":
		return AsciiDoc, true
	case ".rst", ".rest":
		return RST, true
	case ".docx", ".docm", ".dotx", ".xlsx", ".xlsm", ".pptx", ".pptm":
		return OOXML, true
	case ".odt", ".ods", ".odp", ".odg", ".ott", ".ots", ".otp":
		return ODF, true
	case ".epub":
		return EPUB, true
	case ".pdf":
		return PDF, true
	case ".html", ".htm", ".xhtml", ".shtml":
		return HTML, true
	case ".eml", ".mht", ".mhtml":
		return Mail, true
	case ".mbox", ".mbx":
		return Mbox, true
	}
	return Text, false
}

// detectBinary returns the type of a binary document by its magic bytes,
// Auto for none: PDF ("%PDF-" in the first 1024 bytes, ISO 32000-2 §7.5.2
// and as readers take it), and the zip containers by their first entry:
// a stored "mimetype" entry (EPUB OCF §4.3, ODF 1.3 Part 2 §3.3) saying
// application/epub+zip or application/vnd.oasis.opendocument.*, or an
// Office Open XML part ([Content_Types].xml, _rels/, word/, xl/, ppt/;
// ECMA-376 Part 2).
func detectBinary(head []byte) Type {
	if bytes.Contains(head[:min(len(head), 1024)], []byte("%PDF-")) {
		return PDF
	}
	if len(head) < 30 || !bytes.HasPrefix(head, []byte("PK\x03\x04")) {
		return Auto
	}
	nameLen := int(head[26]) | int(head[27])<<8
	extraLen := int(head[28]) | int(head[29])<<8
	if 30+nameLen > len(head) {
		return Auto
	}
	name := string(head[30 : 30+nameLen])
	switch {
	case name == "mimetype":
		content := head[min(len(head), 30+nameLen+extraLen):]
		switch {
		case bytes.HasPrefix(content, []byte("application/epub+zip")):
			return EPUB
		case bytes.HasPrefix(content, []byte("application/vnd.oasis.opendocument.")):
			return ODF
		}
	case name == "[Content_Types].xml", strings.HasPrefix(name, "_rels/"), strings.HasPrefix(name, "docProps/"),
		strings.HasPrefix(name, "word/"), strings.HasPrefix(name, "xl/"), strings.HasPrefix(name, "ppt/"):
		return OOXML
	}
	return Auto
}

// isMboxFromLine reports whether head starts with an mbox "From " line:
// "From " sender " " date, the date holding a time of day.
func isMboxFromLine(head []byte) bool {
	return isFromLine(firstLine(head))
}

// isFromLine is isMboxFromLine for the line itself, without its line
// break: the mbox reader has found where it ends.
func isFromLine(line []byte) bool {
	line, ok := bytes.CutPrefix(line, []byte("From "))
	if !ok {
		return false
	}
	sp := bytes.IndexByte(line, ' ')
	if sp <= 0 { // no date, or no sender
		return false
	}
	date := line[sp+1:]
	// The time "hh:mm:ss", found by its first colon.
	for i := bytes.IndexByte(date, ':'); i >= 0; {
		if i >= 2 && i+6 <= len(date) {
			d := date[i-2 : i+6]
			if isDigit(d[0]) && isDigit(d[1]) && isDigit(d[3]) && isDigit(d[4]) && d[5] == ':' && isDigit(d[6]) && isDigit(d[7]) {
				return true
			}
		}
		j := bytes.IndexByte(date[i+1:], ':')
		if j < 0 {
			break
		}
		i += j + 1
	}
	return false
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func firstLine(b []byte) []byte {
	if i := bytes.IndexByte(b, '\n'); i >= 0 {
		b = b[:i]
	}
	return bytes.TrimSuffix(b, []byte("\r"))
}

// commonFields are header fields that mark a block of them as a message.
var commonFields = map[string]bool{
	"from": true, "to": true, "cc": true, "date": true, "subject": true,
	"received": true, "return-path": true, "message-id": true,
	"mime-version": true, "delivered-to": true, "reply-to": true,
	"sender": true, "in-reply-to": true, "references": true,
	"dkim-signature": true, "x-mailer": true, "content-type": true,
	"x-original-to": true, "authentication-results": true,
	"content-transfer-encoding": true, "content-disposition": true,
	"content-id": true, "content-description": true,
}

// isHeaderBlock reports whether head starts with RFC 5322 header fields
// (see Detect). A line cut off by the end of head is not judged.
func isHeaderBlock(head []byte) bool {
	fields, common := 0, false
	cutOff := len(head) >= sniffLen // the block may go on past head
	for len(head) > 0 {
		i := bytes.IndexByte(head, '\n')
		if i < 0 {
			break // cut off: judged by what came before
		}
		line := bytes.TrimSuffix(head[:i], []byte("\r"))
		head = head[i+1:]
		if len(line) == 0 {
			// The blank line that ends a header: one field will do, as
			// in a bare MIME entity ("Content-Type: ...").
			return common
		}
		if line[0] == ' ' || line[0] == '\t' {
			if fields == 0 {
				return false
			}
			continue
		}
		if !isField(line) {
			// A body without the blank line before it, as broken
			// mailers write: mail if the header so far is one.
			return common && fields >= 2
		}
		fields++
		name, _, _ := bytes.Cut(line, []byte(":"))
		common = common || commonFields[strings.ToLower(string(name))]
	}
	return common && (fields >= 2 || cutOff)
}

// isField reports whether line starts a header field: a field name (RFC
// 5322 §3.6.8, printable ASCII but ':') and a colon.
func isField(line []byte) bool {
	name, _, ok := bytes.Cut(line, []byte(":"))
	if !ok || len(name) == 0 {
		return false
	}
	for _, c := range name {
		if c <= ' ' || c > '~' {
			return false
		}
	}
	return true
}

// isHTMLStart reports whether head starts as an HTML document does (see
// Detect).
func isHTMLStart(head []byte) bool {
	head = bytes.TrimLeft(head, " \t\r\n\f")
	lower := bytes.ToLower(head[:min(len(head), 512)])
	switch {
	case bytes.HasPrefix(lower, []byte("<!doctype")):
		// "<!DOCTYPE html", and "<!doctypehtml" as minifiers write it.
		return bytes.HasPrefix(bytes.TrimLeft(lower[len("<!doctype"):], " \t\r\n\f"), []byte("html"))
	case bytes.HasPrefix(lower, []byte("<!--")):
		return true
	case bytes.HasPrefix(lower, []byte("<?xml")):
		return bytes.Contains(lower, []byte("<html"))
	case len(lower) < 2 || lower[0] != '<':
		return false
	}
	n := 1
	for n < len(lower) && ('a' <= lower[n] && lower[n] <= 'z' || n > 1 && '0' <= lower[n] && lower[n] <= '9') {
		n++
	}
	if n == len(lower) || atom.Lookup(lower[1:n]) == 0 {
		return false
	}
	switch lower[n] {
	case ' ', '\t', '\r', '\n', '\f', '>', '/':
		return true
	}
	return false
}
