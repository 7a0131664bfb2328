package extract

import (
	"errors"
	"io"
	"net/url"
	"path"
	"strings"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract/internal/xmlscan"
)

// scanEPUB is the contentScanner of EPUB books (EPUB 3.3, and EPUB 2's
// OPF 2.0.1, which has the same container). It reads the package document
// that META-INF/container.xml names, and scans each XHTML document of its
// manifest, those of the spine first in reading order, with the HTML
// scanner. Part is the document's name in the container
// ("OEBPS/ch1.xhtml"), and its base is the URI that names it inside the
// book in the form Firefox uses for files inside zip archives,
// jar:file:///abs/book.epub!/OEBPS/ch1.xhtml (the jar: URI of Java's
// JarURLConnection; EPUB itself names none), so that its relative links
// resolve inside the container. A link that resolves to a document of the
// book has Context "epub", with the warning "epub-missing" when the book
// holds no such document; a link out of it keeps the HTML scanner's.
// Offsets, lines and columns are those of the document.
func scanEPUB(r io.Reader, src *source, yield func(Link, error) bool) bool {
	z, ok := openZip(r, src, yield)
	if z == nil {
		return ok
	}
	opf, err := z.rootFile()
	if err != nil {
		return z.fail("META-INF/container.xml", -1, err)
	}
	if opf == "" {
		return !z.stop
	}
	docs := z.epubDocuments(opf)
	if z.stop {
		return false
	}
	var prefix string // the URIs of the book's own documents start with it
	if !src.base.IsZero() {
		prefix = "jar:" + src.base.URI.String() + "!/"
	}
	for _, name := range docs {
		f := z.file(name)
		if f == nil {
			if !z.fail(name, -1, errors.New("the manifest names a document the container does not hold")) {
				return false
			}
			continue
		}
		ds := *src
		ds.part = name
		if prefix != "" {
			b, err := base.Parse(prefix+(&url.URL{Path: name}).EscapedPath(), base.Retrieval)
			if err == nil {
				ds.base = b
			}
		}
		rc, err := z.open(f)
		if err != nil {
			if !z.fail(name, -1, err) {
				return false
			}
			continue
		}
		ok := scanHTML(rc, &ds, func(l Link, err error) bool {
			if err == nil && prefix != "" && strings.HasPrefix(l.URI, prefix) {
				l.Context = ContextEPUB
				if inner := epubEntry(l.URI[len(prefix):]); z.file(inner) == nil {
					l.Warnings = append(l.Warnings, "epub-missing: the book holds no "+inner)
				}
			}
			return yield(l, err)
		})
		rc.Close()
		if !ok {
			return false
		}
	}
	return true
}

// epubEntry returns the name of the entry the path, query and fragment p
// inside a jar: URI stands for.
func epubEntry(p string) string {
	if i := strings.IndexAny(p, "?#"); i >= 0 {
		p = p[:i]
	}
	if u, err := url.PathUnescape(p); err == nil {
		p = u
	}
	return p
}

// rootFile returns the name of the package document (OPF) that
// META-INF/container.xml names first, "" when its problem was yielded.
func (z *zipDoc) rootFile() (string, error) {
	f := z.file("META-INF/container.xml")
	if f == nil {
		return "", errors.New("no META-INF/container.xml: not an EPUB container")
	}
	var opf string
	if !z.readXML(f, func(s *xmlscan.Scanner, k xmlscan.Kind) {
		if k == xmlscan.Start && string(s.Local()) == "rootfile" && opf == "" {
			opf = xmlAttr(s, "", "full-path")
		}
	}) {
		return "", nil // yielded
	}
	if opf == "" {
		return "", errors.New("META-INF/container.xml names no rootfile")
	}
	return opf, nil
}

// epubDocuments returns the names in the container of the XHTML documents
// of the package document opf: the spine's in order, then the others of
// the manifest (the navigation document).
func (z *zipDoc) epubDocuments(opf string) []string {
	f := z.file(opf)
	if f == nil {
		z.fail(opf, -1, errors.New("the package document named in META-INF/container.xml is missing"))
		return nil
	}
	type item struct{ href, mediaType string }
	items := map[string]item{}
	var order, spine []string
	if !z.readXML(f, func(s *xmlscan.Scanner, k xmlscan.Kind) {
		if k != xmlscan.Start {
			return
		}
		switch string(s.Local()) {
		case "item":
			id := xmlAttr(s, "", "id")
			items[id] = item{xmlAttr(s, "", "href"), xmlAttr(s, "", "media-type")}
			order = append(order, id)
		case "itemref":
			spine = append(spine, xmlAttr(s, "", "idref"))
		}
	}) {
		return nil
	}
	var docs []string
	seen := map[string]bool{}
	for _, id := range append(spine, order...) {
		it, ok := items[id]
		if !ok || seen[id] || it.mediaType != "application/xhtml+xml" && it.mediaType != "text/html" {
			continue
		}
		seen[id] = true
		href := it.href
		if u, err := url.PathUnescape(href); err == nil {
			href = u
		}
		docs = append(docs, path.Join(path.Dir(opf), href))
	}
	return docs
}
