package uri

// Warning is a problem found in a syntactically valid URI: a breach of a
// scheme's own rules (RFC 1738, see URI.SchemeWarnings) or a security
// concern (RFC 3986 §7, see URI.SecurityWarnings). Warnings never make a
// URI invalid; they are for the caller to weigh.
type Warning struct {
	Code    string // short and stable, e.g. "ipv4-octal", "ftp-type"
	Message string // a sentence for people, lowercase, no package prefix
}

// String returns "code: message".
func (w Warning) String() string { return w.Code + ": " + w.Message }
