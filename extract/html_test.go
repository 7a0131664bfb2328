package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/internal/ascii"
)

// TestHTMLGolden scans the pages under testdata/html and compares every
// link with the golden file beside each page. Each golden file was
// checked by hand against the page: see testdata/html/README.md for what
// each page tests and where urix differs from the fixture's origin.
func TestHTMLGolden(t *testing.T) {
	pages, err := filepath.Glob("testdata/html/*.html")
	if err != nil {
		t.Fatal(err)
	}
	more, _ := filepath.Glob("testdata/html/*/*.html")
	pages = append(pages, more...)
	if len(pages) < 19 {
		t.Fatalf("only %d pages under testdata/html", len(pages))
	}
	for _, p := range pages {
		input := strings.TrimPrefix(filepath.ToSlash(p), "testdata/")
		opts := Options{Type: HTML}
		if strings.HasPrefix(input, "html/html-proofer/") || strings.HasPrefix(input, "html/seed_") {
			// Retrieved from a web server, so that root-relative
			// references resolve as the fixtures mean them.
			opts.Base = "http://example.com/docs/page.html"
		}
		checkGoldenFile(t, input, opts)
	}
}

// TestSeedExample is RFC 3986 §5.1.1 with the example of the 1997 draft,
// appendix D (requirements D-08): "../x" is http://www.ics.uci.edu/Test/a/x
// whatever the retrieval URI.
func TestSeedExample(t *testing.T) {
	page, err := os.ReadFile("testdata/html/seed_example.html")
	if err != nil {
		t.Fatal(err)
	}
	for _, retrieval := range []string{"", "file:///home/u/t.html", "http://other/p"} {
		var got []string
		for l, err := range Links(bytes.NewReader(page), Options{Type: HTML, Base: retrieval}) {
			if err != nil {
				t.Fatalf("retrieved as %q: %v", retrieval, err)
			}
			if l.Tag == "a" {
				got = append(got, fmt.Sprint(l.URI, " ", l.BaseSource))
			}
		}
		if want := "http://www.ics.uci.edu/Test/a/x embedded"; len(got) != 1 || got[0] != want {
			t.Errorf("retrieved as %q: anchor gives %q, want %q", retrieval, got, want)
		}
	}
}

// TestHTMLLegacyCharset reads a value of a Shift_JIS page in the page's
// encoding, as a browser does, so that its path and fragment are
// percent-encoded UTF-8 (RFC 3986 §2.5), not the raw Shift_JIS bytes.
func TestHTMLLegacyCharset(t *testing.T) {
	// "日本.html" in Shift_JIS: 93 fa 96 7b. In the query the page's
	// encoding stays, percent-encoded, as a browser sends it, with a
	// base or without.
	page := "<meta charset=\"shift_jis\"><a href=\"\x93\xfa\x96\x7b.html?q=\x93\xfa#\x96\x7b\">x</a>"
	for _, tc := range []struct{ base, want string }{
		{"http://example.jp/", "日本.html?q=%93%FA#本 http://example.jp/%E6%97%A5%E6%9C%AC.html?q=%93%FA#%E6%9C%AC"},
		{"", "日本.html?q=%93%FA#本 %E6%97%A5%E6%9C%AC.html?q=%93%FA#%E6%9C%AC"},
	} {
		var got []string
		for l, err := range Links(strings.NewReader(page), Options{Type: HTML, Base: tc.base}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.Ref+" "+l.URI)
		}
		if len(got) != 1 || got[0] != tc.want {
			t.Errorf("Shift_JIS page with base %q: got %q, want %q", tc.base, got, tc.want)
		}
	}
}

// TestHTMLHugePageBase checks the base of a page too large to parse into
// a tree: the tokenizer's first base element outside template and foreign
// content serves. Each want is Chromium's (/tmp/browsercheck cases
// big-base-*).
func TestHTMLHugePageBase(t *testing.T) {
	tests := []struct{ head, want string }{
		{`<template><base href="http://inert/"></template><base href="http://b/dir/">`, "http://b/dir/x"},
		// An HTML integration point holds HTML.
		{`<svg><foreignObject><base href="http://fo.example/f/"></foreignObject></svg>`, "http://fo.example/f/x"},
		{`<math><mi><base href="http://mi.example/m/"></mi></math>`, "http://mi.example/m/x"},
		// <p> ends foreign content.
		{`<svg><p>x</p><base href="http://svgp.example/s/">`, "http://svgp.example/s/x"},
		// SVG's template is no template: </svg> closes it.
		{`<svg><template></svg><base href="http://tus.example/">`, "http://tus.example/x"},
		{`<svg><base href="http://svg.example/"></svg>`, "http://retrieval/x"},
	}
	// A page too large for a tree, and one nested too deep for the
	// parser (512 elements in x/net/html).
	fillers := []struct{ name, text string }{
		{"huge", strings.Repeat("<p>filler</p>\n", maxTreeSize/14+1)},
		{"deep", strings.Repeat("<div>", 600)},
	}
	for _, filler := range fillers {
		for _, tc := range tests {
			var got []string
			for l, err := range Links(strings.NewReader(tc.head+filler.text+`<a href="x">`), Options{Type: HTML, Base: "http://retrieval/"}) {
				if err != nil {
					t.Fatal(err)
				}
				if l.Tag == "a" {
					got = append(got, l.URI)
					if len(l.Warnings) > 0 {
						t.Errorf("%s page with %s: warnings %q", filler.name, tc.head, l.Warnings)
					}
				}
			}
			if len(got) != 1 || got[0] != tc.want {
				t.Errorf("%s page with %s: got %q, want [%s]", filler.name, tc.head, got, tc.want)
			}
		}
	}
}

// TestHTMLAsBrowsers checks links a browser reads in a way the markup alone
// does not tell. Each want is what Chromium 156 gives (checked with the
// pages of /tmp/browsercheck/cases and by hand), but where noted.
func TestHTMLAsBrowsers(t *testing.T) {
	const doc = "http://doc.example/p.html"
	tests := []struct {
		name, page string
		want       []string // tag/attr URI base_source of each link but the base's
	}{
		{"empty form action is the document's URL",
			`<base href="http://eb.example/dir/page?bq"><form action=""></form><button formaction="">b</button><input formaction=""><a href="">a</a>`,
			[]string{"form/action " + doc + " retrieval", "button/formaction " + doc + " retrieval", "input/formaction " + doc + " retrieval", "a/href http://eb.example/dir/page?bq embedded"}},
		// Chromium's form.action strips the spaces first; the standard
		// (and Chromium's formAction) does not.
		{"blank form action is the base URL",
			`<base href="http://eb.example/dir/"><form action=" "></form><button formaction=" ">b</button>`,
			[]string{"form/action http://eb.example/dir/ embedded", "button/formaction http://eb.example/dir/ embedded"}},
		{"attributes without a value are empty",
			`<base href="http://eb.example/dir/"><a href>a</a><img src><form action></form><img srcset>`,
			[]string{"a/href http://eb.example/dir/ embedded", "img/src http://eb.example/dir/ embedded", "form/action " + doc + " retrieval"}},
		{"svg title closed by />",
			`<svg><title id="t" /><use xlink:href="#icon"/></svg><a href="after">`,
			[]string{"use/xlink:href " + doc + "#icon retrieval", "a/href http://doc.example/after retrieval"}},
		{"svg style and title hold markup",
			`<svg><style>.c{} <a href="in-style"/></style><title>T <a href="in-title">x</a></title></svg><a href="after">`,
			[]string{"a/href http://doc.example/in-style retrieval", "a/href http://doc.example/in-title retrieval", "a/href http://doc.example/after retrieval"}},
		{"svg style is CSS",
			`<svg><style><![CDATA[.c{background:url(bg.png)} a>b{}]]></style></svg><a href="after">`,
			[]string{"style/ http://doc.example/bg.png retrieval", "a/href http://doc.example/after retrieval"}},
		{"html raw text in integration points",
			`<svg><foreignObject><title><a href="in-title"></title></foreignObject></svg><math><mi><textarea/></mi></math><a href="in-textarea"></textarea><a href="after">`,
			[]string{"a/href http://doc.example/after retrieval"}},
		{"breakout ends foreign content",
			`<svg><div></div><title><a href="in-title"></title><svg><font color=red></font><title><a href="in-title"></title><svg><font><title><a href="in-svg"></title></font></svg><a href="after">`,
			[]string{"a/href http://doc.example/in-svg retrieval", "a/href http://doc.example/after retrieval"}},
		{"legacy query from character references",
			`<meta charset="windows-1252"><base href="http://wa.example/d/"><a href="?q=&#233;">e</a><a href="?q=&#x20AC;&#x4E2D;">u</a><a href="&#233;?q=x#&#233;">p</a><a href="mailto:x?subject=&#233;">m</a>`,
			[]string{"a/href http://wa.example/d/?q=%E9 embedded", "a/href http://wa.example/d/?q=%80%26%2320013%3B embedded", "a/href http://wa.example/d/%C3%A9?q=x#%C3%A9 embedded", "a/href mailto:x?subject=%C3%A9 embedded"}},
		// The standard's; Chromium reads ws: URLs as http: ones, in
		// the page's encoding.
		{"no legacy query in ws: URLs",
			`<meta charset="windows-1252"><a href="ws://h.example/?q=&#233;">w</a>`,
			[]string{"a/href ws://h.example/?q=%C3%A9 retrieval"}},
		{"legacy query from bytes and references",
			"<meta charset=\"shift_jis\"><a href=\"?q=\x93\xfa&#x65E5;&#233;\x80\">s</a><a href=\"&#x65E5;/\x93\xfa\">p</a>",
			[]string{"a/href http://doc.example/p.html?q=%93%FA%93%FA%26%23233%3B%80 retrieval", "a/href http://doc.example/%E6%97%A5/%E6%97%A5 retrieval"}},
		{"legacy single-byte C1",
			"<meta charset=\"iso-8859-2\"><a href=\"?q=\x8a\xb9\">s</a>",
			[]string{"a/href http://doc.example/p.html?q=%8A%B9 retrieval"}},
		// Chromium makes the base about:blank, so that nothing
		// resolves; the standard falls back on the document's URL.
		{"base port above 65535",
			`<base href="http://h.example:99999/"><a href="x">x</a>`,
			[]string{"a/href http://doc.example/x retrieval"}},
		// The tree builder renames an HTML image start tag img
		// (§13.2.6.4.7); SVG's image stays image.
		{"image start tag is img",
			`<image src="a.png" alt="A"><svg><image href="s.svg"/></svg><image src=b.png />`,
			[]string{"img/src http://doc.example/a.png retrieval", "image/href http://doc.example/s.svg retrieval", "img/src http://doc.example/b.png retrieval"}},
		{"invalid UTF-8, declared",
			"<meta charset=\"utf-8\"><a href=\"a\xffb\">1</a><a href=\"c\xe2\x82d?\xed\xa0\x80\">2</a>",
			[]string{"a/href http://doc.example/a%EF%BF%BDb retrieval", "a/href http://doc.example/c%EF%BF%BDd?%EF%BF%BD%EF%BF%BD%EF%BF%BD retrieval"}},
		// Undeclared, UTF-8 in the first 1024 bytes only, it is not
		// UTF-8: the detector's windows-1252 (Chromium 156's reads
		// this file as ISO-8859-4, a%CB%99b).
		{"invalid UTF-8, detected",
			"<p>caf\xc3\xa9</p>" + strings.Repeat(" ", 1024) + "<a href=\"a\xffb\">1</a>",
			[]string{"a/href http://doc.example/a%C3%BFb retrieval"}},
	}
	for _, tc := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tc.page), Options{Type: HTML, Base: doc}) {
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			if l.Context != "html-text" && l.Tag != "base" {
				got = append(got, fmt.Sprintf("%s/%s %s %s", l.Tag, l.Attr, l.URI, l.BaseSource))
			}
		}
		if !slices.Equal(got, tc.want) {
			t.Errorf("%s: %q gives\n%q\nwant\n%q", tc.name, tc.page, got, tc.want)
		}
	}
}

// TestHTMLBaseIgnored covers base hrefs a browser does not use (HTML
// Living Standard §4.2.3): the retrieval URI serves, and each link says
// why.
func TestHTMLBaseIgnored(t *testing.T) {
	for _, href := range []string{"data:text/html,x", "JavaScript:void(0)", "http://[::1"} {
		page := `<base href="` + href + `"><a href="x">`
		var got []string
		for l, err := range Links(strings.NewReader(page), Options{Type: HTML, Base: "http://retrieval/dir/"}) {
			if err != nil {
				t.Fatal(err)
			}
			if l.Tag == "a" {
				got = append(got, l.URI)
				if len(l.Warnings) == 0 || !strings.HasPrefix(l.Warnings[0], "html-invalid-base") {
					t.Errorf("base %q: warnings %q, want html-invalid-base", href, l.Warnings)
				}
			}
		}
		if len(got) != 1 || got[0] != "http://retrieval/dir/x" {
			t.Errorf("base %q: got %q, want [http://retrieval/dir/x]", href, got)
		}
	}
}

// TestHTMLPositionsCorpus checks on every corpus page that each link's
// Offset points at its value as written, and that Line and Column say the
// same place.
func TestHTMLPositionsCorpus(t *testing.T) {
	forEachCorpusPage(t, func(path string, page []byte) {
		checkPositions(t, path, page)
	})
}

func checkPositions(t *testing.T, name string, page []byte) {
	t.Helper()
	for l, err := range Links(bytes.NewReader(page), Options{Type: HTML, Base: "http://example.com/"}) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		off := int(l.Offset)
		if off < 0 || off > len(page) {
			t.Fatalf("%s: %q at offset %d, outside the page", name, l.Ref, off)
		}
		line := 1 + bytes.Count(page[:off], []byte("\n"))
		col := off - (bytes.LastIndexByte(page[:off], '\n') + 1) + 1
		if l.Line != line || l.Column != col {
			t.Errorf("%s: %q at offset %d: line %d column %d, want %d:%d", name, l.Ref, off, l.Line, l.Column, line, col)
		}
		if l.Context == "html-text" || bytes.HasPrefix(page[off:], []byte(l.Ref)) {
			continue
		}
		// Otherwise the value was decoded: character references, CSS
		// escapes, line breaks, or a legacy encoding.
		end := min(len(page), off+len(l.Ref)+32)
		if !bytes.ContainsAny(page[off:end], "&\\\r") && ascii.Valid(l.Ref) {
			t.Errorf("%s: %q at offset %d, where the page has %q", name, l.Ref, off, page[off:end])
		}
	}
}

// endless is an endless stream of spaces.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// TestHTMLTooLarge checks that a page over MaxHTMLSize is refused with an
// error, not read into memory without end.
func TestHTMLTooLarge(t *testing.T) {
	n := 0
	for _, err := range Links(endless{}, Options{Type: HTML}) {
		n++
		if !errors.Is(err, ErrTooLarge) {
			t.Errorf("endless page: got %v, want ErrTooLarge", err)
		}
	}
	if n != 1 {
		t.Errorf("endless page: %d results, want one error", n)
	}
	err := Rewrite(io.Discard, endless{}, Options{}, func(Link) (string, bool) { return "", false })
	if !errors.Is(err, ErrTooLarge) {
		t.Errorf("Rewrite of an endless page: got %v, want ErrTooLarge", err)
	}
}

// TestLycheeConformance compares the absolute links urix finds in lychee's
// fixtures with the sets lychee expects (lychee-lib/src/extract/mod.rs;
// see testdata/html/README.md). extra lists the links urix reports on
// purpose beyond lychee's set, each for a reason given there.
func TestLycheeConformance(t *testing.T) {
	tests := []struct {
		file        string
		want, extra []string
	}{
		{"TEST_HTML5.html", []string{
			"https://example.com/head/home", "https://example.com/css/style_full_url.css",
			"https://example.com/body/a", "https://example.com/body/div_empty_a",
		}, nil},
		{"TEST_HTML5_MINIFIED.html", []string{
			"https://example.com/", "https://example.com/favicon.ico",
			"https://example.com/docs/", "https://example.com/forum",
		}, []string{"https://fonts.externalsite.com"}}, // rel=preconnect: still an href
		// "https://example]org/..." does not parse: only scanned without
		// Absolute is it reported, as written, with a warning.
		{"TEST_HTML5_MALFORMED_LINKS.html", []string{"https://example.com/valid"}, nil},
		{"TEST_HTML5_CUSTOM_ELEMENTS.html", []string{
			"https://example.com/some-weird-element", "https://example.com/even-weirder-src",
			"https://example.com/even-weirder-href", "https://example.com/citations",
		}, nil},
		{"LINK_PERIOD.html", []string{"https://www.example.com/smth."}, nil},
		{"TEST_EMAIL_QUERY_PARAMS.html", []string{"mailto:hello@example.org?subject=%5BHello%5D"}, nil},
	}
	for _, tc := range tests {
		page, err := os.ReadFile(filepath.Join("testdata/html/lychee", tc.file))
		if err != nil {
			t.Fatal(err)
		}
		got := map[string]bool{}
		for l, err := range Links(bytes.NewReader(page), Options{Type: HTML, Absolute: true, Unique: UniqueExact}) {
			if err != nil {
				t.Fatal(err)
			}
			got[l.URI] = true
		}
		for _, u := range tc.want {
			if !got[u] {
				t.Errorf("%s: %s not found", tc.file, u)
			}
			delete(got, u)
		}
		for _, u := range tc.extra {
			if !got[u] {
				t.Errorf("%s: %s (reported on purpose) not found", tc.file, u)
			}
			delete(got, u)
		}
		for u := range got {
			t.Errorf("%s: unexpected %s", tc.file, u)
		}
	}
}

// TestHTMLRel checks Link.Rel: the rel of an a, area or link element
// (HTML Living Standard §4.6.1, §4.2.4) on the link of its href (and of a
// link's imagesrcset, which a preload fetches), character references
// decoded, the ASCII white space around it removed and the tokens kept as
// written; the first of two rel attributes, as the tokenizer keeps; none
// on a ping, on an img (rel is not its attribute) or on a URL in the
// anchor's text. Over maxRel bytes, Rel holds the tokens that fit whole,
// so that its bytes in all the links of a page are linear in the page.
func TestHTMLRel(t *testing.T) {
	relBytes := func(page string) (n int) {
		for _, l := range collectLinks(t, []byte(page), Options{Type: HTML}) {
			n += len(l.Rel)
		}
		return n
	}
	// Each candidate of an imagesrcset has the link's rel: with a rel of
	// n bytes on n candidates, the output was n² bytes (10 MB for a page
	// of 25 kB, 640 MB for one of 214 kB).
	hostile := func(n int) string {
		return `<link rel="preload ` + strings.Repeat("x", n) + `" imagesrcset="` + strings.Repeat("a 1x, ", n/6) + `">`
	}
	if small, large := relBytes(hostile(4000)), relBytes(hostile(32000)); large > 10*small {
		t.Errorf("Link.Rel: %d bytes for a page of 4 kB, %d for one of 32 kB: more than linear", small, large)
	}

	for _, c := range []struct{ page, want string }{
		{"<a href=x rel=\" NoFollow\t noopener\n\">t</a>", "x:a/href:NoFollow\t noopener"},
		{`<a rel=nofollow href=x ping=p>t</a>`, "x:a/href:nofollow p:a/ping:"},
		{`<link rel=stylesheet href=s.css>`, "s.css:link/href:stylesheet"},
		{`<map><area href=m rel="&#110;ofollow ugc"></map>`, "m:area/href:nofollow ugc"},
		{`<a href=y rel=a REL=b>t</a>`, "y:a/href:a"},
		{`<img src=i rel=nofollow>`, "i:img/src:"},
		{`<a href=z>t</a><a href=w rel="">u</a><a href=v rel>u</a>`, "z:a/href: w:a/href: v:a/href:"},
		{`<link rel=preload as=image imagesrcset="a.png 1x, b.png 2x" href=c.png>`, "a.png:link/imagesrcset:preload b.png:link/imagesrcset:preload c.png:link/href:preload"},
		{`<a href=u rel=sponsored>see http://t.example/</a>`, "u:a/href:sponsored http://t.example/:/:"},
		{`<svg><a xlink:href=s rel=nofollow><text>t</text></a></svg>`, "s:a/xlink:href:nofollow"},
		{`<a href=q rel=nofollow style="background:url(b.png)">t</a>`, "q:a/href:nofollow b.png:a/style:"},
		// Over maxRel bytes, the tokens that fit whole.
		{`<a href=r rel="nofollow ` + strings.Repeat("x", 243) + ` ugc">t</a>`, "r:a/href:nofollow " + strings.Repeat("x", 243) + " ugc"},
		{`<a href=r rel="nofollow ` + strings.Repeat("x", 244) + ` ugc">t</a>`, "r:a/href:nofollow " + strings.Repeat("x", 244)},
		{`<a href=r rel="` + strings.Repeat("x", 300) + `">t</a>`, "r:a/href:"},
	} {
		var got []string
		for _, l := range collectLinks(t, []byte(c.page), Options{Type: HTML}) {
			got = append(got, l.Ref+":"+l.Tag+"/"+l.Attr+":"+l.Rel)
		}
		if s := strings.Join(got, " "); s != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.page, s, c.want)
		}
	}
}
