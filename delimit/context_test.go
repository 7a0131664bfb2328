package delimit

import (
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
