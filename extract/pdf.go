package extract

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/pdfcpu/pdfcpu/pkg/api"
	"github.com/pdfcpu/pdfcpu/pkg/filter"
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
// reference table to be found), is an error for the file; so is an object
// stream that decodes to more than MaxZipEntrySize (a flate bomb). A page
// that cannot be read, or whose content streams decode to more than
// MaxZipEntrySize added up, is an error for that page (after its
// annotations), and the others are scanned.
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

// ErrPDFContentTooLarge is wrapped by the error for a PDF page whose
// content streams decode to more than MaxZipEntrySize, added up (a flate
// bomb, or a page too large to read whole).
var ErrPDFContentTooLarge = errors.New("content streams decode to more than the limit (MaxZipEntrySize, 64 MiB)")

// pdfContent returns the content of the page d: its content streams
// (ISO 32000-1 §7.8.2), decoded and joined. pdfcpu's own reading of it
// decodes each stream up to 512 MiB and joins any number of them, so the
// limit is kept here. As pdfcpu does in relaxed mode, a stream whose
// flate data is corrupt gives what it decoded.
func pdfContent(ctx *model.Context, d types.Dict) ([]byte, error) {
	o, err := ctx.Dereference(d["Contents"])
	if err != nil || o == nil {
		return nil, err
	}
	streams, ok := o.(types.Array)
	if !ok {
		streams = types.Array{o}
	}
	var b []byte
	for _, s := range streams {
		sd, _, err := ctx.DereferenceStreamDict(s)
		if err != nil {
			return nil, err
		}
		if sd == nil {
			continue
		}
		err = sd.DecodeWithLimit(MaxZipEntrySize - int64(len(b)))
		switch {
		case errors.Is(err, filter.ErrDecodeLimitExceeded), int64(len(b)+len(sd.Content)) > MaxZipEntrySize:
			return nil, ErrPDFContentTooLarge
		case err != nil && !filter.IsCorruptFlateInput(err) && !errors.Is(err, zlib.ErrChecksum):
			return nil, err
		}
		b = append(b, sd.Content...)
		sd.Content = nil // not kept in pdfcpu's table past this page
	}
	return b, nil
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
	// Not consolidated: pdfcpu would decode and parse the whole content to
	// drop the resources it does not use, with no limit; the nearest
	// /Resources is the inherited one (ISO 32000-1 §7.7.3.4).
	d, _, inh, err := ctx.PageDict(p, false)
	if err != nil || d == nil {
		return fail(fmt.Errorf("malformed page: %v", err))
	}
	annots, _ := ctx.DereferenceArray(d["Annots"])
	var uris []string
	var last pdfRect // of the last link annotation
	for _, a := range annots {
		uri, off := pdfURIAction(ctx, a)
		if uri == "" {
			continue
		}
		r := pdfAnnotRect(ctx, a)
		if n := len(uris); n > 0 && uris[n-1] == uri && last.continuedBy(r) {
			last = r // the same link, on its next line
			continue
		}
		uris, last = append(uris, uri), r
		l := Link{Ref: uri, Offset: off, Style: StyleMarkup, Context: ContextPDF, Tag: "link"}
		if !src.emit(l, yield) {
			return false
		}
	}
	var res types.Dict
	if inh != nil {
		res = inh.Resources
	}
	b, err := pdfContent(ctx, d)
	if err != nil {
		return fail(fmt.Errorf("page content: %w", err))
	}
	return scanPDFText(pdfText(b, pdfFonts(ctx, res)), uris, src, yield)
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

func latin1(b []byte) string { return string(appendLatin1(nil, b)) }
