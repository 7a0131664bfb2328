package delimit

import (
	"strings"
	"unsafe"

	"github.com/urix/urix/uri"
)

// syntax is what a scheme's syntax requires after its ':'.
type syntax uint8

const (
	anyPart       syntax = iota // something, anything
	needHost                    // "//" and a non-empty, valid host
	needSlashes                 // "//", the host may be empty
	needSlash                   // a hier-part that starts with "/"
	needAddress                 // mail addresses or header fields (mailto, RFC 6068 §2)
	needPhone                   // a global number, or a local one with its context (RFC 3966 §3)
	needComma                   // a ',' in what follows the ':' (data: RFC 2397 §3, geo: RFC 5870 §3.3)
	needNamespace               // a namespace, '/' and an identifier (info: RFC 4452 §3)
)

//go:generate go run gen_schemes.go

// lookupScheme returns the syntax of the registered scheme name (any case).
// Most words before a ':' are no scheme: schemeTable, an open-addressing
// hash table, rejects them fast, without lowering a copy of the name.
func lookupScheme[T string | []byte](name T) (syntax, bool) {
	if len(name) == 0 || len(name) > maxSchemeLen {
		return 0, false
	}
	if c := name[0] | 0x20; c < 'a' || c > 'z' || schemeInitials[len(name)]&(1<<(c-'a')) == 0 {
		return 0, false
	}
	for j := schemeHash(name) & schemeMask; ; j = (j + 1) & schemeMask {
		e := &schemeTable[j]
		if len(e.name) == 0 {
			return 0, false
		}
		if len(e.name) == len(name) && equalLower(e.name, name) {
			return e.syn, true
		}
	}
}

// schemeEntry is a slot of schemeTable: a scheme, or "" when empty.
type schemeEntry struct {
	name string
	syn  syntax
}

// schemeHash returns the FNV-1a hash of name, lowered.
func schemeHash[T string | []byte](name T) uint32 {
	h := uint32(fnvOffset)
	for i := 0; i < len(name); i++ {
		h = (h ^ uint32(toLower[name[i]])) * fnvPrime
	}
	return h
}

const (
	fnvOffset = 2166136261
	fnvPrime  = 16777619
)

// toLower maps ASCII upper-case letters to lower case, other bytes to
// themselves.
var toLower = func() (t [256]byte) {
	for c := range t {
		t[c] = byte(c)
	}
	for c := 'A'; c <= 'Z'; c++ {
		t[c] = byte(c + 'a' - 'A')
	}
	return t
}()

// equalLower reports whether name, lowered, is lower.
func equalLower[T string | []byte](lower string, name T) bool {
	for i := 0; i < len(name); i++ {
		if toLower[name[i]] != lower[i] {
			return false
		}
	}
	return true
}

// schemeAt returns the end of the scheme starting at b[i] when a ':'
// follows it, or -1.
func schemeAt(b []byte, i int) int {
	if i >= len(b) || class[b[i]]&cAlpha == 0 {
		return -1
	}
	j := i + 1
	for j < len(b) && class[b[j]]&cScheme != 0 {
		j++
	}
	if j < len(b) && b[j] == ':' {
		return j
	}
	return -1
}

// schemeRule reports whether u meets what the syntax of its scheme
// requires, syn as lookupScheme gives it (anyPart if unregistered):
// "http:g" and "http://" are no http URIs (RFC 9110 §4.2.1 requires a
// host). underscore tells that the host holds '_' (hostWarning): the host
// check sees it, so that matches need no second look at their hosts.
func schemeRule(u uri.URI, syn syntax) (ok, underscore bool) {
	if u.Host == "" && u.Path == "" && !u.HasUserinfo && !u.HasPort && !u.HasQuery && !u.HasFragment {
		return false, false // nothing after the ':'
	}
	switch syn {
	case needHost:
		if !u.HasAuthority {
			return false, false
		}
		return validHost(u)
	case needSlashes, needSlash:
		if u.HasAuthority && u.Host == "" {
			return true, false
		}
		if u.HasAuthority {
			if ok, underscore = validHost(u); ok || syn == needSlashes {
				return ok, underscore
			}
		}
		return syn == needSlash && strings.HasPrefix(u.Path, "/"), hasUnderscore(u.Host)
	case needAddress:
		return mailtoOK(u), false
	case needPhone:
		return phoneOK(u.Path), false
	case needComma:
		return strings.Contains(u.Path, ","), false
	case needNamespace:
		return strings.IndexByte(u.Path, '/') > 0, false
	}
	return true, hasUnderscore(u.Host)
}

// delimitedSyntax returns what the syntax syn requires of a URI in
// <...>, whose delimiters say that it is one: the words that prose makes
// of data: and info: ("Info:Configure", "info:label") need a ',' or a
// namespace in running text only, and "<info:gcc>", GNOME's info pages
// (uri(7)), stays a URI.
func delimitedSyntax(syn syntax) syntax {
	if syn == needComma || syn == needNamespace {
		return anyPart
	}
	return syn
}

// phoneOK reports whether the path of a tel, fax or modem URI is written as
// a telephone-subscriber: a global number, '+' and at least a digit, or a
// local number with its ";phone-context=" (RFC 3966 §3, RFC 2806 §2).
func phoneOK(path string) bool {
	if len(path) > 1 && path[0] == '+' {
		number, _, _ := strings.Cut(path, ";")
		return strings.ContainsAny(number, "0123456789")
	}
	const context = ";phone-context="
	for i := 1; i+len(context) < len(path); i++ {
		if path[i] == ';' && strings.EqualFold(path[i:i+len(context)], context) {
			return true
		}
	}
	return false
}

// mailtoOK reports whether u has the addresses or header fields that a
// mailto URI is made of: "mailto:bar" is none (RFC 6068 §2: to is a list
// of addr-spec, each with an '@').
//
// mailtoOK and phoneOK ask only whether text is written as one of these
// URIs; their full syntax is uri.URI.CheckScheme's. The scanner keeps what
// breaks it (a raw '=' in Outlook's VERP addresses, RFC 2806's pauses):
// such links are written and followed, and urix check reports them.
func mailtoOK(u uri.URI) bool {
	if u.Path == "" {
		return u.HasQuery
	}
	for addr := range strings.SplitSeq(u.Path, ",") {
		if at := strings.LastIndexByte(addr, '@'); at <= 0 || at == len(addr)-1 {
			return false
		}
	}
	return true
}

// validHost reports whether the host of u, parsed by package uri, is an IP
// address or a DNS name: labels of letters, digits and inner hyphens
// (RFC 1123 §2.1), or percent-encoded octets (RFC 3986 §3.2.2), and '_'
// but in the top-level label; and whether it holds '_'. A final dot is
// allowed.
func validHost(u uri.URI) (ok, underscore bool) {
	if strings.HasPrefix(u.Host, "[") {
		return true, false // an IP literal, valid since u parsed
	}
	// An IPv4 address passes as a name of digit labels.
	h := strings.TrimSuffix(u.Host, ".")
	if h == "" {
		return false, false
	}
	label := 0 // start of the label at h[i]
	var seen uint8
	for i := 0; i < len(h); i++ {
		c := h[i]
		if c == '.' {
			if !labelOK(h[label:i]) {
				return false, false
			}
			label = i + 1
			continue
		}
		k := hostByte[c]
		if k == 0 {
			return false, false
		}
		seen |= k
	}
	// A top-level label is letters, digits and hyphens ("example.com_" is
	// a word and an underscore).
	underscore = seen&hostUnderscore != 0
	if !labelOK(h[label:]) || underscore && strings.IndexByte(h[label:], '_') >= 0 {
		return false, false
	}
	return true, underscore
}

// labelOK reports whether the DNS label l, of host bytes, has a length
// and hyphens that RFC 1123 §2.1 allows.
func labelOK(l string) bool {
	return len(l) > 0 && len(l) <= 63 && l[0] != '-' && l[len(l)-1] != '-'
}

// hostByte marks the bytes of a DNS name's labels: letters, digits, '-',
// '%' of percent-encoded octets (hostName), and '_', which RFC 3986
// allows in a reg-name and DNS in other records than host names
// (hostUnderscore, hostWarning).
var hostByte = func() (t [256]uint8) {
	for c := range t {
		if isAlnum(rune(c)) || c == '-' || c == '%' {
			t[c] = hostName
		}
	}
	t['_'] = hostUnderscore
	return t
}()

// The kinds of hostByte.
const (
	hostName uint8 = 1 << iota
	hostUnderscore
)

// parseView parses b with package uri without copying it: the URI and the
// error it returns share b's bytes, so they serve the checks and are
// dropped; only a candidate that passes is copied into a string, and a
// failed one costs only the error uri.Parse allocates.
func parseView(b []byte) (uri.URI, error) {
	return uri.Parse(unsafe.String(unsafe.SliceData(b), len(b)))
}
