// Package delimit finds URIs in running text (mail, news, RFC-style
// documents, printed prose) as the appendix "Delimiting a URI in Context"
// of RFC 3986 (Appendix C) and its drafts recommend, and nothing else.
//
// A Scanner reads text and reports each URI as a Match: the URI cleaned of
// its delimiters (not normalized), its byte span, line and column, how it
// was delimited, and whether whitespace was removed from it. The rules:
//
//   - <...>: the brackets are not part of the URI; whitespace inside (SP,
//     TAB, CR, LF, NBSP) is removed wherever a line break falls, even in
//     the scheme ("<ht\n tp://...>"), and so are mail quote markers
//     ("> >") that start a continued line when the line of the '<' is
//     quoted too. A "URL:" prefix is dropped. Any absolute URI counts,
//     whatever its scheme; a registered scheme must meet its syntax
//     ("<http:g>" is none). HTML tags, placeholders such as "<scheme>",
//     "<>", bracketed mail addresses and XML elements with a namespace
//     prefix ("<xhtml:div>" followed by "</xhtml:", "<ds:Object>") give
//     nothing.
//     An unclosed '<' is given up at the next '<', a blank line or
//     MaxLength+2048 bytes, and the text is read as bare text.
//   - "...": the text between the quotes, on one line, when all of it is a
//     URI with a registered scheme.
//   - Bare URIs start with a scheme of IANA's registry (permanent,
//     provisional, historical) at a word boundary, followed by ':'. Schemes
//     whose syntax needs an authority (http, https, ftp, ws, telnet, ...; see
//     scheme_syntax.txt) need "//" and a valid host name; "mailto:" needs an
//     address (RFC 6068), "tel:" a global number or a phone-context
//     (RFC 3966). A scheme followed by "::", '&' or a closing bracket is
//     code, markup or a smiley. A bare URI ends at whitespace, a control
//     character, one of < > " { } | \ ^ ` or a non-ASCII character; when
//     that character continues a word in a script written with spaces
//     ("http://www.bürger..."), the text is an IRI cut short and nothing is
//     reported. Trailing . , ; : ! ? ' * are dropped, and ')' or ']' when
//     unbalanced; a URI right after '(' or an apostrophe ends at the matching closer,
//     and an unbalanced ']' ends a URI. "URL:" before a URI is not part of it.
//   - A URI that ends in '-' before a line break and goes on on the next line
//     is joined; the match carries both readings, with the hyphen (URI) and
//     without it (Alt). A next line that opens with '(' or '[' does not go
//     on, and when the joined text is no URI, the text up to the hyphen is.
//   - With Options.Abbreviated, "www." and "ftp." host names with a public
//     suffix are reported with "http://" or "ftp://" added (2003 draft of
//     RFC 3986, appendix F); with Options.Relative, relative references in
//     <...> are reported too.
//
// Every URI reported parses with package uri. A candidate longer than
// MaxLength is dropped, never split. Text never causes an error; only the
// reader does. The scanner keeps a window of bounded size over the input,
// runs in linear time whatever the input, allocates the strings of the
// matches and little else (a candidate that fails to parse costs its
// error), and reports the same matches whatever the reader's chunk sizes.
// docs/delimit-conformance.md compares it with other extractors.
package delimit

import "strconv"

// Style tells how a URI was delimited in the text (RFC 3986 Appendix C).
type Style uint8

// The delimiting styles of RFC 3986 Appendix C.
const (
	Bare        Style = iota // no delimiters: "see http://example.com/."
	Angle                    // "<http://example.com/>"
	AngleURL                 // "<URL:http://example.com/>"
	Quoted                   // "\"http://example.com/\""
	Abbreviated              // "www.example.com/", scheme added (2003 draft appendix F)
)

// String returns the style's name: "bare", "angle", "angle-url", "quoted"
// or "abbreviated".
func (s Style) String() string {
	switch s {
	case Bare:
		return "bare"
	case Angle:
		return "angle"
	case AngleURL:
		return "angle-url"
	case Quoted:
		return "quoted"
	case Abbreviated:
		return "abbreviated"
	}
	return "Style(" + strconv.Itoa(int(s)) + ")"
}

// Match is a URI found in text (RFC 3986 Appendix C).
type Match struct {
	URI          string // cleaned: delimiters, "URL:", inner whitespace and quote markers removed; scheme added for Abbreviated; not normalized
	Start, End   int64  // byte span in the input from the first to past the last byte of the URI text (delimiters and "URL:" excluded)
	Line, Column int    // 1-based, of Start; Column counts bytes
	Style        Style
	Joined       bool   // whitespace or quote markers were removed from inside the span
	Alt          string // the other reading when ambiguous (hyphen at a line break: URI keeps the hyphen, Alt drops it), else ""
	Relative     bool   // a relative reference (only with Options.Relative, only inside <...>)
}

// Options select what a Scanner reports.
type Options struct {
	Abbreviated bool // report www./ftp. hosts with a known public suffix, scheme added (2003 draft appendix F)
	Relative    bool // report relative references inside <...>
	MaxLength   int  // longest URI reported, 0 = DefaultMaxLength; longer candidates are dropped, never split
}

// DefaultMaxLength is the longest URI reported when Options.MaxLength is 0.
const DefaultMaxLength = 8192
