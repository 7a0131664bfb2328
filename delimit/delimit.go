// Package delimit finds URIs in running text: mail, news, RFC-style
// documents and printed prose, following the appendix "Delimiting a URI in
// Context" of RFC 3986 (Appendix C) and its drafts.
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
