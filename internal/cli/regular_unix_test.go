//go:build unix

package cli

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
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
