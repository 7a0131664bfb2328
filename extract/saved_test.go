package extract

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// checkSavedGolden scans testdata/saved/<input> with opts as the CLI does,
// with no Base, so that the page's own record of its retrieval URI is
// what resolves its links, and compares them with the golden file.
func checkSavedGolden(t *testing.T, golden, input string, opts Options) {
	t.Helper()
	checkSavedGoldenIn(t, "saved", golden, input, opts)
}

// checkSavedGoldenIn is checkSavedGolden in testdata/<dir>; it returns
// the links.
func checkSavedGoldenIn(t *testing.T, dir, golden, input string, opts Options) []Link {
	t.Helper()
	path := filepath.Join("testdata", dir, input)
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	opts.Name = filepath.ToSlash(path)
	var buf bytes.Buffer
	var links []Link
	enc := goldenEncoder(&buf)
	for l, err := range Links(f, opts) {
		var v any = l
		if err != nil {
			v = map[string]string{"error": err.Error()}
		} else {
			links = append(links, l)
		}
		if strings.HasPrefix(l.URI, "file:") || strings.HasPrefix(l.Base, "file:") {
			t.Errorf("%s: %s resolved against the copy's file: URI %s", input, l.Ref, l.Base)
		}
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
	}
	compareGolden(t, filepath.Join(dir, golden), buf.Bytes())
	return links
}

// TestSavedPagesGolden reads a page saved by each kind of program: the
// golden files were checked by hand against the comment or header each
// page carries.
func TestSavedPagesGolden(t *testing.T) {
	for _, tc := range []struct {
		golden, input string
		opts          Options
	}{
		{"chrome.html", "chrome.html", Options{}},
		{"ie-with-base.htm", "ie-with-base.htm", Options{}},
		{"singlefile.html", "singlefile.html", Options{}},
		{"canonical.html", "canonical.html", Options{Canonical: true}},
		{"chrome.mhtml", "chrome.mhtml", Options{}},
		{"noext-mhtml", "noext-mhtml", Options{}},
		{"ie.mht", "ie.mht", Options{}},
	} {
		t.Run(tc.golden, func(t *testing.T) { checkSavedGolden(t, tc.golden, tc.input, tc.opts) })
	}
}

// TestSavedURI checks what is taken from a page's prolog, and what is not.
func TestSavedURI(t *testing.T) {
	for _, tc := range []struct {
		page, ref, note string
		warn            bool
	}{
		{"<!DOCTYPE html>\n<!-- saved from url=(0018)http://a.example/b -->\n<html>", "http://a.example/b", NoteSavedFrom, false},
		{"\ufeff<!-- saved from url=(0018)http://a.example/b -->", "http://a.example/b", NoteSavedFrom, false},
		{"<!-- SAVED FROM URL=(0018)http://a.example/b -->", "http://a.example/b", NoteSavedFrom, false},
		// Length in characters (IE) for a non-ASCII URL, and in bytes.
		{"<!-- saved from url=(0018)http://a.example/é -->", "http://a.example/é", NoteSavedFrom, false},
		{"<!-- saved from url=(0019)http://a.example/é -->", "http://a.example/é", NoteSavedFrom, false},
		{"<!-- saved from url=(0019)http://a.example/b -->", "", "", true},
		{"<!-- saved from url=(00x9)http://a.example/b -->", "", "", false},
		{"<!doctype html><html lang=en><head><!-- other --><!-- saved from url=(0018)http://a.example/b -->", "http://a.example/b", NoteSavedFrom, false},
		// Only the prolog counts: a comment in the body is text someone wrote.
		{"<html><body><!-- saved from url=(0018)http://a.example/b -->", "", "", false},
		{"<header><!-- saved from url=(0018)http://a.example/b -->", "", "", false},
		{"<html><!--\n Page saved with SingleFile \n url: https://s.example/x \n saved date: today\n-->", "https://s.example/x", NoteSingleFile, false},
		{"<html><!--\n url: https://s.example/x \n-->", "", "", false},
		{"<!-- saved from url=(0018)http://a.example/b", "", "", false},
	} {
		ref, note, warn := savedURI([]byte(tc.page))
		if ref != tc.ref || note != tc.note || (warn != "") != tc.warn {
			t.Errorf("savedURI(%q) = %q, %q, %q; want %q, %q, warning %v", tc.page, ref, note, warn, tc.ref, tc.note, tc.warn)
		}
	}
}

// TestSavedBaseLayers checks the layers around a saved page's record: the
// user's --base and the page's own base element win over it, the Mark of
// the Web's about:internet is no retrieval URI, and a wrong length leaves
// the file's URI in force with a warning.
func TestSavedBaseLayers(t *testing.T) {
	const page = "<!-- saved from url=(0018)http://a.example/b -->\n<a href=c>c</a>"
	for _, tc := range []struct {
		name, page string
		opts       Options
		uri, note  string
		warn       string
	}{
		{"recorded", page, Options{Name: "p.html"}, "http://a.example/c", NoteSavedFrom, ""},
		{"stdin", page, Options{}, "http://a.example/c", NoteSavedFrom, ""},
		{"--base wins", page, Options{Base: "http://user.example/d/"}, "http://user.example/d/c", "", ""},
		{"base element wins", strings.Replace(page, "<a", "<base href=/x/><a", 1), Options{Name: "p.html"}, "http://a.example/x/c", "", ""},
		{"about:internet", "<!-- saved from url=(0014)about:internet -->\n<a href=c>c</a>", Options{}, "c", "", ""},
		{"bad length", "<!-- saved from url=(0009)http://a.example/b -->\n<a href=c>c</a>", Options{}, "c", "", "saved-from-length"},
		{"canonical off", "<link rel=canonical href=http://k.example/d/e><a href=c>c</a>", Options{}, "c", "", ""},
		{"canonical on", "<link rel=canonical href=http://k.example/d/e><a href=c>c</a>", Options{Canonical: true}, "http://k.example/d/c", NoteCanonical, ""},
	} {
		var last Link
		for l, err := range Links(strings.NewReader(tc.page), tc.opts) {
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			last = l
		}
		if last.URI != tc.uri || last.BaseNote != tc.note || tc.warn != "" && !strings.Contains(strings.Join(last.Warnings, " "), tc.warn) {
			t.Errorf("%s: last link %q note %q warnings %q; want %q note %q warning %q", tc.name, last.URI, last.BaseNote, last.Warnings, tc.uri, tc.note, tc.warn)
		}
	}
}

// TestSavedCorpus: no page of the corpus that records where it was saved
// from gets a file: URI or base (issue 18: 9 pages do record it).
func TestSavedCorpus(t *testing.T) {
	saved := 0
	for _, path := range corpusPages(t) {
		page, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if ref, _, _ := savedURI(page); ref == "" {
			continue
		}
		saved++
		abs, _ := filepath.Abs(path)
		for l, err := range Links(bytes.NewReader(page), Options{Name: abs, Type: HTML}) {
			if err == nil && (strings.HasPrefix(l.URI, "file:") || strings.HasPrefix(l.Base, "file:")) {
				t.Errorf("%s:%d: %s resolved to %s against %s", path, l.Line, l.Ref, l.URI, l.Base)
				break
			}
		}
	}
	if saved != 9 {
		t.Errorf("%d corpus pages record where they were saved from, want 9", saved)
	}
}

// TestCanonicalURI: the href of the first link element whose rel holds
// "canonical", its attributes read as the page's walk reads them: names
// in any case, character references decoded as in an attribute, the
// first of duplicate attributes kept (HTML Living Standard §13.2.5.33).
func TestCanonicalURI(t *testing.T) {
	for _, tt := range []struct{ page, want string }{
		{`<link rel=canonical href=http://k.example/d/e>`, "http://k.example/d/e"},
		{`<LINK REL="Start Canonical" HREF=' http://k.example/ '>`, "http://k.example/"},
		{`<link rel=stylesheet href=s.css><link href="/c?a=1&amp;b=2&copy=3" rel=canonical />`, "/c?a=1&b=2&copy=3"},
		{`<link rel=canonical href=a href=b>`, "a"},
		{`<link rel=canonical rel=stylesheet href=a><link rel=canonical href=b>`, "a"},
		{`<link rel=stylesheet rel=canonical href=a>`, ""},
		{`<linkx rel=canonical href=a><link rel=canonical>`, ""},
		{`<link rel=canonical href="a` + "\x00" + `b">`, "a\uFFFDb"},
		{`<p>no link</p>`, ""},
		{`<link rel=canonical href=a`, ""},
	} {
		if got := canonicalURI([]byte(tt.page)); got != tt.want {
			t.Errorf("canonicalURI(%q) = %q, want %q", tt.page, got, tt.want)
		}
	}
	// One tokenizer for all the link elements of a page.
	page := []byte(strings.Repeat(`<link rel=stylesheet href=s.css>`, 100) + `<link rel=canonical href=c>`)
	if n := testing.AllocsPerRun(10, func() { canonicalURI(page) }); n > 10 {
		t.Errorf("canonicalURI of a page of 101 link elements: %.0f allocations, want 10 at most", n)
	}
}
