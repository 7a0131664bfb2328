package extract

import (
	"bufio"
	"bytes"
	"io"
)

// scanMbox is the contentScanner of a mailbox in the mbox format (the
// mboxo and mboxrd variants, RFC 4155): messages one after the other, each
// after a "From " line. It reads one message at a time, so memory stays
// in proportion to the largest message (see scanMail) whatever the size
// of the mailbox, and scans each as scanMail does, with Link.Message its
// 1-based index.
//
// A message starts at the beginning of the input (whether or not a "From "
// line is there) and at each "From " line that has the sender and the date
// mbox writers put there ("From sender Thu Aug 22 12:36:23 2002"). The
// date is required and a blank line before is not, so that both mailboxes
// made by concatenating files and body lines such as "From here on, ..."
// that a writer failed to escape are read right. ">From ", ">>From ", ...
// lose one ">" (mboxrd; in mboxo, only ">From " was escaped, so this
// unescapes it too). A message over MaxMessageSize is reported with
// ErrMessageTooLarge and skipped; any other problem is reported with the
// message's index and the scan goes on with the next one.
func scanMbox(r io.Reader, src *source, yield func(Link, error) bool) bool {
	var w mailWalker
	return w.scanMbox(r, src, yield)
}

// scanMbox is the function scanMbox, walking with w, whose work count
// the linear-time tests read.
func (w *mailWalker) scanMbox(r io.Reader, src *source, yield func(Link, error) bool) bool {
	mr := newMboxReader(r)
	for mr.next() {
		s := *src
		s.message = mr.index
		if mr.tooBig {
			if !yield(Link{}, &Error{File: s.name, Message: mr.index, Offset: mr.off, Err: tooLarge()}) {
				return false
			}
			continue
		}
		if !w.scan(&s, mr.msg, mr.off, mr.line, mr.unescaped, yield) {
			return false
		}
	}
	if mr.err != nil {
		return yield(Link{}, &Error{File: src.name, Message: mr.index, Offset: mr.readOff, Err: mr.err})
	}
	return true
}

// mboxReader splits an mbox into its messages, as scanMbox describes.
type mboxReader struct {
	br    *bufio.Reader
	msg   []byte // the current message, without its "From " line, unescaped
	index int    // 1-based index of the current message
	off   int64  // offset of the current message in the input
	line  int    // line of the input the current message starts on
	// unescaped holds the offsets in msg of the lines that lost a ">".
	unescaped []int
	tooBig    bool  // the current message is over MaxMessageSize; msg is empty
	err       error // the read error that ended the input, other than io.EOF
	readOff   int64 // offset of the next line in the input
	// readLine is the line of the input that readOff is on.
	readLine int

	pending  bool  // a "From " line was read that starts the next message
	endErr   error // the input ended right after that line
	seenFrom bool  // a "From " line started a message
	done     bool
}

func newMboxReader(r io.Reader) *mboxReader {
	return &mboxReader{br: bufio.NewReaderSize(r, 64<<10), readLine: 1}
}

// next reads the next message and reports whether there is one. Only the
// current message is held: msg is reused.
func (m *mboxReader) next() bool {
	if m.done {
		return false
	}
	m.msg, m.tooBig, m.unescaped = m.msg[:0], false, m.unescaped[:0]
	started := false
	if m.pending {
		m.pending, started = false, true
		m.index++
		m.off, m.line = m.readOff, m.readLine
		if m.endErr != nil {
			return m.end(m.endErr, true)
		}
	}
	hasLines := false // lines other than blank ones
	midLine := false  // the next bytes continue a line longer than the buffer
	for {
		line, err := m.br.ReadSlice('\n')
		atStart := !midLine
		midLine = err == bufio.ErrBufferFull
		lineOff, lineNum := m.readOff, m.readLine
		m.readOff += int64(len(line))
		if err == nil {
			m.readLine++
		}
		if atStart && bytes.HasPrefix(line, []byte("From ")) && (!m.seenFrom && !hasLines || isMboxFromLine(line)) {
			for err == bufio.ErrBufferFull { // an over-long "From " line
				line, err = m.br.ReadSlice('\n')
				m.readOff += int64(len(line))
				if err == nil {
					m.readLine++
				}
			}
			midLine = false
			if !m.seenFrom && !hasLines {
				// Nothing but blank lines before: this line
				// starts the first message.
				m.seenFrom = true
				m.index, m.off, m.line, started = 1, m.readOff, m.readLine, true
				m.msg, m.unescaped = m.msg[:0], m.unescaped[:0]
				if err != nil {
					return m.end(err, true)
				}
				continue
			}
			m.pending, m.endErr, m.seenFrom = true, err, true
			return true
		}
		escaped := false
		if atStart {
			if unescaped, ok := unescapeFrom(line); ok {
				line, escaped = unescaped, true
			}
		}
		if len(line) > 0 {
			if !started {
				m.index++
				m.off, m.line, started = lineOff, lineNum, true
			}
			if !hasLines && len(bytes.TrimSpace(line)) > 0 {
				hasLines = true
			}
			if !m.tooBig && len(m.msg)+len(line) > MaxMessageSize {
				m.tooBig, m.msg, m.unescaped = true, m.msg[:0], m.unescaped[:0]
			}
			if escaped && !m.tooBig {
				m.unescaped = append(m.unescaped, len(m.msg))
			}
			if !m.tooBig {
				m.msg = append(growMessage(m.msg, len(line)), line...)
			}
		}
		if err != nil && err != bufio.ErrBufferFull {
			return m.end(err, started && (hasLines || m.seenFrom))
		}
	}
}

// growMessage returns msg with room for n more bytes, doubling its
// capacity up to MaxMessageSize+1 bytes. (Growing at once to that size
// costs no memory for the pages not written to, but the garbage
// collector counts them all: a message of 1.5 MB of small parts then
// left 50 MB of garbage uncollected.)
func growMessage(msg []byte, n int) []byte {
	if len(msg)+n <= cap(msg) {
		return msg
	}
	size := max(2*cap(msg), len(msg)+n, 4<<10)
	if size > MaxMessageSize+1 {
		size = max(MaxMessageSize+1, len(msg)+n)
	}
	grown := make([]byte, len(msg), size)
	copy(grown, msg)
	return grown
}

// end records the end of the input, with err, and returns message.
func (m *mboxReader) end(err error, message bool) bool {
	m.done = true
	if err != io.EOF {
		m.err = err
	}
	return message
}

// unescapeFrom returns line without its first ">" if it is a ">From "
// line escaped by an mbox writer (any number of ">").
func unescapeFrom(line []byte) ([]byte, bool) {
	if len(line) < 6 || line[0] != '>' {
		return line, false
	}
	i := 1
	for i < len(line) && line[i] == '>' {
		i++
	}
	if !bytes.HasPrefix(line[i:], []byte("From ")) {
		return line, false
	}
	return line[1:], true
}
