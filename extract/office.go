package extract

import (
	"archive/zip"
	"io"
	"path"
	"sort"
	"strings"

	"github.com/urix/urix/extract/internal/xmlscan"
)

// Namespaces of Office Open XML (ECMA-376) and OpenDocument (ODF 1.3).
const (
	nsRelationships = "http://schemas.openxmlformats.org/package/2006/relationships"
	nsOfficeRels    = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
	nsXLink         = "http://www.w3.org/1999/xlink"
	nsODFText       = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
	nsWordML        = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
)

// scanOOXML is the contentScanner of Office Open XML documents (DOCX,
// XLSX, PPTX: ECMA-376 Part 2 packages). It yields, for each XML part:
//
//   - the targets of its external relationships (TargetMode="External" in
//     the part's .rels: hyperlinks, linked images and objects) where the
//     part refers to one, Context "office", Tag the relationship's type
//     ("hyperlink"), Part the part, Text the text of a w:hyperlink, or of
//     the run of an a:hlinkClick. A relationship the part never refers to
//     is no link (pandoc copies every hyperlink relationship of a DOCX to
//     footnotes.xml.rels), and neither is an empty target. A w:hyperlink
//     adds its location in the target (w:anchor, an XLSX hyperlink's
//     location) as the fragment; one with w:anchor alone is a link to
//     that place in the document ("#anchor");
//   - the HYPERLINK fields of Word (w:instrText, w:fldSimple): the target
//     and its location (\l "frag") as one link, Tag "hyperlink", Text the
//     field's result;
//   - the URIs delimit finds in its text (w:t, a:t, t, and the code of
//     other fields), Context "office-text", a link's own text left out:
//     in an XLSX, the URI of a shared string that a hyperlinked cell
//     shows (its display) is that hyperlink's, reported once.
//
// Offsets, lines and columns are those of the part's text, one line a
// paragraph (w:p, a:p, a shared string), not of its XML. Relative targets
// are resolved against the file, as Office resolves them.
func scanOOXML(r io.Reader, src *source, yield func(Link, error) bool) bool {
	z, ok := openZip(r, src, yield)
	if z == nil {
		return ok
	}
	defer z.done()
	rels := map[string]map[string]ooxmlRel{} // part -> id -> relationship
	for _, f := range z.zr.File {
		dir, file := path.Split(f.Name)
		if !strings.HasSuffix(dir, "_rels/") || !strings.HasSuffix(file, ".rels") {
			continue
		}
		part := strings.TrimPrefix(path.Join(strings.TrimSuffix(dir, "_rels/"), strings.TrimSuffix(file, ".rels")), "/")
		rels[part] = map[string]ooxmlRel{}
		if !z.readXML(f, func(s *xmlscan.Scanner, k xmlscan.Kind) {
			if k != xmlscan.Start || string(s.Local()) != "Relationship" || s.Space() != nsRelationships {
				return
			}
			if xmlAttr(s, "", "TargetMode") == "External" {
				rels[part][xmlAttr(s, "", "Id")] = ooxmlRel{target: xmlAttr(s, "", "Target"), typ: path.Base(xmlAttr(s, "", "Type"))}
			}
		}) && z.stop {
			return false
		}
	}
	shown := map[string][]string{}
	var strs *zip.File
	for _, f := range z.zr.File {
		if !strings.HasSuffix(f.Name, ".xml") || f.Name == "[Content_Types].xml" || len(rels[f.Name]) == 0 && ooxmlNoText(f.Name) {
			continue
		}
		if f.Name == "xl/sharedStrings.xml" && strs == nil {
			strs = f // after the sheets, whose hyperlinks say what it shows
			continue
		}
		if !scanOOXMLPart(z, f, rels[f.Name], shown) {
			return false
		}
	}
	return strs == nil || scanOOXMLPart(z, strs, rels[strs.Name], shown)
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
type ooxmlRel struct{ target, typ string }

// ooxmlPart is the state of the scan of one part.
type ooxmlPart struct {
	partText
	rels                    map[string]ooxmlRel
	depth, inText, runDepth int
	inInstr                 int
	link                    *partLink // the link whose text is being read
	linkText                []byte    // its text so far: a string added to at each run took time quadratic in their number
	linkDepth               int       // the depth of the element that ends it, 0 for a field's
	// The fields (w:fldChar begin, separate, end) open, nested ones
	// counted; the code of the outermost, read up to its separator.
	fields int
	code   []byte
	inCode bool
	// shown maps the text an XLSX hyperlink's cell shows to the
	// hyperlinks' targets, for the shared strings; links are the spans
	// of shared strings shown by hyperlinks, and siStart where the one
	// being read starts.
	shown   map[string][]string
	linked  []shownSpan
	siStart int
	steps   int // the spans looked at, for tests of linear time
}

// shownSpan is a span of a part's text that shows the links hrefs.
type shownSpan struct {
	start, end int
	hrefs      []string
}

// scanOOXMLPart yields the links of the part f, whose external
// relationships are rels.
func scanOOXMLPart(z *zipDoc, f *zip.File, rels map[string]ooxmlRel, shown map[string][]string) bool {
	p := &ooxmlPart{rels: rels, shown: shown}
	ok := z.readXML(f, func(s *xmlscan.Scanner, k xmlscan.Kind) {
		switch k {
		case xmlscan.Start:
			p.depth++
			p.start(s)
		case xmlscan.End:
			p.end(s.Local())
			p.depth--
		case xmlscan.Text:
			switch {
			case p.inInstr > 0:
				if p.fields == 1 && p.inCode {
					p.code = append(p.code, s.Text()...)
				}
			case p.inText > 0:
				t := s.Text()
				p.addText(t, p.link == nil)
				if p.link != nil {
					p.linkText = append(p.linkText, t...)
				}
			}
		}
	})
	if !ok && z.stop {
		return false // the rest of the part is not read: what was is kept
	}
	p.close() // a link the part's error left open
	yield := z.yield
	if len(p.linked) > 0 {
		yield = p.notShown(z.src, yield)
	}
	ok = p.emit(z.src, f.Name, ContextOfficeText, yield)
	z.steps += int64(p.steps)
	return ok
}

// notShown returns yield without the URIs of the text that are the
// links of the spans p.linked they are in.
func (p *ooxmlPart) notShown(src *source, yield func(Link, error) bool) func(Link, error) bool {
	return func(l Link, err error) bool {
		if err != nil || l.Context != ContextOfficeText {
			return yield(l, err)
		}
		// The spans follow each other: the one l may be in is the last
		// that starts at or before it (a walk of all of them for each
		// URI was quadratic in a sheet's rows).
		i := sort.Search(len(p.linked), func(i int) bool {
			p.steps++
			return p.linked[i].start > int(l.Offset)
		}) - 1
		if i >= 0 && int(l.Offset) < p.linked[i].end {
			for _, h := range p.linked[i].hrefs {
				if hs := (hrefShown{href: h, src: src}); hs.same(l.URI) {
					return true
				}
			}
		}
		return yield(l, err)
	}
}

// start reads the start tag s is at.
func (p *ooxmlPart) start(s *xmlscan.Scanner) {
	switch string(s.Local()) {
	case "t":
		p.inText++
	case "instrText":
		p.inInstr++
	case "r":
		p.runDepth = p.depth
	case "si":
		p.siStart = len(p.text)
	case "tab":
		p.addText([]byte{'\t'}, p.link == nil)
	case "br", "cr":
		p.addText([]byte{'\n'}, p.link == nil)
	case "fldChar":
		p.fieldChar(xmlAttr(s, nsWordML, "fldCharType"))
		return
	case "fldSimple":
		if ref, _ := hyperlinkField(xmlAttr(s, nsWordML, "instr")); ref != "" {
			p.open(partLink{ref: ref, tag: "hyperlink"}, p.depth)
		}
		return
	case "hyperlink":
		if ref, tag, ok := p.hyperlink(s); ok {
			display := xmlAttr(s, "", "display") // an XLSX cell's text
			if display != "" {
				p.shown[display] = append(p.shown[display], ref)
			}
			p.open(partLink{ref: ref, tag: tag, text: display}, p.depth)
			return
		}
	}
	if len(p.rels) == 0 {
		return
	}
	for i := range s.Attrs() {
		if s.AttrSpace(i) != nsOfficeRels {
			continue
		}
		rel, ok := p.rels[string(s.AttrValue(i))]
		if !ok || emptyTarget(rel.target) {
			continue
		}
		l := partLink{ref: rel.target, tag: rel.typ}
		if string(s.Local()) == "hlinkClick" && p.runDepth > 0 {
			p.open(l, p.runDepth)
		} else {
			p.open(l, -1)
		}
	}
}

// open starts the link l at the current place in the text; its text is
// read up to the end of the element at depth (a field's at the field's
// end, 0), none when depth is -1 or a link's text is being read.
func (p *ooxmlPart) open(l partLink, depth int) {
	l.off = int64(len(p.text))
	if p.link != nil || depth < 0 {
		p.links = append(p.links, l)
		return
	}
	p.link, p.linkDepth = &l, depth
	p.linkText = append(p.linkText[:0], l.text...)
}

// close ends the link whose text is being read.
func (p *ooxmlPart) close() {
	if p.link != nil {
		p.link.text = string(p.linkText)
		p.links = append(p.links, *p.link)
		p.link = nil
	}
}

// end reads the end of the element whose local name is name.
func (p *ooxmlPart) end(name []byte) {
	switch string(name) {
	case "t":
		p.inText--
	case "instrText":
		p.inInstr--
	case "r":
		p.runDepth = 0
	case "si":
		if hrefs, ok := p.shown[string(p.text[p.siStart:])]; ok {
			p.linked = append(p.linked, shownSpan{p.siStart, len(p.text), hrefs})
		}
		p.addText([]byte{'\n'}, p.link == nil)
	case "p":
		p.addText([]byte{'\n'}, p.link == nil)
	}
	if p.link != nil && p.depth == p.linkDepth {
		p.close()
	}
}

// hyperlink returns the target of the w:hyperlink (DOCX) or hyperlink
// (XLSX) element e: its relationship's target, with its location in it
// as the fragment (w:anchor, location), or that location in the document
// alone; and the Tag of the link.
func (p *ooxmlPart) hyperlink(s *xmlscan.Scanner) (ref, tag string, ok bool) {
	var id, loc string
	for i := range s.Attrs() {
		switch name := string(s.AttrLocal(i)); {
		case name == "id" && s.AttrSpace(i) == nsOfficeRels:
			id = string(s.AttrValue(i))
		case name == "anchor" || name == "location" && s.AttrSpace(i) == "":
			loc = string(s.AttrValue(i))
		}
	}
	rel, ok := p.rels[id]
	switch {
	case ok && !emptyTarget(rel.target):
		ref, tag = rel.target, rel.typ
	case id == "" && loc != "" && s.Space() == nsWordML:
		ref, tag = "", "hyperlink" // a place in the document; not an XLSX cell
	default:
		return "", "", false
	}
	if loc != "" && !strings.Contains(ref, "#") {
		ref += "#" + loc
	}
	return ref, tag, true
}

// emptyTarget reports whether a relationship's target is empty, or "#":
// LibreOffice writes those for a link it dropped (an empty href, one to
// "#"); they name no place, and resolved they would be the document.
func emptyTarget(t string) bool { return t == "" || t == "#" }

// fieldChar reads a w:fldChar of type typ: a field's begin, the
// separator between its code and its result, or its end. The outermost
// field's code is read whole; a HYPERLINK field's result is the link's
// text, the code of another is text.
func (p *ooxmlPart) fieldChar(typ string) {
	switch typ {
	case "begin":
		if p.fields++; p.fields == 1 {
			p.code, p.inCode = p.code[:0], true
		}
	case "separate", "end":
		if p.fields == 1 && p.inCode {
			p.inCode = false
			switch ref, hyperlink := hyperlinkField(string(p.code)); {
			case ref != "":
				p.open(partLink{ref: ref, tag: "hyperlink"}, 0)
			case !hyperlink:
				p.addText(append(p.code, ' '), p.link == nil)
			}
		}
		if typ == "end" && p.fields > 0 {
			if p.fields--; p.fields == 0 && p.link != nil && p.linkDepth == 0 {
				p.close()
			}
		}
	}
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
	defer z.done()
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
	var link *partLink
	var linkText []byte // link's text so far
	ok := z.readXML(f, func(s *xmlscan.Scanner, k xmlscan.Kind) {
		switch k {
		case xmlscan.Start:
			name := s.Local()
			text := false
			switch string(name) {
			case "p", "h", "s", "tab", "line-break", "a":
				text = s.Space() == nsODFText
			}
			switch {
			case text && (string(name) == "p" || string(name) == "h"):
				inPara++
			case text && string(name) == "s":
				t.addText([]byte{' '}, inLink == 0)
			case text && string(name) == "tab":
				t.addText([]byte{'\t'}, inLink == 0)
			case text && string(name) == "line-break":
				t.addText([]byte{'\n'}, inLink == 0)
			}
			if href, ok := s.Attr(nsXLink, "href"); ok {
				l := partLink{ref: string(href), off: int64(len(t.text)), tag: string(s.Local())}
				if text && string(name) == "a" && inLink == 0 {
					link = &l
				} else {
					t.links = append(t.links, l)
				}
			}
			if link != nil {
				inLink++
			}
		case xmlscan.End:
			if name := s.Local(); (string(name) == "p" || string(name) == "h") && s.Space() == nsODFText {
				inPara--
				t.addText([]byte{'\n'}, inLink == 0)
			}
			if inLink > 0 {
				if inLink--; inLink == 0 {
					link.text = string(linkText)
					t.links = append(t.links, *link)
					link, linkText = nil, linkText[:0]
				}
			}
		case xmlscan.Text:
			if inPara > 0 {
				e := s.Text()
				t.addText(e, inLink == 0)
				if link != nil {
					linkText = append(linkText, e...)
				}
			}
		}
	})
	if !ok && z.stop {
		return false // the rest of the part is not read: what was is kept
	}
	return t.emitIn(src, inner, f.Name, ContextOfficeText, z.yield)
}
