package extract

import (
	"bytes"
	"strings"
	"testing"

	"github.com/urix/urix/internal/testutil"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
	"golang.org/x/text/encoding/simplifiedchinese"
)

// TestHTMLUndeclaredEncoding checks pages that declare no encoding: the
// detector reads them, so that a link's path is its characters in UTF-8
// (WHATWG URL Standard, path percent-encode set) and its query the page's
// bytes (§4.4, query state, with the document's encoding), as a browser
// sends them; a declaration wins over the detector, and a BOM over both.
func TestHTMLUndeclaredEncoding(t *testing.T) {
	const href = `<p>ページ</p><a href="ページ.html?q=日本#ページ">x</a>`
	const pathURI = "http://example.jp/%E3%83%9A%E3%83%BC%E3%82%B8.html"
	tests := []struct {
		name string
		page []byte
		want string
	}{
		{"Shift_JIS", testutil.Encode(t, japanese.ShiftJIS, href), pathURI + "?q=%93%FA%96%7B#%E3%83%9A%E3%83%BC%E3%82%B8"},
		{"EUC-JP", testutil.Encode(t, japanese.EUCJP, href), pathURI + "?q=%C6%FC%CB%DC#%E3%83%9A%E3%83%BC%E3%82%B8"},
		{"windows-1251", testutil.Encode(t, charmap.Windows1251, `<p>Новости</p><a href="новости.html?q=мир">x</a>`),
			"http://example.jp/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8.html?q=%EC%E8%F0"},
		{"GBK", testutil.Encode(t, simplifiedchinese.GBK, `<p>新闻</p><a href="新闻.html?q=中文">x</a>`),
			"http://example.jp/%E6%96%B0%E9%97%BB.html?q=%D6%D0%CE%C4"},
		// The declaration wins: the same Shift_JIS bytes declared
		// windows-1252 are read so, whatever they look like.
		{"declared", append([]byte(`<meta charset="windows-1252">`), testutil.Encode(t, japanese.ShiftJIS, `<a href="ページ.html">x</a>`)...),
			"http://example.jp/%C6%92y%C2%81%5B%C6%92W.html"},
		// Valid UTF-8 is UTF-8 (§13.2.3.2, step 8's note), wherever
		// its first 8-bit byte is.
		{"UTF-8", []byte(`<p>café</p><a href="café.html?q=é">x</a>`), "http://example.jp/caf%C3%A9.html?q=%C3%A9"},
		{"UTF-8 after 1024 bytes", []byte(strings.Repeat(" ", 1024) + `<p>café</p><a href="café.html?q=é">x</a>`),
			"http://example.jp/caf%C3%A9.html?q=%C3%A9"},
		// Bytes that are not UTF-8 further on are not, though the first
		// 1024 are (charset.DetermineEncoding looks at no more): read as
		// Chromium reads the file, not UTF-8, and as detectLegacy finds.
		{"UTF-8, then not", []byte("<p>cafÃ©</p>" + strings.Repeat(" ", 1024) + "<p>Café Müller, naïve résumé</p><a href=\"caf\xe9.html?q=\xe9\">x</a>"),
			"http://example.jp/caf%C3%A9.html?q=%E9"},
		// 7-bit bytes that declare nothing are in the default encoding,
		// windows-1252 as in every browser (step 9): read as UTF-8
		// reads them, but a query's characters are in windows-1252.
		{"ASCII", []byte(`<a href="caf&eacute;.html?q=&eacute;&#x65E5;">x</a>`), "http://example.jp/caf%C3%A9.html?q=%E9%26%2326085%3B"},
		{"ASCII, declared UTF-8", []byte(`<meta charset="utf-8"><a href="caf&eacute;.html?q=&eacute;">x</a>`), "http://example.jp/caf%C3%A9.html?q=%C3%A9"},
		// A declared UTF-16 in bytes that are not is UTF-8 (§13.2.3.2).
		{"ASCII, declared UTF-16", []byte(`<meta charset="utf-16"><a href="caf&eacute;.html?q=&eacute;">x</a>`), "http://example.jp/caf%C3%A9.html?q=%C3%A9"},
		// A BOM wins over a declaration.
		{"UTF-8 BOM", []byte("\xef\xbb\xbf<meta charset=shift_jis>" + `<a href="ページ.html?q=日本">x</a>`),
			pathURI + "?q=%E6%97%A5%E6%9C%AC"},
		{"UTF-16 BOM", toUTF16("<meta charset=shift_jis>"+`<a href="ページ.html?q=日本">x</a>`, false, true, 0),
			pathURI + "?q=%E6%97%A5%E6%9C%AC"},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(bytes.NewReader(tt.page), Options{Type: HTML, Base: "http://example.jp/"}) {
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if l.Context == "html" {
				got = append(got, l.URI)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s page %q: got %q, want %q", tt.name, tt.page, got, tt.want)
		}
	}
}

// TestRewriteUndeclaredEncoding checks that rewriting a page that declares
// no encoding keeps its links the URLs they were: made absolute, a
// Shift_JIS link names the same URL, and the page's other bytes stay;
// a new value with characters in it is written as the URI it stands for
// (RFC 3987 §3.1), which any encoding reads.
func TestRewriteUndeclaredEncoding(t *testing.T) {
	page := testutil.Encode(t, japanese.ShiftJIS, `<p>ページ</p><a href="ページ.html?q=日本">x</a><img src="写真.png">`)
	want := testutil.Encode(t, japanese.ShiftJIS, `<p>ページ</p><a href="http://example.jp/d/%E3%83%9A%E3%83%BC%E3%82%B8.html?q=%93%FA%96%7B">x</a>`+
		`<img src="http://example.jp/%E6%96%B0/%E5%86%99%E7%9C%9F.png">`)
	var out bytes.Buffer
	err := Rewrite(&out, bytes.NewReader(page), Options{Base: "http://example.jp/d/"}, func(l Link) (string, bool) {
		if l.Tag == "img" {
			return "http://example.jp/新/写真.png", true
		}
		return l.URI, true
	})
	if err != nil || !bytes.Equal(out.Bytes(), want) {
		t.Errorf("Rewrite of a Shift_JIS page gave %q (%v), want %q", out.Bytes(), err, want)
	}
}
