package walk_test

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/urix/urix/internal/walk"
)

// The files of a tree as "rg --files" lists them: no hidden file, nothing
// a .ignore file excludes, a name given to -g (Include) kept.
func ExampleFiles() {
	dir, err := os.MkdirTemp("", "walk")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	for name, content := range map[string]string{
		".ignore": "*.log\n", "a.html": "", "b.log": "", ".hidden.html": "",
		"docs/c.md": "", "docs/d.html": "",
	} {
		p := filepath.Join(dir, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(content), 0o644)
	}
	wd, _ := os.Getwd()
	defer os.Chdir(wd)
	os.Chdir(dir)
	for name, err := range walk.Files(".", walk.Options{Include: []string{"*.html"}}) {
		if err != nil {
			fmt.Println("error:", err)
			continue
		}
		fmt.Println(name)
	}
	// Output:
	// ./a.html
	// ./docs/d.html
}
