package extract

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"

	"github.com/urix/urix/extract/internal/charset"
	"github.com/urix/urix/extract/internal/mimepart"
)

// maxMIMEDepth bounds the nesting of multiparts and encapsulated messages
// (RFC 2046 §5.1.1 sets none; malicious mail can nest without end).
const maxMIMEDepth = 32

var (
	// ErrMessageTooLarge is wrapped by the *Error about a message over
	// MaxMessageSize bytes, which is skipped.
	ErrMessageTooLarge = errors.New("message too large")
	// ErrMIME is wrapped by the *Error about a message whose structure
	// is broken (RFC 2045, RFC 2046): a multipart without its boundary
	// or its closing delimiter, nesting too deep, a header section cut
	// short. The scan reads what it can of such a message.
	ErrMIME = errors.New("malformed MIME structure")
)

// scanMail is the contentScanner of one Internet message (RFC 5322), with
// its MIME structure (RFC 2045, RFC 2046). It reads the message whole (up
// to MaxMessageSize) and yields, in order:
//
//   - the URIs in its header fields (Context "header", Header the field,
//     Text the field and its value), unless Options.NoHeaders: the <...>
//     of the list fields List-Help, List-Unsubscribe, List-Subscribe,
//     List-Post, List-Owner, List-Archive (RFC 2369) and Archived-At (RFC
//     5064), the value of Content-Base (RFC 2110) and Content-Location
//     (RFC 2557), and the URIs in the text of any other field (X-Url,
//     Organization, a List-Id's description, a Subject that is one URI),
//     except the fields of identifiers, signatures and addresses (see
//     idFields);
//   - the links in each text part: text/html (and application/xhtml+xml)
//     through the HTML scanner, other text/* types and the delivery and
//     disposition reports (RFC 3464, RFC 8098) through the text scanner, after the Content-Transfer-Encoding is undone
//     (quoted-printable, base64), the charset converted to UTF-8, and
//     text/plain; format=flowed unwrapped (RFC 3676); parts of other types
//     (images, application/*) are skipped;
//   - the links in message/rfc822 parts, scanned as messages in turn.
//
// Each link says its MIME part as IMAP numbers them (RFC 3501 §6.4.5):
// "" for the message header, "1" for the body of a message that is not
// multipart, "1", "2", ... for the parts of a multipart and "2.1", ... for
// the parts inside part 2; a message/rfc822 part N gives its message
// header part N and its body N.1 (or N.1, N.2, ... if multipart).
// The base of each part is the MIME layer (base.Base.MIME): its own
// Content-Base or Content-Location, else its parent's; header links use
// the base of the entity they are in, except that Content-Base and
// Content-Location themselves resolve against the entity around.
//
// Positions: Offset, Line and Column say where a link is in the input as
// stored, lines of an mbox counted from its start: a header link where it
// is written; a link in a part where its first byte is encoded, on the
// raw line of quoted-printable text (soft line breaks counted) or the
// base64 line that holds that byte (see partMap). PartOffset, PartLine
// and PartColumn give its position in the text of the part as scanned
// (decoded, in UTF-8, unwrapped). Inside a message or multipart sent in
// base64 or quoted-printable, itself inside one, a link is placed at the
// start of the encoded body of the outer one.
//
// Broken structure (a multipart without its boundary or its closing
// delimiter, a header section cut short, nesting deeper than 32) is
// reported with an *Error wrapping ErrMIME, and the scan reads what it can
// of the message; an unknown charset or Content-Transfer-Encoding is read
// as UTF-8 (else windows-1252) or 8bit, with a warning on each link of
// the part.
//
// Memory: the message is read whole, its text parts are decoded into
// buffers reused from part to part (and message to message in an mbox),
// messages nested in encoded parts below the first level are decoded in
// place, and header fields are read where they are, so that, whatever
// its MIME structure, the live heap stays under 4 times its size and the
// buffers of the scanners (about 2 times for most shapes; see
// TestMailMemory), with what the HTML scanner takes for an HTML part.
func scanMail(r io.Reader, src *source, yield func(Link, error) bool) bool {
	w := getMailWalker()
	ok := w.scanMail(r, src, yield)
	w.release()
	return ok
}

// scanMail is the function scanMail, walking with w, whose work count
// the linear-time tests read.
func (w *mailWalker) scanMail(r io.Reader, src *source, yield func(Link, error) bool) bool {
	buf, err := readMessage(w.msg[:0], r)
	w.msg = buf
	s := *src
	if s.message == 0 {
		s.message = 1
	}
	if err != nil {
		return yield(Link{}, &Error{File: s.name, Message: s.message, Offset: -1, Err: err})
	}
	if len(buf) > maxMessage() {
		return yield(Link{}, &Error{File: s.name, Message: s.message, Offset: 0, Err: tooLarge()})
	}
	start := 0
	if bytes.HasPrefix(buf, []byte("From ")) {
		if i := bytes.IndexByte(buf, '\n'); i >= 0 {
			start = i + 1
		} else {
			start = len(buf)
		}
	}
	line := 1
	if start > 0 {
		line = 2
	}
	return w.scan(&s, buf[start:], int64(start), line, nil, yield)
}

// readMessage reads r to its end, or to MaxMessageSize+1 bytes, into
// buf, grown by growMessage.
func readMessage(buf []byte, r io.Reader) ([]byte, error) {
	for {
		buf = growMessage(buf, 1)
		n, err := r.Read(buf[len(buf):min(cap(buf), maxMessage()+1)])
		buf = buf[:len(buf)+n]
		switch {
		case err == io.EOF:
			return buf, nil
		case err != nil, len(buf) > maxMessage():
			return buf, err
		}
	}
}

func tooLarge() error {
	return fmt.Errorf("%w: over %d bytes, skipped", ErrMessageTooLarge, maxMessage())
}

// mailWalker walks the MIME tree of one message after another. It decodes
// the parts in place in the message, which it owns.
type mailWalker struct {
	yield func(Link, error) bool
	mailBuf
	// outer holds the buffers around the one walked, pushed when a
	// message or multipart sent encoded is decoded.
	outer []mailBuf
	// pm maps the positions in the text of the part being scanned to
	// the buffer; dec and utf8 hold that text decoded and converted,
	// reused from part to part.
	pm        partMap
	dec, utf8 []byte
	qpLines   []mimepart.QPLine // the lines of a quoted-printable part (see mimepart.CTECursor)
	// flowedText holds format=flowed text unwrapped; flowedPos is the
	// partMap's cursor for it.
	flowedText []byte
	flowedPos  mimepart.FlowedCursor
	nested     []byte // the first message or multipart decoded (see push)
	// fields holds the fields of the header read, for its links, reused
	// from header to header (see parseHeaderAll).
	fields []field
	// folded holds the value of a header field folded, for the Text of
	// its links (see headerLinks): an array of the walker's, not one
	// zeroed on the stack for each field, even under NoText.
	folded [512]byte
	msg    []byte     // the message scanMail reads
	mbox   mboxReader // the mbox scanMbox reads
	// frames maps the Content-IDs of a saved page's parts to their
	// Content-Location (see savedFrames).
	frames map[string]string
	// work counts the bytes the walk looks at (header sections, bodies
	// searched for delimiters, counted for lines, decoded), not those
	// of the content scanners: the linear-time tests compare it between
	// inputs of n and 8n bytes.
	work int
	// sources holds the sources of the entities being walked, one per
	// entity and leaf, reused from part to part (see pushSource).
	sources []source
	// params holds the media type parameters of the parts being walked,
	// one map per depth, reused from part to part: a map made for each
	// part was the most bytes an mbox scan allocated after the sources.
	// A part's parameters are read before its children's are.
	params [maxMIMEDepth + 1]map[string]string
	// noPositions: Options.NoPositions, no link position mapped back to
	// the input (see filePos).
	noPositions bool
}

// mediaParams returns the map for the media type parameters of a part
// at depth (see mailWalker.params).
func (w *mailWalker) mediaParams(depth int) map[string]string {
	if depth >= len(w.params) {
		return nil
	}
	if w.params[depth] == nil {
		w.params[depth] = make(map[string]string, 2)
	}
	return w.params[depth]
}

// pushSource returns a copy of src for the part num, until popSource:
// a copy made anew for each entity and leaf escaped to the heap, and
// was a quarter of the bytes an mbox scan allocated. A copy is not
// moved while in use once sources has grown to the depth of the parts,
// and one moved would still hold what it held: nothing keeps it past
// popSource.
func (w *mailWalker) pushSource(src *source, num string) *source {
	w.sources = append(w.sources, *src)
	s := &w.sources[len(w.sources)-1]
	s.part = num
	if testHookPart != nil {
		testHookPart(s)
	}
	return s
}

// popSource ends the copy pushSource made last.
func (w *mailWalker) popSource() {
	w.sources[len(w.sources)-1] = source{} // what it holds of the input
	w.sources = w.sources[:len(w.sources)-1]
}

// mailWalkers keeps walkers, with their buffers, from one input to the
// next: in a tree of small mail files, a walker per file allocated its
// message, decoding and unwrapping buffers afresh, and the tree cost
// 3 times the allocations of the same messages as one mbox. It is a list,
// not a sync.Pool: a pool's walker is dropped at the second collection
// that finds it unused, and one put back by a goroutine on one P is not
// found by a Get on another, so that a tree scanned at -j1 still made
// about two walkers and their buffers afresh per collection (5 MB of the
// 48 MB the SpamAssassin tree allocated).
var mailWalkers walkerList

// walkerList keeps at most GOMAXPROCS walkers, whose buffers hold at
// most maxKeptWalkers bytes in all: what a run keeps of its mail, at
// most, once it is done.
type walkerList struct {
	mu    sync.Mutex
	free  []*mailWalker
	bytes int // in the buffers of free
}

// maxKeptWalkers bounds the bytes of the buffers of the walkers kept.
const maxKeptWalkers = 8 << 20

func getMailWalker() *mailWalker {
	l := &mailWalkers
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.free)
	if n == 0 {
		return new(mailWalker)
	}
	w := l.free[n-1]
	l.free[n-1] = nil
	l.free = l.free[:n-1]
	l.bytes -= w.kept()
	return w
}

// put keeps w, if the bounds of l allow.
func (l *walkerList) put(w *mailWalker) {
	size := w.kept()
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.free) < runtime.GOMAXPROCS(0) && l.bytes+size <= maxKeptWalkers {
		l.free = append(l.free, w)
		l.bytes += size
	}
}

// kept returns about how many bytes the buffers of w hold.
func (w *mailWalker) kept() int {
	n := cap(w.qpLines)*8 + cap(w.fields)*80 + cap(w.outer)*200 + cap(w.mbox.unescaped)*8 + cap(w.mbox.escapes)*8
	for _, b := range [][]byte{w.msg, w.dec, w.utf8, w.nested, w.flowedText, w.mbox.buf} {
		n += cap(b)
	}
	return n
}

// maxPooledBuf bounds the buffers a walker keeps: one message of
// MaxMessageSize read once is not held for the rest of the run.
const maxPooledBuf = 1 << 20

// release gives w back to mailWalkers, unless reset finds a buffer too big
// to keep. (A walk that panicked leaves its walker unreleased.)
func (w *mailWalker) release() {
	if w.reset() {
		mailWalkers.put(w)
	}
}

// reset empties w of the input it walked, keeping its buffers (emptied)
// and the reader of its format=flowed cursor (reset to read nothing), and reports
// whether w is worth keeping: not when one of its buffers is over
// maxPooledBuf bytes. TestMailWalkerReuse checks that nothing else is
// left.
func (w *mailWalker) reset() bool {
	for _, b := range [][]byte{w.msg, w.dec, w.utf8, w.nested, w.flowedText, w.mbox.buf} {
		if cap(b) > maxPooledBuf {
			return false
		}
	}
	if cap(w.qpLines) > maxPooledBuf/8 || cap(w.fields) > 1024 ||
		cap(w.mbox.unescaped)+cap(w.mbox.escapes) > maxPooledBuf/8 {
		return false
	}
	w.flowedPos.Drop()
	w.mbox.reset(nil)
	clear(w.outer[:cap(w.outer)])
	clear(w.sources[:cap(w.sources)])
	for i, m := range w.params {
		if len(m) > 8 {
			w.params[i] = nil // a hostile field's: not kept
		}
		clear(w.params[i])
	}
	*w = mailWalker{
		msg: w.msg[:0], dec: w.dec[:0], utf8: w.utf8[:0], nested: w.nested[:0],
		qpLines: w.qpLines[:0], fields: w.fields[:0], outer: w.outer[:0],
		flowedText: w.flowedText[:0], flowedPos: w.flowedPos,
		mbox: w.mbox, sources: w.sources[:0], params: w.params,
	}
	return true
}

// mailBuf is the buffer the walker reads parts in, with what it counted
// of its lines.
type mailBuf struct {
	buf    []byte // the message, or the decoded message/rfc822 being walked
	bufOff int64  // offset of buf in the input, -1 for decoded text
	// lines counts the lines of buf before any part there is decoded in
	// place: header link lines count in the raw message.
	lines lineCounter
	// lineBase is the line of the input buf starts on; unescaped holds
	// the offsets in buf of the lines of an mbox that lost their ">"
	// (see mboxReader.setMessage), in increasing order.
	lineBase  int
	unescaped []int
	// encodedAt is, for a decoded buffer (bufOff -1), where its encoded
	// form starts in the input; cte maps the offsets of the first one in
	// a message to those of its encoded form, from cteBody in the message.
	encodedAt filePos
	cte       mimepart.CTECursor
	cteBody   int
}

// newMailBuf returns the mailBuf of buf, at offset off of the input.
func newMailBuf(buf []byte, off int64) mailBuf {
	return mailBuf{buf: buf, bufOff: off, lines: newLineCounter(buf)}
}

// scan yields the links of the message msg, which starts at offset off of
// the input, on its line line; unescaped are the lines of an mbox message
// that lost a ">" (see mailBuf).
func (w *mailWalker) scan(src *source, msg []byte, off int64, line int, unescaped []int, yield func(Link, error) bool) bool {
	w.mailBuf, w.yield, w.noPositions = newMailBuf(msg, off), yield, src.opts.NoPositions
	w.lineBase, w.unescaped = line, unescaped
	ok := w.entity(src, part{isMessage: true, end: len(msg), mediaType: "text/plain"})
	w.mailBuf, w.yield = mailBuf{}, nil
	clear(w.fields[:cap(w.fields)]) // slices of msg
	return ok
}

// fail yields an *Error about the part num of the current message, found
// at w.buf[at].
func (w *mailWalker) fail(src *source, num string, at int, err error) bool {
	off := int64(-1)
	if w.bufOff >= 0 {
		off = w.bufOff + int64(at)
	}
	return w.yield(Link{}, &Error{File: src.name, Message: src.message, Part: num, Offset: off, Err: err})
}

// entity walks the MIME entity p (RFC 2045 §2.4): header and body.
func (w *mailWalker) entity(src *source, p part) (ok bool) {
	defer w.recoverPart(src, p.num, p.start, &ok)
	var keep []field // the fields for headerLinks, read once
	if !src.opts.NoHeaders {
		if keep = w.fields; keep == nil {
			keep = make([]field, 0, 32)
		}
	}
	h := parseHeaderAll(w.buf, p.start, p.end, keep, src.delimitOptions())
	if h.all != nil {
		w.fields = h.all[:0]
	}
	w.work += h.body - p.start
	src = w.savedMessage(src, &h, p)
	s := w.pushSource(src, p.num)
	defer w.popSource()
	if h.malformed && p.isMessage {
		if !w.fail(s, p.num, h.body, recovered(fmt.Errorf("%w: header section ends at a line that is not a field; read from there as the body", ErrMIME))) {
			return false
		}
	}
	if !w.partBase(src, s, &h) || !w.headerLinks(src, s, &h) {
		return false
	}
	p.readHeader(&h, w.mediaParams(p.depth))
	if strings.HasPrefix(p.mediaType, "multipart/") {
		return w.multipart(s, p)
	}
	if p.isMessage {
		p.num = childPart(p.num, 1)
	}
	return w.leaf(s, p)
}

// partBase sets s.base to the base the header h gives (RFC 2110, RFC
// 2557), on the base of outer; a field that gives none is reported.
func (w *mailWalker) partBase(outer, s *source, h *header) bool {
	m := h.mimeBaseHeader()
	if m == nil {
		return true
	}
	b, err := outer.base.MIME(m)
	s.base = b
	if err == nil {
		return true
	}
	at, names := h.start, ""
	for _, f := range h.first[:h.n] {
		if _, ok := m[f.name]; ok {
			if names == "" {
				at = f.off
			} else {
				names += " and "
			}
			names += f.name
		}
	}
	return w.fail(s, s.part, at, recovered(fmt.Errorf("%s not used as a base: %w", names, err)))
}

// recoverPart, deferred by entity and leaf, turns a panic in the walk of
// part num, which starts at w.buf[start], into an *Error wrapping
// ErrInternal, and sets *ok to what yield returns for it: the scan goes on
// with the next part or message. A panic of the loop body goes on up.
func (w *mailWalker) recoverPart(src *source, num string, start int, ok *bool) {
	if !src.guard.ours() {
		return
	}
	if r := recover(); r != nil {
		*ok = w.fail(src, num, start, panicError(r))
	}
}

// testHookPart, when a test sets it, is called at the start of the walk of
// each part, as entity and leaf see it: a test panics there to check that
// the scan goes on.
var testHookPart func(s *source)

// headerLinks yields the URIs in the header fields of an entity; outer is
// the source around it, s its own.
func (w *mailWalker) headerLinks(outer, s *source, h *header) bool {
	if s.opts.NoHeaders {
		return true
	}
	// The sources of Content-Base and Content-Location links, made once
	// for all of them, so that each base is written once.
	var around, loc *source
	ok := true
	w.work += h.body - h.start
	h.fields(w.buf, s.delimitOptions(), func(f field) bool {
		ls := s
		switch f.name {
		case "":
			ok = w.textField(s, f)
			return ok
		case "Content-Transfer-Encoding", "Content-ID":
			return true
		case "Content-Base":
			if around == nil {
				around = partSource(outer, s.part)
			}
			ls = around
		case "Snapshot-Content-Location":
			if s.savedPage {
				return true // the page's base (see savedMessage)
			}
		case "Content-Location":
			if s.savedPage {
				return true
			}
			if loc == nil {
				loc = locationSource(outer, s.part, h)
			}
			ls = loc
		}
		// The value folded once for all the links of the field (two or
		// more in most List-* fields), and their Text (see fieldText).
		var v []byte
		folded, text, from := false, "", 0
		for r := range headerRefs(f) {
			t := ""
			if !s.opts.NoText {
				if !folded {
					v, folded = foldedValue(w.folded[:0], f.value), true
				}
				var further bool
				var next, searched int
				t, further, next, searched = refText(f.name, v, r.ref, from)
				from, w.work = next, w.work+searched
				if !further {
					if text == "" {
						text = valueText(f.name, v)
					}
					t = text
				}
			}
			l := Link{Ref: r.ref, Style: r.style, Context: ContextHeader, Header: f.name, Text: t}
			if !w.noPositions {
				p := w.filePos(r.off)
				l.Offset, l.Line, l.Column = p.off, p.line, p.col
			}
			if ok = ls.emit(l, w.yield); !ok {
				return false
			}
		}
		return true
	})
	return ok
}

// partSource returns a copy of outer for the Content-Base links of part
// num, which resolve against the base around the part.
func partSource(outer *source, num string) *source {
	s := *outer
	s.part = num
	return &s
}

// locationSource returns a copy of outer for the Content-Location links
// of part num, whose header is h: they resolve against the Content-Base
// of h if it has a valid one.
func locationSource(outer *source, num string, h *header) *source {
	s := partSource(outer, num)
	if cb, ok := h.get("Content-Base"); ok {
		if b, err := outer.base.MIME(map[string][]string{"Content-Base": {cb}}); err == nil {
			s.base = b
		}
	}
	return s
}

// multipart walks the body parts of the multipart entity p (RFC 2046
// §5.1.1), tolerating what real mail does: a missing closing delimiter
// ends the last part at the end of the body; a body without any
// delimiter is read as text.
func (w *mailWalker) multipart(src *source, p part) bool {
	if p.depth >= maxMIMEDepth {
		return w.tooDeep(src, p)
	}
	if isEncoded(p.cte) { // not allowed (RFC 2045 §6.4), but seen
		w.push(&p)
		defer w.pop()
	}
	defType := "text/plain"
	if p.mediaType == "multipart/digest" {
		defType = "message/rfc822"
	}
	boundary := p.params["boundary"]
	if boundary == "" {
		if !w.fail(src, p.num, p.body, recovered(fmt.Errorf("%w: %s without a boundary; read as text", ErrMIME, p.mediaType))) {
			return false
		}
		return w.leaf(src, p.asText())
	}
	delim := []byte("--" + boundary)
	w.savedFrames(src, p, delim)
	k, partStart := 0, -1
	for pos := p.body; ; {
		at, next, closing := findDelimiter(w.buf[:p.end], pos, delim)
		if at < 0 {
			w.work += p.end - pos
			break
		}
		w.work += next - pos
		if partStart >= 0 {
			k++
			if !w.entity(src, p.child(k, partStart, lineBreakBefore(w.buf, partStart, at), defType)) {
				return false
			}
		}
		if closing {
			return true
		}
		partStart, pos = next, next
	}
	if partStart < 0 {
		if !w.fail(src, p.num, p.body, recovered(fmt.Errorf("%w: boundary %q of %s not found; body read as text", ErrMIME, boundary, p.mediaType))) {
			return false
		}
		return w.leaf(src, p.asText())
	}
	// No close-delimiter (RFC 2046 §5.1.1): common in real mail, and
	// nothing is lost, as the last part runs to the end of the body. Its
	// links say so; the input is not reported as an error.
	k++
	last := *src
	last.warnings = append(src.warnings[:len(src.warnings):len(src.warnings)],
		fmt.Sprintf("mime-unclosed: %s ends without its closing delimiter %q; its last part read to the end", p.mediaType, string(delim)+"--"))
	return w.entity(&last, p.child(k, partStart, p.end, defType))
}

// tooDeep reports that p, a multipart or message, is nested too deep to
// be walked.
func (w *mailWalker) tooDeep(src *source, p part) bool {
	return w.fail(src, p.num, p.body, fmt.Errorf("%w: more than %d nested parts, the rest skipped", ErrMIME, maxMIMEDepth))
}

// findDelimiter finds in b, from pos, the next line that is the delimiter
// delim ("--" boundary), with only white space after it (RFC 2046 §5.1.1:
// transport padding), or its closing form delim "--". It returns the
// index of the line, of the line after it, and whether it closes; at is -1
// when there is none.
func findDelimiter(b []byte, pos int, delim []byte) (at, next int, closing bool) {
	for pos < len(b) {
		i := bytes.Index(b[pos:], delim)
		if i < 0 {
			return -1, 0, false
		}
		at = pos + i
		pos = at + len(delim)
		if at > 0 && b[at-1] != '\n' {
			continue
		}
		rest := b[pos:]
		lineEnd := len(rest)
		next = len(b)
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			lineEnd, next = j, pos+j+1
		}
		rest = rest[:lineEnd]
		closing = bytes.HasPrefix(rest, []byte("--"))
		if closing || len(bytes.TrimRight(rest, " \t\r")) == 0 {
			return at, next, closing
		}
	}
	return -1, 0, false
}

// lineBreakBefore returns the end of a part's content that runs from start
// to a delimiter at at: the line break before the delimiter belongs to it
// (RFC 2046 §5.1.1).
func lineBreakBefore(b []byte, start, at int) int {
	if at > start && b[at-1] == '\n' {
		at--
		if at > start && b[at-1] == '\r' {
			at--
		}
	}
	return at
}

// leaf scans the part p, which is not multipart.
func (w *mailWalker) leaf(src *source, p part) (ok bool) {
	defer w.recoverPart(src, p.num, p.body, &ok)
	s := w.pushSource(src, p.num)
	defer w.popSource()
	mt := p.mediaType
	isHTML := mt == "text/html" || mt == "application/xhtml+xml"
	switch {
	case mt == "message/rfc822" || mt == "message/global" || mt == "message/news":
		if p.depth >= maxMIMEDepth {
			return w.tooDeep(s, p)
		}
		if isEncoded(p.cte) {
			w.push(&p)
			defer w.pop()
		}
		return w.entity(s, p.message())
	case isHTML || strings.HasPrefix(mt, "text/") || isStatusReport(mt):
	default:
		return true
	}
	return w.text(s, p, isHTML)
}

// text scans the text part p, once its transfer encoding is undone, its
// charset converted to UTF-8 and, for text/plain; format=flowed, its lines
// unwrapped (RFC 3676), each link with its position in that text and in
// the input as stored (see partMap).
func (w *mailWalker) text(s *source, p part, isHTML bool) bool {
	text := w.buf[p.body:p.end]
	w.pm = partMap{body: p.body}
	switch {
	case isEncoded(p.cte):
		w.work += len(text)
		w.pm.cte = mimepart.NewCTECursor(text, p.cte)
		if p.cte == "quoted-printable" && !w.noPositions { // at most MaxMessageSize: offsets fit in an int32
			w.qpLines = w.qpLines[:0]
			w.dec = mimepart.AppendQuotedPrintableLines(w.dec[:0], text, &w.qpLines)
			w.pm.cte.SetLines(w.qpLines)
		} else {
			w.dec = appendDecoded(w.dec[:0], p.cte, text)
		}
		text = w.dec
	case p.cte != "" && p.cte != "7bit" && p.cte != "8bit" && p.cte != "binary":
		s.warnings = append(s.warnings[:len(s.warnings):len(s.warnings)],
			"transfer-encoding: unknown Content-Transfer-Encoding "+charset.QuoteLabel(p.cte)+", read as 8bit")
	}
	body, enc, warning, convert := charset.Part(text, p.params["charset"], isHTML)
	if warning != "" {
		s.warnings = append(s.warnings[:len(s.warnings):len(s.warnings)], warning)
	}
	w.pm.skip = len(text) - len(body)
	if convert {
		w.utf8 = charset.Transcode(w.utf8[:0], enc, body)
		if !w.noPositions { // the cursor maps positions alone
			w.pm.cs = charset.NewCursor(body, w.utf8, enc)
		}
		body = w.utf8
	}
	// The yield of the scanners, their positions mapped back to the
	// buffer: a function literal, as the wrapper of a method value
	// copied each Link (384 bytes) once more to call the method. With
	// no positions, w.yield itself: the literal would copy each Link
	// once more for nothing, and is allocated for each part.
	mapped := w.yield
	if !w.noPositions {
		mapped = func(l Link, err error) bool {
			if err == nil {
				w.mapPos(&l)
			}
			return w.yield(l, err)
		}
	}
	if isHTML {
		s.decodedFrom = enc
		if s.savedPage && len(w.frames) > 0 {
			return scanPage(body, s, w.framesMapped)
		}
		return scanPage(body, s, mapped)
	}
	if p.mediaType == "text/plain" && strings.EqualFold(p.params["format"], "flowed") {
		body = w.unwrap(body, strings.EqualFold(p.params["delsp"], "yes"))
	}
	return scanTextBytes(body, s, mapped)
}

// unwrap returns the format=flowed text unwrapped (RFC 3676), in a buffer
// reused from part to part, and sets the partMap's cursor for it.
func (w *mailWalker) unwrap(text []byte, delSp bool) []byte {
	w.flowedText = mimepart.AppendFlowed(w.flowedText[:0], text, delSp)
	w.flowedPos.Reset(text, delSp)
	w.pm.fl = &w.flowedPos
	return w.flowedText
}

// push undoes the Content-Transfer-Encoding of the body of p, a message
// or multipart, and makes the result the buffer walked, until pop, with
// p's body all of it: its offsets are not those of the input. The body of
// the first one in the message is decoded in a buffer of its own, reused,
// so that positions in it map back to the input (see filePos); a message
// nested deeper, in encoded parts level after level, is decoded in place,
// so that it takes no more memory than itself.
func (w *mailWalker) push(p *part) {
	at := w.filePos(p.body)
	w.outer = append(w.outer, w.mailBuf)
	body := w.buf[p.body:p.end:p.end]
	w.work += len(body)
	if w.bufOff >= 0 {
		w.nested = appendDecoded(w.nested[:0], p.cte, body)
		w.mailBuf = newMailBuf(w.nested, -1)
		w.cte, w.cteBody = mimepart.NewCTECursor(body, p.cte), p.body
	} else {
		w.mailBuf = newMailBuf(appendDecoded(body[:0], p.cte, body), -1)
	}
	w.encodedAt = at
	p.start, p.body, p.end, p.cte = 0, 0, len(w.buf), ""
}

// pop makes the buffer around the one push made the one walked again.
// It is deferred, so that it also runs when the walk panics, for the
// entity around to go on.
func (w *mailWalker) pop() {
	n := len(w.outer) - 1
	w.mailBuf, w.outer[n] = w.outer[n], mailBuf{}
	w.outer = w.outer[:n]
}

// isStatusReport reports whether mt is one of the machine-readable
// reports of RFC 3464 and RFC 8098, fields of text that may hold URIs
// (a Diagnostic-Code pointing to help, say): they are scanned as text.
func isStatusReport(mt string) bool {
	return mt == "message/delivery-status" || mt == "message/global-delivery-status" ||
		mt == "message/disposition-notification" || mt == "message/global-disposition-notification"
}

func isEncoded(cte string) bool { return cte == "quoted-printable" || cte == "base64" }

// appendDecoded appends to dst the body b with its Content-Transfer-
// Encoding cte undone (RFC 2045 §6).
func appendDecoded(dst []byte, cte string, b []byte) []byte {
	if cte == "base64" {
		return mimepart.AppendBase64(dst, b)
	}
	return mimepart.AppendQuotedPrintable(dst, b)
}
