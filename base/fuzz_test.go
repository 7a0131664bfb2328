package base

import (
	"fmt"
	"slices"
	"testing"

	"github.com/urix/urix/uri"
)

// FuzzParseAttr checks that every reference ParseAttr accepts is a valid
// URI reference that reads back as itself: the repairs are complete and
// idempotent.
func FuzzParseAttr(f *testing.F) {
	for _, s := range []string{"g", " http://a/b c ", `\\h\p?q\r#f\g`, "http:g", "https:///x", "é#a#b", "1a:b", "%zz", "//bücher.example/", "javascript:x()", "//h/p", "HTTP://u@h:80/x", "file://h/p", "http://@/x"} {
		f.Add("http://a/b/c/d;p?q", s)
	}
	f.Add("", "a b")
	f.Add("mailto:x@y", `#\`)
	f.Fuzz(func(t *testing.T, baseStr, s string) {
		var b Base
		if baseStr != "" {
			var err error
			if b, err = Parse(baseStr, Retrieval); err != nil {
				return
			}
		}
		u, text, warns, err := b.ParseAttrText(s)
		// The shortcut for values that need no repair gives what the
		// repairs give.
		trimmed := trimControls(s)
		_, perr := uri.Parse(trimmed)
		gu, gtext, gwarns, gerr := repairAttr(trimmed, b.URI.Scheme, perr)
		if u != gu || text != gtext || !slices.Equal(warns, gwarns) || fmt.Sprint(err) != fmt.Sprint(gerr) {
			t.Fatalf("ParseAttrText(%q) = %+v, %q, %v, %v; the repairs give %+v, %q, %v, %v", s, u, text, warns, err, gu, gtext, gwarns, gerr)
		}
		if err != nil {
			return
		}
		str := u.String()
		if text != str {
			t.Fatalf("ParseAttrText(%q) = %+v with text %q, but its String is %q", s, u, text, str)
		}
		back, err := uri.Parse(str)
		if err != nil || back != u {
			t.Fatalf("ParseAttr(%q) = %q, which parses back as %+v, %v", s, str, back, err)
		}
		again, warns, err := b.ParseAttr(str)
		if err != nil || again != u || len(warns) != 0 {
			t.Fatalf("ParseAttr(%q) = %q, but ParseAttr of that gives %q, %v, warnings %v", s, str, again.String(), err, warns)
		}
	})
}
