package check

import (
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"strconv"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/internal/pdfobj"
)

// pdfInfo is what a PDF's fragments can name: its pages and its named
// destinations.
type pdfInfo struct {
	pages int
	dests map[string]bool
}

// has reports whether the fragment frag, PDF open parameters (RFC 8118
// §3: "page=3", "nameddest=intro", "page=2&zoom=150", ...) or a bare
// destination name, names a page or destination of the document. Other
// parameters (zoom, view, search, comment, ...) name nothing to check.
func (p *pdfInfo) has(frag string) bool {
	for _, param := range strings.Split(frag, "&") {
		k, v, isParam := strings.Cut(param, "=")
		if dec, err := url.PathUnescape(v); err == nil {
			v = dec
		}
		switch {
		case !isParam:
			if dec, err := url.PathUnescape(k); err == nil {
				k = dec
			}
			if k != "" && !p.dests[k] {
				return false
			}
		case k == "page":
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 || n > p.pages {
				return false
			}
		case k == "nameddest" && !p.dests[v]:
			return false
		}
	}
	return true
}

// pdfFragments reads the pages and the named destinations of the PDF r:
// those of the catalog's /Dests dictionary (PDF 1.1) and of its /Names
// /Dests name tree (§7.7.4, §12.3.2.4).
func pdfFragments(r io.Reader) (*pdfInfo, error) {
	buf, err := io.ReadAll(io.LimitReader(r, extract.MaxDocumentSize+1))
	if err != nil {
		return nil, err
	}
	if int64(len(buf)) > extract.MaxDocumentSize {
		return nil, extract.ErrDocumentTooLarge
	}
	n := int64(len(buf))
	doc, err := pdfobj.Open(buf, pdfobj.Limits{Decoded: 64 << 20, Parsed: 4*n + 128<<20})
	if err != nil {
		return nil, errors.New("not a readable PDF: " + err.Error())
	}
	info := &pdfInfo{dests: map[string]bool{}}
	for _, err := range doc.Pages() {
		if err == nil {
			info.pages++
		}
	}
	cat := doc.Catalog()
	if d, _ := doc.Dict(cat["Dests"]); d != nil {
		for k := range d {
			info.dests[string(k)] = true
		}
	}
	if names, _ := doc.Dict(cat["Names"]); names != nil {
		pdfNameTree(doc, names["Dests"], info.dests)
	}
	return info, nil
}

// maxTreeNodes bounds the nodes of a name tree walked.
const maxTreeNodes = 1 << 16

// pdfNameTree adds the keys of the name tree whose root is root to keys,
// each node once.
func pdfNameTree(doc *pdfobj.Reader, root pdfobj.Object, keys map[string]bool) {
	seen := map[pdfobj.Ref]bool{}
	stack := []pdfobj.Object{root}
	for visited := 0; len(stack) > 0 && visited < maxTreeNodes; visited++ {
		o := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if ref, ok := o.(pdfobj.Ref); ok {
			if seen[ref] {
				continue
			}
			seen[ref] = true
		}
		node, _ := doc.Dict(o)
		if node == nil {
			continue
		}
		if names, _ := doc.Resolve(node["Names"]); names != nil {
			if a, ok := names.(pdfobj.Array); ok {
				for i := 0; i+1 < len(a); i += 2 {
					if k, _ := doc.Resolve(a[i]); k != nil {
						if s, ok := k.(pdfobj.String); ok {
							keys[string(s)] = true
						}
					}
				}
			}
		}
		if kids, _ := doc.Resolve(node["Kids"]); kids != nil {
			if a, ok := kids.(pdfobj.Array); ok {
				stack = append(stack, a...)
			}
		}
	}
}

// odfFragments adds to fs the names an OpenDocument file's links can
// name after '#' (ODF 1.3 part 3, §19.910 xlink:href and LibreOffice's
// forms): bookmarks by name; headings as "TEXT|outline"; sections, tables,
// frames and images as "NAME|region", "NAME|table", "NAME|frame",
// "NAME|graphic".
func odfFragments(p *pkgFile, fs *fragSet) error {
	if p.err != "" {
		return errors.New(p.err)
	}
	e := p.entries["content.xml"]
	if e == nil {
		return errors.New("the package holds no content.xml")
	}
	rc, err := e.entry.Open()
	if err != nil {
		return err
	}
	defer rc.Close()
	return odfNames(io.LimitReader(rc, maxPackageEntry), fs)
}

// odfNames reads the names of content.xml from r (its elements taken by
// their usual prefixes, text:, table:, draw:).
func odfNames(r io.Reader, fs *fragSet) error {
	d := xml.NewDecoder(r)
	var heading *strings.Builder // the text of the heading being read
	depth := 0
	for {
		tok, err := d.RawToken()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			depth++
			odfStart(t, fs)
			if heading == nil && t.Name.Local == "h" && t.Name.Space == "text" {
				heading, depth = &strings.Builder{}, 1
			}
		case xml.EndElement:
			depth--
			if heading != nil && depth == 0 {
				fs.add(heading.String() + "|outline")
				heading = nil
			}
		case xml.CharData:
			if heading != nil {
				heading.Write(t)
			}
		}
	}
}

// odfStart adds the name an element gives something a link can name.
func odfStart(t xml.StartElement, fs *fragSet) {
	attr := func(space, local string) string {
		for _, a := range t.Attr {
			if a.Name.Space == space && a.Name.Local == local {
				return a.Value
			}
		}
		return ""
	}
	switch t.Name.Space + ":" + t.Name.Local {
	case "text:bookmark", "text:bookmark-start":
		fs.add(attr("text", "name"))
	case "text:section":
		fs.add(attr("text", "name") + "|region")
	case "table:table":
		fs.add(attr("table", "name") + "|table")
	case "draw:frame":
		fs.add(attr("draw", "name") + "|frame")
		fs.add(attr("draw", "name") + "|graphic")
	}
}
