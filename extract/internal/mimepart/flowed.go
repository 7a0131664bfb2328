package mimepart

import (
	"bufio"
	"bytes"
	"io"
)

// FlowedReader unwraps text/plain; format=flowed (RFC 3676 §4) as it is
// read: a line that ends in a space is soft-broken and joins the next line
// of the same quote depth (§4.2, §4.5); with DelSp=yes that space goes
// (§4.2); the quote marks of each paragraph are written once, followed by
// one space (§4.5); the space-stuffing of §4.4 is removed; "-- " stays a
// hard line (§4.3). Lines longer than the buffer pass through unwrapped at
// their breaks, so memory stays bounded.
type FlowedReader struct {
	br        *bufio.Reader
	delSp     bool
	out       []byte // unwrapped text; out[pos:] is not read yet
	pos       int
	open      bool // the last line was flowed and waits for its continuation
	openDepth int  // quote depth of the paragraph that is open
	midLine   bool // the next bytes continue an over-long line
	err       error
	// in counts the input bytes read; the text of the line piece last
	// read is out[pieceOut:], from offset pieceIn of the input on (see
	// FlowedCursor).
	in       int64
	pieceIn  int64
	pieceOut int
}

// flowedBufSize bounds the lines FlowedReader unwraps whole: mail lines
// are short (RFC 5322 §2.1.1: at most 998 octets), and a part is small.
const flowedBufSize = 4 << 10

// NewFlowedReader returns a FlowedReader of r; delSp is the DelSp
// parameter (RFC 3676 §4.2).
func NewFlowedReader(r io.Reader, delSp bool) *FlowedReader {
	return &FlowedReader{br: bufio.NewReaderSize(r, flowedBufSize), delSp: delSp}
}

// Reset makes f read r, keeping its buffers.
func (f *FlowedReader) Reset(r io.Reader, delSp bool) {
	f.br.Reset(r)
	*f = FlowedReader{br: f.br, delSp: delSp, out: f.out[:0]}
}

// AppendTo appends to dst the rest of the text f reads.
func (f *FlowedReader) AppendTo(dst []byte) []byte {
	for {
		for f.pos == len(f.out) {
			if f.err != nil {
				return dst
			}
			f.fill()
		}
		dst = append(dst, f.out[f.pos:]...)
		f.pos = len(f.out)
	}
}

// Read reads the text unwrapped, as io.Reader does.
func (f *FlowedReader) Read(p []byte) (int, error) {
	for f.pos == len(f.out) {
		if f.err != nil {
			return 0, f.err
		}
		f.fill()
	}
	n := copy(p, f.out[f.pos:])
	f.pos += n
	return n, nil
}

// AppendFlowed appends to dst the format=flowed text src unwrapped, as a
// FlowedReader of it reads it: src is cut into the lines, and pieces of
// over-long lines, the reader's buffer would give, without copying it
// there piece by piece, nor the text unwrapped from the reader to dst.
func AppendFlowed(dst, src []byte, delSp bool) []byte {
	f := FlowedReader{delSp: delSp, out: dst}
	for f.err == nil {
		f.unwrap(nextPiece(&src))
	}
	return f.out
}

// nextPiece takes from *src what bufio.Reader.ReadSlice('\n') of a
// reader of flowedBufSize bytes reading it gives: up to and with the
// next line feed within flowedBufSize bytes; else flowedBufSize bytes
// and bufio.ErrBufferFull; else the rest and io.EOF.
func nextPiece(src *[]byte) ([]byte, error) {
	b := *src
	n, err := min(len(b), flowedBufSize), error(nil)
	if i := bytes.IndexByte(b[:n], '\n'); i >= 0 {
		n = i + 1
	} else if n == flowedBufSize {
		err = bufio.ErrBufferFull
	} else {
		err = io.EOF
	}
	*src = b[n:]
	return b[:n], err
}

// fill unwraps the next line, or the next piece of an over-long line, into
// f.out.
func (f *FlowedReader) fill() {
	line, err := f.br.ReadSlice('\n')
	f.out, f.pos = f.out[:0], 0
	f.unwrap(line, err)
}

// unwrap appends to f.out the line, or piece of an over-long line, that
// ReadSlice gave with err, unwrapped.
func (f *FlowedReader) unwrap(line []byte, err error) {
	f.pieceIn, f.pieceOut = f.in, len(f.out)
	f.in += int64(len(line))
	complete := err == nil
	if err != nil && err != bufio.ErrBufferFull {
		f.err = err
		if len(line) == 0 {
			if f.open {
				f.out = append(f.out, '\n')
				f.open = false
			}
			return
		}
		complete = true // the last line, without a line break
	}
	if !f.midLine {
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		line = line[depth:]
		f.pieceIn += int64(depth)
		if len(line) > 0 && line[0] == ' ' {
			line = line[1:] // space-stuffing, or the space after the quote marks
			f.pieceIn++
		}
		if f.open && depth != f.openDepth {
			f.out = append(f.out, '\n') // §4.5: a flowed line before a depth change is fixed
		}
		if !f.open || depth != f.openDepth {
			for range depth {
				f.out = append(f.out, '>')
			}
			if depth > 0 {
				f.out = append(f.out, ' ')
			}
		}
		f.openDepth = depth
	}
	f.midLine = !complete
	f.pieceOut = len(f.out)
	if !complete {
		f.out = append(f.out, line...)
		return
	}
	line = bytes.TrimSuffix(line, []byte("\n"))
	line = bytes.TrimSuffix(line, []byte("\r"))
	if len(line) > 0 && line[len(line)-1] == ' ' && !bytes.Equal(line, []byte("-- ")) {
		if f.delSp {
			line = line[:len(line)-1]
		}
		f.out = append(f.out, line...)
		f.open = true
		return
	}
	f.out = append(f.out, line...)
	f.out = append(f.out, '\n')
	f.open = false
}
