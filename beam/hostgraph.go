package main

import (
	"slices"
	"strings"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl" // the list uri.RegisteredPublicSuffix returns
)

// hostGraph turns the links of pages into the edges of Common Crawl's
// host-level web graph, or of its domain-level graph: per source page,
// each (source node, target node) pair once. It is not safe for
// concurrent use.
type hostGraph struct {
	file, record string            // of the links whose edges are in seen
	seen         map[pageEdge]bool // the edges emitted, with their page
	source, src  string            // the last source page and its node
	cache        map[string]nodes
}

// pageEdge is an edge "src\tdst" and the source page that gave it.
type pageEdge struct{ page, edge string }

// maxSeen bounds hostGraph.seen: a file of links without records (a
// text or mail file) may name many pages.
const maxSeen = 1 << 16

// nodes are the host-graph and domain-graph names of one host, reversed;
// "" where the host is no node.
type nodes struct{ host, domain string }

// edge returns the edge "src\tdst" of l, reversed names, and whether it
// is one to emit: not one that its page emitted, not a self-link, names
// that are nodes (see hostNode and domainNode), targets in http or https.
// The nodes are registered domains when domains is set, else hosts. The
// source page is the WARC record's target (a file's base outside WARC).
// A page's edges are told apart within its file and WARC record, not
// only among the links in a row: in an HTML file, a link before <base
// href> (og:url) has the embedded base, and the base element's own link
// the file's.
func (g *hostGraph) edge(l extract.Link, domains bool) (string, bool) {
	source := l.WARCTarget
	if source == "" {
		source = l.Base
	}
	if l.File != g.file || l.WARCRecord != g.record || len(g.seen) >= maxSeen {
		g.file, g.record = l.File, l.WARCRecord
		clear(g.seen)
	}
	if source != g.source {
		g.source, g.src = source, g.node(source, domains)
	}
	if g.src == "" {
		return "", false
	}
	dst := g.node(l.URI, domains)
	if dst == "" || dst == g.src {
		return "", false
	}
	e := g.src + "\t" + dst
	k := pageEdge{source, e}
	if g.seen[k] {
		return "", false
	}
	if g.seen == nil {
		g.seen = map[pageEdge]bool{}
	}
	g.seen[k] = true
	return e, true
}

// node returns the node of the URI s, its host or its registered domain,
// cached by host: a page's links name few hosts.
func (g *hostGraph) node(s string, domains bool) string {
	u, ok := parseHTTP(s)
	if !ok {
		return ""
	}
	if g.cache == nil || len(g.cache) > 1<<14 {
		g.cache = map[string]nodes{}
	}
	n, ok := g.cache[u.Host]
	if !ok {
		n.host = hostNode(u)
		n.domain = domainNode(n.host)
		g.cache[u.Host] = n
	}
	if domains {
		return n.domain
	}
	return n.host
}

// parseHTTP parses s, a URI or, failing that, an IRI (text may hold one
// as written), and reports whether it is an http or https URI.
func parseHTTP(s string) (uri.URI, bool) {
	u, err := uri.Parse(s)
	if err != nil {
		a, err := uri.FromIRI(s)
		if err != nil {
			return uri.URI{}, false
		}
		if u, err = uri.Parse(a); err != nil {
			return uri.URI{}, false
		}
	}
	return u, strings.EqualFold(u.Scheme, "http") || strings.EqualFold(u.Scheme, "https")
}

// hostNode returns the host of u as Common Crawl's host graph names it
// (cc-pyspark's ExtractHostLinksJob.get_surt_host and HostLinksToGraph's
// --validate_host_names, which its build script sets): the reg-name
// percent-decoded (RFC 3986 §3.2.2), in IDNA's ASCII form (UTS #46
// lookup, as package uri maps hosts), lower-case, without a trailing dot,
// without a leading "www." when two labels stay ("www.com" keeps it),
// labels reversed: "www.Bücher.de" is "de.xn--bcher-kva". It returns ""
// for an IP address (a literal, or a name inet_aton or a browser reads
// as IPv4: "127.1", "0x7f.0.0.1"; RFC 3986 §7.4), a host of one label
// ("localhost"), a top-level domain that is not in the ICANN section of
// the public suffix list (which lists every IANA TLD, the list cc-pyspark
// checks: "example.invalid", "1.1.1.256"), a label longer than 63 bytes
// or a name longer than 253 (RFC 1034 §3.1), and a name IDNA refuses
// unless isLDH (a name with "_" is kept as written).
func hostNode(u uri.URI) string {
	if u.HostKind() != uri.RegName {
		return ""
	}
	if _, ok := u.HostAddr(); ok {
		return ""
	}
	if _, err := uri.Unescape(u.Host); err != nil {
		return ""
	}
	a, err := uri.ASCIIHost(u.Host)
	if err != nil && !isLDH(a) {
		return ""
	}
	labels := strings.Split(a, ".")
	if len(labels) < 2 || len(a) > 253 || icannSuffix(a) == "" {
		return ""
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 {
			return ""
		}
	}
	if len(labels) > 2 && labels[0] == "www" {
		labels = labels[1:]
	}
	slices.Reverse(labels)
	return strings.Join(labels, ".")
}

// domainNode returns the registered domain of the host node rev
// (reversed, as hostNode gives it), reversed: its public suffix and one
// label more, as cc-webgraph's HostToDomainGraph folds a host graph into
// a domain graph by default (crawler-commons' getAssignedDomain, strict,
// private suffixes excluded): "uk.co.example.shop" is "uk.co.example".
// The suffix is that of the ICANN section of the public suffix list, not
// of the private one, so "io.github.user" is "io.github". It returns ""
// for a host that is a public suffix itself ("uk.co", "jp.kawasaki.x"
// under the rule "*.kawasaki.jp"), as HostToDomainGraph drops such a host
// and its edges unless told to keep multi-label suffixes.
func domainNode(rev string) string {
	if rev == "" {
		return ""
	}
	labels := strings.Split(rev, ".")
	host := slices.Clone(labels)
	slices.Reverse(host)
	n := strings.Count(icannSuffix(strings.Join(host, ".")), ".") + 2 // the suffix's labels and one
	if n > len(labels) {
		return ""
	}
	return strings.Join(labels[:n], ".")
}

// icannSuffix returns the public suffix of the ASCII name host under the
// rules of the ICANN section of the list package uri/psl registers, or ""
// when no rule of that section matches: a private suffix such as
// "github.io" gives way to the ICANN rule below it ("io"), and a name
// under no listed top-level domain, which only the list's implicit "*"
// rule matches, has none.
func icannSuffix(host string) string {
	publicSuffix := uri.RegisteredPublicSuffix()
	suffix, icann := publicSuffix(host)
	for !icann {
		i := strings.IndexByte(suffix, '.')
		if i < 0 {
			return ""
		}
		suffix, icann = publicSuffix(suffix[i+1:])
	}
	return suffix
}

// isLDH reports whether s holds only ASCII letters, digits, "-", "_" and
// ".": a name IDNA's STD3 rules refuse for its "_" (my_host.example.org,
// seen on the web) but no "]", "<" or other byte no host name has.
func isLDH(s string) bool {
	for i := range len(s) {
		c := s[i] | 0x20
		if !('a' <= c && c <= 'z' || '0' <= s[i] && s[i] <= '9' || s[i] == '-' || s[i] == '_' || s[i] == '.') {
			return false
		}
	}
	return true
}
