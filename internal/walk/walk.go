// Package walk lists the files of the trees named on a command line as
// ripgrep and grep -r list them: in lexical order, named with the
// argument in front ("./a.txt" under "."), without hidden files or what
// the ignore files exclude (.gitignore in a git repository, .ignore
// anywhere; see ignoreStack) unless asked, through the globs given, and
// through symbolic links only when asked.
package walk

import (
	"cmp"
	"errors"
	"iter"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Options say which files of a tree Files yields: not hidden ones (a name
// starting with "."), nor what the ignore files exclude, unless Hidden or
// NoIgnore; only those the globs let through (see Options.Include);
// symbolic links only with Follow.
type Options struct {
	Hidden   bool // hidden files and directories too
	NoIgnore bool // ignore files not read
	Follow   bool // symbolic links followed

	// Include, if not empty, keeps only the files that one of its globs
	// matches, Exclude drops the files and ExcludeDir the directories one
	// of its globs matches. A glob with a slash is matched against the
	// path from the argument walked ("email/spamassassin",
	// "docs/**/*.md"), one without against the base name alone
	// ("*.{htm,md}"), as in .gitignore files; a leading "/" or "./"
	// anchors a glob at the argument ("./d" is d at the top only), and a
	// trailing slash is dropped. The syntax is doublestar's.
	Include, Exclude, ExcludeDir []string
}

// CheckGlobs returns a *PatternError for the first glob of o that cannot
// be used.
func (o Options) CheckGlobs() error {
	for _, list := range [][]string{o.Include, o.Exclude, o.ExcludeDir} {
		for _, g := range list {
			if !doublestar.ValidatePattern(g) {
				return &PatternError{g}
			}
		}
	}
	return nil
}

// PatternError is the error of CheckGlobs about a glob; it wraps
// doublestar.ErrBadPattern.
type PatternError struct {
	Pattern string
}

func (e *PatternError) Error() string { return "walk: bad pattern " + strconv.Quote(e.Pattern) }

func (e *PatternError) Unwrap() error { return doublestar.ErrBadPattern }

// matchGlobs reports whether one of the globs matches a file or directory
// with path rel (slash-separated, relative to the argument walked), as
// Options.Include says.
func matchGlobs(globs []string, rel string) bool {
	for _, g := range globs {
		subject := rel
		g = strings.TrimRight(g, "/")
		if a, ok := strings.CutPrefix(g, "./"); ok {
			g = a
		} else if a, ok := strings.CutPrefix(g, "/"); ok {
			g = a
		} else if !strings.Contains(g, "/") {
			subject = path.Base(rel)
		}
		if ok, _ := doublestar.Match(g, subject); ok {
			return true
		}
	}
	return false
}

// Files yields the files under root (root itself when it is no directory;
// a symbolic link named as root is followed) that o lets through, in
// lexical order, as grep -r and ripgrep -j1 list them, each with a nil
// error; a file or directory that cannot be read is yielded with its
// error, and the walk goes on past it. The files are named as ripgrep
// names them, root as given in front ("./a.txt" under "."); an empty root
// is the working directory, named by nothing ("a.txt"), as "rg PATTERN"
// and "grep -r PATTERN" without a path name its files.
//
// A file yielded other than root was a regular file when its directory was
// listed (or, with Follow, the file a symbolic link names was), so a
// caller may open it first and ask after, with fstat, which costs less
// than a stat by name; it may have changed since.
func Files(root string, o Options) iter.Seq2[string, error] {
	return func(yield func(string, error) bool) {
		w := &treeWalker{Options: o, yield: func(f File, err error) bool { return yield(f.Path, err) }}
		w.walk(root)
	}
}

// Tree is Files with each file a File, which, where the system allows
// (see File.Open), is opened by its name in the directory it was listed
// in, held open by the walk, so that the kernel looks up one name and not
// every directory of its path again. The caller calls Done on each File
// yielded without an error once it has opened it, or decided not to; the
// directory is closed when the walk has left it and its files are done,
// possibly after the walk, on another goroutine.
func Tree(root string, o Options) iter.Seq2[File, error] {
	return func(yield func(File, error) bool) {
		w := &treeWalker{Options: o, yield: yield, hold: canHold, held: new(atomic.Int32), most: heldMost()}
		w.walk(root)
	}
}

// ErrSymlink is the error of File.Open for a file listed as a regular
// file that is a symbolic link by the time it is opened. The walk does not
// follow it (without Options.Follow); as GNU grep -r does, a caller skips
// the file silently, as the walk would have skipped the link.
var ErrSymlink = errors.New("walk: a symbolic link now, not followed")

// File is a file Tree yields.
type File struct {
	// Path names the file as Files does; with an error, it names what the
	// problem is about.
	Path string

	dir      *heldDir // the directory it was listed in, or nil
	base     string   // its name in dir
	noFollow bool     // listed as a regular file, without Follow
}

// Done lets the walk close the directory f was listed in, once it is done
// with f's other files too. It is called once for each File yielded.
func (f File) Done() {
	if f.dir != nil {
		f.dir.release()
	}
}

// maxHeld bounds the directories one walk holds open: its files are
// opened by their path past it (a deep tree, or a parallel scan far
// behind a walk of small directories), not refused for want of
// descriptors. Under a low limit of open files, the bound is a quarter
// of the limit (see heldMost): the walk holds every directory it is in,
// and a tree deeper than the limit must not run out of descriptors where
// os.ReadDir, which holds none, did not.
const maxHeld = 128

// heldDir is a directory whose files Tree yields, held open while the
// walk is in it (a reference) and while a File of it is not done (one
// each).
type heldDir struct {
	f    *os.File
	fd   int // f's descriptor
	refs atomic.Int32
	held *atomic.Int32 // the walk's count of directories held
}

// release drops a reference to d, and closes d at the last.
func (d *heldDir) release() {
	if d.refs.Add(-1) == 0 {
		d.f.Close()
		d.held.Add(-1)
	}
}

// treeWalker is the state of one walk of Files or Tree.
type treeWalker struct {
	Options
	yield func(f File, err error) bool
	stop  bool          // yield returned false
	hold  bool          // directories held open for their files (Tree)
	held  *atomic.Int32 // directories held (Tree)
	most  int32         // the most directories held (maxHeld, or less under a low limit)
}

// emit yields a file or a problem, unless the walk is stopped.
func (w *treeWalker) emit(f File, err error) {
	if w.stop {
		f.Done()
		return
	}
	w.stop = !w.yield(f, err)
}

// problem yields the problem err about the file or directory name.
func (w *treeWalker) problem(name string, err error) { w.emit(File{Path: name}, err) }

func (w *treeWalker) walk(root string) {
	dir := cmp.Or(root, ".")
	fi, err := os.Stat(dir)
	if err != nil {
		w.problem(dir, err)
		return
	}
	if !fi.IsDir() {
		w.emit(File{Path: root}, nil)
		return
	}
	var ig *ignoreStack
	if !w.NoIgnore {
		if ig, err = newIgnoreStack(dir); err != nil {
			w.problem(dir, err)
		}
	}
	w.dir(root, "", ig, []os.FileInfo{fi}, nil)
}

// joinPath is the name of the file base in the directory dir, dir as
// given, not cleaned: "./a.txt", as ripgrep and grep -r print it, where
// filepath.Join gives "a.txt". An empty dir is the working directory.
func joinPath(dir, base string) string {
	if dir == "" || os.IsPathSeparator(dir[len(dir)-1]) {
		return dir + base
	}
	return dir + string(filepath.Separator) + base
}

// dir visits the directory name, rel from the root, with its ignore rules
// in ig (nil with --no-ignore; for a directory below the root, those of
// its parent) and the directories it is in (for --follow's loop check) in
// up, itself last; parent is the directory held that it is in, or nil.
// A directory's own ignore files are read only once it could be listed,
// so an unreadable one gets one message, not one per ignore file too.
func (w *treeWalker) dir(name, rel string, ig *ignoreStack, up []os.FileInfo, parent *heldDir) {
	entries, held, err := w.list(cmp.Or(name, "."), rel, parent)
	if errors.Is(err, ErrSymlink) {
		return // a link now, which the walk would have skipped
	}
	if err != nil {
		w.problem(cmp.Or(name, "."), err)
	}
	if held != nil {
		defer held.release()
	}
	if len(entries) > 0 && ig != nil && rel != "" {
		ig = ig.enter(name, path.Base(rel), w.problem)
	}
	for _, e := range entries {
		if w.stop {
			return
		}
		w.entry(e, name, rel, ig, up, held)
	}
}

// list returns the entries of the directory name, rel from the root, in
// lexical order, as os.ReadDir does, and the directory held open for its
// files, or nil (Files, or too many held). Tree opens a directory below
// the root by its name in parent, when held, and not through a symbolic
// link unless Follow (see openDir).
func (w *treeWalker) list(name, rel string, parent *heldDir) ([]os.DirEntry, *heldDir, error) {
	if !w.hold {
		entries, err := os.ReadDir(name)
		return entries, nil, err
	}
	f, err := openDir(parent, path.Base(rel), name, rel != "" && !w.Follow)
	if noFD(err) {
		// Out of descriptors, which those held may be using: list it
		// without holding it, as when too many are held.
		entries, err := os.ReadDir(name)
		return entries, nil, err
	}
	if err != nil {
		return nil, nil, err
	}
	entries, err := f.ReadDir(-1)
	slices.SortFunc(entries, func(a, b os.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	if err != nil && len(entries) == 0 || w.held.Load() >= w.most {
		f.Close()
		return entries, nil, err
	}
	d := &heldDir{f: f, fd: int(f.Fd()), held: w.held}
	d.refs.Store(1)
	w.held.Add(1)
	return entries, d, err
}

// entry visits the entry e of the directory name (see dir).
func (w *treeWalker) entry(e os.DirEntry, name, rel string, ig *ignoreStack, up []os.FileInfo, held *heldDir) {
	base := e.Name()
	typ := e.Type()
	// A hidden name is skipped unless an ignore file lets it through
	// ("!.github/"), as in ripgrep; a hidden symbolic link is not
	// followed to find out.
	hidden := !w.Hidden && strings.HasPrefix(base, ".")
	if hidden && (ig == nil || typ&os.ModeSymlink != 0) || ig != nil && base == ".git" {
		return
	}
	child := joinPath(name, base)
	var fi os.FileInfo
	if typ&os.ModeSymlink != 0 {
		if !w.Follow {
			return
		}
		var err error
		if fi, err = os.Stat(child); err != nil {
			w.problem(child, err)
			return
		}
		typ = fi.Mode().Type()
	}
	if ig != nil {
		switch ig.match(base, typ.IsDir()) {
		case gitignore.Exclude:
			return
		case gitignore.Include:
			hidden = false
		}
	}
	switch {
	case hidden:
	case typ.IsDir():
		w.subdir(e, fi, child, path.Join(rel, base), ig, up, held)
	case typ.IsRegular():
		if w.included(rel, base) {
			w.file(child, base, fi == nil, held)
		}
	}
}

// file yields the file child, named base in the directory held (nil if
// not held), listed as a regular file or (not listed) followed to through
// a symbolic link. A followed link is opened by its path, not by its
// name: it may lead anywhere, and it is opened as rarely as it is met.
func (w *treeWalker) file(child, base string, listed bool, held *heldDir) {
	f := File{Path: child, base: base, noFollow: listed && !w.Follow}
	if held != nil && listed {
		held.refs.Add(1)
		f.dir = held
	}
	w.emit(f, nil)
}

// included reports whether the globs let the file base of the directory
// rel through; its path is made only for globs to match.
func (w *treeWalker) included(rel, base string) bool {
	if len(w.Include) == 0 && len(w.Exclude) == 0 {
		return true
	}
	fileRel := path.Join(rel, base)
	return (len(w.Include) == 0 || matchGlobs(w.Include, fileRel)) && !matchGlobs(w.Exclude, fileRel)
}

// subdir visits the directory child, the entry e (with fi its information
// if known) of the directory dir visits, unless --exclude-dir drops it or
// following a link to it would loop.
func (w *treeWalker) subdir(e os.DirEntry, fi os.FileInfo, child, childRel string, ig *ignoreStack, up []os.FileInfo, parent *heldDir) {
	if matchGlobs(w.ExcludeDir, childRel) {
		return
	}
	if w.Follow {
		if fi == nil {
			var err error
			if fi, err = e.Info(); err != nil {
				w.problem(child, err)
				return
			}
		}
		if loop(up, fi) {
			w.problem(child, errors.New("file system loop: a symbolic link to a directory it is in"))
			return
		}
	}
	w.dir(child, childRel, ig, append(up[:len(up):len(up)], fi), parent)
}

// loop reports whether fi is one of the directories up.
func loop(up []os.FileInfo, fi os.FileInfo) bool {
	for _, u := range up {
		if os.SameFile(u, fi) {
			return true
		}
	}
	return false
}
