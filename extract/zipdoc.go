package extract

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
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
	read  int64 // decompressed bytes read from all entries
	limit int64 // the most bytes read from all entries
	over  bool  // the entries passed limit: no more are read
	stop  bool  // yield returned false
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

// readXML reads the XML entry f, handing each token to fn, and reports
// whether it read it all; an error (malformed XML, a broken or too large
// entry) is yielded for the entry (z.stop tells whether to go on).
func (z *zipDoc) readXML(f *zip.File, fn func(t xml.Token)) bool {
	rc, err := z.open(f)
	if err != nil {
		z.fail(f.Name, -1, err)
		return false
	}
	defer rc.Close()
	d := xml.NewDecoder(rc)
	for {
		t, err := d.Token()
		if err == io.EOF {
			return true
		}
		if err != nil {
			if errors.Is(err, ErrZipBomb) || errors.Is(err, zip.ErrChecksum) || errors.Is(err, zip.ErrFormat) {
				z.fail(f.Name, -1, err)
			} else {
				z.fail(f.Name, d.InputOffset(), fmt.Errorf("malformed XML: %w", err))
			}
			return false
		}
		fn(t)
	}
}

// partText is the text of one part of a container, as a scanner gathers
// it: its links are reported at their offsets in that text, one line per
// paragraph.
type partText struct {
	text  []byte
	prose pieces // the text but links' own text, for delimit
	links []Link
}

// addText appends s to the text; prose says whether it is prose or the
// text of a link.
func (t *partText) addText(s []byte, prose bool) {
	if prose {
		t.prose.add(s, len(t.text))
	}
	t.text = append(t.text, s...)
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
	for _, l := range t.links {
		s := &in
		if strings.HasPrefix(l.Ref, "#") {
			s = &m
		}
		// As a browser reads an href: spaces and non-ASCII
		// characters percent-encoded.
		if !s.link(l, escapeRef(l.Ref)) {
			return false
		}
	}
	m.prose = t.prose
	return m.flush()
}

// xmlAttr returns the value of the attribute space:local of an element.
func xmlAttr(e xml.StartElement, space, local string) (string, bool) {
	for _, a := range e.Attr {
		if a.Name.Local == local && a.Name.Space == space {
			return a.Value, true
		}
	}
	return "", false
}
