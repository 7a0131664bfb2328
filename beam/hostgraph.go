package main

import (
	"net/netip"
	"net/url"
	"slices"
	"strings"

	"golang.org/x/net/idna"

	"github.com/urix/urix/extract"
)

// hostGraph turns the links of pages into the edges of Common Crawl's
// host-level web graph: per source page, each (source host, target host)
// pair once. It is not safe for concurrent use.
type hostGraph struct {
	page  string          // the page whose edges are in seen
	src   string          // its host, reversed; "" when it has none
	seen  map[string]bool // the edges of page emitted
	cache map[string]string
}

// edge returns the edge "src\tdst" of l, reversed hosts, and whether it
// is one to emit: not one that page emitted, not a self-link, hosts that
// are names (no IP addresses), targets in http or https. The source page
// is the WARC record's target (a file's base outside WARC), told apart by
// its file and record offset.
func (g *hostGraph) edge(l extract.Link) (string, bool) {
	source := l.WARCTarget
	if source == "" {
		source = l.Base
	}
	page := l.File + "\x00" + source + "\x00" + l.WARCRecord
	if page != g.page {
		g.page, g.src = page, g.reversed(source)
		clear(g.seen)
	}
	if g.src == "" {
		return "", false
	}
	dst := g.reversed(l.URI)
	if dst == "" || dst == g.src {
		return "", false
	}
	e := g.src + "\t" + dst
	if g.seen[e] {
		return "", false
	}
	if g.seen == nil {
		g.seen = map[string]bool{}
	}
	g.seen[e] = true
	return e, true
}

// reversed returns reverseHost of the host of uri, cached: a page's links
// name few hosts.
func (g *hostGraph) reversed(uri string) string {
	if g.cache == nil || len(g.cache) > 1<<14 {
		g.cache = map[string]string{}
	}
	u, err := url.Parse(uri)
	if err != nil || !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https") {
		return ""
	}
	h := u.Hostname()
	r, ok := g.cache[h]
	if !ok {
		r = reverseHost(h)
		g.cache[h] = r
	}
	return r
}

// reverseHost returns host as the host graph has it: IDNA's ASCII form
// (UTS #46 lookup), lower-case, without a trailing dot and a leading
// "www.", labels reversed (www.example.com: com.example). It returns ""
// for an IP address, an empty host, and a name IDNA refuses unless
// isLDH (a name with "_" is kept as written).
func reverseHost(host string) string {
	host = strings.TrimSuffix(host, ".")
	if host == "" {
		return ""
	}
	if _, err := netip.ParseAddr(host); err == nil {
		return "" // IPv6 (url.Hostname removes the brackets) or dotted IPv4
	}
	a, err := idna.Lookup.ToASCII(host)
	if err != nil {
		if !isLDH(host) {
			return ""
		}
		a = host
	}
	a = strings.ToLower(a)
	if isIPv4ish(a) {
		return "" // 127.1, 0x7f.0.0.1: what browsers read as IPv4 too
	}
	a = strings.TrimPrefix(a, "www.")
	labels := strings.Split(a, ".")
	slices.Reverse(labels)
	return strings.Join(labels, ".")
}

// isIPv4ish reports whether host's last label is a number, as the WHATWG
// URL standard's IPv4 parser decides that a host is an address (1.2.3.4,
// 127.1, 0x7f.1): no registered name ends in a numeric label.
func isIPv4ish(host string) bool {
	last := host[strings.LastIndexByte(host, '.')+1:]
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") || strings.HasPrefix(last, "0X") {
		return strings.Trim(last[2:], "0123456789abcdefABCDEF") == ""
	}
	return strings.Trim(last, "0123456789") == ""
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
