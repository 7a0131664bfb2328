package cli

import (
	"cmp"
	"errors"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/urix/urix/extract/format"
)

// walkOptions say which files of a tree "urix -r" scans, as ripgrep
// chooses them: not hidden ones (a name starting with "."), nor what the
// ignore files exclude (see ignoreStack), unless hidden or noIgnore; only
// those the globs let through; symbolic links only with follow.
type walkOptions struct {
	hidden, noIgnore, follow     bool
	include, exclude, excludeDir []string
}

// checkGlobs returns an error for the first glob doublestar cannot use.
func (o walkOptions) checkGlobs() error {
	for _, list := range [][]string{o.include, o.exclude, o.excludeDir} {
		for _, g := range list {
			if !doublestar.ValidatePattern(g) {
				return errors.New("bad pattern " + quote(g))
			}
		}
	}
	return nil
}

func quote(s string) string { return "\"" + format.Text(s) + "\"" }

// matchGlobs reports whether one of the globs matches a file or directory
// with path rel (slash-separated, relative to the argument walked): a glob
// with a slash is matched against rel ("email/spamassassin",
// "docs/**/*.md"), one without against the base name alone ("*.{htm,md}"),
// as in .gitignore files. As there too, a leading "/" (or "./", as shells
// complete paths) anchors a glob at the argument ("./d" is d at the top
// only), and a trailing slash is dropped ("--exclude-dir email/spam/").
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

// treeWalker visits the files of a tree that walkOptions let through, in
// lexical order, as grep -r and ripgrep -j1 list them.
type treeWalker struct {
	walkOptions
	visit  func(name string) bool // false stops the walk
	report func(name string, err error)
	stop   bool
}

// walk visits the files under root (root itself when it is no directory;
// a symbolic link named as root is followed). The files are named as
// ripgrep names them, root as given in front ("./a.txt" under "."); an
// empty root is the working directory, named by nothing ("a.txt"), as
// "rg PATTERN" and "grep -r PATTERN" without a path name its files.
func (w *treeWalker) walk(root string) {
	dir := cmp.Or(root, ".")
	fi, err := os.Stat(dir)
	if err != nil {
		w.report(dir, err)
		return
	}
	if !fi.IsDir() {
		w.stop = !w.visit(root)
		return
	}
	var ig *ignoreStack
	if !w.noIgnore {
		if ig, err = newIgnoreStack(dir); err != nil {
			w.report(dir, err)
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
		w.report(cmp.Or(name, "."), err)
	}
	if len(entries) > 0 && ig != nil && rel != "" {
		ig = ig.enter(name, path.Base(rel), w.report)
	}
	for _, e := range entries {
		if w.stop {
			return
		}
		base := e.Name()
		typ := e.Type()
		// A hidden name is skipped unless an ignore file lets it through
		// ("!.github/"), as in ripgrep; a hidden symbolic link is not
		// followed to find out.
		hidden := !w.hidden && strings.HasPrefix(base, ".")
		if hidden && (ig == nil || typ&os.ModeSymlink != 0) || ig != nil && base == ".git" {
			continue
		}
		child := joinPath(name, base)
		var fi os.FileInfo
		if typ&os.ModeSymlink != 0 {
			if !w.follow {
				continue
			}
			if fi, err = os.Stat(child); err != nil {
				w.report(child, err)
				continue
			}
			typ = fi.Mode().Type()
		}
		isDir := typ.IsDir()
		if ig != nil {
			switch ig.match(base, isDir) {
			case gitignore.Exclude:
				continue
			case gitignore.Include:
				hidden = false
			}
		}
		if hidden {
			continue
		}
		switch {
		case isDir:
			childRel := path.Join(rel, base)
			if matchGlobs(w.excludeDir, childRel) {
				continue
			}
			if w.follow {
				if fi == nil {
					if fi, err = e.Info(); err != nil {
						w.report(child, err)
						continue
					}
				}
				if loop(up, fi) {
					w.report(child, errors.New("file system loop: a symbolic link to a directory it is in"))
					continue
				}
			}
			w.dir(child, childRel, ig, append(up[:len(up):len(up)], fi))
		case typ.IsRegular():
			if w.included(rel, base) {
				w.stop = !w.visit(child)
			}
		}
	}
}

// included reports whether the globs let the file base of the directory
// rel through; its path is made only for globs to match.
func (w *treeWalker) included(rel, base string) bool {
	if len(w.include) == 0 && len(w.exclude) == 0 {
		return true
	}
	fileRel := path.Join(rel, base)
	return (len(w.include) == 0 || matchGlobs(w.include, fileRel)) && !matchGlobs(w.exclude, fileRel)
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
