package extract

import (
	"errors"
	"path/filepath"
	"strings"

	"github.com/urix/urix/base"
	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl" // the userinfo-host warning of Options.Warnings
)

// emit completes l, which a content scanner found, and yields it unless
// the Options leave it out. It and complete, which does the work (the
// scanners' hot loops call it and yield themselves), are the one place
// that
//
//   - fills in File, Message, Part, Base and BaseSource from s;
//   - parses Ref: as browsers read URL attributes when l.Style is "html"
//     (base.Base.ParseAttr: whitespace, backslashes and invalid
//     characters repaired, each repair a warning), as written otherwise;
//   - resolves it against the base in force (RFC 3986 §5.2), unless Keep;
//     a relative reference with no base stays as written, with a warning
//     (§5.1: there is nothing to resolve it against), and so does a
//     reference that cannot be parsed at all;
//   - normalizes it (§6.2.2, §6.2.3) with Normalize;
//   - applies Absolute, Schemes, the other filters (filtered) and
//     Unique, and adds the security warnings of §7 with Warnings.
func (s *source) emit(l Link, yield func(Link, error) bool) bool {
	return !s.complete(&l, l.Ref) || yield(l, nil)
}

// stamp gives l what it takes from s: its place (file, message, part),
// the base in force and the warnings about it; with NoText, no text.
func (s *source) stamp(l *Link) {
	l.File, l.Message, l.Part = s.name, s.message, s.part
	if s.opts.NoText {
		l.Text = ""
	}
	if s.base.URI.Scheme != "" { // !s.base.IsZero(), without copying s.base
		l.Base, l.BaseSource, l.BaseNote = s.baseString(), s.base.Source, s.base.Note
	}
	if len(s.warnings) > 0 {
		l.Warnings = append(s.warnings[:len(s.warnings):len(s.warnings)], l.Warnings...)
	}
}

// complete is emit without the yield, the reference read as text instead
// of l.Ref (the completed URI of an abbreviated one, whose Ref is as
// written): it completes *l in place and reports whether l is to be
// yielded. A Link is 384 bytes, each copy on the way to the caller's
// yield a cost per link, so a scanner builds it once in a variable of its
// own, completes it through a pointer and yields the variable: one copy.
// (A yield(*l) here would copy it twice, Go evaluating a dereferenced
// argument into a temporary first.)
func (s *source) complete(l *Link, text string) bool {
	o := s.opts
	s.stamp(l)
	if l.Style == StyleTemplate {
		return s.completeTemplate(l, text)
	}
	var u uri.URI // the reference, then its target, changed in place
	var err error
	parsed := text // what u was parsed from: u.String(), built already
	if l.Style == StyleHTML {
		var warns []uri.Warning
		u, parsed, warns, err = s.base.ParseAttrText(text)
		l.Warnings = appendWarnings(l.Warnings, warns)
	} else {
		u, err = uri.Parse(text)
	}
	if err != nil {
		// Nothing more can be known about it: no scheme, no
		// resolution. It is still reported, as it is in the input.
		if o.Absolute || len(o.Schemes) > 0 {
			return false
		}
		l.URI = text
		if s.filtered(l, &uri.URI{}, false) {
			return false
		}
		l.Warnings = append(l.Warnings, "invalid-reference: "+err.Error())
		return s.unique(l.URI)
	}
	if o.Absolute && !u.IsAbs() {
		return false
	}

	same := true // u is still what parsed was parsed to
	if !o.Keep {
		if same, err = s.resolve(&u); err != nil {
			if errors.Is(err, base.ErrNoBase) {
				l.Warnings = append(l.Warnings, warnNoBase)
			} else {
				l.Warnings = append(l.Warnings, "unresolved: "+err.Error())
			}
		}
	}
	if o.Normalize {
		n := u.Normalize()
		u, same = n, same && n == u
	}
	if len(o.Schemes) > 0 && !hasScheme(o.Schemes, u.Scheme) {
		return false
	}
	switch {
	case o.Keep && !o.Normalize:
		l.URI = l.Ref
	case same:
		// Resolving and normalizing changed nothing (an absolute
		// reference without dot-segments, most links): no new string.
		l.URI = parsed
	default:
		l.URI = u.String()
	}
	if s.filteredURI(l, &u, parsed) {
		return false
	}
	if o.Warnings {
		l.Warnings = appendWarnings(l.Warnings, u.SecurityWarnings())
	}
	key := l.URI
	if o.Unique == UniqueNormalized && !o.Normalize {
		key = u.Normalize().String()
	}
	return s.unique(key)
}

// completeTemplate completes l, a URI template that delimit found (see
// complete): a template is no URI, and a URI made of it by
// percent-encoding its braces names a resource no one meant, so it is
// reported as written, unresolved and not normalized, for the Schemes
// filter its scheme.
func (s *source) completeTemplate(l *Link, text string) bool {
	scheme, _, _ := strings.Cut(text, ":")
	if len(s.opts.Schemes) > 0 && !hasScheme(s.opts.Schemes, scheme) {
		return false
	}
	l.URI = text
	if s.filtered(l, &uri.URI{Scheme: scheme}, false) {
		return false
	}
	return s.unique(l.URI)
}

// resolve resolves *u, a reference, against the base in force
// (base.Base.Resolve) in place, and reports whether *u is still the
// reference; it is left as it is when it cannot be resolved. In place: a
// URI is 120 bytes, and this runs for each link.
func (s *source) resolve(u *uri.URI) (same bool, err error) {
	if u.IsAbs() {
		// Resolve's first case, without copying s.base: the strict
		// §5.2.2 only removes the dot-segments of an absolute reference.
		path := uri.RemoveDotSegments(u.Path)
		same = path == u.Path
		u.Path = path
		return same, nil
	}
	var t uri.URI
	if s.base.URI.Scheme == "" {
		t, err = s.base.Resolve(*u) // no base: an error, or the reference
	} else {
		t, err = uri.Resolve(s.base.URI, *u) // Resolve's own, without copying s.base
	}
	if err != nil {
		return true, err
	}
	*u = t
	return false, nil
}

const warnNoBase = "unresolved: no base URI to resolve the relative reference against (RFC 3986 §5.1)"

// unique reports whether a link with key is to be yielded: always, unless
// Options.Unique asks to leave out a key seen before.
func (s *source) unique(key string) bool {
	if s.opts.Unique != UniqueNone {
		if _, dup := s.seen.keys[key]; dup {
			return false
		}
		s.seen.keys[key] = struct{}{}
	}
	return true
}

// seenSet remembers the keys of the links yielded so far, across every
// copy of a source made while scanning one input.
type seenSet struct{ keys map[string]struct{} }

// baseString returns s.base.URI as a string, recomposed once per base
// (not once per copy of s: per message of a mailbox).
func (s *source) baseString() string {
	m := s.memo
	if m == nil { // a source of Rewrite
		m = new(baseMemo)
		s.memo = m
	}
	if m.of != s.base.URI {
		m.of, m.str = s.base.URI, s.base.URI.String()
	}
	return m.str
}

func hasScheme(schemes []string, scheme string) bool {
	for _, s := range schemes {
		if strings.EqualFold(strings.TrimSuffix(s, ":"), scheme) {
			return true
		}
	}
	return false
}

func appendWarnings(dst []string, ws []uri.Warning) []string {
	for _, w := range ws {
		dst = append(dst, w.String())
	}
	return dst
}

// newSource returns the source for the whole input described by opts, its
// base the outermost layer in force (RFC 3986 §5.1.3 or §5.1.4).
func newSource(opts *Options) (*source, error) {
	s := new(source)
	return s, s.init(opts)
}

// init sets up s, a zero source, for opts (see newSource).
func (s *source) init(opts *Options) error {
	*s = source{opts: opts, name: opts.Name}
	if opts.Unique != UniqueNone {
		s.seen = &seenSet{keys: map[string]struct{}{}}
	}
	var err error
	if s.hosts, err = hostKeys(opts.Hosts); err != nil {
		return err
	}
	s.filters = len(s.hosts) > 0 || len(opts.ExcludeSchemes) > 0 || opts.Match != nil || opts.ExcludeMatch != nil || opts.OnlyValid
	switch {
	case opts.Base != "":
		s.base, err = base.Parse(opts.Base, base.Retrieval)
	case opts.Name != "" && opts.Name != "-":
		name := opts.Name
		if opts.WorkDir != "" && !filepath.IsAbs(name) {
			name = filepath.Join(opts.WorkDir, name)
		}
		s.base, err = base.FromFile(name)
	}
	if err != nil {
		return err
	}
	if s.base.IsZero() && opts.Default != "" {
		s.base, err = base.Parse(opts.Default, base.Default)
	}
	return err
}
