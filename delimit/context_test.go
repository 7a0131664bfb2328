package delimit

import (
	"errors"
	"strings"
	"testing"
	"testing/iotest"
)

func TestContext(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string // Context(200) of each match
	}{
		{"line", "first line\nsee http://a.example/x for more\nlast\n", []string{"see http://a.example/x for more"}},
		{"trimmed", "   \t see <http://a.example/>  \r\n", []string{"see <http://a.example/>"}},
		{"alone", "Read the docs at:\n  <http://a.example/docs>\n\nbye", []string{"Read the docs at: <http://a.example/docs>"}},
		{"alone after blank", "\n\nhttp://a.example/\n", []string{"http://a.example/"}},
		{"two on a line", "http://a.example/ and http://b.example/\n", []string{"http://a.example/ and http://b.example/", "http://a.example/ and http://b.example/"}},
		{"joined", "go to <http://a.example/very/\n  long/path> now\n", []string{"go to <http://a.example/very/ long/path> now"}},
		{"quoted mail", "> > see http://a.example/q\n", []string{"> > see http://a.example/q"}},
		{"no newline at end", "x http://a.example/", []string{"x http://a.example/"}},
	}
	for _, tt := range tests {
		for _, chunked := range []bool{false, true} {
			s := NewScanner(strings.NewReader(tt.in), Options{})
			if chunked {
				s = NewScanner(iotest.OneByteReader(strings.NewReader(tt.in)), Options{})
			}
			var got []string
			for s.Scan() {
				got = append(got, s.Context(200))
			}
			if strings.Join(got, "|") != strings.Join(tt.want, "|") {
				t.Errorf("%s (one byte reads %v): Context(%q) = %q, want %q", tt.name, chunked, tt.in, got, tt.want)
			}
		}
	}
}

func TestContextLong(t *testing.T) {
	pre, post := strings.Repeat("a ", 300), strings.Repeat(" é", 300)
	in := pre + "http://a.example/mid" + post + "\n"
	for _, chunked := range []bool{false, true} {
		var s *Scanner
		if chunked {
			s = NewScanner(iotest.OneByteReader(strings.NewReader(in)), Options{})
		} else {
			s = NewScanner(strings.NewReader(in), Options{})
		}
		if !s.Scan() {
			t.Fatal("no match")
		}
		got := s.Context(200)
		if len(got) > 200 || !strings.Contains(got, "http://a.example/mid") || !strings.HasPrefix(got, "a a") || !strings.HasSuffix(got, "é") {
			t.Errorf("one byte reads %v: Context = %q (%d bytes), want <= 200 bytes around the link", chunked, got, len(got))
		}
	}
	// A match longer than the limit: its start.
	in = "x http://a.example/" + strings.Repeat("p", 500) + " y\n"
	s := NewScanner(strings.NewReader(in), Options{})
	s.Scan()
	if got := s.Context(100); got != "http://a.example/"+strings.Repeat("p", 83) {
		t.Errorf("Context of a long match = %q", got)
	}
}

func TestContextAll(t *testing.T) {
	s := NewScanner(nil, Options{})
	s.buf, s.eof = []byte("one\ntwo http://a.example/ three"), true
	if !s.Scan() || s.Context(200) != "two http://a.example/ three" {
		t.Errorf("Context over a whole buffer = %q", s.Context(200))
	}
}

// lineReader serves whole lines, one a Read, and fails a Read past them:
// a stream whose writer has paused (tail -f, a FIFO) after the last.
type lineReader struct {
	lines []string
	past  bool // a Read was made after the last line
}

func (r *lineReader) Read(b []byte) (int, error) {
	if len(r.lines) == 0 {
		r.past = true
		return 0, errors.New("read past the lines written so far")
	}
	n := copy(b, r.lines[0])
	r.lines[0] = r.lines[0][n:]
	if r.lines[0] == "" {
		r.lines = r.lines[1:]
	}
	return n, nil
}

// TestContextStream: a match's context is known once its line has ended:
// Context reads no further, so a link of a stream that pauses after its
// line is reported without waiting for more (urix pick on tail -f).
func TestContextStream(t *testing.T) {
	long := strings.Repeat("x", 300)
	for _, tt := range []struct{ in, want string }{
		{"Nov 25 02:00:01 mx postfix: see http://one.example/\n", "Nov 25 02:00:01 mx postfix: see http://one.example/"},
		{"see http://one.example/ at\n", "see http://one.example/ at"},
		{"first\nhttp://one.example/\n", "first http://one.example/"},
		{long + " http://one.example/ y\n", long[:200-len(" http://one.example/ y")] + " http://one.example/ y"},
	} {
		r := &lineReader{lines: strings.SplitAfter(tt.in, "\n")}
		s := NewScanner(r, Options{})
		if !s.Scan() {
			t.Errorf("%q: no match", tt.in)
			continue
		}
		if r.past {
			t.Errorf("%q: Scan read past the line", tt.in)
		}
		if got := s.Context(200); got != tt.want || r.past {
			t.Errorf("%q: Context(200) = %q (read past the line: %v), want %q without reading past it", tt.in, got, r.past, tt.want)
		}
	}
}
