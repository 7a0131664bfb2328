package check

import (
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/urix/urix/base"
	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// Options are the settings of an Offline checker; the zero value of a
// field means its default.
type Options struct {
	// RootDir is the directory a root-relative reference ("/docs/x.md",
	// or any reference under a root-relative <base href>) is resolved
	// in, as a web server or GitHub serves a tree; "" resolves it in the
	// file system's root, as its file: URI says.
	RootDir string
	// Index lists the files that stand for a directory, tried in order:
	// a link to a directory is good when the directory exists, and its
	// fragment is looked for in the first of them that exists. Default
	// ["index.html"]; an empty non-nil slice names none.
	Index []string
	// Extensions lists the extensions tried, in order, when a path names
	// no file (".html" makes "/about" find about.html, as many static
	// servers do). Default none, as lychee's --fallback-extensions: a
	// link must name its file.
	Extensions []string
	// NoFragments leaves fragments unchecked: only files are.
	NoFragments bool
}

// Offline checks the links extract finds against the local file system,
// without the network: a file: URI (a relative reference in a local file
// resolves to one) must name an existing file or directory and its
// fragment an anchor in it; a link into an EPUB or OpenDocument package
// (jar:file:...!/entry, or a path through the package file) an entry of
// the package. Each file is read at most once however many links lead to
// it: what is known of it (whether it exists, the fragments it has) is
// kept until the checker is dropped. It is safe for concurrent use.
type Offline struct {
	opts  Options
	root  string // RootDir, absolute and clean; "" none
	files fileCache
}

// NewOffline returns a checker with the options o.
func NewOffline(o Options) *Offline {
	if o.Index == nil {
		o.Index = []string{"index.html"}
	}
	c := &Offline{opts: o}
	if o.RootDir != "" {
		if abs, err := filepath.Abs(o.RootDir); err == nil {
			c.root = abs
		}
	}
	c.files.init()
	return c
}

// Close closes the packages (EPUB, OpenDocument) the checker keeps open
// to look inside them; it must not be used after.
func (c *Offline) Close() error { return c.files.close() }

// Check returns what became of the link l (from extract.Links): for a
// file: or jar:file: URI, OK or Broken with the reason, and the nearest
// fragments the target does have when it lacks l's; for a URI template
// (extract.StyleTemplate, "https://a.example/{user}"), Skipped; for
// mailto: and tel:,
// Broken when l breaks the scheme's syntax, else Skipped with the Reason
// "syntax only"; for every other URI, Skipped with the Reason why (an
// http or https URI is Online's).
func (c *Offline) Check(l extract.Link) Result {
	if l.Style == extract.StyleTemplate {
		return Result{Status: Skipped, Reason: "a template, not a link"}
	}
	u, err := uri.Parse(l.URI)
	if err != nil {
		return Result{Status: Broken, Reason: "not a URI: " + err.Error()}
	}
	if !u.IsAbs() {
		return Result{Status: Skipped, Reason: "relative reference with no base to resolve it against"}
	}
	switch scheme := strings.ToLower(u.Scheme); scheme {
	case "file":
		return c.file(l, u)
	case "jar":
		return c.jar(u)
	case "http", "https":
		return Result{Status: Skipped, Reason: "not checked offline"}
	default:
		return syntaxOnly(scheme, u)
	}
}

// file checks a file: URI.
func (c *Offline) file(l extract.Link, u uri.URI) Result {
	if u.Host != "" && !strings.EqualFold(u.Host, "localhost") {
		return Result{Status: Skipped, Reason: "file: URI of another host (" + u.Host + ")"}
	}
	p, err := url.PathUnescape(u.Path)
	if err != nil {
		return Result{Status: Broken, Reason: "bad percent-encoding in the path"}
	}
	p = filepath.FromSlash(p)
	if c.root == "" || !c.rootRelative(l, p) {
		return c.path(p, u.Fragment, u.HasFragment, 0)
	}
	r := c.path(filepath.Join(c.root, p), u.Fragment, u.HasFragment, 0)
	if r.Status == Broken {
		r.Reason += " (root-relative, in " + c.root + ")"
	}
	return r
}

// rootRelative reports whether the file path p, resolved from the link l,
// is to be taken in RootDir: l is written as a path from the root
// ("/docs/x.md"), or resolved against an embedded base written so ("<base
// href=/sub/>", which resolves to a path outside RootDir). A relative
// reference that climbs out of RootDir ("../README.md") stays where it
// leads in the file system.
func (c *Offline) rootRelative(l extract.Link, p string) bool {
	ref := strings.TrimSpace(l.Ref)
	if strings.HasPrefix(ref, "/") || strings.HasPrefix(ref, `\`) {
		return !strings.HasPrefix(ref, "//") && !strings.HasPrefix(ref, `\\`) && !within(c.root, p)
	}
	if uri.SchemeOf(ref) != "" {
		return false
	}
	return l.BaseSource == base.Embedded && !within(c.root, p)
}

// within reports whether the path p is dir or below it.
func within(dir, p string) bool {
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// path checks that the file p exists and has the fragment frag (when
// hasFrag); depth is the redirect pages followed to it.
func (c *Offline) path(p, frag string, hasFrag bool, depth int) Result {
	t := c.files.lookup(p)
	if t.kind == kindMissing {
		for _, ext := range c.opts.Extensions {
			if alt := c.files.lookup(p + ext); alt.kind == kindFile {
				t = alt
				break
			}
		}
	}
	switch t.kind {
	case kindMissing:
		return c.missing(p)
	case kindError:
		return Result{Status: Broken, Reason: t.err}
	case kindDir:
		idx := c.index(p)
		if idx == nil {
			if hasFrag && frag != "" && !c.opts.NoFragments {
				return Result{Status: Broken, Reason: "no such fragment: a directory with no " + strings.Join(c.opts.Index, " or ")}
			}
			return Result{Status: OK}
		}
		t = idx
	}
	wantFrag := hasFrag && !c.opts.NoFragments
	if wantFrag {
		c.files.fragments(t) // and so whether it redirects, in one read
	}
	if loc := c.files.redirect(t); loc != "" {
		return c.follow(loc, frag, hasFrag, depth)
	}
	if !wantFrag {
		return Result{Status: OK}
	}
	return c.fragment(t, frag)
}

const reasonLoop = "redirect loop"

// follow is the result for a link to a page that redirects to loc at
// once (a meta refresh): Moved, with loc or where it leads in turn as the
// Location, when it leads to a page that exists (a web URI is taken to);
// Broken when it does not, or when the chain loops.
func (c *Offline) follow(loc, frag string, hasFrag bool, depth int) Result {
	if depth >= maxRedirects {
		return Result{Status: Broken, Reason: reasonLoop + ": more than " + strconv.Itoa(maxRedirects) + " redirect pages"}
	}
	u, err := uri.Parse(loc)
	if err != nil || !strings.EqualFold(u.Scheme, "file") {
		return Result{Status: Moved, Reason: "redirect page", Location: loc}
	}
	if u.HasFragment {
		frag, hasFrag = u.Fragment, true
	}
	p, err := url.PathUnescape(u.Path)
	if err != nil {
		return Result{Status: Broken, Reason: "redirects to " + loc + ": bad percent-encoding"}
	}
	r := c.path(filepath.FromSlash(p), frag, hasFrag, depth+1)
	switch r.Status {
	case OK:
		return Result{Status: Moved, Reason: "redirect page", Location: loc}
	case Moved:
		return r
	}
	if depth == 0 && !strings.HasPrefix(r.Reason, reasonLoop) {
		r.Reason = "redirects to " + loc + ": " + r.Reason // the first hop's
	}
	return r
}

// index returns the first index file of the directory dir that exists.
func (c *Offline) index(dir string) *target {
	for _, name := range c.opts.Index {
		if t := c.files.lookup(filepath.Join(dir, name)); t.kind == kindFile {
			return t
		}
	}
	return nil
}

// missing is the result for a path that names no file: a path through a
// package file (an OpenDocument file's relative links resolve inside the
// package, as in a directory) is looked up inside it; otherwise it is
// "no such file", or "no such directory" where a directory on the way is
// missing too.
func (c *Offline) missing(p string) Result {
	for dir := filepath.Dir(p); ; dir = filepath.Dir(dir) {
		t := c.files.lookup(dir)
		if t.kind == kindFile {
			entry := filepath.ToSlash(strings.TrimPrefix(p, dir+string(filepath.Separator)))
			if isPackage(dir) {
				return c.entry(dir, entry, "", false)
			}
			return Result{Status: Broken, Reason: "no such file: " + filepath.Base(dir) + " is a file, not a directory"}
		}
		if t.kind == kindDir {
			if dir == filepath.Dir(p) {
				return Result{Status: Broken, Reason: "no such file"}
			}
			return Result{Status: Broken, Reason: "no such directory: " + dirBelow(dir, p)}
		}
		if parent := filepath.Dir(dir); parent == dir {
			return Result{Status: Broken, Reason: "no such file"}
		}
	}
}

// dirBelow is the name of the directory below dir on the way to p.
func dirBelow(dir, p string) string {
	rel, _ := filepath.Rel(dir, p)
	first, _, _ := strings.Cut(filepath.ToSlash(rel), "/")
	return filepath.Join(dir, first)
}

// jar checks a link into a package, jar:file:///book.epub!/OEBPS/ch1.xhtml
// as extract writes a link inside an EPUB book.
func (c *Offline) jar(u uri.URI) Result {
	inner, err := uri.Parse(strings.TrimPrefix(u.String(), u.Scheme+":"))
	if err != nil || !strings.EqualFold(inner.Scheme, "file") {
		return Result{Status: Skipped, Reason: "jar: URI of no local file"}
	}
	pkg, entry, ok := strings.Cut(inner.Path, "!/")
	if !ok {
		return Result{Status: Broken, Reason: "jar: URI without \"!/\""}
	}
	p, err1 := url.PathUnescape(pkg)
	e, err2 := url.PathUnescape(entry)
	if err1 != nil || err2 != nil {
		return Result{Status: Broken, Reason: "bad percent-encoding in the path"}
	}
	return c.entry(filepath.FromSlash(p), e, inner.Fragment, inner.HasFragment)
}

// entry checks that the package file pkg holds the entry named entry (a
// slash-separated path, dot segments allowed), with the fragment.
func (c *Offline) entry(pkg, entry, frag string, hasFrag bool) Result {
	t := c.files.lookup(pkg)
	if t.kind != kindFile {
		return Result{Status: Broken, Reason: "no such file: " + filepath.Base(pkg)}
	}
	z := c.files.pkg(t)
	if z.err != "" {
		return Result{Status: Broken, Reason: z.err}
	}
	name := strings.TrimPrefix(uri.RemoveDotSegments("/"+entry), "/")
	e := z.entries[name]
	if e == nil {
		if z.hasDir(name) {
			return Result{Status: OK}
		}
		return Result{Status: Broken, Reason: "no such entry in " + filepath.Base(pkg) + ": " + name}
	}
	if !hasFrag || c.opts.NoFragments {
		return Result{Status: OK}
	}
	return c.fragment(e, frag)
}
