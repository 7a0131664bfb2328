package extract

import (
	"bytes"
	"encoding/binary"
	"io"
	"slices"
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
	w := getMailWalker()
	ok := w.scanMbox(r, src, yield)
	w.release()
	return ok
}

// scanMbox is the function scanMbox, walking with w, whose work count
// the linear-time tests read.
func (w *mailWalker) scanMbox(r io.Reader, src *source, yield func(Link, error) bool) bool {
	mr := &w.mbox
	mr.reset(r)
	mr.noLines = src.opts.NoPositions
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

// mboxReader splits an mbox into its messages, as scanMbox describes. It
// reads the input in large chunks into one buffer and hands out each
// message as a slice of it, unescaped in place: no line is copied.
type mboxReader struct {
	r       io.Reader
	buf     []byte // input read; buf[pos:] is not consumed yet
	pos     int
	bufOff  int64 // offset of buf[0] in the input
	lines   int   // line breaks before buf[pos]
	noLines bool  // lines is not counted: no link is placed (Options.NoPositions)
	eof     bool
	msg     []byte // the current message, without its "From " line, unescaped
	index   int    // 1-based index of the current message
	off     int64  // offset of the current message in the input
	line    int    // line of the input the current message starts on
	tooBig  bool   // the current message is over MaxMessageSize; msg is empty
	err     error  // the read error that ended the input, other than io.EOF
	readOff int64  // offset of the input read so far, for err
	// unescaped holds the offsets in msg of the lines that lost a ">".
	unescaped []int
	escapes   []int // the same in the message as read
	seenFrom  bool  // a "From " line started a message
	started   bool  // the first message was found
	done      bool
}

// mboxChunk is how much mboxReader reads at a time.
const mboxChunk = 64 << 10

// maxFromLine bounds the "From " lines read as separators: a longer line,
// which no mbox writer makes, is body text.
const maxFromLine = 4 << 10

func newMboxReader(r io.Reader) *mboxReader { return &mboxReader{r: r} }

// reset makes m read r from its start, keeping its buffers: the walker
// that holds m reads one mbox after another with them (see mailWalkers).
func (m *mboxReader) reset(r io.Reader) {
	*m = mboxReader{r: r, buf: m.buf[:0], unescaped: m.unescaped[:0], escapes: m.escapes[:0]}
}

// fill reads the next chunk of input after buf, first moving what is not
// consumed to the front; at the end of the input it sets eof.
func (m *mboxReader) fill() {
	if m.eof {
		return
	}
	if m.pos > 0 {
		n := copy(m.buf, m.buf[m.pos:])
		m.buf, m.bufOff, m.pos = m.buf[:n], m.bufOff+int64(m.pos), 0
	}
	if cap(m.buf)-len(m.buf) < mboxChunk {
		m.buf = slices.Grow(m.buf, mboxChunk)
	}
	for empty := 0; ; {
		n, err := m.r.Read(m.buf[len(m.buf):cap(m.buf)])
		m.buf = m.buf[:len(m.buf)+n]
		m.readOff += int64(n)
		if err != nil {
			m.eof = true
			if err != io.EOF {
				m.err = err
			}
			return
		}
		if n > 0 {
			return
		}
		if empty++; empty == 100 {
			m.eof, m.err = true, io.ErrNoProgress
			return
		}
	}
}

// consume marks the n bytes at buf[pos] read.
func (m *mboxReader) consume(n int) {
	if !m.noLines {
		m.lines += bytes.Count(m.buf[m.pos:m.pos+n], []byte("\n"))
	}
	m.pos += n
}

// next reads the next message and reports whether there is one. Only the
// current message is held: its bytes are reused.
func (m *mboxReader) next() bool {
	m.msg, m.tooBig, m.unescaped, m.escapes = nil, false, m.unescaped[:0], m.escapes[:0]
	if m.done || !m.started && !m.first() {
		m.done = true
		return false
	}
	m.index++
	m.off, m.line = m.bufOff+int64(m.pos), m.lines+1
	from := 0 // where to look for the next "From " line, from pos
	for {
		data := m.buf[m.pos:]
		end, next, more := m.findSeparator(data, from)
		if end >= 0 {
			m.consume(next)
			m.setMessage(data[:end])
			m.seenFrom = true
			return true
		}
		if more > maxMessage() {
			// Too large whatever comes: skip what is read of it.
			m.tooBig = true
			m.consume(more)
			more = 0
		}
		from = more
		if m.eof {
			break
		}
		m.fill()
	}
	data := m.buf[m.pos:]
	m.consume(len(data))
	m.setMessage(data)
	m.done = true
	return m.seenFrom || m.tooBig || len(bytes.TrimSpace(data)) > 0
}

// first finds the start of the first message: after a "From " line that
// comes first but for blank lines (it may lack the date), else at the
// start of the input. It reports whether the input holds more than blank
// lines.
func (m *mboxReader) first() bool {
	m.started = true
	for {
		data := m.buf[m.pos:]
		i := 0
		for i < len(data) && isFoldSpace(data[i]) {
			i++
		}
		if !m.eof && len(data)-i < len("From ") {
			m.fill()
			continue
		}
		if i == len(data) {
			return false
		}
		if i > 0 && data[i-1] != '\n' || !bytes.HasPrefix(data[i:], []byte("From ")) {
			return true
		}
		m.consume(i)
		m.skipLine()
		m.seenFrom = true
		return true
	}
}

// skipLine consumes the line at pos, however long.
func (m *mboxReader) skipLine() {
	for {
		data := m.buf[m.pos:]
		if j := bytes.IndexByte(data, '\n'); j >= 0 {
			m.consume(j + 1)
			return
		}
		m.consume(len(data))
		if m.eof {
			return
		}
		m.fill()
	}
}

// findSeparator looks in data, the message read so far, from from on,
// for the "From " line that ends it (isMboxFromLine), noting on its way
// the ">From " lines to unescape in m.escapes. It returns the offsets of
// that line and of the one after it, or -1 and where to look again when
// more is read (a line that may be a separator, not whole yet).
func (m *mboxReader) findSeparator(data []byte, from int) (end, next, more int) {
	for i := from; ; {
		k := indexFrom(data[i:])
		if k < 0 {
			// "From" may be cut at the end: look again at the last 4 bytes.
			return -1, 0, max(from, len(data)-4)
		}
		i += k
		j := i
		for j > 0 && data[j-1] == '>' {
			j--
		}
		switch {
		case j > 0 && data[j-1] != '\n':
		case j < i:
			if len(m.escapes) == 0 || m.escapes[len(m.escapes)-1] < j {
				m.escapes = append(m.escapes, j)
			}
		default:
			lineEnd := bytes.IndexByte(data[i:min(len(data), i+maxFromLine)], '\n')
			switch {
			case lineEnd < 0 && len(data)-i < maxFromLine && !m.eof:
				return -1, 0, i
			case lineEnd < 0 && m.eof && len(data)-i < maxFromLine:
				if isMboxFromLine(data[i:]) {
					return i, len(data), 0
				}
			case lineEnd >= 0 && isFromLine(bytes.TrimSuffix(data[i:i+lineEnd], []byte("\r"))):
				return i, i + lineEnd + 1, 0
			}
		}
		i += 5
	}
}

// indexFrom returns the index of the first "From " in b, or -1: its 'F',
// which IndexByte finds, and the four bytes after it in one compare.
// (bytes.Index's own work around each 'F', one every 250 bytes of mail,
// cost more than the search.)
func indexFrom(b []byte) int {
	const rom = 'r' | 'o'<<8 | 'm'<<16 | ' '<<24
	for i := 0; ; i++ {
		k := bytes.IndexByte(b[i:], 'F')
		if k < 0 {
			return -1
		}
		i += k
		if i+5 <= len(b) && binary.LittleEndian.Uint32(b[i+1:]) == rom {
			return i
		}
	}
}

// setMessage makes msg, the current message as read, m.msg, with the
// ">" of its escaped "From " lines removed in place.
func (m *mboxReader) setMessage(msg []byte) {
	if m.tooBig || len(msg) > maxMessage() {
		m.tooBig = true
		return
	}
	if len(m.escapes) > 0 {
		w := m.escapes[0]
		for k, e := range m.escapes {
			m.unescaped = append(m.unescaped, e-k)
			end := len(msg)
			if k+1 < len(m.escapes) {
				end = m.escapes[k+1]
			}
			w += copy(msg[w:], msg[e+1:end])
		}
		msg = msg[:w]
	}
	m.msg = msg
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
	if most := maxMessage() + 1; size > most {
		size = max(most, len(msg)+n)
	}
	grown := make([]byte, len(msg), size)
	copy(grown, msg)
	return grown
}
