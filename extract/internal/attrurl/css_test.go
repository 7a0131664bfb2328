package attrurl

import (
	"reflect"
	"slices"
	"testing"
)

func TestCSSURLs(t *testing.T) {
	tests := []struct {
		in   string
		want []CSSURL
	}{
		{`background: url(a.png)`, []CSSURL{{"a.png", Span{16, 21}, 0}}},
		{`background: URL( "a b.png" )`, []CSSURL{{"a b.png", Span{18, 25}, '"'}}},
		{`background:url('a\'b.png')`, []CSSURL{{"a'b.png", Span{16, 24}, '\''}}},
		{`background:url(a\(b\29 c.png)`, []CSSURL{{"a(b)c.png", Span{15, 28}, 0}}},
		{`@import "s.css"; @import url(t.css) screen;`, []CSSURL{{"s.css", Span{9, 14}, '"'}, {"t.css", Span{29, 34}, 0}}},
		{`@IMPORT 's.css'`, []CSSURL{{"s.css", Span{9, 14}, '\''}}},
		{`/* url(no.png) */ a { content: "url(no.png)" }`, nil},
		{`b{background-image:image-set("a.png" 1x, url(b.png) 2x)}`, []CSSURL{{"a.png", Span{30, 35}, '"'}, {"b.png", Span{45, 50}, 0}}},
		{`src: local("Font"), url(f.woff2) format("woff2")`, []CSSURL{{"f.woff2", Span{24, 31}, 0}}},
		{`x: url(a b)`, nil}, // a bad url token
		{`x: my-url(a.png)`, nil},
		{`x: url(  a.png  )`, []CSSURL{{"a.png", Span{9, 14}, 0}}},
		{`x: url(a.png`, []CSSURL{{"a.png", Span{7, 12}, 0}}}, // unclosed at the end
	}
	for _, tc := range tests {
		got := slices.Collect(CSS(tc.in))
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("CSS(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}
