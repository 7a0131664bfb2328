//go:build unix

package cli

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/urix/urix/internal/testutil"
)

func TestInPlaceSymlink(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "real")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	target := writePage(t, sub, "p.html", 0o644)
	link := filepath.Join(dir, "l.html")
	if err := os.Symlink("real/p.html", link); err != nil {
		t.Fatal(err)
	}
	if status, errs := rewriteIn(t, "--no-follow", link); status != exitError || !strings.Contains(errs, "symbolic link") {
		t.Errorf("--no-follow on a link: status %d, stderr %q; want 2 and a message", status, errs)
	}
	testutil.CheckFile(t, target, pageIn)
	if status, errs := rewriteIn(t, link); status != exitOK {
		t.Fatalf("rewrite -i on a link: status %d, stderr %q", status, errs)
	}
	fi, err := os.Lstat(link)
	if err != nil || fi.Mode()&os.ModeSymlink == 0 {
		t.Errorf("l.html is no longer a symbolic link: %v %v", fi.Mode(), err)
	}
	if to, _ := os.Readlink(link); to != "real/p.html" {
		t.Errorf("l.html points to %q, want real/p.html", to)
	}
	testutil.CheckFile(t, target, pageOut)
	testutil.CheckNoTemp(t, dir)
	testutil.CheckNoTemp(t, sub)
}

func TestInPlaceHardLink(t *testing.T) {
	dir := t.TempDir()
	p := writePage(t, dir, "p.html", 0o644)
	h := filepath.Join(dir, "h.html")
	if err := os.Link(p, h); err != nil {
		t.Skipf("no hard links here: %v", err)
	}
	before, _ := os.Stat(p)
	if status, errs := rewriteIn(t, p); status != exitOK {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	after, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	hi, _ := os.Stat(h)
	if !os.SameFile(before, after) || !os.SameFile(after, hi) {
		t.Errorf("p.html is a new file, or no longer h.html")
	}
	if n := after.Sys().(*syscall.Stat_t).Nlink; n != 2 {
		t.Errorf("p.html has %d links, want 2", n)
	}
	testutil.CheckFile(t, h, pageOut)
	testutil.CheckNoTemp(t, dir)
}

// TestInPlaceMode checks the mode bits, setuid, setgid and sticky
// included, and the owner and group when the test runs as root.
func TestInPlaceMode(t *testing.T) {
	modes := []os.FileMode{0o640, 0o604, 0o755 | os.ModeSetuid, 0o640 | os.ModeSetgid, 0o644 | os.ModeSticky}
	for _, mode := range modes {
		dir := t.TempDir()
		p := writePage(t, dir, "p.html", mode)
		root := os.Geteuid() == 0
		if root {
			if err := os.Chown(p, 4242, 4343); err != nil {
				t.Fatal(err)
			}
			// chown clears setuid and setgid.
			if err := os.Chmod(p, mode); err != nil {
				t.Fatal(err)
			}
		}
		want, _ := os.Stat(p)
		if status, errs := rewriteIn(t, p); status != exitOK {
			t.Fatalf("mode %v: status %d, stderr %q", mode, status, errs)
		}
		got, err := os.Stat(p)
		if err != nil {
			t.Fatal(err)
		}
		if got.Mode() != want.Mode() {
			t.Errorf("mode %v: after rewrite -i %v", want.Mode(), got.Mode())
		}
		ws, gs := want.Sys().(*syscall.Stat_t), got.Sys().(*syscall.Stat_t)
		if ws.Uid != gs.Uid || ws.Gid != gs.Gid {
			t.Errorf("mode %v: owner %d:%d became %d:%d", mode, ws.Uid, ws.Gid, gs.Uid, gs.Gid)
		}
		testutil.CheckFile(t, p, pageOut)
		testutil.CheckNoTemp(t, dir)
	}
}

// TestInPlaceReadOnly checks that a file no one may write is refused,
// by the superuser too, unless --force.
func TestInPlaceReadOnly(t *testing.T) {
	dir := t.TempDir()
	p := writePage(t, dir, "p.html", 0o444)
	status, errs := rewriteIn(t, p)
	if status != exitError || !strings.Contains(errs, "read-only file (--force") {
		t.Errorf("0444 file: status %d, stderr %q; want 2 and \"read-only file\"", status, errs)
	}
	testutil.CheckFile(t, p, pageIn)
	if status, errs := rewriteIn(t, "--force", p); status != exitOK {
		t.Fatalf("--force: status %d, stderr %q", status, errs)
	}
	testutil.CheckFile(t, p, pageOut)
	if fi, _ := os.Stat(p); fi.Mode() != 0o444 {
		t.Errorf("--force: mode became %v, want -r--r--r--", fi.Mode())
	}
	testutil.CheckNoTemp(t, dir)
}

// TestInPlaceOtherOwner runs rewrite -i as a user who may write a file of
// another owner (through its group) but not give a new file that owner:
// the file is rewritten through its own inode, keeping owner and mode. A
// file that user may not write is refused, --force or not, and left as it
// was. It needs root, to make the files and run urix as nobody.
func TestInPlaceOtherOwner(t *testing.T) {
	if os.Geteuid() != 0 {
		t.Skip("needs root")
	}
	const nobody = 65534
	dir := t.TempDir()
	for _, d := range []string{filepath.Dir(dir), dir} {
		if err := os.Chmod(d, 0o777); err != nil {
			t.Fatal(err)
		}
	}
	bin := copyTestBinary(t, dir)
	shared := writePage(t, dir, "shared.html", 0o664)
	theirs := writePage(t, dir, "theirs.html", 0o644)
	for _, p := range []string{shared, theirs} {
		if err := os.Chown(p, 4242, nobody); err != nil {
			t.Fatal(err)
		}
	}
	before, _ := os.Stat(shared)
	urix := func(args ...string) (string, error) {
		cmd := exec.Command(bin, append([]string{"rewrite", "-i", "--absolute", "--base", "http://example.org/"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), runMainEnv+"=1")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: nobody, Gid: nobody}}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	if out, err := urix("shared.html"); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Skipf("cannot run the test binary as nobody here (a directory above %s closed, /tmp noexec?): %v", dir, err)
		}
		t.Fatalf("rewrite -i shared.html as nobody: %v\n%s", err, out)
	}
	after, err := os.Stat(shared)
	if err != nil {
		t.Fatal(err)
	}
	st := after.Sys().(*syscall.Stat_t)
	if !os.SameFile(before, after) || st.Uid != 4242 || st.Gid != nobody || after.Mode() != 0o664 {
		t.Errorf("shared.html after rewrite -i as nobody: same inode %v, owner %d:%d, mode %v; want the same file, 4242:%d, -rw-rw-r--",
			os.SameFile(before, after), st.Uid, st.Gid, after.Mode(), nobody)
	}
	testutil.CheckFile(t, shared, pageOut)
	for _, force := range []bool{false, true} {
		args := []string{"theirs.html"}
		if force {
			args = append([]string{"--force"}, args...)
		}
		out, err := urix(args...)
		if err == nil || !strings.Contains(out, "urix: rewrite theirs.html: ") {
			t.Errorf("rewrite -i %v as nobody: %v, %q; want an error", args, err, out)
		}
	}
	testutil.CheckFile(t, theirs, pageIn)
	testutil.CheckNoTemp(t, dir)
}

// copyTestBinary copies this test binary into dir, where another user
// than its owner may run it, and returns its name.
func copyTestBinary(t *testing.T, dir string) string {
	t.Helper()
	bin := filepath.Join(dir, "urix.test")
	exe, err := os.ReadFile(os.Args[0])
	if err == nil {
		err = os.WriteFile(bin, exe, 0o755)
	}
	if err != nil {
		t.Fatal(err)
	}
	return bin
}
