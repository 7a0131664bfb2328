package base

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/uri"
)

// TestParseAttr checks the browser reading of attribute values. Expected
// results follow the WHATWG URL Standard's parser (as a browser's
// a.href shows them) except where noted: urix percent-encodes every
// character RFC 3986 does not allow, where browsers leave some ('|', '^',
// a lone '%', a second '#') as they are.
func TestParseAttr(t *testing.T) {
	httpBase := mustParse(t, "http://a/b/c/d;p?q", Retrieval)
	mailBase := mustParse(t, "mailto:x@y", Retrieval)
	fileBase := mustParse(t, "file:///home/u/site/index.html", Retrieval)
	tests := []struct {
		base      Base
		in, want  string // want: resolved against base
		warnCodes []string
	}{
		{httpBase, "g", "http://a/b/c/g", nil},
		{httpBase, "  g  ", "http://a/b/c/g", nil}, // leading/trailing spaces are not a repair
		{httpBase, "\x00\x1f g \x0c", "http://a/b/c/g", nil},
		{httpBase, "g\n/h", "http://a/b/c/g/h", []string{"html-whitespace"}},
		{httpBase, "ht\ttp://x/", "http://x/", []string{"html-whitespace"}},
		{httpBase, `..\x\y`, "http://a/b/x/y", []string{"html-backslash"}},
		{httpBase, `\\host\p`, "http://host/p", []string{"html-backslash"}},
		{httpBase, `g?a\b#c\d`, "http://a/b/c/g?a%5Cb#c%5Cd", []string{"html-percent-encoded"}}, // browser: '\' kept in query and fragment
		{httpBase, `https:\\x\y`, "https://x/y", []string{"html-backslash"}},
		{httpBase, "http:g", "http://a/b/c/g", []string{"html-same-scheme"}},
		{httpBase, "HTTP:/g", "http://a/g", []string{"html-same-scheme"}},
		{httpBase, "http:g:h", "http://a/b/c/g:h", []string{"html-same-scheme"}},
		{httpBase, "https:g", "https://g", []string{"html-scheme-slashes"}},
		{httpBase, "http:///g", "http://g", []string{"html-scheme-slashes"}},
		{httpBase, "////g/h", "http://g/h", []string{"html-scheme-slashes"}},
		{httpBase, "a b", "http://a/b/c/a%20b", []string{"html-percent-encoded"}},
		{httpBase, `x"y<z>{|}^` + "`", "http://a/b/c/x%22y%3Cz%3E%7B%7C%7D%5E%60", []string{"html-percent-encoded"}},
		{httpBase, "é?é#é", "http://a/b/c/%C3%A9?%C3%A9#%C3%A9", []string{"html-percent-encoded"}},
		{httpBase, "100%", "http://a/b/c/100%25", []string{"html-percent-encoded"}},
		{httpBase, "%41%zz", "http://a/b/c/%41%25zz", []string{"html-percent-encoded"}},
		{httpBase, "#a#b", "http://a/b/c/d;p?q#a%23b", []string{"html-percent-encoded"}},
		{httpBase, "p[1]", "http://a/b/c/p%5B1%5D", []string{"html-percent-encoded"}},
		{httpBase, "http://[::1]/x", "http://[::1]/x", nil},
		{httpBase, "1a:b", "http://a/b/c/1a:b", []string{"html-percent-encoded"}},
		{httpBase, "http://Bücher.example/ü", "http://xn--bcher-kva.example/%C3%BC", []string{"html-percent-encoded", "html-idna"}},
		{httpBase, "//bücher.example/", "http://xn--bcher-kva.example/", []string{"html-idna"}},
		{httpBase, "javascript:void(0)", "javascript:void(0)", nil},
		// The userinfo too, as Chromium 156 encodes it ('@' before the
		// last one included); RFC 3986 allows '=' and ';', which stay.
		{httpBase, "http://a|b@h/x", "http://a%7Cb@h/x", []string{"html-percent-encoded"}},
		{httpBase, "http://a b:p w@h/", "http://a%20b:p%20w@h/", []string{"html-percent-encoded"}},
		{httpBase, "http://u{x}@h/", "http://u%7Bx%7D@h/", []string{"html-percent-encoded"}},
		{httpBase, "http://a@b@h/", "http://a%40b@h/", []string{"html-percent-encoded"}},
		{httpBase, "//a[1]@h?q", "http://a%5B1%5D@h?q", []string{"html-percent-encoded"}},
		{httpBase, "http://a=b;c@h/", "http://a=b;c@h/", nil},
		{fileBase, `..\img\x.png`, "file:///home/u/img/x.png", []string{"html-backslash"}},
		{fileBase, "file:g", "file:///home/u/site/g", []string{"html-same-scheme"}},
		{fileBase, "//h/x", "file://h/x", nil},
		{fileBase, "file:///etc/x", "file:///etc/x", nil},
		{mailBase, `#x\y`, "mailto:x@y#x%5Cy", []string{"html-percent-encoded"}}, // not special: no backslash rule
		{Base{}, `\\h\p`, "%5C%5Ch%5Cp", []string{"html-percent-encoded"}},       // no base, no scheme: not special
	}
	for _, tt := range tests {
		ref, warns, err := tt.base.ParseAttr(tt.in)
		if err != nil {
			t.Errorf("ParseAttr(%q): %v", tt.in, err)
			continue
		}
		got := ref
		if !tt.base.IsZero() {
			if got, err = uri.Resolve(tt.base.URI, ref); err != nil {
				t.Errorf("ParseAttr(%q) = %q, which does not resolve: %v", tt.in, ref.String(), err)
				continue
			}
		}
		var codes []string
		for _, w := range warns {
			codes = append(codes, w.Code)
		}
		if got.String() != tt.want || !slices.Equal(codes, tt.warnCodes) {
			t.Errorf("ParseAttr(%q) under %q resolves to %q, warnings %v; want %q, %v", tt.in, tt.base.URI.String(), got.String(), codes, tt.want, tt.warnCodes)
		}
	}
}

func TestParseAttrInvalid(t *testing.T) {
	b := mustParse(t, "http://a/b", Retrieval)
	for _, in := range []string{"http://[::1/", "http://a b/", "http://h:port/"} {
		if u, _, err := b.ParseAttr(in); err == nil {
			t.Errorf("ParseAttr(%q) = %q, want an error: the authority is invalid", in, u.String())
		}
	}
}

// TestParseAttrRFCExamples reads every example of RFC 3986 §5.4 as an HTML
// attribute value under the base http://a/b/c/d;p?q: browsers resolve them
// as RFC 3986 does, except "http:g", which they read as a relative
// reference (the non-strict rule of §5.2.2).
func TestParseAttrRFCExamples(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "resolution_examples.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	b := mustParse(t, "http://a/b/c/d;p?q", Retrieval)
	browser := map[string]string{"http:g": "http://a/b/c/g"}
	checked := 0
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Split(line, "\t")
		if len(f) < 4 || strings.HasPrefix(line, "# ") || f[0] == "ref" || f[3] == "—" {
			continue
		}
		ref, want := f[0], f[3]
		if ref == `""` {
			ref = ""
		}
		if w, ok := browser[ref]; ok {
			want = w
		}
		u, _, err := b.ParseAttr(ref)
		if err == nil {
			u, err = b.Resolve(u)
		}
		if err != nil || u.String() != want {
			t.Errorf("attribute %q under %s = %q, %v; want %q", ref, b.URI.String(), u.String(), err, want)
		}
		checked++
	}
	if checked != 42 {
		t.Errorf("checked %d examples, want the 42 with an RFC 3986 value", checked)
	}
}

// TestIsSpecial checks the special schemes of the URL Standard (§4.1),
// compared with ASCII case folding only.
func TestIsSpecial(t *testing.T) {
	for _, tt := range []struct {
		scheme string
		want   bool
	}{
		{"http", true}, {"HTTPS", true}, {"Ws", true}, {"wSs", true}, {"FTP", true}, {"file", true},
		{"", false}, {"h", false}, {"mailto", false}, {"httpx", false}, {"data", false},
		{"f\u0130le", false}, // "fİle": strings.ToLower would make it "file"
		{"http\x00", false},
	} {
		if got := IsSpecial(tt.scheme); got != tt.want {
			t.Errorf("IsSpecial(%q) = %v, want %v", tt.scheme, got, tt.want)
		}
	}
}
