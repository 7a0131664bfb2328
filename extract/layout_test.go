package extract

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestInternalLeaves checks that the packages under extract/internal are
// leaves: none imports extract, the packages that use it, or another of
// them, but pdftext, which reads its pages with pdfobj. Test files count:
// a test that needs extract's API stays in extract.
func TestInternalLeaves(t *testing.T) {
	const module = "github.com/urix/urix/"
	allowed := map[string]string{"pdftext": "extract/internal/pdfobj"}
	dirs, err := os.ReadDir("internal")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		files, _ := filepath.Glob(filepath.Join("internal", d.Name(), "*.go"))
		for _, name := range files {
			f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range f.Imports {
				path, _ := strconv.Unquote(imp.Path.Value)
				rel, ours := strings.CutPrefix(path, module)
				if !ours || !strings.HasPrefix(rel, "extract") && rel != "internal/cli" && rel != "internal/pick" {
					continue // the standard library, x/..., uri, base, delimit, internal/ascii...
				}
				if allowed[d.Name()] != rel {
					t.Errorf("%s imports %s: a package of extract/internal imports neither extract nor another of them", name, path)
				}
			}
		}
	}
}
