package extract

import (
	"reflect"
	"slices"
	"testing"
)

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
		got := slices.Collect(cssURLs(tc.in))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("cssURLs(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}
