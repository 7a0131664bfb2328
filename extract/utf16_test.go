package extract

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
)

// toUTF16 returns s in UTF-16 in the given byte order, after a BOM when
// bom; "\uDC00"-like escapes cannot be in a Go string, so lone stands
// for a lone surrogate unit put where s has U+FFFF.
func toUTF16(s string, bigEndian, bom bool, lone uint16) []byte {
	var units []uint16
	if bom {
		units = append(units, 0xfeff)
	}
	for _, r := range s {
		if r == 0xffff {
			units = append(units, lone)
			continue
		}
		units = append(units, utf16.Encode([]rune{r})...)
	}
	b := make([]byte, 0, 2*len(units))
	for _, u := range units {
		if bigEndian {
			b = append(b, byte(u>>8), byte(u))
		} else {
			b = append(b, byte(u), byte(u>>8))
		}
	}
	return b
}

// posIn returns the byte offset and the 1-based byte column, in the UTF-16
// form of s (after a BOM when bom), of the first sub in s.
func posIn(s, sub string, bom bool) (off, col int) {
	i := strings.Index(s, sub)
	lineStart := strings.LastIndexByte(s[:i], '\n') + 1
	units := func(t string) int { return len(utf16.Encode([]rune(t))) }
	off = 2 * units(s[:i])
	ls := 2 * units(s[:lineStart])
	if bom {
		off += 2
		if lineStart > 0 {
			ls += 2
		}
	}
	return off, off - ls + 1
}

var utf16Forms = []struct {
	name           string
	bigEndian, bom bool
}{
	{"UTF-16LE with BOM", false, true},
	{"UTF-16BE with BOM", true, true},
	{"UTF-16LE without BOM", false, false},
	{"UTF-16BE without BOM", true, false},
}

// TestUTF16Page checks that a page in UTF-16 yields its links, at their
// byte offsets in the file, with their queries in UTF-8 (WHATWG Encoding
// Standard §4.3: UTF-16 documents get UTF-8 for their URLs).
func TestUTF16Page(t *testing.T) {
	// A lone surrogate in the text (U+FFFF marks it) reads as U+FFFD.
	page := "<!DOCTYPE html>\n<p>日本\uffff</p><a href=\"ページ.html?q=日本\">a</a>\n" +
		"😀 see http://example.org/t <img src=\"x😀y.png\">\n"
	wants := []struct{ sub, ref, uri string }{
		{"ページ", "ページ.html?q=日本", "http://example.jp/d/%E3%83%9A%E3%83%BC%E3%82%B8.html?q=%E6%97%A5%E6%9C%AC"},
		{"http://example.org/t", "http://example.org/t", "http://example.org/t"},
		{"x😀y", "x😀y.png", "http://example.jp/d/x%F0%9F%98%80y.png"},
	}
	for _, form := range utf16Forms {
		// An odd last byte, as a cut file has.
		in := append(toUTF16(page, form.bigEndian, form.bom, 0xdc00), 'x')
		var got []string
		for l, err := range Links(bytes.NewReader(in), Options{Name: "page", Base: "http://example.jp/d/"}) {
			if err != nil {
				t.Fatalf("%s: %v", form.name, err)
			}
			got = append(got, fmt.Sprintf("%s %s %d:%d@%d", l.Ref, l.URI, l.Line, l.Column, l.Offset))
		}
		var want []string
		for _, w := range wants {
			off, col := posIn(page, w.sub, form.bom)
			want = append(want, fmt.Sprintf("%s %s %d:%d@%d", w.ref, w.uri, strings.Count(page[:strings.Index(page, w.sub)], "\n")+1, col, off))
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("%s: got\n%s\nwant\n%s", form.name, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// TestUTF16Rewrite checks that Rewrite writes a UTF-16 page back in
// UTF-16, in its byte order, with its BOM (or without), its lone
// surrogates and its odd last byte, and only the changed values differing.
func TestUTF16Rewrite(t *testing.T) {
	page := "<p>日本\uffff</p><a href=\"ページ.html\">a</a>\n<img src=\"x😀y.png\" alt=\"😀\">\n"
	want := "<p>日本\uffff</p><a href=\"http://example.jp/d/%E3%83%9A%E3%83%BC%E3%82%B8.html\">a</a>\n" +
		"<img src=\"http://example.jp/new/写真.png\" alt=\"😀\">\n"
	for _, form := range utf16Forms {
		in := append(toUTF16(page, form.bigEndian, form.bom, 0xd800), 0x3c)
		var out bytes.Buffer
		var offsets []int64
		err := Rewrite(&out, bytes.NewReader(in), Options{Name: "page.html", Base: "http://example.jp/d/"}, func(l Link) (string, bool) {
			offsets = append(offsets, l.Offset)
			if strings.HasPrefix(l.Ref, "x") {
				return "http://example.jp/new/写真.png", true
			}
			return l.URI, true
		})
		if err != nil {
			t.Fatalf("%s: %v", form.name, err)
		}
		if w := append(toUTF16(want, form.bigEndian, form.bom, 0xd800), 0x3c); !bytes.Equal(out.Bytes(), w) {
			t.Errorf("%s: Rewrite gave\n%q\nwant\n%q", form.name, out.Bytes(), w)
		}
		off1, _ := posIn(page, "ページ", form.bom)
		off2, _ := posIn(page, "x😀", form.bom)
		if fmt.Sprint(offsets) != fmt.Sprint([]int{off1, off2}) {
			t.Errorf("%s: offsets given to f %v, want %v", form.name, offsets, []int{off1, off2})
		}
		// Nothing changed: the file back, byte for byte.
		out.Reset()
		if err := Rewrite(&out, bytes.NewReader(in), Options{Name: "page.html"}, func(Link) (string, bool) { return "", false }); err != nil || !bytes.Equal(out.Bytes(), in) {
			t.Errorf("%s: Rewrite keeping every link gave %q (%v), want the input %q", form.name, out.Bytes(), err, in)
		}
	}
}

// TestUTF16Writer checks the writer with the text cut at every place,
// surrogates (WTF-8) and invalid UTF-8 included.
func TestUTF16Writer(t *testing.T) {
	text := "a\u00e9\u65e5\U0001F600\xed\xa0\x80z\xff\xe6\x97"
	want := toUTF16("a\u00e9\u65e5\U0001F600\uffffz\ufffd\ufffd\ufffd", false, false, 0xd800)
	for cut := 0; cut <= len(text); cut++ {
		var out bytes.Buffer
		w := (&utf16Doc{}).writer(&out)
		w.Write([]byte(text[:cut]))
		w.Write([]byte(text[cut:]))
		if err := w.Close(); err != nil || !bytes.Equal(out.Bytes(), want) {
			t.Errorf("cut at %d: got %q (%v), want %q", cut, out.Bytes(), err, want)
		}
	}
}

// TestUTF16Text checks text files in UTF-16: the links at their byte
// offsets and columns in the file, whatever the reads' sizes, across the
// history the reader drops (utf16Keep) and on a line longer than it.
func TestUTF16Text(t *testing.T) {
	short := "see http://example.org/a and 日本 http://example.org/b\n😀 <http://example.org/c>\n"
	// Without a BOM, the first KiB has to be 7-bit text to tell.
	long := strings.Repeat("notes\n", 100) + strings.Repeat("日本語 ", 60000) + "http://example.org/far " +
		strings.Repeat("x\n", 100000) + strings.Repeat("ü", 200000) + " http://example.org/last\n"
	for _, text := range []string{short, long} {
		subs := []string{"http://example.org/a", "http://example.org/b", "http://example.org/c"}
		if text == long {
			subs = []string{"http://example.org/far", "http://example.org/last"}
		}
		for _, form := range utf16Forms {
			in := toUTF16(text, form.bigEndian, form.bom, 0)
			for _, oneByte := range []bool{false, true} {
				if oneByte && text == long {
					continue
				}
				r := iotestReader(bytes.NewReader(in), oneByte)
				var got, want []string
				for l, err := range Links(r, Options{Type: Text}) {
					if err != nil {
						t.Fatal(err)
					}
					got = append(got, fmt.Sprintf("%s %d:%d@%d", l.URI, l.Line, l.Column, l.Offset))
				}
				for _, s := range subs {
					off, col := posIn(text, s, form.bom)
					want = append(want, fmt.Sprintf("%s %d:%d@%d", s, strings.Count(text[:strings.Index(text, s)], "\n")+1, col, off))
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("%s (%d bytes, one-byte reads %v): got\n%s\nwant\n%s", form.name, len(in), oneByte, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			}
		}
	}
}

func iotestReader(r *bytes.Reader, oneByte bool) interface{ Read([]byte) (int, error) } {
	if oneByte {
		return iotest.OneByteReader(r)
	}
	return r
}

// TestUTF16TextMemory checks that reading UTF-16 text keeps a bounded
// history, whatever the input's size.
func TestUTF16TextMemory(t *testing.T) {
	for _, n := range []int{1 << 20, 8 << 20} {
		in := toUTF16(strings.Repeat("日本 http://example.org/ ", n/24), false, true, 0)
		tr := &utf16Text{r: bytes.NewReader(in)}
		buf := make([]byte, 4096)
		for {
			if _, err := tr.Read(buf); err != nil {
				break
			}
		}
		if c := cap(tr.hist); c > 3*utf16Keep {
			t.Errorf("%d bytes of input: history of %d bytes, want at most %d", len(in), c, 3*utf16Keep)
		}
	}
}

// FuzzUTF16 checks on any bytes after a UTF-16 BOM that the text a
// utf16Doc reads gives the bytes back through its writer, and that the
// text reader gives the same text whatever the size of its reads.
func FuzzUTF16(f *testing.F) {
	f.Add([]byte("<\x00a\x00>\x00"), false)
	f.Add([]byte("\x00<\xd8\x3d\xde\x00\xdc\x00x"), true)
	f.Fuzz(func(t *testing.T, b []byte, bigEndian bool) {
		bom := []byte{0xff, 0xfe}
		if bigEndian {
			bom = []byte{0xfe, 0xff}
		}
		in := append(bom, b...)
		d, ok := newUTF16Doc(in)
		if !ok {
			t.Fatalf("%q: no UTF-16 after a BOM", in)
		}
		var out bytes.Buffer
		w := d.writer(&out)
		for i := 0; i < len(d.text); i += 3 {
			w.Write(d.text[i:min(i+3, len(d.text))])
		}
		if err := w.Close(); err != nil || !bytes.Equal(out.Bytes(), in) {
			t.Fatalf("%q read and written back: %q (%v)", in, out.Bytes(), err)
		}
		whole, _ := io.ReadAll(&utf16Text{r: bytes.NewReader(in), bigEndian: bigEndian})
		bytewise, _ := io.ReadAll(&utf16Text{r: iotest.OneByteReader(bytes.NewReader(in)), bigEndian: bigEndian})
		if !bytes.Equal(whole, bytewise) || !utf8.Valid(whole) {
			t.Fatalf("%q as text: %q at once, %q byte by byte", in, whole, bytewise)
		}
	})
}

// TestUTF16Linear checks that reading and rewriting a UTF-16 page, and
// reading UTF-16 text, allocate in proportion to the input: the bytes
// allocated for 8n bytes of input are at most 12 times those for n (8
// when linear), and at most a small multiple of the input.
func TestUTF16Linear(t *testing.T) {
	shapes := map[string]func(n int) []byte{
		"page": func(n int) []byte {
			return toUTF16(strings.Repeat(`<a href="ページ.html">日本</a> http://example.org/ `, n), false, true, 0)
		},
		"one line of text": func(n int) []byte {
			return toUTF16(strings.Repeat("日本 http://example.org/ ", n), true, true, 0)
		},
	}
	run := map[string]func(in []byte){
		"page": func(in []byte) {
			for range Links(bytes.NewReader(in), Options{Type: HTML}) {
			}
			Rewrite(io.Discard, bytes.NewReader(in), Options{}, func(l Link) (string, bool) { return "x", true })
		},
		"one line of text": func(in []byte) {
			for range Links(bytes.NewReader(in), Options{Type: Text}) {
			}
		},
	}
	for name, shape := range shapes {
		var alloc [2]uint64
		var size [2]int
		for i, n := range []int{2000, 16000} {
			in := shape(n)
			size[i] = len(in)
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			run[name](in)
			runtime.ReadMemStats(&after)
			alloc[i] = after.TotalAlloc - before.TotalAlloc
		}
		t.Logf("%s: %d bytes: %d allocated; %d bytes: %d allocated", name, size[0], alloc[0], size[1], alloc[1])
		if alloc[1] > 12*alloc[0] {
			t.Errorf("%s: %d bytes allocated for %d bytes of input, %d for %d: not linear", name, alloc[0], size[0], alloc[1], size[1])
		}
	}
}

// TestUTF16DocSize checks that the UTF-8 text of a UTF-16 page takes the
// room it needs and no more: half the page for markup.
func TestUTF16DocSize(t *testing.T) {
	for _, s := range []string{strings.Repeat("<a href=x>", 1000), strings.Repeat("日本 ", 1000), strings.Repeat("😀", 1000)} {
		in := toUTF16(s, false, true, 0)
		d, _ := newUTF16Doc(in)
		if string(d.text) != "\ufeff"+s || cap(d.text) > len(d.text)*3/2 {
			t.Errorf("%.20q...: text of %d bytes in %d, want %d in about as many", s, len(d.text), cap(d.text), len(s)+3)
		}
	}
}
