package extract

import (
	"bytes"
	"compress/zlib"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// testPDF returns a one-page PDF whose page has a link annotation to
// https://annot.example/ and the content streams contents (flate
// encoded), its Contents an array where there are several.
func testPDF(contents ...[]byte) []byte {
	var streams, refs []string
	for i, c := range contents {
		var z bytes.Buffer
		w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		w.Write(c)
		w.Close()
		streams = append(streams, fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()))
		refs = append(refs, fmt.Sprintf("%d 0 R", 6+i))
	}
	objs := append([]string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents [" + strings.Join(refs, " ") + "] /Resources << /Font << /F1 4 0 R >> >> /Annots [5 0 R] >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		"<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /A << /S /URI /URI (https://annot.example/) >> >>",
	}, streams...)
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	var offs []int
	for i, o := range objs {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.Bytes()
}

// TestPDFContentLimit checks that a page whose content streams decode to
// more than MaxZipEntrySize, in one stream or added up over several, is
// an error for that page that wraps ErrPDFContentTooLarge, with its annotations
// still reported and the memory used bounded by the limit, not by the
// content.
func TestPDFContentLimit(t *testing.T) {
	defer func(n int64) { MaxZipEntrySize = n }(MaxZipEntrySize)
	MaxZipEntrySize = 1 << 20
	line := []byte("BT (a) Tj ET\n")
	for _, tc := range []struct {
		name     string
		contents [][]byte
	}{
		{"one stream of 16 MiB", [][]byte{bytes.Repeat(line, 16<<20/len(line))}},
		{"16 streams of 1/2 MiB", slicesRepeat(bytes.Repeat(line, 512<<10/len(line)), 16)},
	} {
		pdf := testPDF(tc.contents...)
		var links []string
		var errs []error
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		for l, err := range Links(bytes.NewReader(pdf), Options{Name: "bomb.pdf"}) {
			if err != nil {
				errs = append(errs, err)
			} else {
				links = append(links, l.URI)
			}
		}
		runtime.ReadMemStats(&m1)
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || e.File != "bomb.pdf" || e.Part != "page 1" || !errors.Is(errs[0], ErrPDFContentTooLarge) {
			t.Errorf("%s: errors %v, want one ErrPDFContentTooLarge for bomb.pdf page 1", tc.name, errs)
		}
		if len(links) != 1 || links[0] != "https://annot.example/" {
			t.Errorf("%s: links %q, want the annotation's", tc.name, links)
		}
		if got := m1.TotalAlloc - m0.TotalAlloc; got > 12*uint64(MaxZipEntrySize) {
			t.Errorf("%s: allocated %d bytes, want at most 12 × the limit (%d)", tc.name, got, MaxZipEntrySize)
		}
	}
}

func slicesRepeat(b []byte, n int) [][]byte {
	s := make([][]byte, n)
	for i := range s {
		s[i] = b
	}
	return s
}

// pdfFile returns a PDF of the objects objs, numbered from 1, the first
// the catalog, with a cross-reference table.
func pdfFile(objs []string) []byte {
	var b bytes.Buffer
	b.WriteString("%PDF-1.7\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	x := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, x)
	return b.Bytes()
}

// pdfPages returns the objects of a PDF whose page tree node 2 has the
// kids 5 to 5+n-1, and objects 3 and 4 for the caller.
func pdfPages(n int, three, four, page string) []string {
	kids := strings.Repeat("", 0)
	for i := range n {
		kids += fmt.Sprintf("%d 0 R ", 5+i)
	}
	objs := []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [" + kids + "] >>", three, four}
	for range n {
		objs = append(objs, page)
	}
	return objs
}

var hostilePDF = []struct {
	name  string
	file  func(n int) []byte
	links int // a page
}{
	{"flat pages", func(n int) []byte {
		// 400 -> 3,200 such pages took 0.11 -> 9.0 s with pdfcpu.
		return pdfFile(pdfPages(n, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
			"<< /Length 46 >>\nstream\nBT /F1 12 Tf (see http://flat.example/x) Tj ET\nendstream",
			"<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Resources << /Font << /F1 3 0 R >> >> /Annots [<< /Subtype /Link /A << /S /URI /URI (http://a.example/) >> >>] >>"))
	}, 2},
	{"deep page tree", func(n int) []byte {
		objs := []string{"<< /Type /Catalog /Pages 2 0 R >>"}
		for i := range n {
			objs = append(objs, fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] >>", i+3))
		}
		return pdfFile(append(objs, "<< /Type /Page /Contents [] >>"))
	}, 0},
	{"page tree cycle", func(n int) []byte {
		objs := []string{"<< /Type /Catalog /Pages 2 0 R >>"}
		for i := range n {
			objs = append(objs, fmt.Sprintf("<< /Type /Pages /Kids [2 0 R %d 0 R] >>", 3+(i+1)%n))
		}
		return pdfFile(objs)
	}, 0},
	{"shared content stream", func(n int) []byte {
		// n pages share a content stream of 8 MiB in 8 KB.
		var z bytes.Buffer
		w, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
		w.Write(bytes.Repeat([]byte("BT (a) Tj ET\n"), 8<<20/13))
		w.Close()
		return pdfFile(pdfPages(n, "null",
			fmt.Sprintf("<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream", z.Len(), z.Bytes()),
			"<< /Type /Page /Contents 4 0 R >>"))
	}, 0},
	{"shared fonts", func(n int) []byte {
		// Every page has the resources 3, which name n fonts; its
		// content selects one, whose ToUnicode map is read once.
		fonts := ""
		for i := range n {
			fonts += fmt.Sprintf("/F%d 4 0 R ", i)
		}
		objs := pdfPages(n, "<< /Font << "+fonts+">> >>", "<< /Type /Font /ToUnicode 5 0 R >>",
			fmt.Sprintf("<< /Type /Page /Resources 3 0 R /Contents %d 0 R >>", n+5))
		objs[3] = fmt.Sprintf("<< /Type /Font /ToUnicode %d 0 R >>", n+6)
		cmap := "1 beginbfchar <61> <0068007400740070003a002f002f0078002e006500780061006d0070006c0065002f> endbfchar"
		return pdfFile(append(objs, "<< /Length 16 >>\nstream\n/F7 1 Tf (a) Tj\nendstream",
			fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(cmap), cmap)))
	}, 1},
}

// TestPDFLinear scans each hostile PDF at n and 8n units and checks
// that the bytes allocated grow no more than linearly.
func TestPDFLinear(t *testing.T) {
	const n = 200
	for _, tc := range hostilePDF {
		small, large := tc.file(n), tc.file(8*n)
		links := 0
		scan := func(b []byte) func() {
			return func() {
				links = 0
				for _, err := range Links(bytes.NewReader(b), Options{Name: "h.pdf"}) {
					if err == nil {
						links++
					}
				}
			}
		}
		if allocated(scan(small)); links != n*tc.links {
			t.Errorf("%s: %d links, want %d", tc.name, links, n*tc.links)
		}
		as, al := allocated(scan(small)), allocated(scan(large))
		t.Logf("%s: %d bytes: %d allocated, %d bytes: %d", tc.name, len(small), as, len(large), al)
		if al > 16*as+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", tc.name, as, len(small), al, len(large))
		}
	}
}
