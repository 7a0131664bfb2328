package uri

import (
	"strconv"
	"strings"
)

// HostKind is the form of a host, one of the alternatives of
// host = IP-literal / IPv4address / reg-name (RFC 3986 §3.2.2).
type HostKind uint8

// The kinds of host, as returned by URI.HostKind.
const (
	NoHost    HostKind = iota // the reference has no authority
	RegName                   // reg-name, possibly empty ("file:///x")
	IPv4                      // IPv4address: four dec-octets
	IPv6                      // IP-literal holding an IPv6address, maybe with an RFC 6874 zone
	IPvFuture                 // IP-literal holding an IPvFuture ("[v1.x]")
)

var hostKindNames = [...]string{"none", "reg-name", "IPv4", "IPv6", "IPvFuture"}

// String returns the ABNF name of the kind: "reg-name", "IPv4", "IPv6",
// "IPvFuture", or "none".
func (k HostKind) String() string {
	if int(k) < len(hostKindNames) {
		return hostKindNames[k]
	}
	return "HostKind(" + strconv.Itoa(int(k)) + ")"
}

// HostKind classifies the host of u (RFC 3986 §3.2.2). As the ABNF says,
// the first alternative that matches wins: "192.0.2.16" is IPv4, while
// "192.0.2.256" and "01.2.3.4" are reg-names.
func (u URI) HostKind() HostKind {
	switch h := u.Host; {
	case !u.hasAuthority():
		return NoHost
	case strings.HasPrefix(h, "[v"), strings.HasPrefix(h, "[V"):
		return IPvFuture
	case strings.HasPrefix(h, "["):
		return IPv6
	case isIPv4(h):
		return IPv4
	default:
		return RegName
	}
}

// Zone returns the zone identifier of an IPv6 host as written, still
// percent-encoded and without the "%25" that introduces it (RFC 6874 §2),
// or "" when there is none: "en0" for "[fe80::1%25en0]".
func (u URI) Zone() string {
	if !strings.HasPrefix(u.Host, "[") {
		return ""
	}
	i := strings.Index(u.Host, "%25")
	if i < 0 || !strings.HasSuffix(u.Host, "]") {
		return ""
	}
	return u.Host[i+3 : len(u.Host)-1]
}

func isIPv4(s string) bool {
	end, ok := parseIPv4(s, 0)
	return ok && end == len(s)
}

// ASCIIHost returns a reg-name host (RFC 3986 §3.2.2) in the form hosts
// compare in: percent-decoded (a reg-name may be percent-encoded UTF-8),
// without the final dot of the root, in A-labels (RFC 5891, by UTS #46
// nontransitional processing, as FromIRI converts hosts) and lower case
// (§6.2.2.1): "B%C3%BCcher.Example." is "xn--bcher-kva.example". When the
// decoding or IDNA refuses the host, ASCIIHost returns it decoded as far
// as it could be, without the final dot and lower-cased ("my_host", which
// IDNA's STD3 rules refuse, stays comparable), and an *Error wrapping
// ErrInvalidHost.
func ASCIIHost(host string) (string, error) {
	h, err := Unescape(host)
	if err != nil {
		h = host
	}
	h = strings.TrimSuffix(h, ".")
	if a, ierr := idnaProfile.ToASCII(h); ierr == nil && err == nil {
		return strings.ToLower(a), nil
	}
	return strings.ToLower(h), &Error{Op: "host", Input: host, Err: ErrInvalidHost}
}
