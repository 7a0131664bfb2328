package extract

import (
	"strings"
	"testing"
)

// TestRSTEmbedded checks embedded URIs against the hrefs rst2html
// (docutils 0.19) makes of each input: the target is the bracketed text
// that ends the phrase, the text before it may hold "<" of its own, and a
// "<" escaped with a backslash makes the phrase a reference name.
func TestRSTEmbedded(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string // ref, text
	}{
		{"`a <b> c <https://x.example/>`_", []string{"https://x.example/", "a <b> c"}},
		{"`escaped \\<x> <https://esc.example/a\\_b>`_", []string{"https://esc.example/a_b", "escaped \\<x>"}},
		{"`not \\<https://no.example/>`_", nil},
		{"`t <https://y.example/>`__", []string{"https://y.example/", "t"}},
	} {
		var got []string
		for l, err := range Links(strings.NewReader(tc.in+"\n"), Options{Type: RST}) {
			if err != nil {
				t.Fatalf("%q: %v", tc.in, err)
			}
			got = append(got, l.Ref, l.Text)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: links %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRSTTargetNames checks the names of hyperlink targets against
// rst2html (docutils 0.19): a name ends at a colon followed by white
// space, not at one inside it.
func TestRSTTargetNames(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string // ref, text
	}{
		{".. _not \\<https://no.example/>: https://named.example/", []string{"https://named.example/", "not \\<https://no.example/>"}},
		{".. _a\\:b: https://escaped.example/", []string{"https://escaped.example/", "a\\:b"}},
		{".. _name: https://a.example/", []string{"https://a.example/", "name"}},
		{".. _name:\n   https://b.example/", []string{"https://b.example/", "name"}},
		{".. __: https://anon.example/", []string{"https://anon.example/", ""}},
		{".. _`a: b`: https://c.example/", []string{"https://c.example/", "a: b"}},
	} {
		var got []string
		for l, err := range Links(strings.NewReader(tc.in+"\n"), Options{Type: RST}) {
			if err != nil {
				t.Fatalf("%q: %v", tc.in, err)
			}
			got = append(got, l.Ref, l.Text)
		}
		if strings.Join(got, "|") != strings.Join(tc.want, "|") {
			t.Errorf("%q: links %q, want %q", tc.in, got, tc.want)
		}
	}
}
