//go:build unix

package inplace

import (
	"errors"
	"os"
	"path/filepath"
	"syscall"
	"testing"

	"github.com/urix/urix/internal/testutil"
)

func TestReplaceSymlink(t *testing.T) {
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "real"), 0o755); err != nil {
		t.Fatal(err)
	}
	target := testutil.WriteFile(t, filepath.Join(dir, "real"), "a.txt", "hello\n", 0o644)
	link := filepath.Join(dir, "l.txt")
	if err := os.Symlink("real/a.txt", link); err != nil {
		t.Fatal(err)
	}
	if err := Replace(link, Options{NoFollow: true}, upper); !errors.Is(err, ErrSymlink) {
		t.Errorf("NoFollow: %v, want %v", err, ErrSymlink)
	}
	testutil.CheckFile(t, target, "hello\n")
	if err := Replace(link, Options{}, upper); err != nil {
		t.Fatal(err)
	}
	if to, err := os.Readlink(link); err != nil || to != "real/a.txt" {
		t.Errorf("l.txt after Replace: %q, %v; want a link to real/a.txt", to, err)
	}
	testutil.CheckFile(t, target, "HELLO\n")
	testutil.CheckNoTemp(t, dir)
	testutil.CheckNoTemp(t, filepath.Join(dir, "real"))
}

// TestReplaceHardLink checks that a file with two names stays one file:
// written through, not renamed over.
func TestReplaceHardLink(t *testing.T) {
	dir := t.TempDir()
	p := testutil.WriteFile(t, dir, "a.txt", "hello\n", 0o644)
	h := filepath.Join(dir, "h.txt")
	if err := os.Link(p, h); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	before, _ := os.Stat(p)
	if err := Replace(p, Options{}, upper); err != nil {
		t.Fatal(err)
	}
	after, err := os.Stat(h)
	if err != nil {
		t.Fatal(err)
	}
	if !os.SameFile(before, after) || after.Sys().(*syscall.Stat_t).Nlink != 2 {
		t.Errorf("a.txt and h.txt are no longer one file with two links")
	}
	testutil.CheckFile(t, h, "HELLO\n")
	testutil.CheckNoTemp(t, dir)
}

// TestReplaceMode checks the setuid, setgid and sticky bits, and the owner
// and group when the test runs as root (else the file's own).
func TestReplaceMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o755 | os.ModeSetuid, 0o640 | os.ModeSetgid, 0o644 | os.ModeSticky} {
		dir := t.TempDir()
		p := testutil.WriteFile(t, dir, "a.txt", "hello\n", mode)
		if os.Geteuid() == 0 {
			if err := os.Chown(p, 4242, 4343); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(p, mode); err != nil { // chown cleared setuid/setgid
				t.Fatal(err)
			}
		}
		before, _ := os.Stat(p)
		if err := Replace(p, Options{}, upper); err != nil {
			t.Fatal(err)
		}
		after, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		b, a := before.Sys().(*syscall.Stat_t), after.Sys().(*syscall.Stat_t)
		if after.Mode() != before.Mode() || a.Uid != b.Uid || a.Gid != b.Gid {
			t.Errorf("%v: after Replace %v %d:%d, want %v %d:%d", mode, after.Mode(), a.Uid, a.Gid, before.Mode(), b.Uid, b.Gid)
		}
		testutil.CheckFile(t, p, "HELLO\n")
		testutil.CheckNoTemp(t, dir)
	}
}
