//go:build !unix

package cli

import (
	"os"

	"github.com/urix/urix/internal/walk"
)

// regularFile reads a regular file (here, through an *os.File).
type regularFile struct {
	*os.File
	size int64
}

// open opens src into f when it is a regular file, and reports false
// when it is something else (a directory, a FIFO, a device), for the
// caller to open with os.Open. (listed, a file a directory listing gave
// as regular, changes nothing here: src is opened by its path.)
func (f *regularFile) open(src walk.File, listed bool) (bool, error) {
	name := src.Path
	fi, err := os.Stat(name)
	if err != nil || !fi.Mode().IsRegular() {
		return false, err
	}
	file, err := os.Open(name)
	if err != nil {
		return false, err
	}
	*f = regularFile{File: file, size: fi.Size()}
	return true, nil
}

func (f *regularFile) close() { f.File.Close() }
