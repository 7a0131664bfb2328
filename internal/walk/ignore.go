package walk

import (
	"bufio"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/config"
	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignoreStack holds the ignore rules in force in one directory of a walk,
// as ripgrep reads them: in a git repository (a directory or one above it
// holds .git), the user's global ignore file, its .git/info/exclude and
// the .gitignore files from the
// repository's top down to the directory; anywhere, the .ignore files.
// A rule of a .ignore file, at any level, wins over git's rules (as in
// ripgrep: "!*.log" in the top .ignore takes back sub/a.log from
// sub/.gitignore's "*.log"); among git's, .gitignore wins over the exclude
// file, which wins over the global one; a deeper file wins over those
// above it, and within a file the last matching line wins, so "!name"
// takes back an earlier exclusion. The patterns are go-git's, which reads
// them as git does (nested files, negations, "**", anchoring by a slash);
// a directory that is excluded is not entered, so nothing in it comes
// back, as in git.
type ignoreStack struct {
	dir      []string // the directory's absolute path, split
	git      bool     // in a git repository
	global   string   // the user's global ignore file (see globalExcludes)
	patterns []ignorePattern
	scratch  []string
}

// ignorePattern is one line of an ignore file. A simple pattern (no slash
// but at its end) is matched against the name of the file alone: go-git
// matches it against every element of the path, which would take "!dir/"
// for a rule about every file under dir.
type ignorePattern struct {
	p         gitignore.Pattern
	domain    []string // the directory of the file it comes from
	simple    bool
	dotIgnore bool // from a .ignore file
}

// newIgnoreStack returns the rules in force in the directory root: those
// of the directories above it up to the top of its git repository, and
// its own.
func newIgnoreStack(root string) (*ignoreStack, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	var above []string // from root's parent up to the repository's top
	for d := abs; ; {
		if exists(filepath.Join(d, ".git")) {
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			above = nil // in no repository: root's own rules only
			break
		}
		above = append(above, parent)
		d = parent
	}
	ig := &ignoreStack{global: globalExcludes()}
	var firstErr error
	keep := func(_ string, err error) {
		if firstErr == nil {
			firstErr = err
		}
	}
	for i := len(above) - 1; i >= 0; i-- {
		ig = ig.load(above[i], splitPath(above[i]), keep)
	}
	ig = ig.load(abs, splitPath(abs), keep)
	return ig, firstErr
}

// enter returns the rules in force in the directory name, a child of ig's
// whose last element is base; problems reading its ignore files go to
// report.
func (ig *ignoreStack) enter(name, base string, report func(string, error)) *ignoreStack {
	return ig.load(name, append(ig.dir[:len(ig.dir):len(ig.dir)], base), report)
}

// load adds the rules of the directory name, split as dir.
func (ig *ignoreStack) load(name string, dir []string, report func(string, error)) *ignoreStack {
	next := &ignoreStack{dir: dir, git: ig.git, global: ig.global, patterns: ig.patterns[:len(ig.patterns):len(ig.patterns)]}
	if git := filepath.Join(name, ".git"); exists(git) {
		next.git = true
		if next.global != "" {
			next.read(next.global, false, report)
		}
		if isDir(git) { // not a worktree's .git file
			next.read(filepath.Join(git, "info", "exclude"), false, report)
		}
	}
	if next.git {
		next.read(filepath.Join(name, ".gitignore"), false, report)
	}
	next.read(filepath.Join(name, ".ignore"), true, report)
	return next
}

// read adds the patterns of the ignore file name, if there is one; they
// are .ignore rules with dotIgnore, else git's.
func (ig *ignoreStack) read(name string, dotIgnore bool, report func(string, error)) {
	f, err := os.Open(name)
	if err != nil {
		if !errors.Is(err, fs.ErrNotExist) {
			report(name, err)
		}
		return
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSuffix(sc.Text(), "\r")
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		body := strings.TrimSuffix(strings.TrimRight(strings.TrimPrefix(line, "!"), " "), "/")
		ig.patterns = append(ig.patterns, ignorePattern{
			p:         gitignore.ParsePattern(line, ig.dir),
			domain:    ig.dir,
			simple:    !strings.Contains(body, "/"),
			dotIgnore: dotIgnore,
		})
	}
	if err := sc.Err(); err != nil {
		report(name, err)
	}
}

// match tells whether the last rule about the entry base of ig's
// directory excludes it (Exclude) or takes it back (Include, "!name"); NoMatch
// when no rule names it.
func (ig *ignoreStack) match(base string, isDir bool) gitignore.MatchResult {
	if m := ig.matchKind(base, isDir, true); m != gitignore.NoMatch {
		return m
	}
	return ig.matchKind(base, isDir, false)
}

// matchKind is match among the patterns of .ignore files (dotIgnore) or
// among git's.
func (ig *ignoreStack) matchKind(base string, isDir, dotIgnore bool) gitignore.MatchResult {
	for i := len(ig.patterns) - 1; i >= 0; i-- {
		p := &ig.patterns[i]
		if p.dotIgnore != dotIgnore {
			continue
		}
		if p.simple {
			ig.scratch = append(append(ig.scratch[:0], p.domain...), base)
		} else {
			ig.scratch = append(append(ig.scratch[:0], ig.dir...), base)
		}
		if m := p.p.Match(ig.scratch, isDir); m != gitignore.NoMatch {
			return m
		}
	}
	return gitignore.NoMatch
}

// globalExcludes returns the name of the user's global ignore file, as git
// and ripgrep find it: core.excludesFile of the global git configuration
// ($XDG_CONFIG_HOME/git/config or ~/.config/git/config, then ~/.gitconfig;
// the last one that sets it wins), else $XDG_CONFIG_HOME/git/ignore or
// ~/.config/git/ignore; "" for none. Its patterns apply in every
// repository, below all of the repository's.
func globalExcludes() string {
	home, _ := os.UserHomeDir()
	xdg := os.Getenv("XDG_CONFIG_HOME")
	if xdg == "" && home != "" {
		xdg = filepath.Join(home, ".config")
	}
	var name string
	for _, file := range []string{filepath.Join(xdg, "git", "config"), filepath.Join(home, ".gitconfig")} {
		f, err := os.Open(file)
		if err != nil {
			continue
		}
		cfg := config.New()
		if config.NewDecoder(f).Decode(cfg) == nil {
			if v := cfg.Section("core").Options.Get("excludesFile"); v != "" {
				name = v
			}
		}
		f.Close()
	}
	if rest, ok := strings.CutPrefix(name, "~/"); ok && home != "" {
		name = filepath.Join(home, rest)
	}
	if name == "" && xdg != "" {
		name = filepath.Join(xdg, "git", "ignore")
	}
	return name
}

// splitPath splits an absolute path into its elements.
func splitPath(abs string) []string {
	return strings.FieldsFunc(abs, func(r rune) bool { return r == filepath.Separator })
}

func exists(name string) bool {
	_, err := os.Lstat(name)
	return err == nil
}

func isDir(name string) bool {
	fi, err := os.Stat(name)
	return err == nil && fi.IsDir()
}
