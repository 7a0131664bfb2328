package extract

import (
	"bufio"
	"os"
	"slices"
	"strings"
	"testing"
)

// TestMarkupGolden scans the AsciiDoc and reStructuredText files of
// testdata (see the README.md beside them), their golden files checked by
// hand against what asciidoctor and rst2html make of them.
func TestMarkupGolden(t *testing.T) {
	for _, f := range []string{"asciidoc/links.adoc", "asciidoc/syntax.adoc", "rst/links.rst"} {
		t.Run(f, func(t *testing.T) { checkGoldenFile(t, f, Options{}) })
	}
}

// TestMarkupPeers compares the references urix finds in a document with
// the href and src values of the HTML that the language's own converter
// makes of it (asciidoctor 2.0.18, rst2html of docutils 0.19; fragments
// within the page left out), as sets. The differences are the ones
// listed: each says why.
func TestMarkupPeers(t *testing.T) {
	for _, tc := range []struct {
		doc, peer string
		onlyUrix  []string // found by urix alone
		onlyPeer  []string // made by the converter alone
	}{
		{"rst/restructuredtext.txt", "rst/restructuredtext.rst2html.txt",
			// an include directive: not a link in the page, a file it
			// reads; a bare e-mail address as written (Keep), which
			// docutils writes with its "@" as "&#64;".
			[]string{"../../header2.txt", "docutils-develop@lists.sourceforge.net"},
			[]string{"mailto:docutils-develop&#64;lists.sourceforge.net"}},
		{"asciidoc/links.adoc", "asciidoc/links.asciidoctor.txt",
			[]string{"https://git.example/repo", "mailto:team@example.org", "other.adoc#part"}, // an attribute entry's value; as written
			[]string{"mailto:team@example.org?subject=Hello", "other.html#part"}},              // asciidoctor adds the subject, renames .adoc
		{"asciidoc/syntax.adoc", "asciidoc/syntax.asciidoctor.txt",
			[]string{"document.adoc", "document.adoc#idname", "movie.mp4", "reload.svg", // reload.svg: opts=interactive makes an <object data>
				"{url-docs}", "{url-gem}"}, // attribute references, as written (Keep)
			[]string{"document.html", "document.html#idname", "movie.mp4#t=60,140", // renamed; the start and end attributes
				"https://www.youtube.com/embed/aHjpOzsQ9YI?rel=0", "https://player.vimeo.com/video/300817511"}}, // video ids
	} {
		t.Run(tc.doc, func(t *testing.T) {
			f, err := os.Open("testdata/" + tc.doc)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got := map[string]bool{}
			typ := AsciiDoc
			if strings.HasPrefix(tc.doc, "rst/") {
				typ = RST
			}
			// Uses: the converter makes a link of each use of an
			// attribute.
			for l, err := range Links(f, Options{Name: tc.doc, Type: typ, Keep: true, Uses: true}) {
				if err != nil {
					t.Fatal(err)
				}
				got[l.URI] = true
			}
			want := map[string]bool{}
			pf, err := os.Open("testdata/" + tc.peer)
			if err != nil {
				t.Fatal(err)
			}
			defer pf.Close()
			for sc := bufio.NewScanner(pf); sc.Scan(); {
				want[sc.Text()] = true
			}
			var onlyUrix, onlyPeer []string
			for u := range got {
				if !want[u] {
					onlyUrix = append(onlyUrix, u)
				}
			}
			for u := range want {
				if !got[u] {
					onlyPeer = append(onlyPeer, u)
				}
			}
			slices.Sort(onlyUrix)
			slices.Sort(onlyPeer)
			wantUrix, wantPeer := slices.Sorted(slices.Values(tc.onlyUrix)), slices.Sorted(slices.Values(tc.onlyPeer))
			if !slices.Equal(onlyUrix, wantUrix) || !slices.Equal(onlyPeer, wantPeer) {
				t.Errorf("found by urix alone: %s\nwant %s\nmade by the peer alone: %s\nwant %s",
					strings.Join(onlyUrix, " "), strings.Join(wantUrix, " "), strings.Join(onlyPeer, " "), strings.Join(wantPeer, " "))
			}
		})
	}
}

// TestAsciiDocOtherMacros: inline macros that make no link give none,
// though "icon:" is a registered scheme and delimit takes balanced
// brackets; a URL in a footnote's text is still found.
func TestAsciiDocOtherMacros(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"The icon:flag[role=blue] flag.\n", ""},
		{"Press kbd:[Ctrl+T] or btn:[OK], menu:File[Save].\n", ""},
		{"Text.footnote:[See https://a.example/x.]\n", "https://a.example/x"},
		{"See icon:https://a.example/[] here.\n", ""},
	} {
		var got []string
		for l, err := range Links(strings.NewReader(tc.in), Options{Name: "a.adoc"}) {
			if err != nil {
				t.Fatalf("%q: %v", tc.in, err)
			}
			got = append(got, l.URI)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}
