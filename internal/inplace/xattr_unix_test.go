//go:build linux || darwin || freebsd || netbsd

package inplace

import (
	"errors"
	"testing"

	"github.com/urix/urix/internal/testutil"
	"golang.org/x/sys/unix"
)

func TestReplaceXattr(t *testing.T) {
	dir := t.TempDir()
	p := testutil.WriteFile(t, dir, "a.txt", "hello\n", 0o644)
	if err := unix.Setxattr(p, "user.urix.test", []byte("kept"), 0); err != nil {
		if errors.Is(err, unix.ENOTSUP) || errors.Is(err, unix.EPERM) {
			t.Skipf("no user extended attributes here: %v", err)
		}
		t.Fatal(err)
	}
	if err := Replace(p, Options{}, upper); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, 64)
	n, err := unix.Getxattr(p, "user.urix.test", b)
	if err != nil || string(b[:n]) != "kept" {
		t.Errorf("user.urix.test after Replace: %q, %v; want \"kept\"", b[:n], err)
	}
	testutil.CheckFile(t, p, "HELLO\n")
	testutil.CheckNoTemp(t, dir)
}
