package extract

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"time"

	"github.com/urix/urix/delimit"
)

// pauseWait is how long type detection waits for more input once some has
// arrived and it cannot decide yet: past it, the writer has paused (a
// program that prints a line and then works, tail -f), and what has come
// decides. Files and fast pipes fill the sniffLen bytes Detect looks at
// long before.
const pauseWait = 100 * time.Millisecond

// deadliner is a reader whose reads can be given a deadline: a pipe or
// socket (*os.File, net.Conn), or a caller's wrapper of standard input.
// Type detection sees the input pause only on such a reader.
type deadliner interface {
	SetReadDeadline(time.Time) error
}

// detectType returns the type of the input read through br, as Detect
// decides on its first bytes, reading no more than it needs: it decides as
// soon as more input cannot change the outcome (see decided), when the
// input pauses (see pauseReader) or ends, or on sniffLen bytes. So a
// link at the start of a slow stream is reported without waiting for
// 4 KiB. pr is the pauseReader br reads, or nil.
func detectType(name string, br *bufio.Reader, pr *pauseReader) (Type, error) {
	if t, ok := typeByName(name); ok {
		return t, nil
	}
	if pr == nil {
		pr = new(pauseReader) // br reads no pauseReader: no pause seen
	}
	defer func() { pr.timed = false }()
	for {
		n := br.Buffered()
		head, _ := br.Peek(n)
		if n >= sniffLen || n > 0 && decided(head) {
			return Detect(name, head), nil
		}
		pr.timed = n > 0
		_, err := br.Peek(n + 1)
		switch {
		case err == nil:
		case err == io.EOF || err == errPaused:
			head, _ = br.Peek(br.Buffered())
			return Detect(name, head), nil
		default:
			return Text, err
		}
	}
}

// typeByName returns the type Detect gives a name (a WARC or WAT name,
// a known extension), and false when the content decides. (It was Detect
// on two heads of different types, whose verdicts agree only when the
// name decides: the second head cost a file of a tree more than a
// microsecond, and an allocation.)
func typeByName(name string) (Type, bool) {
	if isWARCName(name) {
		return WARC, true
	}
	return typeByExt(name)
}

// decided reports whether Detect's verdict on head, the start of an input
// that goes on, is final, whatever follows: its first line is complete
// and is no mbox "From " line that Detect looks past, no start of markup
// (which may go on to an <html> element), and either no header field (so
// no mail) or the first of a block of them that has ended. A head with
// NUL bytes, UTF-16, waits for more.
func decided(head []byte) bool {
	if bytes.IndexByte(head, 0) >= 0 {
		return false
	}
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	trimmed := bytes.TrimLeft(head, " \t\r\n\f")
	end := bytes.IndexByte(trimmed, '\n')
	if end < 0 || trimmed[0] == '<' {
		return false
	}
	if bytes.HasPrefix(head, []byte("From ")) || !isField(firstLine(head)) {
		return true
	}
	// A header field: decided once the block ends, by a blank line or a
	// line that is neither a field nor a continuation.
	for rest := head; ; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			return false
		}
		line := bytes.TrimSuffix(rest[:i], []byte("\r"))
		rest = rest[i+1:]
		if len(line) == 0 || line[0] != ' ' && line[0] != '\t' && !isField(line) {
			return true
		}
	}
}

// pauseReader reads from r; while timed, and r is a deadliner, a read that
// gets no data within pauseWait returns errPaused (bufio.Reader passes it
// on once and reads on at the next call), and the read after it waits for
// data without a deadline: one pause is told once.
type pauseReader struct {
	r      io.Reader
	timed  bool
	paused bool // the last read returned errPaused
}

// errPaused is what a timed pauseReader.Read returns when no data came:
// the delimit scanner's sign to decide on what it has.
var errPaused = delimit.ErrPause

func (p *pauseReader) Read(b []byte) (int, error) {
	d, ok := p.r.(deadliner)
	if !p.timed || p.paused || !ok || d.SetReadDeadline(time.Now().Add(pauseWait)) != nil {
		n, err := p.r.Read(b)
		p.paused = p.paused && n == 0 && err == nil
		return n, err
	}
	n, err := p.r.Read(b)
	d.SetReadDeadline(time.Time{})
	if n == 0 && errors.Is(err, os.ErrDeadlineExceeded) {
		p.paused = true
		return 0, errPaused
	}
	return n, err
}

// peekUntil returns the bytes br holds once done says they are enough,
// reading one chunk at a time, or once it holds n of them or the input
// ends or fails (the error is left for the reader of br).
func peekUntil(br *bufio.Reader, n int, done func(head []byte) bool) []byte {
	for {
		head, _ := br.Peek(br.Buffered())
		if len(head) >= n || len(head) > 0 && done(head) {
			return head
		}
		if _, err := br.Peek(len(head) + 1); err != nil {
			head, _ = br.Peek(br.Buffered())
			return head
		}
	}
}
