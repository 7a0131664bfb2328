package extract

import (
	"archive/zip"
	"encoding/xml"
	"io"
	"path"
	"strings"
)

// Namespaces of Office Open XML (ECMA-376) and OpenDocument (ODF 1.3).
const (
	nsRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
	nsOfficeRels    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsXLink         = "http://www.w3.org/1999/xlink"
	nsODFText       = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
)

// scanOOXML is the contentScanner of Office Open XML documents (DOCX,
// XLSX, PPTX: ECMA-376 Part 2 packages). It yields, for each XML part:
//
//   - the targets of its external relationships (TargetMode="External" in
//     the part's .rels: hyperlinks, linked images and objects), Context
//     "office", Tag the relationship's type ("hyperlink"), Part the part,
//     at the place in the part's text where the part refers to it (Text
//     the text of a w:hyperlink, or of the run of an a:hlinkClick), or at
//     its start when it does not;
//   - the URIs delimit finds in its text (w:t, a:t, t and field codes,
//     w:instrText, whose HYPERLINK "uri" is a quoted URI), Context
//     "office-text", a hyperlink's own text left out.
//
// Offsets, lines and columns are those of the part's text, one line a
// paragraph (w:p, a:p, a shared string), not of its XML. Relative targets
// are resolved against the file, as Office resolves them.
func scanOOXML(r io.Reader, src *source, yield func(Link, error) bool) bool {
	z, ok := openZip(r, src, yield)
	if z == nil {
		return ok
	}
	rels := map[string]map[string]ooxmlRel{} // part -> id -> relationship
	for _, f := range z.zr.File {
		dir, file := path.Split(f.Name)
		if !strings.HasSuffix(dir, "_rels/") || !strings.HasSuffix(file, ".rels") {
			continue
		}
		part := strings.TrimPrefix(path.Join(strings.TrimSuffix(dir, "_rels/"), strings.TrimSuffix(file, ".rels")), "/")
		rels[part] = map[string]ooxmlRel{}
		if !z.readXML(f, func(t xml.Token) {
			e, ok := t.(xml.StartElement)
			if !ok || e.Name.Local != "Relationship" || e.Name.Space != nsRelationships {
				return
			}
			mode, _ := xmlAttr(e, "", "TargetMode")
			id, _ := xmlAttr(e, "", "Id")
			target, _ := xmlAttr(e, "", "Target")
			typ, _ := xmlAttr(e, "", "Type")
			if mode == "External" {
				rels[part][id] = ooxmlRel{target: target, typ: path.Base(typ), order: len(rels[part])}
			}
		}) && z.stop {
			return false
		}
	}
	for _, f := range z.zr.File {
		if !strings.HasSuffix(f.Name, ".xml") || f.Name == "[Content_Types].xml" || len(rels[f.Name]) == 0 && ooxmlNoText(f.Name) {
			continue
		}
		if !scanOOXMLPart(z, f, rels[f.Name]) {
			return false
		}
	}
	return true
}

// ooxmlNoText reports whether the part name is one of those that hold
// formatting, not text (styles, themes, fonts, settings, numbering,
// document properties): without external relationships they are not
// read: on testdata/docs/sample.docx, 2.7 ms a scan before, 0.5 ms
// after (go test -bench Documents/docs/sample.docx -cpu 1).
func ooxmlNoText(name string) bool {
	base := path.Base(name)
	switch {
	case strings.HasPrefix(name, "docProps/"), strings.Contains(name, "/theme/"),
		base == "styles.xml", base == "fontTable.xml", base == "settings.xml",
		base == "webSettings.xml", base == "numbering.xml", base == "stylesWithEffects.xml":
		return true
	}
	return false
}

// ooxmlRel is an external relationship of a part.
type ooxmlRel struct {
	target, typ string
	order       int // its place in the .rels, for those the part does not refer to
	used        bool
}

// scanOOXMLPart yields the links of the part f, whose external
// relationships are rels. The text of a link is that of the w:hyperlink
// that refers to it, or of the run (a:r) whose a:hlinkClick does.
func scanOOXMLPart(z *zipDoc, f *zip.File, rels map[string]ooxmlRel) bool {
	var t partText
	var depth, inText, runDepth int
	var link *Link    // the link whose text is being read
	var linkDepth int // the depth of the element that ends it
	ok := z.readXML(f, func(tok xml.Token) {
		switch e := tok.(type) {
		case xml.StartElement:
			depth++
			switch e.Name.Local {
			case "t", "instrText":
				inText++
			case "r":
				runDepth = depth
			case "tab":
				t.addText([]byte{'\t'}, link == nil)
			case "br", "cr":
				t.addText([]byte{'\n'}, link == nil)
			}
			for _, a := range e.Attr {
				rel, ok := rels[a.Value]
				if a.Name.Space != nsOfficeRels || !ok {
					continue
				}
				rel.used = true
				rels[a.Value] = rel
				l := Link{Ref: rel.target, Offset: int64(len(t.text)), Style: StyleMarkup, Context: ContextOffice, Tag: rel.typ}
				switch {
				case link == nil && e.Name.Local == "hyperlink":
					link, linkDepth = &l, depth
				case link == nil && e.Name.Local == "hlinkClick" && runDepth > 0:
					link, linkDepth = &l, runDepth
				default:
					t.links = append(t.links, l)
				}
			}
		case xml.EndElement:
			switch e.Name.Local {
			case "t", "instrText":
				inText--
			case "r":
				runDepth = 0
			case "p", "si":
				t.addText([]byte{'\n'}, link == nil)
			}
			if link != nil && depth == linkDepth {
				t.links = append(t.links, *link)
				link = nil
			}
			depth--
		case xml.CharData:
			if inText > 0 {
				t.addText(e, link == nil)
				if link != nil {
					link.Text += string(e)
				}
			}
		}
	})
	if !ok && z.stop {
		return false // the rest of the part is not read: what was is kept
	}
	for _, rel := range sortedRels(rels) {
		if !rel.used {
			t.links = append(t.links, Link{Ref: rel.target, Style: StyleMarkup, Context: ContextOffice, Tag: rel.typ})
		}
	}
	return t.emit(z.src, f.Name, ContextOfficeText, z.yield)
}

// sortedRels returns the relationships in the order of their .rels.
func sortedRels(rels map[string]ooxmlRel) []ooxmlRel {
	out := make([]ooxmlRel, len(rels))
	for _, r := range rels {
		out[r.order] = r
	}
	return out
}

// scanODF is the contentScanner of OpenDocument files (ODT, ODS, ODP:
// OASIS OpenDocument 1.3 packages). In content.xml and styles.xml it
// yields every xlink:href (Context "office", Tag the element: "a",
// "image", ...; Text the text of a text:a), and the URIs delimit finds in
// the text of paragraphs and headings (Context "office-text"), a link's
// own text left out. Offsets, lines and columns are those of the part's
// text, one line a paragraph. A relative reference is resolved as
// OpenDocument says (§19.910 of Part 3: the package is a folder): against
// the file's URI with a "/" after it, so that "../b.odt" is the file
// beside it and "Pictures/c.png" one inside it.
func scanODF(r io.Reader, src *source, yield func(Link, error) bool) bool {
	z, ok := openZip(r, src, yield)
	if z == nil {
		return ok
	}
	for _, name := range []string{"content.xml", "styles.xml"} {
		if f := z.file(name); f != nil && !scanODFPart(z, f, src) {
			return false
		}
	}
	return true
}

// packageSource returns src with the package as a folder for its base:
// the file's URI and "/".
func packageSource(src *source) *source {
	if src.base.IsZero() || src.base.URI.Fragment != "" || src.base.URI.Query != "" {
		return src
	}
	s := *src
	s.base.URI.Path += "/"
	return &s
}

// scanODFPart yields the links of the part f, a fragment-only reference
// (a place in the document) read in src, the others in the package
// folder.
func scanODFPart(z *zipDoc, f *zip.File, src *source) bool {
	inner := packageSource(src)
	var t partText
	var inPara, inLink int
	var link *Link
	ok := z.readXML(f, func(tok xml.Token) {
		switch e := tok.(type) {
		case xml.StartElement:
			text := e.Name.Space == nsODFText
			switch {
			case text && (e.Name.Local == "p" || e.Name.Local == "h"):
				inPara++
			case text && e.Name.Local == "s":
				t.addText([]byte{' '}, inLink == 0)
			case text && e.Name.Local == "tab":
				t.addText([]byte{'\t'}, inLink == 0)
			case text && e.Name.Local == "line-break":
				t.addText([]byte{'\n'}, inLink == 0)
			}
			if href, ok := xmlAttr(e, nsXLink, "href"); ok {
				l := Link{Ref: href, Offset: int64(len(t.text)), Style: StyleMarkup, Context: ContextOffice, Tag: e.Name.Local}
				if text && e.Name.Local == "a" && inLink == 0 {
					link = &l
				} else {
					t.links = append(t.links, l)
				}
			}
			if link != nil {
				inLink++
			}
		case xml.EndElement:
			if e.Name.Space == nsODFText && (e.Name.Local == "p" || e.Name.Local == "h") {
				inPara--
				t.addText([]byte{'\n'}, inLink == 0)
			}
			if inLink > 0 {
				if inLink--; inLink == 0 {
					t.links = append(t.links, *link)
					link = nil
				}
			}
		case xml.CharData:
			if inPara > 0 {
				t.addText(e, inLink == 0)
				if link != nil {
					link.Text += string(e)
				}
			}
		}
	})
	if !ok && z.stop {
		return false // the rest of the part is not read: what was is kept
	}
	return t.emitIn(src, inner, f.Name, ContextOfficeText, z.yield)
}
