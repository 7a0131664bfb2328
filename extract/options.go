package extract

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// Type is a kind of input Links reads.
type Type int

const (
	Auto     Type = iota // detected from the name and the first bytes (see Detect)
	Text                 // plain text: URIs delimited as RFC 3986 Appendix C describes
	HTML                 // an HTML document: URL-bearing attributes, CSS, text
	Mail                 // one Internet message (RFC 5322) with its MIME parts
	Mbox                 // a mailbox of messages, each after a "From " line
	Markdown             // CommonMark with GitHub's extensions
	AsciiDoc             // AsciiDoc, its link and image macros
	RST                  // reStructuredText, its hyperlinks and directives
	OOXML                // an Office Open XML document: DOCX, XLSX, PPTX
	ODF                  // an OpenDocument file: ODT, ODS, ODP
	EPUB                 // an EPUB book
	PDF                  // a PDF document
	WARC                 // a web archive (ISO 28500 WARC 1.0, 1.1), uncompressed or gzip
)

var typeNames = [...]string{"auto", "text", "html", "mail", "mbox", "markdown", "asciidoc", "rst", "ooxml", "odf", "epub", "pdf", "warc"}

// String returns the type's name, as ParseType accepts it.
func (t Type) String() string {
	if t < 0 || int(t) >= len(typeNames) {
		return "type(" + strconv.Itoa(int(t)) + ")"
	}
	return typeNames[t]
}

// TypeNames returns the names of the input types, Auto's first, in the
// order of their constants: the words ParseType takes and Type.String
// gives (ParseType also takes a few others: "eml", "md", "docx", ...).
func TypeNames() []string { return slices.Clone(typeNames[:]) }

// Binary reports whether inputs of type t are binary files (PDF and the
// zip containers), which a scan of text files must not skip.
func (t Type) Binary() bool {
	return t == OOXML || t == ODF || t == EPUB || t == PDF
}

// ErrUnknownType is wrapped by the error of ParseType. Like the package's
// other sentinels it has no prefix: the error that wraps it adds "extract: "
// once.
var ErrUnknownType = errors.New("unknown input type")

// ParseType returns the Type named s ("auto", "text", "html", "mail",
// "mbox", "markdown", "asciidoc", "rst", "ooxml", "odf", "epub", "pdf",
// "warc"; case-insensitive; "eml" is mail, "htm" is html, and "md",
// "adoc", "docx", "odt", ... name their type), as the --type flag takes it.
func ParseType(s string) (Type, error) {
	switch strings.ToLower(s) {
	case "auto", "":
		return Auto, nil
	case "text", "txt":
		return Text, nil
	case "html", "htm":
		return HTML, nil
	case "mail", "eml":
		return Mail, nil
	case "mbox":
		return Mbox, nil
	case "markdown", "md":
		return Markdown, nil
	case "asciidoc", "adoc":
		return AsciiDoc, nil
	case "rst", "restructuredtext":
		return RST, nil
	case "ooxml", "docx", "xlsx", "pptx":
		return OOXML, nil
	case "odf", "odt", "ods", "odp":
		return ODF, nil
	case "epub":
		return EPUB, nil
	case "pdf":
		return PDF, nil
	case "warc":
		return WARC, nil
	}
	return Auto, fmt.Errorf("extract: %w %q (want %s or %s)", ErrUnknownType, s,
		strings.Join(typeNames[:len(typeNames)-1], ", "), typeNames[len(typeNames)-1])
}

// Unique selects which repeated links Links leaves out.
type Unique int

const (
	UniqueNone       Unique = iota // every occurrence is yielded
	UniqueExact                    // a link whose URI string was yielded before is left out
	UniqueNormalized               // a link whose URI is equivalent (RFC 3986 §6.2.2, §6.2.3) to one yielded before is left out
)

// Options control Links. The zero value scans with type detection,
// resolves every reference against the base in force, and yields every
// link, including relative ones when they cannot be resolved.
type Options struct {
	// Type of the input; Auto detects it (see Detect) from the name and
	// the first 4096 bytes, so it waits for them (or the end of input)
	// before the first link: name the type to scan a slow stream as it
	// comes.
	Type Type
	// Name of the input: Link.File, and the retrieval base of a local file
	// (RFC 3986 §5.1.3, a "file:" URI of its absolute path) unless Base is
	// set or the content records the URI it was saved from (an HTML
	// page's saved-from or SingleFile comment, an MHTML page's
	// Snapshot-Content-Location: Link.BaseNote says which). "-" or ""
	// stands for standard input, which has no retrieval base.
	Name string
	// WorkDir is the absolute path of the directory a relative Name is
	// in, for its "file:" URI; empty, the working directory, which the
	// system is asked for at each input (two system calls: a program
	// that scans many files and does not change directory sets it once).
	WorkDir string
	// Base is the URI the input was retrieved from (§5.1.3), as the user
	// gives it (--base); it overrides the "file:" URI of Name. It must be
	// absolute.
	Base string
	// Default is the application's default base (§5.1.4), in force when no
	// other layer gives one. It must be absolute.
	Default string
	// Canonical takes the href of a page's <link rel=canonical> as its
	// retrieval URI when nothing else records one (see Options.Name; it
	// names the preferred URI of the page, which may be another one).
	Canonical bool
	// LazyAttrs adds attribute names, in any case, to those read as
	// lazy-load URLs (ContextHTMLLazy): one URL, or a srcset for a name
	// that ends in "srcset". A name the HTML rules read already (href,
	// name, type, ...) keeps its rule.
	LazyAttrs []string

	// Keep leaves references as written: Link.URI is Link.Ref, nothing is
	// resolved.
	Keep bool
	// Normalize puts Link.URI in the normal form of RFC 3986 §6.2.2 and
	// §6.2.3 (uri.URI.Normalize).
	Normalize bool
	// Unique leaves out repeated links (see Unique). The links already
	// yielded are remembered for the whole input, so memory grows with
	// the number of distinct links (not with the input size).
	Unique Unique
	// Schemes, when not empty, keeps only the links whose URI has one of
	// these schemes (compared case-insensitively, without the ':'). An
	// unresolved relative reference has no scheme and is left out.
	Schemes []string
	// Absolute leaves out the links whose reference is relative as
	// written (HTML attribute values, CSS, <...> with AngleRelative), even
	// when they could be resolved.
	Absolute bool
	// ExcludeSchemes leaves out the links whose URI has one of these
	// schemes (compared case-insensitively, without the ':'; a template's
	// scheme is what comes before its ':'). A reference that is no URI
	// has no scheme and stays.
	ExcludeSchemes []string
	// Hosts, when not empty, keeps only the links whose URI has one of
	// these hosts or a subdomain of one ("example.org" keeps
	// "www.example.org", not "badexample.org"). Host names are compared
	// as IDNA A-labels (UTS #46 nontransitional, as uri.FromIRI maps
	// them), after percent-decoding (RFC 3986 §3.2.2) and in lower case
	// (§6.2.2.1), without a final dot: "bücher.example",
	// "B%C3%BCcher.example" and "xn--bcher-kva.example" are one host. A
	// link whose URI has no host, an IP literal that is none of them, a
	// reference that is no URI and a template are left out. An entry
	// that is no host name is an error wrapping ErrHost (see Validate).
	Hosts []string
	// Match, when set, keeps only the links whose URI (Link.URI, as
	// yielded: resolved, normalized or kept as Keep and Normalize say)
	// it matches, anywhere in it unless it is anchored.
	Match *regexp.Regexp
	// ExcludeMatch leaves out the links whose URI it matches.
	ExcludeMatch *regexp.Regexp
	// OnlyValid leaves out the links whose URI breaks the rules of its
	// scheme (uri.URI.SchemeWarnings: an ftp ";type=" RFC 1738 lacks, a
	// "mailto:" without an address, ...), is no URI at all, or is a
	// template.
	OnlyValid bool
	// NoEmptyRefs leaves out empty references and a bare "#" (href="",
	// href=" # "; white space around is ignored, as HTML strips it from
	// a URL): same-document references (RFC 3986 §4.4) that name no
	// fragment, nothing but the document they are in.
	NoEmptyRefs bool

	// Abbreviated reports, in text, "www." and "ftp." host names without a
	// scheme, completed with "http://" or "ftp://" (delimit.Options).
	Abbreviated bool
	// AnyScheme reports, in text, "scheme://authority..." URIs whose
	// scheme IANA never registered (delimit.Options.AnyScheme).
	AnyScheme bool
	// AngleRelative reports, in text, relative references inside <...>
	// (delimit.Options.Relative).
	AngleRelative bool
	// Emails reports, in text, bare e-mail addresses ("bob@example.org":
	// an RFC 5322 addr-spec whose domain has a public suffix) as "mailto:"
	// URIs with Style "email", as urlscan and lychee --include-mail do.
	// The values of Message-ID, References, In-Reply-To, Content-ID and
	// Received lines, identifiers in the same form, are left out.
	Emails bool
	// TextAround fills Link.Text of the links found in text (plain text,
	// a mail body, the text of HTML) with the text around each: its line,
	// or the line before too when the link stands alone on its line, at
	// most TextAroundLimit bytes (delimit.Scanner.Context). (Link.Context
	// is another thing: the kind of content a link is in.)
	TextAround bool
	// NoText leaves Link.Text empty, and the text it would hold unmade
	// (an HTML anchor's text, an image's alt, a header field, the text
	// around a link): for a program that reads no Link.Text, such as
	// one that counts links. The links are the same.
	NoText bool
	// NoPositions leaves the positions of each Link zero (Line, Column,
	// Offset, PartLine, PartColumn, PartOffset), and the work of mapping
	// them back to the input as stored undone where that costs (mail
	// parts decoded, HTML): for a program that reads none, such as one
	// that counts links. The links are otherwise the same. Rewrite, which
	// edits at the positions, ignores it.
	NoPositions bool
	// Code reports, in Markdown, the URIs of code spans and code blocks
	// too, which are left out otherwise (they are examples, not links).
	Code bool
	// Uses reports each use of a URL by a name too: a Markdown reference
	// link or image ([text][label], Tag "link" or "image", at the use,
	// with the definition's destination) and an AsciiDoc attribute
	// reference whose value is the URL ({name}, {name}[text], Tag
	// "link"). Without it, a link is reported once, where its URL is
	// written: the reference definition ([label]: URL) or the attribute
	// entry (:name: URL).
	Uses bool
	// WARCRecords names the types of the WARC records read in WARC input
	// ("response", "resource", "revisit", "request", "metadata",
	// "warcinfo", ...; case-insensitive), and "wat" for the metadata
	// records holding WAT JSON, whose links are read from it (see
	// ErrWAT); empty means response, resource and wat.
	WARCRecords []string

	// Warnings adds the security warnings of RFC 3986 §7 about each link
	// (uri.URI.SecurityWarnings) to Link.Warnings.
	Warnings bool
	// NoHeaders leaves out the links in the header fields of mail
	// messages and MIME parts (Context "header").
	NoHeaders bool
}
