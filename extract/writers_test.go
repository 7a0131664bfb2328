package extract

import (
	"slices"
	"strings"
	"testing"
)

// TestWritersGolden scans the files of testdata/writers, each made by the
// program that writes its format (pandoc, LibreOffice, chromium; see
// testdata/writers/README.md) from a source with known links, and checks
// every link against the golden file, and its URIs against the links of
// the source, listed here by hand: each link once, whole, with its
// fragment (issue 27).
func TestWritersGolden(t *testing.T) {
	const at = "file:///testdata/writers/"
	for _, tc := range []struct {
		file string
		opts Options
		want []string
	}{
		// A grid table whose link and bare URL pandoc wrapped, a
		// reference link pandoc wrote at each use, an e-mail address,
		// a non-ASCII relative link.
		{"kinds.rst", Options{}, []string{"https://auto.example/a", "https://ref.example/doc", "https://ref.example/doc",
			"mailto:help@example.com", "https://raw.example/p", "https://evil.example/",
			"https://example.org/a/very/long/path/to/a/page/that/wraps.html#part-two",
			"https://example.com/bare/long/path/in/the/cell/that/also/wraps", "https://s.example/", at + "notes/K%C3%B6ln.md"}},
		// The reference link at its definition, once; raw <a> showing
		// its href once, one showing another URL twice; GFM's e-mail
		// autolink.
		{"kinds.md", Options{}, []string{"https://auto.example/a", "mailto:help@example.com", "https://raw.example/p",
			"https://good.example/", "https://evil.example/",
			"https://example.org/a/very/long/path/to/a/page/that/wraps.html#part-two",
			"https://example.com/bare/long/path/in/the/cell/that/also/wraps", "https://s.example/", at + "notes/K%C3%B6ln.md",
			"https://ref.example/doc"}},
		{"kinds.md", Options{Uses: true}, []string{"https://auto.example/a", "https://ref.example/doc", "https://ref.example/doc",
			"mailto:help@example.com", "https://raw.example/p", "https://good.example/", "https://evil.example/",
			"https://example.org/a/very/long/path/to/a/page/that/wraps.html#part-two",
			"https://example.com/bare/long/path/in/the/cell/that/also/wraps", "https://s.example/", at + "notes/K%C3%B6ln.md",
			"https://ref.example/doc"}},
		// pandoc's HTML and EPUB: <a href="U">U</a> once.
		{"kinds.html", Options{}, []string{"https://auto.example/a", "https://ref.example/doc", "https://ref.example/doc",
			"https://raw.example/p", "https://good.example/", "https://evil.example/",
			"https://example.org/a/very/long/path/to/a/page/that/wraps.html#part-two",
			"https://example.com/bare/long/path/in/the/cell/that/also/wraps", "https://s.example/", at + "notes/K%C3%B6ln.md"}},
		// The attribute entries once, the references that make another
		// URL of them, e-mail addresses, non-ASCII relative targets.
		{"kinds.adoc", Options{}, []string{"https://git.example/repo", "https://docs.example", "https://git.example/repo/issues",
			"https://docs.example/guide.html", "mailto:help@example.com", "mailto:team@example.org",
			at + "notes/K%C3%B6ln.md", at + "bilder/Stra%C3%9Fe.png", "https://bare.example/page", "https://angle.example/x"}},
		// LibreOffice's HYPERLINK fields with \l, a target with a space,
		// "#" dropped, a bookmark; text showing its own link once.
		{"frag.docx", Options{}, []string{"https://e.example/p#frag", "https://e.example/chapter%202.html#s", at + "frag.docx#top",
			"https://self.example/", "https://e.example/cell#frag", "https://self.example/cell", "https://e.example/chapter%202.html#s",
			"https://bare.example/text", "https://bare.example/cell"}},
		// XLSX location as the fragment; a cell showing its link once
		// (LibreOffice drops the links of the paragraph: its text stays).
		{"frag.xlsx", Options{}, []string{"https://e.example/cell#frag", "https://self.example/cell", "https://e.example/chapter%202.html#s",
			"https://self.example/", "https://bare.example/text", "https://bare.example/cell"}},
		// pandoc's footnotes.xml.rels copies are not links.
		{"fn.docx", Options{}, []string{"https://a.example/", "https://note.example/x"}},
		// Bare URIs wrapped by chromium and LibreOffice, Latin, Greek
		// and CJK; an annotated link once.
		{"wrap-chromium.pdf", Options{}, []string{"https://linked.example/page", "https://example.org/a/very/long/path/that/wraps/here?x=1&y=2",
			"https://example.org/%CE%B4%CE%BF%CE%BA%CE%B9%CE%BC%CE%AE/%CF%80%CE%BF%CE%BB%CF%8D/%CE%BC%CE%B1%CE%BA%CF%81%CF%8D/%CE%BC%CE%BF%CE%BD%CE%BF%CF%80%CE%AC%CF%84%CE%B9/%CE%B5%CE%B4%CF%8E.html",
			"https://example.org/%E8%B7%AF%E5%BE%84/%E9%9D%9E%E5%B8%B8/%E9%95%BF%E7%9A%84/%E8%B7%AF%E5%BE%84/%E5%9C%A8%E8%BF%99%E9%87%8C/%E6%96%87%E4%BB%B6.html",
			"https://short.example/x"}},
		// chromium writes an annotation for each line of a wrapped
		// link: one link.
		{"links-chromium.pdf", Options{}, []string{"https://example.org/a/very/long/path/that/wraps/here?x=1&y=2", "https://t.example/x"}},
		{"wrap-libreoffice.pdf", Options{Keep: true}, []string{
			"https://example.org/a/very/long/path/that/goes/on/and/on/until/it/wraps/over/the/line/here?x=1&y=2",
			"https://example.org/δοκιμή/πολύ/μακρύ/μονοπάτι/που/συνεχίζει/πέρα/από/τη/γραμμή/εδώ/και/εκεί/αρχείο.html",
			"https://example.org/路径/非常/长的/路径/在这里/继续/越过/这一行/的/末尾/还有/更多/的/文字/在/这里/文件.html",
			"https://short.example/x"}},
	} {
		name := tc.file
		if tc.opts.Uses {
			name += ".uses"
		}
		t.Run(name, func(t *testing.T) {
			links := checkGoldenFileAs(t, "writers/"+name, "writers/"+tc.file, tc.opts)
			var got []string
			for _, l := range links {
				got = append(got, l.URI)
			}
			if !slices.Equal(got, tc.want) {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
	// Chromium's MHTML (Page.captureSnapshot), read as the command
	// reads a file (no base named): every link made absolute, against
	// the page's <base>; the page's own address
	// (Snapshot-Content-Location) is its base, not a link; the image
	// once, where the page uses it; the iframe's cid: URL of the
	// frame's part is the frame's address, and the frame's links are
	// read in its part.
	t.Run("saved-chromium.mhtml", func(t *testing.T) {
		var got []string
		for _, l := range checkSavedGoldenIn(t, "writers", "saved-chromium.mhtml", "saved-chromium.mhtml", Options{}) {
			got = append(got, l.URI)
		}
		want := []string{"http://127.0.0.1:8765/docs/", "https://example.org/abs?x=1#frag",
			"http://127.0.0.1:8765/docs/guide/intro.html#start", "http://127.0.0.1:8765/about/team.html",
			"http://127.0.0.1:8765/docs/#top", "https://example.org/same", "https://evil.example/login", "https://bank.example/login",
			"https://example.com/bare/path?q=2", "mailto:help@example.com", "http://127.0.0.1:8765/docs/dot.png",
			"http://127.0.0.1:8765/frame/inner.html", "https://example.net/in-frame", "http://127.0.0.1:8765/frame/sibling.html"}
		if !slices.Equal(got, want) {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	})
	// The EPUB: its chapter's links as the HTML's, the book's own
	// documents (stylesheets, navigation) apart.
	t.Run("kinds.epub", func(t *testing.T) {
		var got []string
		for _, l := range checkGoldenFile(t, "writers/kinds.epub", Options{}) {
			if strings.HasSuffix(l.Part, "ch001.xhtml") && !strings.HasPrefix(l.URI, "jar:") {
				got = append(got, l.URI)
			}
		}
		want := []string{"https://auto.example/a", "https://ref.example/doc", "https://ref.example/doc",
			"https://raw.example/p", "https://good.example/", "https://evil.example/",
			"https://example.org/a/very/long/path/to/a/page/that/wraps.html#part-two",
			"https://example.com/bare/long/path/in/the/cell/that/also/wraps", "https://s.example/"}
		if !slices.Equal(got, want) {
			t.Errorf("got  %q\nwant %q", got, want)
		}
	})
}
