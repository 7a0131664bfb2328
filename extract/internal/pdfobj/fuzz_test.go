package pdfobj

import (
	"testing"
)

// FuzzOpen reads any file as a PDF: it must not panic, nor decode or
// parse past its limits by more than one read.
func FuzzOpen(f *testing.F) {
	// The seeds are small: the fuzzer minimizes each new input in time
	// that grows with the square of its size, and seeds of a kilobyte
	// and more (the encrypted files) kept it minimizing for the whole
	// of a 10 s run, at 0 executions a second.
	for _, b := range fuzzSeeds() {
		f.Add(b)
	}
	lim := Limits{Decoded: 64 << 10, Parsed: 256 << 10}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, s, _ := walk(b, lim)
		if s.Decoded > lim.Decoded {
			t.Errorf("decoded %d bytes, past the limit", s.Decoded)
		}
		if s.Parsed > lim.Parsed+int64(len(b)) {
			t.Errorf("parsed %d bytes, past the limit", s.Parsed)
		}
	})
}

// fuzzSeeds returns small files of each structure the reader knows.
func fuzzSeeds() [][]byte {
	page := "<</Type/Page/Contents 4 0 R/Annots[<</Subtype/Link/A<</S/URI/URI(http://a)>>>>]>>"
	seeds := [][]byte{
		[]byte("%PDF-1.7\n1 0 obj<</Pages 2 0 R>>endobj 2 0 obj<</Kids[3 0 R]>>endobj 3 0 obj" + page +
			"endobj 4 0 obj<</Length 12>>stream\nBT (x) Tj ET\nendstream endobj trailer<</Root 1 0 R>>"),
	}
	w := newBuilder()
	w.obj(1, "<</Pages 2 0 R>>")
	w.obj(2, "<</Kids[3 0 R]>>")
	w.obj(3, page)
	w.stream(4, "/DecodeParms<</Predictor 12/Columns 4>>", []byte("\x00BT (\x02\x00\x00\x00"), true)
	seeds = append(seeds, w.table("/Root 1 0 R"))
	w = newBuilder()
	more := w.objStream(5, 1, []string{"<</Pages 2 0 R>>", "<</Kids[3 0 R]>>", page})
	w.obj(4, "<</Length 4/Filter/AHx>>stream\n4a4>\nendstream")
	seeds = append(seeds, w.xrefStream(6, more, "/Root 1 0 R"))
	for _, tc := range hostile {
		if b := tc.file(2); len(b) < 512 {
			seeds = append(seeds, b)
		}
	}
	return seeds
}
