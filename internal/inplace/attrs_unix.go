//go:build unix

package inplace

import (
	"errors"
	"io/fs"
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// keepMode is what of a file's mode "rewrite -i" keeps: the permissions
// and the setuid, setgid and sticky bits.
const keepMode = fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky

// keepAttrs gives tmp the owner, group, mode and extended attributes of
// the file at path (described by info), and checks that it got them, so
// that renamed over path it is the same file but for its content. An error
// means the system or the user's rights do not allow it (a user may not
// give a file away, and chmod drops the setgid bit of a group the user is
// not in, silently).
func keepAttrs(tmp *os.File, path string, info fs.FileInfo) error {
	want, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return errors.New("no owner information")
	}
	// In this order: chown clears the setuid and setgid bits, and
	// security.capability.
	if err := tmp.Chown(int(want.Uid), int(want.Gid)); err != nil {
		return err
	}
	if err := copyXattrs(tmp, path); err != nil {
		return err
	}
	if err := tmp.Chmod(info.Mode() & keepMode); err != nil {
		return err
	}
	got, err := tmp.Stat()
	if err != nil {
		return err
	}
	st, ok := got.Sys().(*syscall.Stat_t)
	if !ok || st.Uid != want.Uid || st.Gid != want.Gid || got.Mode()&keepMode != info.Mode()&keepMode {
		return errors.New("owner, group or mode not kept")
	}
	return nil
}

// linkCount returns the number of hard links of the file info describes.
func linkCount(info fs.FileInfo) uint64 {
	if st, ok := info.Sys().(*syscall.Stat_t); ok {
		return uint64(st.Nlink)
	}
	return 1
}

// writable reports whether the user may write the file at path. The
// superuser may write any file, but one that no one may write is read-only
// for it too, as editors have it.
func writable(path string, info fs.FileInfo) bool {
	if os.Geteuid() == 0 {
		return info.Mode()&0o222 != 0
	}
	return unix.Access(path, unix.W_OK) == nil
}

// syncDir makes the entries of the directory dir durable (after a rename
// or a new file in it). File systems that cannot sync a directory say so
// with EINVAL, and there is nothing more to do.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	if err := d.Sync(); err != nil && !errors.Is(err, unix.EINVAL) && !errors.Is(err, unix.ENOTSUP) {
		return err
	}
	return nil
}
