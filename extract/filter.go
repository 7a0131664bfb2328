package extract

import (
	"errors"
	"fmt"
	"strings"

	"github.com/urix/urix/uri"
)

// ErrHost is wrapped by the error of Options.Validate, and of Links and
// Rewrite, about an entry of Options.Hosts that is no host name.
var ErrHost = errors.New("not a host name")

// Validate reports the first of o's fields that Links and Rewrite would
// refuse (they yield the same error, for each input): Base or Default not
// an absolute URI, an entry of Hosts that IDNA cannot map to a host name.
// A program that takes them from its user calls it once, before the
// inputs.
func (o *Options) Validate() error {
	_, err := newSource(o)
	return err
}

// hostKeys returns the hosts of Options.Hosts as filterHost compares
// them: lower case, A-labels, no final dot.
func hostKeys(hosts []string) ([]string, error) {
	keys := make([]string, 0, len(hosts))
	for _, h := range hosts {
		a, err := uri.ASCIIHost(h)
		if err != nil {
			return nil, fmt.Errorf("%w: %q (%v)", ErrHost, h, err)
		}
		if a == "" {
			return nil, fmt.Errorf("%w: %q", ErrHost, h)
		}
		keys = append(keys, a)
	}
	return keys, nil
}

// emptyRef reports whether ref, as written, is empty or a bare "#"
// (href="", href=" # ", background=""): a same-document reference (RFC
// 3986 §4.4) that names no fragment, so nothing to open or check but the
// document it is in. White space around it goes, as HTML strips it from a
// URL attribute.
func emptyRef(ref string) bool {
	if ref != "" && ref[0] > ' ' && ref[0] != '#' {
		return false // most links, told by their first byte: no Trim
	}
	ref = strings.Trim(ref, " \t\n\f\r")
	return ref == "" || ref == "#"
}

// filtered reports whether the Options leave out l, its URI set already:
// NoEmptyRefs, ExcludeSchemes, Hosts, Match, ExcludeMatch, OnlyValid. u
// is l.URI parsed, valid false when it does not parse (u then holds no
// more than the scheme of a template). The regular expressions come
// last: they cost most.
func (s *source) filtered(l *Link, u *uri.URI, valid bool) bool {
	o := s.opts
	if o.NoEmptyRefs && emptyRef(l.Ref) {
		return true
	}
	if !s.filters {
		return false
	}
	if (o.OnlyValid || len(s.hosts) > 0) && !valid {
		return true
	}
	if o.OnlyValid && len(u.SchemeWarnings()) > 0 {
		return true
	}
	if len(o.ExcludeSchemes) > 0 && u.Scheme != "" && hasScheme(o.ExcludeSchemes, u.Scheme) {
		return true
	}
	if len(s.hosts) > 0 && !s.hostMatches(u.Host) {
		return true
	}
	return o.Match != nil && !o.Match.MatchString(l.URI) ||
		o.ExcludeMatch != nil && o.ExcludeMatch.MatchString(l.URI)
}

// hostMatches reports whether host, from a URI, is one of s.hosts or a
// subdomain of one, compared as A-labels (RFC 3986 §3.2.2: a reg-name
// may be percent-encoded UTF-8; §6.2.2.1: case does not matter; RFC 5891:
// "bücher.example" is "xn--bcher-kva.example"), however either is
// written; a final dot, the root, is ignored.
func (s *source) hostMatches(host string) bool {
	host, _ = uri.ASCIIHost(host) // refused, it compares as decoded
	for _, h := range s.hosts {
		if host == h || len(host) > len(h) && host[len(host)-len(h)-1] == '.' && strings.HasSuffix(host, h) {
			return true
		}
	}
	return false
}

// filteredURI is filtered for a link whose reference parsed to u, and
// l.URI to u unless l.URI is the reference as written (Keep) and parsed,
// what u came from, is not: it is then parsed as it is, as a reader of
// the link would.
func (s *source) filteredURI(l *Link, u *uri.URI, parsed string) bool {
	if !s.filters { // the one filter that needs no URI, at no call
		return s.opts.NoEmptyRefs && emptyRef(l.Ref)
	}
	valid := true
	if s.opts.Keep && !s.opts.Normalize && l.URI != parsed {
		w, err := uri.Parse(l.URI)
		u, valid = &w, err == nil
	}
	return s.filtered(l, u, valid)
}
