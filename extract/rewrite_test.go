package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// corpusPages returns the HTML pages of ../shared/corpora/html, or skips
// the test when the shared directory is absent.
func corpusPages(tb testing.TB) []string {
	tb.Helper()
	dir := filepath.Join("..", "..", "shared", "corpora", "html")
	if _, err := os.Stat(dir); err != nil {
		tb.Skip("no corpus at ../../shared/corpora/html")
	}
	var pages []string
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			switch filepath.Ext(path) {
			case ".html", ".htm":
				pages = append(pages, path)
			}
		}
		return nil
	})
	if len(pages) == 0 {
		tb.Fatalf("no pages under %s", dir)
	}
	return pages
}

// forEachCorpusPage calls f with each corpus page, or with an eighth of
// them under -short.
func forEachCorpusPage(t *testing.T, f func(path string, page []byte)) {
	t.Helper()
	pages := corpusPages(t)
	if testing.Short() {
		pages = pages[:len(pages)/8]
	}
	for _, path := range pages {
		page, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f(path, page)
	}
}

// TestRewriteIdentityCorpus rewrites every corpus page keeping every link:
// the output must be the input, byte for byte (issue 6 point 2).
func TestRewriteIdentityCorpus(t *testing.T) {
	for _, path := range corpusPages(t) {
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var out bytes.Buffer
		err = Rewrite(&out, bytes.NewReader(in), Options{Base: "http://example.com/dir/page.html"}, func(Link) (string, bool) {
			return "", false
		})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if !bytes.Equal(out.Bytes(), in) {
			i := 0
			for i < min(out.Len(), len(in)) && out.Bytes()[i] == in[i] {
				i++
			}
			t.Errorf("%s: identity rewrite differs at byte %d of %d (output %d bytes)", path, i, len(in), out.Len())
		}
	}
}

// TestRewriteAbsoluteCorpus makes every reference of each corpus page
// absolute, then extracts the links again: each must resolve to the same
// URI as before (issue 6 point 5), and the output must hold no relative
// reference but same-document ones, javascript: and data:.
func TestRewriteAbsoluteCorpus(t *testing.T) {
	opts := Options{Type: HTML, Base: "http://example.com/dir/page.html"}
	forEachCorpusPage(t, func(path string, in []byte) {
		before := collectLinks(t, in, opts)
		var out bytes.Buffer
		err := Rewrite(&out, bytes.NewReader(in), opts, func(l Link) (string, bool) {
			if schemeOf(l.URI) == "" {
				return "", false
			}
			return l.URI, true
		})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return
		}
		after := collectLinks(t, out.Bytes(), opts)
		if len(after) != len(before) {
			t.Errorf("%s: %d links before the rewrite, %d after", path, len(before), len(after))
			return
		}
		for i := range before {
			if before[i].URI != after[i].URI {
				t.Errorf("%s: link %d (%s %s/%s at %d:%d) was %q, is %q after the rewrite to %q",
					path, i, before[i].Context, before[i].Tag, before[i].Attr, before[i].Line, before[i].Column, before[i].URI, after[i].URI, after[i].Ref)
				break
			}
		}
	})
}

func collectLinks(t *testing.T, page []byte, opts Options) []Link {
	t.Helper()
	var links []Link
	for l, err := range Links(bytes.NewReader(page), opts) {
		if err != nil {
			t.Fatalf("%v", err)
		}
		links = append(links, l)
	}
	return links
}

func TestRewriteEscaping(t *testing.T) {
	// Each page has one link; f replaces it with repl. The expected
	// output was written by hand from the HTML and CSS escaping rules.
	tests := []struct {
		name, in, repl, want string
	}{
		{"double", `<a href="x">`, `http://a/?b=1&c="2"`, `<a href="http://a/?b=1&amp;c=&quot;2&quot;">`},
		{"single", `<a href='x'>`, `http://a/?b='1'&c`, `<a href='http://a/?b=&#39;1&#39;&amp;c'>`},
		{"unquoted", `<a href=x title=t>`, `http://a/b c`, `<a href="http://a/b c" title=t>`},
		{"unquoted-end", `<a href=x>`, `y`, `<a href="y">`},
		{"entity-kept-around", `<a title="&amp;" href="a&amp;b">`, `c&d`, `<a title="&amp;" href="c&amp;d">`},
		{"srcset", `<img srcset="a.png 1x, b&amp;.png  2x">`, `http://h/x y.png`, `<img srcset="http://h/x%20y.png 1x, http://h/x%20y.png  2x">`},
		{"srcset-comma", `<img srcset="a.png 1x">`, `http://h/a,`, `<img srcset="http://h/a%2C 1x">`},
		{"ping", `<a ping="a b">`, `http://h/x y`, `<a ping="http://h/x%20y http://h/x%20y">`},
		{"srcset-unquoted", `<img srcset=a.png>`, `b.png`, `<img srcset="b.png">`},
		{"style-attr", `<p style="background:url(a.png); color:red">`, `http://h/(1).png`, `<p style="background:url(http://h/\28 1\29 .png); color:red">`},
		{"style-attr-quoted", `<p style='background:url("a.png")'>`, `http://h/"'`, `<p style='background:url("http://h/\22 &#39;")'>`},
		{"style-attr-entities", `<p style="background:url(&quot;a.png&quot;)">`, `b"`, `<p style="background:url(&quot;b\22 &quot;)">`},
		{"style-element", "<style>@import 'a.css';\nb{background:url( b.png )}</style>", `x'`, "<style>@import 'x\\27 ';\nb{background:url( x\\27  )}</style>"},
		{"style-unquoted-attr", `<p style=background:url(a.png)>`, `b"c`, `<p style="background:url(b\22 c)">`},
		{"refresh", `<meta http-equiv="Refresh" content="0; URL=a.html">`, `http://h/b`, `<meta http-equiv="Refresh" content="0; URL=http://h/b">`},
		{"refresh-quoted", `<meta http-equiv=refresh content="0; url='a.html'">`, `http://h/it's`, `<meta http-equiv=refresh content="0; url='http://h/it%27s'">`},
		{"refresh-no-prefix", `<meta http-equiv=refresh content="0;a.html">`, `url.html`, `<meta http-equiv=refresh content="0;URL=url.html">`},
		{"valueless", `<base href target=_top>`, `http://h/b&`, `<base href="http://h/b&amp;" target=_top>`},
		{"valueless-self-closing", `<base href/>`, `http://h/b`, `<base href="http://h/b"/>`},
		// An invalid byte of a legacy encoding is replaced with its URL,
		// and the ASCII byte the decoder read with it is kept.
		{"srcset-legacy-invalid-byte", `<meta charset="euc-jp"><img srcset="i` + "\xe9" + ` 1x">`, `http://h/x`, `<meta charset="euc-jp"><img srcset="http://h/x 1x">`},
		{"style-legacy-invalid-byte", `<meta charset="euc-jp"><p style="b:url(a` + "\xfc" + `)">`, `http://h/x`, `<meta charset="euc-jp"><p style="b:url(http://h/x)">`},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		err := Rewrite(&out, strings.NewReader(tc.in), Options{Base: "http://h/"}, func(Link) (string, bool) {
			return tc.repl, true
		})
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if out.String() != tc.want {
			t.Errorf("%s: Rewrite(%q) =\n%s\nwant\n%s", tc.name, tc.in, out.String(), tc.want)
		}
		// The new page yields the new value.
		for l, err := range Links(strings.NewReader(out.String()), Options{Type: HTML, Keep: true}) {
			if tc.name == "refresh-quoted" {
				tc.repl = "http://h/it%27s" // the quote had to be encoded
			}
			if err == nil && l.Context != "html-text" && l.Ref != tc.repl && !strings.Contains(tc.name, "srcset") && tc.name != "ping" {
				t.Errorf("%s: the rewritten page reads %q, want %q", tc.name, l.Ref, tc.repl)
			}
		}
	}
}

func TestRewriteUntouched(t *testing.T) {
	in := `<base href="http://b/dir/"><a href="#top">1</a><a href="">2</a><a href=" javascript:go()">3</a>` +
		`<img src="data:image/png;base64,AA"><a href="http://b/dir/#x">4</a><a href="page">5</a><a href>6</a><form action>`
	var seen []string
	var out bytes.Buffer
	err := Rewrite(&out, strings.NewReader(in), Options{Base: "http://h/"}, func(l Link) (string, bool) {
		seen = append(seen, l.Ref)
		return l.URI, true
	})
	if err != nil {
		t.Fatal(err)
	}
	// The base's href comes last; the fragment, empty (with a value or
	// without), javascript: and data: references are not offered. The
	// absolute URI of the page itself is: it leads back to the web page
	// from a page read elsewhere (wget -k rewrites it).
	if want := []string{"http://b/dir/#x", "page", "http://b/dir/"}; !slices.Equal(seen, want) {
		t.Errorf("f saw %q, want %q", seen, want)
	}
	want := strings.Replace(in, `href="page"`, `href="http://b/dir/page"`, 1)
	if out.String() != want {
		t.Errorf("got\n%s\nwant\n%s", out.String(), want)
	}
}

func TestRewriteDropBase(t *testing.T) {
	tests := []struct{ in, want string }{
		{`<head><base href="http://b/"><a href=x>`, `<head><a href=x>`},
		{`<head><BASE target=_top HREF='http://b/'><a href=x>`, `<head><BASE target=_top><a href=x>`},
		{`<base href="http://b/"><base href="http://c/">`, `<base href="http://c/">`},
		{"<head>\n  <base href=\"http://b/\">\t\n<a href=x>", "<head>\n<a href=x>"},
		{"<base href=''>\n<a href=x>", "<a href=x>"},
		{"<base href>\n<a href=x>", "<a href=x>"},
		{"<base target=_top href>", "<base target=_top>"},
		{`<base href="http://b/" HREF=y><a href=x>`, `<a href=x>`},
		{`<base href="http://b/" style=s><a href=x>`, `<base style=s><a href=x>`},
		{`<base href="http://b/" =x><a href=x>`, `<base =x><a href=x>`},
	}
	for _, tc := range tests {
		var out bytes.Buffer
		err := Rewrite(&out, strings.NewReader(tc.in), Options{}, func(l Link) (string, bool) {
			return "", l.Tag == "base" && (l.Ref == "http://b/" || l.Ref == "")
		})
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != tc.want {
			t.Errorf("Rewrite(%q) dropping the base = %q, want %q", tc.in, out.String(), tc.want)
		}
	}
}

// TestRewriteSameValueCorpus writes every link of each corpus page back
// with its own value, escaped anew for its place: extracted again, every
// link must read exactly as before, whatever quoting, character
// references and CSS escapes the page used.
func TestRewriteSameValueCorpus(t *testing.T) {
	opts := Options{Type: HTML, Keep: true}
	forEachCorpusPage(t, func(path string, in []byte) {
		var out bytes.Buffer
		err := Rewrite(&out, bytes.NewReader(in), opts, func(l Link) (string, bool) {
			// A refresh URL may need its quote encoded; an empty base
			// href would remove the base.
			return l.Ref, l.Tag != "meta" && l.Tag != "base"
		})
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return
		}
		before, after := collectLinks(t, in, opts), collectLinks(t, out.Bytes(), opts)
		if len(after) != len(before) {
			t.Errorf("%s: %d links before the rewrite, %d after", path, len(before), len(after))
			return
		}
		for i := range before {
			if before[i].Ref != after[i].Ref {
				t.Errorf("%s: link %d (%s/%s at %d:%d) read %q, reads %q after the rewrite",
					path, i, before[i].Tag, before[i].Attr, before[i].Line, before[i].Column, before[i].Ref, after[i].Ref)
				break
			}
		}
	})
}
