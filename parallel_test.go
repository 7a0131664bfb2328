package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestParallelSameOutput checks that the output, messages and status of
// a scan do not depend on -j: a tree of files with links repeated across
// them (--unique), a binary file, a file with a broken mail part, and a
// broken symbolic link (an error in the walk), under every option that
// decides across inputs.
func TestParallelSameOutput(t *testing.T) {
	dir := t.TempDir()
	tree := map[string]string{}
	for i := range 40 {
		name := fmt.Sprintf("d%d/f%02d.txt", i%3, i)
		var b strings.Builder
		for k := range i % 7 {
			fmt.Fprintf(&b, "see http://h%d.example/%d and https://same.example/\n", k, i%5)
		}
		tree[name] = b.String()
	}
	tree["d1/bin.dat"] = "http://binary.example/\x00"
	tree["d2/m.eml"] = "From: a@b\nContent-Type: multipart/mixed\n\nhttp://mail.example/\n"
	writeTree(t, dir, tree)
	if err := os.Symlink("missing", filepath.Join(dir, "d0", "broken")); err != nil {
		t.Skip(err)
	}
	for _, opts := range [][]string{
		{"-r"}, {"-r", "-u"}, {"-r", "-c"}, {"-r", "-c", "-u"}, {"-r", "-l"}, {"-r", "-l", "-u"},
		{"-r", "-m", "2"}, {"-r", "-m", "1", "-u"}, {"-r", "-q"}, {"-r", "--json", "-n"},
		{"-r", "-L"}, {"-r", "-L", "-q"},
	} {
		var want string
		for _, j := range []string{"1", "2", "4"} {
			args := append([]string{"urix", "-j", j}, opts...)
			args = append(args, dir, filepath.Join(dir, "d1", "f01.txt"), filepath.Join(dir, "missing.txt"))
			var out, errOut bytes.Buffer
			code := run(args, strings.NewReader(""), &out, &errOut)
			got := fmt.Sprintf("status %d\n%s--- stderr\n%s", code, out.String(), errOut.String())
			if j == "1" {
				want = got
			} else if got != want {
				t.Errorf("%q:\n%s\nwant (as -j1)\n%s", args, got, want)
			}
		}
	}
}
