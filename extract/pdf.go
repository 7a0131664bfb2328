package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/urix/urix/extract/internal/pdfobj"
	"github.com/urix/urix/extract/internal/pdftext"
)

// scanPDF is the contentScanner of PDF documents, read with pdfobj. For
// each page, with Part "page N", it yields:
//
//   - the URI of every URI action of its link annotations (ISO 32000-1
//     §12.6.4.7: /Annots, /Subtype /Link, /A << /S /URI /URI (...) >>),
//     exactly as written, with Context "pdf", Tag "link" and Offset the
//     place of the annotation's object in the file (Line and Column 0: a
//     PDF has no lines);
//   - the URIs delimit finds in the page's text (Context "pdf-text"),
//     its offsets, lines and columns those of that text.
//
// The text is what the page's content stream shows (Tj, TJ, ' and "),
// decoded through each font's ToUnicode map, or byte by byte as Latin-1
// where a font has none; a new line starts where the text moves down.
// Text drawn in another order than it reads, and fonts without
// ToUnicode whose codes are not Latin-1, come out wrong, and so may their
// URIs: the annotations are exact. A document larger than
// MaxDocumentSize, one encrypted with a user password, or one with no
// catalog to be found (by its cross-reference sections, or failing them
// by scanning for its objects) is an error for the file. A page that
// cannot be read, whose content streams decode to more than
// MaxZipEntrySize added up, or that comes after the document's streams
// have used their budget (see pdfLimits), is an error for that page
// (after its annotations), and the others are scanned. Nothing is written
// and nothing is shared with other scans.
func scanPDF(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Offset: -1, Err: err})
	}
	doc, err := pdfobj.Open(buf, pdfLimits(len(buf)))
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Offset: -1, Err: fmt.Errorf("not a readable PDF: %w", err)})
	}
	cmaps := map[pdfobj.Ref]*pdftext.CMap{}
	p := 0
	for page, err := range doc.Pages() {
		p++
		ps := *src
		ps.part = "page " + strconv.Itoa(p)
		if err != nil {
			if !yield(Link{}, &Error{File: src.name, Part: ps.part, Offset: -1, Err: fmt.Errorf("malformed page: %w", err)}) {
				return false
			}
			continue
		}
		if !scanPDFPage(doc, page, cmaps, &ps, yield) {
			return false
		}
	}
	return true
}

// pdfLimits returns the budgets of reading a PDF of n bytes. Its streams
// may decode to a quarter of MaxZipEntrySize plus 64 times its size,
// added up (a stream that several pages share counts for each): far
// above what text, fonts and object streams compress by, and a flate
// bomb (up to 1032 to one) stops early. The parser may read each byte of
// the file and of what is decoded a few times. Past them, the pages left
// are errors: the scan does not grow with the square of the pages.
func pdfLimits(n int) pdfobj.Limits {
	dec := MaxZipEntrySize/4 + 64*int64(n)
	return pdfobj.Limits{Decoded: dec, Parsed: 4*int64(n) + 2*dec + 1<<20}
}

// ErrPDFContentTooLarge is wrapped by the error for a PDF page whose
// content streams decode to more than MaxZipEntrySize, added up (a flate
// bomb, or a page too large to read whole).
var ErrPDFContentTooLarge = errors.New("content streams decode to more than the limit")

// pdfContent returns the content of the page d: its content streams
// (ISO 32000-1 §7.8.2), decoded and joined, at most MaxZipEntrySize.
func pdfContent(doc *pdfobj.Reader, d pdfobj.Dict) ([]byte, error) {
	o, err := doc.Resolve(d["Contents"])
	if err != nil || o == nil {
		return nil, err
	}
	streams, ok := o.(pdfobj.Array)
	if !ok {
		streams = pdfobj.Array{o}
	}
	var parts [][]byte
	n := 0
	for _, s := range streams {
		o, err := doc.Resolve(s)
		if err != nil {
			return nil, err
		}
		st, ok := o.(pdfobj.Stream)
		if !ok {
			continue
		}
		data, err := doc.Decode(st, MaxZipEntrySize-int64(n))
		if errors.Is(err, pdfobj.ErrTooLarge) {
			return nil, overLimit(ErrPDFContentTooLarge, "MaxZipEntrySize", MaxZipEntrySize)
		}
		if err != nil {
			return nil, err
		}
		parts = append(parts, data)
		n += len(data)
	}
	if len(parts) == 1 {
		return parts[0], nil
	}
	// Streams divide at token boundaries (§7.8.2): white space between
	// them keeps "Tj" and "BT" apart.
	return bytes.Join(parts, []byte("\n")), nil
}

// scanPDFPage yields the links of page, whose fonts' ToUnicode maps are
// read into cmaps, shared by the pages.
func scanPDFPage(doc *pdfobj.Reader, page pdfobj.Page, cmaps map[pdfobj.Ref]*pdftext.CMap, src *source, yield func(Link, error) bool) bool {
	annots, _ := doc.Resolve(page.Dict["Annots"])
	a, _ := annots.(pdfobj.Array)
	var uris []string
	var last pdftext.Rect // of the last link annotation
	for _, a := range a {
		uri, off := pdfURIAction(doc, a)
		if uri == "" {
			continue
		}
		r := pdftext.AnnotRect(doc, a)
		if n := len(uris); n > 0 && uris[n-1] == uri && last.ContinuedBy(r) {
			last = r // the same link, on its next line
			continue
		}
		uris, last = append(uris, uri), r
		l := Link{Ref: uri, Offset: off, Style: StyleMarkup, Context: ContextPDF, Tag: "link"}
		if !src.emit(l, yield) {
			return false
		}
	}
	b, err := pdfContent(doc, page.Dict)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Part: src.part, Offset: -1, Err: fmt.Errorf("page content: %w", err)})
	}
	return scanPDFText(pdftext.Text(b, pdftext.Fonts(doc, page.Resources, cmaps, MaxZipEntrySize)), uris, src, yield)
}

// pdfURIAction returns the URI of the URI action of the link annotation
// a, "" if it has none, and the file offset of its object (-1 if
// unknown).
func pdfURIAction(doc *pdfobj.Reader, a pdfobj.Object) (string, int64) {
	off := int64(-1)
	if ref, ok := a.(pdfobj.Ref); ok {
		off = doc.Offset(ref)
	}
	d, _ := doc.Dict(a)
	if d.Name("Subtype") != "Link" {
		return "", off
	}
	act, _ := doc.Dict(d["A"])
	if act.Name("S") != "URI" {
		return "", off
	}
	o, _ := doc.Resolve(act["URI"])
	s, _ := o.(pdfobj.String)
	// §12.6.4.7: a 7-bit ASCII string; bytes past it are kept as they are
	// read, Latin-1.
	return pdftext.Latin1([]byte(s)), off
}

// scanPDFText yields the URIs of the text of a page whose link
// annotations have the URIs annots, but not those that are one of them:
// the text of a link that shows its URI (chromium prints <a href="U">U</a>
// as an annotation over the text U) is reported once, as the annotation.
func scanPDFText(text []byte, annots []string, src *source, yield func(Link, error) bool) bool {
	if len(annots) > 0 {
		shown := make([]hrefShown, len(annots))
		for i, a := range annots {
			shown[i] = hrefShown{href: a, src: src}
		}
		all := yield
		yield = func(l Link, err error) bool {
			for i := range shown {
				if err == nil && shown[i].same(l.URI) {
					return true
				}
			}
			return all(l, err)
		}
	}
	m := newDocScan(text, src, yield, ContextPDFText)
	m.prose.add(text, 0)
	return m.flush()
}
