package delimit

import (
	"bytes"
	"strings"
	"testing"
)

// lookaheadShapes are inputs that make the rules that read ahead of a
// run (template expressions, labels after a URI, comment prefixes, text
// after a host's '/') look again and again, each about n bytes long.
var lookaheadShapes = []struct {
	name string
	in   func(n int) string
}{
	{"brackets", func(n int) string { return repeat("http://a.example/"+strings.Repeat("a[b", 50)+" ", n) }},
	{"labels never closed", func(n int) string { return repeat("http://a.example/x[Label ", n) }},
	{"long labels", func(n int) string { return repeat("http://a.example/x["+strings.Repeat("L", 600)+" ", n) }},
	{"labels", func(n int) string { return repeat("http://a.example/x[2] ", n) }},
	{"closing tags never closed", func(n int) string {
		return repeat("http://a.example/"+strings.Repeat("a[/aaaaaaaaaaaaaaaaaaaa", 20)+" ", n)
	}},
	{"braces", func(n int) string { return repeat("http://a.example/"+strings.Repeat("{", 100)+" ", n) }},
	{"expressions never closed", func(n int) string { return repeat("http://a.example/${"+strings.Repeat("a ", 100)+"\n", n) }},
	{"mustaches never closed", func(n int) string { return repeat("http://a.example/"+strings.Repeat("{{a", 50)+" ", n) }},
	{"templates", func(n int) string { return repeat("http://a.example/{user}/${id} ", n) }},
	{"printf indexes", func(n int) string { return repeat("http://a:%[1 ", n) }},
	{"comment prefixes", func(n int) string { return repeat("// http://a.example/a-\n", n) }},
	{"indented comment prefixes", func(n int) string { return repeat(strings.Repeat(" ", 200)+"# x http://a.example/a-\n", n) }},
	{"comment prefixes in <...>", func(n int) string { return repeat("// <http://a.example/a-\n// b>\n", n) }},
	{"Han after a host", func(n int) string { return repeat("http://a.example/中文 ", n) }},
	{"long Han after a host", func(n int) string { return repeat("http://a.example/"+strings.Repeat("中", 200)+" ", n) }},
}

// repeat returns unit repeated to about n bytes.
func repeat(unit string, n int) string {
	return strings.Repeat(unit, max(1, n/len(unit)))
}

// TestLookaheadLinear scans each shape at n and 8n bytes and checks that
// the bytes the rules reading ahead of a run read (Scanner.looked) grow
// about 8 times, not 64, and stay within a few times the input: linear
// time, counted without a clock.
func TestLookaheadLinear(t *testing.T) {
	const n = 16 << 10
	for _, shape := range lookaheadShapes {
		small, large := lookedAt(shape.in(n)), lookedAt(shape.in(8*n))
		if large > 8*small+small/2+1024 || large > 4*8*n {
			t.Errorf("%s: %d bytes read ahead at %d bytes, %d at %d bytes: more than linear", shape.name, small, n, large, 8*n)
		}
	}
}

// lookedAt returns the bytes read ahead of runs in a scan of in, with a
// window that slides.
func lookedAt(in string) int {
	s := NewScanner(bytes.NewReader([]byte(in)), Options{MaxLength: 4096})
	for s.Scan() {
	}
	return s.looked
}
