package delimit

import (
	"errors"
	"io"
	"iter"
	"unicode/utf8"
	"unsafe"
)

const (
	// lookBehind is how many bytes before a trigger stay in the window:
	// enough for the scheme, the byte before it, an opening bracket
	// (openerReach) and the start of its line (lineLookBehind), which
	// tells quoted mail.
	lookBehind     = 640
	lineLookBehind = 256
	// angleSlack is the whitespace and "URL:" allowed in <...> beyond
	// MaxLength; it also bounds a bare URI joined at hyphen line breaks.
	angleSlack = 2048
	// breakSpace bounds the whitespace around a hyphen line break.
	breakSpace = 256
	minWindow  = 64 << 10
)

// Scanner reads text and reports the URIs in it, one per call to Scan,
// delimited as RFC 3986 Appendix C recommends. It keeps a window of a fixed
// size over the input, so memory stays bounded whatever the input, and the
// matches do not depend on how the reader splits its data (but for a pause
// after a line break, see ErrPause).
type Scanner struct {
	r    io.Reader
	opts Options
	max  int // Options.MaxLength, or DefaultMaxLength

	buf  []byte // the window, allocated by the first fill; len is the data held, cap is fixed
	size int    // the window's capacity
	off  int64  // input offset of buf[0]
	eof  bool   // no more data: end of input or a read error
	err  error

	// paused: the data held ends where the input paused (ErrPause), and
	// no byte has come since.
	paused bool

	pos        int64 // triggers before pos are dealt with
	angleTried int64 // the last '<' that delimits no URI
	floor      int64 // end of the last match with its closing delimiter
	skipping   bool  // dropping the rest of a run of URI characters

	tagFrom, tagTo int64 // no "</" starts in [tagFrom, tagTo) (closeTag)

	// With the default options only ':' is active (colonOnly), and the
	// triggers are not kept.
	colonOnly bool
	triggers

	lines lineCount

	// want is how many bytes the next fill reads at least: it doubles
	// while a rule keeps asking for more, so that a reader giving one
	// byte at a time does not make each rule start over for each byte.
	want int

	scratch []byte // cleaned URI being built
	breaks  []int  // hyphen line breaks of the candidate: index of '-', then of the next text
	m       Match
	done    bool

	// looked counts the bytes that the rules looking ahead of a run read
	// (template expressions, labels, line prefixes), which the linear
	// time tests bound.
	looked int

	invisible rune                        // an invisible character next to the candidate (iri.go)
	dropped   func(at int64, rule string) // when set, told of each candidate dropped (dropped.go)
}

// NewScanner returns a Scanner reading from r.
func NewScanner(r io.Reader, opts Options) *Scanner {
	s := new(Scanner)
	s.init(r, opts)
	return s
}

// Reset makes s a Scanner reading from r with the options it has, as
// NewScanner would, but for the memory it holds: its window is kept when
// it is big enough for r, so that scanning many short texts (the
// paragraphs of a document) with one Scanner does not allocate for each.
func (s *Scanner) Reset(r io.Reader) {
	window, scratch, breaks, dropped := s.buf[:0], s.scratch[:0], s.breaks[:0], s.dropped
	s.init(r, s.opts)
	if cap(window) >= s.size {
		s.buf = window // a window bigger than NewScanner's holds all that it does
	}
	s.scratch, s.breaks, s.dropped = scratch, breaks, dropped
}

func (s *Scanner) init(r io.Reader, opts Options) {
	maxLen := opts.MaxLength
	if maxLen <= 0 {
		maxLen = DefaultMaxLength
	}
	size := max(minWindow, lookBehind+maxLen+angleSlack+xmlTagLookahead+breakSpace)
	if l, ok := r.(interface{ Len() int }); ok && l.Len() < size {
		// The whole input fits: a window of its size never slides, and
		// scanning many short texts (mail parts, HTML text nodes) does not
		// allocate a full window for each.
		size = l.Len() + 1
	}
	*s = Scanner{r: r, opts: opts, max: maxLen, size: size, lines: newLineCount(), angleTried: -1}
	s.colonOnly = !opts.Relative && !opts.Abbreviated
	s.triggers = newTriggers(opts)
}

// All returns the URIs in b, in order, as a Scanner reading b would report
// them. It scans b in place, without copying it or collecting the matches.
func All(b []byte, opts Options) iter.Seq[Match] {
	return func(yield func(Match) bool) {
		s := NewScanner(nil, opts)
		s.buf, s.eof = b[:len(b):len(b)], true
		for s.Scan() {
			if !yield(s.m) {
				return
			}
		}
	}
}

// AllString returns the URIs in s as All does. It scans s in place too:
// All only reads the bytes it is given, as a Scanner at the end of its
// input never fills its window again.
func AllString(s string, opts Options) iter.Seq[Match] {
	return All(unsafe.Slice(unsafe.StringData(s), len(s)), opts)
}

// ErrPause, returned by the reader of a Scanner, tells it that the input
// has paused: its writer waits (tail -f of a log, a program at work, a
// pipe written in blocks). The Scanner then reports every URI that the
// data read so far decides, and reads on. A URI that reaches the end of
// that data stays undecided, as more of it may come; but when the data
// ends with a line break, the rules that would look past it for the rest
// of a URI (a hyphen line break, a URI in <...> broken across lines) take
// the pause for the end of the input, so that the link of a line written
// whole comes out at once. A reader returns ErrPause once per pause, after
// waiting some time for data, and then waits for data.
var ErrPause = errors.New("delimit: input paused")

// Scan advances to the next URI, which is then available from Match. It
// returns false at the end of input or on a read error.
func (s *Scanner) Scan() bool {
	for !s.done {
		if s.skipping && !s.skip() {
			s.fill()
			continue
		}
		var o outcome
		if s.colonOnly {
			o = s.colons()
		} else {
			o = s.anyTrigger()
		}
		switch o {
		case found:
			s.want = 0
			return true
		case more:
			s.want = max(2*s.want, 512)
			s.fill()
		case exhausted:
			s.pos = s.off + int64(len(s.buf))
			if s.eof {
				s.done = true
				return false
			}
			s.fill()
		default:
			s.want = 0
		}
	}
	return false
}

// colons looks at each ':' in the window from s.pos, the only trigger
// with the default options, until one gives an outcome other than failed.
// Where the search counts lines as it goes (fusedColon), it keeps the
// count ahead (lineCount.aheadTo), and the count need not read the bytes
// again.
func (s *Scanner) colons() outcome {
	b := s.buf
	for p := int(s.pos - s.off); ; {
		if fusedColon {
			s.lines.aheadTo(b, s.off, s.off+int64(p))
		}
		q, newlines := nextColon(b, p)
		if q < 0 {
			if fusedColon {
				s.lines.ahead(s.off+int64(len(b)), newlines)
			}
			return exhausted
		}
		if fusedColon {
			s.lines.ahead(s.off+int64(q), newlines)
		}
		s.pos = s.off + int64(q)
		if o := s.bare(s.pos); o != failed || s.skipping {
			return o
		}
		s.want = 0
		p = int(s.pos - s.off)
		if fusedColon && p == q+1 {
			s.lines.ahead(s.pos, 0) // past the ':', no line break
		}
	}
}

// nextColon returns the index of the first ':' in b[p:] that noURIAfter
// does not rule out, or -1, and, where fusedColon holds, the number of
// '\n' in b[p:] before it. Right after a ':' that starts no URI (one the
// scan has dealt with, before p, or, where indexColon does not pass over
// them, one noURIAfter rules out), it skips the run of hex digits and
// colons that follows (hexRun), which holds no '\n'.
func nextColon(b []byte, p int) (q, lines int) {
	for {
		if p > 0 && p < len(b) && b[p-1] == ':' && class[b[p]]&cHexRun != 0 {
			p = hexRun(b, p)
		}
		q, n := indexColon(b, p)
		lines += n
		if q < 0 || fusedColon || !noURIAfter(b, q) {
			return q, lines
		}
		p = q + 1
	}
}

// nextColonOnly is nextColon as a finder.
func nextColonOnly(b []byte, p int) int {
	q, _ := nextColon(b, p)
	return q
}

// hexRun returns the end of the run of hex digits and colons at b[p:],
// right after a ':' that starts no URI, or the start of the first word of
// the run that is a scheme ("::feed:"). No ':' inside such a run starts a
// URI either (an IPv6 address, a hex dump): its word has a ':' before it,
// so it is no delimited URI's scheme nor a list number, and it is no
// registered scheme; skipping them spares a third of the RFCs' colons.
func hexRun(b []byte, p int) int {
	end := skipClass(b, p, len(b), cHexRun)
	for w := p; w < end; {
		// Its words are short: a loop beats a call to bytes.IndexByte.
		n := w
		for n < end && b[n] != ':' {
			n++
		}
		if n == end {
			break
		}
		if c := b[w] | 0x20; n > w && 'a' <= c && c <= 'f' {
			if _, ok := lookupScheme(b[w:n]); ok {
				return w
			}
		}
		w = n + 1
	}
	return end
}

// anyTrigger looks at each trigger in the window from s.pos until one
// gives an outcome other than failed.
func (s *Scanner) anyTrigger() outcome {
	for {
		t, k := s.triggers.next(s.buf, s.off, s.pos)
		if t < 0 {
			return exhausted
		}
		s.pos = t
		var o outcome
		switch k {
		case colonTrigger:
			o = s.bare(t)
		case angleTrigger:
			if o = s.angle(t, false); o == failed {
				s.angleTried = t
			}
		case dotTrigger:
			o = s.abbreviated(t)
		}
		if o != failed || s.skipping {
			return o
		}
		s.want = 0
	}
}

// Match returns the URI found by the last call to Scan.
func (s *Scanner) Match() Match { return s.m }

// Err returns the first read error met, or nil at a clean end of input.
// Text never causes an error.
func (s *Scanner) Err() error { return s.err }

// outcome is the result of looking at one trigger.
type outcome uint8

const (
	failed    outcome = iota // no URI here; s.pos has moved on
	found                    // s.m is set, s.pos and s.floor moved past it
	more                     // the decision needs bytes past the window's end
	exhausted                // no trigger left in the window
)

// fill drops the bytes no longer needed from the window and reads more.
func (s *Scanner) fill() {
	if s.eof {
		return
	}
	if s.buf == nil {
		s.buf = make([]byte, 0, s.size)
	}
	if drop := s.pos - lookBehind - s.off; drop > 0 {
		// Count the lines of what goes while it is here.
		s.lines.forget(s.buf, s.off, s.off+drop)
		n := copy(s.buf, s.buf[drop:])
		s.buf = s.buf[:n]
		s.off += drop
	}
	target := min(cap(s.buf), len(s.buf)+max(s.want, 1))
	for empty := 0; len(s.buf) < target; {
		n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if n > 0 {
			s.paused = false
		}
		if errors.Is(err, ErrPause) {
			// Decide on what has come (final); a rule that cannot asks
			// for more, and the next read waits for it.
			s.paused = true
			return
		}
		if err != nil {
			if err != io.EOF {
				s.err = err
			}
			s.eof = true
			return
		}
		if n > 0 {
			empty = 0
		} else if empty++; empty == 100 {
			s.err = io.ErrNoProgress
			s.eof = true
			return
		}
	}
}

// final reports whether the window's end is the end of the data, or as
// far as a rule can look: the window is full and fill could free nothing
// (NewScanner sizes the window so that the rules never reach that far),
// or the input paused after a line break (ErrPause).
func (s *Scanner) final() bool {
	return s.eof || s.paused && len(s.buf) > 0 && s.buf[len(s.buf)-1] == '\n' ||
		len(s.buf) == cap(s.buf) && s.pos-lookBehind <= s.off
}

// skip passes over the rest of a run of URI characters too long to be
// reported; it returns false when the run goes on past the window.
func (s *Scanner) skip() bool {
	b := s.buf
	j := int(s.pos - s.off)
	for j < len(b) {
		if class[b[j]]&cURI != 0 {
			j++
			continue
		}
		// The non-ASCII characters of an IRI go on the run too.
		if b[j] < 0x80 || j == 0 || !utf8.FullRune(b[j:]) && !s.eof {
			break
		}
		r, n := utf8.DecodeRune(b[j:])
		if bareRune(r, b[j-1], false) != iriGoesOn {
			break
		}
		j += n
	}
	s.pos = s.off + int64(j)
	if (j == len(b) || !utf8.FullRune(b[j:])) && !s.eof {
		return false
	}
	s.skipping = false
	return true
}

// emit completes the match in s.m, over the window indices [start, end),
// and moves the scan past next, the index after its closing delimiter.
func (s *Scanner) emit(start, end, next int) outcome {
	m := &s.m
	m.Start, m.End = s.off+int64(start), s.off+int64(end)
	s.lines.advance(s.buf, s.off, m.Start)
	m.Line, m.Column = s.lines.line, s.lines.column(s.buf, s.off)
	if !m.Joined {
		s.lines.pastMatch(s.off+int64(next), countNewlines(s.buf[end:next]))
	}
	s.pos = s.off + int64(next)
	s.floor = s.pos
	return found
}

// fail moves the scan to the window index next.
func (s *Scanner) fail(next int) outcome {
	s.pos = s.off + int64(next)
	return failed
}
