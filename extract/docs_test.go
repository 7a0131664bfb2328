package extract

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"errors"
	"hash/crc32"
	"os"
	"runtime"
	"strings"
	"testing"
)

// TestDocumentsGolden scans the documents of testdata/docs, each made by
// a real program from source.md or sheet-source.html (see
// testdata/docs/README.md), their golden files checked by hand against
// the sources.
func TestDocumentsGolden(t *testing.T) {
	for _, f := range []string{"sample.docx", "sample.pptx", "sheet.xlsx", "sample.odt", "sample.odp", "sheet.ods", "sample.epub"} {
		t.Run(f, func(t *testing.T) { checkGoldenFile(t, "docs/"+f, Options{}) })
	}
}

// zipOf returns a zip archive of the files, name then content.
func zipOf(t *testing.T, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := w.Create(files[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.Write([]byte(files[i+1])); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const (
	testRels = `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
		`<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://a.example/rel" TargetMode="External"/></Relationships>`
	testDocument = `<?xml version="1.0"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" ` +
		`xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:body><w:p><w:r><w:t>see https://a.example/</w:t></w:r>` +
		`<w:r><w:t>text</w:t></w:r><w:hyperlink r:id="rId1"><w:r><w:t>the link</w:t></w:r></w:hyperlink></w:p></w:body></w:document>`
)

// scanAll returns the URIs and the errors Links yields for b.
func scanAll(b []byte, opts Options) (uris []string, errs []error) {
	for l, err := range Links(bytes.NewReader(b), opts) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		uris = append(uris, l.URI)
	}
	return uris, errs
}

// TestDocumentsBad checks that a broken document is an error that names
// the file and the part, and that the rest of it is still read.
func TestDocumentsBad(t *testing.T) {
	good := zipOf(t, "word/_rels/document.xml.rels", testRels, "word/document.xml", testDocument)
	for _, tc := range []struct {
		name string
		typ  Type
		in   []byte
		want []string // URIs
		errs []string // error texts
	}{
		{"good.docx", OOXML, good, []string{"https://a.example/rel", "https://a.example/text"}, nil},
		{"broken.docx", OOXML, good[:len(good)-10], nil,
			[]string{"extract: broken.docx: not a readable zip container: zip: not a valid zip file"}},
		{"empty.docx", OOXML, nil, nil,
			[]string{"extract: empty.docx: not a readable zip container: zip: not a valid zip file"}},
		{"badxml.docx", OOXML, zipOf(t, "word/_rels/document.xml.rels", testRels, "word/document.xml", "<w:document><w:p>https://a.example/lost",
			"word/footnotes.xml", "<w:p><w:r><w:t>https://a.example/again</w:t></w:r></w:p>"),
			// The bad part refers to no relationship before its error (a
			// relationship is a link only where a part uses it), and its
			// text outside w:t is no text; the next part is read.
			[]string{"https://a.example/again"},
			[]string{"extract: badxml.docx: part word/document.xml: offset 39: malformed XML: XML syntax error on line 1: unexpected EOF"}},
		{"badxml-used.docx", OOXML, zipOf(t, "word/_rels/document.xml.rels", testRels, "word/document.xml",
			`<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><w:p><w:hyperlink r:id="rId1"><w:r><w:t>x`),
			// What the bad part held before its error is kept: the
			// relationship it used.
			[]string{"https://a.example/rel"},
			[]string{"extract: badxml-used.docx: part word/document.xml: offset 202: malformed XML: XML syntax error on line 1: unexpected EOF"}},
		{"badxml.odt", ODF, zipOf(t, "mimetype", "application/vnd.oasis.opendocument.text", "content.xml", "<office:document-content><text:p>x</text:q>"), nil,
			[]string{"extract: badxml.odt: part content.xml: offset 43: malformed XML: XML syntax error on line 1: element <p> closed by </q>"}},
		{"nocontainer.epub", EPUB, zipOf(t, "mimetype", "application/epub+zip"), nil,
			[]string{"extract: nocontainer.epub: part META-INF/container.xml: no META-INF/container.xml: not an EPUB container"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			uris, errs := scanAll(tc.in, Options{Name: tc.name, Type: tc.typ, Keep: true})
			if strings.Join(uris, " ") != strings.Join(tc.want, " ") {
				t.Errorf("%s: got %q, want %q", tc.name, uris, tc.want)
			}
			var got []string
			for _, err := range errs {
				got = append(got, err.Error())
			}
			if strings.Join(got, "\n") != strings.Join(tc.errs, "\n") {
				t.Errorf("%s: errors\n%s\nwant\n%s", tc.name, strings.Join(got, "\n"), strings.Join(tc.errs, "\n"))
			}
		})
	}
}

// bombZip returns a DOCX of four entries that each decompress to about
// 20*n bytes of XML, deflated once, and two small parts with a link each.
func bombZip(t *testing.T, n int) []byte {
	bomb := []byte("<w:document>" + strings.Repeat("<w:t>aaaaaaaaaa</w:t>", n) + "</w:document>")
	var deflated bytes.Buffer
	fw, _ := flate.NewWriter(&deflated, flate.BestSpeed)
	fw.Write(bomb)
	fw.Close()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	small := "<w:p><w:r><w:t>https://a.example/small</w:t></w:r></w:p>"
	for _, name := range []string{"word/document.xml", "word/footnotes.xml", "word/a.xml", "word/b.xml", "word/c.xml", "word/d.xml"} {
		if name == "word/footnotes.xml" || name == "word/d.xml" {
			f, _ := w.Create(name)
			f.Write([]byte(small))
			continue
		}
		f, err := w.CreateRaw(&zip.FileHeader{Name: name, Method: zip.Deflate, CRC32: crc32.ChecksumIEEE(bomb),
			CompressedSize64: uint64(deflated.Len()), UncompressedSize64: uint64(len(bomb))})
		if err != nil {
			t.Fatal(err)
		}
		f.Write(deflated.Bytes())
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestDocumentsZipBomb checks that an entry that decompresses past
// MaxZipEntrySize, and a container past MaxZipSize, are errors for their
// entry, read with memory bounded by the limits, not by the bomb; the
// entries after the one that passes MaxZipSize are not read.
func TestDocumentsZipBomb(t *testing.T) {
	defer func(e, z int64) { MaxZipEntrySize, MaxZipSize = e, z }(MaxZipEntrySize, MaxZipSize)
	MaxZipEntrySize, MaxZipSize = 1<<20, 3<<20
	var allocs []uint64
	for _, n := range []int{1 << 17, 1 << 20} { // 2.5 MiB and 20 MiB an entry
		in := bombZip(t, n)
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		uris, errs := scanAll(in, Options{Name: "bomb.docx", Type: OOXML, Keep: true})
		runtime.ReadMemStats(&after)
		allocs = append(allocs, after.TotalAlloc-before.TotalAlloc)
		if got := strings.Join(uris, " "); got != "https://a.example/small" {
			t.Errorf("n=%d: got %q, want the link of footnotes.xml", n, got)
		}
		// word/b.xml passes MaxZipSize: its error, and the entries after
		// it are not read.
		want := []string{"word/document.xml", "word/a.xml", "word/b.xml"}
		if len(errs) != len(want) {
			t.Fatalf("n=%d: got %d errors, want %d: %v", n, len(errs), len(want), errs)
		}
		for i, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.Part != want[i] || e.File != "bomb.docx" || !errors.Is(err, ErrZipBomb) {
				t.Errorf("n=%d: error %d: %v, want ErrZipBomb in %s", n, i, err, want[i])
			}
		}
	}
	// What is read, and so allocated, is bounded by the limits: bombs
	// 8 times larger take about as much.
	if allocs[1] > allocs[0]*3/2 {
		t.Errorf("allocations grow with the bomb: %d MiB, then %d MiB for 8 times more", allocs[0]>>20, allocs[1]>>20)
	}
}

// TestDetectDocuments checks that the documents of testdata/docs are
// told by their magic bytes, whatever their names.
func TestDetectDocuments(t *testing.T) {
	for f, want := range map[string]Type{
		"sample.docx": OOXML, "sample.pptx": OOXML, "sheet.xlsx": OOXML,
		"sample.odt": ODF, "sample.odp": ODF, "sheet.ods": ODF,
		"sample.epub": EPUB, "sample.pdf": PDF,
	} {
		b, err := os.ReadFile("testdata/docs/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if got := Detect("-", b); got != want {
			t.Errorf("Detect(%s's bytes) = %v, want %v", f, got, want)
		}
		if got := Detect(f, nil); got != want {
			t.Errorf("Detect(%s) = %v, want %v", f, got, want)
		}
	}
	if got := Detect("-", zipOf(t, "a.txt", "x")); got != Text {
		t.Errorf("Detect(any zip) = %v, want text", got)
	}
}

// BenchmarkDocuments scans each test document: MB/s by type.
func BenchmarkDocuments(b *testing.B) {
	for _, f := range []string{"markdown/links.md", "rst/restructuredtext.txt", "asciidoc/syntax.adoc",
		"docs/sample.docx", "docs/sample.odt", "docs/sample.epub", "docs/sample.pdf"} {
		in, err := os.ReadFile("testdata/" + f)
		if err != nil {
			b.Fatal(err)
		}
		typ := Detect(f, in)
		if f == "rst/restructuredtext.txt" {
			typ = RST
		}
		b.Run(f, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			for b.Loop() {
				for _, err := range Links(bytes.NewReader(in), Options{Name: f, Type: typ}) {
					if err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}
