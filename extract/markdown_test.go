package extract

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
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

// TestMarkdownLinkify checks that mdLinkify leaves goldmark's autolinks
// as they are: the same autolinks, at the same places, as the parser
// alone finds, for words of every kind after each of its triggers.
func TestMarkdownLinkify(t *testing.T) {
	words := []string{"www.a.example/x", "http://h.example/p", "https://s.example/q?x=1", "ftp://f.example/",
		"a@b.example", "x.y+z@c-d.example.org.", "_u@e.example_", "@n.example", strings.Repeat("a", 64) + "@l.example",
		strings.Repeat("a", 65) + "@m.example", "foo@bar", "WWW.up.example", "Http://cap.example", "hello", "w", "f@",
		"fx@y.example-", "a,b@comma.example", "a\"q@quote.example", "é@acute.example", "xé@acute.example", "a:b@colon.example", "a%b@pct.example", "x`{}|~@odd.example", "[l](www.in.example)", "`c@code.example`", "<z@ang.example>", "*www.g.example*", "~https://t.example~"}
	seps := []string{" ", "*", "_", "~", "(", ")", "\n", "\t", ", ", "\n\n| a | b |\n|---|---|\n| "}
	var b strings.Builder
	for i, w := range words {
		for j, s := range seps {
			b.WriteString(s + w + seps[(i+j)%len(seps)] + words[(i*7+j)%len(words)])
		}
	}
	src := []byte(b.String())
	links := func(p parser.Parser) (out []string) {
		_ = ast.Walk(p.Parse(gtext.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
			if l, ok := n.(*ast.AutoLink); ok && entering {
				out = append(out, fmt.Sprintf("%d %d %q", l.AutoLinkType, l.Pos(), l.URL(src)))
			}
			return ast.WalkContinue, nil
		})
		return out
	}
	want := links(newMarkdownParser(extension.NewLinkifyParser()))
	got := links(markdown())
	if len(want) < 100 {
		t.Fatalf("only %d autolinks in the sample", len(want))
	}
	if !slices.Equal(got, want) {
		t.Errorf("autolinks differ:\n got %q\nwant %q", got, want)
	}
}

// TestMarkdownSkip checks that the blocks mdSkip reads without their
// inline markup hold no link: the links of documents with each kind of
// link, and text next to them that holds none, in every kind of block,
// at its start, middle and end, are those read with every block parsed,
// under options that change what a link needs.
func TestMarkdownSkip(t *testing.T) {
	links := []string{"[a](b)", "![i](c.png)", "[r]", "[u][r]", "<http://x.example/>", "<m@x.example>", "<span title=q>",
		"<a href=\"h\">t</a>", "http://b.example/", "www.w.example", "WWW.up.example", "w@x.example", "ftp://f.example", "ftp.gnu.org/x",
		"`http://code.example/`", "`c`", "s.example/p", "urn:isbn:1", "*e*", "~s~", "\"q\"", "'q'", "(p)", "!x", "x.y", "a&#58;b", "Note: x", "*https*: x", "http: //x.example", "mailto: y", "urn:a: b", "tel:\n1", "news:comp.lang.go", "Example:", "x:\ny", "t: \"u\"", "\"geo:\n 1\"", "a:\tb", "url: \n\"p:\"", "\\[b\\]", "plain words"}
	shapes := []string{"%s", "text %s", "%s text", "# %s", "- %s\n- y", "> %s", "| a | b |\n|---|---|\n| %s | z |", "1. x\n\n   %s",
		"Title %s\n=====", "%s\n---", "a\nb %s\nc", "  %s  \nx"}
	var b strings.Builder
	for i, l := range links {
		for j, s := range shapes {
			fmt.Fprintf(&b, s+"\n\n", l+" "+links[(i*5+j)%len(links)])
		}
	}
	b.WriteString("[r]: http://def.example/\n")
	doc := b.String()
	read := func(opts Options) (out []string) {
		for l, err := range Links(strings.NewReader(doc), opts) {
			out = append(out, fmt.Sprintf("%+v %v", l, err))
		}
		return out
	}
	for _, opts := range []Options{{}, {Abbreviated: true, Emails: true}, {Code: true, Uses: true, AngleRelative: true}} {
		opts.Type = Markdown
		got := read(opts)
		scanners[Markdown] = func(r io.Reader, src *source, yield func(Link, error) bool) bool {
			return readMarkdown(r, src, yield, false)
		}
		want := read(opts)
		scanners[Markdown] = scanMarkdown
		if len(want) < 200 {
			t.Fatalf("%+v: only %d links", opts, len(want))
		}
		if !slices.Equal(got, want) {
			t.Errorf("%+v: links differ with blocks skipped:\n got %q\nwant %q", opts, got, want)
		}
	}
}

// FuzzMarkdownSkip checks, on any input, that the blocks mdSkip reads
// without their inline markup hold no link (see TestMarkdownSkip).
func FuzzMarkdownSkip(f *testing.F) {
	for _, s := range []string{"a [b](c) d\n\ne f\n", "x www.y.example\n# h\n- `i` j\n", "*a* b@c.example\n\n> 'q' ftp.gnu.org\n", "t\n===\n| a |\n|---|\n| b |\n"} {
		f.Add(s, uint8(0))
	}
	f.Fuzz(func(t *testing.T, s string, flags uint8) {
		opts := Options{Type: Markdown, Abbreviated: flags&1 != 0, Emails: flags&2 != 0, AngleRelative: flags&4 != 0, Code: flags&8 != 0, Uses: flags&16 != 0}
		read := func() (out []string) {
			for l, err := range Links(strings.NewReader(s), opts) {
				out = append(out, fmt.Sprintf("%+v %v", l, err))
			}
			return out
		}
		got := read()
		scanners[Markdown] = func(r io.Reader, src *source, yield func(Link, error) bool) bool {
			return readMarkdown(r, src, yield, false)
		}
		defer func() { scanners[Markdown] = scanMarkdown }()
		if want := read(); !slices.Equal(got, want) {
			t.Errorf("links differ with blocks skipped:\n got %q\nwant %q", got, want)
		}
	})
}
