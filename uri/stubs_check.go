package uri

// Warning is a problem found in a syntactically valid URI: a breach of a
// scheme's own rules (RFC 1738) or a security concern (RFC 3986 §7).
type Warning struct {
	Code    string // short and stable, e.g. "ipv4-octal", "userinfo-password"
	Message string // a sentence for people, lowercase, no package prefix
}
