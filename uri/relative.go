package uri

import "strings"

// Relative returns the shortest reference r for which Resolve(base, r)
// gives target back (RFC 3986 §5.2, §4.2), for rewriting links. Both must
// have a scheme; otherwise the error is an *Error wrapping ErrNotAbsolute.
// The base's fragment plays no part (§5.1).
//
// Depending on what target shares with base, r is:
//   - target itself, when the schemes differ (compared as written, since r
//     would otherwise take the base's spelling), or when target has no
//     authority and base has one;
//   - a network-path reference "//authority/path?query#fragment" when the
//     authorities differ (compared as written);
//   - a same-document reference ("" or "#fragment") or a query-only one
//     ("?query#fragment") when the paths are equal, as written;
//   - otherwise the shorter of a relative-path reference ("c", "../c",
//     "." for the base's own directory, "./a:b" and ".//b" where the first
//     segment would read as a scheme or an authority) and an absolute-path
//     reference ("/a/b", or "/.//b" for a path starting with "//"); on a tie
//     the relative path wins, as it survives moving the whole tree; target
//     itself when it is shorter still (a rootless path below many empty
//     segments: "s:0/000" from "s:0//////");
//   - when neither reaches the target path (an empty path below a non-empty
//     one, or a rootless path outside the base's directory, which §5.2.4
//     would make absolute), the network-path reference or target itself.
//
// The target's query and fragment are kept exactly, empty or undefined.
// A target path with dot-segments cannot come out of resolution, which
// always removes them, except from a reference with an empty path; when no
// such reference fits, r is the network-path or absolute form, and
// Resolve(base, r) is then target with its dot-segments removed, as
// Resolve(base, target) itself is.
func Relative(base, target URI) (URI, error) {
	if base.Scheme == "" {
		return URI{}, &Error{Op: "relative", Input: base.String(), Offset: 0, Err: ErrNotAbsolute}
	}
	if target.Scheme == "" {
		return URI{}, &Error{Op: "relative", Input: target.String(), Offset: 0, Err: ErrNotAbsolute}
	}
	if target.Scheme != base.Scheme {
		return target, nil
	}
	r := URI{
		Query: target.Query, HasQuery: target.HasQuery,
		Fragment: target.Fragment, HasFragment: target.HasFragment,
	}
	if !sameAuthority(base, target) {
		if !target.hasAuthority() {
			return target, nil
		}
		r.setAuthority(target)
		r.HasAuthority = true
		r.Path = target.Path
		return r, nil
	}

	tp := target.Path
	if tp == base.Path {
		hasQuery := target.HasQuery || target.Query != ""
		if hasQuery == (base.HasQuery || base.Query != "") && target.Query == base.Query {
			r.Query, r.HasQuery = "", false
			return r, nil
		}
		if hasQuery {
			return r, nil
		}
	}

	rel := relativePath(base, tp)
	absPrefix := ""
	if strings.HasPrefix(tp, "//") {
		absPrefix = "/."
	}
	absOK := tp != "" && tp[0] == '/' && !hasDotSegment(tp)
	switch {
	case rel.ok && (!absOK || rel.len() <= len(absPrefix)+len(tp)):
		r.Path = rel.String()
		// The target always resolves to itself (§5.2.2, R.scheme
		// defined), so it is the answer when the relative path is longer
		// ("s:0/000" from "s:0//////", not "../../../../../000"). The
		// string is built only when the cheap bound cannot decide.
		if rel.len() > len(target.Scheme)+1+len(tp) && len(r.String()) > len(target.String()) {
			return target, nil
		}
	case absOK:
		r.Path = absPrefix + tp
	case target.hasAuthority():
		r.setAuthority(target)
		r.HasAuthority = true
		r.Path = tp
	default:
		return target, nil
	}
	return r, nil
}

// sameAuthority reports whether a and b have the same authority, as
// written, or both none.
func sameAuthority(a, b URI) bool {
	return a.hasAuthority() == b.hasAuthority() &&
		a.Host == b.Host && a.Userinfo == b.Userinfo && a.Port == b.Port &&
		(a.HasUserinfo || a.Userinfo != "") == (b.HasUserinfo || b.Userinfo != "") &&
		(a.HasPort || a.Port != "") == (b.HasPort || b.Port != "")
}

// relPath is a relative-path reference: ups times "../", then prefix, then
// rest, which is a suffix of the target path.
type relPath struct {
	ups    int
	prefix string // "", "./" or "."
	rest   string
	ok     bool // it resolves to the target path
}

func (p relPath) len() int {
	n := 3*p.ups + len(p.prefix) + len(p.rest)
	if p.ups > 0 && p.prefix == "" && p.rest == "" {
		n-- // ".." rather than "../"
	}
	return n
}

// String returns the reference; "../../" loses its last "/" when nothing
// follows, as ".." already names the directory.
func (p relPath) String() string {
	if p.ups == 0 && p.prefix == "" {
		return p.rest
	}
	var b strings.Builder
	b.Grow(p.len() + 1)
	for range p.ups {
		b.WriteString("../")
	}
	b.WriteString(p.prefix)
	b.WriteString(p.rest)
	s := b.String()
	if p.rest == "" && p.prefix == "" {
		s = s[:len(s)-1]
	}
	return s
}

// relativePath finds the relative-path reference from base to the path tp:
// up from the base's directory (§5.2.3) to the last directory it shares
// with tp, then down. A directory with dot-segments is first taken as
// §5.2.4 would leave it ("/b/../c/" as "/c/"), falling back to the
// directory as written. Each candidate is checked with the real merge and
// remove_dot_segments, which settles every odd case (dot-segments, empty
// segments, a base path with no "/").
func relativePath(base URI, tp string) relPath {
	dir := baseDir(base)
	if hasDotSegment(dir) {
		if p := relativeFrom(dir, RemoveDotSegments(dir), tp); p.ok {
			return p
		}
	}
	return relativeFrom(dir, dir, tp)
}

// relativeFrom builds the reference from the directory view to tp and
// checks it against the merge with dir, the base's directory as written.
func relativeFrom(dir, view, tp string) relPath {
	k := 0
	for k < len(view) && k < len(tp) && view[k] == tp[k] {
		k++
	}
	common := strings.LastIndexByte(view[:k], '/') + 1
	p := relPath{ups: strings.Count(view[common:], "/"), rest: tp[common:]}
	switch {
	case p.ups > 0:
	case p.rest == "":
		p.prefix = "."
	case p.rest[0] == '/' || firstSegmentHasColon(p.rest):
		p.prefix = "./"
	}

	var stack [256]byte
	b := append(stack[:0], dir...)
	for range p.ups {
		b = append(b, "../"...)
	}
	if p.ups > 0 && p.rest == "" {
		b = b[:len(b)-1]
	}
	b = append(b, p.prefix...)
	b = append(b, p.rest...)
	p.ok = string(removeDots(b, 0)) == tp
	return p
}
