package extract

import (
	"bytes"
	"fmt"
	"io"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/model"
	"github.com/pdfcpu/pdfcpu/pkg/pdfcpu/types"
)

// scanPDF is the contentScanner of PDF documents, read with pdfcpu. For
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
// MaxDocumentSize, or one pdfcpu cannot read (truncated, no cross
// reference table to be found), is an error for the file; so is a stream
// that decodes to more than MaxZipEntrySize (a flate bomb); a page that
// cannot be read is an error for that page, and the others are scanned.
func scanPDF(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readDocument(r)
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Offset: -1, Err: err})
	}
	conf := model.NewDefaultConfiguration()
	conf.ValidationMode = model.ValidationRelaxed
	conf.Limits.MaxDecodeBytes = MaxZipEntrySize // a stream that inflates past it is an error
	ctx, err := api.ReadContext(bytes.NewReader(buf), conf)
	if err == nil {
		err = ctx.EnsurePageCount()
	}
	if err != nil {
		return yield(Link{}, &Error{File: src.name, Offset: -1, Err: fmt.Errorf("not a readable PDF: %w", err)})
	}
	for p := 1; p <= ctx.PageCount; p++ {
		ps := *src
		ps.part = "page " + strconv.Itoa(p)
		if !scanPDFPage(ctx, p, &ps, yield) {
			return false
		}
	}
	return true
}

// scanPDFPage yields the links of page p.
func scanPDFPage(ctx *model.Context, p int, src *source, yield func(Link, error) bool) (ok bool) {
	fail := func(err error) bool {
		return yield(Link{}, &Error{File: src.name, Part: src.part, Offset: -1, Err: err})
	}
	defer func() {
		// pdfcpu panics on some malformed objects: an error of the page.
		if r := recover(); r != nil {
			ok = fail(fmt.Errorf("malformed page: %v", r))
		}
	}()
	d, _, inh, err := ctx.PageDict(p, true)
	if err != nil || d == nil {
		return fail(fmt.Errorf("malformed page: %v", err))
	}
	annots, _ := ctx.DereferenceArray(d["Annots"])
	for _, a := range annots {
		uri, off := pdfURIAction(ctx, a)
		if uri == "" {
			continue
		}
		l := Link{Ref: uri, Offset: off, Style: StyleMarkup, Context: ContextPDF, Tag: "link"}
		if !src.emit(l, yield) {
			return false
		}
	}
	var res types.Dict
	if inh != nil {
		res = inh.Resources
	}
	content, err := pdfcpu.ExtractPageContent(ctx, p)
	if err != nil {
		return fail(fmt.Errorf("page content: %w", err))
	}
	if content == nil {
		return true
	}
	b, err := io.ReadAll(content)
	if err != nil {
		return fail(fmt.Errorf("page content: %w", err))
	}
	text := pdfText(b, pdfFonts(ctx, res))
	m := newDocScan(text, src, yield, ContextPDFText)
	m.prose.add(text, 0)
	return m.flush()
}

// pdfURIAction returns the URI of the URI action of the link annotation
// a, "" if it has none, and the file offset of its object (-1 if
// unknown).
func pdfURIAction(ctx *model.Context, a types.Object) (string, int64) {
	off := int64(-1)
	if ref, ok := a.(types.IndirectRef); ok {
		if e, ok := ctx.FindTableEntryForIndRef(&ref); ok && e.Offset != nil {
			off = *e.Offset
		}
	}
	d, err := ctx.DereferenceDict(a)
	if err != nil || d == nil || d.NameEntry("Subtype") == nil || *d.NameEntry("Subtype") != "Link" {
		return "", off
	}
	act, err := ctx.DereferenceDict(d["A"])
	if err != nil || act == nil || act.NameEntry("S") == nil || *act.NameEntry("S") != "URI" {
		return "", off
	}
	o, err := ctx.Dereference(act["URI"])
	if err != nil {
		return "", off
	}
	var b []byte
	switch v := o.(type) {
	case types.StringLiteral:
		b, err = types.Unescape(v.Value())
	case types.HexLiteral:
		b, err = v.Bytes()
	}
	if err != nil {
		return "", off
	}
	// §12.6.4.7: a 7-bit ASCII string; bytes past it are kept as they are
	// read, Latin-1.
	return latin1(b), off
}

func latin1(b []byte) string {
	r := make([]rune, len(b))
	for i, c := range b {
		r[i] = rune(c)
	}
	return string(r)
}
