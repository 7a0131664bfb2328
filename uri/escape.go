package uri

import (
	"strconv"
	"strings"

	"github.com/urix/urix/internal/ascii"
)

// Component names a component of a URI reference, for percent-encoding
// (RFC 3986 §2.1, §2.4). Each component allows its own set of characters
// literally; Escape encodes every other byte.
type Component uint8

// The components Escape knows, with the characters each keeps literally
// besides unreserved (ALPHA / DIGIT / "-" / "." / "_" / "~") and
// sub-delims ("!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "=").
const (
	// Userinfo is the userinfo of §3.2.1; it keeps ":", so escape a user
	// name or a password alone with PathSegment if it may hold ":" or "@".
	Userinfo Component = iota + 1
	// Host is a reg-name (§3.2.2); it keeps nothing else. IP literals need
	// no escaping and IDNA is FromIRI's business.
	Host
	// PathSegment is one segment of a path (§3.3): it also keeps ":" and
	// "@" (pchar) and encodes "/". A first segment holding ":" in a
	// relative reference is made safe by URI.String, which writes "./"
	// before it (§4.2).
	PathSegment
	// Path is a whole path (§3.3): pchar and "/".
	Path
	// Query is the query (§3.4): pchar, "/" and "?".
	Query
	// Fragment is the fragment (§3.5): pchar, "/" and "?".
	Fragment
)

var componentNames = [...]string{
	Userinfo:    "userinfo",
	Host:        "host",
	PathSegment: "path segment",
	Path:        "path",
	Query:       "query",
	Fragment:    "fragment",
}

// String returns the name of c, e.g. "path segment".
func (c Component) String() string {
	if int(c) < len(componentNames) && componentNames[c] != "" {
		return componentNames[c]
	}
	return "component(" + strconv.Itoa(int(c)) + ")"
}

// componentClass maps a Component to its class in charClass: the
// characters it allows literally.
var componentClass = [...]uint16{
	Userinfo:    classUserinfo,
	Host:        classRegName,
	PathSegment: classPchar,
	Path:        classPath,
	Query:       classQuery,
	Fragment:    classFragment,
}

// Escape percent-encodes s for use as component c (RFC 3986 §2.1, §2.4):
// every byte that c does not allow literally becomes "%" and two uppercase
// hex digits. Non-ASCII text is taken as UTF-8 and encoded byte by byte.
// The input is raw data, never text already encoded: "%" is always
// encoded ("%41" gives "%2541"), and Unescape(Escape(s, c)) == s.
// When nothing needs encoding, s is returned without allocating. An unknown
// Component encodes every byte.
func Escape(s string, c Component) string {
	var mask uint16
	if int(c) < len(componentClass) {
		mask = componentClass[c]
	}
	n := 0
	for i := 0; i < len(s); i++ {
		if charClass[s[i]]&mask == 0 {
			n++
		}
	}
	if n == 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 2*n)
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if charClass[ch]&mask != 0 {
			b.WriteByte(ch)
			continue
		}
		b.WriteByte('%')
		b.WriteByte(ascii.UpperHex[ch>>4])
		b.WriteByte(ascii.UpperHex[ch&15])
	}
	return b.String()
}

// Unescape decodes every percent-encoded octet in s (RFC 3986 §2.1) and
// returns the raw bytes, which need not be UTF-8 (§2.5 leaves the charset
// to the scheme). Decode a component only after splitting the reference
// (§2.4): "a%2Fb" is one path segment. A "%" not followed by two hex digits
// gives an *Error wrapping ErrInvalidEscape with the offset of that "%".
// When s holds no "%", it is returned without allocating. Encoded NUL, CR
// and LF are decoded like any octet; URI.SecurityWarnings reports them
// (§7.2, §7.3) for callers that pass the result to C or to a line-based
// protocol.
func Unescape(s string) (string, error) {
	first := strings.IndexByte(s, '%')
	if first < 0 {
		return s, nil
	}
	var b strings.Builder
	b.Grow(len(s))
	b.WriteString(s[:first])
	for i := first; i < len(s); i++ {
		if s[i] != '%' {
			b.WriteByte(s[i])
			continue
		}
		hi, lo := hexValue(s, i+1), hexValue(s, i+2)
		if hi < 0 || lo < 0 {
			return "", &Error{Op: "unescape", Input: s, Offset: i, Err: ErrInvalidEscape}
		}
		b.WriteByte(byte(hi<<4 | lo))
		i += 2
	}
	return b.String(), nil
}

// hexValue returns the value of the hex digit s[i], or -1 when s[i] is
// out of range or not a hex digit.
func hexValue(s string, i int) int {
	if i >= len(s) {
		return -1
	}
	return ascii.HexValue(s[i])
}
