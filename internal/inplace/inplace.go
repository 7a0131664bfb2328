// Package inplace replaces the content of a file and keeps everything
// else the file is, as a careful editor does: a symbolic link is followed
// and its target written (or refused), and the file keeps its inode's
// hard links, owner, group, mode and extended attributes. The new content
// is written to a temporary file in the file's directory first; on any
// error, or an interruption before the new content is in place, the file
// stays as it was and no temporary file is left.
package inplace

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// The errors of Replace about the file itself.
var (
	ErrSymlink    = errors.New("is a symbolic link")
	ErrNotRegular = errors.New("not a regular file")
	ErrReadOnly   = errors.New("read-only file")
	ErrChanged    = errors.New("changed while it was rewritten: left as it is now")
)

// Options say how Replace treats a file.
type Options struct {
	NoFollow bool // a symbolic link is refused (ErrSymlink), not followed
	Force    bool // a file the user may not write is written all the same (else ErrReadOnly)

	// Interrupted, if not nil, is asked while the old content is read and
	// before the new one is put in place: the error it returns, if any,
	// stops Replace with the file as it was.
	Interrupted func() error
}

// Replace replaces the content of the file name by what write writes to
// w, given the old content in r. Renaming the new file over the old one is
// atomic, but it makes a new inode: it is done only when that inode can be
// the same file again (one link; owner, group, mode and extended
// attributes given to it and checked). Otherwise the new content is
// written through the old inode, after a backup copy (see overwrite). An
// error from write is returned as it is.
func Replace(name string, o Options, write func(w io.Writer, r io.Reader) error) error {
	path, info, err := o.target(name)
	if err != nil {
		return err
	}
	tmp, err := o.writeTemp(path, write)
	if err != nil {
		return err
	}
	defer func() {
		tmp.Close()           // already closed after a rename
		os.Remove(tmp.Name()) // gone after a rename
	}()
	if err := o.interrupted(); err != nil {
		return err
	}
	if now, err := os.Stat(path); err != nil || !os.SameFile(now, info) || !now.ModTime().Equal(info.ModTime()) || now.Size() != info.Size() {
		return ErrChanged
	}
	if linkCount(info) == 1 && keepAttrs(tmp, path, info) == nil {
		return replace(tmp, path)
	}
	return overwrite(path, tmp)
}

// target returns the path of the file Replace writes for name, after
// symbolic links, with its information, or why it must not be written.
func (o Options) target(name string) (string, fs.FileInfo, error) {
	li, err := os.Lstat(name)
	if err != nil {
		return "", nil, err
	}
	path := name
	if li.Mode()&fs.ModeSymlink != 0 {
		if o.NoFollow {
			return "", nil, ErrSymlink
		}
		if path, err = filepath.EvalSymlinks(name); err != nil {
			return "", nil, err
		}
	}
	info, err := os.Stat(path)
	switch {
	case err != nil:
		return "", nil, err
	case !info.Mode().IsRegular():
		return "", nil, ErrNotRegular
	case !o.Force && !writable(path, info):
		return "", nil, ErrReadOnly
	}
	return path, info, nil
}

// writeTemp writes the new content of the file at path to a new
// temporary file ".NAME.urix-*" beside it, readable by the user only for
// now. An interruption stops the reading.
func (o Options) writeTemp(path string, write func(io.Writer, io.Reader) error) (_ *os.File, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".urix-*")
	if err != nil {
		return nil, fmt.Errorf("cannot create a temporary file in %s: %w", dir, withoutPath(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	var r io.Reader = f
	if o.Interrupted != nil {
		r = interruptible{f, o.Interrupted}
	}
	err = write(bw, r)
	if ierr := o.interrupted(); ierr != nil {
		return nil, ierr
	}
	if err != nil {
		return nil, err
	}
	if err = bw.Flush(); err != nil {
		return nil, err
	}
	return tmp, nil
}

// withoutPath drops the path from an *fs.PathError: the message names the
// directory.
func withoutPath(err error) error {
	if pe, ok := errors.AsType[*fs.PathError](err); ok {
		return pe.Err
	}
	return err
}

// replace renames tmp over path after syncing it, then syncs the
// directory, so that after a crash path is either file, whole.
func replace(tmp *os.File, path string) error {
	if err := tmp.Sync(); err != nil {
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return err
	}
	return syncDir(filepath.Dir(path))
}

// overwrite writes the content of tmp through the file at path, whose
// inode stays with its hard links, owner, mode and attributes. That is not
// atomic, so a backup copy of the file is written and synced first: a
// failure on the way (a full disk) puts the old content back from it, and
// if even that fails the backup stays and the error names it.
func overwrite(path string, tmp *os.File) error {
	dst, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer dst.Close()
	backup, err := writeBackup(dst, path)
	if err != nil {
		return err
	}
	defer backup.Close()
	if err := copyOver(dst, tmp); err != nil {
		if rerr := copyOver(dst, backup); rerr != nil {
			return fmt.Errorf("%w; restoring the file failed too (%v): its old content is in %s", err, rerr, backup.Name())
		}
		os.Remove(backup.Name())
		return err
	}
	if err := dst.Close(); err != nil {
		return err
	}
	return os.Remove(backup.Name())
}

// writeBackup copies the content of f (the file at path) to a new file
// ".NAME.urix-backup-*" beside it, synced with its directory entry.
func writeBackup(f *os.File, path string) (*os.File, error) {
	dir := filepath.Dir(path)
	b, err := os.CreateTemp(dir, "."+filepath.Base(path)+".urix-backup-*")
	if err != nil {
		return nil, fmt.Errorf("cannot create a backup file in %s: %w", dir, withoutPath(err))
	}
	_, err = io.Copy(b, io.NewSectionReader(f, 0, 1<<62))
	if err == nil {
		err = b.Sync()
	}
	if err == nil {
		err = syncDir(dir)
	}
	if err != nil {
		b.Close()
		os.Remove(b.Name())
		return nil, fmt.Errorf("backup copy: %w", err)
	}
	return b, nil
}

// copyOver makes the content of dst that of src, from the start, and
// syncs it.
func copyOver(dst, src *os.File) error {
	if _, err := dst.Seek(0, io.SeekStart); err != nil {
		return err
	}
	n, err := io.Copy(dst, io.NewSectionReader(src, 0, 1<<62))
	if err != nil {
		return err
	}
	if err := dst.Truncate(n); err != nil {
		return err
	}
	return dst.Sync()
}

// interrupted returns the error of o.Interrupted, if any.
func (o Options) interrupted() error {
	if o.Interrupted == nil {
		return nil
	}
	return o.Interrupted()
}

// interruptible reads r until interrupted returns an error.
type interruptible struct {
	r           io.Reader
	interrupted func() error
}

func (ir interruptible) Read(p []byte) (int, error) {
	if err := ir.interrupted(); err != nil {
		return 0, err
	}
	return ir.r.Read(p)
}
