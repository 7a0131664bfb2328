package delimit

import (
	"bytes"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/urix/urix/internal/ascii"
	"github.com/urix/urix/uri"
)

// The characters people write in URIs that RFC 3986 forbids, and that
// browsers take all the same, are taken and repaired: the Match's URI has
// them percent-encoded as a WHATWG URL parser's UTF-8 percent-encode does
// (uppercase hex), its Ref keeps them as written, and a warning
// "repaired: ..." names each. They are:
//
//   - '[' and ']' outside the host, when balanced, as parentheses are:
//     "?ids[]=1", "/page/[1]";
//   - '{' and '}', balanced the same way, when they hold no template
//     expression (template.go): "/a{b/c}", "/x{!}";
//   - '^' inside a URI ("/quote/^GSPC");
//   - a second '#' ("#a#b"), and a '%' not followed by two hex digits
//     ("/100%").
//
// '|', backquote, '\', '"', '<' and '>' end a bare URI instead: Appendix
// C of RFC 3986 names '"' and '<' '>' as a URI's delimiters, '|' separates
// the cells of Markdown and wiki tables, '`' delimits code in Markdown and
// AsciiDoc, and '\' escapes in code and Windows paths. In <...> and "..."
// the delimiters say where the URI ends, so '`' inside is repaired too,
// and '|' in "..."; in <...> a '|' starts the label of a chat link
// ("<https://example.com/|Example>", angleLabel).

// mapText parses the text of a candidate that does not parse as it is,
// whose parse error err is at a character it maps (repairable): as an IRI
// whose characters are mapped (RFC 3987 §3.1: NFC, UTF-8 percent-encoding,
// IDNA A-labels, uri.FromIRI) after the repairs above. mapped is the URI;
// warn holds the warnings, one a line. Callers parse first (parseView), so
// that the usual candidate, a URI as written, costs nothing more.
func mapText(out []byte) (u uri.URI, mapped, warn string, err error) {
	text, warn := repair(out)
	if !ascii.Valid(text) {
		if text, err = uri.FromIRI(text); err != nil {
			return u, "", "", err
		}
	}
	u, err = uri.Parse(text)
	return u, text, warn, err
}

// parseOrMap parses out without copying it (parseView) and, when that
// fails at a character mapText maps, maps it; mapped is "" when out
// parsed as it is.
func parseOrMap(out []byte) (u uri.URI, mapped, warn string, err error) {
	u, err = parseView(out)
	if err != nil && repairable(out, err) {
		return mapText(out)
	}
	return u, "", "", err
}

// repairable reports whether the parse error err of out is at a
// character that mapText maps: the first that package uri refuses is
// non-ASCII, one that is repaired, or the digits after a '%'. Any other
// error stays after mapping, and most candidates that fail fail so.
func repairable(out []byte, err error) bool {
	e, ok := err.(*uri.Error)
	if !ok || e.Offset < 0 {
		return false
	}
	k := min(e.Offset, len(out)) // past the end: "100%"
	if k >= 1 && out[k-1] == '%' || k >= 2 && out[k-2] == '%' {
		return true
	}
	if k == len(out) {
		return false
	}
	c := out[k]
	return c >= utf8.RuneSelf || class[c]&cRepair != 0 || c == '[' || c == ']' || c == '#' || c == '%'
}

// repair returns the text of the URI out with the characters browsers
// take but RFC 3986 forbids percent-encoded, and the warning that names
// them, or "" when there were none. The authority is left alone: brackets
// there delimit an IP literal.
func repair(out []byte) (string, string) {
	start := bytes.IndexByte(out, ':') + 1
	auth := start
	if bytes.HasPrefix(out[start:], []byte("//")) {
		auth = start + 2
		for auth < len(out) && out[auth] != '/' && out[auth] != '?' && out[auth] != '#' {
			auth++
		}
	}
	var done []byte // the characters repaired, in order of first sight
	fragment := false
	for k := start; k < len(out); k++ {
		if repairAt(out, k, auth, &fragment) && bytes.IndexByte(done, out[k]) < 0 {
			done = append(done, out[k])
		}
	}
	if len(done) == 0 {
		return string(out), ""
	}
	return repairText(out, start, auth), repairWarning(done)
}

// repairText is repair's text: out with each character to repair
// percent-encoded.
func repairText(out []byte, start, auth int) string {
	var b strings.Builder
	b.Grow(len(out) + 8)
	b.Write(out[:start])
	fragment := false
	for k := start; k < len(out); k++ {
		c := out[k]
		if repairAt(out, k, auth, &fragment) {
			b.WriteByte('%')
			b.WriteByte(ascii.UpperHex[c>>4])
			b.WriteByte(ascii.UpperHex[c&15])
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// repairAt reports whether out[k] is to be repaired; fragment tells that
// a '#' came before, and is set at the first.
func repairAt(out []byte, k, auth int, fragment *bool) bool {
	switch c := out[k]; c {
	case '[', ']':
		return k >= auth
	case '#':
		f := *fragment
		*fragment = true
		return f
	case '%':
		return k+2 >= len(out) || !ascii.IsHex(out[k+1]) || !ascii.IsHex(out[k+2])
	default:
		return class[c]&cRepair != 0
	}
}

// repairWarning names the characters repaired and their encodings.
func repairWarning(done []byte) string {
	var b strings.Builder
	b.WriteString("repaired:")
	for k, c := range done {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString(" " + strconv.QuoteRune(rune(c)) + " as %" + string(ascii.UpperHex[c>>4]) + string(ascii.UpperHex[c&15]))
	}
	b.WriteString(": RFC 3986 does not allow them there; browsers take them")
	return b.String()
}

// alternatives returns Match.Alternatives for the other reading alt, nil
// when there is none.
func alternatives(alt string) []string {
	if alt == "" {
		return nil
	}
	return []string{alt}
}

// mapAlt returns the other reading alt of a URI that needed mapping,
// mapped the same way, or "" when it is no URI then.
func mapAlt(alt string, mapped bool) string {
	if !mapped || alt == "" {
		return alt
	}
	_, err := uri.Parse(alt)
	if err == nil {
		return alt
	}
	b := []byte(alt)
	if !repairable(b, err) {
		return ""
	}
	_, m, _, err := mapText(b)
	if err != nil {
		return ""
	}
	return m
}
