package delimit

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
	"testing/iotest"
)

// TestTokenSoup checks FuzzScanner's invariants on inputs made of the
// tokens the rules look at (brackets, expressions, line prefixes, labels,
// text without spaces), which random bytes rarely put side by side: it
// found a panic on "%lat%{x}" and a template's hyphen reading that was
// none, which a minute of fuzzing on the shared machine had not.
func TestTokenSoup(t *testing.T) {
	toks := []string{"http://", "https://", "a.example", ",", ";", "[", "]", "{", "}", "{{", "}}", "${", "%", "%[1]s", "%s", "%d", "%{", "%lat%", "/", "?", "=", "&", "-", "\n", " ", "  ", "// ", "# ", "* ", "-- ", "> ", ";; ", "中文", "在", "Info:", "Configure", "data:", "info:", "geo:", "x", "1", "<", ">", "\"", "'", "(", ")", "[/url]", "[2]", "[Docs]", "[]", "@", ":", "é", "\t", "mailto:", "tel:+1"}
	r := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for it := 0; it < n; it++ {
		var b bytes.Buffer
		for n := r.IntN(30); n >= 0; n-- {
			b.WriteString(toks[r.IntN(len(toks))])
		}
		in := b.Bytes()
		extra := r.IntN(2) == 0
		opts := Options{Abbreviated: extra, Relative: extra, AnyScheme: extra, MaxLength: 200}
		ms := slices.Collect(All(in, opts))
		for _, m := range ms {
			if _, err := parseReported(m, m.URI); err != nil {
				t.Fatalf("%q: %q: %v", in, m.URI, err)
			}
			for _, alt := range m.Alternatives {
				if _, err := parseReported(m, alt); err != nil {
					t.Fatalf("%q: alt %q: %v", in, alt, err)
				}
			}
			if !refOfSpan(m.Ref, in[m.Start:m.End], m.Joined) {
				t.Fatalf("%q: ref %q span %q", in, m.Ref, in[m.Start:m.End])
			}
		}
		if got := scanAll(t, iotest.OneByteReader(bytes.NewReader(in)), opts); !equalMatches(got, ms) {
			t.Fatalf("%q: one-byte %v whole %v", in, got, ms)
		}
		if got := scanEveryTrigger(in, opts); !equalMatches(got, ms) {
			t.Fatalf("%q: every trigger %v finders %v", in, got, ms)
		}
	}
}
