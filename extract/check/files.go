package check

import (
	"archive/zip"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// kind is what a path names.
type kind uint8

const (
	kindMissing kind = iota
	kindFile
	kindDir
	kindError // it cannot be looked at (permission denied, a loop)
)

// target is one file, or one entry of a package, as far as the checker
// has looked at it: that it exists (at once), its fragments (at the first
// link with a fragment to it), each at most once.
type target struct {
	path string // the file's, or the package's for an entry
	kind kind
	err  string // kindError: why

	entry *zip.File // an entry of a package, nil for a file

	fragOnce sync.Once
	frags    *fragSet

	redirOnce sync.Once
	redirect  string // an HTML page's immediate meta refresh, resolved

	pkgOnce sync.Once
	pkg     *pkgFile // the file opened as a package
}

// fileCache is what the checker knows of the files: each path is looked
// up once, each file read once.
type fileCache struct {
	mu sync.Mutex
	m  map[string]*target

	opened atomic.Int64 // files opened to be read, for the tests
}

func (fc *fileCache) init() { fc.m = make(map[string]*target) }

// lookup returns the target of the path p, looking at the file system the
// first time p is asked for.
func (fc *fileCache) lookup(p string) *target {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	return fc.lookupLocked(p)
}

// lookupLocked is lookup with fc.mu held. The directory a path is in is
// looked up first: below a directory that is missing, or a file, nothing
// is (the links into a missing "page_files/" cost one system call, not
// one each); each directory is looked at once. (The stat is done under
// the lock: it is one system call, and doing it once per path is what
// the cache is for.)
func (fc *fileCache) lookupLocked(p string) *target {
	if t, ok := fc.m[p]; ok {
		return t
	}
	t := &target{path: p}
	if dir := filepath.Dir(p); dir != p {
		if d := fc.lookupLocked(dir); d.kind == kindMissing || d.kind == kindFile {
			t.kind = kindMissing
			fc.m[p] = t
			return t
		}
	}
	t.stat()
	fc.m[p] = t
	return t
}

func (t *target) stat() {
	fi, err := os.Stat(t.path)
	switch {
	case err == nil && fi.IsDir():
		t.kind = kindDir
	case err == nil:
		t.kind = kindFile
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		t.kind = kindMissing
	default:
		t.kind = kindError
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		t.err = err.Error()
	}
}

// open opens the target's file, counting it.
func (fc *fileCache) open(t *target) (*os.File, error) {
	fc.opened.Add(1)
	return os.Open(t.path)
}

// maxPackageEntry is the most bytes of a package entry read for its
// fragments: an entry that inflates past it is read that far.
const maxPackageEntry = 64 << 20

// pkgFile is a package (EPUB, OpenDocument, any zip) opened once, its
// entries by name.
type pkgFile struct {
	z       *zip.ReadCloser
	entries map[string]*target
	dirs    map[string]bool
	err     string
}

// pkg opens the target's file as a zip package, once.
func (fc *fileCache) pkg(t *target) *pkgFile {
	t.pkgOnce.Do(func() {
		fc.opened.Add(1)
		z, err := zip.OpenReader(t.path)
		if err != nil {
			t.pkg = &pkgFile{err: "not a readable package: " + err.Error()}
			return
		}
		p := &pkgFile{z: z, entries: make(map[string]*target, len(z.File)), dirs: map[string]bool{}}
		for _, f := range z.File {
			name := strings.TrimSuffix(f.Name, "/")
			if strings.HasSuffix(f.Name, "/") {
				p.dirs[name] = true
				continue
			}
			if _, dup := p.entries[name]; !dup {
				p.entries[name] = &target{path: t.path, kind: kindFile, entry: f}
			}
			for d := path.Dir(name); d != "." && d != "/" && !p.dirs[d]; d = path.Dir(d) {
				p.dirs[d] = true
			}
		}
		t.pkg = p
	})
	return t.pkg
}

func (p *pkgFile) hasDir(name string) bool {
	return name == "" || p.dirs[strings.TrimSuffix(name, "/")]
}

// read returns a reader of the target's content (a file, or an entry of
// a package, at most maxPackageEntry bytes of it) and its name.
func (fc *fileCache) read(t *target) (io.ReadCloser, string, error) {
	if t.entry != nil {
		rc, err := t.entry.Open()
		if err != nil {
			return nil, "", err
		}
		return struct {
			io.Reader
			io.Closer
		}{io.LimitReader(rc, maxPackageEntry), rc}, t.entry.Name, nil
	}
	f, err := fc.open(t)
	if err != nil {
		return nil, "", err
	}
	return f, t.path, nil
}

// isPackage reports whether the file name is one of the zip packages whose
// relative links resolve inside them (OpenDocument) or that extract reads
// as one (EPUB).
func isPackage(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".odt", ".ods", ".odp", ".odg", ".odf", ".odm", ".ott", ".ots", ".otp", ".epub":
		return true
	}
	return false
}

// close closes the packages opened.
func (fc *fileCache) close() error {
	fc.mu.Lock()
	defer fc.mu.Unlock()
	var first error
	for _, t := range fc.m {
		if t.pkg != nil && t.pkg.z != nil {
			if err := t.pkg.z.Close(); err != nil && first == nil {
				first = err
			}
			t.pkg.z = nil
		}
	}
	return first
}
