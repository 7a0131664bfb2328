package delimit

import (
	"bytes"
	"strings"
	"unicode/utf8"
)

// Context returns the text around the last match, for a reader to tell
// the links apart (urlscan -c, a picker): the line that holds it, or the
// lines for a match joined across line breaks, and the line before when
// the match's own line holds nothing else. Line breaks and runs of
// whitespace become one space and the ends are trimmed. It is at most
// limit bytes (at least 40), cut at rune boundaries around the match when
// the line is longer.
//
// The text comes from the scanner's window, which holds the bytes before
// a match that its rules need (lookBehind); after it, Context reads on
// without dropping anything, up to the end of the line or limit bytes, so
// memory stays bounded and the result does not depend on the reader's
// chunk sizes, except that a line start further back than the window
// holds is cut there. It reads no further than the line's end: a stream
// that pauses there (tail -f) has its link reported at once.
func (s *Scanner) Context(limit int) string {
	start, end := int(s.m.Start-s.off), int(s.m.End-s.off)
	if start < 0 || end > len(s.buf) || start > end {
		return ""
	}
	want := end + max(limit, minContext)
	for seen := end; len(s.buf) < want && bytes.IndexByte(s.buf[seen:], '\n') < 0; {
		seen = len(s.buf)
		if s.readAfter(seen + 1); len(s.buf) == seen {
			break // the end of the input, or of the window
		}
	}
	return LineContext(s.buf, start, end, limit)
}

// minContext is the least limit of Context and LineContext.
const minContext = 40

// LineContext returns the context of b[start:end] in b as Scanner.Context
// does: its line or lines, the line before when it stands alone on its
// line, whitespace folded, at most limit bytes (at least 40) cut around it
// at rune boundaries. b must hold limit bytes before start and after end,
// or the line breaks or input ends within them, for the result not to
// depend on what b holds.
func LineContext(b []byte, start, end, limit int) string {
	limit = max(limit, minContext)
	ls := start - len(lastLine(b[max(0, start-limit):start]))
	le := end
	if i := bytes.IndexByte(b[end:min(len(b), end+limit)], '\n'); i >= 0 {
		le += i
	} else {
		le = min(len(b), end+limit)
	}
	if ls > 0 && b[ls-1] == '\n' && blankish(b[ls:start]) && blankish(b[end:le]) {
		// A link alone on its line: the line before says what it is.
		prev := lastLine(b[max(0, ls-1-limit) : ls-1])
		if !blankish(prev) && le-(ls-1-len(prev)) <= limit {
			ls -= 1 + len(prev)
		}
	}
	if le-ls > limit {
		room := limit - (end - start)
		if room <= 0 {
			ls, le = start, start+limit
		} else {
			before := min(start-ls, max(room/2, room-(le-end)))
			ls, le = start-before, min(le, end+room-before)
		}
	}
	for ls < le && !utf8.RuneStart(b[ls]) {
		ls++
	}
	for le < len(b) && le > ls && !utf8.RuneStart(b[le]) {
		le--
	}
	return strings.Join(strings.Fields(string(b[ls:le])), " ")
}

// readAfter reads on until the window holds n bytes, it is full, or the
// input ends, without dropping the bytes before the match as fill does
// when the scan moves on.
func (s *Scanner) readAfter(n int) {
	if s.eof || len(s.buf) >= n {
		return
	}
	pos, want := s.pos, s.want
	s.pos, s.want = s.off, n-len(s.buf) // nothing before s.pos to drop
	s.fill()
	s.pos, s.want = pos, want
}

// lastLine returns the end of b after its last line break.
func lastLine(b []byte) []byte {
	return b[bytes.LastIndexByte(b, '\n')+1:]
}

// blankish reports whether b holds only whitespace, the delimiters around
// a URI and mail quote markers.
func blankish(b []byte) bool {
	for _, c := range b {
		if !strings.ContainsRune(" \t\r<>\"'()[].,:;", rune(c)) {
			return false
		}
	}
	return true
}
