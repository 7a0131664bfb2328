package extract

import (
	"bufio"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/iotest"
)

// TestDetectTypeOneByte checks that deciding early changes nothing:
// detectType reading one byte at a time gives Detect's type on the whole
// head, for the inputs under testdata and some made to sit on the edges.
func TestDetectTypeOneByte(t *testing.T) {
	inputs := map[string]string{
		"uri line":       "http://a.example/one\nmore text\n",
		"field then not": "Subject: hi\nnot a field line\n",
		"two fields":     "X-A: 1\nFrom: a@b\n\nbody http://a/\n",
		"folded":         "From: a@b\n  continued\nTo: c@d\n\n",
		"one field":      "Content-Type: text/plain\n\nhttp://a/\n",
		"mbox":           "From a@b Mon Jan  1 00:00:00 2024\nFrom: a@b\n\n",
		"mbox no time":   "From here on, see http://a/\n",
		"xml html":       "<?xml version=\"1.0\"?>\n<html><a href=x>x</a></html>\n",
		"html late":      "\n\n   <!doctype html>\n<p>\n",
		"bom text":       "\xef\xbb\xbfhttp://a/\n",
		"utf16":          "\xff\xfeh\x00t\x00t\x00p\x00:\x00/\x00/\x00a\x00\n\x00",
		"blank first":    "\nFrom: a@b\nTo: c\n\n",
	}
	for _, dir := range []string{"testdata/text", "testdata/mail", "testdata/mbox", "testdata/html"} {
		filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
			if err == nil && d.Type().IsRegular() {
				if b, err := os.ReadFile(path); err == nil {
					inputs[path] = string(b)
				}
			}
			return nil
		})
	}
	for name, in := range inputs {
		head := in[:min(len(in), sniffLen)]
		want := Detect("input", []byte(head))
		pr := &pauseReader{r: iotest.OneByteReader(strings.NewReader(in))}
		got, err := detectType("input", bufio.NewReaderSize(pr, sniffLen), pr)
		if err != nil || got != want {
			t.Errorf("%s: detectType one byte at a time = %v, %v; Detect on the head = %v", name, got, err, want)
		}
	}
}

func TestTypeByName(t *testing.T) {
	for _, tt := range []struct {
		name string
		typ  Type
		ok   bool
	}{
		{"a.txt", Text, true}, {"a.HTML", HTML, true}, {"a.eml", Mail, true}, {"a.mbox", Mbox, true},
		{"a", Text, false}, {"-", Text, false}, {"a.log", Text, false},
	} {
		typ, ok := typeByName(tt.name)
		if ok != tt.ok || ok && typ != tt.typ {
			t.Errorf("typeByName(%q) = %v, %v; want %v, %v", tt.name, typ, ok, tt.typ, tt.ok)
		}
	} // The name decides when Detect gives it one type whatever the head.
	heads := [][]byte{nil, []byte("<p>\n"), []byte("From a@b Thu Jan  1 00:00:00 1970\n"), []byte("Subject: x\n\n"), []byte("%PDF-1.7\n")}
	for _, name := range []string{"a.TXT", "b.Md", "c.adoc", "d.rst", "e.docx", "f.odt", "g.epub", "h.pdf", "i.xhtml",
		"j.mht", "k.mbx", "l.warc", "m.WARC.GZ", "n.wat.gz", "dir.html/o", "spam/00001.7c53336b37003a9286aba55d2945844c", "p."} {
		typ, ok := typeByName(name)
		same := true
		for _, h := range heads[1:] {
			same = same && Detect(name, h) == Detect(name, nil)
		}
		if ok != same || ok && typ != Detect(name, nil) {
			t.Errorf("typeByName(%q) = %v, %v; Detect gives %v, the same on every head: %v", name, typ, ok, Detect(name, nil), same)
		}
	}
	// Asked for each file of a tree, it allocates nothing.
	if n := testing.AllocsPerRun(10, func() { typeByName("spam/00001.7c53336b37003a9286aba55d2945844c") }); n != 0 {
		t.Errorf("typeByName: %v allocations; want 0", n)
	}
}
