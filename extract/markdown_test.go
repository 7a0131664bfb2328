package extract

import (
	"encoding/json"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// TestMarkdownSpec checks the links of CommonMark's own examples (the
// spec's examples whose HTML holds a link or image, and every example of
// its sections on links, images, autolinks and reference definitions; see
// testdata/markdown/README.md): the href of each <a> and the src of each
// <img> of the spec's HTML, in order, are the links Links reports, read
// as a renderer writes them (raw HTML: its values as written).
func TestMarkdownSpec(t *testing.T) {
	data, err := os.ReadFile("testdata/markdown/spec-links.json")
	if err != nil {
		t.Fatal(err)
	}
	var examples []struct {
		Example  int
		Section  string
		Markdown string
		HTML     string
	}
	if err := json.Unmarshal(data, &examples); err != nil {
		t.Fatal(err)
	}
	for _, ex := range examples {
		want := specLinks(t, ex.HTML)
		var got []string
		// Uses: the spec's HTML has a link at each use of a definition.
		for l, err := range Links(strings.NewReader(ex.Markdown), Options{Type: Markdown, Uses: true}) {
			if err != nil {
				t.Errorf("example %d: %v", ex.Example, err)
				continue
			}
			switch {
			case l.Context == ContextMarkdown && l.Tag != "definition" && l.Style != StyleAbbreviated && l.Style != StyleEmail:
				// GFM's extended autolinks are not CommonMark's.
				got = append(got, l.URI)
			case l.Context == ContextHTML && (l.Tag == "a" && l.Attr == "href" || l.Tag == "img" && l.Attr == "src"):
				// Raw HTML passes through as written; the HTML
				// scanner reads it as a browser does (Ref).
				got = append(got, l.Ref)
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("example %d (%s): %q\ngot  %q\nwant %q", ex.Example, ex.Section, ex.Markdown, got, want)
		}
	}
}

// specLinks returns the hrefs of <a> and srcs of <img> in the HTML of a
// spec example.
func specLinks(t *testing.T, s string) []string {
	var links []string
	z := html.NewTokenizer(strings.NewReader(s))
	for {
		switch z.Next() {
		case html.ErrorToken:
			return links
		case html.StartTagToken, html.SelfClosingTagToken:
			tok := z.Token()
			for _, a := range tok.Attr {
				if tok.Data == "a" && a.Key == "href" || tok.Data == "img" && a.Key == "src" {
					links = append(links, a.Val)
				}
			}
		}
	}
}

// TestMarkdownGolden scans testdata/markdown/links.md, a file of every
// link form (written by hand, its golden file checked by hand), and checks
// that each destination, autolink and prose URI is at its Offset in the
// file as written.
func TestMarkdownGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/markdown/links.md")
	if err != nil {
		t.Fatal(err)
	}
	links := checkGoldenFile(t, "markdown/links.md", Options{})
	for _, l := range links {
		// A use of a definition, and an empty destination, are
		// reported at the link: "[" or "![".
		use := l.Context == ContextMarkdown && (src[l.Offset] == '[' || src[l.Offset] == '!')
		if !use && !strings.HasPrefix(string(src[l.Offset:]), l.Ref) {
			t.Errorf("%d:%d: %q is not at offset %d: %q", l.Line, l.Column, l.Ref, l.Offset, src[l.Offset:min(len(src), int(l.Offset)+20)])
		}
	}
}

// TestMarkdownCode checks that code spans and code blocks are read only
// with Options.Code.
func TestMarkdownCode(t *testing.T) {
	const doc = "`https://a.example/span` and\n\n```\nhttps://a.example/fenced\n```\n\n    https://a.example/indented\n"
	for _, code := range []bool{false, true} {
		var got []string
		for l, err := range Links(strings.NewReader(doc), Options{Type: Markdown, Code: code}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.URI+" "+strconv.Itoa(l.Line)+":"+strconv.Itoa(l.Column)+" "+string(l.Context))
		}
		var want []string
		if code {
			want = []string{
				"https://a.example/span 1:2 markdown-code",
				"https://a.example/fenced 4:1 markdown-code",
				"https://a.example/indented 7:5 markdown-code",
			}
		}
		if !slices.Equal(got, want) {
			t.Errorf("Code %v: got %q, want %q", code, got, want)
		}
	}
}
