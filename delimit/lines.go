package delimit

import (
	"bytes"

	"github.com/urix/urix/internal/ascii"
)

// lineCount counts the lines of the input for the Line and Column of each
// match, reading each byte of the window once on the usual path. Offsets
// are input offsets; the methods read the window b, whose first byte is at
// input offset off, and every offset they are given is in it (fill counts
// what it drops first: forget).
type lineCount struct {
	line int   // line number at at
	at   int64 // lines are counted up to here
	// The line of startAt, startLine, starts at lineStart; a line break
	// after startAt moves it (column).
	startLine          int
	startAt, lineStart int64
	// The line number at aheadAt, counted ahead of at by colons' search
	// or by emit past a match; of no use when aheadAt <= at.
	aheadLine int
	aheadAt   int64
}

// newLineCount returns the count at the start of the input, line 1.
func newLineCount() lineCount {
	return lineCount{line: 1, startLine: 1, aheadLine: 1}
}

// advance moves the line count forward to offset to.
func (l *lineCount) advance(b []byte, off, to int64) {
	if to <= l.at {
		return
	}
	if l.aheadAt > l.at {
		if to >= l.aheadAt {
			l.line, l.at = l.aheadLine, l.aheadAt
		} else if l.aheadAt-to < to-l.at {
			// The usual case: a match starts a little before its ':'.
			l.line, l.at = l.aheadLine-countNewlines(b[to-off:l.aheadAt-off]), to
			return
		}
	}
	l.line += countNewlines(b[l.at-off : to-off])
	l.at = to
}

// column returns the 1-based column of offset at, in bytes.
func (l *lineCount) column(b []byte, off int64) int {
	return int(l.at-l.lineStartAt(b, off)) + 1
}

// forget makes the count independent of the window's bytes before to,
// which fill drops.
func (l *lineCount) forget(b []byte, off, to int64) {
	l.advance(b, off, to)
	l.lineStartAt(b, off)
}

// lineStartAt returns the offset where the line of at starts.
func (l *lineCount) lineStartAt(b []byte, off int64) int64 {
	if l.line != l.startLine {
		// The line's start is the last '\n' after startAt: look back
		// over the line so far only.
		l.lineStart = l.startAt + int64(ascii.LastNewline(b[l.startAt-off:l.at-off])) + 1
		l.startLine = l.line
	}
	l.startAt = l.at
	return l.lineStart
}

// aheadTo moves the count ahead to offset x, at or after at, counting the
// line breaks in between: colons keeps it at its search's position.
func (l *lineCount) aheadTo(b []byte, off, x int64) {
	if l.aheadAt != x {
		l.moveAhead(b, off, x)
	}
}

// moveAhead is aheadTo's work, out of line so that aheadTo, called at
// each ':' colons looks at, inlines.
func (l *lineCount) moveAhead(b []byte, off, x int64) {
	if l.aheadAt <= l.at {
		l.aheadAt, l.aheadLine = l.at, l.line
	}
	if x >= l.aheadAt {
		l.aheadLine += countNewlines(b[l.aheadAt-off : x-off])
	} else {
		l.aheadLine -= countNewlines(b[x-off : l.aheadAt-off])
	}
	l.aheadAt = x
}

// ahead moves the count ahead to offset x, past newlines line breaks that
// its caller counted from aheadAt.
func (l *lineCount) ahead(x int64, newlines int) {
	l.aheadAt, l.aheadLine = x, l.aheadLine+newlines
}

// pastMatch sets the count ahead at offset x, newlines line breaks after
// at: a match with no whitespace inside starts at at, and only its closing
// delimiter, before x, may hold a line break. The scan goes on from x
// without counting over the match again.
func (l *lineCount) pastMatch(x int64, newlines int) {
	l.aheadAt, l.aheadLine = x, l.line+newlines
}

// countNewlines returns the number of '\n' in b. Most of what it counts
// is short: a scheme, a URI, the byte after a ':'.
func countNewlines(b []byte) int {
	if len(b) >= 16 {
		return bytes.Count(b, []byte{'\n'})
	}
	n := 0
	for _, c := range b {
		if c == '\n' {
			n++
		}
	}
	return n
}
