// Package testutil holds the helpers that the tests of several packages
// share: files written and checked (internal/inplace and the command's
// rewrite -i), text encoded in a legacy charset (extract and its charset
// package). Only tests import it.
package testutil

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding"
)

// WriteFile writes content to dir/name with mode and returns its path.
func WriteFile(t testing.TB, dir, name, content string, mode os.FileMode) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(p, mode); err != nil {
		t.Fatal(err)
	}
	return p
}

// CheckFile fails unless the file at path holds want.
func CheckFile(t testing.TB, path, want string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if string(b) != want {
		t.Errorf("%s holds %q, want %q", filepath.Base(path), b, want)
	}
}

// CheckNoTemp fails if a temporary or backup file of an in-place
// replacement (".urix-" in its name) is left in dir.
func CheckNoTemp(t testing.TB, dir string) {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		if strings.Contains(e.Name(), ".urix-") {
			t.Errorf("%s left in the directory", e.Name())
		}
	}
}

// Encode returns s in the encoding enc, failing the test when enc lacks
// one of its characters.
func Encode(t testing.TB, enc encoding.Encoding, s string) []byte {
	t.Helper()
	b, err := enc.NewEncoder().Bytes([]byte(s))
	if err != nil {
		t.Fatalf("encoding %q: %v", s, err)
	}
	return b
}
