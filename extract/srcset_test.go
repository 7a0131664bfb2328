package extract

import (
	"reflect"
	"testing"
)

func TestSrcsetURLs(t *testing.T) {
	// Cases follow the HTML Living Standard §4.8.4.3.10 "parse a srcset
	// attribute" step by step.
	tests := []struct {
		in   string
		want []string
	}{
		{"a.png", []string{"a.png"}},
		{"a.png 1x, b.png 2x", []string{"a.png", "b.png"}},
		{"  a.png   100w ,b.png 200w", []string{"a.png", "b.png"}},
		{"a.png,b.png", []string{"a.png,b.png"}},      // no space: one URL with a comma inside
		{"a.png, b.png", []string{"a.png", "b.png"}},  // a trailing comma ends the URL
		{"a.png,, b.png", []string{"a.png", "b.png"}}, // several trailing commas removed
		{",a.png 1x", []string{"a.png"}},              // leading commas skipped
		{"data:image/png;base64,AAA= 1x", []string{"data:image/png;base64,AAA="}},
		{"a.png 1x 2x, b.png", []string{"!a.png", "b.png"}},   // two densities: marked invalid
		{"a.png 100w 1x, b.png", []string{"!a.png", "b.png"}}, // width and density: marked invalid
		{"a.png 100h, b.png", []string{"!a.png", "b.png"}},    // height without width: marked invalid
		{"a.png 100w 50h, b.png", []string{"a.png", "b.png"}},
		{"a.png 0w, b.png", []string{"!a.png", "b.png"}}, // width must be positive
		{"a.png 1.5x", []string{"a.png"}},
		{"a.png 1e1x", []string{"a.png"}},
		{"a.png -1x, b.png", []string{"!a.png", "b.png"}},
		{"a.png foo(1, 2) 1x, b.png", []string{"!a.png", "b.png"}}, // parentheses keep the comma; unknown descriptor
		{"a.png 1x,b.png 2x", []string{"a.png", "b.png"}},
		{"", nil},
		{" , ", nil},
		{"a.png 1000px, b.png 800px", []string{"!a.png", "!b.png"}}, // html-proofer's srcset_picture_pixel-density
	}
	for _, tc := range tests {
		var got []string
		for _, s := range srcsetURLs(tc.in) {
			u := tc.in[s.start:s.end]
			if !s.valid {
				u = "!" + u
			}
			got = append(got, u)
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("srcsetURLs(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestCSSURLs(t *testing.T) {
	tests := []struct {
		in   string
		want []cssURL
	}{
		{`background: url(a.png)`, []cssURL{{"a.png", span{16, 21}, 0}}},
		{`background: URL( "a b.png" )`, []cssURL{{"a b.png", span{18, 25}, '"'}}},
		{`background:url('a\'b.png')`, []cssURL{{"a'b.png", span{16, 24}, '\''}}},
		{`background:url(a\(b\29 c.png)`, []cssURL{{"a(b)c.png", span{15, 28}, 0}}},
		{`@import "s.css"; @import url(t.css) screen;`, []cssURL{{"s.css", span{9, 14}, '"'}, {"t.css", span{29, 34}, 0}}},
		{`@IMPORT 's.css'`, []cssURL{{"s.css", span{9, 14}, '\''}}},
		{`/* url(no.png) */ a { content: "url(no.png)" }`, nil},
		{`b{background-image:image-set("a.png" 1x, url(b.png) 2x)}`, []cssURL{{"a.png", span{30, 35}, '"'}, {"b.png", span{45, 50}, 0}}},
		{`src: local("Font"), url(f.woff2) format("woff2")`, []cssURL{{"f.woff2", span{24, 31}, 0}}},
		{`x: url(a b)`, nil}, // a bad url token
		{`x: my-url(a.png)`, nil},
		{`x: url(  a.png  )`, []cssURL{{"a.png", span{9, 14}, 0}}},
		{`x: url(a.png`, []cssURL{{"a.png", span{7, 12}, 0}}}, // unclosed at the end
	}
	for _, tc := range tests {
		got := cssURLs(tc.in)
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("cssURLs(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestRefreshURL(t *testing.T) {
	// HTML Living Standard §4.2.5.3, shared declarative refresh steps.
	tests := []struct {
		in     string
		want   string // "" when there is no URL
		prefix bool
		quote  byte
	}{
		{"5; URL=http://a/b", "http://a/b", true, 0},
		{"5;url=http://a/b", "http://a/b", true, 0},
		{"0; Url = 'x.html'", "x.html", true, '\''},
		{`0; URL="x.html" trailing`, "x.html", true, '"'},
		{"0;x.html", "x.html", false, 0},
		{"0, x.html", "x.html", false, 0},
		{"0 x.html  ", "x.html", false, 0},
		{"1.5; url=x", "x", true, 0},
		{".5; url=x", "x", true, 0},
		{"5", "", false, 0},
		{"5;", "", false, 0},
		{"x; url=y", "", false, 0},
		{"5x; url=y", "", false, 0},
		{"0; urlx.html", "urlx.html", false, 0},
	}
	for _, tc := range tests {
		u, prefix, quote, ok := refreshURL(tc.in)
		got := ""
		if ok {
			got = tc.in[u.start:u.end]
		}
		if got != tc.want || ok && (prefix != tc.prefix || quote != tc.quote) {
			t.Errorf("refreshURL(%q) = %q prefix %v quote %q, want %q prefix %v quote %q", tc.in, got, prefix, quote, tc.want, tc.prefix, tc.quote)
		}
	}
}
