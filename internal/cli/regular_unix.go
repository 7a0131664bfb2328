//go:build unix

package cli

import (
	"io"
	"io/fs"
	"syscall"

	"github.com/urix/urix/internal/walk"
)

// regularFile reads a regular file through its descriptor. os.Open tries
// every file with the poller, which costs a regular file four fcntl calls
// and an epoll_ctl that fails: with the fstat, read and close, the
// SpamAssassin tree spent more on them than on its messages. It reads the
// file up to the size it had when it was opened, as a memory map of it
// would (so a small file takes one read, not a second one for its end,
// nor a third as bufio.Reader passes io.EOF on once); a file that says
// it has no bytes, as those of /proc do, is read to its end.
type regularFile struct {
	fd   int
	name string
	size int64
	read int64 // bytes read
	eof  bool
}

// open opens src into f when it is a regular file, and reports false
// when it is something else (a directory, a FIFO, a device), for the
// caller to open with os.Open, with the poller for the reads that may
// wait. (Opening first and asking after would leave the caller a FIFO to
// set up as os.Open does, or to close on its writer.) A file made a FIFO
// between the two is read without the poller, all the same.
//
// A file a directory listing gave as regular (listed) is opened first
// and asked after, with fstat, which has no path to look up: the path
// lookup of a stat by name cost the SpamAssassin tree more than its
// open. It is opened by its name in its directory (walk.File.Open), not to
// wait (a FIFO put in its place since) and not to become a terminal's
// controlling one; what is then no regular file is closed and left to the
// caller as above.
func (f *regularFile) open(src walk.File, listed bool) (bool, error) {
	if listed {
		return f.openListed(src)
	}
	name := src.Path
	var st syscall.Stat_t
	if _, err := ignoringEINTR(func() (int, error) { return 0, syscall.Stat(name, &st) }); err != nil {
		return false, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		return false, nil
	}
	fd, err := ignoringEINTR(func() (int, error) { return syscall.Open(name, syscall.O_RDONLY|syscall.O_CLOEXEC, 0) })
	if err != nil {
		return false, &fs.PathError{Op: "open", Path: name, Err: err}
	}
	*f = regularFile{fd: fd, name: name, size: st.Size}
	return true, nil
}

// openListed is open for a file listed as regular.
func (f *regularFile) openListed(src walk.File) (bool, error) {
	name := src.Path
	fd, err := src.Open(syscall.O_NOCTTY | syscall.O_NONBLOCK)
	if err != nil {
		return false, err
	}
	var st syscall.Stat_t
	if _, err := ignoringEINTR(func() (int, error) { return 0, syscall.Fstat(fd, &st) }); err != nil {
		syscall.Close(fd)
		return false, &fs.PathError{Op: "stat", Path: name, Err: err}
	}
	if st.Mode&syscall.S_IFMT != syscall.S_IFREG {
		syscall.Close(fd)
		return false, nil
	}
	*f = regularFile{fd: fd, name: name, size: st.Size}
	return true, nil
}

func (f *regularFile) Read(b []byte) (int, error) {
	if f.eof || f.size > 0 && f.read >= f.size {
		return 0, io.EOF
	}
	if f.size > 0 {
		b = b[:min(int64(len(b)), f.size-f.read)]
	}
	if len(b) == 0 {
		return 0, nil
	}
	n, err := ignoringEINTR(func() (int, error) { return syscall.Read(f.fd, b) })
	switch {
	case err != nil:
		return 0, &fs.PathError{Op: "read", Path: f.name, Err: err}
	case n == 0:
		f.eof = true
		return 0, io.EOF
	}
	f.read += int64(n)
	return n, nil
}

func (f *regularFile) close() { syscall.Close(f.fd) }

// ignoringEINTR calls fn until it fails with another error than EINTR.
func ignoringEINTR(fn func() (int, error)) (int, error) {
	for {
		n, err := fn()
		if err != syscall.EINTR {
			return n, err
		}
	}
}
