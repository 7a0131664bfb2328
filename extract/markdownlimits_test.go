package extract

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestMarkdownTooDeep checks the inputs on which goldmark takes time
// quadratic in their size (block quotes and lists nested on one line,
// link destinations with ever more open parentheses, on one line or over
// the lines of a paragraph), and link texts nested in brackets, on which
// it takes 2 KB of memory a bracket, and link reference definitions one
// after the other: past the limits they are an error for the
// file, naming the line where the limit is passed, and just within them
// they are read as usual.
func TestMarkdownTooDeep(t *testing.T) {
	for _, tc := range []struct {
		name, in string
		line     int // 0: read as usual, [a](b) found
	}{
		{"block quotes at the limit", strings.Repeat(">", markdownMaxDepth) + " [a](b)\n", 0},
		{"block quotes past the limit", "x\n\n" + strings.Repeat(">", markdownMaxDepth+1) + " [a](b)\n", 3},
		{"quotes with spaces past the limit", strings.Repeat("> ", markdownMaxDepth+1) + "[a](b)\n", 1},
		{"lists at the limit", strings.Repeat("- ", markdownMaxDepth) + "[a](b)\n", 0},
		{"lists past the limit", strings.Repeat("- ", markdownMaxDepth+1) + "[a](b)\n", 1},
		{"ordered lists past the limit", strings.Repeat("1. ", markdownMaxDepth/2) + strings.Repeat("* ", markdownMaxDepth/2+1) + "[a](b)\n", 1},
		{"a thematic break of many dashes", strings.Repeat("-", 10*markdownMaxDepth) + "\n[a](b)\n", 0},
		{"open parentheses on a line at the limit", "[a](b)" + strings.Repeat("[a](", markdownMaxParens) + "\n", 0},
		{"open parentheses on a line past the limit", "[a](b)" + strings.Repeat("[a](", markdownMaxParens+1) + "\n", 1},
		{"open parentheses over a paragraph", "[a](b)\n\n" + strings.Repeat("[a](\n", markdownMaxParens+1), 3 + markdownMaxParens},
		{"open parentheses over paragraphs", "[a](b)\n" + strings.Repeat(strings.Repeat("[a](\n", markdownMaxParens/2)+"\n", 4), 0},
		{"nested brackets at the limit", "[a](b)" + strings.Repeat("[", markdownMaxParens) + "x" + strings.Repeat("]", markdownMaxParens) + "(c)\n", 0},
		{"nested brackets past the limit", "[a](b)\n" + strings.Repeat("[", markdownMaxParens+1) + "x" + strings.Repeat("]", markdownMaxParens+1) + "(c)\n", 2},
		{"definitions at the limit", "[a](b)\n\n" + defs(0, markdownMaxDefs), 0},
		{"definitions past the limit", "[a](b)\n\n" + defs(0, markdownMaxDefs+1), 3 + markdownMaxDefs},
		{"definitions in paragraphs", "[a](b)\n\n" + defs(0, markdownMaxDefs) + "\n" + defs(markdownMaxDefs, markdownMaxDefs), 0},
		{"escaped and closed parentheses", "[a](b)" + strings.Repeat(`\(`, 2*markdownMaxParens) + strings.Repeat("(x)", 2*markdownMaxParens) + "\n", 0},
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
		if tc.line == 0 {
			if len(errs) > 0 || len(links) == 0 || links[0] != "b" {
				t.Errorf("%s: links %q, errors %v; want [a](b) found, no error", tc.name, links[:min(len(links), 3)], errs)
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

// defs returns n link reference definitions, one a line, from number i.
func defs(i, n int) string {
	var b strings.Builder
	for ; n > 0; n, i = n-1, i+1 {
		fmt.Fprintf(&b, "[d%d]: /u%d\n", i, i)
	}
	return b.String()
}
