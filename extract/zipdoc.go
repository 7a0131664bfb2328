package extract

import (
	"archive/zip"
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/urix/urix/extract/internal/xmlscan"
)

// The limit of a zip container proportional to its size: all its entries
// decompress to at most zipRatio times the container's bytes, or
// zipFloor, whichever is more (and MaxZipSize at most), so that a small
// file that inflates to the absolute limit (a 62 KB DOCX with a 60 MiB
// entry took 2 s and 426 MB) stops early. Deflate packs at most 1032
// bytes into one. Real files stay well below 256: LibreOffice 7.4 and
// pandoc 2.17 wrote, for 1.5 MB of repetitive Markdown and 3 MB of CSV,
// DOCX at 82 and 99, EPUB 113, ODT 93, XLSX 15 and 20, and ODS 56, and
// 225 for a sheet of 1.6 million zeros; testdata/docs is at 1.5 to 10.
const (
	zipRatio = 256
	zipFloor = 1 << 20
)

// ErrZipBomb is wrapped by the error for a zip entry, or a whole zip
// container, that decompresses to more than MaxZipEntrySize, MaxZipSize,
// or zipRatio times the container's size.
var ErrZipBomb = errors.New("zip entry decompresses to more than the limit (a zip bomb?)")

// zipDoc is a zip container being read.
type zipDoc struct {
	zr    *zip.Reader
	files map[string]*zip.File // the entries by name, the first of a name
	src   *source
	yield func(Link, error) bool
	read  int64            // decompressed bytes read from all entries
	limit int64            // the most bytes read from all entries
	over  bool             // the entries passed limit: no more are read
	stop  bool             // yield returned false
	xml   *xmlscan.Scanner // the parts' scanner, reused
	// steps counts the work of the scan that is not a pass over the
	// entries' bytes (the bytes the XML scanner examines again, ...):
	// zipSteps reports it at the end of the scan, for tests of linear
	// time.
	steps int64
}

// zipSteps, when set (by tests), is handed the steps of each zip
// container scanned.
var zipSteps func(n int64)

// done ends the scan of the container.
func (z *zipDoc) done() {
	if zipSteps != nil {
		zipSteps(z.steps)
	}
}

// openZip reads the zip container r. It returns nil after yielding the
// error when r is not one (a broken central directory) or is too large.
func openZip(r io.Reader, src *source, yield func(Link, error) bool) (*zipDoc, bool) {
	buf, err := readDocument(r)
	if err != nil {
		return nil, yield(Link{}, &Error{File: src.name, Offset: -1, Err: err})
	}
	zr, err := zip.NewReader(bytes.NewReader(buf), int64(len(buf)))
	if err != nil {
		return nil, yield(Link{}, &Error{File: src.name, Offset: -1, Err: fmt.Errorf("not a readable zip container: %w", err)})
	}
	files := make(map[string]*zip.File, len(zr.File))
	for _, f := range zr.File {
		if files[f.Name] == nil {
			files[f.Name] = f
		}
	}
	limit := min(MaxZipSize, max(zipRatio*int64(len(buf)), zipFloor))
	return &zipDoc{zr: zr, files: files, src: src, yield: yield, limit: limit}, true
}

// file returns the entry named name, nil if there is none. An EPUB asks
// once for each link into the book: a map, not a walk of the entries.
func (z *zipDoc) file(name string) *zip.File { return z.files[name] }

// fail yields a problem with the entry part, and returns whether to go
// on. Once the entries have passed the container's limit, the entries
// after the one that did are not read, and are no error each: a zip whose
// entries all share one deflated stream (a zip quine) is one error.
func (z *zipDoc) fail(part string, off int64, err error) bool {
	if !errors.Is(err, errZipOver) {
		z.stop = z.stop || !z.yield(Link{}, &Error{File: z.src.name, Part: part, Offset: off, Err: err})
	}
	return !z.stop
}

// errZipOver is the error of opening an entry once the entries have
// passed the container's limit.
var errZipOver = errors.New("zip container read past its limit")

// open opens f for reading within the limits.
func (z *zipDoc) open(f *zip.File) (io.ReadCloser, error) {
	if z.over {
		return nil, errZipOver
	}
	rc, err := f.Open()
	if err != nil {
		return nil, err
	}
	return &zipLimited{rc: rc, z: z}, nil
}

// zipLimited reads an entry, failing with ErrZipBomb past the limits.
type zipLimited struct {
	rc io.ReadCloser
	z  *zipDoc
	n  int64
}

func (l *zipLimited) Read(p []byte) (int, error) {
	n, err := l.rc.Read(p)
	l.n += int64(n)
	l.z.read += int64(n)
	switch {
	case l.n > MaxZipEntrySize:
		return n, fmt.Errorf("more than %d bytes: %w", MaxZipEntrySize, ErrZipBomb)
	case l.z.read > l.z.limit:
		l.z.over = true
		return n, fmt.Errorf("the container's entries decompress to more than %d bytes, its limit: %w", l.z.limit, ErrZipBomb)
	}
	return n, err
}

func (l *zipLimited) Close() error { return l.rc.Close() }

// readXML reads the XML entry f, handing the scanner to fn at each
// token, and reports whether it read it all; an error (malformed XML, a
// broken or too large entry) is yielded for the entry (z.stop tells
// whether to go on).
func (z *zipDoc) readXML(f *zip.File, fn func(s *xmlscan.Scanner, k xmlscan.Kind)) bool {
	rc, err := z.open(f)
	if err != nil {
		z.fail(f.Name, -1, err)
		return false
	}
	defer rc.Close()
	if z.xml == nil {
		z.xml = xmlscan.NewScanner(rc)
	} else {
		z.xml.Reset(rc)
	}
	s := z.xml
	for k := s.Next(); k != xmlscan.EOF; k = s.Next() {
		fn(s, k)
	}
	z.steps += s.Work
	var se *xmlscan.SyntaxError
	switch err := s.Err(); {
	case err == nil:
		return true
	case errors.As(err, &se):
		z.fail(f.Name, se.Offset, fmt.Errorf("malformed XML: %w", err))
	case errors.Is(err, ErrZipBomb) || errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat):
		z.fail(f.Name, -1, err)
	default:
		z.fail(f.Name, s.Offset(), fmt.Errorf("malformed XML: %w", err))
	}
	return false
}

// partText is the text of one part of a container, as a scanner gathers
// it: its links are reported at their offsets in that text, one line per
// paragraph.
type partText struct {
	text  []byte
	prose pieces // the text but links' own text, for delimit
	links []partLink
}

// partLink is a link of a part's markup (Context "office", Style
// "markup"), as a scanner gathers it: the fields of a Link that vary, a
// sixth of its size (a DOCX of 2,000 links grew a slice to 736 KB).
type partLink struct {
	ref, tag, text string
	off            int64 // in the part's text
}

// addText appends s to the text; prose says whether it is prose or the
// text of a link.
func (t *partText) addText(s []byte, prose bool) {
	if len(s) == 0 {
		return
	}
	if p := &t.prose; prose {
		// Text read in pieces (runs, a long text read in parts) that
		// follow each other is one piece.
		if n := len(p.at); n == 0 || p.at[n-1].src+len(p.buf)-p.at[n-1].out != len(t.text) {
			p.at = append(p.at, piece{len(p.buf), len(t.text)})
		}
		p.buf = appendDoubling(p.buf, s)
	}
	t.text = appendDoubling(t.text, s)
}

// appendDoubling appends s to b, doubling its capacity when it is full:
// a part's text is read in many small pieces, and append grows a large
// slice by a quarter, allocating 5 times its final size on the way.
func appendDoubling(b, s []byte) []byte {
	if len(b)+len(s) > cap(b) {
		b = slices.Grow(b, max(len(s), cap(b)))
	}
	return append(b, s...)
}

// emit yields the links of the part, then the URIs delimit finds in its
// prose, with Part part and Context ctx, each read in src.
func (t *partText) emit(src *source, part string, ctx Context, yield func(Link, error) bool) bool {
	return t.emitIn(src, src, part, ctx, yield)
}

// emitIn is emit with the links but fragment-only ones read in inner.
func (t *partText) emitIn(src, inner *source, part string, ctx Context, yield func(Link, error) bool) bool {
	ps, is := *src, *inner
	ps.part, is.part = part, part
	m := newDocScan(t.text, &ps, yield, ctx)
	in := m // the same line index, built once
	in.src = &is
	for _, pl := range t.links {
		s := &in
		if strings.HasPrefix(pl.ref, "#") {
			s = &m
		}
		l := Link{Ref: pl.ref, Tag: pl.tag, Text: pl.text, Offset: pl.off, Style: StyleMarkup, Context: ContextOffice}
		// As a browser reads an href: spaces and non-ASCII
		// characters percent-encoded.
		if !s.link(l, escapeRef(l.Ref)) {
			return false
		}
	}
	m.prose = t.prose
	return m.flush()
}

// xmlAttr returns the value of the attribute space:local of the start
// tag s is at, "" if it has none.
func xmlAttr(s *xmlscan.Scanner, space, local string) string {
	v, _ := s.Attr(space, local)
	return string(v)
}
