package extract

import (
	"bytes"
	"os"
	"strings"
	"testing"
)

// lazyLinks returns "context tag attr ref -> uri" for each link of page
// whose context is not html, html-text or css.
func lazyLinks(t *testing.T, page string, opts Options) []string {
	t.Helper()
	var got []string
	for l, err := range Links(strings.NewReader(page), opts) {
		if err != nil {
			t.Fatalf("%q: %v", page, err)
		}
		switch l.Context {
		case ContextHTML, ContextHTMLText, ContextCSS:
			continue
		}
		got = append(got, string(l.Context)+" "+l.Tag+" "+l.Attr+" "+l.Ref+" -> "+l.URI)
	}
	return got
}

func TestLazyAndMetaLinks(t *testing.T) {
	base := Options{Type: HTML, Base: "http://s.example/p/page.html"}
	for _, tc := range []struct {
		name, page string
		opts       Options
		want       []string
	}{
		{"data-src", `<img data-src="a.jpg" src="ph.gif">`, base, []string{"html-lazy img data-src a.jpg -> http://s.example/p/a.jpg"}},
		{"data-srcset", `<img data-srcset="a.jpg 1x, /b.jpg 2x">`, base, []string{
			"html-lazy img data-srcset a.jpg -> http://s.example/p/a.jpg", "html-lazy img data-srcset /b.jpg -> http://s.example/b.jpg"}},
		{"the others", `<img data-original=o.png data-lazy-src=l.png><div data-bg=bg.png data-href=../h></div><img data-lazy-srcset="x.png 2x">`, base, []string{
			"html-lazy img data-original o.png -> http://s.example/p/o.png",
			"html-lazy img data-lazy-src l.png -> http://s.example/p/l.png",
			"html-lazy div data-bg bg.png -> http://s.example/p/bg.png",
			"html-lazy div data-href ../h -> http://s.example/h",
			"html-lazy img data-lazy-srcset x.png -> http://s.example/p/x.png"}},
		{"not without the option", `<img data-foo=f.png data-foo-srcset="g.png 2x">`, base, nil},
		{"LazyAttrs", `<img DATA-FOO=f.png data-foo-srcset="g.png 2x, h.png 3x">`, Options{Type: HTML, Base: base.Base, LazyAttrs: []string{"Data-Foo", "data-foo-srcset", "name"}}, []string{
			"html-lazy img data-foo f.png -> http://s.example/p/f.png",
			"html-lazy img data-foo-srcset g.png -> http://s.example/p/g.png",
			"html-lazy img data-foo-srcset h.png -> http://s.example/p/h.png"}},
		{"meta", `<meta property="og:image" content="/og.png"><meta name="Twitter:Image" content="t.png"><meta name=description content="x.png"><meta property="og:title" content="y">`, base, []string{
			"html-meta meta content /og.png -> http://s.example/og.png",
			"html-meta meta content t.png -> http://s.example/p/t.png"}},
		{"meta refresh stays html", `<meta http-equiv=refresh content="0; url=r.html">`, base, nil},
		{"json-ld", `<script type="application/ld+json">{"@context":"https://schema.org","@id":"#a","url":"https:\/\/n.example\/a","image":["/1.jpg",{"url":"2.jpg","name":"url"}],"publisher":{"@id":"_:b0","logo":"l.png"},"sameAs":[["s"]]}</script>`, base, []string{
			"json-ld script @id #a -> http://s.example/p/page.html#a",
			"json-ld script url https://n.example/a -> https://n.example/a",
			"json-ld script image /1.jpg -> http://s.example/1.jpg",
			"json-ld script url 2.jpg -> http://s.example/p/2.jpg",
			"json-ld script logo l.png -> http://s.example/p/l.png",
			"json-ld script sameAs s -> http://s.example/p/s"}},
		// Empty strings and names are not URLs: schema.org's sameAs and
		// url hold a name or nothing where a page's data is sloppy.
		{"json-ld values that are not URLs", `<script type="application/ld+json">{"sameAs":["", " ", "Isabella Beyer", "https://x.example/ "],"url":""}</script>`, base, []string{
			"json-ld script sameAs https://x.example/  -> https://x.example/"}},
		{"json-ld type with parameters", `<script type="Application/LD+JSON; charset=utf-8">{"url":"u"}</script>`, base, []string{"json-ld script url u -> http://s.example/p/u"}},
		{"other scripts", `<script>{"url":"u"}</script><script type="application/json">{"url":"v"}</script>`, base, nil},
		{"broken json-ld: up to the error", `<script type="application/ld+json">{"url":"u", "image": oops, "logo":"l"}</script>`, base, []string{"json-ld script url u -> http://s.example/p/u"}},
	} {
		got := lazyLinks(t, tc.page, tc.opts)
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s: %q\n got: %q\nwant: %q", tc.name, tc.page, got, tc.want)
		}
	}
}

// TestJSONLDBounded: a script deeper than maxJSONLDDepth is read to there,
// and one larger than maxJSONLD to its first maxJSONLD bytes.
func TestJSONLDBounded(t *testing.T) {
	deep := `<script type="application/ld+json">{"url":"a",` + strings.Repeat(`"x":[`, 200) + `"url"` + strings.Repeat("]", 200) + `}</script>`
	if got := lazyLinks(t, deep, Options{Type: HTML}); len(got) != 1 {
		t.Errorf("deep JSON-LD: got %q, want the one url before the depth limit", got)
	}
	big := `<script type="application/ld+json">[{"url":"a"},"` + strings.Repeat("x", maxJSONLD) + `",{"url":"b"}]</script>`
	if got := lazyLinks(t, big, Options{Type: HTML}); len(got) != 1 {
		t.Errorf("large JSON-LD: got %q, want the url in its first %d bytes", got, maxJSONLD)
	}
}

// TestRewriteJSONLD rewrites a JSON-LD URL as a JSON string, escaped so
// that it cannot end the script, and every other byte as it was.
func TestRewriteJSONLD(t *testing.T) {
	in := `<script type="application/ld+json">{"url": "a\/b", "image" : "c"}</script><img data-src=d>`
	var out bytes.Buffer
	err := Rewrite(&out, strings.NewReader(in), Options{Base: "http://s.example/"}, func(l Link) (string, bool) {
		if l.Ref == "c" {
			return `http://s.example/c?"</script>`, true
		}
		return l.URI, true
	})
	if err != nil {
		t.Fatal(err)
	}
	want := `<script type="application/ld+json">{"url": "http://s.example/a/b", "image" : "http://s.example/c?\"\u003c/script\u003e"}</script><img data-src="http://s.example/d">`
	if out.String() != want {
		t.Errorf("got  %s\nwant %s", out.String(), want)
	}
}

// TestLazyCorpus counts the lazy-load, meta and JSON-LD links of the
// corpus (issue 18: data-src alone is 1,195 of them).
func TestLazyCorpus(t *testing.T) {
	counts := map[Context]int{}
	attrs := map[string]int{}
	for _, path := range corpusPages(t) {
		page, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for l, err := range Links(bytes.NewReader(page), Options{Type: HTML, Base: "http://corpus.example/"}) {
			if err != nil {
				continue
			}
			switch l.Context {
			case ContextHTMLLazy, ContextHTMLMeta, ContextJSONLD:
				counts[l.Context]++
				attrs[string(l.Context)+" "+l.Attr]++
			}
		}
	}
	t.Logf("corpus: %d html-lazy, %d html-meta, %d json-ld links; by attribute: %v", counts[ContextHTMLLazy], counts[ContextHTMLMeta], counts[ContextJSONLD], attrs)
	// Floors well below the counts of the corpus as it is, so that a
	// lost rule shows.
	if attrs["html-lazy data-src"] < 1000 || attrs["html-lazy data-srcset"] < 600 || counts[ContextHTMLMeta] < 500 || counts[ContextJSONLD] < 300 {
		t.Errorf("fewer lazy-load and metadata links than the corpus holds: %v", attrs)
	}
}
