package base

import (
	"strings"

	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/uri"
)

// ParseAttr parses s, the value of a URL-bearing HTML attribute with its
// character references decoded, the way browsers read one before
// resolving it against b (the URL parser of the WHATWG URL Standard §4.4,
// which RFC 3986 §4.1 and §5.1 leave to the application), so that links
// resolve as a browser resolves them:
//
//   - leading and trailing C0 controls and spaces are ignored;
//   - tab, CR and LF anywhere are removed (warning "html-whitespace");
//   - in a reference of the schemes http, https, ws, wss, ftp and file (or
//     a relative one under such a base) a backslash before the query is a
//     slash (warning "html-backslash"); "http:g" is the relative "g" under
//     an http base (the non-strict rule of RFC 3986 §5.2.2, warning
//     "html-same-scheme") and "http://g" otherwise, and extra slashes
//     before the authority are ignored (warning "html-scheme-slashes"),
//     except in file: URIs;
//   - characters RFC 3986 does not allow where they stand (space, '"',
//     '<', '>', '\', '^', '`', '{', '|', '}', controls, non-ASCII outside
//     the authority, a '%' not starting a percent-encoding, '#' inside the
//     fragment, '[' and ']' outside the authority; in the userinfo, those
//     and '@', '[', ']', see encodeUserinfo) are percent-encoded as
//     UTF-8 (RFC 3986 §2.1, §2.5; warning "html-percent-encoded"), where a
//     browser would encode most of them too but leave some as they are:
//     urix always yields a valid URI reference;
//   - a host with non-ASCII characters is converted to A-labels as
//     uri.FromIRI does (UTS #46, as browsers do; warning "html-idna").
//
// The warnings say what was repaired. An error (a *uri.Error) is returned
// only when the repaired value still does not parse, for instance for an
// invalid authority.
func (b Base) ParseAttr(s string) (uri.URI, []uri.Warning, error) {
	var warns []uri.Warning
	s = strings.TrimFunc(s, func(r rune) bool { return r <= ' ' })
	if strings.ContainsAny(s, "\t\r\n") {
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, s)
		warns = append(warns, warnWhitespace)
	}
	scheme := uri.SchemeOf(s)
	special := IsSpecial(scheme)
	if scheme == "" && !b.IsZero() {
		special = IsSpecial(b.URI.Scheme)
	}
	if special {
		beforeQuery := s
		if end := strings.IndexAny(s, "?#"); end >= 0 {
			beforeQuery = s[:end]
		}
		if strings.Contains(beforeQuery, `\`) {
			s = backslashes(s)
			warns = append(warns, warnBackslash)
		}
		if t, w := specialSlashes(s, scheme, b); t != s {
			s, scheme = t, uri.SchemeOf(t)
			warns = append(warns, w)
		}
	}
	u, err := uri.Parse(s)
	if err == nil {
		return u, warns, nil
	}
	t := percentEncode(s, scheme != "")
	if t != s {
		warns = append(warns, warnEncoded)
	}
	if !ascii.Valid(t) {
		// Only the authority still holds non-ASCII: an IDN host.
		var err2 error
		if t, err2 = uri.FromIRI(t); err2 != nil {
			return uri.URI{}, warns, err
		}
		warns = append(warns, warnIDNA)
	}
	if u, err2 := uri.Parse(t); err2 == nil {
		return u, warns, nil
	}
	return uri.URI{}, warns, err
}

var (
	warnWhitespace = uri.Warning{Code: "html-whitespace", Message: "tab or line break removed from the reference, as browsers do"}
	warnBackslash  = uri.Warning{Code: "html-backslash", Message: `backslash read as "/", as browsers do for this scheme`}
	warnSlashes    = uri.Warning{Code: "html-scheme-slashes", Message: `slashes after the scheme read as "//", as browsers do for this scheme`}
	warnSameScheme = uri.Warning{Code: "html-same-scheme", Message: "scheme the same as the base's read as a relative reference, as browsers do (RFC 3986 §5.2.2, non-strict)"}
	warnEncoded    = uri.Warning{Code: "html-percent-encoded", Message: "characters not allowed in a URI percent-encoded"}
	warnIDNA       = uri.Warning{Code: "html-idna", Message: "non-ASCII host converted to A-labels (IDNA), as browsers do"}
)

// IsSpecial reports whether scheme (case-insensitive) is one the WHATWG
// URL Standard (§4.1) calls special: '\' is '/' in them, a reference of the
// base's own scheme without "//" is relative, and the query of an http,
// https, ftp or file URL is in the document's encoding (§4.4, query state).
func IsSpecial(scheme string) bool {
	switch strings.ToLower(scheme) {
	case "http", "https", "ws", "wss", "ftp", "file":
		return true
	}
	return false
}

// backslashes turns every '\' before the query or fragment into '/'.
func backslashes(s string) string {
	bs := []byte(s)
	for i, c := range bs {
		if c == '?' || c == '#' {
			break
		}
		if c == '\\' {
			bs[i] = '/'
		}
	}
	return string(bs)
}

// specialSlashes applies the WHATWG scheme and authority states to a
// reference under a special scheme (see ParseAttr), and says which. The
// slashes of file: URIs, where browsers read hosts their own way, are
// left as written.
func specialSlashes(s, scheme string, b Base) (string, uri.Warning) {
	file := strings.EqualFold(scheme, "file") || scheme == "" && !b.IsZero() && strings.EqualFold(b.URI.Scheme, "file")
	if scheme == "" {
		if strings.HasPrefix(s, "//") && !file {
			return twoSlashes(s, 0), warnSlashes
		}
		return s, warnSlashes
	}
	rest := s[len(scheme)+1:]
	if !b.IsZero() && strings.EqualFold(b.URI.Scheme, scheme) && !strings.HasPrefix(rest, "//") {
		if strings.Contains(firstSegment(rest), ":") {
			rest = "./" + rest // a path, not a scheme (RFC 3986 §4.2)
		}
		return rest, warnSameScheme
	}
	if file {
		return s, warnSlashes
	}
	return twoSlashes(s, len(scheme)+1), warnSlashes
}

// twoSlashes returns s with the slashes at s[at:] made exactly two: s
// itself, not built again, when they already are (most links).
func twoSlashes(s string, at int) string {
	if rest := s[at:]; !strings.HasPrefix(rest, "//") || strings.HasPrefix(rest, "///") {
		return s[:at] + "//" + strings.TrimLeft(rest, "/")
	}
	return s
}

// firstSegment returns the first path segment of the relative reference
// s: what comes before its first '/', '?' or '#'.
func firstSegment(s string) string {
	if i := strings.IndexAny(s, "/?#"); i >= 0 {
		return s[:i]
	}
	return s
}

// percentEncode percent-encodes the bytes of s that RFC 3986 does not
// allow where they stand, outside the authority. A relative s whose first
// segment holds a ':' gets "./" in front, so that it stays a path (§4.2).
func percentEncode(s string, hasScheme bool) string {
	var sb strings.Builder
	i := 0
	if hasScheme {
		i = strings.IndexByte(s, ':') + 1
	} else if strings.Contains(firstSegment(s), ":") {
		sb.WriteString("./")
	}
	sb.WriteString(s[:i])
	if strings.HasPrefix(s[i:], "//") {
		end := strings.IndexAny(s[i+2:], "/?#")
		if end < 0 {
			end = len(s) - i - 2
		}
		sb.WriteString("//" + encodeUserinfo(s[i+2:i+2+end]))
		i += 2 + end
	}
	const (
		path = iota
		query
		fragment
	)
	part := path
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '?' && part == path:
			part = query
		case c == '#' && part != fragment:
			part = fragment
		case c == '%' && i+2 < len(s) && ascii.IsHex(s[i+1]) && ascii.IsHex(s[i+2]):
		case c < 0x80 && allowed[c] && !(c == '#' || c == '[' || c == ']'):
		default:
			sb.WriteByte('%')
			sb.WriteByte(ascii.UpperHex[c>>4])
			sb.WriteByte(ascii.UpperHex[c&15])
			continue
		}
		sb.WriteByte(c)
	}
	return sb.String()
}

// allowed holds the characters RFC 3986 §2.2 and §2.3 allow literally:
// unreserved and reserved.
var allowed = func() (t [128]bool) {
	for _, c := range "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=" {
		t[c] = true
	}
	return t
}()
