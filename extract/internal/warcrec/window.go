package warcrec

import (
	"bytes"
	"errors"
	"io"
)

// Window is a buffered reader that can go back to a place after a mark:
// into a WARC record, or to the byte after the start of a gzip member,
// once it turns out to be truncated or corrupt, so that the next record,
// which may begin inside what was read as this one, is found by searching
// on from there. The bytes from the mark on are kept up to WindowKeep; a
// longer record drops them and is searched on from where the reading is.
type Window struct {
	r    io.Reader
	buf  []byte
	off  int64 // offset in the stream of buf[0]
	i    int   // next byte to read
	mark int   // start of the bytes kept, -1 for none
	err  error // of r, returned once buf is read
	// Work counts the bytes read, searched and copied, for the tests
	// of linear time: those that a malformed record has the scanner look
	// at again are in it.
	Work int
}

// Err returns the error of the reader, once the bytes read before it
// are read: io.EOF at its end.
func (w *Window) Err() error { return w.err }

// errLineTooLong is the error of a line over the bound Line is given.
var errLineTooLong = errors.New("header line too long")

// WindowKeep bounds the bytes a Window keeps from its mark.
const WindowKeep = 8 << 20

// NewWindow returns a Window reading r, with a 64 KiB buffer to start.
func NewWindow(r io.Reader) *Window { return &Window{r: r, buf: make([]byte, 0, 64<<10), mark: -1} }

// Reset makes w read r from its start, with the buffer it has.
func (w *Window) Reset(r io.Reader) {
	*w = Window{r: r, buf: w.buf[:0], mark: -1, Work: w.Work}
}

// Pos returns the offset in the stream of the next byte.
func (w *Window) Pos() int64 { return w.off + int64(w.i) }

// SetMark keeps the bytes from the next one on, until the next setMark.
func (w *Window) SetMark() { w.mark = w.i }

// RewindTo goes back to the offset off in the stream, at or after the
// mark; false when the bytes from there are no longer kept.
func (w *Window) RewindTo(off int64) bool {
	i := off - w.off
	if w.mark < 0 || i < int64(w.mark) || i > int64(len(w.buf)) {
		return false
	}
	w.i, w.mark = int(i), -1
	return true
}

// End returns the offset of the end of the stream, once it has been read
// up to it.
func (w *Window) End() (int64, bool) {
	return w.off + int64(len(w.buf)), w.err == io.EOF
}

// Kept returns the n bytes from the offset off in the stream, which are
// Kept from the mark on and read: valid until the next read.
func (w *Window) Kept(off int64, n int) []byte {
	i := int(off - w.off)
	return w.buf[i : i+n]
}

// fill reads more bytes into buf, keeping those from the mark and from
// index hold on; it returns how far the bytes kept moved down, and false
// when there are no more.
func (w *Window) fill(hold int) (int, bool) {
	if w.err != nil {
		return 0, false
	}
	keep := hold
	if w.mark >= 0 && w.i-w.mark <= WindowKeep {
		keep = min(keep, w.mark)
	} else {
		w.mark = -1
	}
	if keep > 0 {
		n := copy(w.buf, w.buf[keep:])
		w.Work += n
		w.buf = w.buf[:n]
		w.off += int64(keep)
		w.i -= keep
		if w.mark >= 0 {
			w.mark -= keep
		}
	}
	if len(w.buf) == cap(w.buf) {
		w.buf = append(w.buf, make([]byte, cap(w.buf))...)[:len(w.buf)]
	}
	n, err := w.r.Read(w.buf[len(w.buf):cap(w.buf)])
	w.buf = w.buf[:len(w.buf)+n]
	w.Work += n
	if err != nil {
		w.err = err
	}
	return keep, n > 0 || err == nil
}

// more is fill keeping the bytes from the next one on.
func (w *Window) more() bool {
	_, ok := w.fill(w.i)
	return ok
}

// Read reads as io.Reader does.
func (w *Window) Read(p []byte) (int, error) {
	for w.i == len(w.buf) {
		if !w.more() {
			return 0, w.err
		}
	}
	n := copy(p, w.buf[w.i:])
	w.i += n
	return n, nil
}

// ReadByte reads as io.ByteReader does: compress/flate reads a gzip
// member through it byte by byte and so never past the member's end.
func (w *Window) ReadByte() (byte, error) {
	for w.i == len(w.buf) {
		if !w.more() {
			return 0, w.err
		}
	}
	w.i++
	return w.buf[w.i-1], nil
}

// Peek returns the next byte without reading it; false at the end.
func (w *Window) Peek() (byte, bool) {
	for w.i == len(w.buf) {
		if !w.more() {
			return 0, false
		}
	}
	return w.buf[w.i], true
}

// Line reads up to and including the next '\n', or to the end of input,
// and returns it without its line break; a line longer than max is an
// error, found having read at most max+2 bytes. The bytes returned are
// valid until the next read.
func (w *Window) Line(max int) ([]byte, error) {
	start := w.i
	for {
		// The line, its CR and LF: a longer search would read all the
		// buffer at each line (a whole file, were it one line).
		end := min(len(w.buf), start+max+2)
		if j := bytes.IndexByte(w.buf[w.i:end], '\n'); j >= 0 {
			w.Work += j + 1
			w.i += j + 1
			line := bytes.TrimSuffix(w.buf[start:w.i-1], []byte("\r"))
			if len(line) > max {
				return nil, errLineTooLong
			}
			return line, nil
		}
		w.Work += end - w.i
		w.i = end
		if w.i-start >= max+2 {
			return nil, errLineTooLong
		}
		moved, ok := w.fill(start)
		start -= moved
		if !ok {
			if w.i == start {
				return nil, io.EOF
			}
			line := bytes.TrimSuffix(w.buf[start:w.i], []byte("\r"))
			if len(line) > max {
				return nil, errLineTooLong
			}
			return line, nil
		}
	}
}

// Discard skips n bytes; it returns how many it skipped.
func (w *Window) Discard(n int64) int64 { return w.CopyTo(nil, n) }

// CopyTo writes the next n bytes to to, nil for none, as discard skips
// them, from the buffer as it is; it returns how many it read.
func (w *Window) CopyTo(to io.Writer, n int64) int64 {
	var done int64
	for done < n {
		if w.i == len(w.buf) && !w.more() {
			break
		}
		k := min(int64(len(w.buf)-w.i), n-done)
		if to != nil {
			to.Write(w.buf[w.i : w.i+int(k)])
			w.Work += int(k)
		}
		w.i += int(k)
		done += k
	}
	return done
}

// Find reads up to the next occurrence of sep and leaves it to be read
// next; false, having read everything, when there is none.
func (w *Window) Find(sep []byte) bool {
	for {
		j := bytes.Index(w.buf[w.i:], sep)
		if j >= 0 {
			w.Work += j + len(sep)
			w.i += j
			return true
		}
		w.Work += len(w.buf) - w.i
		// Keep the bytes that may start sep.
		w.i = max(w.i, len(w.buf)-len(sep)+1)
		if !w.more() {
			w.i = len(w.buf)
			return false
		}
	}
}
