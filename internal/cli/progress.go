package cli

import (
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/term"
)

// progress shows inputs, bytes and links found on one line of stderr while
// a long scan runs. It is shown only when stderr is a terminal and stdout
// is not (a terminal getting the links shows progress enough), starts after
// progressDelay so that short scans never flash it, and redraws at most
// every progressEvery.
type progress struct {
	w                    io.Writer
	inputs, bytes, links atomic.Int64
	stop                 chan struct{}
	done                 sync.WaitGroup
	mu                   sync.Mutex // held while writing to w
}

const (
	progressDelay = time.Second
	progressEvery = 250 * time.Millisecond
)

// newProgress returns a running progress line, or nil when e's stderr is
// not a terminal or stdout is one.
func (e *env) newProgress() *progress {
	if !isTerminal(e.stderr) || isTerminal(e.stdout) {
		return nil
	}
	p := &progress{w: e.stderr, stop: make(chan struct{})}
	p.done.Add(1)
	go p.loop()
	return p
}

func isTerminal(w any) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (p *progress) loop() {
	defer p.done.Done()
	select {
	case <-p.stop:
		return
	case <-time.After(progressDelay):
	}
	t := time.NewTicker(progressEvery)
	defer t.Stop()
	for {
		p.draw()
		select {
		case <-p.stop:
			p.mu.Lock()
			fmt.Fprint(p.w, "\r\x1b[K")
			p.mu.Unlock()
			return
		case <-t.C:
		}
	}
}

// draw redraws the progress line in place.
func (p *progress) draw() {
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprintf(p.w, "\rurix: %d inputs, %s, %d links\x1b[K",
		p.inputs.Load(), byteSize(p.bytes.Load()), p.links.Load())
}

// input counts one more input; nil-safe like the other methods, so callers
// need not check whether progress is shown.
func (p *progress) input() {
	if p != nil {
		p.inputs.Add(1)
	}
}

func (p *progress) link() {
	if p != nil {
		p.links.Add(1)
	}
}

// above runs print (a message on stderr) on a line of its own, above the
// progress line, which the next tick redraws.
func (p *progress) above(print func()) {
	if p == nil {
		print()
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	fmt.Fprint(p.w, "\r\x1b[K")
	print()
}

// reader counts the bytes read through r.
func (p *progress) reader(r io.Reader) io.Reader {
	if p == nil {
		return r
	}
	return countingReader{r, &p.bytes}
}

// close erases the line; it must be called before anything else is
// written to stderr.
func (p *progress) close() {
	if p != nil {
		close(p.stop)
		p.done.Wait()
	}
}

type countingReader struct {
	r io.Reader
	n *atomic.Int64
}

func (c countingReader) Read(b []byte) (int, error) {
	n, err := c.r.Read(b)
	c.n.Add(int64(n))
	return n, err
}

// byteSize formats n bytes for people: 512 B, 3.4 MB.
func byteSize(n int64) string {
	const unit = 1000
	if n < unit {
		return fmt.Sprintf("%d B", n)
	}
	f, suffix := float64(n), "kMGTPE"
	i := -1
	for f >= unit && i < len(suffix)-1 {
		f /= unit
		i++
	}
	return fmt.Sprintf("%.1f %cB", f, suffix[i])
}
