package uri

// Parse parses s as a URI-reference (RFC 3986 §4.1, Appendix A).
func Parse(s string) (URI, error) { panic("uri: Parse not implemented yet") }

// String recomposes u per RFC 3986 §5.3.
func (u URI) String() string { panic("uri: String not implemented yet") }

// IsAbs reports whether u has a scheme (RFC 3986 §4.3).
func (u URI) IsAbs() bool { return u.Scheme != "" }
