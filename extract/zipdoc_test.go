package extract

import (
	"archive/zip"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// docxWith returns a DOCX whose word/document.xml holds a paragraph with
// a link, then n bytes of "a" in one w:t: deflated, about a thousandth of
// that.
func docxWith(t *testing.T, n int) []byte {
	doc := `<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>` +
		`<w:p><w:r><w:t>https://before.example/</w:t></w:r></w:p><w:p><w:r><w:t>` + strings.Repeat("a", n) + `</w:t></w:r></w:p></w:body></w:document>`
	return zipOf(t, "[Content_Types].xml", "<Types/>", "word/document.xml", doc,
		"word/footnotes.xml", "<w:p><w:r><w:t>https://after.example/</w:t></w:r></w:p>")
}

// TestZipRatio checks the limit proportional to the container's size: an
// entry that inflates past zipRatio times it is an error naming the file
// and the entry, read no further than the limit, the links found before
// kept; one within it is read whole.
func TestZipRatio(t *testing.T) {
	small := docxWith(t, zipFloor/2) // within the floor
	if uris, errs := scanAll(small, Options{Name: "ok.docx", Type: OOXML}); len(errs) > 0 || len(uris) != 2 {
		t.Errorf("a DOCX within the floor: links %q, errors %v; want both links, no error", uris, errs)
	}
	for _, n := range []int{8 << 20, 32 << 20} {
		in := docxWith(t, n)
		var uris []string
		var errs []error
		alloc := allocated(func() { uris, errs = scanAll(in, Options{Name: "bomb.docx", Type: OOXML}) })
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || e.File != "bomb.docx" || e.Part != "word/document.xml" || !errors.Is(errs[0], ErrZipBomb) {
			t.Errorf("%d MiB in %d bytes: errors %v, want one ErrZipBomb for bomb.docx, word/document.xml", n>>20, len(in), errs)
		}
		if strings.Join(uris, " ") != "https://before.example/" {
			t.Errorf("%d MiB in %d bytes: links %q, want the one before the bomb", n>>20, len(in), uris)
		}
		// What is read is bounded by the container's limit, not by
		// what it holds: a few times zipRatio times its size.
		if limit := uint64(max(zipRatio*len(in), zipFloor)); alloc > 8*limit {
			t.Errorf("%d MiB in %d bytes: %d bytes allocated, more than 8 times the limit, %d", n>>20, len(in), alloc, limit)
		}
	}
}

// TestZipHostile checks the zip reader against the shapes of hostile
// zips: many tiny entries (linear), entries that share one deflated
// stream (a zip quine: one error, what is read bounded by the
// container's limit), sizes declared far from the truth, and a zip bomb
// nested in an entry (not read).
func TestZipHostile(t *testing.T) {
	t.Run("many tiny entries", func(t *testing.T) {
		var allocs []uint64
		for _, n := range []int{2000, 16000} {
			files := []string{"word/document.xml", "<w:p><w:r><w:t>https://a.example/</w:t></w:r></w:p>"}
			for i := range n {
				files = append(files, fmt.Sprintf("word/p%d.bin", i), "")
			}
			in := zipOf(t, files...)
			var uris []string
			var errs []error
			allocs = append(allocs, allocated(func() { uris, errs = scanAll(in, Options{Name: "tiny.docx", Type: OOXML}) }))
			if len(errs) > 0 || len(uris) != 1 {
				t.Errorf("%d entries: links %q, errors %v; want the one link", n, uris, errs)
			}
		}
		if allocs[1] > 12*allocs[0] {
			t.Errorf("%d bytes allocated for 2000 entries, %d for 16000: more than linear", allocs[0], allocs[1])
		}
	})
	t.Run("entries sharing one stream", func(t *testing.T) {
		in := quine(t, 200, 1<<20)
		var uris []string
		var errs []error
		alloc := allocated(func() { uris, errs = scanAll(in, Options{Name: "quine.docx", Type: OOXML}) })
		if len(errs) != 1 || !errors.Is(errs[0], ErrZipBomb) || !strings.Contains(errs[0].Error(), "the container's entries") {
			t.Errorf("errors %d: %.300v, want one ErrZipBomb for the container", len(errs), errs)
		}
		if len(uris) == 0 {
			t.Errorf("no links: those of the entries read before the limit are kept")
		}
		if limit := uint64(max(zipRatio*len(in), zipFloor)); alloc > 8*limit {
			t.Errorf("%d bytes allocated, more than 8 times the limit, %d", alloc, limit)
		}
	})
	t.Run("declared sizes", func(t *testing.T) {
		for _, declared := range []uint64{1 << 50, 10} {
			in := withDeclaredSize(t, zipOf(t, "word/document.xml", testDocument), declared)
			var uris []string
			var errs []error
			alloc := allocated(func() { uris, errs = scanAll(in, Options{Name: "size.docx", Type: OOXML}) })
			var e *Error
			if len(errs) != 1 || !errors.As(errs[0], &e) || e.Part != "word/document.xml" {
				t.Errorf("declared %d: errors %v, want one for word/document.xml", declared, errs)
			}
			if alloc > 1<<20 {
				t.Errorf("declared %d: %d bytes allocated for %d bytes", declared, alloc, len(in))
			}
			_ = uris
		}
	})
	t.Run("nested zip bomb", func(t *testing.T) {
		inner := docxWith(t, 16<<20)
		in := zipOf(t, "word/document.xml", "<w:p><w:r><w:t>https://a.example/</w:t></w:r></w:p>", "word/embeddings/inner.docx", string(inner))
		var uris []string
		var errs []error
		alloc := allocated(func() { uris, errs = scanAll(in, Options{Name: "nested.docx", Type: OOXML}) })
		if len(errs) > 0 || strings.Join(uris, " ") != "https://a.example/" {
			t.Errorf("links %q, errors %v; want the outer document's link only", uris, errs)
		}
		if alloc > 1<<20 {
			t.Errorf("%d bytes allocated for %d bytes", alloc, len(in))
		}
	})
}

// quine returns a DOCX of n entries word/pI.xml whose central directory
// records all point at the one local entry, a paragraph with a link and
// size bytes of "a" in a w:t.
func quine(t *testing.T, n, size int) []byte {
	doc := "<w:p><w:r><w:t>https://q.example/ " + strings.Repeat("a", size) + "</w:t></w:r></w:p>"
	one := zipOf(t, "word/p.xml", doc)
	cd := bytes.LastIndex(one, []byte("PK\x01\x02"))
	eocd := bytes.LastIndex(one, []byte("PK\x05\x06"))
	rec := one[cd:eocd] // name "word/p.xml", offset 0
	var out bytes.Buffer
	out.Write(one[:cd])
	start := out.Len()
	for i := range n {
		r := bytes.Clone(rec[:46])
		name := fmt.Sprintf("word/%08d.xml", i)
		binary.LittleEndian.PutUint16(r[28:], uint16(len(name)))
		binary.LittleEndian.PutUint16(r[30:], 0)
		binary.LittleEndian.PutUint16(r[32:], 0)
		out.Write(r)
		out.WriteString(name)
	}
	end := bytes.Clone(one[eocd : eocd+22])
	binary.LittleEndian.PutUint16(end[8:], uint16(n))
	binary.LittleEndian.PutUint16(end[10:], uint16(n))
	binary.LittleEndian.PutUint32(end[12:], uint32(out.Len()-start))
	binary.LittleEndian.PutUint32(end[16:], uint32(start))
	out.Write(end)
	if _, err := zip.NewReader(bytes.NewReader(out.Bytes()), int64(out.Len())); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

// withDeclaredSize returns the zip in, of one entry, with the entry's
// uncompressed size in its central directory record set to size.
func withDeclaredSize(t *testing.T, in []byte, size uint64) []byte {
	out := bytes.Clone(in)
	cd := bytes.LastIndex(out, []byte("PK\x01\x02"))
	if size > 1<<32-2 {
		size = 1<<32 - 2 // as large as 32 bits hold
	}
	binary.LittleEndian.PutUint32(out[cd+24:], uint32(size))
	if _, err := zip.NewReader(bytes.NewReader(out), int64(len(out))); err != nil {
		t.Fatal(err)
	}
	return out
}
