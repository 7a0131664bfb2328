package extract

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestRuleAttrsRead walks the source of the package for every attribute
// name a rule looks up, a string compared with a rawAttr's key
// (a.key == "encoding") or an htmlRef's attr, or a case of a switch on
// one, and checks that
// each is in ruleAttrs: readTag keeps no other, and a rule reading one
// would silently never see it. It also checks that the names fit
// ruleAttr's buffer.
func TestRuleAttrsRead(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var read []string
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BinaryExpr:
				if n.Op == token.EQL || n.Op == token.NEQ {
					if isKey(n.X) {
						read = appendLit(read, fset, n.Y, t)
					} else if isKey(n.Y) {
						read = appendLit(read, fset, n.X, t)
					}
				}
			case *ast.SwitchStmt:
				if n.Tag != nil && isKey(n.Tag) {
					for _, c := range n.Body.List {
						for _, e := range c.(*ast.CaseClause).List {
							read = appendLit(read, fset, e, t)
						}
					}
				}
			}
			return true
		})
	}
	// The test must see the lookups it is about.
	for _, want := range []string{"http-equiv", "color", "face", "size", "encoding", "href"} {
		if !slices.Contains(read, want) {
			t.Errorf("no lookup of %q found in the source: the test no longer sees the rules", want)
		}
	}
	for _, name := range read {
		if _, ok := ruleAttrs[name]; !ok {
			t.Errorf("a rule reads attribute %q, not in ruleAttrs: readTag leaves it out", name)
		}
	}
	for name := range ruleAttrs {
		if len(name) > maxRuleAttr {
			t.Errorf("ruleAttrs has %q, longer than maxRuleAttr %d", name, maxRuleAttr)
		}
	}
}

// isKey reports whether e is the name of an attribute: a rawAttr's key,
// an htmlRef's attr, or urlAttr's parameter key.
func isKey(e ast.Expr) bool {
	switch e := e.(type) {
	case *ast.SelectorExpr:
		return e.Sel.Name == "key" || e.Sel.Name == "attr"
	case *ast.Ident:
		return e.Name == "key"
	}
	return false
}

// appendLit appends to read the string e is, if a literal.
func appendLit(read []string, fset *token.FileSet, e ast.Expr, t *testing.T) []string {
	lit, ok := e.(*ast.BasicLit)
	if !ok || lit.Kind != token.STRING {
		return read
	}
	s, err := strconv.Unquote(lit.Value)
	if err != nil {
		t.Fatalf("%s: %v", fset.Position(lit.Pos()), err)
	}
	return append(read, s)
}

// TestRuleDrops checks that the attributes readTag leaves out of an
// element (ruleDrops) are those no rule reads there: a page with every
// attribute of ruleAttrs, each with a value its rule acts on, on many
// elements, in HTML and in foreign content, gives the same links as when
// readTag keeps them all.
func TestRuleDrops(t *testing.T) {
	values := map[string]string{
		"srcset": "s.png 1x", "imagesrcset": "i.png 1x", "data-srcset": "d.png 1x", "data-lazy-srcset": "l.png 1x",
		"ping": "p1 p2", "style": "background:url(st.png)", "content": "0; url=c.html",
		"http-equiv": "refresh", "name": "og:url", "property": "og:image", "type": "application/ld+json",
		"alt": "Alt text", "rel": "nofollow", "color": "red", "face": "serif", "size": "2", "encoding": "text/html",
	}
	elems := []string{
		"a", "area", "link", "meta", "script", "img", "image", "IMG", "object", "applet", "font", "base", "iframe",
		"input", "form", "td", "p", "div", "span", "body", "head", "html", "title", "style", "textarea", "noscript",
		"template", "video", "audio", "source", "embed", "frame", "table", "blockquote", "q", "button", "track",
		"svg", "math", "annotation-xml", "foreignObject", "desc", "mi", "x-custom",
	}
	var page strings.Builder
	for _, ctx := range []string{"", "<svg>", "<math>", "<math><annotation-xml encoding=text/html>"} {
		for _, e := range elems {
			// Some attributes left out, for the rules they hide.
			for _, skip := range []string{"", "type", "http-equiv name", "http-equiv property"} {
				page.WriteString(ctx + "<" + e)
				for _, name := range ruleNames[1:] {
					v, ok := values[name]
					if !ok {
						v = "u-" + name + ".html"
					}
					if !slices.Contains(strings.Fields(skip), name) {
						page.WriteString(" " + name + `="` + v + `"`)
					}
				}
				page.WriteString(`>{"url": "http://j.example/` + e + `"} see http://t.example/</` + e + ">\n")
			}
		}
		page.WriteString("</svg></math><p>\n")
	}
	links := func() string {
		var b strings.Builder
		for _, l := range collectLinks(t, []byte(page.String()), Options{Type: HTML}) {
			fmt.Fprintf(&b, "%+v\n", l)
		}
		return b.String()
	}
	got := links()
	keepRuleAttrs = true
	defer func() { keepRuleAttrs = false }()
	if want := links(); got != want {
		t.Errorf("links with ruleDrops differ from those with every rule attribute kept:\n%s", lineDiff(got, want))
	}
	if n := strings.Count(got, "\n"); n < 1000 {
		t.Errorf("%d links: the page no longer holds what the rules read", n)
	}
}

// lineDiff returns the first lines where got and want differ.
func lineDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range max(len(g), len(w)) {
		var a, b string
		if i < len(g) {
			a = g[i]
		}
		if i < len(w) {
			b = w[i]
		}
		if a != b {
			return fmt.Sprintf("line %d:\n got %s\nwant %s", i+1, a, b)
		}
	}
	return ""
}

// TestRuleAttr checks ruleAttr, which compares a name in words, against
// a byte by byte compare, on every name of ruleAttrs in random ASCII
// cases and with a byte replaced by one its case folding could confuse,
// read where bytes follow it in the page and at the page's end.
func TestRuleAttr(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	odd := []byte("AZaz@[`{-:\x0d\x1a\x00\x80\xc1\xe1 =")
	for range 20000 {
		name := []byte(ruleNames[1+r.Intn(len(ruleNames)-1)])
		for i := range name {
			if r.Intn(2) == 0 {
				name[i] = byte(unicode.ToUpper(rune(name[i])))
			}
		}
		if r.Intn(2) == 0 {
			name[r.Intn(len(name))] = odd[r.Intn(len(odd))]
		}
		want := 0
		for n, s := range ruleNames[1:] {
			if bytes.EqualFold(name, []byte(s)) && !bytes.ContainsFunc(name, func(c rune) bool { return c >= 0x80 }) {
				want = n + 1
			}
		}
		page := append(append([]byte(nil), name...), "=\"x\" more bytes after"...)
		if got := ruleAttr(page[:len(name)]); got != want {
			t.Fatalf("ruleAttr(%q) in a page = %d, want %d", name, got, want)
		}
		if got := ruleAttr(name[:len(name):len(name)]); got != want {
			t.Fatalf("ruleAttr(%q) at the end of a page = %d, want %d", name, got, want)
		}
	}
}
