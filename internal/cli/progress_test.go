package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
)

func TestProgressLine(t *testing.T) {
	var w bytes.Buffer
	p := &progress{w: &w, stop: make(chan struct{})}
	p.input()
	p.input()
	n, err := io.Copy(io.Discard, p.reader(strings.NewReader(strings.Repeat("x", 2500))))
	if err != nil || n != 2500 {
		t.Fatalf("reader copied %d bytes, %v; want 2500", n, err)
	}
	p.link()
	p.draw()
	if got, want := w.String(), "\rurix: 2 inputs, 2.5 kB, 1 links\x1b[K"; got != want {
		t.Errorf("draw wrote %q, want %q", got, want)
	}
	w.Reset()
	p.above(func() { w.WriteString("urix: x: error\n") })
	if got, want := w.String(), "\r\x1b[Kurix: x: error\n"; got != want {
		t.Errorf("above wrote %q, want the line erased first: %q", got, want)
	}
}

// TestProgressOff checks that no progress line is shown unless stderr is
// a terminal, and that a nil progress (off) is safe to use.
func TestProgressOff(t *testing.T) {
	var stderr bytes.Buffer
	e := &env{stdout: &bytes.Buffer{}, stderr: &stderr}
	p := e.newProgress()
	if p != nil {
		t.Fatal("newProgress with a bytes.Buffer as stderr: want nil (off)")
	}
	p.input()
	p.link()
	p.close()
	if r := p.reader(os.Stdin); r != os.Stdin {
		t.Error("nil progress: reader should return its argument")
	}
	called := false
	p.above(func() { called = true })
	if !called || stderr.Len() != 0 {
		t.Errorf("nil progress: above called=%v, stderr %q; want called, nothing written", called, stderr.String())
	}
}
