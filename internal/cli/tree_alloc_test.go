package cli

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"
)

// TestTreeAllocsPerFile bounds the allocations a file of a tree costs
// "urix -r -c" beyond its content, the difference between trees of 100
// and 200 small files of one link each: the walk's entry and name, the
// open, the type sniff, the entry into extract (its options, source and
// iterator in one allocation), the scanner of text and the count. A
// count that grows back is a cost every file of a mail tree pays.
func TestTreeAllocsPerFile(t *testing.T) {
	dir := t.TempDir()
	tree := func(name string, n int) string {
		root := filepath.Join(dir, name)
		if err := os.Mkdir(root, 0o755); err != nil {
			t.Fatal(err)
		}
		for i := range n {
			if err := os.WriteFile(filepath.Join(root, strconv.Itoa(i)), []byte("see http://a.example/"+strconv.Itoa(i)+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return root
	}
	allocs := func(root string) float64 {
		return testing.AllocsPerRun(3, func() {
			run([]string{"urix", "-c", "-j1", "-r", root}, nil, io.Discard, io.Discard)
		})
	}
	small, big := allocs(tree("a", 100)), allocs(tree("b", 200))
	perFile := (big - small) / 100
	t.Logf("%.1f allocations a file", perFile)
	if perFile > 16 {
		t.Errorf("%.1f allocations a file of a tree; want at most 16", perFile)
	}
}
