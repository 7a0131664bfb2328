//go:build unix

package walk

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"syscall"
	"testing"
)

// readOpen opens f with File.Open and returns what it reads.
func readOpen(f File) (string, error) {
	fd, err := f.Open(syscall.O_NONBLOCK)
	if err != nil {
		return "", err
	}
	file := os.NewFile(uintptr(fd), f.Path)
	defer file.Close()
	b, err := io.ReadAll(file)
	return string(b), err
}

// openFDs counts the descriptors the process has open, or -1 where
// /proc/self/fd cannot tell.
func openFDs() int {
	if runtime.GOOS != "linux" {
		return -1
	}
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	return len(fds)
}

// TestTreeOpen walks trees with Tree, changes them between the listing of
// a directory and the opening of its files (before), and checks what
// each file's Open gives: its bytes ("=content"), or an error that names
// the file ("!" and what errors.Is finds). The walk must also go on past
// a file it could not open, and close every directory it held.
func TestTreeOpen(t *testing.T) {
	root := os.Geteuid() == 0
	for _, c := range []struct {
		name   string
		tree   map[string]string
		o      Options
		before func(t *testing.T, dir string) // at the file at yielded
		at     string                         // default: the first one
		want   map[string]string              // slash path: "=content" or "!error"
		walk   []string                       // what the walk has an error about
	}{{
		name: "plain",
		tree: map[string]string{"a.txt": "A", "d/b.txt": "B", "d/e/c.txt": "C"},
		want: map[string]string{"a.txt": "=A", "d/b.txt": "=B", "d/e/c.txt": "=C"},
	}, {
		name: "newline in name",
		tree: map[string]string{"a\nb.txt": "N", "x\ny/z.txt": "Z", "sp ace/q.txt": "Q"},
		want: map[string]string{"a\nb.txt": "=N", "sp ace/q.txt": "=Q", "x\ny/z.txt": "=Z"},
	}, {
		name: "replaced by a symlink",
		tree: map[string]string{"a.txt": "A", "b.txt": "B", "secret.txt": "S"},
		before: func(t *testing.T, dir string) {
			replaceBySymlink(t, filepath.Join(dir, "b.txt"), "secret.txt")
		},
		want: map[string]string{"a.txt": "=A", "b.txt": "!symlink", "secret.txt": "=S"},
	}, {
		name: "replaced by a symlink, followed",
		tree: map[string]string{"a.txt": "A", "b.txt": "B", "secret.txt": "S"},
		o:    Options{Follow: true},
		before: func(t *testing.T, dir string) {
			replaceBySymlink(t, filepath.Join(dir, "b.txt"), "secret.txt")
		},
		want: map[string]string{"a.txt": "=A", "b.txt": "=S", "secret.txt": "=S"},
	}, {
		name: "replaced by a directory",
		tree: map[string]string{"a.txt": "A", "b.txt": "B"},
		before: func(t *testing.T, dir string) {
			b := filepath.Join(dir, "b.txt")
			if err := os.Remove(b); err != nil {
				t.Fatal(err)
			}
			if err := os.Mkdir(b, 0o777); err != nil {
				t.Fatal(err)
			}
		},
		// Opened (as open(2) opens a directory to read), read fails.
		want: map[string]string{"a.txt": "=A", "b.txt": "!isdir"},
	}, {
		name: "directory removed before it is listed",
		tree: map[string]string{"a.txt": "A", "d/b.txt": "B", "d/c.txt": "C", "e/f.txt": "F"},
		before: func(t *testing.T, dir string) {
			if err := os.RemoveAll(filepath.Join(dir, "d")); err != nil {
				t.Fatal(err)
			}
		},
		want: map[string]string{"a.txt": "=A", "e/f.txt": "=F"},
		walk: []string{"d"},
	}, {
		name: "directory removed once listed",
		tree: map[string]string{"a.txt": "A", "d/b.txt": "B", "d/c.txt": "C", "e/f.txt": "F"},
		before: func(t *testing.T, dir string) {
			// d is listed (held), its files not opened.
			if err := os.RemoveAll(filepath.Join(dir, "d")); err != nil {
				t.Fatal(err)
			}
		},
		at:   "d/b.txt",
		want: map[string]string{"a.txt": "=A", "d/b.txt": "!notexist", "d/c.txt": "!notexist", "e/f.txt": "=F"},
	}, {
		name:   "permission denied",
		tree:   map[string]string{"a.txt": "A", "b.txt": "B", "c.txt": "C"},
		before: func(t *testing.T, dir string) { chmod(t, filepath.Join(dir, "b.txt"), 0) },
		want:   map[string]string{"a.txt": "=A", "b.txt": "!permission", "c.txt": "=C"},
	}} {
		t.Run(c.name, func(t *testing.T) {
			if root && strings.Contains(c.name, "permission") {
				t.Skip("root reads any file")
			}
			dir := t.TempDir()
			writeTree(t, dir, c.tree)
			fds := openFDs()
			got := map[string]string{}
			var files []File
			var walkErrs []string
			rel := func(f File) string {
				return filepath.ToSlash(strings.TrimPrefix(f.Path, dir+string(filepath.Separator)))
			}
			for f, err := range Tree(dir, c.o) {
				if err != nil {
					walkErrs = append(walkErrs, rel(f))
					errorKind(t, f.Path, err)
					continue
				}
				// Opened after the walk, as a parallel scan far behind
				// it opens them.
				files = append(files, f)
				if c.before != nil && (c.at == "" || c.at == rel(f)) {
					c.before(t, dir)
					c.before = nil
				}
			}
			if !slices.Equal(walkErrs, c.walk) {
				t.Errorf("walk errors about %q, want %q", walkErrs, c.walk)
			}
			for _, f := range files {
				rel := rel(f)
				content, err := readOpen(f)
				f.Done()
				got[rel] = "=" + content
				if err != nil {
					got[rel] = "!" + errorKind(t, f.Path, err)
				}
			}
			if !equalMaps(got, c.want) {
				t.Errorf("got  %q\nwant %q", got, c.want)
			}
			if n := openFDs(); n != fds {
				t.Errorf("%d descriptors open after the walk, %d before", n, fds)
			}
		})
	}
}

// errorKind names the error of opening or reading the file path as the
// cases of TestTreeOpen do, and checks it names path.
func errorKind(t *testing.T, path string, err error) string {
	t.Helper()
	var pe *fs.PathError
	if !errors.As(err, &pe) || pe.Path != path {
		t.Errorf("error %v does not name %q", err, path)
	}
	switch {
	case errors.Is(err, ErrSymlink):
		return "symlink"
	case errors.Is(err, fs.ErrNotExist):
		return "notexist"
	case errors.Is(err, fs.ErrPermission):
		return "permission"
	case errors.Is(err, syscall.EISDIR):
		return "isdir"
	}
	return err.Error()
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// replaceBySymlink makes name a symbolic link to target.
func replaceBySymlink(t *testing.T, name, target string) {
	t.Helper()
	if err := os.Remove(name); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(target, name); err != nil {
		t.Fatal(err)
	}
}

// chmod sets the mode of name, and puts it back at the end of the test
// (so that t.TempDir can remove it).
func chmod(t *testing.T, name string, mode os.FileMode) {
	t.Helper()
	if err := os.Chmod(name, mode); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(name, 0o777) })
}

// TestTreeDeep walks a tree deeper than maxHeld, a file at each level,
// opening each file as it comes (as a sequential scan does) and, in
// another walk, only after the walk (as a parallel scan far behind
// does): every file opens, and the directories held stay within maxHeld
// plus the few a process has open, and are all closed at the end.
func TestTreeDeep(t *testing.T) {
	const depth = 3 * maxHeld
	dir := t.TempDir()
	p := dir
	for i := range depth {
		p = filepath.Join(p, "d")
		if i == depth-1 {
			break
		}
	}
	if err := os.MkdirAll(p, 0o777); err != nil {
		t.Fatal(err)
	}
	for q := p; len(q) > len(dir); q = filepath.Dir(q) {
		if err := os.WriteFile(filepath.Join(q, "f"), []byte("x"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	for _, late := range []bool{false, true} {
		fds := openFDs()
		most, n := 0, 0
		var files []File
		for f, err := range Tree(dir, Options{}) {
			if err != nil {
				t.Fatalf("walk: %s: %v", f.Path, err)
			}
			most = max(most, openFDs())
			if late {
				files = append(files, f)
				continue
			}
			if _, err := readOpen(f); err != nil {
				t.Errorf("%v", err)
			}
			f.Done()
			n++
		}
		for _, f := range files {
			if _, err := readOpen(f); err != nil {
				t.Errorf("%v", err)
			}
			f.Done()
			n++
		}
		if n != depth {
			t.Errorf("late %v: %d files opened, want %d", late, n, depth)
		}
		if fds >= 0 && most > fds+maxHeld+2 {
			t.Errorf("late %v: %d descriptors open at most, %d before (maxHeld %d)", late, most, fds, maxHeld)
		}
		if n := openFDs(); n != fds {
			t.Errorf("late %v: %d descriptors open after the walk, %d before", late, n, fds)
		}
	}
}

// TestTreeStop stops a walk early: the directories it held are closed once
// the files it yielded are done.
func TestTreeStop(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{"a/1": "", "a/2": "", "a/b/3": "", "a/b/4": ""})
	fds := openFDs()
	var files []File
	for f, err := range Tree(dir, Options{}) {
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
		if len(files) == 3 {
			break
		}
	}
	for _, f := range files {
		f.Done()
	}
	if n := openFDs(); n != fds {
		t.Errorf("%d descriptors open after the walk, %d before", n, fds)
	}
}

// BenchmarkOpen opens and closes each file of benchTree as Tree yields
// it: by its name in the directory held ("held"), or by its path, as
// before Tree held directories ("path").
func BenchmarkOpen(b *testing.B) {
	if _, err := os.Stat(benchTree); err != nil {
		b.Skip("no corpus:", err)
	}
	for _, held := range []bool{true, false} {
		b.Run(map[bool]string{true: "held", false: "path"}[held], func(b *testing.B) {
			for b.Loop() {
				for f, err := range Tree(benchTree, Options{}) {
					if err != nil {
						b.Fatal(err)
					}
					g := f
					if !held {
						g.dir = nil
					}
					fd, err := g.Open(0)
					if err != nil {
						b.Fatal(err)
					}
					syscall.Close(fd)
					f.Done()
				}
			}
		})
	}
}

// TestTreeLowLimit walks a tree deeper than the process's limit of open
// files (ulimit -n 40 and the like), opening each file as it comes: the
// walk must hold fewer directories than the limit allows, not fail with
// "too many open files" where os.ReadDir, which holds none, did not.
func TestTreeLowLimit(t *testing.T) {
	fds := openFDs()
	if fds < 0 {
		t.Skip("no /proc/self/fd")
	}
	const depth = 100
	dir := t.TempDir()
	p := dir
	for range depth {
		p = filepath.Join(p, "d")
	}
	if err := os.MkdirAll(p, 0o777); err != nil {
		t.Fatal(err)
	}
	for q := p; len(q) > len(dir); q = filepath.Dir(q) {
		if err := os.WriteFile(filepath.Join(q, "f"), []byte("x"), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	var old syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_NOFILE, &old); err != nil {
		t.Skip(err)
	}
	low := old
	setLimit(&low.Cur, fds+40)
	if err := syscall.Setrlimit(syscall.RLIMIT_NOFILE, &low); err != nil {
		t.Skip(err)
	}
	defer syscall.Setrlimit(syscall.RLIMIT_NOFILE, &old)
	n := 0
	for f, err := range Tree(dir, Options{}) {
		if err != nil {
			t.Fatalf("walk: %s: %v", f.Path, err)
		}
		if _, err := readOpen(f); err != nil {
			t.Errorf("%v", err)
		}
		f.Done()
		n++
	}
	if n != depth {
		t.Errorf("%d files opened, want %d", n, depth)
	}
}

// TestTreeDirBecomesSymlink replaces a directory the walk listed as one
// with a symbolic link to a directory outside the tree, before the walk
// enters it: without Follow, the walk must not list the directory the
// link leads to (the tree the user named holds no link it may follow),
// and skips it silently, as it skips a file that became a link; with
// Follow, it goes through the link, as it would have.
func TestTreeDirBecomesSymlink(t *testing.T) {
	for _, follow := range []bool{false, true} {
		top := t.TempDir()
		tree, outside := filepath.Join(top, "tree"), filepath.Join(top, "outside")
		writeTree(t, tree, map[string]string{"a": "a", "sub/b": "b", "sub/deep/c": "c"})
		writeTree(t, outside, map[string]string{"secret": "s"})
		fds := openFDs()
		var got []string
		for f, err := range Tree(tree, Options{Follow: follow}) {
			if err != nil {
				t.Errorf("follow %v: %s: %v", follow, f.Path, err)
				continue
			}
			rel, _ := filepath.Rel(tree, f.Path)
			got = append(got, filepath.ToSlash(rel))
			if rel == "a" {
				sub := filepath.Join(tree, "sub")
				if err := os.RemoveAll(sub); err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(outside, sub); err != nil {
					t.Fatal(err)
				}
			}
			f.Done()
		}
		want := []string{"a"}
		if follow {
			want = []string{"a", "sub/secret"}
		}
		if !slices.Equal(got, want) {
			t.Errorf("follow %v: walked %q, want %q", follow, got, want)
		}
		if n := openFDs(); fds >= 0 && n != fds {
			t.Errorf("follow %v: %d descriptors open after the walk, %d before", follow, n, fds)
		}
	}
}

// setLimit sets an rlimit field, uint64 on Linux and int64 on the BSDs.
func setLimit[T int64 | uint64](p *T, n int) { *p = T(n) }
