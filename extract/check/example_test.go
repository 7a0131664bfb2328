package check_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/check"
)

// A docs tree's links checked offline: each link extract finds, with its
// base, goes to Check.
func ExampleOffline_Check() {
	dir, _ := os.MkdirTemp("", "example")
	defer os.RemoveAll(dir)
	os.WriteFile(filepath.Join(dir, "guide.md"), []byte("# Guide\n\n## Installation\n"), 0o666)
	readme := filepath.Join(dir, "README.md")
	os.WriteFile(readme, []byte("[a](guide.md#installation) [b](guide.md#instalation) [c](nothere.md) [d](mailto:bob@example.org)\n"), 0o666)

	c := check.NewOffline(check.Options{RootDir: dir})
	defer c.Close()
	f, _ := os.Open(readme)
	defer f.Close()
	for l, err := range extract.Links(f, extract.Options{Name: readme}) {
		if err != nil {
			continue
		}
		r := c.Check(l)
		fmt.Println(strings.TrimSpace(fmt.Sprint(l.Ref, " ", r.Status, " ", r.Reason, " ", strings.Join(r.Near, " "))))
	}
	// Output:
	// guide.md#installation ok
	// guide.md#instalation broken no such fragment installation
	// nothere.md broken no such file
	// mailto:bob@example.org skipped syntax only
}

// The ids GitHub gives a Markdown file's headings, in order.
func ExampleSlugger() {
	var s check.Slugger
	for _, h := range []string{"Getting Started", "What's new in v2.0?", "Usage", "Usage"} {
		fmt.Println(s.Slug(h))
	}
	// Output:
	// getting-started
	// whats-new-in-v20
	// usage
	// usage-1
}

func ExampleAsciidocID() {
	fmt.Println(check.AsciidocID("What's new in v2.0?", "_", "_"))
	fmt.Println(check.AsciidocID("What's new in v2.0?", "", "-"))
	// Output:
	// _whats_new_in_v2_0
	// whats-new-in-v2-0
}

func ExampleRstID() {
	fmt.Println(check.RstID("What's new in v2.0?"))
	// Output:
	// what-s-new-in-v2-0
}
