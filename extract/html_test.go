package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
	// encoding stays, percent-encoded, as a browser sends it.
	page := "<meta charset=\"shift_jis\"><a href=\"\x93\xfa\x96\x7b.html?q=\x93\xfa#\x96\x7b\">x</a>"
	var got []string
	for l, err := range Links(strings.NewReader(page), Options{Type: HTML, Base: "http://example.jp/"}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.Ref+" "+l.URI)
	}
	if want := "日本.html?q=%93%FA#本 http://example.jp/%E6%97%A5%E6%9C%AC.html?q=%93%FA#%E6%9C%AC"; len(got) != 1 || got[0] != want {
		t.Errorf("Shift_JIS page: got %q, want %q", got, want)
	}
}

// TestHTMLHugePageBase checks the base of a page too large to parse into
// a tree: the tokenizer's first base element outside template serves.
func TestHTMLHugePageBase(t *testing.T) {
	page := `<template><base href="http://inert/"></template><base href="http://b/dir/">` +
		strings.Repeat("<p>filler</p>\n", maxTreeSize/14+1) + `<a href="x">`
	var got []string
	for l, err := range Links(strings.NewReader(page), Options{Type: HTML, Base: "http://retrieval/"}) {
		if err != nil {
			t.Fatal(err)
		}
		if l.Tag == "a" {
			got = append(got, l.URI)
		}
	}
	if len(got) != 1 || got[0] != "http://b/dir/x" {
		t.Errorf("huge page: got %q, want [http://b/dir/x]", got)
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
		if !bytes.ContainsAny(page[off:end], "&\\\r") && isASCII(l.Ref) {
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
