package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"testing"
	"time"
)

// notifyWriter is standard output for a test: it tells of every write.
type notifyWriter struct {
	mu    sync.Mutex
	buf   bytes.Buffer
	wrote chan struct{}
}

func (w *notifyWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.buf.Write(b)
	select {
	case w.wrote <- struct{}{}:
	default:
	}
	return len(b), nil
}

func (w *notifyWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.buf.String()
}

// waitFor waits until w holds want, for at most a generous time: the test
// fails if the first link is not written while the writer waits, however
// slow the machine, but does not measure how fast it comes.
func (w *notifyWriter) waitFor(want string) bool {
	timeout := time.After(20 * time.Second)
	for !strings.Contains(w.String(), want) {
		select {
		case <-w.wrote:
		case <-timeout:
			return false
		}
	}
	return true
}

// TestStreamFirstLinkBeforeMore writes a line, waits for its link on
// standard output (not a terminal: block-buffered), then writes the next:
// the link of the first line must come out while urix waits for more,
// whatever the type option, through an os.Pipe (a pipe on standard input)
// and an io.Pipe (any reader).
func TestStreamFirstLinkBeforeMore(t *testing.T) {
	pipes := map[string]func() (io.Reader, io.WriteCloser){
		"os.Pipe": func() (io.Reader, io.WriteCloser) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			return r, w
		},
		"io.Pipe": func() (io.Reader, io.WriteCloser) { return io.Pipe() },
	}
	// A first line that looks like a header field ("http:") leaves the
	// type open until the input pauses; the first decides at once; the
	// last, no whole line, decides on the pause.
	firsts := []string{"see http://a.example/one\n", "http://a.example/one\n", "see http://a.example/one and "}
	for pipeName, newPipe := range pipes {
		for i, args := range [][]string{{"urix"}, {"urix", "--type", "text"}, {"urix", "--json"}, {"urix", "-n", "-"}, {"urix", "--type", "text", "-"}, {"urix", "-"}} {
			first := firsts[i%3]
			name := pipeName + " " + strings.Join(args, " ") + " " + first
			r, w := newPipe()
			out := &notifyWriter{wrote: make(chan struct{}, 1)}
			done := make(chan int)
			go func() {
				done <- run(args, r, out, io.Discard)
				if c, ok := r.(io.Closer); ok {
					c.Close()
				}
			}()
			io.WriteString(w, first)
			if !out.waitFor("http://a.example/one") {
				t.Errorf("%s: first link not written while the input waits; output %q", name, out.String())
			}
			if strings.Contains(out.String(), "two") {
				t.Errorf("%s: second link before it was written", name)
			}
			io.WriteString(w, "and http://b.example/two\n")
			w.Close()
			if code := <-done; code != 0 {
				t.Errorf("%s: status %d", name, code)
			}
			if got := out.String(); !strings.Contains(got, "http://b.example/two") {
				t.Errorf("%s: output %q, want both links", name, got)
			}
		}
	}
}

// countWriter counts the writes made to it.
type countWriter struct{ writes int }

func (w *countWriter) Write(b []byte) (int, error) { w.writes++; return len(b), nil }

// TestLineBuffered checks that --line-buffered writes each link at once,
// and that without it a pipe gets its output in one block.
func TestLineBuffered(t *testing.T) {
	in := "http://a.example/ http://b.example/ http://c.example/\n"
	for _, tt := range []struct {
		args   []string
		writes int
	}{{[]string{"urix", "--line-buffered", "-"}, 3}, {[]string{"urix", "-"}, 1}} {
		w := new(countWriter)
		if code := run(tt.args, strings.NewReader(in), w, io.Discard); code != 0 {
			t.Fatalf("%q: status %d", tt.args, code)
		}
		if w.writes != tt.writes {
			t.Errorf("%q: %d writes, want %d", tt.args, w.writes, tt.writes)
		}
	}
}

// splitLines are the lines TestStreamSplitLine writes, by the kind of
// link in them: the k-th line and its link, one that the byte after it
// ends (after a '.' that it drops, for a URI).
var splitLines = map[string]func(k int) (line, link string){
	"uri": func(k int) (string, string) {
		link := fmt.Sprintf("http://n%02d.example/p", k)
		return "see " + link + ".\n", link
	},
	// --emails: an address is decided by the byte after it, as a URI.
	"email": func(k int) (string, string) {
		addr := fmt.Sprintf("n%02d@example.org", k)
		return "mail " + addr + ".\n", "mailto:" + addr
	},
	// --abbreviated: a www. host, the scheme added.
	"www": func(k int) (string, string) {
		host := fmt.Sprintf("www.n%02d.example.com", k)
		return "at " + host + "/p.\n", "http://" + host + "/p"
	},
}

// writeSplit writes lines of a kind (splitLines) into w, the k-th cut at
// its byte k with a pause there (one the scanner sees: longer than type
// detection's 100 ms), and waits for the link of each line before it
// writes the next: a link that the line decides must come out while the
// input waits, whatever the read sizes.
func writeSplit(t *testing.T, w io.Writer, kind string, waitFor func(link string) bool) []string {
	t.Helper()
	splitLine := splitLines[kind]
	first, _ := splitLine(0)
	var links []string
	for k := range len(first) {
		line, link := splitLine(k)
		io.WriteString(w, line[:k])
		time.Sleep(120 * time.Millisecond)
		io.WriteString(w, line[k:])
		if !waitFor(link) {
			t.Fatalf("cut at %d: %s not given while the input waits", k, link)
		}
		links = append(links, link)
	}
	return links
}

// TestStreamSplitLine writes a line with a link cut at each byte offset
// through a pipe, pausing at the cut: each link must come out before the
// next line is written, and exactly the links written, with none cut
// short where the input paused inside one.
func TestStreamSplitLine(t *testing.T) {
	for _, tt := range []struct {
		kind string
		args []string
	}{
		{"uri", []string{"urix"}},
		{"uri", []string{"urix", "--type", "text", "-"}},
		{"email", []string{"urix", "--emails"}},
		{"email", []string{"urix", "--emails", "--type", "text", "-"}},
		{"www", []string{"urix", "--abbreviated"}},
		{"www", []string{"urix", "--abbreviated", "--emails"}},
	} {
		args := tt.args
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			t.Parallel()
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			out := &notifyWriter{wrote: make(chan struct{}, 1)}
			done := make(chan int)
			go func() {
				done <- run(args, r, out, io.Discard)
				r.Close()
			}()
			links := writeSplit(t, w, tt.kind, out.waitFor)
			w.Close()
			if code := <-done; code != 0 {
				t.Errorf("status %d", code)
			}
			if got, want := out.String(), strings.Join(links, "\n")+"\n"; got != want {
				t.Errorf("output\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestStreamEmailsStop: with --emails -m 1, the scan stops at an address
// given at a pause (the consumer stops inside the flush): one line, status
// 0, no panic, while the writer is still writing.
func TestStreamEmailsStop(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	out := &notifyWriter{wrote: make(chan struct{}, 1)}
	done := make(chan int)
	go func() {
		done <- run([]string{"urix", "--emails", "-m", "1"}, r, out, io.Discard)
		r.Close()
	}()
	io.WriteString(w, "a bob@example.org\n")
	select {
	case code := <-done:
		if got := out.String(); code != 0 || got != "mailto:bob@example.org\n" {
			t.Errorf("status %d, output %q; want 0 and the address", code, got)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("-m 1 did not stop at the address given at the pause")
	}
}
