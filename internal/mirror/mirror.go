// Package mirror maps the URIs of a tree of pages saved by wget (wget -m,
// -r, -p) to its files and back, for rewriting the links of its pages as
// wget -k does: a link whose URI maps to a file that exists there becomes
// a relative path to it, every other link absolute.
package mirror

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// Mirror is a tree of pages laid out as wget saves them:
// DIR/HOST/PATH, with HOST "host:port" for a port that is not the
// scheme's default, a directory's page as index.html, the path's
// percent-encodings decoded (twice by wget 1.21, a ".." segment saved as
// "%2E%2E"; see File) and the query kept in the file name after
// '?' ("search?q=a b"), and with wget -E ".html" added to a page whose
// name does not end in it. A symbolic link in DIR is not followed: what
// is under it is not in the mirror (see isFile).
type Mirror struct {
	dir    string // absolute
	scheme string // the scheme of the pages' own URIs: the layout does not keep it
}

// The errors of New and PageURI.
var (
	ErrNotDir  = errors.New("mirror: not a directory")
	ErrScheme  = errors.New("mirror: the scheme is not http or https")
	ErrOutside = errors.New("mirror: not inside the mirror directory")
)

// New returns the mirror in the directory dir, whose pages were fetched
// with scheme, http or https.
func New(dir, scheme string) (*Mirror, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
		return nil, ErrNotDir
	}
	if scheme != "http" && scheme != "https" {
		return nil, ErrScheme
	}
	return &Mirror{dir: abs, scheme: scheme}, nil
}

// PageURI returns the URI the page in file name was fetched from, as the
// layout gives it: scheme://HOST/PATH, index.html standing for itself
// (a base resolves the same against the directory and its index.html).
func (m *Mirror) PageURI(name string) (string, error) {
	abs, err := filepath.Abs(name)
	if err != nil {
		return "", err
	}
	// Only a ".." segment climbs out: "..h" or "..." is a name (RFC 3986
	// §3.3), which filepath.IsLocal knows.
	rel, err := filepath.Rel(m.dir, abs)
	if err != nil || rel == "." || !filepath.IsLocal(rel) {
		return "", ErrOutside
	}
	segs := strings.Split(filepath.ToSlash(rel), "/")
	if len(segs) < 2 {
		return "", ErrOutside
	}
	u := uri.URI{Scheme: m.scheme, HasAuthority: true}
	host, port, _ := strings.Cut(segs[0], ":")
	u.Host, u.Port, u.HasPort = host, port, port != ""
	last := len(segs) - 1
	if name, query, ok := strings.Cut(segs[last], "?"); ok {
		segs[last] = name
		u.Query, u.HasQuery = uri.Escape(query, uri.Query), true
	}
	for i, s := range segs[1:] {
		if s != "%2E%2E" { // wget's name for a ".." segment (see decodePath)
			segs[i+1] = uri.Escape(s, uri.PathSegment)
		}
	}
	u.Path = "/" + strings.Join(segs[1:], "/")
	return u.String(), nil
}

// File returns the file of the mirror that the absolute URI u maps to, if
// there is one (see Mirror).
func (m *Mirror) File(u uri.URI) (string, bool) {
	scheme := strings.ToLower(u.Scheme)
	if scheme != "http" && scheme != "https" || u.Host == "" {
		return "", false
	}
	host := strings.ToLower(u.Host)
	if u.Port != "" && !(scheme == "http" && u.Port == "80" || scheme == "https" && u.Port == "443") {
		host += ":" + u.Port
	}
	path := u.Path
	if path == "" || strings.HasSuffix(path, "/") {
		path += "index.html"
	}
	var names []string
	// wget 1.21 decodes the path twice for its file names ("%2541" is
	// "A"); the names decoded once and not at all are tried too.
	once := decodePath(path)
	for _, p := range slices.Compact([]string{decodePath(once), once, path}) {
		if u.HasQuery {
			q, err := uri.Unescape(u.Query)
			if err != nil {
				q = u.Query
			}
			names = append(names, p+"?"+q, p+"?"+u.Query)
		} else {
			names = append(names, p)
		}
	}
	for _, n := range names {
		for _, suffix := range []string{"", ".html"} {
			f := filepath.Join(m.dir, host, filepath.FromSlash(n+suffix))
			if !strings.HasPrefix(f, m.dir+string(filepath.Separator)) {
				continue // dot-segments cannot climb out: Resolve removed them
			}
			if m.isFile(f) {
				return f, true
			}
		}
	}
	return "", false
}

// isFile reports whether f, a path in the mirror directory, names a
// regular file there through directories: each name of its path from
// the mirror directory down is looked up with Lstat, and a symbolic link
// is neither a directory nor a file, whatever it points to. wget saves
// none; one put in the tree, to a place inside it or out of it, would
// make the map of links to files depend on where it leads
// ("DIR/h.example/ln -> /outside" made a link "../ln/victim.html").
func (m *Mirror) isFile(f string) bool {
	names := strings.Split(f[len(m.dir)+1:], string(filepath.Separator))
	p := m.dir
	for i, name := range names {
		p += string(filepath.Separator) + name
		fi, err := os.Lstat(p)
		if err != nil || i < len(names)-1 && !fi.IsDir() || i == len(names)-1 && !fi.Mode().IsRegular() {
			return false
		}
	}
	return true
}

// decodePath decodes the percent-encodings of a path as wget does for
// its file names, but for those of '/' and the controls, which it keeps,
// and a segment that decodes to "..", which wget saves as "%2E%2E": no
// encoded dot-segment leads to another file of the host, or another host.
func decodePath(p string) string {
	segs := strings.Split(p, "/")
	for i, s := range segs {
		if segs[i] = decodeSegment(s); segs[i] == ".." && s != ".." {
			segs[i] = "%2E%2E"
		}
	}
	return strings.Join(segs, "/")
}

// decodeSegment decodes the percent-encodings of a path segment s but for
// those of the controls.
func decodeSegment(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '%' && i+2 < len(s) {
			if d, err := uri.Unescape(s[i : i+3]); err == nil && d != "/" && d[0] >= 0x20 && d[0] != 0x7f {
				sb.WriteString(d)
				i += 2
				continue
			}
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

// Value returns the new value of link l of the page in file page: the
// shortest relative path to the file its URI maps to, each segment
// percent-encoded (so that "?" in a file name is not read as a query),
// with l's fragment; or, when there is none, its absolute URI. The URIs
// of metadata (Open Graph and Twitter metas, JSON-LD) are made absolute
// always: they name things for other programs (a JSON-LD @id is an
// identifier), the saved copy does not load them.
func (m *Mirror) Value(page string, l extract.Link) (string, bool) {
	u, err := uri.Parse(l.URI)
	if err != nil || !u.IsAbs() {
		return "", false
	}
	if l.Context == extract.ContextHTMLMeta || l.Context == extract.ContextJSONLD {
		return l.URI, true
	}
	target, ok := m.File(u)
	if !ok {
		return l.URI, true
	}
	from, err := filepath.Abs(page)
	if err != nil {
		return l.URI, true
	}
	rel, err := filepath.Rel(filepath.Dir(from), target)
	if err != nil {
		return l.URI, true
	}
	segs := strings.Split(filepath.ToSlash(rel), "/")
	for i, s := range segs {
		segs[i] = uri.Escape(s, uri.PathSegment)
	}
	v := strings.Join(segs, "/")
	if strings.Contains(segs[0], ":") {
		v = "./" + v // not a scheme (RFC 3986 §4.2)
	}
	if u.HasFragment {
		v += "#" + u.Fragment
	}
	return v, true
}
