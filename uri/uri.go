// Package uri implements RFC 3986 exactly: parsing URI references into
// components kept as written, recomposition (§5.3), resolution (§5.2),
// normalization and comparison (§6), making references relative,
// percent-encoding per component, IRI conversion (RFC 3987), the RFC 1738
// scheme rules and the security warnings of §7.
package uri

// URI is a URI reference (RFC 3986 §4.1) split into its components exactly
// as written: nothing is decoded, case-folded or normalized, so == compares
// spelling; Equal compares meaning (§6). Parse fills it with substrings of
// its input, and String puts it back together (§5.3).
//
// An undefined component is told apart from an empty one by the Has fields:
// "http://a/b?" has HasQuery set and an empty Query, "http://a/b" has
// neither; "file:///x" has an empty authority, "/x" none. Scheme is empty
// exactly when the reference is relative. The path is never undefined,
// only empty (§3.3).
type URI struct {
	Scheme   string // without the ':'; empty for a relative reference
	Userinfo string // without the '@'
	Host     string // reg-name, IPv4address, or IP-literal with its brackets (and "%25zone"); see HostKind
	Port     string // digits only, without the ':'
	Path     string // may be empty
	Query    string // without the '?'
	Fragment string // without the '#'

	HasAuthority bool // "//" present: the authority may still be empty ("file:///x")
	HasUserinfo  bool // '@' present in the authority
	HasPort      bool // ':' present after the host; the port may still be empty
	HasQuery     bool // '?' present
	HasFragment  bool // '#' present
}
