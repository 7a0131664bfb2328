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
	"strconv"
	"strings"

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
		w := &treeWalker{Options: o, yield: yield}
		w.walk(root)
	}
}

// treeWalker is the state of one walk of Files.
type treeWalker struct {
	Options
	yield func(name string, err error) bool
	stop  bool // yield returned false
}

// emit yields a file (err nil) or a problem, unless the walk is stopped.
func (w *treeWalker) emit(name string, err error) {
	if !w.stop {
		w.stop = !w.yield(name, err)
	}
}

func (w *treeWalker) walk(root string) {
	dir := cmp.Or(root, ".")
	fi, err := os.Stat(dir)
	if err != nil {
		w.emit(dir, err)
		return
	}
	if !fi.IsDir() {
		w.emit(root, nil)
		return
	}
	var ig *ignoreStack
	if !w.NoIgnore {
		if ig, err = newIgnoreStack(dir); err != nil {
			w.emit(dir, err)
		}
	}
	w.dir(root, "", ig, []os.FileInfo{fi})
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
// up, itself last. A directory's own ignore files are read only once it
// could be listed, so an unreadable one gets one message, not one per
// ignore file too.
func (w *treeWalker) dir(name, rel string, ig *ignoreStack, up []os.FileInfo) {
	entries, err := os.ReadDir(cmp.Or(name, "."))
	if err != nil {
		w.emit(cmp.Or(name, "."), err)
	}
	if len(entries) > 0 && ig != nil && rel != "" {
		ig = ig.enter(name, path.Base(rel), w.emit)
	}
	for _, e := range entries {
		if w.stop {
			return
		}
		w.entry(e, name, rel, ig, up)
	}
}

// entry visits the entry e of the directory name (see dir).
func (w *treeWalker) entry(e os.DirEntry, name, rel string, ig *ignoreStack, up []os.FileInfo) {
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
			w.emit(child, err)
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
		w.subdir(e, fi, child, path.Join(rel, base), ig, up)
	case typ.IsRegular():
		if w.included(rel, base) {
			w.emit(child, nil)
		}
	}
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
func (w *treeWalker) subdir(e os.DirEntry, fi os.FileInfo, child, childRel string, ig *ignoreStack, up []os.FileInfo) {
	if matchGlobs(w.ExcludeDir, childRel) {
		return
	}
	if w.Follow {
		if fi == nil {
			var err error
			if fi, err = e.Info(); err != nil {
				w.emit(child, err)
				return
			}
		}
		if loop(up, fi) {
			w.emit(child, errors.New("file system loop: a symbolic link to a directory it is in"))
			return
		}
	}
	w.dir(child, childRel, ig, append(up[:len(up):len(up)], fi))
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
