package extract

import (
	"bytes"
	"math/rand"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/urix/urix/internal/htmltok"
)

// checkTagsAgainstTokenizer checks readTag, over htmltok's tokenizer,
// and decode against the x/net/html tokenizer on every start tag of page:
// same name; of the tokenizer's attributes, those a rule reads (in that
// element, see ruleDrops; every one of ruleAttrs in foreign content, as
// every other tag is read), in the same order with the same decoded
// values; and whether there are others.
func checkTagsAgainstTokenizer(t *testing.T, name string, page []byte) {
	t.Helper()
	z := html.NewTokenizer(bytes.NewReader(page))
	f := htmltok.New(page) // the same tokens (see htmltok.FuzzTokens)
	f.SetFilter(ruleAttr)
	attrs := tagAttrs{names: new(nameCache)}
	for {
		tt := z.Next()
		f.Next()
		if tt == html.ErrorToken {
			return
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		raw := append([]byte(nil), z.Raw()...)
		foreign := len(raw)%2 == 0 // keeps every attribute of ruleAttrs
		gotName := readTag(f, f.Offset(), &attrs, new(int), foreign)
		wantName, more := z.TagName()
		drop := ruleDrops(string(wantName))
		if gotName != string(wantName) {
			t.Errorf("%s: tag %q: name %q, tokenizer says %q", name, raw, gotName, wantName)
			continue
		}
		i, others := 0, false
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			if _, ok := ruleAttrs[string(k)]; !ok || !foreign && drop>>slices.Index(ruleNames, string(k))&1 != 0 {
				others = true
				continue
			}
			if i >= len(attrs.list) {
				t.Errorf("%s: tag %q: attribute %q missing", name, raw, k)
				break
			}
			a := attrs.list[i]
			got := decode(raw[a.valStart:a.valEnd], true).s
			if a.key != string(k) || got != string(v) {
				t.Errorf("%s: tag %q: attribute %d is %q=%q, tokenizer says %q=%q", name, raw, i, a.key, got, k, v)
			}
			i++
		}
		if i < len(attrs.list) {
			t.Errorf("%s: tag %q: extra attribute %q", name, raw, attrs.list[i].key)
		}
		if attrs.others != others {
			t.Errorf("%s: tag %q: other attributes %v, tokenizer says %v", name, raw, attrs.others, others)
		}
	}
}

func TestParseTag(t *testing.T) {
	tests := []string{
		`<a href="x">`,
		`<A HREF='x' Title=y>`,
		`<a href=x/>`,
		`<a href = "x" >`,
		`<a href=x href=y>`,
		`<a =x href=y>`,
		`<a/href=x>`,
		`<a href/>`,
		`<a b c=d e>`,
		`<img src="a&amp;b&copy=c&ampx&lt;&#38;&#x26;&#0;&notin;&notit;">`,
		`<img src=a&amp=b&gt>`,
		"<a\fhref\t=\n'x\r\ny'>",
		`<a href="unterminated`,
		`<a href=`,
		`<a href="x"title="y">`,
		`<p a="1" a="2" A="3">`,
		`<a HREF=x href=y Href=z style=s>`,
		`<a b href=x>`,
		`<meta http-equiv=refresh content="0;url=x" CONTENT=y>`,
		`<img data-src=x srcsetx=y imagesrcset='a 1x'>`,
		"<a h\x00ref=x href=y>",
		// Names without ';' before '=', a '&' alone, numbers.
		`<a href="?a=1&id=2&brand=x&NL=&amp=3&&=&notit=1&not=2&lt=&gt;=&#46=&#46;&#x2E;&#128;&#0;&#;& x&">`,
	}
	for _, tc := range tests {
		checkTagsAgainstTokenizer(t, tc, []byte(tc+"</a>"))
	}
}

// TestParseTagCorpus compares readTag with the tokenizer on every tag
// of the corpus pages.
func TestParseTagCorpus(t *testing.T) {
	forEachCorpusPage(t, func(path string, page []byte) {
		checkTagsAgainstTokenizer(t, path, page)
	})
}

func FuzzParseTag(f *testing.F) {
	f.Add([]byte(`<a href="x&amp;y" src=z>`))
	f.Add([]byte(`<img srcset='a 1x, b 2x' style="background:url(&quot;x&quot;)">`))
	f.Fuzz(func(t *testing.T, page []byte) {
		checkTagsAgainstTokenizer(t, "fuzz", page)
	})
}

func TestDecodeMap(t *testing.T) {
	tests := []struct {
		raw       string
		attribute bool
		want      string
	}{
		{"a&amp;b", true, "a&b"},
		{"a&ampb", true, "a&ampb"},
		{"a&ampb", false, "a&b"},
		{"&copy=1", true, "&copy=1"},
		{"&copy=1", false, "©=1"},
		{"x\r\ny\rz", false, "x\ny\nz"},
		{"&#x3a;&#58;&colon;", true, ":::"},
		{"&notit;", true, "&notit;"},
		{"&notit;", false, "¬it;"},
	}
	for _, tc := range tests {
		d := decode([]byte(tc.raw), tc.attribute)
		if d.s != tc.want {
			t.Errorf("decode(%q, %v) = %q, want %q", tc.raw, tc.attribute, d.s, tc.want)
		}
		if want := html.UnescapeString(tc.raw); !tc.attribute && tc.raw[0] != 'x' && d.s != want {
			t.Errorf("decode(%q) = %q, html.UnescapeString says %q", tc.raw, d.s, want)
		}
		// Every decoded byte maps into the raw text, in order, and
		// the end maps to the end.
		for i := 1; i <= len(d.s); i++ {
			if d.raw(i) < d.raw(i-1) {
				t.Errorf("decode(%q): map not monotonic at %d", tc.raw, i)
			}
		}
		if d.raw(len(d.s)) != len(tc.raw) {
			t.Errorf("decode(%q): end maps to %d, want %d", tc.raw, d.raw(len(d.s)), len(tc.raw))
		}
	}
}

// TestNameCache checks that nameCache.tagName gives tagName's name and
// its ruleDrops, on
// random names of up to 20 bytes out of a few, read in a page (with
// bytes after them) and at its end, over and over so that the cache
// hits, misses and replaces entries.
func TestNameCache(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	var c nameCache
	names := []string{"a", "A", "b", "br", "BR", "Br", "td", "tD", "img", "font", "FONT", "table", "tbody", "center",
		"section", "SECTION", "blockquote", "font\x00", "a\x00", "x-very-long-element-name", "foreignObject"}
	for range 20000 {
		name := names[r.Intn(len(names))]
		page := []byte(name + strings.Repeat("x", r.Intn(10)))
		b := page[:len(name)]
		if got, drop := c.tagName(b); got != tagName(b) || drop != ruleDrops(got) {
			t.Fatalf("nameCache.tagName(%q) = %q, %#x, want %q, %#x", b, got, drop, tagName(b), ruleDrops(tagName(b)))
		}
	}
}

// TestStyleURLByReference checks that the CSS of a style attribute or
// element is read when a character reference writes its '(' or '@'
// (HTML Living Standard §13.5: decoded in an attribute, not in the raw
// text of a style element), and that style without either gives none.
func TestStyleURLByReference(t *testing.T) {
	tests := []struct{ page, want string }{
		{`<p style="background:url&lpar;a.png)">`, "a.png"},
		{`<p style="background:url&#40;'b.png')">`, "b.png"},
		{`<p style="background:url&#x28;c.png&rpar;">`, "c.png"},
		{`<p style="color:red; background:none">`, ""},
		{`<p style="x:url(d.png)">`, "d.png"},
		{`<style>p{background:url&lpar;e.png)}</style>`, ""},
		{`<style>@import "f.css";</style>`, "f.css"},
		{`<style>p{color:red}</style>`, ""},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tt.page), Options{Type: HTML, Keep: true}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.Ref)
		}
		if strings.Join(got, " ") != tt.want {
			t.Errorf("%s: links %q, want %q", tt.page, got, tt.want)
		}
	}
}
