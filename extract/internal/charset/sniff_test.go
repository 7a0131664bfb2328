package charset

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/urix/urix/internal/testutil"
	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

func encName(e encoding.Encoding) string {
	if e == nil {
		return "utf-8"
	}
	n, err := htmlindex.Name(e)
	if err != nil {
		return "?"
	}
	return n
}

// TestSniffEncoding checks the detector on small pages in the legacy
// encodings of the languages whose pages most often declare none, each
// page short as a title and a sentence or two.
func TestSniffEncoding(t *testing.T) {
	tests := []struct {
		enc  encoding.Encoding
		text string
	}{
		{japanese.ShiftJIS, `<a href="ページ.html">ページ</a>`},
		{japanese.ShiftJIS, "<title>日本語のページ</title><p>東京都の天気予報です。"},
		{japanese.ShiftJIS, "<p>カタカナ</p>"},
		{japanese.EUCJP, `<a href="ページ.html">ページ</a>`},
		{japanese.EUCJP, "<title>日本語のページ</title><p>東京都の天気予報です。"},
		{japanese.ISO2022JP, "<title>日本語のページ</title>"},
		{simplifiedchinese.GBK, "<title>欢迎来到我们的网站</title><p>中文网页"},
		{simplifiedchinese.GBK, `<a href="新闻.html">新闻</a>`},
		{traditionalchinese.Big5, "<title>歡迎來到我們的網站</title><p>中文網頁"},
		{traditionalchinese.Big5, `<a href="新聞.html">新聞</a>`},
		{korean.EUCKR, "<title>한국어 페이지에 오신 것을 환영합니다</title>"},
		{korean.EUCKR, `<a href="뉴스.html">뉴스</a>`},
		{charmap.Windows1251, "<title>Главная страница</title><p>Привет, мир!"},
		{charmap.Windows1251, `<a href="новости.html">Новости</a>`},
		{charmap.KOI8R, "<title>Главная страница</title><p>Привет, мир!"},
		{charmap.KOI8R, `<a href="новости.html">Новости</a>`},
		{charmap.Windows1252, "<p>Café Müller, naïve résumé, São Paulo"},
		{charmap.Windows1252, `<a href="café.html">Café</a>`},
		{charmap.Windows1252, "<p>\u201cquoted\u201d \u2013 text"},
		{charmap.Windows1252, "<p>À bientôt! Ça va? Le château de l'été, où déjà?"},
		{charmap.Windows1252, "<p>Größe, Übermaß und Äpfel für Jürgen"},
		{charmap.Windows1252, "<p>¿Dónde está el niño? ¡Señor!"},
		// "à" alone and "€" read as Cyrillic "а" and "Ђ" in windows-1251.
		{charmap.Windows1252, "<p>Abonnez-vous à partir de 1 €"},
		{charmap.Windows1252, `<a href="à.html">à</a>`},
		// Soft hyphens, hundreds in some German pages, read as Big5.
		{charmap.Windows1252, "<p>Mineral\u00adöl, Son\u00adnen\u00adener\u00adgie, In\u00adnen\u00adstadt, Ge\u00adbäu\u00adde\u00adför\u00adde\u00adrung, Ver\u00adnet\u00adzung"},
		{charmap.Windows1251, "<p>Ласкаво просимо! Це головна сторінка її сайту, ґанок і подвір'я."},
		{charmap.Windows1251, "<h1>Правительство Российской Федерации</h1><p>Новости и события"},
		{charmap.KOI8R, "<h1>Правительство Российской Федерации</h1><p>Новости и события"},
		{japanese.ShiftJIS, "<h1>ｶﾀｶﾅ</h1><p>半角カタカナもあります。"},
		{japanese.EUCJP, "<h1>会社概要</h1><p>東京都千代田区"},
		{japanese.ShiftJIS, "<h1>会社概要</h1><p>東京都千代田区"},
		{korean.EUCKR, "<h1>대한민국 정부</h1><p>서울특별시 종로구"},
		{simplifiedchinese.GBK, "<h1>中华人民共和国</h1><p>北京市朝阳区"},
		{traditionalchinese.Big5, "<h1>中華民國</h1><p>臺北市中正區"},
	}
	for _, tt := range tests {
		got := Sniff(testutil.Encode(t, tt.enc, tt.text))
		if encName(got) != encName(tt.enc) {
			t.Errorf("Sniff(%q in %s) = %s", tt.text, encName(tt.enc), encName(got))
		}
	}
	// UTF-8, and plain ASCII, are nil.
	for _, s := range []string{"ページ", "plain", "\x1b(B escape alone"} {
		if got := Sniff([]byte(s)); got != nil {
			t.Errorf("Sniff(%q) = %s, want utf-8 (nil)", s, encName(got))
		}
	}
}

// TestPartCharsetSniffs checks that a MIME part without a charset is read
// in the encoding the detector finds.
func TestPartCharsetSniffs(t *testing.T) {
	in := testutil.Encode(t, japanese.ShiftJIS, "日本語のページ http://example.jp/")
	got, enc, _ := PartUTF8(in, "", false)
	if string(got) != "日本語のページ http://example.jp/" || enc != japanese.ShiftJIS {
		t.Errorf("PartUTF8(Shift_JIS without charset) = %q in %s", got, encName(enc))
	}
}

// TestSniffEncodingAllocs checks that the detector decodes in pieces: its
// allocations do not grow with the input.
func TestSniffEncodingAllocs(t *testing.T) {
	var allocs []float64
	for _, n := range []int{1 << 10, 1 << 20} {
		in := bytes.Repeat(testutil.Encode(t, japanese.ShiftJIS, "日本語のページ "), n/15)
		allocs = append(allocs, testing.AllocsPerRun(5, func() { Sniff(in) }))
	}
	if allocs[1] > allocs[0]+4 {
		t.Errorf("Sniff: %v allocations for 1 KiB, %v for 1 MiB", allocs[0], allocs[1])
	}
}

// TestCountHighLastHigh checks the word-at-a-time countHigh and lastHigh
// against byte loops, with 8-bit bytes at every pair of places of texts
// up to 40 bytes long (the 8-byte and 1-byte steps).
func TestCountHighLastHigh(t *testing.T) {
	for n := range 40 {
		for i := -1; i < n; i++ {
			for j := i; j < n; j++ {
				b := bytes.Repeat([]byte{'a'}, n)
				if i >= 0 {
					b[i], b[j] = 0x80, 0xff
				}
				count, last := 0, -1
				for k, c := range b {
					if c >= 0x80 {
						count, last = count+1, k
					}
				}
				if got := countHigh(b); got != count {
					t.Errorf("countHigh(%q) = %d, want %d", b, got, count)
				}
				if got := lastHigh(b); got != last {
					t.Errorf("lastHigh(%q) = %d, want %d", b, got, last)
				}
			}
		}
	}
}

// TestRuneSet checks runeSet's bits against the characters of its text,
// at the ends of their block and around it.
func TestRuneSet(t *testing.T) {
	const s = "一日東京語示\U0001F600"
	set := runeSet(s)()
	for r := range rune(0x20000) {
		if got, want := set.has(r), strings.ContainsRune(s, r); got != want {
			t.Fatalf("has(%U) = %v, want %v", r, got, want)
		}
	}
	for _, r := range []rune{-1, 0x1F601, utf8.MaxRune, utf8.MaxRune + 1} {
		if set.has(r) {
			t.Errorf("has(%U)", r)
		}
	}
}
