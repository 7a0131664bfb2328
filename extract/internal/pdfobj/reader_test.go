package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"
)

var testLimits = Limits{Decoded: 64 << 20, Parsed: 256 << 20}

// walk reads every page of the file b: the URIs of its link annotations
// and its content, as "uri" and "text:content" lines; the errors of the
// pages as "error:" lines.
func walk(b []byte, lim Limits) ([]string, Stats, error) {
	r := newReader(b, lim)
	if err := r.open(); err != nil {
		return nil, r.Stats(), err
	}
	var out []string
	for p, err := range r.Pages() {
		if err != nil {
			out = append(out, "error: "+err.Error())
			continue
		}
		annots, _ := r.Resolve(p.Dict["Annots"])
		a, _ := annots.(Array)
		for _, a := range a {
			d, _ := r.Dict(a)
			act, _ := r.Dict(d["A"])
			if uri, ok := act["URI"].(String); ok {
				out = append(out, string(uri))
			}
		}
		c, err := r.Resolve(p.Dict["Contents"])
		if s, ok := c.(Stream); ok && err == nil {
			var data []byte
			if data, err = r.Decode(s, min(1<<20, lim.Decoded)); err == nil {
				out = append(out, "text:"+string(data))
			}
		}
		if err != nil {
			out = append(out, "error: "+err.Error())
		}
	}
	return out, r.Stats(), nil
}

func TestRead(t *testing.T) {
	content := "BT (http://a.example/) Tj ET"
	page := "<< /Type /Page /Parent 2 0 R /Contents 4 0 R /Annots [5 0 R] >>"
	annot := "<< /Subtype /Link /A << /S /URI /URI (http://annot.example/\\051) >> >>"
	want := []string{"http://annot.example/)", "text:" + content}
	for _, tc := range []struct {
		name string
		file func() []byte
		want []string
	}{
		{"table", func() []byte {
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
			w.obj(3, page)
			w.stream(4, "", []byte(content), true)
			w.obj(5, annot)
			return w.table("/Size 6 /Root 1 0 R")
		}, want},
		{"streams", func() []byte {
			w := newBuilder()
			more := w.objStream(6, 1, []string{"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>", page})
			w.stream(4, "", []byte(content), true)
			more[5] = entry{off: 7, idx: 3, kind: inStream} // a wrong index, found by number
			w.objStream(7, 5, []string{annot})
			return w.xrefStream(8, more, "/Root 1 0 R")
		}, want},
		{"update", func() []byte {
			// An incremental update replaces object 5, and the
			// /Length of 4 is an indirect object.
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
			w.obj(3, page)
			w.obj(4, fmt.Sprintf("<< /Length 9 0 R >>\nstream\n%s\nendstream", content))
			w.obj(9, fmt.Sprint(len(content)))
			w.obj(5, "<< /Subtype /Link /A << /S /URI /URI (http://old.example/) >> >>")
			b := w.table("/Size 10 /Root 1 0 R")
			w.obj(5, annot)
			return w.table(fmt.Sprintf("/Size 10 /Root 1 0 R /Prev %d", bytes.LastIndex(b[:len(b)-30], []byte("xref"))))
		}, want},
		{"broken xref", func() []byte {
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
			w.obj(3, page)
			// A /Length too long, and no endstream after it.
			w.obj(4, fmt.Sprintf("<< /Length 999999 >>\nstream\n%s\nendstream", content))
			w.obj(5, annot)
			b := w.table("/Size 6 /Root 1 0 R")
			return bytes.Replace(b, []byte(" 00000 n"), []byte("7 00000 n"), -1)
		}, want},
		{"no xref", func() []byte {
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
			w.obj(3, page)
			w.stream(4, "", []byte(content), true)
			w.obj(5, annot)
			return w.b.Bytes()
		}, want},
		{"filters", func() []byte {
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
			w.obj(3, page)
			hex := fmt.Sprintf("%x>", deflate([]byte(content)))
			w.obj(4, fmt.Sprintf("<< /Length %d /Filter [/AHx /Fl] >>\nstream\n%s\nendstream", len(hex), hex))
			w.obj(5, annot)
			return w.table("/Size 6 /Root 1 0 R")
		}, want},
		{"page tree loop", func() []byte {
			w := newBuilder()
			w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
			w.obj(2, "<< /Type /Pages /Kids [6 0 R 3 0 R] /Count 1 >>")
			w.obj(6, "<< /Type /Pages /Kids [2 0 R] /Count 1 >>")
			w.obj(3, page)
			w.stream(4, "", []byte(content), true)
			w.obj(5, annot)
			return w.table("/Size 7 /Root 1 0 R")
		}, append([]string{"error: page tree holds node 2 twice"}, want...)},
	} {
		got, _, err := walk(tc.file(), testLimits)
		if err != nil || !slices.EqualFunc(got, tc.want, func(g, w string) bool {
			return g == w || strings.HasPrefix(w, "error: ") && strings.HasSuffix(g, w[len("error: "):])
		}) {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

// TestBad checks files that are errors for the file.
func TestBad(t *testing.T) {
	for _, tc := range []struct {
		name, file, want string
	}{
		{"no header", "hello", "no %PDF- header"},
		{"nothing", "%PDF-1.7\nnot really\n", "no catalog found"},
		{"no catalog", "%PDF-1.7\n1 0 obj\n<< /Type /Pages /Kids [] >>\nendobj\ntrailer\n<< /Root 2 0 R >>\n", "no document catalog"},
	} {
		_, err := Open([]byte(tc.file), testLimits)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error with %q", tc.name, err, tc.want)
		}
	}
}

// TestLZW decodes the example of §7.4.4.2.
func TestLZW(t *testing.T) {
	in := []byte{0x80, 0x0B, 0x60, 0x50, 0x22, 0x0C, 0x0C, 0x85, 0x01}
	r := &Reader{lim: testLimits}
	got, err := r.filter(in, Name("LZWDecode"), nil, 1<<20)
	if want := "\x2D\x2D\x2D\x2D\x2D\x41\x2D\x2D\x2D\x42"; string(got) != want || err != nil {
		t.Errorf("LZW: % x, %v; want % x", got, err, want)
	}
}

// TestRunLength decodes runs longer than a read.
func TestRunLength(t *testing.T) {
	in := []byte{2, 'a', 'b', 'c', 256 - 100, 'x', 0, 'y', 128, 'z'}
	r := &Reader{lim: testLimits}
	got, err := r.filter(in, Name("RunLengthDecode"), nil, 1<<20)
	if want := "abc" + strings.Repeat("x", 101) + "y"; string(got) != want || err != nil {
		t.Errorf("RunLength: %q, %v; want %q", got, err, want)
	}
}

// TestPNGPredictor decodes rows of each PNG filter type.
func TestPNGPredictor(t *testing.T) {
	rows := []byte{
		0, 1, 2, 3, // none: 1 2 3
		1, 1, 1, 1, // sub: 1 2 3
		2, 1, 1, 1, // up: 2 3 4
		3, 2, 2, 2, // average: 2+(0+2)/2, 2+(3+3)/2, 2+(5+4)/2
		4, 0, 0, 0, // paeth: up, up, up
	}
	got, err := unpredict(slices.Clone(rows), Dict{"Predictor": int64(12), "Columns": int64(3)})
	want := []byte{1, 2, 3, 1, 2, 3, 2, 3, 4, 3, 5, 6, 3, 5, 6}
	if !bytes.Equal(got, want) || err != nil {
		t.Errorf("predictor: %v, %v; want %v", got, err, want)
	}
}

// TestEncrypted reads files that qpdf encrypted with an empty user
// password (see testdata/README.md).
func TestEncrypted(t *testing.T) {
	plain, err := os.ReadFile("testdata/plain.pdf")
	if err != nil {
		t.Fatal(err)
	}
	want, _, err := walk(plain, testLimits)
	if err != nil || len(want) == 0 {
		t.Fatalf("plain.pdf: %q, %v", want, err)
	}
	for _, name := range []string{"rc4-40.pdf", "rc4-128.pdf", "aes-128.pdf", "aes-128-objstm.pdf", "aes-256.pdf", "aes-256-r5.pdf"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := walk(b, testLimits)
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	b, err := os.ReadFile("testdata/user-password.pdf")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := Open(b, testLimits); !errors.Is(err, ErrEncrypted) {
		t.Errorf("user-password.pdf: %v, want ErrEncrypted", err)
	}
}
