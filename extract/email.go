package extract

import (
	"bytes"
	"errors"
	"io"
	"strings"

	"github.com/urix/urix/delimit"

	"golang.org/x/net/publicsuffix"
)

// StyleEmail is the Style of a bare e-mail address found in text with
// Options.Emails, reported as a "mailto:" URI (RFC 6068).
const StyleEmail Style = "email"

// emailFinder finds bare e-mail addresses (RFC 5322 §3.4.1 addr-spec, in
// its dot-atom form) in the bytes written to it, which are the text the
// delimit scanner reads (see scanDelimited), so it sees the input once and
// in order. It keeps a window of bounded size: the bytes of an address
// not yet ended and emailLookBehind bytes before it.
//
// An address is reported when its domain has at least two labels and ends
// in a public suffix of ICANN's section ("bob@example.org", not
// "root@localhost" nor "x@file.txt"), its local part is at most 64 bytes
// and does not follow ':' or '/' (the userinfo of a URI), and its line is
// not a Message-ID, References, In-Reply-To, Content-ID or Received field
// (or a line folded under one, also quoted or indented in a reply), nor
// the ID of an "In message <ID>, Name writes:" line: those are
// identifiers that look like addresses.
type emailFinder struct {
	buf   []byte
	off   int64 // input offset of buf[0]
	pos   int   // the next '@' to look at is at or after buf[pos]
	eof   bool
	found []emailMatch // not yet yielded, in input order

	context bool // fill emailMatch.text (Options.TextAround)
	pending int  // found[pending:] wait for their text

	spanStart, spanEnd int64 // the last URI's span (see emitEmails)
	last               byte  // the last byte written

	line      int   // line of offset counted, 1-based
	lineStart int64 // input offset where that line starts
	counted   int64 // input offset up to which lines are counted
}

type emailMatch struct {
	addr         string
	start, end   int64
	line, column int
	text         string // Link.Text, with emailFinder.context
	pending      bool   // text waits for the bytes after the address
}

const (
	emailLocalMax   = 64
	emailDomainMax  = 253
	emailLookBehind = 1024 // the line start, for the field name rule
)

// newEmailFinder returns a finder; context fills the addresses' Link.Text.
func newEmailFinder(context bool) *emailFinder { return &emailFinder{line: 1, context: context} }

// Write scans p for addresses.
func (f *emailFinder) Write(p []byte) (int, error) {
	if len(p) > 0 {
		f.last = p[len(p)-1]
	}
	f.buf = append(f.buf, p...)
	f.scan()
	return len(p), nil
}

// close scans what is left at the end of the input.
func (f *emailFinder) close() {
	f.eof = true
	f.scan()
}

// scan looks at each '@' not looked at yet: the address around it is
// reported, or, when it may go on past the bytes read, left for the
// next Write.
func (f *emailFinder) scan() {
	b := f.buf
	for {
		i := bytes.IndexByte(b[f.pos:], '@')
		if i < 0 {
			f.pos = len(b)
			break
		}
		at := f.pos + i
		end, ok := domainEnd(b, at+1)
		if !ok && !f.eof {
			f.pos = at // decided when more is read
			break
		}
		f.pos = at + 1
		if start := localStart(b, at); start < at && end > at+1 {
			f.report(start, at, end)
		}
	}
	f.fillText()
	// Keep the bytes the next '@' may need, and the line start before
	// them, and those of the addresses that wait for their text.
	keep := f.pos - emailLookBehind - emailLocalMax
	if f.pending < len(f.found) {
		keep = min(keep, int(f.found[f.pending].start-f.off)-2*TextAroundLimit)
	}
	if drop := keep; drop > 0 && drop >= len(f.buf)/2 {
		// Half the window or more at a time: the copies add up to the
		// input's size, not its size times the window's.
		f.countTo(f.off + int64(drop))
		f.buf = append(f.buf[:0], f.buf[drop:]...)
		f.off += int64(drop)
		f.pos -= drop
	}
}

// fillText gives the addresses found their Link.Text, delimit's context
// of them, once the window holds what it needs: the line's end, or
// TextAroundLimit bytes after the address, or the end of input. The delimit
// scanner reads that far after each of its matches for its own context
// (Scanner.Context), so an address before a match has its text when
// emitEmails yields it, whatever the reader's chunk sizes.
func (f *emailFinder) fillText() {
	if !f.context {
		f.pending = len(f.found)
		return
	}
	for ; f.pending < len(f.found); f.pending++ {
		e := &f.found[f.pending]
		start, end := int(e.start-f.off), int(e.end-f.off)
		if !f.eof && len(f.buf) < end+TextAroundLimit && bytes.IndexByte(f.buf[end:], '\n') < 0 {
			return
		}
		e.text = delimit.LineContext(f.buf, start, end, TextAroundLimit)
	}
}

// domainEnd returns the end of the domain that starts at b[i], trailing
// dots and hyphens left out; ok is false when the domain may go on past
// the end of b.
func domainEnd(b []byte, i int) (end int, ok bool) {
	j := i
	for j < len(b) && j-i <= emailDomainMax && emailClass[b[j]]&cDomain != 0 {
		j++
	}
	ok = j < len(b)
	for j > i && (b[j-1] == '.' || b[j-1] == '-') {
		j--
	}
	return j, ok
}

// localStart returns the start of the local part that ends at b[at], or
// at when there is none that can be an address's.
func localStart(b []byte, at int) int {
	i := at
	for i > 0 && at-i < emailLocalMax && isAtext(b[i-1]) {
		i--
	}
	// A backquote is atext, but before an address it is the markup of
	// code (Markdown, AsciiDoc, reST): `bob@example.org`.
	for i < at && (b[i] == '.' || b[i] == '`') {
		i++
	}
	if i == at || (i > 0 && (isAtext(b[i-1]) && b[i-1] != '`' || b[i-1] == ':' || b[i-1] == '/' || b[i-1] == '@')) ||
		b[at-1] == '.' || bytes.Contains(b[i:at], []byte("..")) {
		return at
	}
	return i
}

// Classes of the bytes of an address.
const (
	cAtext  = 1 << iota // atext of RFC 5322 §3.2.3 and '.', without '/', which in running text is a path's
	cDomain             // letter, digit, '.', '-'
)

var emailClass = func() (t [256]uint8) {
	for c := range 256 {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '.' || c == '-' {
			t[c] = cAtext | cDomain
		}
	}
	for _, c := range []byte("!#$%&'*+=?^_`{|}~") {
		t[c] |= cAtext
	}
	return t
}()

// isAtext reports whether c may be in a local part.
func isAtext(c byte) bool { return emailClass[c]&cAtext != 0 }

// report records the address b[start:end] with its '@' at b[at] when its
// domain and its line allow.
func (f *emailFinder) report(start, at, end int) {
	domain := strings.ToLower(string(f.buf[at+1 : end]))
	if len(domain) > emailDomainMax || strings.Contains(domain, "..") || !strings.Contains(domain, ".") {
		return
	}
	for _, label := range strings.Split(domain, ".") {
		if label == "" || label[0] == '-' || label[len(label)-1] == '-' {
			return
		}
	}
	if suffix, icann := publicsuffix.PublicSuffix(domain); !icann || suffix == domain {
		return
	}
	if f.identifierField(start) {
		return
	}
	f.countTo(f.off + int64(start))
	s := f.off + int64(start)
	f.found = append(f.found, emailMatch{addr: string(f.buf[start:end]), start: s, end: f.off + int64(end),
		line: f.line, column: int(s-f.lineStart) + 1})
}

// identifierFields are messageIDFields, lowercase, with their colon: the
// header fields whose values are identifiers in the form of an addr-spec.
var identifierFields = func() []string {
	names := make([]string, len(messageIDFields))
	for i, f := range messageIDFields {
		names[i] = strings.ToLower(f) + ":"
	}
	return names
}()

// identifierField reports whether the line of b[i] is one of the
// identifierFields, or is folded under one (starts with white space
// below it), as far as the window holds, or whether b[i] is the ID of
// an MH attribution ("In message <ID>, Name writes:"). Header blocks
// quoted in a reply may be indented ("    Message-ID:  <ID>", as exmh
// quotes them), so a line is read as a field before as a fold, and the
// field above ends the search.
func (f *emailFinder) identifierField(i int) bool {
	// Only as far back as the window is sure to hold, so that each
	// address costs a bounded time.
	from := max(0, i-emailLookBehind)
	b := f.buf[from:]
	i -= from
	if inMessage(b[:i]) {
		return true
	}
	for ls := bytes.LastIndexByte(b[:i], '\n') + 1; ; {
		line := b[ls:]
		quoted := bytes.TrimLeft(line, "> \t") // quoted in a reply
		for _, name := range identifierFields {
			if len(quoted) >= len(name) && strings.EqualFold(string(quoted[:len(name)]), name) {
				return true
			}
		}
		if ls == 0 || len(line) == 0 || line[0] != ' ' && line[0] != '\t' || isFieldStart(quoted) {
			return false
		}
		ls = bytes.LastIndexByte(b[:ls-1], '\n') + 1
	}
}

// isFieldStart reports whether line starts with a header field name and
// its colon. RFC 5322 §3.6.8 allows any printable ASCII in a name, but
// names in use are letters, digits and '-', and a folded line may start
// with "<urn:...>", which is no field.
func isFieldStart(line []byte) bool {
	for j, c := range line {
		switch {
		case c == ':':
			return j > 0
		case emailClass[c]&cDomain == 0 && c != '_':
			return false
		}
	}
	return false
}

// inMessage reports whether b ends with "in message <", the start of
// MH's and exmh's attribution line, in any case.
func inMessage(b []byte) bool {
	const s = "in message <"
	return len(b) >= len(s) && strings.EqualFold(string(b[len(b)-len(s):]), s)
}

// countTo counts the lines up to the input offset to, which is in buf.
func (f *emailFinder) countTo(to int64) {
	if to <= f.counted {
		return
	}
	seg := f.buf[f.counted-f.off : to-f.off]
	if n := bytes.Count(seg, []byte{'\n'}); n > 0 {
		f.line += n
		f.lineStart = f.counted + int64(bytes.LastIndexByte(seg, '\n')) + 1
	}
	f.counted = to
}

// emailReader is the reader scanDelimited gives the delimit scanner with
// Options.Emails: r, its bytes also written to the finder. When the input
// pauses after a line break, the scanner takes the pause for the end of
// the data and reports every URI of it (see delimit.ErrPause) before it
// reads again; that read first hands the addresses found on to flush, so
// that an address comes out at the pause that ends its line, as a URI
// does, not with the next URI or the end of the input.
type emailReader struct {
	r     io.Reader
	f     *emailFinder
	flush func() bool // yields the addresses found; false when the consumer stopped

	paused  bool // the last read ended in a pause after a line break
	stopped bool // flush returned false
}

// errEmailsStopped ends the scanner's reading when the consumer of the
// links stopped during a flush.
var errEmailsStopped = errors.New("extract: stopped")

func (e *emailReader) Read(p []byte) (int, error) {
	if e.paused {
		e.paused = false
		if e.flush != nil && !e.flush() {
			e.stopped = true
			return 0, errEmailsStopped
		}
	}
	n, err := e.r.Read(p)
	e.f.Write(p[:n])
	e.paused = errors.Is(err, delimit.ErrPause) && e.f.last == '\n'
	return n, err
}

// emailLenReader is an emailReader that keeps the Len of its reader,
// which delimit.NewScanner uses to size its window.
type emailLenReader struct {
	*emailReader
	src interface{ Len() int }
}

// Len is the Len of the reader read.
func (t emailLenReader) Len() int { return t.src.Len() }

// withEmails returns the reader scanDelimited gives the delimit scanner:
// r, its bytes also written to f, and flush called at a pause after a
// line break (see emailReader).
func withEmails(r io.Reader, f *emailFinder, flush func() bool) (io.Reader, *emailReader) {
	e := &emailReader{r: r, f: f, flush: flush}
	if l, ok := r.(interface{ Len() int }); ok {
		return emailLenReader{e, l}, e
	}
	return e, e
}

// emitEmails yields, as "mailto:" links with Style email, the addresses
// f has found before the delimit match m, the next link of the text
// (m.Start is math.MaxInt64 at the end); the ones found while the scanner
// read ahead for m wait in f for their turn. An address within the span
// of a URI, m's or the one before, is the URI's ("mailto:bob@example.org",
// a userinfo), not one of its own.
func (s *source) emitEmails(f *emailFinder, m delimit.Match, context Context, yield func(Link, error) bool) bool {
	n := 0
	for _, e := range f.found {
		if e.start >= m.Start && e.start >= m.End {
			break
		}
		n++
		if e.start >= m.Start || e.start < f.spanEnd && e.end > f.spanStart {
			continue
		}
		l := Link{Ref: e.addr, Offset: e.start, Line: e.line, Column: e.column, Style: StyleEmail, Context: context, Text: e.text}
		if s.complete(&l, "mailto:"+e.addr) && !yield(l, nil) {
			return false
		}
	}
	f.found = f.found[n:]
	f.pending = max(0, f.pending-n)
	f.spanStart, f.spanEnd = m.Start, m.End
	return true
}
