//go:build unix

package walk

import (
	"errors"
	"io/fs"
	"os"

	"golang.org/x/sys/unix"
)

// canHold: Tree holds directories open for File.Open.
const canHold = true

// Open opens f for reading, with flags added to O_RDONLY|O_CLOEXEC, and
// returns its descriptor: a file listed in a directory the walk holds by
// its name in it (openat), else by its path. A file listed as a regular
// file is not followed, without Options.Follow, if it has become a
// symbolic link since (the error wraps ErrSymlink). Errors are
// *fs.PathError naming f.Path.
func (f File) Open(flags int) (int, error) {
	flags |= unix.O_RDONLY | unix.O_CLOEXEC
	if f.noFollow {
		flags |= unix.O_NOFOLLOW
	}
	for {
		var fd int
		var err error
		if f.dir != nil {
			fd, err = unix.Openat(f.dir.fd, f.base, flags, 0)
		} else {
			fd, err = unix.Open(f.Path, flags, 0)
		}
		switch {
		case err == nil:
			return fd, nil
		case err == unix.EINTR:
			continue
		case err == unix.ELOOP && f.noFollow:
			err = ErrSymlink
		}
		return -1, &fs.PathError{Op: "open", Path: f.Path, Err: err}
	}
}

// noFD reports whether err says the process, or the system, has no
// descriptor left.
func noFD(err error) bool { return errors.Is(err, unix.EMFILE) || errors.Is(err, unix.ENFILE) }

// heldMost returns the most directories a walk holds: maxHeld, or a
// quarter of the process's limit of open files when that is less.
func heldMost() int32 {
	var rl unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_NOFILE, &rl); err != nil {
		return maxHeld
	}
	return int32(min(maxHeld, rl.Cur/4))
}

// openDir opens the directory name to list it and hold it, as os.ReadDir
// opens one: os.Open would try it with the poller (three system calls
// more). A directory below the root is opened by its name base in the
// directory its parent holds, when held, and with noFollow (a directory
// listed as one, without Options.Follow) not through a symbolic link put
// in its place since (the error wraps ErrSymlink): that would take the
// walk out of the tree it was given.
func openDir(parent *heldDir, base, name string, noFollow bool) (*os.File, error) {
	flags := unix.O_RDONLY | unix.O_CLOEXEC | unix.O_DIRECTORY
	if noFollow {
		flags |= unix.O_NOFOLLOW
	}
	for {
		var fd int
		var err error
		if parent != nil {
			fd, err = unix.Openat(parent.fd, base, flags, 0)
		} else {
			fd, err = unix.Open(name, flags, 0)
		}
		switch {
		case err == nil:
			return os.NewFile(uintptr(fd), name), nil
		case err == unix.EINTR:
			continue
		case noFollow && (err == unix.ELOOP || err == unix.ENOTDIR && isSymlink(parent, base, name)):
			err = ErrSymlink // ENOTDIR, as Linux says with O_DIRECTORY
		}
		return nil, &fs.PathError{Op: "open", Path: name, Err: err}
	}
}

// isSymlink reports whether the file base of parent, or name when parent
// is nil, is a symbolic link.
func isSymlink(parent *heldDir, base, name string) bool {
	var st unix.Stat_t
	var err error
	if parent != nil {
		err = unix.Fstatat(parent.fd, base, &st, unix.AT_SYMLINK_NOFOLLOW)
	} else {
		err = unix.Lstat(name, &st)
	}
	return err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}
