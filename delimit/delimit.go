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
//     ("> >") and comment prefixes ("//", "#", "*", ";", "--") that start
//     a continued line when the line of the '<' starts with them too. A "URL:" prefix is dropped. Any absolute URI counts,
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
//     provisional, historical; with Options.AnyScheme any scheme followed
//     by "//", but not one right after another scheme's ':', as in
//     "jdbc:postgresql://") at a word boundary, followed by ':'. Schemes
//     whose syntax needs an authority (http, https, ftp, ws, telnet, ...; see
//     scheme_syntax.txt) need "//" and a valid host name; "mailto:" needs an
//     address (RFC 6068), "tel:" a global number or a phone-context
//     (RFC 3966); in running text "data:" and "geo:" need a ','
//     (RFC 2397, RFC 5870) and "info:" a namespace and '/' (RFC 4452), as
//     prose makes labels of them ("data:image", "info:label"). A scheme
//     followed by "::", '&' or a closing bracket is code, markup or a
//     smiley; one followed by a capitalised word alone is a label, a
//     heading or a wiki namespace ("## Info:Configure the server",
//     "Help:Contents"): opaque URIs spell their words in lower case
//     ("about:blank") or hold more than a word. A ',' or ';' in the host,
//     which no host name holds, ends the URI
//     ("MIRRORS=https://a.example,backup"). A bare URI ends at whitespace, a control
//     character, or one of < > " | \ `: Appendix C names '"' and '<' '>'
//     as a URI's delimiters, '|' separates table cells, '`' delimits code
//     in Markdown and AsciiDoc, '\' escapes in code. Trailing
//     . , ; : ! ? ' * are dropped, and ')' ']' '}' when unbalanced, and a
//     last '(', which opens nothing; but a "'" that closes one opened
//     inside the URI is kept, as quotes balance like brackets
//     ("http://foo.com/blah_'singlequoted'"). A "'" in the authority,
//     where no host name holds one, ends the URI ("https://example.com's").
//     A URI
//     right after '(' ends at the matching ')', one right after an
//     apostrophe at the next "'" that ends a word ("'http://x/Fermat's_Last'"),
//     an unbalanced ']' or '}' ends a URI and an unclosed '[' or '{' is
//     left out of it. "URL:" before a URI is not part of it.
//   - IRIs (RFC 3987): a bare URI goes on through the non-ASCII letters,
//     marks, digits and symbols of scripts written with spaces
//     ("https://de.wikipedia.org/wiki/Köln", "http://müller.example/"),
//     and through a dash or connector between letters ("Hatfield–McCoy")
//     but for the em dash and longer ones, which set off a clause even
//     when set without spaces ("https://example.com/foo—then"), and
//     through punctuation that Unicode keeps inside a word between two
//     letters (UAX #29 MidLetter: "Intel·ligència", "צה״ל", "Fermat’s").
//     It ends at non-ASCII punctuation and spaces (Unicode P*, Z*: "。",
//     NBSP), halfwidth and fullwidth forms, and at a character of a script
//     written without spaces (Han, Hiragana, Katakana, Hangul, Thai, Lao,
//     Khmer, Myanmar) that follows an ASCII letter or digit, as in
//     "访问http://example.com查看", or anywhere past an ASCII host when such
//     text runs into the URI's start ("见http://example.com/中文说明": who
//     sets no space before a URI sets none after it) but for a query
//     value right after '=' ("s?wd=中文"), or right after the '/' that ends
//     an ASCII host ("https://code.example.org/在这里查看") unless it goes
//     on as a path, with a '/', '?', '#' or ".ext" ("/用户/{id}",
//     "/文档.html"); elsewhere
//     ("http://例子.测试/路径", " https://zh.wikipedia.org/wiki/北京 ") those
//     belong to the URI. A symbol right after the punctuation that ends a
//     sentence ("page!🙂") ends it, and so does an emoji (U+1F000 on)
//     right after a letter or digit past the host, as chat sets them
//     against words ("https://t.co/abc🙂"); a segment of them belongs
//     ("http://foo.com/🐼"). Inside <...> and "..." any non-ASCII character but
//     spaces belongs to it. Zero-width and direction-changing characters
//     (U+200B-U+200F, U+202A-U+202E, U+2066-U+2069, U+FEFF, U+00AD) end a
//     bare URI, and a match next to one carries an "invisible" warning;
//     but a joiner (ZWNJ, ZWJ) inside a word, after a virama or between
//     two non-ASCII characters of the URI, is part of how the word is
//     written (Persian, Indic conjuncts, emoji sequences) and belongs.
//     Match.Ref keeps the IRI as written, Match.URI is its mapping to a
//     URI (RFC 3987 §3.1, uri.FromIRI: NFC, UTF-8 percent-encoding, IDNA
//     A-labels).
//   - Characters that RFC 3986 forbids but browsers take are taken and
//     repaired: '[' ']' outside the host and '{' '}' when balanced, '^', a
//     second '#', a '%' not followed by two hex digits; in "..." '|' and
//     '`' too, and in <...> '`', since the delimiters tell where the URI
//     ends. In <...> a '|' ends the URI, and what follows it up to the '>'
//     is a label: the link syntax of Slack and Mattermost
//     ("<https://example.com/|Example>"), common in chat.
//     Match.URI has them percent-encoded ("%5B", "%23", "%25") as a WHATWG
//     URL parser's percent-encode does, Match.Ref as written, and a
//     "repaired" warning names each. The principle: a character is
//     repaired when leaving it out would cut the URI so that it names
//     another resource, and none of text's markup uses it to close what
//     opened before the URI; it ends the URI when text uses it as a
//     delimiter. A '[' right after the authority
//     ("https://example.org[Example site]") or after a URI opened by an
//     AsciiDoc macro ("link:https://...[text]", "image:...[alt]") is link
//     text and ends the URI, and so is a "[...]" glued after a URI and
//     followed by a space, punctuation or the line's end when it reads as
//     a label or a note mark: empty, a number, a capitalised or non-Latin
//     word, or text with a space, '=' or ','
//     ("include::https://x/part.adoc[]", "https://x/page[Docs]",
//     "https://x/a[2]"); after a '/' or in a query parameter's name it is
//     URL syntax ("?a[]=1", "?a[0]=x").
//   - URI templates (template.go): a candidate that holds an RFC 6570
//     expression ("{user}", "{+path}", "{?q}"), a shell or JavaScript
//     "${var}" (which may hold spaces), a Mustache "{{id}}", an RPM
//     "%{version}", a Windows "%VAR%" or a printf verb ("%s", "%[1]s")
//     is reported whole, as written, with Style Template, when it is a URI
//     of its scheme once each expression is filled in. A template is no
//     URI: repaired into "%7Buser%7D" it names what no one meant, and the
//     text before the expression alone is rarely what the writer meant,
//     so neither is reported; a link checker leaves Template matches
//     alone.
//   - A host may hold '_' (RFC 3986 §3.2.2 reg-name; SRV's "_sip._tcp"),
//     but for its top-level label; such a match carries a "host-name"
//     warning, since host names may not (RFC 1123).
//   - Markdown emphasis: a URI right after "*", "**", "_", "__", "~" or "~~"
//     at a word boundary ends before the same marker where it ends a word
//     ("_https://example.org/my_file_"); after '_' a URI needs that
//     closing marker, since "_http:" is otherwise inside a word. Text of
//     a script written without spaces next to a marker is no word of the
//     URI's: "**https://example.org/a**です" ends before the "**".
//   - A URI that ends in '-' before a line break and goes on on the next line
//     is joined; the match carries both readings, with the hyphen (URI) and
//     without it (Alternatives). A next line that opens with '(' or '[' does not go
//     on, and when the joined text is no URI, the text up to the hyphen is.
//     When both lines start with the same comment or quote prefix ("//",
//     "#", "*", ";", "--", ">"), it is no part of the URI, and the rule
//     looks at what follows it.
//   - With Options.Abbreviated, "www." (or numbered, "www2.") and "ftp."
//     host names with a public suffix are reported with "http://" or "ftp://" added (2003 draft of
//     RFC 3986, appendix F); with Options.Relative, relative references in
//     <...> are reported too.
//
// Every URI reported but a Template parses with package uri. A candidate that starts
// like a URI, a scheme at a word boundary and its ':', and is then dropped
// is dropped by one of the rules above, named in dropped.go: markup after
// the ':', no URI character or no authority where the scheme needs one,
// too long, nothing left after trailing punctuation, '_' before it with no
// closing '_', a label, no URI even after mapping and repair, not of its
// scheme's syntax, or, abbreviated, no public suffix. Every Template
// parses once its expressions are filled in. A candidate longer than
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
	Template                 // "https://api.example.com/users/{user}", a URI template, as written (RFC 6570)
)

// String returns the style's name: "bare", "angle", "angle-url", "quoted",
// "abbreviated" or "template".
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
	case Template:
		return "template"
	}
	return "Style(" + strconv.Itoa(int(s)) + ")"
}

// Match is a URI found in text (RFC 3986 Appendix C).
//
// Its fields are named as those of extract.Link. The codes of its
// Warnings: "repaired" for characters RFC 3986 forbids that were
// percent-encoded, "invisible" for a zero-width or direction-changing
// character next to the URI, "host-name" for a host that DNS host names
// do not allow.
type Match struct {
	URI          string   // cleaned: delimiters, "URL:", inner whitespace and quote markers removed; scheme added for Abbreviated; an IRI mapped and repaired characters percent-encoded; not normalized; a Template as written
	Ref          string   // as written: the text of [Start, End) less the whitespace and quote markers removed (no scheme added, IRI characters as they are)
	Start, End   int64    // byte span in the input from the first to past the last byte of the URI text (delimiters and "URL:" excluded)
	Line, Column int      // 1-based, of Start; Column counts bytes
	Style        Style    // how the URI was delimited
	Joined       bool     // whitespace or quote markers were removed from inside the span
	Relative     bool     // a relative reference (only with Options.Relative, only inside <...>)
	Alternatives []string // the other readings when ambiguous (hyphen at a line break: URI keeps the hyphen, the alternative drops it)
	Warnings     []string // warnings about the match, "code: message"
}

// Options select what a Scanner reports.
type Options struct {
	Abbreviated bool // report www./ftp. hosts with a known public suffix, scheme added (2003 draft appendix F)
	Relative    bool // report relative references inside <...>
	AnyScheme   bool // also report bare "scheme://authority..." URIs whose scheme IANA never registered ("git+ssh://", "s3://")
	MaxLength   int  // longest URI reported, 0 = DefaultMaxLength; longer candidates are dropped, never split
}

// DefaultMaxLength is the longest URI reported when Options.MaxLength is 0.
const DefaultMaxLength = 8192
