//go:build !unix

package inplace

import (
	"io/fs"
	"os"
)

// keepAttrs gives tmp the mode of the file info describes; there is no
// owner or extended attribute to keep here.
func keepAttrs(tmp *os.File, _ string, info fs.FileInfo) error {
	return tmp.Chmod(info.Mode().Perm())
}

// linkCount returns 1: hard links are not counted here.
func linkCount(fs.FileInfo) uint64 { return 1 }

// writable reports whether the file has its owner's write permission.
func writable(_ string, info fs.FileInfo) bool { return info.Mode()&0o200 != 0 }

// syncDir does nothing: directories cannot be synced here.
func syncDir(string) error { return nil }
