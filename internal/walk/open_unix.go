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
	fd, err := openAt(f.dir, f.base, f.Path, flags)
	if err == nil {
		return fd, nil
	}
	if err == unix.ELOOP && f.noFollow {
		err = ErrSymlink
	}
	return -1, &fs.PathError{Op: "open", Path: f.Path, Err: err}
}

// openAt opens base in the directory dir holds, or path when dir is nil,
// again while the call is interrupted.
func openAt(dir *heldDir, base, path string, flags int) (int, error) {
	at, name := unix.AT_FDCWD, path
	if dir != nil {
		at, name = dir.fd, base
	}
	for {
		fd, err := unix.Openat(at, name, flags, 0)
		if err != unix.EINTR {
			return fd, err
		}
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
	fd, err := openAt(parent, base, name, flags)
	if err == nil {
		return os.NewFile(uintptr(fd), name), nil
	}
	if noFollow && (err == unix.ELOOP || err == unix.ENOTDIR && isSymlink(parent, base, name)) {
		err = ErrSymlink // ENOTDIR, as Linux says with O_DIRECTORY
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: err}
}

// isSymlink reports whether the file base of parent, or name when parent
// is nil, is a symbolic link.
func isSymlink(parent *heldDir, base, name string) bool {
	at := unix.AT_FDCWD
	if parent != nil {
		at, name = parent.fd, base
	}
	var st unix.Stat_t
	err := unix.Fstatat(at, name, &st, unix.AT_SYMLINK_NOFOLLOW)
	return err == nil && st.Mode&unix.S_IFMT == unix.S_IFLNK
}
