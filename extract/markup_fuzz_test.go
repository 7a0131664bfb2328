package extract

import (
	"errors"
	"strings"
	"testing"
)

// FuzzMarkup scans any input as Markdown, AsciiDoc and reStructuredText:
// no panic, and every link's Offset, Line and Column agree and lie in the
// input.
func FuzzMarkup(f *testing.F) {
	for _, s := range []string{
		"[a](b) <http://c/> `d` http://e/\n\n[x]: y\n",
		"https://a/[t] link:b[c] \\http://d/ image::e[f]\n----\nhttp://g/\n----\n",
		"`a <http://b/>`_\n\n.. _c: http://d/\n.. image:: e\n   :target: f\n\nx::\n\n  http://g/\n",
		"+------+------+\n| `a <ht | x@y.example |\n| tps:// |      |\n|      | http |\n| | ://a/b |\n+------+------+\n",
		":u: http://a/\n\n{u}[x] {u}/b[y] link:{u}[z] k@l.example\n",
		"<a href=\"http://a/\">http://a/</a> [r][] <a>x</a>\n\n[r]: http://b/\n",
		"- - - - - - - - - - - - [a](b)\n\n\n\n\n  http://c/ " + strings.Repeat("[", 40) + "\n|a|b|\n|-|-|\n`\\|` *a_ ~b\n",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		lines := newLineIndex([]byte(s))
		for _, typ := range []Type{Markdown, AsciiDoc, RST} {
			for l, err := range Links(strings.NewReader(s), Options{Type: typ, Code: len(s)%2 == 0, Uses: len(s)%3 == 0}) {
				if err != nil && !errors.Is(err, ErrMarkdownTooDeep) {
					t.Fatalf("%v: %v", typ, err)
				}
				if err != nil {
					continue // a paragraph read as text, its URIs still checked
				}
				if l.Offset < 0 || l.Offset > int64(len(s)) {
					t.Fatalf("%v: offset %d out of %d bytes", typ, l.Offset, len(s))
				}
				if line, col := lines.at(int(l.Offset)); line != l.Line || col != l.Column {
					t.Fatalf("%v: offset %d is %d:%d, link says %d:%d", typ, l.Offset, line, col, l.Line, l.Column)
				}
			}
		}
	})
}
