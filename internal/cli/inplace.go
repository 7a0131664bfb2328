package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// inPlace replaces the content of the file name by its rewritten copy and
// keeps everything else the file is, as a careful editor does: a symbolic
// link is followed and its target rewritten (or refused with --no-follow),
// and the file keeps its inode's hard links, owner, group, mode and
// extended attributes. On any error, or a signal before the new content is
// in place, the file stays as it was and no temporary file is left.
func (rw *rewriter) inPlace(name string) error {
	path, info, err := rw.target(name)
	if err != nil {
		return err
	}
	tmp, err := rw.writeTemp(path, name)
	if err != nil {
		return err
	}
	defer func() {
		tmp.Close()           // already closed after a rename
		os.Remove(tmp.Name()) // gone after a rename
	}()
	if err := rw.interrupted(); err != nil {
		return err
	}
	if now, err := os.Stat(path); err != nil || !os.SameFile(now, info) || !now.ModTime().Equal(info.ModTime()) || now.Size() != info.Size() {
		return errors.New("changed while it was rewritten: left as it is now")
	}
	// Renaming the new file over the old one is atomic, but it makes a
	// new inode: only right when that inode can be the same file again.
	if linkCount(info) == 1 && keepAttrs(tmp, path, info) == nil {
		return replace(tmp, path)
	}
	return overwrite(path, tmp)
}

// target returns the path of the file "rewrite -i name" writes, after
// symbolic links, with its information, or why it must not be written.
func (rw *rewriter) target(name string) (string, fs.FileInfo, error) {
	li, err := os.Lstat(name)
	if err != nil {
		return "", nil, err
	}
	path := name
	if li.Mode()&fs.ModeSymlink != 0 {
		if rw.noFollow {
			return "", nil, errors.New("is a symbolic link (--no-follow: not rewritten)")
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
		return "", nil, errors.New("not a regular file")
	case !rw.force && !writable(path, info):
		return "", nil, errors.New("read-only file (--force rewrites it)")
	}
	return path, info, nil
}

// writeTemp writes the rewritten page at path (named name, as the user
// gave it, for the page's base URI and messages) to a new temporary file
// ".NAME.urix-*" beside it, readable by the user only for now. A signal
// stops the reading.
func (rw *rewriter) writeTemp(path, name string) (_ *os.File, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	dir := filepath.Dir(path)
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".urix-*")
	if err != nil {
		return nil, fmt.Errorf("cannot create a temporary file in %s: %w", dir, unwrapPath(err))
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	bw := bufio.NewWriterSize(tmp, 64<<10)
	err = rw.page(bw, interruptible{f, rw}, name)
	if ierr := rw.interrupted(); ierr != nil {
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
		return nil, fmt.Errorf("cannot create a backup file in %s: %w", dir, unwrapPath(err))
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

// interrupted returns an error once one of interruptSignals has come
// during "rewrite -i" (it keeps returning it after).
func (rw *rewriter) interrupted() error {
	if rw.caught == nil {
		select {
		case rw.caught = <-rw.signals:
		default:
			return nil
		}
	}
	return &interruptError{rw.caught}
}

// interruptError stops "rewrite -i" on a signal.
type interruptError struct{ sig os.Signal }

func (e *interruptError) Error() string {
	return fmt.Sprintf("interrupted (%v): the file is as it was", e.sig)
}

// interruptible reads r until a signal comes.
type interruptible struct {
	r  io.Reader
	rw *rewriter
}

func (ir interruptible) Read(p []byte) (int, error) {
	if err := ir.rw.interrupted(); err != nil {
		return 0, err
	}
	return ir.r.Read(p)
}
