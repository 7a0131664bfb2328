//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
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
	checkContent(t, target, pageIn)
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
	checkContent(t, target, pageOut)
	checkNoTemp(t, dir)
	checkNoTemp(t, sub)
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
	if n := linkCount(after); n != 2 {
		t.Errorf("p.html has %d links, want 2", n)
	}
	checkContent(t, h, pageOut)
	checkNoTemp(t, dir)
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
		checkContent(t, p, pageOut)
		checkNoTemp(t, dir)
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
	checkContent(t, p, pageIn)
	if status, errs := rewriteIn(t, "--force", p); status != exitOK {
		t.Fatalf("--force: status %d, stderr %q", status, errs)
	}
	checkContent(t, p, pageOut)
	if fi, _ := os.Stat(p); fi.Mode() != 0o444 {
		t.Errorf("--force: mode became %v, want -r--r--r--", fi.Mode())
	}
	checkNoTemp(t, dir)
}
