package extract

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"

	"github.com/yuin/goldmark/parser"
	gtext "github.com/yuin/goldmark/text"
)

// TestMarkdownLimits checks the inputs on which goldmark takes time or
// memory more than linear in their size. Containers too deep, emphasis
// and tables past the limits are read with their markers as text, their
// links found, with no error; paragraphs past markdownMaxParens,
// markdownMaxOpen or markdownMaxDefs are read as text, their bare URIs
// found, with an error naming their first line, and the paragraphs after
// them are read as Markdown.
func TestMarkdownLimits(t *testing.T) {
	const after = "\n\n[c](d)\n"
	for _, tc := range []struct {
		name, in string
		line     int    // 0: no error
		want     string // the links, in order
	}{
		{"block quotes at the limit", strings.Repeat(">", markdownMaxDepth) + " [a](b)\n", 0, "b"},
		{"block quotes past the limit", "x\n\n" + strings.Repeat("> ", 10*markdownMaxDepth) + "[a](b)" + after, 0, "b d"},
		{"lists past the limit", strings.Repeat("- ", 10*markdownMaxDepth) + "[a](b)" + after, 0, "b d"},
		{"lists nested by indentation", listLadder(10*markdownMaxDepth) + after, 0, "http://m.example/0 http://m.example/1 http://m.example/2"},
		{"blank lines in deep lists", strings.Repeat("- ", markdownMaxDepth) + "a\n" + strings.Repeat("\n", 100) + "[a](b)" + after, 0, "b d"},
		{"emphasis past the limit", strings.Repeat("*a_ ", markdownMaxDelims) + "[a](b)" + after, 0, "b d"},
		{"a table of many columns", "|" + strings.Repeat("a|", 3000) + "\n|" + strings.Repeat("-|", 3000) + "\n" + strings.Repeat("x\n", 3000) + "[a](b)" + after, 0, "b d"},
		{"open parentheses on a line at the limit", "[a](b)" + strings.Repeat("[a](", markdownMaxParens) + after, 0, "b d"},
		{"open parentheses past the limit", "x\n\n[a](b) http://r.example/ " + strings.Repeat("[a](", markdownMaxParens+1) + after, 3, "http://r.example/ d"},
		{"open parentheses over a paragraph", "[a](b)\n\nhttp://r.example/\n" + strings.Repeat("[a](\n", markdownMaxParens+1) + after, 3, "b http://r.example/ d"},
		{"open parentheses over paragraphs", "[a](b)\n" + strings.Repeat(strings.Repeat("[a](\n", markdownMaxParens/2)+"\n", 4), 0, "b"},
		{"nested brackets at the limit", "[a](b)" + strings.Repeat("[", markdownMaxOpen) + "x" + strings.Repeat("]", markdownMaxOpen) + "(c)\n", 0, "b c"},
		{"nested brackets past the limit", "[a](b)\n\n" + strings.Repeat("[", markdownMaxOpen+1) + "http://r.example/" + strings.Repeat("]", markdownMaxOpen+1) + "(c)" + after, 3, "b http://r.example/ d"},
		{"definitions at the limit", "[a](b)\n\n" + defs(0, markdownMaxDefs), 0, ""},
		{"definitions past the limit", "[a](b)\n\n" + defs(0, markdownMaxDefs+1) + after, 3, "b d"},
		{"escaped and closed parentheses", "[a](b)" + strings.Repeat(`\(`, 2*markdownMaxParens) + strings.Repeat("(x)", 2*markdownMaxParens) + "\n", 0, "b"},
	} {
		var links []string
		var errs []error
		for l, err := range Links(strings.NewReader(tc.in), Options{Name: "deep.md"}) {
			if err != nil {
				errs = append(errs, err)
			} else {
				links = append(links, l.Ref)
			}
		}
		got := strings.Join(links, " ")
		if tc.want != "" && !strings.HasPrefix(got, tc.want) || tc.name == "definitions at the limit" && len(links) != 1+markdownMaxDefs {
			t.Errorf("%s: links %.200q, want %q", tc.name, got, tc.want)
		}
		if tc.line == 0 {
			if len(errs) > 0 {
				t.Errorf("%s: errors %v, want none", tc.name, errs)
			}
			continue
		}
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || e.File != "deep.md" || !errors.Is(errs[0], ErrMarkdownTooDeep) ||
			!strings.Contains(errs[0].Error(), "line "+strconv.Itoa(tc.line)+":") {
			t.Errorf("%s: errors %v, want one ErrMarkdownTooDeep for deep.md at line %d", tc.name, errs, tc.line)
		}
	}
}

// listLadder returns n list items, each one nested in the one before by
// its indentation, each with a bare URL.
func listLadder(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "%s- http://m.example/%d\n", strings.Repeat("  ", i), i)
	}
	return b.String()
}

// defs returns n link reference definitions, one a line, from number i.
func defs(i, n int) string {
	var b strings.Builder
	for ; n > 0; n, i = n-1, i+1 {
		fmt.Fprintf(&b, "[d%d]: /u%d\n", i, i)
	}
	return b.String()
}

// hostileMarkdown are the inputs of n bytes or so on which goldmark
// alone takes time or memory more than linear: those of cmark's and
// cmark-gfm's test/pathological_tests.py, those found for urix, and the
// same just within the limits, one paragraph after the other.
var hostileMarkdown = []struct {
	name string
	page func(n int) string
}{
	{"nested strong emphasis", func(n int) string { return strings.Repeat("*a **a ", n/14) + "b" + strings.Repeat(" a** a*", n/14) }},
	{"emphasis closers", repeatTo("a_ ")},
	{"emphasis openers", repeatTo("_a ")},
	{"mismatched emphasis", repeatTo("*a_ ")},
	{"*a_", repeatTo("*a_")},
	{"_a*", repeatTo("_a*")},
	{"openers and closers multiple of 3", func(n int) string { return "a**b" + strings.Repeat("c* ", n/3) }},
	{"emphasis at the limit", repeatTo(strings.Repeat("*a_ ", markdownMaxDelims-1) + "\n\n")},
	{"strikethrough", repeatTo("~~a ~b ")},
	{"link closers", repeatTo("a]")},
	{"link openers", repeatTo("[a")},
	{"link openers and emphasis closers", repeatTo("[ a_")},
	{"[ (](", repeatTo("[ (](")},
	{"![[]()", repeatTo("![[]()")},
	{"nested brackets", func(n int) string { return strings.Repeat("[", n/2) + "a" + strings.Repeat("]", n/2) }},
	{"nested brackets at the limit", repeatTo(strings.Repeat("[", markdownMaxOpen) + "a" + strings.Repeat("]", markdownMaxOpen) + "\n\n")},
	{"unclosed links A", repeatTo("[a](<b")},
	{"unclosed links B", repeatTo("[a](b")},
	{"unclosed links at the limit", repeatTo(strings.Repeat("[a](b", markdownMaxParens-1) + "\n\n")},
	{"unclosed link titles", repeatTo(`[a](b "c`)},
	{"many references", func(n int) string { return defs(0, n/16) + "\n" + strings.Repeat("[d1] ", n/10) }},
	{"definitions at the limit", repeatTo(defs(0, markdownMaxDefs/2) + "\n")},
	{"backticks", func(n int) string {
		var b strings.Builder
		for i := 1; b.Len() < n; i++ {
			b.WriteString("e" + strings.Repeat("`", i))
		}
		return b.String()
	}},
	{"html", repeatTo("a <!-- a <![CDATA[ a <? a <!A ")},
	{"entities", repeatTo("&amp;&#12;&#x1F;&unknown;")},
	{"nested block quotes", func(n int) string { return strings.Repeat("> ", n/2) + "a" }},
	{"block quotes and lists", repeatTo("> - ")},
	{"lists nested by indentation", func(n int) string { return listLadder(int(math.Sqrt(float64(n)))) }},
	{"blank lines in deep lists", func(n int) string { return strings.Repeat("- ", markdownMaxDepth) + "a\n" + strings.Repeat("\n", n) }},
	{"deep lists and blank lines", repeatTo(strings.Repeat("- ", markdownMaxDepth) + "a\n" + strings.Repeat("\n", markdownBlankCost/markdownMaxDepth))},
	{"tabs", repeatTo("\t>\t-\t")},
	{"table columns", func(n int) string {
		return strings.Repeat("|a", n/6) + "\n" + strings.Repeat("|-", n/6) + "\n" + strings.Repeat("|b", n/6) + "\n"
	}},
	{"table rows", func(n int) string { return "|a|b|\n|-|-|\n" + strings.Repeat("|x|y|\n", n/6) }},
	{"table of n columns and n rows", func(n int) string {
		return "|" + strings.Repeat("a|", n/6) + "\n|" + strings.Repeat("-|", n/6) + "\n" + strings.Repeat("x\n", n/6)
	}},
	{"escaped pipes in table cells", func(n int) string { return "|a|\n|-|\n" + strings.Repeat("|`\\|`|\n", n/7) }},
}

// repeatTo returns a function that repeats unit to n bytes or more.
func repeatTo(unit string) func(n int) string {
	return func(n int) string { return strings.Repeat(unit, max(1, (n+len(unit)-1)/len(unit))) }
}

// TestMarkdownLinear checks that Markdown reads each hostile input in
// linear time and memory: the bytes allocated, and the delimiters the
// emphasis closers look back at (which goldmark does without
// allocating), grow 8 times, not 64, for 8 times the input.
func TestMarkdownLinear(t *testing.T) {
	const n = 8 << 10
	for _, tc := range hostileMarkdown {
		small, large := tc.page(n), tc.page(8*n)
		ws, wl := markdownWork(small), markdownWork(large)
		if wl > 8*ws+ws/2+64*markdownMaxDelims {
			t.Errorf("%s: %d delimiters looked back at for %d bytes, %d for %d bytes: more than linear", tc.name, ws, len(small), wl, len(large))
		}
		as, al := allocated(func() { drainMarkdown(small) }), allocated(func() { drainMarkdown(large) })
		if al > 16*as+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", tc.name, as, len(small), al, len(large))
		}
		if al > 400*uint64(len(large)) {
			t.Errorf("%s: %d bytes allocated for %d bytes, more than 400 times as many", tc.name, al, len(large))
		}
	}
}

// markdownWork returns the delimiters the emphasis closers of in look
// back at, parsed as scanMarkdown parses it.
func markdownWork(in string) int {
	buf := []byte(in)
	d := &mdDelims{}
	pc := parser.NewContext()
	pc.Set(mdKey, d)
	markdown().Parse(gtext.NewReader(markdownSource(buf, newLineIndex(buf), markdownRegions(buf, newLineIndex(buf)))), parser.WithContext(pc))
	return d.work
}

func drainMarkdown(in string) {
	for range Links(strings.NewReader(in), Options{Type: Markdown}) {
	}
}

// TestMarkdownCutLines checks that the lines and columns of links after a
// run of blank lines cut in deep lists are those of the file.
func TestMarkdownCutLines(t *testing.T) {
	in := strings.Repeat("- ", markdownMaxDepth) + "a\n" + strings.Repeat("\n", 40) + "x [a](b)\n"
	n := 0
	for l, err := range Links(strings.NewReader(in), Options{Type: Markdown}) {
		if n++; err != nil || l.Ref != "b" || l.Line != 42 || l.Column != 7 {
			t.Errorf("link %q at %d:%d, error %v; want b at 42:7 (its destination)", l.Ref, l.Line, l.Column, err)
		}
	}
	if n != 1 {
		t.Errorf("%d links, want one", n)
	}
}

// TestMarkdownBrackets checks mdBrackets against mdBracket for every byte
// at every place of a word, among bytes that are none.
func TestMarkdownBrackets(t *testing.T) {
	for c := range 256 {
		for at := range 8 {
			w := []byte("abcdefgh")
			w[at] = byte(c)
			if got, want := mdBrackets(word(w, 0)), mdBracket[c]; got != want {
				t.Errorf("mdBrackets(%q) = %v, want %v", w, got, want)
			}
		}
	}
}
