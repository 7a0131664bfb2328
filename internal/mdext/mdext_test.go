package mdext

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	east "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// gfmParser returns a CommonMark parser with the given GFM parsers.
func gfmParser(linkify, strike, task parser.InlineParser, table parser.ParagraphTransformer) parser.Parser {
	return parser.NewParser(
		parser.WithBlockParsers(parser.DefaultBlockParsers()...),
		parser.WithInlineParsers(append(parser.DefaultInlineParsers(),
			util.Prioritized(strike, 500),
			util.Prioritized(linkify, 999),
			util.Prioritized(task, 0))...),
		parser.WithParagraphTransformers(append(parser.DefaultParagraphTransformers(),
			util.Prioritized(table, 200))...),
	)
}

var (
	ours = gfmParser(NewLinkifyParser(), NewStrikethroughParser(),
		NewTaskCheckBoxParser(), NewTableParagraphTransformer())
	goldmarks = gfmParser(extension.NewLinkifyParser(), extension.NewStrikethroughParser(),
		extension.NewTaskCheckBoxParser(), extension.NewTableParagraphTransformer())
)

// tree writes down the parse of src: every node's kind and the text,
// lines, destinations and attributes the extensions set.
func tree(p parser.Parser, src []byte) string {
	var b strings.Builder
	_ = ast.Walk(p.Parse(text.NewReader(src)), func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			b.WriteString(")")
			return ast.WalkContinue, nil
		}
		fmt.Fprintf(&b, "(%s", n.Kind())
		if n.Type() == ast.TypeBlock {
			for i := range n.Lines().Len() {
				s := n.Lines().At(i)
				fmt.Fprintf(&b, " [%d %d %d]", s.Start, s.Stop, s.Padding)
			}
		}
		switch n := n.(type) {
		case *ast.Text:
			fmt.Fprintf(&b, " %d %d %v", n.Segment.Start, n.Segment.Stop, n.SoftLineBreak())
		case *ast.AutoLink:
			fmt.Fprintf(&b, " %d %q %q", n.AutoLinkType, n.URL(src), n.Protocol)
		case *ast.Link:
			fmt.Fprintf(&b, " %q", n.Destination)
		case *east.Table:
			fmt.Fprintf(&b, " %v", n.Alignments)
		case *east.TableCell:
			fmt.Fprintf(&b, " %v", n.Alignment)
		case *east.TaskCheckBox:
			fmt.Fprintf(&b, " %v", n.IsChecked)
		}
		return ast.WalkContinue, nil
	})
	return b.String()
}

var samples = []string{
	"see www.example.org/a_(b)_ and http://example.org/x?y=1&amp; or ftp://h.example/.\n",
	"mail a.b+c@example.co.uk. or x@y or a@b.c- and _https://e.org/_ *www.e.org*\n",
	"(http://a.example/(x)) ~https://b.example/~ https://c.example:8080/p;q&lt;\n",
	"~~gone~~ ~one~ ~~~three~~~ a~b~c\n",
	"- [ ] open\n- [x] done\n- [X] Done\n  - [\t] tab\n* [y] no\n",
	"| a | b `c\\|d` | e |\n|:--|--:|:-:|\n| 1 | 2 \\| 3 | 4 | 5 |\n| x |\n",
	"a | b\n--- | ---\nhttps://x.example | www.y.example\n",
	"text\n| a |\n| - |\n|  -  : |\n",
	"[link www.example.org](https://z.example/) <http://auto.example/>\n",
	"    | code | table |\n    | --- | --- |\n",
	"http://" + strings.Repeat("a", 300) + ".example/ www." + strings.Repeat("b", 256) + ".org\n",
}

// FuzzSameAsGoldmark checks that the fork parses as goldmark's
// extensions do: the same tree on any input.
func FuzzSameAsGoldmark(f *testing.F) {
	for _, s := range samples {
		f.Add([]byte(s))
	}
	mds, _ := filepath.Glob("../../extract/testdata/*/*.md")
	for _, name := range mds {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		if got, want := tree(ours, src), tree(goldmarks, src); got != want {
			t.Errorf("parse of %q:\n got %s\nwant %s", src, got, want)
		}
	})
}

// TestSamples checks that the samples exercise each extension.
func TestSamples(t *testing.T) {
	all := tree(ours, []byte(strings.Join(samples, "\n")))
	for _, kind := range []string{"AutoLink", "Strikethrough", "TaskCheckBox", "TableCell", "Table"} {
		if !regexp.MustCompile(`\(` + kind + `[ ()]`).MatchString(all) {
			t.Errorf("no %s in the samples", kind)
		}
	}
}
