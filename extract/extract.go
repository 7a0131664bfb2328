// Package extract finds every link in plain text, HTML, e-mail, mbox and
// WARC (web archive) input, and in documents (Markdown, AsciiDoc,
// reStructuredText, PDF, Office Open XML, OpenDocument, EPUB), with its
// position, the text as written, the base URI in force there (RFC 3986
// §5.1) and the resolved URI (§5.2).
//
// Links is the whole API for reading: give it a reader and Options (the
// input's name, its retrieval URI if it has one, what to keep) and range
// over the links:
//
//	for link, err := range extract.Links(f, extract.Options{Name: "page.html"}) {
//		if err != nil {
//			log.Print(err) // one bad part; the scan goes on
//			continue
//		}
//		fmt.Println(link.URI)
//	}
//
// Each kind of input has its scanner: text through package delimit (RFC
// 3986 Appendix C), HTML attributes, CSS and text with their embedded base,
// mail and mbox with their MIME layers (base.Base.MIME), WARC records as
// the HTTP responses they hold (scanWARC). All of them hand
// their links to one place that resolves, normalizes and filters them, so
// every input type follows the same rules.
package extract

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strconv"

	"golang.org/x/text/encoding"

	"github.com/urix/urix/base"
	"github.com/urix/urix/uri"
)

// Link is one reference found in the input.
//
// Each of its Warnings reads "code: message". The codes: "unresolved" (a
// relative reference with no base, or one that cannot be resolved, kept
// as written), "invalid-reference" (not a URI reference even after the
// repairs below, kept as written), the repairs of HTML attribute values
// (base.Base.ParseAttr: "html-whitespace", "html-backslash",
// "html-same-scheme", "html-scheme-slashes", "html-percent-encoded",
// "html-idna"), the page's base ("html-relative-base",
// "html-invalid-base"), the problems of mail input, and with
// Options.Warnings the security warnings of RFC 3986 §7
// (uri.URI.SecurityWarnings).
type Link struct {
	URI          string      `json:"uri"`                    // resolved against Base, or Ref when not resolved
	Ref          string      `json:"ref"`                    // as written, delimiters and line breaks removed (abbreviated: without the scheme added)
	File         string      `json:"file"`                   // the source name given in Options
	Line         int         `json:"line"`                   // 1-based line of Offset
	Column       int         `json:"column"`                 // 1-based byte column of Offset
	Offset       int64       `json:"offset"`                 // byte offset of the reference in the input as stored (for mail, of its encoded form: see scanMail)
	Style        Style       `json:"style"`                  // angle, angle-url, quoted, bare, abbreviated, template, html
	Context      Context     `json:"context"`                // text, html, html-text, css, header, ...
	Tag          string      `json:"tag,omitempty"`          // HTML element
	Attr         string      `json:"attr,omitempty"`         // HTML attribute
	Rel          string      `json:"rel,omitempty"`          // the rel of an <a>, <area> or <link> (its href), or the first rel of an HTTP Link field's link-value, as written, trimmed: space-separated tokens, ASCII case-insensitive; those that fit whole in 256 bytes
	Message      int         `json:"message,omitempty"`      // 1-based message index in mail and mbox input
	Part         string      `json:"part,omitempty"`         // MIME part: "1", "2.1"; empty for the message headers; a document's page ("page 2") or entry ("word/document.xml")
	Header       string      `json:"header,omitempty"`       // mail header field the link came from
	PartLine     int         `json:"part_line,omitempty"`    // for a link in a mail body: Line in the decoded MIME part
	PartColumn   int         `json:"part_column,omitempty"`  // for a link in a mail body: Column in the decoded MIME part
	PartOffset   int64       `json:"part_offset,omitempty"`  // for a link in a mail body: Offset in the decoded MIME part
	Text         string      `json:"text,omitempty"`         // context: the line(s) around a link in text, an HTML anchor's text or image's alt, a header's field
	Base         string      `json:"base,omitempty"`         // the base URI used
	BaseSource   base.Source `json:"base_source,omitempty"`  // embedded, encapsulating, retrieval, default
	BaseNote     string      `json:"base_note,omitempty"`    // where a retrieval base the content records came from (NoteSavedFrom, ...)
	Joined       bool        `json:"joined,omitempty"`       // whitespace, line breaks or quote markers were removed from inside the text as written (RFC 3986 Appendix C)
	Alternatives []string    `json:"alternatives,omitempty"` // other readings (hyphen at a line break)
	Warnings     []string    `json:"warnings,omitempty"`     // base problems, URI security warnings, ...

	// The WARC record a link is in (WARC input): its WARC-Record-ID,
	// WARC-Target-URI (without angle brackets) and WARC-Date as written,
	// and its offset in the file (of its gzip member in a .warc.gz: see
	// scanWARC; 0 is left out of JSON).
	WARCRecord string `json:"warc_record,omitempty"`
	WARCTarget string `json:"warc_target,omitempty"`
	WARCDate   string `json:"warc_date,omitempty"`
	WARCOffset int64  `json:"warc_offset,omitempty"`
}

// Error is a problem with one part of the input (a malformed message in an
// mbox, an undecodable MIME part, an invalid <base href>, ...). Links yields
// it with a zero Link and goes on scanning unless the error is a read error.
type Error struct {
	File    string
	Message int    // 1-based message index, 0 outside mail
	Part    string // MIME part, empty for the message itself
	Offset  int64  // byte offset in the input where the problem starts, -1 if unknown
	// The WARC record the problem is in (WARC input), as Link has them:
	// its WARC-Record-ID and WARC-Target-URI; empty outside a record, and
	// for a damaged region, whose first record may have no readable ID.
	WARCRecord string
	WARCTarget string
	Err        error
}

// Error returns the problem with its place: "extract: FILE: message 3:
// part 2.1: offset 120: ..."; in a WARC record "extract: FILE: offset
// 120: record <urn:uuid:...> http://example.com/: ...".
func (e *Error) Error() string {
	msg := "extract: "
	if e.File != "" {
		msg += e.File + ": "
	}
	if e.Message > 0 {
		msg += "message " + strconv.Itoa(e.Message) + ": "
	}
	if e.Part != "" {
		msg += "part " + e.Part + ": "
	}
	if e.Offset >= 0 {
		msg += "offset " + strconv.FormatInt(e.Offset, 10) + ": "
	}
	if e.WARCRecord != "" || e.WARCTarget != "" {
		msg += "record " + e.WARCRecord
		if e.WARCRecord != "" && e.WARCTarget != "" {
			msg += " "
		}
		msg += e.WARCTarget + ": "
	}
	return msg + e.Err.Error()
}

// Unwrap returns the cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.Err }

// ErrRecovered is matched (errors.Is) by the *Error about a malformation
// the scan recovered from with every byte still read and no link lost: a
// multipart whose boundary is missing or never comes, read as text; a
// header section cut by a line that is no field, read on as the body; a
// Content-Base or Content-Location that cannot be a base, the next layer
// used instead. A caller may take such an error for a warning (urix does,
// unless --strict).
var ErrRecovered = errors.New("recovered malformation")

// recoveredError is an error that also matches ErrRecovered; its message
// is its cause's.
type recoveredError struct{ error }

func (e recoveredError) Unwrap() error        { return e.error }
func (e recoveredError) Is(target error) bool { return target == ErrRecovered }

// recovered marks err as one the scan recovered from (see ErrRecovered).
func recovered(err error) error { return recoveredError{err} }

// source is what a content scanner knows about where its bytes come from.
type source struct {
	opts     *Options
	name     string    // Link.File
	base     base.Base // the base in force: embedded, encapsulating, retrieval or default
	message  int       // Link.Message
	part     string    // Link.Part
	warnings []string  // added to every link, e.g. why an embedded base was ignored
	seen     *seenSet  // the links already yielded, for Options.Unique; shared by copies
	hosts    []string  // Options.Hosts as hostMatches compares them (hostKeys)
	filters  bool      // a filter of filtered's other than NoEmptyRefs is set
	guard    *panicGuard
	// savedPage tells that the input is a saved MHTML page, whose
	// Content-Location fields name the page and its resources: bases,
	// not links (see mailWalker.savedMessage).
	savedPage bool
	// decodedFrom is the encoding the content was in before its
	// transport layer decoded it to UTF-8 (a MIME part's charset, see
	// utf8Reader), nil when the content comes as it was read.
	decodedFrom encoding.Encoding

	// memo is the base URI last recomposed (baseString), shared by the
	// copies of a source: a message's or part's copy finds it made.
	memo *baseMemo
}

// baseMemo is a base URI and its string (see source.baseString).
type baseMemo struct {
	of  uri.URI
	str string
}

// A content scanner reads one kind of content from r and hands each link
// it finds to src.emit, with Ref, Offset, Line, Column, Style, Context,
// Tag/Attr or Header, and Alternatives set; emit fills in the rest (File,
// Message, Part, Base, BaseSource, URI, Warnings) and applies the Options.
// A scanner that establishes an inner base (an HTML <base href>, the MIME
// headers of a part) emits through a copy of src whose base is that one.
// Problems with one part of the input are yielded as an *Error with a zero
// Link, and the scan goes on; a read error of r is yielded the same way and
// ends the scan. A scanner returns false when yield did, and then stops.
type contentScanner func(r io.Reader, src *source, yield func(Link, error) bool) bool

// Links returns the links in the input r as opts describe it, in input
// order (RFC 3986 §5.1 gives each its base, §5.2 resolves it). A
// non-nil error comes with a zero Link and is an *Error: about one part of
// the input (a malformed message, an invalid embedded base), after which
// the scan goes on, or a read error of r, after which it ends. An invalid
// Options.Base or Options.Default ends the scan before it starts. A panic
// in a scanner, a bug, is an *Error wrapping ErrInternal: for the MIME
// part it happened in, after which the scan goes on with the next one, or
// for the whole input, after which it ends; a panic of the loop body is
// not recovered.
//
// With Type Auto, Links reads no more of r than the type needs (see
// Detect): a first line that decides, or, when r has SetReadDeadline (a
// pipe, a socket), what has come when the input pauses for 100 ms; so the
// links at the start of a slow stream come at once. Text from such a
// reader is scanned the same way to its end: when the input pauses, the
// links its data decides come out (see delimit.ErrPause), whatever the
// sizes of the reads, as "tail -f log" needs.
//
// Links reads r as it goes, with buffers of bounded size (mbox input
// message by message, the walk of each taking under 4 times its size), so
// it can scan input of any size, except that Options.Unique remembers
// every distinct link.
func Links(r io.Reader, opts Options) iter.Seq2[Link, error] {
	return func(yield func(Link, error) bool) {
		c := &linksCall{opts: opts, yield: yield}
		if err := c.src.init(&c.opts); err != nil {
			c.fail(err)
			return
		}
		c.src.guard, c.src.memo = &c.guard, &c.memo
		defer func() {
			if !c.guard.ours() {
				return
			}
			if r := recover(); r != nil {
				c.fail(&Error{File: c.opts.Name, Offset: -1, Err: panicError(r)})
			}
		}()
		typ := opts.Type
		size := inputSize(r) // for readPage, which the readers below hide
		if s, ok := r.(sizedReader); ok {
			r = s.Reader // as the other scanners read it
		}
		if typ == Auto {
			// A caller's reader of a file, big enough, is used as it is
			// (the mbox scanner's too): no buffer per input.
			br, ok := r.(*bufio.Reader)
			var pr *pauseReader
			if !ok || br.Size() < sniffLen {
				pr = &pauseReader{r: r}
				br = bufio.NewReaderSize(pr, sniffLen)
			}
			var err error
			if typ, err = detectType(opts.Name, br, pr); err != nil {
				c.fail(err)
				return
			}
			r = br
			if typ == Text && pr != nil {
				pr.timed = true // the delimit scanner decides at a pause
			}
		} else if _, ok := r.(deadliner); ok && typ == Text {
			r = &pauseReader{r: r, timed: true}
		}
		if typ == HTML && size >= 0 {
			r = sizedReader{r, size}
		}
		if typ <= Auto || int(typ) >= len(scanners) {
			c.fail(fmt.Errorf("%w %d", ErrUnknownType, typ))
			return
		}
		// The scanner's yield: the body of a function literal, as the
		// wrapper of a method value copied each Link (384 bytes) once
		// more to call the method; and c.call's body written out, as
		// where Links is inlined (the callers in other packages) the
		// call of c.call was not, and copied the Link once more.
		scanners[typ](r, &c.src, func(l Link, err error) bool {
			if err != nil {
				return c.fail(err)
			}
			if c.opts.NoPositions {
				noPositions(&l)
			}
			c.guard.inCaller = true
			ok := c.yield(l, nil)
			c.guard.inCaller = false // not reached when the loop body panics
			return ok
		})
	}
}

// linksCall is one call of the iterator Links returns, in one allocation
// (a file of a tree paid for six: its options, source, guard and three
// closures): the options, the source of the whole input, the guard that
// tells the caller's panics from ours, the base string its copies share,
// and the caller's yield.
type linksCall struct {
	opts  Options
	src   source
	guard panicGuard
	memo  baseMemo
	yield func(Link, error) bool
}

// noPositions clears the positions of l (Options.NoPositions), those the
// scanners set at no cost too: the same whatever the type.
func noPositions(l *Link) {
	l.Line, l.Column, l.Offset, l.PartLine, l.PartColumn, l.PartOffset = 0, 0, 0, 0, 0, 0
}

// fail yields err, made an *Error about the whole input if it is none.
func (c *linksCall) fail(err error) bool {
	if _, ok := errors.AsType[*Error](err); !ok {
		err = &Error{File: c.opts.Name, Offset: -1, Err: err}
	}
	return c.call(Link{}, err)
}

// call calls the caller's yield, marked for the guard (see panicGuard).
func (c *linksCall) call(l Link, err error) bool {
	c.guard.inCaller = true
	ok := c.yield(l, err)
	c.guard.inCaller = false // not reached when the loop body panics
	return ok
}

var scanners = [...]contentScanner{
	Text: scanTextInput,
	HTML: scanHTML,
	Mail: scanMail,
	Mbox: scanMbox,

	Markdown: scanMarkdown,
	AsciiDoc: scanAsciiDoc,
	RST:      scanRST,
	OOXML:    scanOOXML,
	ODF:      scanODF,
	EPUB:     scanEPUB,
	PDF:      scanPDF,
	WARC:     nil, // scanWARC: see init below
}

// scanWARC scans each record's body through scanners, so the table's
// initializer cannot name it (an initialization cycle): it is set here.
func init() { scanners[WARC] = scanWARC }
