package cli

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleMarker precedes a Go block of README.md that is the body of an
// Example function: "<!-- example: extract/example_test.go ExampleLinks -->".
var exampleMarker = regexp.MustCompile(`^<!-- example: (\S+) (Example\w*) -->$`)

// TestReadmeLibrary checks that each Go block of README.md marked as an
// Example's is that Example's body, unindented, with its Output comment:
// the code the README shows is code that go test runs and checks, and the
// two cannot drift. It also checks that the Library section has the three
// the README promises.
func TestReadmeLibrary(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join(repoRoot, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(readme), "\n")
	found := 0
	for i, line := range lines {
		m := exampleMarker.FindStringSubmatch(line)
		if m == nil {
			continue
		}
		found++
		if i+1 >= len(lines) || lines[i+1] != "```go" {
			t.Errorf("README.md:%d: no ```go block right after the marker", i+1)
			continue
		}
		var block strings.Builder
		for _, l := range lines[i+2:] {
			if l == "```" {
				break
			}
			block.WriteString(l + "\n")
		}
		want, err := exampleBody(filepath.Join(repoRoot, m[1]), m[2])
		if err != nil {
			t.Errorf("README.md:%d: %v", i+1, err)
			continue
		}
		if block.String() != want {
			t.Errorf("README.md:%d: the block is not the body of %s in %s; it should read:\n%s", i+1, m[2], m[1], want)
		}
	}
	if found < 3 {
		t.Errorf("README.md: %d blocks marked as Examples, want the Library section's 3", found)
	}
}

// exampleBody returns the body of the function name in the Go file path,
// each line unindented by a tab, as README.md shows it.
func exampleBody(path, name string) (string, error) {
	src, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.ParseComments)
	if err != nil {
		return "", err
	}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok || fn.Name.Name != name || fn.Recv != nil {
			continue
		}
		body := string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		body = strings.TrimPrefix(body, "\n")
		var b strings.Builder
		for _, l := range strings.SplitAfter(body, "\n") {
			b.WriteString(strings.TrimPrefix(l, "\t"))
		}
		return b.String(), nil
	}
	return "", os.ErrNotExist
}
