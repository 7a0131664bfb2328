//go:build linux || darwin || freebsd || netbsd

package cli

import (
	"errors"
	"testing"

	"golang.org/x/sys/unix"
)

func TestInPlaceXattr(t *testing.T) {
	dir := t.TempDir()
	p := writePage(t, dir, "p.html", 0o644)
	if err := unix.Setxattr(p, "user.urix.test", []byte("kept"), 0); err != nil {
		if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EPERM) {
			t.Skipf("no user extended attributes here: %v", err)
		}
		t.Fatal(err)
	}
	if status, errs := rewriteIn(t, p); status != exitOK {
		t.Fatalf("status %d, stderr %q", status, errs)
	}
	b := make([]byte, 64)
	n, err := unix.Getxattr(p, "user.urix.test", b)
	if err != nil || string(b[:n]) != "kept" {
		t.Errorf("user.urix.test after rewrite -i: %q, %v; want \"kept\"", b[:n], err)
	}
	checkContent(t, p, pageOut)
	checkNoTemp(t, dir)
}
