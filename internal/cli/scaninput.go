package cli

import (
	"bufio"
	"bytes"
	"errors"
	"io"
	"os"
	"strings"
	"sync/atomic"

	"github.com/urix/urix/extract"
	"github.com/urix/urix/extract/format"
	"github.com/urix/urix/internal/walk"
)

// inputScanner scans inputs one after another for a scanner, whose
// options it only reads, with a reader reused from one input to the next:
// each goroutine of a parallel scan has its own. What an input gives goes
// to its fileOut.
type inputScanner struct {
	s         *scanner
	formatter linkFormatter
	br        *bufio.Reader
	reg       regularFile // the file br reads, through quit
	quit      quitReader

	// The state of links: its loop body, made once (w.yield), the input
	// it reads, whether it formats records, and the error that stopped it.
	yield   func(extract.Link, error) bool
	out     *fileOut
	records bool
	err     error
}

func (s *scanner) newInputScanner() *inputScanner {
	w := &inputScanner{
		s:         s,
		formatter: s.newLinkFormatter(),
		br:        bufio.NewReaderSize(nil, 64<<10),
	}
	// A function literal: the wrapper of the method value w.link copied
	// each Link (384 bytes) once more to call the method.
	w.yield = func(link extract.Link, err error) bool { return w.link(&link, err) }
	return w
}

// binarySniff is how much of a file is looked at for a NUL byte, grep's
// sign of a binary file.
const binarySniff = 8 << 10

// isBinary reports whether head, the start of a file, is a binary file's:
// it has a NUL byte and no UTF-16 byte order mark (UTF-16 text is full of
// NULs, and package extract reads it, as ripgrep does).
func isBinary(head []byte) bool {
	utf16 := bytes.HasPrefix(head, []byte{0xff, 0xfe}) || bytes.HasPrefix(head, []byte{0xfe, 0xff})
	return !utf16 && bytes.IndexByte(head, 0) >= 0
}

// found is how an input came to be scanned.
type found uint8

const (
	named  found = iota // named as an input
	walked              // a root of -r that is no directory
	listed              // listed as a regular file in a directory of -r
)

// file scans the file src. A directory is an error unless -r, and a
// binary file met in a directory walk is skipped silently, as is a file
// listed as regular that is a symbolic link by the time it is opened
// (walk.ErrSymlink).
func (w *inputScanner) file(src walk.File, how found, out *fileOut) {
	name := src.Path
	regular, err := w.reg.open(src, how == listed)
	if errors.Is(err, walk.ErrSymlink) {
		return
	}
	if err != nil {
		out.report(err)
		return
	}
	if !regular {
		w.special(name, out)
		return
	}
	defer w.reg.close()
	w.quit = quitReader{w.s.progress.reader(&w.reg), &w.s.quit}
	w.br.Reset(&w.quit)
	defer w.br.Reset(nil)
	if how != named && w.s.opts.Type == extract.Auto {
		head, err := w.br.Peek(binarySniff)
		if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
			out.report(err)
			return
		}
		if isBinary(head) && !extract.Detect(name, head).Binary() {
			return // PDF, Office, OpenDocument and EPUB files are read
		}
	}
	w.reader(extract.SizedReader(w.br, w.reg.size), out)
}

// special scans the named file that is no regular file: a directory is
// an error, and the reads of a FIFO or a terminal may wait. (A parallel
// scan reads none, but what a walk found may have changed since.)
func (w *inputScanner) special(name string, out *fileOut) {
	f, err := os.Open(name)
	if err != nil {
		out.report(err)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		out.report(err)
		return
	}
	if fi.IsDir() {
		out.report(errors.New("is a directory (use -r to scan it)"))
		return
	}
	r := io.Reader(w.s.progress.reader(f))
	if out.direct {
		r = w.s.streaming(r)
	}
	w.reader(r, out)
}

// reader scans one input. A panic while reading it (a bug) is an error of
// that input, reported after its links found before it, and the other
// inputs are still scanned.
func (w *inputScanner) reader(r io.Reader, out *fileOut) {
	w.s.progress.input()
	out.opened = true
	if err := w.links(r, out); err != nil {
		out.report(err)
	}
}

// links hands the links of one input to out, until out wants no more.
func (w *inputScanner) links(r io.Reader, out *fileOut) (err error) {
	defer recoverInput(&err)
	if testHookInput != nil {
		r = testHookInput(out.name, r)
	}
	opts := w.s.opts
	opts.Name = out.name
	w.out, w.records, w.err = out, !w.s.count && !w.s.filesWithLinks && !w.s.quiet, nil
	// Called, not ranged over: the loop body would be a closure, with
	// what it sets, made for each input.
	extract.Links(r, opts)(w.yield)
	w.out = nil
	return w.err
}

// link is the loop body of links, made once for w (w.yield): it takes one
// link or problem of the input w.out.
func (w *inputScanner) link(link *extract.Link, err error) bool {
	out := w.out
	if err != nil {
		if !w.s.strict && errors.Is(err, extract.ErrRecovered) {
			out.warning(extractMessage(out.name, err))
		} else {
			out.problem(extractMessage(out.name, err))
		}
		return true
	}
	rec := ""
	if w.records {
		if rec, w.err = w.formatter.format(*link); w.err != nil {
			return false
		}
	}
	return out.link(link.URI, rec)
}

// extractMessage is a problem extract met in one part of an input as its
// *extract.Error says it (input, message, MIME part, offset, cause), the
// program's prefix in place of the package's. (A base that cannot be used
// is no error: extract puts it in the links' warnings.)
func extractMessage(name string, err error) string {
	var xe *extract.Error
	if !errors.As(err, &xe) {
		return fileMessage(name, err)
	}
	return format.Text(strings.TrimPrefix(xe.Error(), "extract: "))
}

// quitReader reads r until quit is set (-q found a link, the output
// failed), and then fails: so a goroutine of a parallel scan stops
// reading at once, not at the next link of its input.
type quitReader struct {
	r    io.Reader
	quit *atomic.Bool
}

// errQuit is the error of a read after the run has quit; the message is
// never printed (fileOut.problem).
var errQuit = errors.New("the scan has stopped")

func (q quitReader) Read(b []byte) (int, error) {
	if q.quit.Load() {
		return 0, errQuit
	}
	return q.r.Read(b)
}
