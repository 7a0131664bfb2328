package charset

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"

	htmlcharset "golang.org/x/net/html/charset"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
)

// TestByteTableTranscode checks that Transcode's table of a single-byte
// encoding writes what the encoding's own decoder writes, for every
// charmap and every byte, in ASCII runs and alone.
func TestByteTableTranscode(t *testing.T) {
	all := make([]byte, 0, 256*3)
	for c := range 256 {
		all = append(all, byte(c), 'a', byte(255-c))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	mixed := make([]byte, 4096)
	for i := range mixed {
		if mixed[i] = byte(rng.IntN(128)); rng.IntN(10) == 0 {
			mixed[i] |= 0x80
		}
	}
	tables := 0
	for _, e := range charmap.All {
		cm, ok := e.(*charmap.Charmap)
		if !ok {
			continue // x-user-defined
		}
		if byteTableOf(cm) != nil {
			tables++
		}
		for _, in := range [][]byte{all, mixed, []byte("plain ASCII line\r\n"), nil} {
			want, err := cm.NewDecoder().Bytes(in)
			if err != nil {
				t.Fatal(err)
			}
			if got := Transcode([]byte("x"), cm, in); !bytes.Equal(got[1:], want) {
				t.Errorf("%v on %d bytes:\n got %q\nwant %q", cm, len(in), got[1:], want)
			}
		}
	}
	if tables < 20 {
		t.Errorf("%d charmaps with a byte table, want the ASCII supersets (20 or more)", tables)
	}
}

// TestByteTableLabels checks that the encodings the charset labels of
// mail name most are read through a byteTable.
func TestByteTableLabels(t *testing.T) {
	for _, label := range []string{"iso-8859-1", "windows-1252", "iso-8859-15", "koi8-r", "windows-1251", "ibm850"} {
		enc, ok := Lookup(label)
		if !ok || byteTableOf(enc) == nil {
			t.Errorf("%s: %T, no byte table", label, enc)
		}
	}
}

// TestCharsetCursorSingleByte checks that Cursor's count of
// characters in a single-byte encoding gives the offsets that encoding the
// text back gives, at every offset in turn (link offsets, at the start
// of a character), then at a few backwards, one inside a character.
func TestCharsetCursorSingleByte(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for _, cm := range []*charmap.Charmap{charmap.Windows1252, charmap.KOI8R, charmap.ISO8859_7} {
		src := make([]byte, 3000)
		for i := range src {
			switch rng.IntN(8) {
			case 0:
				src[i] = '\n'
			case 1, 2:
				src[i] = byte(0x80 + rng.IntN(0x80))
			default:
				src[i] = byte(' ' + rng.IntN(0x5f))
			}
		}
		out := Transcode(nil, cm, src)
		fast, slow := NewCursor(src, out, cm), NewCursor(src, out, cm)
		slow.singleByte = false
		if !fast.singleByte {
			t.Fatalf("%v: not single-byte", cm)
		}
		offs := make([]int, 0, len(out)+3)
		for off := range len(out) + 1 {
			if off == len(out) || utf8.RuneStart(out[off]) {
				offs = append(offs, off)
			}
		}
		inside := bytes.IndexFunc(out, func(r rune) bool { return r >= utf8.RuneSelf }) + 1
		offs = append(offs, 10, offs[len(offs)/2], 5, inside, offs[len(offs)/2], len(out))
		for _, off := range offs {
			if got, want := fast.In(off), slow.In(off); got != want {
				t.Fatalf("%v, offset %d of %d: got %d, want %d", cm, off, len(out), got, want)
			}
		}
	}
}

// TestHTMLEncodingShortcut checks htmlEncoding, which leaves out
// htmlcharset.DetermineEncoding's prescan when there is no <meta> to read,
// against DetermineEncoding itself on random pages: with and without
// <meta> charsets, byte order marks, UTF-8 and 8-bit text, characters
// cut at the 1024th byte.
func TestHTMLEncodingShortcut(t *testing.T) {
	ref := func(text []byte) encoding.Encoding {
		e, name, _ := htmlcharset.DetermineEncoding(text, "")
		if e == charmap.Windows1252 || e == encoding.Nop && !IsPlainASCII(text[:min(len(text), 1024)]) {
			return nil
		}
		enc, _ := htmlindex.Get(name)
		return enc
	}
	parts := []string{"<p>text</p>", "<meta charset=koi8-r>", "<META http-equiv=Content-Type content='text/html; charset=shift_jis'>",
		"<Meta charset=\"utf-16\">", "<me", "ta charset=big5>", "é", "日本語", "\xe9", "\x93", "\xef\xbb\xbf", "\xff\xfe",
		strings.Repeat("a", 300), strings.Repeat("x", 1021), "<script><meta charset=gbk></script>"}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var b []byte
		for range rng.IntN(8) {
			b = append(b, parts[rng.IntN(len(parts))]...)
		}
		if got, want := htmlEncoding(b), ref(b); got != want {
			t.Fatalf("htmlEncoding(%q) = %v, want %v", b, got, want)
		}
	}
}

// TestRuneCount checks runeCount against utf8.RuneCount on valid UTF-8
// of ASCII and characters of 2, 3 and 4 bytes, at every length.
func TestRuneCount(t *testing.T) {
	// Runs of ASCII longer than the 32 bytes runeCount passes over at once.
	s := []byte(strings.Repeat("aé€𝄞bc\n", 5) + strings.Repeat("ascii", 15) + "é" + strings.Repeat("x", 40) + "€𝄞")
	for i := range len(s) {
		for j := i; j <= len(s); j++ {
			if b := s[i:j]; utf8.Valid(b) && runeCount(b) != utf8.RuneCount(b) {
				t.Fatalf("runeCount(%q) = %d, want %d", b, runeCount(b), utf8.RuneCount(b))
			}
		}
	}
}

// TestASCIICompatibleCached checks that ASCIICompatible gives a charmap
// the same answer from its cache as from the encoder.
func TestASCIICompatibleCached(t *testing.T) {
	for _, e := range charmap.All {
		s, err := e.NewEncoder().String("<a")
		want := err == nil && s == "<a"
		if a, b := ASCIICompatible(e), ASCIICompatible(e); a != want || b != want {
			t.Errorf("%v: ASCIICompatible %v then %v, want %v", e, a, b, want)
		}
	}
}
