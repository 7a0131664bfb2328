package cli

import (
	"io"
	"os"
	"time"
)

// streamReader reads an input whose reads may wait (standard input from a
// pipe or terminal, a FIFO) in the background, so that it can tell when a
// read would wait: then it flushes the output first, and every link the
// scanner could decide on what it had is written before it waits for
// more, as "tail -f log | urix" needs (the scanners read again only when
// they can decide nothing more). Output to a pipe stays block-buffered
// otherwise. It also gives its reads a deadline, so that package extract
// sees when the input pauses (extract.Links decides the type then).
type streamReader struct {
	chunks   chan chunk
	free     chan []byte // buffers handed back to the background reader
	rest     chunk       // data received and not read yet
	deadline time.Time
	flush    func()
}

type chunk struct {
	buf, data []byte // data is what is left of buf to read
	err       error
}

// newStreamReader starts reading r in the background.
func newStreamReader(r io.Reader, flush func()) *streamReader {
	s := &streamReader{chunks: make(chan chunk), free: make(chan []byte, 2), flush: flush}
	s.free <- make([]byte, 32<<10)
	s.free <- make([]byte, 32<<10)
	go func() {
		for buf := range s.free {
			n, err := r.Read(buf)
			s.chunks <- chunk{buf, buf[:n], err}
			if err != nil {
				return
			}
		}
	}()
	return s
}

func (s *streamReader) Read(b []byte) (int, error) {
	if s.rest.buf == nil {
		select {
		case s.rest = <-s.chunks:
		default:
			s.flush()
			if !s.wait() {
				return 0, os.ErrDeadlineExceeded
			}
		}
	}
	n := copy(b, s.rest.data)
	s.rest.data = s.rest.data[n:]
	if len(s.rest.data) > 0 {
		return n, nil
	}
	err := s.rest.err
	if err == nil {
		s.free <- s.rest.buf
		s.rest = chunk{}
	}
	return n, err
}

// wait receives the next chunk, by the deadline if one is set.
func (s *streamReader) wait() bool {
	if s.deadline.IsZero() {
		s.rest = <-s.chunks
		return true
	}
	t := time.NewTimer(time.Until(s.deadline))
	defer t.Stop()
	select {
	case s.rest = <-s.chunks:
		return true
	case <-t.C:
		return false
	}
}

// SetReadDeadline makes a Read that gets no data by t return
// os.ErrDeadlineExceeded (the zero time: no deadline), as *os.File's does.
func (s *streamReader) SetReadDeadline(t time.Time) error {
	s.deadline = t
	return nil
}

// streaming returns r as the scanner reads it (see streamInput), flushing
// s's output before a read waits.
func (s *scanner) streaming(r io.Reader) io.Reader {
	return streamInput(r, func() {
		if s.out.Buffered() > 0 {
			s.check(s.out.Flush())
		}
	})
}

// streamInput returns r as a scanner reads it: a regular file directly, any
// other input through a streamReader calling flush before a read waits.
func streamInput(r io.Reader, flush func()) io.Reader {
	if f := asRegular(r); f != nil {
		return f
	}
	return newStreamReader(r, flush)
}

// asRegular returns r when it is a regular file, else nil.
func asRegular(r io.Reader) *os.File {
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			return f
		}
	}
	return nil
}
