package walk

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// writeTree makes the files of tree (name: content) under dir.
func writeTree(t *testing.T, dir string, tree map[string]string) {
	t.Helper()
	for name, content := range tree {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o777); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o666); err != nil {
			t.Fatal(err)
		}
	}
}

// walkList returns the files Files with o yields under root, as
// slash-separated paths relative to base.
func walkList(t *testing.T, o Options, base, root string) []string {
	t.Helper()
	var got []string
	for name, err := range Files(root, o) {
		if err != nil {
			t.Errorf("walk: %s: %v", name, err)
			continue
		}
		rel, err := filepath.Rel(base, name)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, filepath.ToSlash(rel))
	}
	return got
}

// ignoreTree has .gitignore files at two levels, negations, anchored,
// directory-only and "**" patterns, .git/info/exclude, and hidden files.
var ignoreTree = map[string]string{
	".gitignore":         "# comment\n*.log\n!keep.log\nbuild/\n/top.txt\n**/deep/*.tmp\ndoc/*.txt\nlogs/\n!logs/keep.txt\n!important/\n",
	".git/info/exclude":  "excluded.txt\n",
	"a.txt":              "",
	"top.txt":            "",
	"x.log":              "",
	"keep.log":           "",
	"excluded.txt":       "",
	"build/b.txt":        "",
	"doc/a.txt":          "",
	"doc/sub/b.txt":      "",
	"logs/keep.txt":      "",
	"important/x.log":    "",
	"important/y.txt":    "",
	"deep/q.tmp":         "",
	".hidden/h.txt":      "",
	"sub/.h.txt":         "",
	"sub/.gitignore":     "!x.log\n*.md\n!README.md\nnested/\n",
	"sub/top.txt":        "",
	"sub/x.log":          "",
	"sub/y.md":           "",
	"sub/README.md":      "",
	"sub/nested/n.txt":   "",
	"sub/build/c.txt":    "",
	"sub/deep/z.tmp":     "",
	"sub/deep/ok.txt":    "",
	"sub/deeper/x/y.log": "",
}

// TestWalkIgnoreAsGit compares the files the walk keeps with those git
// lists as neither ignored nor excluded, in a repository made here: with
// --hidden all of them, without it those with no hidden element, and
// from a subdirectory (whose parents' rules apply) those under it.
func TestWalkIgnoreAsGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	dir := t.TempDir()
	git := exec.Command("git", "init", "-q", dir)
	// No user or system configuration (a global excludes file).
	git.Env = append(os.Environ(), "HOME="+dir, "XDG_CONFIG_HOME="+dir, "GIT_CONFIG_NOSYSTEM=1")
	if out, err := git.CombinedOutput(); err != nil {
		t.Fatalf("git init: %v\n%s", err, out)
	}
	writeTree(t, dir, ignoreTree)
	ls := exec.Command("git", "ls-files", "--others", "--exclude-standard", "--cached")
	ls.Dir, ls.Env = dir, git.Env
	out, err := ls.Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	want := strings.Fields(string(out))
	slices.Sort(want)

	check := func(what string, got, want []string) {
		t.Helper()
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("%s:\n got %q\nwant %q (git ls-files)", what, got, want)
		}
	}
	check("--hidden", walkList(t, Options{Hidden: true}, dir, dir), want)

	var visible, under []string
	for _, f := range want {
		if !strings.HasPrefix(f, ".") && !strings.Contains(f, "/.") {
			visible = append(visible, f)
			if strings.HasPrefix(f, "sub/") {
				under = append(under, f)
			}
		}
	}
	check("default", walkList(t, Options{}, dir, dir), visible)
	check("from sub", walkList(t, Options{}, dir, filepath.Join(dir, "sub")), under)

	all := walkList(t, Options{NoIgnore: true}, dir, dir)
	if !slices.Contains(all, "x.log") || !slices.Contains(all, "build/b.txt") || slices.Contains(all, "a.txt") == false {
		t.Errorf("--no-ignore: got %q, want the ignored files too", all)
	}
}

// TestWalkDotIgnore checks .ignore, which applies outside a repository,
// where .gitignore does not (as ripgrep has it).
func TestWalkDotIgnore(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		".ignore":      "*.bak\n",
		".gitignore":   "*.txt\n",
		"a.txt":        "",
		"a.bak":        "",
		"sub/.ignore":  "!keep.bak\n",
		"sub/keep.bak": "",
		"sub/b.bak":    "",
	})
	got := walkList(t, Options{}, dir, dir)
	if want := []string{"a.txt", "sub/keep.bak"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWalkGlobs(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"a.htm": "", "b.md": "", "c.txt": "",
		"docs/x/d.md": "", "docs/e.md": "",
		"email/spamassassin/f.txt": "", "email/other/g.txt": "",
		"spamassassin/h.txt": "",
	})
	tests := []struct {
		o    Options
		want []string
	}{
		{Options{Include: []string{"*.{htm,md}"}}, []string{"a.htm", "b.md", "docs/e.md", "docs/x/d.md"}},
		{Options{Include: []string{"docs/**/*.md"}}, []string{"docs/e.md", "docs/x/d.md"}},
		{Options{Exclude: []string{"**/*.md", "*.txt"}}, []string{"a.htm"}},
		{Options{ExcludeDir: []string{"email/spamassassin"}, Include: []string{"*.txt"}}, []string{"c.txt", "email/other/g.txt", "spamassassin/h.txt"}},
		{Options{ExcludeDir: []string{"spamassassin"}, Include: []string{"*.txt"}}, []string{"c.txt", "email/other/g.txt"}},
	}
	for _, tt := range tests {
		if got := walkList(t, tt.o, dir, dir); !slices.Equal(got, tt.want) {
			t.Errorf("%+v: got %q, want %q", tt.o, got, tt.want)
		}
	}
}

func TestWalkFollow(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a/b.txt": "", "c/d.txt": ""})
	for old, link := range map[string]string{"../c": "a/to-c", "..": "a/loop", "../c/d.txt": "a/e.txt"} {
		if err := os.Symlink(old, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links:", err)
		}
	}
	if got, want := walkList(t, Options{}, dir, dir), []string{"a/b.txt", "c/d.txt"}; !slices.Equal(got, want) {
		t.Errorf("without --follow: got %q, want %q", got, want)
	}
	var got, loops []string
	for name, err := range Files(dir, Options{Follow: true}) {
		if err != nil {
			loops = append(loops, filepath.Base(name)+": "+err.Error())
			continue
		}
		rel, _ := filepath.Rel(dir, name)
		got = append(got, filepath.ToSlash(rel))
	}
	if want := []string{"a/b.txt", "a/e.txt", "a/to-c/d.txt", "c/d.txt"}; !slices.Equal(got, want) {
		t.Errorf("--follow: got %q, want %q", got, want)
	}
	if len(loops) != 1 || !strings.HasPrefix(loops[0], "loop: file system loop") {
		t.Errorf("--follow: reports %q, want the loop", loops)
	}
}

// TestWalkStop checks that a loop over Files may stop at any file or
// error, and that the walk then stops: nothing is yielded after (which
// would panic in a range loop).
func TestWalkStop(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a.txt": "", "b/c.txt": "", "b/d.txt": "", "e.txt": ""})
	if err := os.Symlink("missing", filepath.Join(dir, "b", "broken")); err != nil {
		t.Skip("no symbolic links:", err)
	}
	all := walkList(t, Options{}, dir, dir)
	for n := 1; n <= len(all); n++ {
		var got []string
		for name := range Files(dir, Options{}) {
			got = append(got, name)
			if len(got) == n {
				break
			}
		}
		if len(got) != n {
			t.Errorf("stopped at %d: got %q", n, got)
		}
	}
	var got []string
	for name, err := range Files(dir, Options{Follow: true}) {
		got = append(got, filepath.Base(name))
		if err != nil {
			break
		}
	}
	if want := []string{"a.txt", "broken"}; !slices.Equal(got, want) {
		t.Errorf("stopped at the error: got %q, want %q", got, want)
	}

	// Two unreadable ignore files (directories) in a row in sub of a
	// repository: the walk is stopped at the first.
	dir = t.TempDir()
	writeTree(t, dir, map[string]string{".git/HEAD": "", "sub/.gitignore/x": "", "sub/.ignore/x": "", "sub/f.txt": ""})
	var errs []string
	for name, err := range Files(dir, Options{}) {
		if err != nil {
			errs = append(errs, filepath.Base(name))
			break
		}
	}
	if want := []string{".gitignore"}; !slices.Equal(errs, want) {
		t.Errorf("stopped at the first ignore file: got %q, want %q", errs, want)
	}
}

func TestCheckGlobs(t *testing.T) {
	if err := (Options{Include: []string{"*.{htm,md}"}, ExcludeDir: []string{"a/**/b/"}}).CheckGlobs(); err != nil {
		t.Errorf("good globs: %v", err)
	}
	err := Options{Include: []string{"*.md"}, Exclude: []string{"x[", "y["}}.CheckGlobs()
	var pe *PatternError
	if !errors.As(err, &pe) || pe.Pattern != "x[" || !errors.Is(err, doublestar.ErrBadPattern) {
		t.Errorf("bad glob: %v, want a *PatternError for \"x[\" wrapping doublestar.ErrBadPattern", err)
	}
}
