package uri

import (
	"bytes"
	"net/netip"
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// Normalize returns u in normal form, by the syntax-based normalization of
// RFC 3986 §6.2.2 followed by the scheme-based normalization of §6.2.3.
// Two references are equivalent (see Equal) when their normal forms are
// the same value. Normalize is idempotent and never changes what a
// reference identifies.
//
// Syntax-based (§6.2.2):
//   - the scheme and the host are lowercased (§6.2.2.1); an IPv6 address is
//     written in the canonical text form of RFC 5952 (lowercase, no leading
//     zeros, the longest run of zero groups as "::"), since the host names
//     the same address however it is spelled; an IPvFuture is lowercased;
//     an RFC 6874 zone ID keeps its case, as interface names are
//     case-sensitive;
//   - in every component, a percent-encoded unreserved character (ALPHA,
//     DIGIT, "-", ".", "_", "~") is decoded and the hex digits of every
//     other percent-encoding are uppercased (§6.2.2.2): "%7e" becomes "~",
//     "%2f" becomes "%2F" and is never decoded;
//   - the path loses its dot-segments (§6.2.2.3), after the decoding, so
//     "%2E%2E" counts. In a URI or an absolute-path or network-path
//     reference this is remove_dot_segments of §5.2.4, as resolution would
//     do it: "foo:a/../b" becomes "foo:/b" as Resolve makes it. A
//     relative-path reference is only resolved later, against a base, and
//     remove_dot_segments would change it ("../g" would become "g"), so
//     there "." segments are dropped and a segment followed by ".." cancels
//     out, leading ".." segments stay, and a path that ends in a dot-segment
//     ends in "/": "a/./b/../c" becomes "a/c", "a/.." becomes "./" and
//     "../../g" stays. (Against a base that has no authority and no "/" in
//     its path, such as "foo:bar", §5.2.4 would instead make the merged
//     path absolute whenever a ".." removes the first segment; Normalize
//     does not follow that quirk.)
//   - a path that would start with "//" without an authority keeps a "/."
//     in front, and a relative path whose first segment is empty or holds
//     ':' keeps a "./" in front, so the value recomposes (§5.3) and parses
//     back to itself.
//
// Scheme-based (§6.2.3, §3.2.3):
//   - an empty port is removed with its ':' ("http://a:/" becomes
//     "http://a/"), for every scheme;
//   - leading zeros of a port are dropped ("0080" becomes "80"), and the
//     port is removed when it is the default of a scheme defined with one:
//     http 80, https 443, ws 80, wss 443, ftp 21, gopher 70, telnet 23,
//     nntp 119, wais 210, prospero 1525 (RFC 1738 §3 and the schemes' own
//     RFCs);
//   - an http, https, ws or wss URI with an authority and an empty path gets
//     the path "/".
//
// Finally the Has fields are set exactly when the component is present, as
// String reads them. Protocol-based normalization (§6.2.4) is not done.
// Normalize allocates nothing when u is already normal and otherwise builds
// all changed components in one string: one allocation, two past 256 bytes.
func (u URI) Normalize() URI {
	var stack [256]byte
	b := stack[:0]
	n := u
	n.HasAuthority = u.hasAuthority()
	n.HasUserinfo = u.HasUserinfo || u.Userinfo != ""
	n.HasQuery = u.HasQuery || u.Query != ""
	n.HasFragment = u.HasFragment || u.Fragment != ""

	// Changed components are written to b one after another; spans records
	// where each lies, to be sliced out of a single string at the end.
	var spans [6]struct {
		field  *string
		lo, hi int
	}
	changed := 0
	keep := func(field *string, lo int) {
		if string(b[lo:]) == *field {
			b = b[:lo]
			return
		}
		spans[changed].field, spans[changed].lo, spans[changed].hi = field, lo, len(b)
		changed++
	}

	// Each component is rewritten only when it may not be normal already.
	if hasUpperASCII(u.Scheme) {
		lo := len(b)
		b = appendLower(b, u.Scheme)
		keep(&n.Scheme, lo)
	}
	port, slash := schemeDefaults(u.Scheme)

	if strings.IndexByte(u.Userinfo, '%') >= 0 {
		lo := len(b)
		b = appendNormalEscapes(b, u.Userinfo, false)
		keep(&n.Userinfo, lo)
	}

	if strings.IndexByte(u.Host, '%') >= 0 || strings.HasPrefix(u.Host, "[") || hasUpperASCII(u.Host) {
		lo := len(b)
		b = appendNormalHost(b, u.Host)
		keep(&n.Host, lo)
	}

	n.Port = normalPort(u.Port, port)
	n.HasPort = n.Port != ""

	// A relative-path reference (no scheme, no leading "/") has its dots
	// collapsed; every other path goes through remove_dot_segments.
	dotsRemoved := u.Scheme != "" || strings.HasPrefix(u.Path, "/")
	if pathMayChange(u.Path, dotsRemoved, n.HasAuthority) {
		lo := len(b)
		b = appendNormalPath(b, u.Path, dotsRemoved, n.HasAuthority)
		keep(&n.Path, lo)
	}
	if n.HasAuthority && u.Path == "" && slash {
		n.Path = "/"
	}

	if strings.IndexByte(u.Query, '%') >= 0 {
		lo := len(b)
		b = appendNormalEscapes(b, u.Query, false)
		keep(&n.Query, lo)
	}

	if strings.IndexByte(u.Fragment, '%') >= 0 {
		lo := len(b)
		b = appendNormalEscapes(b, u.Fragment, false)
		keep(&n.Fragment, lo)
	}

	if changed > 0 {
		s := string(b)
		for _, sp := range spans[:changed] {
			*sp.field = s[sp.lo:sp.hi]
		}
	}
	return n
}

// normalPort returns port without leading zeros, or "" when that is the
// scheme's default port def (§6.2.3); an empty port stays empty.
func normalPort(port, def string) string {
	p := strings.TrimLeft(port, "0")
	if p == "" && port != "" {
		p = "0"
	}
	if p == def {
		return ""
	}
	return p
}

// pathMayChange reports whether Normalize may have to rewrite path: it has
// an escape or a dot-segment, or it needs a "/." or "./" in front to parse
// back to itself.
func pathMayChange(path string, dotsRemoved, hasAuthority bool) bool {
	return strings.IndexByte(path, '%') >= 0 || hasDotSegment(path) ||
		(dotsRemoved && !hasAuthority && strings.HasPrefix(path, "//")) ||
		(!dotsRemoved && firstSegmentHasColon(path))
}

// appendNormalPath appends path to b with its escapes normalized and its
// dot-segments removed (dotsRemoved) or collapsed (see Normalize).
func appendNormalPath(b []byte, path string, dotsRemoved, hasAuthority bool) []byte {
	lo := len(b)
	b = appendNormalEscapes(b, path, false)
	switch {
	case len(b) == lo:
	case dotsRemoved:
		b = removeDots(b, lo)
		if !hasAuthority && hasPrefix(b[lo:], "//") {
			b = insertAt(b, lo, "/.")
		}
	default:
		b = collapseRelative(b, lo)
	}
	return b
}

// appendLower appends s to b with ASCII letters lowercased.
func appendLower(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		b = append(b, lowerASCII(s[i]))
	}
	return b
}

// Equal reports whether a and b are equivalent by the comparison ladder of
// RFC 3986 §6.2: identical values are (§6.2.1), and otherwise a and b are
// equivalent when their normal forms, syntax-based (§6.2.2) and
// scheme-based (§6.2.3), are the same (see Normalize). So
// "example://a/b/c/%7Bfoo%7D" and "eXAMPLE://a/./b/../b/%63/%7bfoo%7d" are
// equivalent, as are "http://example.com", "http://example.com/",
// "http://example.com:/" and "http://example.com:80/"; "http://a/b%2Fc" and
// "http://a/b/c" are not. As §6.1 allows, Equal may miss an equivalence
// (protocol-based ones, §6.2.4) but never reports a false one. Relative
// references are compared by their normal forms too, with no base in play
// (§6.1): resolve them first to compare what they identify.
func Equal(a, b URI) bool {
	return a == b || a.Normalize() == b.Normalize()
}

// appendNormalEscapes appends s to b with the percent-encoding
// normalization of §6.2.2.2: unreserved characters decoded, other hex
// digits uppercased. With lower, ASCII letters are lowercased as well, as a
// reg-name needs (§6.2.2.1). A "%" without two hex digits is copied as it
// is; Parse never lets one through.
func appendNormalEscapes(b []byte, s string, lower bool) []byte {
	for i := 0; i < len(s); {
		c := s[i]
		if c == '%' {
			if hi, lo := hexValue(s, i+1), hexValue(s, i+2); hi >= 0 && lo >= 0 {
				i += 3
				if c = byte(hi<<4 | lo); charClass[c]&classUnreserved == 0 {
					b = append(b, '%', ascii.UpperHex[hi], ascii.UpperHex[lo])
				} else if lower {
					b = append(b, lowerASCII(c))
				} else {
					b = append(b, c)
				}
				continue
			}
		}
		// Copy the run of bytes up to the next escape or capital at once.
		j := i + 1
		for j < len(s) && s[j] != '%' && (!lower || !isUpperASCII(s[j])) {
			j++
		}
		if lower {
			b = appendLower(b, s[i:j])
		} else {
			b = append(b, s[i:j]...)
		}
		i = j
	}
	return b
}

func isUpperASCII(c byte) bool { return 'A' <= c && c <= 'Z' }

func hasUpperASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if isUpperASCII(s[i]) {
			return true
		}
	}
	return false
}

// appendNormalHost appends the normal form of host (§3.2.2, §6.2.2.1): a
// reg-name or IPv4 address lowercased with its escapes normalized, an IPv6
// address in RFC 5952 form with its zone ID's escapes normalized, an
// IPvFuture lowercased.
func appendNormalHost(b []byte, host string) []byte {
	if len(host) < 2 || host[0] != '[' || host[len(host)-1] != ']' {
		return appendNormalEscapes(b, host, true)
	}
	inner := host[1 : len(host)-1]
	b = append(b, '[')
	if inner != "" && (inner[0] == 'v' || inner[0] == 'V') {
		return append(appendLower(b, inner), ']')
	}
	addr, zone := inner, ""
	if i := strings.IndexByte(inner, '%'); i >= 0 {
		addr, zone = inner[:i], inner[i:]
	}
	if ip, err := netip.ParseAddr(addr); err == nil && ip.Is6() {
		b = ip.AppendTo(b)
	} else {
		b = appendNormalEscapes(b, addr, true)
	}
	if z, ok := strings.CutPrefix(zone, "%25"); ok {
		b = append(b, "%25"...)
		b = appendNormalEscapes(b, z, false)
	} else {
		b = appendNormalEscapes(b, zone, false)
	}
	return append(b, ']')
}

// schemeDefaults returns the default port of scheme, or "" when it has
// none, and whether the scheme reads an empty path after an authority as
// "/" (§6.2.3; RFC 9110 §4.2.3 for http and https, RFC 6455 §3 for ws and
// wss). Ports are those of RFC 1738 §3, RFC 9110 §4.2 and RFC 6455 §3.
func schemeDefaults(scheme string) (port string, slash bool) {
	for _, d := range schemeTable {
		if ascii.EqualFold(scheme, d.scheme) {
			return d.port, d.slash
		}
	}
	return "", false
}

// defaultPort returns the default port of scheme, or "" when it has none.
func defaultPort(scheme string) string {
	port, _ := schemeDefaults(scheme)
	return port
}

var schemeTable = [...]struct {
	scheme, port string
	slash        bool
}{
	{"http", "80", true},
	{"https", "443", true},
	{"ws", "80", true},
	{"wss", "443", true},
	{"ftp", "21", false},
	{"gopher", "70", false},
	{"telnet", "23", false},
	{"nntp", "119", false},
	{"wais", "210", false},
	{"prospero", "1525", false},
}

// collapseRelative normalizes the dot-segments of the relative-path
// reference b[start:] in place (see Normalize): "." segments are dropped, a
// segment followed by ".." cancels out, leading ".." segments stay, a path
// ending in a dot-segment ends in "/", and a first segment that is empty
// or holds ':' gets "./" in front. Each segment kept is written no further
// right than it was read, so the output never overtakes the input.
func collapseRelative(b []byte, start int) []byte {
	in, out, n := start, start, len(b)
	segs, ups := 0, 0 // segments written, of which leading ".."
	dirEnd := false   // the last segment read was a dot-segment
	for {
		end := in
		for end < n && b[end] != '/' {
			end++
		}
		seg := b[in:end]
		dirEnd = string(seg) == "." || string(seg) == ".."
		switch {
		case string(seg) == ".":
		case string(seg) == ".." && segs > ups:
			out = popSegment(b, start, out)
			segs--
		default:
			if segs > 0 {
				b[out] = '/'
				out++
			}
			out += copy(b[out:], seg)
			segs++
			if string(seg) == ".." {
				ups++
			}
		}
		if end == n {
			break
		}
		in = end + 1
	}
	b = b[:out]
	if dirEnd {
		if segs == 0 {
			return append(b, "./"...)
		}
		b = append(b, '/')
	}
	first := b[start:]
	if i := bytes.IndexByte(first, '/'); i >= 0 {
		first = first[:i]
	}
	if len(first) == 0 || bytes.IndexByte(first, ':') >= 0 {
		b = insertAt(b, start, "./")
	}
	return b
}

// insertAt inserts s into b at index i.
func insertAt(b []byte, i int, s string) []byte {
	b = append(b, s...)
	copy(b[i+len(s):], b[i:len(b)-len(s)])
	copy(b[i:], s)
	return b
}
