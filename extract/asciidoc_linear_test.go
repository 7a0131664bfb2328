package extract

import (
	"bytes"
	"strings"
	"testing"
)

// TestAdocBracketsLinear checks that finding the "]" of every attribute
// list of a paragraph looks at each byte a bounded number of times, also
// when the lists are never closed (which took 55 s for 50000 of them).
func TestAdocBracketsLinear(t *testing.T) {
	for _, tc := range []struct {
		name, unit string
	}{
		{"unclosed URL macros", "https://a.example/["},
		{"unclosed image macros", "image:x.png["},
		{"closed ones", "link:a[b] "},
		{"escaped closers", `link:a[b\] `},
	} {
		for _, n := range []int{1000, 8000} {
			b := []byte(strings.Repeat(tc.unit, n))
			c := bracketCloser{b: b, none: len(b)}
			for i := range b {
				if b[i] == '[' && (i == 0 || b[i-1] != '\\') {
					c.close(i)
				}
			}
			if c.steps > 2*len(b) {
				t.Errorf("%s ×%d: %d steps for %d bytes, want at most twice as many", tc.name, n, c.steps, len(b))
			}
		}
	}
	// As Asciidoctor 2.0.18 reads it: a link whose text runs to the next
	// "]" and holds a link macro that is only text, a URL followed by an
	// unclosed "[", a bare one, and an image in a link's text (image
	// macros are read before links).
	in := "a https://a.example/[ b link:c[d] https://e.example/[f\n\nhttps://g.example/[image:h.png[i]]\n"
	var got []string
	for l, err := range Links(bytes.NewReader([]byte(in)), Options{Type: AsciiDoc}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.Ref+" "+l.Text)
	}
	if want := []string{"https://a.example/ b link:c[d", "https://e.example/ ", "https://g.example/ image:h.png[i", "h.png i"}; strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("%q: links %q, want %q", in, got, want)
	}
}
