package check

import (
	"archive/zip"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
)

// writeTree writes the files (name: content) under dir.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// writeZip writes a zip package of the entries (name: content) to p.
func writeZip(t testing.TB, p string, entries map[string]string) {
	t.Helper()
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	z := zip.NewWriter(f)
	names := make([]string, 0, len(entries))
	for n := range entries {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, n := range names {
		w, err := z.Create(n)
		if err != nil {
			t.Fatal(err)
		}
		w.Write([]byte(entries[n]))
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	f.Close()
}

// links returns the links extract finds in the file name under dir, as
// the command would give them.
func links(t testing.TB, dir, name string) []extract.Link {
	t.Helper()
	f, err := os.Open(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []extract.Link
	for l, err := range extract.Links(f, extract.Options{Name: filepath.Join(dir, name)}) {
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, l)
	}
	return out
}

var tree = map[string]string{
	"index.html": `<!doctype html><title>t</title>
<h1 id="top-heading">T</h1><a name="old-anchor"></a>
<a href="docs/guide.md#installation">ok md</a>
<a href="docs/guide.md#instalation">bad md</a>
<a href="docs/guide.md#Installation">ok md case</a>
<a href="docs/guide.md#user-content-usage">ok md prefix</a>
<a href="#old-anchor">ok a-name</a>
<a href="#top">ok top</a>
<a href="#:~:text=about">ok text fragment</a>
<a href="#old-anchor:~:text=x">ok id and text</a>
<a href="#nowhere:~:text=x">bad id and text</a>
<a href="#nowhere">bad here</a>
<a href="missing.html">bad file</a>
<a href="nodir/x.html">bad dir</a>
<a href="sub/">ok dir</a>
<a href="sub/#in-index">ok dir index</a>
<a href="about">ok ext</a>
<a href="/docs/guide.md">ok root</a>
<a href="/docs/nothere.md">bad root</a>
<a href="doc.pdf#page=2">ok pdf page</a>
<a href="doc.pdf#page=9">bad pdf page</a>
<a href="doc.pdf#nameddest=chap1">ok pdf dest</a>
<a href="doc.pdf#chap2">bad pdf dest</a>
<a href="main.go#L3">ok line</a>
<a href="main.go#L30">bad line</a>
<a href="a.adoc#_getting_started">ok adoc</a>
<a href="a.adoc#getting-started">bad adoc</a>
<a href="r.rst#getting-started">ok rst</a>
<a href="mailto:bob@example.org">ok mailto</a>
<a href="mailto:bob">bad mailto</a>
<a href="tel:+1-201-555-0123">ok tel</a>
<a href="tel:5550123">bad tel</a>
<a href="https://example.org/">skip http</a>
<a href="data:text/plain,x">skip data</a>
<a href="sp%20ace.md">ok space</a>
<a href="old.html">moved old</a>
<a href="loop1.html">bad loop</a>
<a href="gone.html">bad gone</a>
`,
	"old.html":       `<html><head><meta http-equiv="Refresh" content="0; URL='about.html'"></head></html>`,
	"loop1.html":     `<meta http-equiv="refresh" content="0;url=loop2.html">`,
	"loop2.html":     `<meta http-equiv="refresh" content="0;url=loop1.html">`,
	"gone.html":      `<meta http-equiv="refresh" content="0, url=missing.html">`,
	"based.html":     `<base href="/sub/"><a href="page.html#p1">ok base root</a><a href="page.html#p2">bad base</a><a href="#in-index">ok base frag</a>`,
	"about.html":     `<p>about</p>`,
	"sub/index.html": `<p id="in-index">x</p>`,
	"sub/page.html":  `<p id="p1">x</p>`,
	"docs/guide.md":  "# Guide\n\n## Installation\n\n## Usage\n",
	"a.adoc":         "= A\n\n== Getting Started\n",
	"r.rst":          "Getting Started\n===============\n",
	"main.go":        "package main\n\nfunc main() {}\n",
	"sp ace.md":      "x\n",
}

// TestOffline checks each link of a small tree (the word starting its
// text tells the status wanted), with RootDir the tree and ".html" tried.
func TestOffline(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, tree)
	writePDF(t, filepath.Join(dir, "doc.pdf"), 3, "chap1")
	c := NewOffline(Options{RootDir: dir, Extensions: []string{".html"}})
	n := 0
	for _, name := range []string{"index.html", "based.html"} {
		for _, l := range links(t, dir, name) {
			if l.Tag != "a" {
				continue
			}
			n++
			want := map[string]Status{"ok": OK, "bad": Broken, "skip": Skipped, "moved": Moved}[strings.Fields(l.Text)[0]]
			r := c.Check(l)
			if r.Status == Skipped && strings.HasPrefix(l.URI, "mailto:") || strings.HasPrefix(l.URI, "tel:") && r.Status == Skipped {
				r.Status = OK // syntax only: good
			}
			if r.Status != want {
				t.Errorf("%s: %q (%s) -> %v %q, want %v", name, l.Ref, l.Text, r.Status, r.Reason, want)
			}
		}
	}
	if n != 39 {
		t.Errorf("%d links checked, want 39", n)
	}
}

func TestOfflineReasons(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, tree)
	c := NewOffline(Options{})
	for _, tc := range []struct {
		ref, reason string
		near        []string
	}{
		{"docs/guide.md#instalation", "no such fragment", []string{"installation"}},
		{"missing.html", "no such file", nil},
		{"nodir/x.html", "no such directory: " + filepath.Join(dir, "nodir"), nil},
		{"about.html/x", "no such file: about.html is a file, not a directory", nil},
		{"about", "no such file", nil}, // no extension tried by default
		{"/docs/guide.md", "no such directory: /docs", nil},
		{"loop1.html", "redirect loop: more than 10 redirect pages", nil},
		{"gone.html", "redirects to file://" + filepath.ToSlash(dir) + "/missing.html: no such file", nil},
	} {
		l := extract.Link{Ref: tc.ref, URI: "file://" + filepath.ToSlash(dir) + "/" + tc.ref, BaseSource: base.Retrieval}
		if strings.HasPrefix(tc.ref, "/") {
			l.URI = "file://" + tc.ref
		}
		r := c.Check(l)
		if r.Status != Broken || r.Reason != tc.reason || !slices.Equal(r.Near, tc.near) {
			t.Errorf("%s: %v %q %q, want broken %q %q", tc.ref, r.Status, r.Reason, r.Near, tc.reason, tc.near)
		}
	}
}

// TestPackages checks links inside an EPUB book and an OpenDocument
// file: entries and fragments looked for in the package.
func TestPackages(t *testing.T) {
	dir := t.TempDir()
	writeZip(t, filepath.Join(dir, "book.epub"), map[string]string{
		"mimetype":               "application/epub+zip",
		"META-INF/container.xml": `<container><rootfiles><rootfile full-path="OEBPS/book.opf"/></rootfiles></container>`,
		"OEBPS/book.opf": `<package><manifest><item id="a" href="ch1.xhtml" media-type="application/xhtml+xml"/>` +
			`<item id="b" href="ch2.xhtml" media-type="application/xhtml+xml"/></manifest><spine><itemref idref="a"/><itemref idref="b"/></spine></package>`,
		"OEBPS/ch1.xhtml": `<html><body><a href="ch2.xhtml#s1">ok</a><a href="ch2.xhtml#s9">bad</a><a href="ch3.xhtml">bad</a><a href="../OEBPS/ch1.xhtml#me">ok</a><p id="me"/></body></html>`,
		"OEBPS/ch2.xhtml": `<html><body><h1 id="s1">One</h1></body></html>`,
	})
	writeZip(t, filepath.Join(dir, "doc.odt"), map[string]string{
		"mimetype": "application/vnd.oasis.opendocument.text",
		"content.xml": `<office:document-content xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:xlink="http://www.w3.org/1999/xlink"><office:body><office:text>` +
			`<text:h text:outline-level="1">Intro <text:span>part</text:span></text:h><text:p><text:bookmark text:name="bm"/>` +
			`<text:a xlink:href="#bm">ok</text:a><text:a xlink:href="#Intro%20part%7Coutline">ok</text:a><text:a xlink:href="#nobm">bad</text:a>` +
			`<text:a xlink:href="Pictures/x.png">ok</text:a><text:a xlink:href="Pictures/y.png">bad</text:a><text:a xlink:href="../book.epub">ok</text:a></text:p></office:text></office:body></office:document-content>`,
		"Pictures/x.png": "png",
	})
	c := NewOffline(Options{})
	defer c.Close()
	n := 0
	for _, name := range []string{"book.epub", "doc.odt"} {
		for _, l := range links(t, dir, name) {
			if l.Tag != "a" {
				continue
			}
			n++
			want := map[string]Status{"ok": OK, "bad": Broken}[l.Text]
			if r := c.Check(l); r.Status != want {
				t.Errorf("%s: %q -> %s: %v %q, want %v", name, l.Ref, l.URI, r.Status, r.Reason, want)
			}
		}
	}
	if n != 10 {
		t.Errorf("%d links checked, want 10", n)
	}
}

// writePDF writes a PDF of n pages with one named destination, name, in
// the catalog's /Names tree.
func writePDF(t testing.TB, p string, n int, name string) {
	t.Helper()
	var b strings.Builder
	var offs []int
	obj := func(s string) {
		offs = append(offs, b.Len())
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", len(offs), s)
	}
	b.WriteString("%PDF-1.7\n")
	kids := ""
	for i := range n {
		kids += fmt.Sprintf("%d 0 R ", 4+i)
	}
	obj("<< /Type /Catalog /Pages 2 0 R /Names << /Dests 3 0 R >> >>")
	obj(fmt.Sprintf("<< /Type /Pages /Kids [%s] /Count %d >>", kids, n))
	obj(fmt.Sprintf("<< /Names [(%s) [4 0 R /Fit]] >>", name))
	for range n {
		obj("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>")
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(offs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(offs)+1, xref)
	if err := os.WriteFile(p, []byte(b.String()), 0o666); err != nil {
		t.Fatal(err)
	}
}

// TestOfflineLinear checks that each page is read at most once however
// many links lead to it: a tree of n pages each linking with a fragment
// to every one of 10 hub pages and to the next page opens n+10 files (the
// pages scanned by extract are not counted, only those the checker reads),
// and 8n pages 8n+10.
func TestOfflineLinear(t *testing.T) {
	opened := func(n int) int64 {
		dir := t.TempDir()
		files := map[string]string{}
		for h := range 10 {
			files[fmt.Sprintf("hub%d.html", h)] = fmt.Sprintf(`<h1 id="h%d">hub</h1>`, h)
		}
		for i := range n {
			var b strings.Builder
			fmt.Fprintf(&b, `<p id="p%d">`, i)
			for h := range 10 {
				fmt.Fprintf(&b, `<a href="hub%d.html#h%d">h</a><a href="/hub%d.html#h%d">h</a>`, h, h, h, h)
			}
			fmt.Fprintf(&b, `<a href="page%d.html#p%d">next</a>`, (i+1)%n, (i+1)%n)
			files[fmt.Sprintf("page%d.html", i)] = b.String()
		}
		writeTree(t, dir, files)
		c := NewOffline(Options{RootDir: dir})
		for i := range n {
			for _, l := range links(t, dir, fmt.Sprintf("page%d.html", i)) {
				if r := c.Check(l); r.Status != OK {
					t.Fatalf("%s: %v %s", l.Ref, r.Status, r.Reason)
				}
			}
		}
		return c.files.opened.Load()
	}
	n := 50
	if a, b := opened(n), opened(8*n); a != int64(n+10) || b != int64(8*n+10) {
		t.Errorf("files opened: %d for %d pages, %d for %d; want %d and %d", a, n, b, 8*n, n+10, 8*n+10)
	}
}

// TestOfflineConcurrent checks the links of the tree from several
// goroutines at once, each link the same result as alone (go test -race).
func TestOfflineConcurrent(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, tree)
	writePDF(t, filepath.Join(dir, "doc.pdf"), 3, "chap1")
	ls := links(t, dir, "index.html")
	want := make([]Result, len(ls))
	alone := NewOffline(Options{RootDir: dir})
	for i, l := range ls {
		want[i] = alone.Check(l)
	}
	c := NewOffline(Options{RootDir: dir})
	done := make(chan bool)
	for g := range 8 {
		go func() {
			ok := true
			for i := range ls {
				i = (i + g*7) % len(ls)
				r := c.Check(ls[i])
				ok = ok && r.Status == want[i].Status && r.Reason == want[i].Reason && slices.Equal(r.Near, want[i].Near)
			}
			done <- ok
		}()
	}
	for range 8 {
		if !<-done {
			t.Error("a link checked concurrently got another result than alone")
		}
	}
}
