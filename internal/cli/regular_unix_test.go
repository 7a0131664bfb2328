//go:build unix

package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/urix/urix/internal/walk"
)

// TestRegularFile checks what regularFile opens and how far it reads: a
// regular file up to its size at open, a file of /proc (size 0) to its
// end, and anything else left to os.Open.
func TestRegularFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(name, []byte("http://a.example/\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var f regularFile
	for _, listed := range []bool{false, true} {
		if err := os.WriteFile(name, []byte("http://a.example/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		ok, err := f.open(walk.File{Path: name}, listed)
		if !ok || err != nil {
			t.Fatalf("open(%s, %v) = %v, %v", name, listed, ok, err)
		}
		// What is written after the open is not read: a snapshot, as a map.
		if err := os.WriteFile(name, []byte("http://a.example/\nhttp://b.example/\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(&f)
		f.close()
		if err != nil || string(got) != "http://a.example/\n" {
			t.Errorf("listed %v: read %q, %v; want the 18 bytes of the open", listed, got, err)
		}
	}

	if _, err := os.Stat("/proc/self/status"); err == nil {
		ok, err := f.open(walk.File{Path: "/proc/self/status"}, true)
		if !ok || err != nil {
			t.Fatalf("open(/proc/self/status) = %v, %v", ok, err)
		}
		got, err := io.ReadAll(&f)
		f.close()
		if err != nil || len(got) == 0 {
			t.Errorf("/proc/self/status: read %d bytes, %v; want its text", len(got), err)
		}
	}

	fifo := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	// A FIFO with no writer: listed or not, open neither waits for one
	// nor keeps it open (the caller opens it with os.Open).
	fds, _ := os.ReadDir("/proc/self/fd")
	for _, listed := range []bool{false, true} {
		for _, n := range []string{dir, fifo} {
			if ok, err := f.open(walk.File{Path: n}, listed); ok || err != nil {
				t.Errorf("open(%s, %v) = %v, %v; want false, nil", n, listed, ok, err)
			}
		}
		_, err := f.open(walk.File{Path: filepath.Join(dir, "missing")}, listed)
		if _, want := os.Open(filepath.Join(dir, "missing")); !errors.Is(err, fs.ErrNotExist) || unwrapPath(err).Error() != unwrapPath(want).Error() {
			t.Errorf("open(missing, %v): %v; want %v", listed, err, want)
		}
	}
	if after, _ := os.ReadDir("/proc/self/fd"); len(after) != len(fds) {
		t.Errorf("%d descriptors open after, %d before", len(after), len(fds))
	}
}

// TestTreeFileBecomesSymlink changes a tree while -r scans it: once the
// directory is listed (as the first file is read), b.txt becomes a
// symbolic link to a file outside the tree, and d (listed, not yet
// entered) is removed. Without -L the link is skipped as the walk skips
// links, silently, as GNU grep -r does (before, it was followed); with
// -L it is read. The removed directory is an error that names it, and
// the scan goes on to the files after it. (-j1: with more, the other
// files may be read before the change; walk's TestTreeOpen opens files
// late.)
func TestTreeFileBecomesSymlink(t *testing.T) {
	for _, c := range []struct {
		args []string
		out  string
	}{
		{[]string{"-j1"}, "a.txt:http://a.example/\nz.txt:http://z.example/\n"},
		{[]string{"-j1", "-L"}, "a.txt:http://a.example/\nb.txt:http://secret.example/\nz.txt:http://z.example/\n"},
	} {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) {
			dir := t.TempDir()
			outside := t.TempDir()
			for name, content := range map[string]string{
				"a.txt": "http://a.example/", "b.txt": "http://b.example/",
				"d/c.txt": "http://c.example/", "z.txt": "http://z.example/",
			} {
				p := filepath.Join(dir, name)
				os.MkdirAll(filepath.Dir(p), 0o777)
				if err := os.WriteFile(p, []byte(content+"\n"), 0o666); err != nil {
					t.Fatal(err)
				}
			}
			secret := filepath.Join(outside, "secret.txt")
			if err := os.WriteFile(secret, []byte("http://secret.example/\n"), 0o666); err != nil {
				t.Fatal(err)
			}
			testHookInput = func(name string, r io.Reader) io.Reader {
				if name == "a.txt" {
					if err := os.Remove(filepath.Join(dir, "b.txt")); err != nil {
						t.Error(err)
					}
					if err := os.Symlink(secret, filepath.Join(dir, "b.txt")); err != nil {
						t.Error(err)
					}
					if err := os.RemoveAll(filepath.Join(dir, "d")); err != nil {
						t.Error(err)
					}
				}
				return r
			}
			t.Cleanup(func() { testHookInput = nil })
			t.Chdir(dir)
			var stdout, stderr strings.Builder
			args := append([]string{"urix", "-r", "--with-filename"}, c.args...)
			code := run(append(args, ""), nil, &stdout, &stderr)
			if stdout.String() != c.out {
				t.Errorf("stdout:\n%s\nwant:\n%s", stdout.String(), c.out)
			}
			if want := "urix: d: "; !strings.Contains(stderr.String(), want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Errorf("stderr %q: want one line with %q", stderr.String(), want)
			}
			if code == 0 {
				t.Errorf("exit status 0 with an error")
			}
		})
	}
}
