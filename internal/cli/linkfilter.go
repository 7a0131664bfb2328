package cli

import (
	"fmt"
	"regexp"
	"strings"

	"golang.org/x/net/idna"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
)

// linkFilter holds the filters on the URI that the CLI applies and
// extract does not: --host, --match, --exclude-match, --exclude-scheme,
// --only-valid, and the empty references --empty-refs brings back. It
// only reads its fields, so the goroutines of a parallel scan share it.
type linkFilter struct {
	hosts          []string // A-labels, lower case, no final dot
	match, exclude *regexp.Regexp
	noSchemes      []string // compared ignoring case
	onlyValid      bool     // drop URIs that break their scheme's rules
	noEmptyRefs    bool     // drop the references emptyRef names
}

// emptyRef reports whether ref, as written, is empty or a bare "#"
// (href="", href=" # ", background=""): a same-document reference (RFC
// 3986 §4.4) that names no fragment, so nothing to open or check but the
// document it is in. Resolved, it would print that document's own URI.
// White space around it goes, as HTML strips it from a URL attribute.
func emptyRef(ref string) bool {
	ref = strings.Trim(ref, " \t\n\f\r")
	return ref == "" || ref == "#"
}

// newLinkFilter reads the filter options; nil when none is set.
func (o *scanOptions) newLinkFilter() (*linkFilter, error) {
	f := &linkFilter{onlyValid: o.onlyValid, noEmptyRefs: !o.emptyRefs}
	for _, h := range splitList(o.hosts.Value()) {
		ascii, err := idna.Lookup.ToASCII(strings.TrimSuffix(h, "."))
		if err != nil || ascii == "" {
			return nil, fmt.Errorf("scan: --host %q: not a host name: %v", h, err)
		}
		f.hosts = append(f.hosts, strings.ToLower(ascii))
	}
	f.noSchemes = splitList(o.noSchemes.Value())
	var err error
	for _, re := range []struct {
		flag, expr string
		dst        **regexp.Regexp
	}{{"match", o.match, &f.match}, {"exclude-match", o.excludeMatch, &f.exclude}} {
		if re.expr == "" {
			continue
		}
		if *re.dst, err = regexp.Compile(re.expr); err != nil {
			return nil, fmt.Errorf("scan: --%s: %w", re.flag, err)
		}
	}
	if f.hosts == nil && f.noSchemes == nil && f.match == nil && f.exclude == nil && !f.onlyValid && !f.noEmptyRefs {
		return nil, nil
	}
	return f, nil
}

// splitList returns the items of comma-separated lists, given once or
// repeated ("a,b" and "a" "b" alike), without blanks.
func splitList(lists []string) []string {
	var items []string
	for _, list := range lists {
		for _, item := range strings.Split(list, ",") {
			if item = strings.TrimSpace(item); item != "" {
				items = append(items, item)
			}
		}
	}
	return items
}

// keep reports whether l passes the filters.
func (f *linkFilter) keep(l extract.Link) bool {
	if f.noEmptyRefs && emptyRef(l.Ref) {
		return false
	}
	if f.match != nil && !f.match.MatchString(l.URI) || f.exclude != nil && f.exclude.MatchString(l.URI) {
		return false
	}
	if f.noSchemes == nil && f.hosts == nil && !f.onlyValid {
		return true
	}
	u, err := uri.Parse(l.URI) // once for all the filters that need it
	if err != nil {
		return f.hosts == nil && !f.onlyValid
	}
	if f.onlyValid && len(u.SchemeWarnings()) > 0 {
		return false
	}
	for _, s := range f.noSchemes {
		if strings.EqualFold(u.Scheme, s) {
			return false
		}
	}
	return f.hosts == nil || f.hostMatches(u.Host)
}

// hostMatches reports whether host, from a URI, is one of f.hosts or a
// subdomain of one, compared as A-labels: "bücher.example" is
// "xn--bcher-kva.example", however either is written.
func (f *linkFilter) hostMatches(host string) bool {
	if strings.Contains(host, "%") {
		if h, err := uri.Unescape(host); err == nil {
			host = h
		}
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	if ascii, err := idna.Lookup.ToASCII(host); err == nil {
		host = ascii
	}
	for _, h := range f.hosts {
		if host == h || strings.HasSuffix(host, "."+h) {
			return true
		}
	}
	return false
}
