package extract

import (
	"archive/zip"
	"bytes"
	"errors"
	"slices"
	"testing"

	"github.com/urix/urix/internal/fuzzlimit"
)

// storedZip returns a zip archive of the files, name then content, stored
// uncompressed: a fuzzer's change to a byte is a change to the XML, not
// a broken deflate stream.
func storedZip(t testing.TB, files ...string) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := zip.NewWriter(&buf)
	for i := 0; i+1 < len(files); i += 2 {
		f, err := w.CreateHeader(&zip.FileHeader{Name: files[i], Method: zip.Store})
		if err == nil {
			_, err = f.Write([]byte(files[i+1]))
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// docSeed is a seed of FuzzDocuments: a small document of a type, with the
// links it holds, sorted.
type docSeed struct {
	typ   Type
	doc   []byte
	links []string
}

// docSeeds returns the seeds of FuzzDocuments. They are small on purpose:
// the fuzzer minimizes each input that finds new code, in runs quadratic
// in its bytes (see fuzzlimit); from the test documents (5 to 21 KB) that
// took all of -fuzzminimizetime of a worker, so that a 10 s run made a
// dozen executions and no new input.
func docSeeds(t testing.TB) []docSeed {
	const odfContent = `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" ` +
		`xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text>` +
		`<text:p>see https://o.example/ and <text:a xlink:href="https://o.example/a">a</text:a></text:p></office:text></office:body></office:document-content>`
	const opf = `<package xmlns="http://www.idpf.org/2007/opf" version="3.0"><manifest>` +
		`<item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="c"/></spine></package>`
	return []docSeed{
		{OOXML, storedZip(t, "word/_rels/document.xml.rels", testRels, "word/document.xml", testDocument),
			// The runs "see https://a.example/" and "text" are one text.
			[]string{"https://a.example/rel", "https://a.example/text"}},
		{ODF, storedZip(t, "mimetype", "application/vnd.oasis.opendocument.text", "content.xml", odfContent),
			[]string{"https://o.example/", "https://o.example/a"}},
		{EPUB, storedZip(t, "mimetype", "application/epub+zip",
			"META-INF/container.xml", `<container xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="b/p.opf"/></rootfiles></container>`,
			"b/p.opf", opf,
			"b/c.xhtml", `<html xmlns="http://www.w3.org/1999/xhtml"><body><p><a href="https://e.example/">e</a> http://e.example/t</p></body></html>`),
			[]string{"http://e.example/t", "https://e.example/"}},
		{PDF, testPDF([]byte("BT /F1 12 Tf 72 712 Td (see https://text.example/) Tj ET")),
			[]string{"https://annot.example/", "https://text.example/"}},
	}
}

// TestDocSeeds checks that the seeds of FuzzDocuments are small and each a
// document of its type whose links are found: inputs the fuzzer starts
// from reach the scanners' depths, and minimizing what it finds from them
// takes a second, not the minute that left it at 0 executions a second.
func TestDocSeeds(t *testing.T) {
	for _, s := range docSeeds(t) {
		if len(s.doc) > 2048 {
			t.Errorf("%v: seed of %d bytes, want 2 KiB at most", s.typ, len(s.doc))
		}
		got, errs := scanAll(s.doc, Options{Name: "in", Type: s.typ})
		slices.Sort(got)
		if !slices.Equal(got, s.links) || len(errs) > 0 {
			t.Errorf("%v: links %q, errors %v; want %q", s.typ, got, errs, s.links)
		}
	}
}

// maxFuzzDoc bounds the inputs FuzzDocuments scans: a worker minimizing
// gives no new input, and it minimizes a larger one longer (larger
// documents are the linear-time tests' job).
const maxFuzzDoc = 4 << 10

// fuzzDocTypes are the types FuzzDocuments reads its inputs as.
var fuzzDocTypes = []Type{OOXML, ODF, EPUB, PDF}

// FuzzDocuments scans any bytes as a PDF, Office, OpenDocument or EPUB
// file, the type chosen by the fuzzer too (one scan a run, not four:
// minimizing is four times faster), seeded with a small document of each
// (docSeeds): no panic (ErrInternal), and every error an *Error naming
// the input.
func FuzzDocuments(f *testing.F) {
	for _, s := range docSeeds(f) {
		f.Add(s.doc, uint8(slices.Index(fuzzDocTypes, s.typ)))
	}
	fuzzlimit.Minimize()
	f.Fuzz(func(t *testing.T, b []byte, typ uint8) {
		if len(b) > maxFuzzDoc {
			return
		}
		tp := fuzzDocTypes[int(typ)%len(fuzzDocTypes)]
		for _, err := range Links(bytes.NewReader(b), Options{Name: "in", Type: tp}) {
			var e *Error
			if err != nil && (!errors.As(err, &e) || e.File != "in" || errors.Is(err, ErrInternal)) {
				t.Fatalf("%v: %v", tp, err)
			}
		}
	})
}
