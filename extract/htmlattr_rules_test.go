package extract

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
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
