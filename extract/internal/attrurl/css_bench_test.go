package attrurl

import (
	"strings"
	"testing"
)

// BenchmarkCSSURLs reads the URLs of a generated style sheet that has
// every kind of token CSS looks at.
func BenchmarkCSSURLs(b *testing.B) {
	var sb strings.Builder
	sb.WriteString(`@import "base.css"; @import url(print.css) print;` + "\n")
	for i := 0; i < 500; i++ {
		sb.WriteString(`/* block ` + strings.Repeat("x", i%7) + ` */
.item-` + strings.Repeat("a", i%5) + ` > a:hover { color: #336699; margin: 0 auto; font-family: "Helvetica Neue", sans-serif; }
.bg { background: url(img/bg.png) no-repeat, url( "img/a b.png" ); content: "not a url(x)"; }
.hi { background-image: -webkit-image-set("a.png" 1x, url(b\2e png) 2x); width: calc(100% - (2 * 3px)); }
`)
	}
	css := sb.String()
	b.SetBytes(int64(len(css)))
	b.ReportAllocs()
	for b.Loop() {
		n := 0
		for range CSS(css) {
			n++
		}
		if n != 2+4*500 {
			b.Fatalf("CSS found %d URLs, want %d", n, 2+4*500)
		}
	}
}
