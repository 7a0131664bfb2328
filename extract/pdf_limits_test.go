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

// TestPDFTextMemory checks that reading a content stream allocates in
// proportion to the text it shows, not to the number of its tokens: a
// stream of a million operands shows nothing.
func TestPDFTextMemory(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content []byte
	}{
		{"operands", bytes.Repeat([]byte("1 "), 1<<20)},
		{"operators", bytes.Repeat([]byte("q Q "), 1<<19)},
	} {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		text := pdfText(tc.content, nil)
		runtime.ReadMemStats(&m1)
		if len(text) != 0 {
			t.Errorf("%s: text %q, want none", tc.name, text[:min(len(text), 20)])
		}
		if got := m1.TotalAlloc - m0.TotalAlloc; got > uint64(len(tc.content)) {
			t.Errorf("%s: allocated %d bytes for %d of content, want at most as many", tc.name, got, len(tc.content))
		}
	}
}

// TestPDFCMapRanges checks that the ranges of a ToUnicode CMap are kept
// as ranges: 64 ranges of 65536 codes take memory for 64, not for four
// million codes; and that codes still map to their text.
func TestPDFCMapRanges(t *testing.T) {
	var b strings.Builder
	b.WriteString("begincmap\n64 beginbfrange\n")
	for i := range 64 {
		fmt.Fprintf(&b, "<%04X0000> <%04XFFFF> <0041>\n", i, i)
	}
	b.WriteString("endbfrange\n2 beginbfrange\n<00400000> <00400002> <D83DDE00>\n<00410000> <00410001> [<0078> <0079>]\nendbfrange\n")
	b.WriteString("1 beginbfchar\n<00000001> <263A>\nendbfchar\nendcmap\n")
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	m := parseCMap([]byte(b.String()))
	runtime.ReadMemStats(&m1)
	if got := m1.TotalAlloc - m0.TotalAlloc; got > 1<<20 {
		t.Errorf("parseCMap allocated %d bytes for 64 ranges, want at most 1 MiB", got)
	}
	for _, tc := range []struct {
		code []byte
		want string
	}{
		{[]byte{0, 0, 0, 0}, "A"},
		{[]byte{0, 0, 0, 1}, "☺"}, // bfchar
		{[]byte{0, 0, 0, 2}, "C"},
		{[]byte{0, 5, 0, 25}, "Z"},
		{[]byte{0, 0x40, 0, 2}, "😂"}, // U+1F600 + 2, a surrogate pair
		{[]byte{0, 0x41, 0, 1}, "y"}, // an array of destinations
		{[]byte{0, 0x50, 0, 0}, ""},  // in no range
	} {
		if got := string(m.decode(nil, tc.code)); got != tc.want {
			t.Errorf("code % x: %q, want %q", tc.code, got, tc.want)
		}
	}
}
