package extract

import (
	"testing"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/korean"
	"golang.org/x/text/encoding/simplifiedchinese"
	"golang.org/x/text/encoding/traditionalchinese"
)

// encodeIn returns s in the encoding enc, failing the test when enc
// lacks one of its characters.
func encodeIn(t *testing.T, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}

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
	}
	for _, tt := range tests {
		got := sniffEncoding(encodeIn(t, tt.enc, tt.text))
		if encName(got) != encName(tt.enc) {
			t.Errorf("sniffEncoding(%q in %s) = %s", tt.text, encName(tt.enc), encName(got))
		}
	}
	// UTF-8, and plain ASCII, are nil.
	for _, s := range []string{"ページ", "plain", "\x1b(B escape alone"} {
		if got := sniffEncoding([]byte(s)); got != nil {
			t.Errorf("sniffEncoding(%q) = %s, want utf-8 (nil)", s, encName(got))
		}
	}
}
