package extract

import (
	"fmt"
	"strings"
	"testing"
)

const (
	testWordNS = `xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"`
	testODFNS = `xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
		`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"`
)

// hostileOffice are Office and OpenDocument files of about n bytes of
// XML, shaped to make the readers go back over what they read.
var hostileOffice = []struct {
	name string
	typ  Type
	doc  func(t *testing.T, n int) []byte
}{
	{"sheet of linked cells", OOXML, func(t *testing.T, n int) []byte {
		// Each row's cell is a hyperlink whose shared string shows its
		// URL: each URI of the shared strings is looked up among the
		// strings shown by hyperlinks.
		rows := n / 200
		var sheet, strs, rels strings.Builder
		for i := range rows {
			fmt.Fprintf(&sheet, `<row><c r="A%d" t="s"><v>%d</v></c></row>`, i+1, i)
			fmt.Fprintf(&strs, `<si><t>https://h.example/%d</t></si>`, i)
			fmt.Fprintf(&rels, `<Relationship Id="rId%d" Type="t/hyperlink" Target="https://h.example/%d" TargetMode="External"/>`, i, i)
		}
		var links strings.Builder
		for i := range rows {
			fmt.Fprintf(&links, `<hyperlink ref="A%d" r:id="rId%d" display="https://h.example/%d"/>`, i+1, i, i)
		}
		return storedZip(t, "xl/worksheets/_rels/sheet1.xml.rels", `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">`+rels.String()+`</Relationships>`,
			"xl/worksheets/sheet1.xml", `<worksheet xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheetData>`+sheet.String()+`</sheetData><hyperlinks>`+links.String()+`</hyperlinks></worksheet>`,
			"xl/sharedStrings.xml", `<sst>`+strs.String()+`</sst>`)
	}},
	{"nested fields", OOXML, func(t *testing.T, n int) []byte {
		k := n / 120
		return storedZip(t, "word/document.xml", `<w:document `+testWordNS+`><w:body><w:p>`+
			strings.Repeat(`<w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText>HYPERLINK "https://f.example/"</w:instrText></w:r>`, k)+
			strings.Repeat(`<w:r><w:fldChar w:fldCharType="end"/></w:r>`, k)+`</w:p></w:body></w:document>`)
	}},
	{"link of many runs", OOXML, func(t *testing.T, n int) []byte {
		return storedZip(t, "word/_rels/document.xml.rels", testRels, "word/document.xml", `<w:document `+testWordNS+`><w:body><w:p><w:hyperlink r:id="rId1">`+
			strings.Repeat(`<w:r><w:t>x https://a.example/</w:t></w:r>`, n/40)+`</w:hyperlink></w:p></w:body></w:document>`)
	}},
	{"long text", OOXML, func(t *testing.T, n int) []byte {
		return storedZip(t, "word/document.xml", `<w:document `+testWordNS+`><w:body><w:p><w:r><w:t>`+
			strings.Repeat("https://a.example/&amp;", n/24)+`</w:t></w:r></w:p></w:body></w:document>`)
	}},
	{"deep", OOXML, func(t *testing.T, n int) []byte {
		k := min(n/20, 9000)
		return storedZip(t, "word/document.xml", `<w:document `+testWordNS+`>`+strings.Repeat("<w:p>", k)+
			strings.Repeat("<w:r><w:t>a</w:t></w:r>", (n-k*10)/24)+strings.Repeat("</w:p>", k)+`</w:document>`)
	}},
	{"nested text:a", ODF, func(t *testing.T, n int) []byte {
		k := min(n/60, 9000)
		return storedZip(t, "mimetype", "application/vnd.oasis.opendocument.text", "content.xml", `<office:document-content `+testODFNS+`><text:p>`+
			strings.Repeat(`<text:a xlink:href="https://o.example/">t `, k)+strings.Repeat(`</text:a>`, k)+`</text:p></office:document-content>`)
	}},
	{"long attribute", ODF, func(t *testing.T, n int) []byte {
		return storedZip(t, "mimetype", "application/vnd.oasis.opendocument.text", "content.xml", `<office:document-content `+testODFNS+`><text:p>`+
			`<text:a xlink:href="https://o.example/`+strings.Repeat("a", n)+`">t</text:a></text:p></office:document-content>`)
	}},
}

// TestOfficeLinear scans each hostile shape at n and 8n bytes of XML and
// checks that the steps that are not a pass over the bytes (the XML
// scanner's bytes examined again, the spans of shown strings looked at)
// and the bytes allocated grow about 8 times, not 64.
func TestOfficeLinear(t *testing.T) {
	defer func() { zipSteps = nil }()
	var steps int64
	zipSteps = func(n int64) { steps += n }
	const n = 256 << 10
	for _, tc := range hostileOffice {
		small, large := tc.doc(t, n), tc.doc(t, 8*n)
		var work, alloc [2]uint64
		for i, in := range [][]byte{small, large} {
			steps = 0
			alloc[i] = allocated(func() {
				for _, err := range Links(strings.NewReader(string(in)), Options{Type: tc.typ, Name: "in"}) {
					if err != nil {
						t.Fatalf("%s: %v", tc.name, err)
					}
				}
			})
			work[i] = uint64(steps)
		}
		if work[1] > 12*work[0]+64<<10 {
			t.Errorf("%s: %d steps at n, %d at 8n: more than linear", tc.name, work[0], work[1])
		}
		if alloc[1] > 16*alloc[0]+1<<20 {
			t.Errorf("%s: %d bytes allocated at n, %d at 8n: more than linear", tc.name, alloc[0], alloc[1])
		}
	}
}
