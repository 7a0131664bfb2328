package pdfobj

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// builder writes PDF files for the tests, object by object.
type builder struct {
	b    bytes.Buffer
	offs map[int]int // object number to offset
}

func newBuilder() *builder {
	w := &builder{offs: map[int]int{}}
	w.b.WriteString("%PDF-1.7\n%\xe2\xe3\xcf\xd3\n")
	return w
}

// obj writes object num with the body body.
func (w *builder) obj(num int, body string) {
	w.offs[num] = w.b.Len()
	fmt.Fprintf(&w.b, "%d 0 obj\n%s\nendobj\n", num, body)
}

// stream writes object num, a stream of data with the dictionary
// entries dict, flate-encoded if zip.
func (w *builder) stream(num int, dict string, data []byte, zip bool) {
	if zip {
		data = deflate(data)
		dict += " /Filter /FlateDecode"
	}
	w.obj(num, fmt.Sprintf("<< /Length %d %s >>\nstream\n%s\nendstream", len(data), dict, data))
}

func deflate(b []byte) []byte {
	var z bytes.Buffer
	zw, _ := zlib.NewWriterLevel(&z, zlib.BestCompression)
	zw.Write(b)
	zw.Close()
	return z.Bytes()
}

// table writes a cross-reference table of the objects written since the
// last one, the trailer with the entries trailer, and returns the file,
// valid until the next write.
func (w *builder) table(trailer string) []byte {
	x := w.b.Len()
	nums := slices.Sorted(maps.Keys(w.offs))
	w.b.WriteString("xref\n0 1\n0000000000 65535 f \n")
	for _, n := range nums {
		fmt.Fprintf(&w.b, "%d 1\n%010d 00000 n \n", n, w.offs[n])
	}
	clear(w.offs)
	fmt.Fprintf(&w.b, "trailer\n<< %s >>\nstartxref\n%d\n%%%%EOF\n", trailer, x)
	return w.b.Bytes()
}

// objStream writes object num, an object stream of the objects bodies
// numbered from first, and returns their cross-reference entries.
func (w *builder) objStream(num, first int, bodies []string) map[int]entry {
	var head, data strings.Builder
	entries := map[int]entry{}
	for i, body := range bodies {
		fmt.Fprintf(&head, "%d %d ", first+i, data.Len())
		data.WriteString(body + "\n")
		entries[first+i] = entry{off: int64(num), idx: i, kind: inStream}
	}
	w.stream(num, fmt.Sprintf("/Type /ObjStm /N %d /First %d", len(bodies), head.Len()), []byte(head.String()+data.String()), true)
	return entries
}

// xrefStream writes object num, a cross-reference stream of the objects
// written since the last section and of more, and returns the file.
func (w *builder) xrefStream(num int, more map[int]entry, trailer string) []byte {
	w.offs[num] = w.b.Len()
	all := map[int]entry{}
	for n, off := range w.offs {
		all[n] = entry{off: int64(off), kind: inFile}
	}
	for n, e := range more {
		all[n] = e
	}
	var rows []byte
	var index []string
	for _, n := range slices.Sorted(maps.Keys(all)) {
		e := all[n]
		rows = append(rows, e.kind, byte(e.off>>24), byte(e.off>>16), byte(e.off>>8), byte(e.off), byte(e.idx>>8), byte(e.idx))
		index = append(index, fmt.Sprintf("%d 1", n))
	}
	x := w.b.Len()
	w.stream(num, fmt.Sprintf("/Type /XRef /W [1 4 2] /Index [%s] /Size %d %s", strings.Join(index, " "), num+1, trailer), rows, true)
	clear(w.offs)
	fmt.Fprintf(&w.b, "startxref\n%d\n%%%%EOF\n", x)
	return bytes.Clone(w.b.Bytes())
}

// flatPages returns a file of n pages under one node, each with a link
// annotation, sharing one content stream.
func flatPages(n int) []byte {
	w := newBuilder()
	var kids []string
	for i := range n {
		kids = append(kids, fmt.Sprintf("%d 0 R", 10+i))
	}
	w.obj(1, "<< /Type /Catalog /Pages 2 0 R >>")
	w.obj(2, fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d /Resources << >> >>", strings.Join(kids, " "), n))
	w.stream(3, "", []byte("BT (http://a.example/) Tj ET"), true)
	w.obj(4, "<< /Type /Annot /Subtype /Link /A << /S /URI /URI (http://annot.example/) >> >>")
	for i := range n {
		w.obj(10+i, "<< /Type /Page /Parent 2 0 R /Contents 3 0 R /Annots [4 0 R] >>")
	}
	return w.table("/Size 20 /Root 1 0 R")
}
