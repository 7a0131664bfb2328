package pdfobj

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"
)

// hostile are the shapes of file the reader must read in linear time:
// each a file of about n units.
var hostile = []struct {
	name string
	file func(n int) []byte
}{
	{"flat pages", flatPages},
	{"deep page tree", func(n int) []byte {
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 10 0 R >>")
		for i := range n {
			w.obj(10+i, fmt.Sprintf("<< /Type /Pages /Kids [%d 0 R] /Count 1 >>", 11+i))
		}
		w.obj(10+n, "<< /Type /Page >>")
		return w.table("/Root 1 0 R")
	}},
	{"page tree loop", func(n int) []byte {
		// Every node holds the first and the next: each node is met
		// twice, and the tree does not end.
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 10 0 R >>")
		for i := range n {
			w.obj(10+i, fmt.Sprintf("<< /Type /Pages /Kids [10 0 R %d 0 R 2 0 R] >>", 10+(i+1)%n))
		}
		w.obj(2, "<< /Type /Page >>")
		return w.table("/Root 1 0 R")
	}},
	{"prev loop", func(n int) []byte {
		// n updates, the first of which names the last as its /Prev.
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, "<< /Type /Pages /Kids [] >>")
		var b []byte
		prev := 0
		for i := range n {
			w.obj(3+i, "<< /Type /Page >>")
			b = w.table(fmt.Sprintf("/Root 1 0 R /Prev %010d", prev))
			prev = bytes.LastIndex(b, []byte("\nxref")) + 1
		}
		first := bytes.Index(b, []byte("/Prev 0000000000"))
		copy(b[first:], fmt.Sprintf("/Prev %010d", prev))
		return b
	}},
	{"object streams in each other", func(n int) []byte {
		// Object stream k holds object k+1 ... and the last holds the
		// first: no object can be read.
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] >>", strings.Repeat("10 0 R ", n)))
		more := map[int]entry{}
		for i := range n {
			more[10+i] = entry{off: int64(10 + (i+1)%n), kind: inStream}
		}
		return w.xrefStream(9, more, "/Root 1 0 R")
	}},
	{"length in its own stream", func(n int) []byte {
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] >>", strings.Repeat("11 0 R ", n)))
		w.obj(10, "<< /Type /ObjStm /N 2 /First 8 /Length 12 0 R >>\nstream\n11 0 12 30 << /Type /Page >> 20\nendstream")
		return w.xrefStream(9, map[int]entry{11: {off: 10, kind: inStream}, 12: {off: 10, idx: 1, kind: inStream}}, "/Root 1 0 R")
	}},
	{"huge lengths", func(n int) []byte {
		// Streams whose /Length runs past the end and that have no
		// endstream: each would be searched for to the end.
		w := newBuilder()
		var kids []string
		for i := range n {
			kids = append(kids, fmt.Sprintf("%d 0 R", 10+2*i))
			w.obj(10+2*i, fmt.Sprintf("<< /Type /Page /Contents %d 0 R >>", 11+2*i))
			w.obj(11+2*i, "<< /Length 99999999999 >>\nstream\nBT (x) Tj ET\n")
		}
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] >>", strings.Join(kids, " ")))
		return w.table("/Root 1 0 R")
	}},
	{"shared bomb", func(n int) []byte {
		// n pages share a content stream of 4 MiB in 4 KB.
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] >>", strings.Repeat("3 0 R ", n)))
		w.obj(3, "<< /Type /Page /Contents 4 0 R >>")
		w.stream(4, "", make([]byte, 4<<20), true)
		return w.table("/Root 1 0 R")
	}},
	{"nested strings, no xref", func(n int) []byte {
		// Every "obj" starts a string that runs to the end of the file.
		var b strings.Builder
		b.WriteString("%PDF-1.7\n")
		for i := range n {
			fmt.Fprintf(&b, "%d 0 obj (", i+1)
		}
		return []byte(b.String())
	}},
	{"nested arrays", func(n int) []byte {
		w := newBuilder()
		w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
		w.obj(2, "<< /Type /Pages /Kids [3 0 R] >>")
		w.obj(3, "<< /Type /Page /Annots "+strings.Repeat("[", n)+" >>")
		return w.table("/Root 1 0 R")
	}},
	{"huge subsection", func(n int) []byte {
		b := flatPages(n)
		return bytes.Replace(b, []byte("xref\n0 1\n"), []byte("xref\n0 999999999\n"), 1)
	}},
}

// work is what reading b costs, in counts the machine does not change.
func work(t *testing.T, b []byte, lim Limits) int64 {
	_, s, err := walk(b, lim)
	if err != nil {
		t.Logf("%v", err)
	}
	return int64(s.Lookups) + int64(s.Objects) + s.Parsed + s.Decoded
}

// TestLinear reads each hostile shape at n and 8n units, its limits in
// proportion, and checks that the work grows no more than 8 times.
func TestLinear(t *testing.T) {
	const n = 500
	for _, tc := range hostile {
		t0 := time.Now()
		small, large := tc.file(n), tc.file(8*n)
		ws := work(t, small, limitsFor(small))
		wl := work(t, large, limitsFor(large))
		t.Logf("%s: %d bytes: %d, %d bytes: %d %v", tc.name, len(small), ws, len(large), wl, time.Since(t0))
		if wl > 8*ws+ws/2+1024 {
			t.Errorf("%s: work %d at %d bytes, %d at %d bytes: more than linear", tc.name, ws, len(small), wl, len(large))
		}
	}
}

// limitsFor are the limits extract sets for b.
func limitsFor(b []byte) Limits {
	dec := 16<<20 + 64*int64(len(b))
	return Limits{Decoded: dec, Parsed: 4*int64(len(b)) + 2*dec + 1<<20}
}

// TestBomb checks that a stream that inflates past the limit of Decode,
// or past the budget, stops there.
func TestBomb(t *testing.T) {
	w := newBuilder()
	w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	w.obj(2, "<< /Type /Pages /Kids [3 0 R 5 0 R 6 0 R] >>")
	w.obj(3, "<< /Type /Page /Contents 4 0 R >>")
	w.obj(5, "<< /Type /Page /Contents 4 0 R >>")
	w.obj(6, "<< /Type /Page /Contents 4 0 R >>")
	w.stream(4, "", make([]byte, 64<<20), true)
	b := w.table("/Root 1 0 R")
	r, err := Open(b, Limits{Decoded: 3 << 20, Parsed: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	var errs []error
	for p := range r.Pages() {
		c, _ := r.Resolve(p.Dict["Contents"])
		_, err := r.Decode(c.(Stream), 2<<20)
		errs = append(errs, err)
	}
	if len(errs) != 3 || !errors.Is(errs[0], ErrTooLarge) || !errors.Is(errs[1], ErrBudget) || !errors.Is(errs[2], ErrBudget) {
		t.Errorf("errors %v, want ErrTooLarge then ErrBudget twice", errs)
	}
	if d := r.Stats().Decoded; d > 3<<20 {
		t.Errorf("decoded %d bytes, want at most the budget", d)
	}
}
