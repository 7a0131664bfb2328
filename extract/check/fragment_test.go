package check

import (
	"bufio"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestSlugger checks the slugs against github-slugger 2.0.0's, each
// expected value printed by it (node, npm install github-slugger; the
// inputs in this order, one slugger).
func TestSlugger(t *testing.T) {
	var sl Slugger
	for _, tc := range [][2]string{
		{"Hello World", "hello-world"},
		{"foo", "foo"},
		{"foo", "foo-1"},
		{"foo-1", "foo-1-1"},
		{"foo", "foo-2"},
		{"Привет non-latin 你好", "привет-non-latin-你好"},
		{"😄 emoji", "-emoji"},
		{"a_b-c d", "a_b-c-d"},
		{"Ünïcödé Tëxt", "ünïcödé-tëxt"},
		{"C++ & C#", "c--c"},
		{"1. Intro", "1-intro"},
		{"What’s new?", "whats-new"},
		{"foo  bar", "foo--bar"},
		{" leading", "-leading"},
		{"x²³ y", "x-y"},
		{"Tab\there", "tabhere"},
		{"Ⅻ roman", "ⅻ-roman"},
		{"dash — em", "dash--em"},
		{"emoji 👍🏽 skin", "emoji--skin"},
	} {
		if got := sl.Slug(tc[0]); got != tc[1] {
			t.Errorf("Slug(%q) = %q, want %q", tc[0], got, tc[1])
		}
	}
}

// TestHeadingText checks the text of a heading's inline Markdown as
// GitHub renders it before making its id (the ids checked against
// pandoc -f gfm --to html, whose gfm_auto_identifiers follow GitHub).
func TestHeadingText(t *testing.T) {
	for _, tc := range []struct{ in, slug string }{
		{"Plain title", "plain-title"},
		{"With `code` span", "with-code-span"},
		{"*Emphasis* and **strong**", "emphasis-and-strong"},
		{"A [link](http://x.org) here", "a-link-here"},
		{"Image ![alt text](i.png) gone", "image--gone"},
		{"snake_case_name", "snake_case_name"},
		{"_under_ emphasis", "under-emphasis"},
		{"HTML <span>tag</span> text", "html-tag-text"},
		{"Escaped \\*star\\*", "escaped-star"},
		{"Auto <https://x.org/a>", "auto-httpsxorga"},
	} {
		if got := slug(headingText(tc.in)); got != tc.slug {
			t.Errorf("slug(headingText(%q)) = %q, want %q", tc.in, got, tc.slug)
		}
	}
}

func readIDs(t *testing.T, name string, read func(*bufio.Reader, *fragSet) error) []string {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var fs fragSet
	if err := read(bufio.NewReader(f), &fs); err != nil {
		t.Fatal(err)
	}
	var ids []string
	for id := range fs.ids {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

// TestAsciidocIDs checks the ids of testdata/ids.adoc against those
// Asciidoctor 2.0.18 gives it (asciidoctor -o - ids.adoc | grep -o
// 'id="[^"]*"', less its header, content and footer).
func TestAsciidocIDs(t *testing.T) {
	want := []string{"_1_numbered", "_c_c_bold_mono", "_hello_world", "_hello_world_2", "_the_link_here",
		"_whats_new_v1_2", "_ünïcödé_tëxt_under_score", "custom", "inline-anchor", "macro-anchor", "other", "phrase"}
	got := readIDs(t, "testdata/ids.adoc", asciidocFragments)
	if !slices.Equal(got, want) {
		t.Errorf("ids:\n got %q\nwant %q", got, want)
	}
}

// TestRstIDs checks the ids of testdata/ids.rst against those docutils
// 0.19 gives it (rst2html5 ids.rst | grep -o 'id="[^"]*"').
func TestRstIDs(t *testing.T) {
	want := []string{"c-c-bold-mono", "document-title", "explicit-target", "hello-world", "inline-target",
		"named-note", "numbered", "target-section", "the-link-here", "unicode-strasze-text"}
	got := readIDs(t, "testdata/ids.rst", rstFragments)
	if !slices.Equal(got, want) {
		t.Errorf("ids:\n got %q\nwant %q", got, want)
	}
}

// TestMarkdownIDs checks the ids of a Markdown file's headings and raw
// HTML, with what must not count: code, front matter, indented code.
func TestMarkdownIDs(t *testing.T) {
	const doc = "---\ntitle: Front\n# not-a-heading: yaml\n---\n" +
		"# Title\n\nSetext One\n==========\n\nSetext\ntwo lines\n---\n\n" +
		"- # In a list\n> ## Quoted ##\n\n```sh\n# not a heading\n<a name=\"no\"></a>\n```\n\n" +
		"    # indented code\n\n<a name=\"explicit\"></a>\n<h2 id=\"raw-id\">Raw</h2>\n\n" +
		"# Title\n#NoSpace\n####### seven\n- foo\n---\n"
	var fs fragSet
	if err := markdownFragments(bufio.NewReader(strings.NewReader(doc)), &fs); err != nil {
		t.Fatal(err)
	}
	var got []string
	for id := range fs.ids {
		got = append(got, id)
	}
	slices.Sort(got)
	want := []string{"explicit", "in-a-list", "quoted", "raw-id", "setext-one", "setexttwo-lines", "title", "title-1"}
	if !slices.Equal(got, want) {
		t.Errorf("ids:\n got %q\nwant %q", got, want)
	}
}

func TestRstID(t *testing.T) {
	for _, tc := range [][2]string{
		{"Hello World", "hello-world"},
		{"1. Numbered", "numbered"},
		{"Ærøskøbing", "aeroskobing"},
		{"--x--", "x"},
		{"日本語 title", "title"},
	} {
		if got := RstID(tc[0]); got != tc[1] {
			t.Errorf("RstID(%q) = %q, want %q", tc[0], got, tc[1])
		}
	}
}

func TestNear(t *testing.T) {
	fs := &fragSet{}
	for _, id := range []string{"installation", "install", "usage", "configuration", "instal-guide"} {
		fs.add(id)
	}
	got := fs.near("instalation")
	// Distances 1, 5, 5 (ties by name), configuration 7 is too far.
	want := []string{"installation", "instal-guide", "install"}
	if !slices.Equal(got, want) {
		t.Errorf("near = %q, want %q", got, want)
	}
	fs = &fragSet{} // near sorts the set once: it is complete by then
	fs.add("applying-changesets")
	if got := fs.near("applying"); !slices.Equal(got, []string{"applying-changesets"}) {
		t.Errorf("near(applying) = %q, want the heading it starts", got)
	}
	if got := fs.near("zzzzzzzz"); len(got) != 0 {
		t.Errorf("near(zzzzzzzz) = %q, want none", got)
	}
}

func TestLineAnchor(t *testing.T) {
	for _, tc := range []struct {
		f  string
		ok bool
	}{{"L1", true}, {"L10", true}, {"L11", false}, {"L2-L5", true}, {"L2-L12", false}, {"L0", false}, {"l3", false}, {"Lx", false}} {
		if got := lineAnchor(tc.f, 10); got != tc.ok {
			t.Errorf("lineAnchor(%q, 10) = %v, want %v", tc.f, got, tc.ok)
		}
	}
}

// TestNearLarge checks that on a page of many ids a missing fragment is
// compared with its neighbours in sorted order, not with every id.
func TestNearLarge(t *testing.T) {
	fs := &fragSet{}
	for i := range 10000 {
		fs.add(fmt.Sprintf("section-%05d", i))
	}
	if got := fs.near("section-05000x"); len(got) == 0 || got[0] != "section-05000" {
		t.Errorf("near = %q, want section-05000 first", got)
	}
	if n := len(candidates(fs.sorted, "section-05000x")); n != maxCandidates {
		t.Errorf("%d candidates, want %d", n, maxCandidates)
	}
}

// TestFragmentsLinear reads hostile documents of n and 8n bytes with the
// Markdown, AsciiDoc, reST and HTML readers: the bytes they allocate grow
// linearly (goldmark's superlinear inline shapes are kept from it by the
// limits of headingText).
func TestFragmentsLinear(t *testing.T) {
	const n = 32 << 10
	shapes := []struct {
		name string
		doc  func(n int) string
		read func(*bufio.Reader, *fragSet) error
	}{
		{"md emphasis heading", func(n int) string { return "# " + strings.Repeat("*a_", n/3) + "\n" }, markdownFragments},
		{"md emphasis headings", func(n int) string { return strings.Repeat("# "+strings.Repeat("*a_", 40)+"\n", n/123) }, markdownFragments},
		{"md brackets", func(n int) string { return strings.Repeat("# "+strings.Repeat("[", 30)+"a\n", n/34) }, markdownFragments},
		{"md quotes", func(n int) string { return strings.Repeat("> ", n/2) + "# x\n" }, markdownFragments},
		{"md fences", func(n int) string { return strings.Repeat("```\n", n/4) }, markdownFragments},
		{"md setext", func(n int) string { return strings.Repeat("a\n", n/2) + "===\n" }, markdownFragments},
		{"md html", func(n int) string { return strings.Repeat(`<a name="x">`+"\n", n/13) }, markdownFragments},
		{"md same heading", func(n int) string { return strings.Repeat("# a\n", n/4) }, markdownFragments},
		{"adoc anchors", func(n int) string { return strings.Repeat("[[a]]", n/5) + "\n" }, asciidocFragments},
		{"adoc titles", func(n int) string { return strings.Repeat("== a\n", n/5) }, asciidocFragments},
		{"rst titles", func(n int) string { return strings.Repeat("a\n=\n", n/4) }, rstFragments},
		{"html ids", func(n int) string { return strings.Repeat(`<p id=a>`, n/8) }, func(r *bufio.Reader, fs *fragSet) error { return htmlFragments(r, fs) }},
	}
	for _, sh := range shapes {
		read := func(doc string) {
			var fs fragSet
			if err := sh.read(bufio.NewReader(strings.NewReader(doc)), &fs); err != nil {
				t.Fatal(err)
			}
		}
		small, large := sh.doc(n), sh.doc(8*n)
		as, al := allocated(func() { read(small) }), allocated(func() { read(large) })
		if al > 16*as+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", sh.name, as, len(small), al, len(large))
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}
