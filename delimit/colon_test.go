package delimit

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// checkIndexColon compares indexColon(b, p) with a plain search: the first
// ':' at or after p, or, where indexColon passes over them (fusedColon),
// the first that noURIAfter does not rule out; and the '\n' before it.
func checkIndexColon(t *testing.T, b []byte, p int) {
	t.Helper()
	want := -1
	for q := p; q < len(b); q++ {
		if b[q] == ':' && (!fusedColon || !noURIAfter(b, q)) {
			want = q
			break
		}
	}
	wantLines := 0
	if fusedColon {
		end := want
		if end < 0 {
			end = len(b)
		}
		wantLines = bytes.Count(b[p:end], []byte{'\n'})
	}
	if i, lines := indexColon(b, p); i != want || lines != wantLines {
		t.Fatalf("indexColon(%q, %d) = %d, %d; want %d, %d", b, p, i, lines, want, wantLines)
	}
}

// TestIndexColon puts colons, line breaks and what noURIAfter looks at
// around each ':' at every place of the 64-byte blocks the AVX2 search
// reads, at every alignment; then it searches random text, long enough
// for the per-byte line counts of the AVX2 search to be folded.
func TestIndexColon(t *testing.T) {
	buf := make([]byte, 300)
	around := []string{
		"a:b", "a: b", "a:  ", " :b", "a:\n", "):x", "::", "a: ", "a:\n\n", "a:\n\r", "a:\"", "a:\tb",
		"a:  b", "a: \tb", "a:   b", "a: \n", "a: \t\r\n", " 12:30",
	}
	for n := 0; n <= 160; n++ {
		for c := -1; c < n; c++ {
			for _, nl := range []int{-1, 0, 31, 32, 63, 64, 65, 127, 128, c - 1, c + 3} {
				for k, ctx := range around {
					b := buf[k%3 : k%3+n]
					for j := range b {
						b[j] = 'a' + byte(j%26)
					}
					if nl >= 0 && nl < n {
						b[nl] = '\n'
					}
					if c >= 0 {
						// The context's ':' at c, cut at b's ends.
						at := c - strings.IndexByte(ctx, ':')
						for j := range len(ctx) {
							if at+j >= 0 && at+j < n {
								b[at+j] = ctx[j]
							}
						}
					}
					for _, p := range []int{0, 1, c, c + 1} {
						if p >= 0 && p <= n {
							checkIndexColon(t, b, p)
						}
					}
				}
			}
		}
	}
	// Every byte a line break: each per-byte counter gains two a block.
	lines := bytes.Repeat([]byte{'\n'}, 64*300+5)
	for p := range 3 {
		checkIndexColon(t, lines, p)
	}
	r := rand.New(rand.NewPCG(1, 2))
	alphabet := []byte("::: \n\n\n\nab12.)\t\"")
	for range 2000 {
		b := make([]byte, r.IntN(40000))
		for k := range b {
			if r.IntN(20) == 0 {
				b[k] = alphabet[r.IntN(len(alphabet))]
			} else {
				b[k] = 'x'
			}
		}
		for p := 0; p <= len(b); p += 1 + r.IntN(500) {
			checkIndexColon(t, b, p)
		}
	}
}

// FuzzIndexColon checks indexColon on any bytes, from any place.
func FuzzIndexColon(f *testing.F) {
	f.Add([]byte("Note: see:\nhttp://example.org/ (x):y"), 0)
	f.Add(bytes.Repeat([]byte("\n:"), 200), 7)
	f.Fuzz(func(t *testing.T, b []byte, p int) {
		if p < 0 || p > len(b) {
			return
		}
		checkIndexColon(t, b, p)
	})
}
