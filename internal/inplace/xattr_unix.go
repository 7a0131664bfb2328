//go:build linux || darwin || freebsd || netbsd

package inplace

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"

	"golang.org/x/sys/unix"
)

// copyXattrs gives tmp the extended attributes of the file at path (on
// Linux also its ACLs and security label), and only those: tmp may have
// been given others by its directory (a default ACL).
func copyXattrs(tmp *os.File, path string) error {
	fd := int(tmp.Fd())
	want, err := xattrNames(func(b []byte) (int, error) { return unix.Listxattr(path, b) })
	if err != nil {
		return err
	}
	have, err := xattrNames(func(b []byte) (int, error) { return unix.Flistxattr(fd, b) })
	if err != nil {
		return err
	}
	for _, name := range want {
		v, err := xattrRead(func(b []byte) (int, error) { return unix.Getxattr(path, name, b) })
		if err == nil {
			err = unix.Fsetxattr(fd, name, v, 0)
		}
		if err != nil {
			return fmt.Errorf("extended attribute %s: %w", name, err)
		}
	}
	for _, name := range have {
		if slices.Contains(want, name) {
			continue
		}
		if err := unix.Fremovexattr(fd, name); err != nil {
			return fmt.Errorf("extended attribute %s: %w", name, err)
		}
	}
	return nil
}

// xattrNames returns the names list gives (NUL-terminated, as
// listxattr(2) writes them); none on a file system without extended
// attributes.
func xattrNames(list func([]byte) (int, error)) ([]string, error) {
	b, err := xattrRead(list)
	if errors.Is(err, unix.ENOTSUP) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for name := range bytes.SplitSeq(b, []byte{0}) {
		if len(name) > 0 {
			names = append(names, string(name))
		}
	}
	return names, nil
}

// xattrRead calls get, which reads a value of unknown size as
// getxattr(2) does, with a buffer large enough, growing it if the value
// grows between the calls.
func xattrRead(get func([]byte) (int, error)) ([]byte, error) {
	for {
		n, err := get(nil)
		if err != nil {
			return nil, err
		}
		if n == 0 {
			return nil, nil
		}
		b := make([]byte, n)
		n, err = get(b)
		if errors.Is(err, unix.ERANGE) {
			continue
		}
		if err != nil {
			return nil, err
		}
		return b[:n], nil
	}
}
