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
	u, _, warns, err := b.ParseAttrText(s)
	return u, warns, err
}

// ParseAttrText is ParseAttr that also returns the text u was parsed
// from: s with its repairs, which is u.String() without building it again
// (for most attribute values, s itself without surrounding spaces).
func (b Base) ParseAttrText(s string) (u uri.URI, text string, warns []uri.Warning, err error) {
	// Small enough to be inlined: the caller's Base is not copied.
	text, warns, err = parseAttr(s, b.URI.Scheme, &u)
	return u, text, warns, err
}

// parseAttr is ParseAttrText under a base of baseScheme, into *u.
func parseAttr(s, baseScheme string, u *uri.URI) (text string, warns []uri.Warning, err error) {
	s = trimControls(s)
	// Most values are valid references as they are, and then hold no
	// tab, line break or backslash: only the slashes after a special
	// scheme may still need the browser's reading, and not when a host
	// follows them (specialSlashes leaves "//host" as it is).
	if *u, err = uri.Parse(s); err == nil {
		if u.Host != "" || !isSpecialRef(u.Scheme, baseScheme) {
			return s, nil, nil
		}
		if t, _ := specialSlashes(s, u.Scheme, baseScheme); t == s {
			return s, nil, nil
		}
	}
	*u, text, warns, err = repairAttr(s, baseScheme, err)
	return text, warns, err
}

// repairAttr is ParseAttrText for a value s that is not a URI reference as
// it is, or whose slashes browsers read otherwise; err is why s does not
// parse, nil if it does.
func repairAttr(s, baseScheme string, err error) (uri.URI, string, []uri.Warning, error) {
	var warns []uri.Warning
	ws, bs := scanAttr(s)
	if ws {
		s = strings.Map(func(r rune) rune {
			if r == '\t' || r == '\r' || r == '\n' {
				return -1
			}
			return r
		}, s)
		warns = append(warns, warnWhitespace)
	}
	scheme := uri.SchemeOf(s)
	if isSpecialRef(scheme, baseScheme) {
		if bs {
			s = backslashes(s)
			warns = append(warns, warnBackslash)
		}
		if t, w := specialSlashes(s, scheme, baseScheme); t != s {
			s, scheme = t, uri.SchemeOf(t)
			warns = append(warns, w)
		}
	}
	if len(warns) > 0 { // else s is as it was, and err says why it fails
		var u uri.URI
		if u, err = uri.Parse(s); err == nil {
			return u, s, warns, nil
		}
	}
	t := percentEncode(s, scheme != "")
	if t != s {
		warns = append(warns, warnEncoded)
	}
	if !ascii.Valid(t) {
		// Only the authority still holds non-ASCII: an IDN host.
		var err2 error
		if t, err2 = uri.FromIRI(t); err2 != nil {
			return uri.URI{}, "", warns, err
		}
		warns = append(warns, warnIDNA)
	}
	if u, err2 := uri.Parse(t); err2 == nil {
		return u, t, warns, nil
	}
	return uri.URI{}, "", warns, err
}

// isSpecialRef reports whether a reference of scheme, "" for a relative
// one, under a base of baseScheme ("" for none) is read by the rules of
// the special schemes (see IsSpecial).
func isSpecialRef(scheme, baseScheme string) bool {
	if scheme == "" {
		return IsSpecial(baseScheme)
	}
	return IsSpecial(scheme)
}

// trimControls returns s without the leading and trailing C0 controls and
// spaces browsers ignore.
func trimControls(s string) string {
	i, j := 0, len(s)
	for i < j && s[i] <= ' ' {
		i++
	}
	for j > i && s[j-1] <= ' ' {
		j--
	}
	return s[i:j]
}

// scanAttr reports whether the attribute value s holds a tab or line
// break, and whether a backslash comes before its query or fragment
// (which removing the tabs and line breaks changes neither).
func scanAttr(s string) (whitespace, backslash bool) {
	// Each IndexByte is a vector scan: four beat one loop over the bytes.
	whitespace = strings.IndexByte(s, '\n') >= 0 || strings.IndexByte(s, '\t') >= 0 ||
		strings.IndexByte(s, '\r') >= 0
	if i := strings.IndexByte(s, '\\'); i >= 0 {
		backslash = strings.IndexAny(s[:i], "?#") < 0
	}
	return whitespace, backslash
}

var (
	warnWhitespace = uri.Warning{Code: "html-whitespace", Message: "tab or line break removed from the reference, as browsers do"}
	warnBackslash  = uri.Warning{Code: "html-backslash", Message: `backslash read as "/", as browsers do for this scheme`}
	warnSlashes    = uri.Warning{Code: "html-scheme-slashes", Message: `slashes after the scheme read as "//", as browsers do for this scheme`}
	warnSameScheme = uri.Warning{Code: "html-same-scheme", Message: "scheme the same as the base's read as a relative reference, as browsers do (RFC 3986 §5.2.2, non-strict)"}
	warnEncoded    = uri.Warning{Code: "html-percent-encoded", Message: "characters not allowed in a URI percent-encoded"}
	warnIDNA       = uri.Warning{Code: "html-idna", Message: "non-ASCII host converted to A-labels (IDNA), as browsers do"}
)

// IsSpecial reports whether scheme (ASCII case-insensitive) is one the WHATWG
// URL Standard (§4.1) calls special: '\' is '/' in them, a reference of the
// base's own scheme without "//" is relative, and the query of an http,
// https, ftp or file URL is in the document's encoding (§4.4, query state).
func IsSpecial(scheme string) bool {
	// ASCII case folding, as the URL Standard compares schemes: "fİle"
	// (U+0130) is not "file", though strings.ToLower makes it so.
	var lower [5]byte
	if len(scheme) < 2 || len(scheme) > len(lower) {
		return false
	}
	for i := 0; i < len(scheme); i++ {
		lower[i] = scheme[i] | 0x20 // only 'A'..'Z' become letters
	}
	switch string(lower[:len(scheme)]) {
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
func specialSlashes(s, scheme, baseScheme string) (string, uri.Warning) {
	file := strings.EqualFold(scheme, "file") || scheme == "" && strings.EqualFold(baseScheme, "file")
	if scheme == "" {
		if strings.HasPrefix(s, "//") && !file {
			return twoSlashes(s, 0), warnSlashes
		}
		return s, warnSlashes
	}
	rest := s[len(scheme)+1:]
	if strings.EqualFold(baseScheme, scheme) && !strings.HasPrefix(rest, "//") {
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
