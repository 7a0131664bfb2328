package inplace

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/urix/urix/internal/testutil"
)

// upper is a write function for Replace: the old content in upper case.
func upper(w io.Writer, r io.Reader) error {
	b, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	_, err = w.Write(bytes.ToUpper(b))
	return err
}

func TestReplace(t *testing.T) {
	dir := t.TempDir()
	p := testutil.WriteFile(t, dir, "a.txt", "hello\n", 0o640)
	if err := Replace(p, Options{}, upper); err != nil {
		t.Fatal(err)
	}
	testutil.CheckFile(t, p, "HELLO\n")
	if fi, err := os.Stat(p); err != nil || fi.Mode() != 0o640 {
		t.Errorf("mode after Replace: %v, %v; want -rw-r-----", fi.Mode(), err)
	}
	testutil.CheckNoTemp(t, dir)
}

// TestReplaceFails checks that the file stays as it was, and no temporary
// file is left, when Replace fails or is interrupted, and that the errors
// say why.
func TestReplaceFails(t *testing.T) {
	errWrite := errors.New("write failed")
	errStop := errors.New("stopped")
	const old = "hello\n"
	tests := []struct {
		name  string
		o     Options
		write func(t *testing.T, path string) func(io.Writer, io.Reader) error
		want  error
		after string // the file's content after, if not old
	}{
		{"write error", Options{}, func(*testing.T, string) func(io.Writer, io.Reader) error {
			return func(w io.Writer, _ io.Reader) error {
				io.WriteString(w, "partial")
				return errWrite
			}
		}, errWrite, ""},
		{"interrupted while read", Options{Interrupted: func() error { return errStop }}, func(*testing.T, string) func(io.Writer, io.Reader) error {
			return upper
		}, errStop, ""},
		{"changed meanwhile", Options{}, func(t *testing.T, path string) func(io.Writer, io.Reader) error {
			return func(w io.Writer, r io.Reader) error {
				f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND, 0)
				if err != nil {
					t.Fatal(err)
				}
				f.WriteString("more\n")
				f.Close()
				return upper(w, r)
			}
		}, ErrChanged, old + "more\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := testutil.WriteFile(t, dir, "a.txt", old, 0o644)
			if err := Replace(p, tt.o, tt.write(t, p)); !errors.Is(err, tt.want) {
				t.Errorf("Replace: %v, want %v", err, tt.want)
			}
			want := tt.after
			if want == "" {
				want = old
			}
			testutil.CheckFile(t, p, want)
			testutil.CheckNoTemp(t, dir)
		})
	}
}

// TestReplaceInterruptedLate checks an interruption that comes after the
// new content is written, before it is put in place.
func TestReplaceInterruptedLate(t *testing.T) {
	dir := t.TempDir()
	p := testutil.WriteFile(t, dir, "a.txt", "hello\n", 0o644)
	errStop := errors.New("stopped")
	written := false
	o := Options{Interrupted: func() error {
		if written {
			return errStop
		}
		return nil
	}}
	err := Replace(p, o, func(w io.Writer, r io.Reader) error {
		written = true
		return upper(w, r)
	})
	if !errors.Is(err, errStop) {
		t.Errorf("Replace: %v, want %v", err, errStop)
	}
	testutil.CheckFile(t, p, "hello\n")
	testutil.CheckNoTemp(t, dir)
}

func TestReplaceRefuses(t *testing.T) {
	dir := t.TempDir()
	if err := Replace(dir, Options{}, upper); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v, want %v", err, ErrNotRegular)
	}
	if err := Replace(filepath.Join(dir, "missing"), Options{}, upper); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a missing file: %v, want %v", err, os.ErrNotExist)
	}
	p := testutil.WriteFile(t, dir, "ro.txt", "hello\n", 0o444)
	if err := Replace(p, Options{}, upper); !errors.Is(err, ErrReadOnly) {
		t.Errorf("a read-only file: %v, want %v", err, ErrReadOnly)
	}
	testutil.CheckFile(t, p, "hello\n")
	if err := Replace(p, Options{Force: true}, upper); err != nil {
		t.Errorf("a read-only file with Force: %v", err)
	}
	testutil.CheckFile(t, p, "HELLO\n")
	if fi, err := os.Stat(p); err != nil || fi.Mode().Perm() != 0o444 {
		t.Errorf("mode after Replace with Force: %v, %v; want -r--r--r--", fi.Mode(), err)
	}
	testutil.CheckNoTemp(t, dir)
}
