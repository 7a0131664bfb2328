package extract

import (
	"strings"
	"testing"
)

// TestHeadCharset checks <meta> declarations after the prescan's 1024
// bytes: one in the head changes the encoding, one after it does not. The
// wanted queries are Chromium 156's, for the same pages served without a
// charset (é is %E9 in windows-1252, a character reference in
// windows-1251 and KOI8-R, which lack it).
func TestHeadCharset(t *testing.T) {
	pad := `<script>var a = "` + strings.Repeat("x", 1500) + `<div>"; if (a<b) {}</script>` + "\n"
	const a = `<a href="?q=&eacute;">x</a>`
	const ref, latin1, utf8 = "http://h.example/p.html?q=%26%23233%3B", "http://h.example/p.html?q=%E9", "http://h.example/p.html?q=%C3%A9"
	tests := []struct{ name, page, want string }{
		{"in the head", `<html><head><title>t</title>` + pad + `<meta charset="windows-1251"></head><body>` + a, ref},
		{"no head tags", `<title>t</title>` + pad + `<meta charset="windows-1251">` + a, ref},
		{"after a comment", `<html><head><!--` + strings.Repeat("y", 1500) + `--><meta charset="windows-1251"></head>` + a, ref},
		{"after head elements", `<html><head>` + pad + `<link rel=x href=y><style>p{}</style><noscript><link rel=z href=w></noscript><meta charset="windows-1251">` + a, ref},
		{"http-equiv, after tags in raw text", `<html><head><title>a <p> b</title>` + pad + `<meta http-equiv="Content-Type" content="text/html; charset=koi8-r"></head>` + a, ref},
		{"across byte 1024", `<html><head><!--` + strings.Repeat("y", 1000) + `--><meta name=x content="` + strings.Repeat("z", 40) + `" charset="windows-1251"></head>` + a, ref},
		{"UTF-16 is UTF-8", `<html><head>` + pad + `<meta charset="utf-16"></head>` + a, utf8},
		{"after a div", `<html><head><title>t</title>` + pad + `</head><body><div>x</div><meta charset="windows-1251">` + a, latin1},
		{"after </head>", `<html><head>` + pad + `</head><meta charset="windows-1251">` + a, latin1},
		{"in the body", `<html><head>` + pad + `</head>hello<meta charset="windows-1251">` + a, latin1},
		{"in a script", `<html><head>` + pad + `<script>document.write('<meta charset="windows-1251">')</script></head>` + a, latin1},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tt.page), Options{Type: HTML, Base: "http://h.example/p.html"}) {
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if l.Tag == "a" {
				got = append(got, l.URI)
			}
		}
		if len(got) != 1 || got[0] != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
