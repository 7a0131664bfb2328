package delimit

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// pausingReader gives its steps one per Read: data, or a pause
// (ErrPause); at the read after a pause, the scanner has decided what it
// could, and it calls check with the data given so far. Then io.EOF.
type pausingReader struct {
	steps  []string // "" is a pause
	given  strings.Builder
	paused bool
	check  func(given string)
}

func (r *pausingReader) Read(b []byte) (int, error) {
	if r.paused {
		r.paused = false
		r.check(r.given.String())
	}
	if len(r.steps) == 0 {
		return 0, io.EOF
	}
	step := r.steps[0]
	if step == "" {
		r.steps = r.steps[1:]
		r.paused = true
		return 0, ErrPause
	}
	n := copy(b, step)
	r.given.WriteString(step[:n])
	if r.steps[0] = step[n:]; r.steps[0] == "" {
		r.steps = r.steps[1:]
	}
	return n, nil
}

// TestPause cuts lines with URIs of every delimiting rule at each byte
// offset, the input pausing at the cut and after the line's break: at the
// pause after the break, every link of the line must have been reported
// (as the line gives them alone), before the scanner reads on; at the cut,
// only links the line goes on to give; and the whole scan gives what
// scanning it at once does.
func TestPause(t *testing.T) {
	lines := []string{
		"see http://a.example/x ok\n",
		"end http://a.example/path.\n",
		"http://a.example/\n",
		"mail <http://a.example/x y> and \"https://q.example/\"\n",
		"list <mailto:a@b.example>, tel:+1-201-555-0123\n",
		"(http://a.example/(p)) and https://example.com's\n",
		"iri http://例え.テスト/パス\r\n",
		"wrapped http://a.example/x-\n",
		"note: no link here\n",
		"M=https://m.example,b https://e.example/p[Docs] https://e.example/x[2].\n",
		"https://a.example/u/{user}/k https://a.example/${a b}/y \"http://localhost:%d/\"\n",
		"// see https://a.example/api-\n",
		"代码 https://code.example.org/在这里 ## Info:Configure data:x\n",
	}
	for _, opts := range []Options{{}, {Abbreviated: true, Relative: true}} {
		for _, line := range lines {
			want := uris(slices.Collect(All([]byte(line), opts)))
			for k := range len(line) {
				name := fmt.Sprintf("%+v %q cut at %d", opts, line, k)
				var got []Match
				r := &pausingReader{steps: []string{"x\n", "", line[:k], "", line[k:], ""}}
				r.check = func(given string) {
					seen := uris(got)
					switch {
					case strings.HasSuffix(given, line):
						if !slices.Equal(seen, want) {
							t.Errorf("%s: at the pause after the line, reported %q, want %q", name, seen, want)
						}
					case len(seen) > len(want) || !slices.Equal(seen, want[:len(seen)]):
						t.Errorf("%s: at the cut, reported %q, want a start of %q", name, seen, want)
					}
				}
				s := NewScanner(r, opts)
				for s.Scan() {
					got = append(got, s.Match())
				}
				if s.Err() != nil {
					t.Errorf("%s: %v", name, s.Err())
				}
				if !slices.Equal(uris(got), want) {
					t.Errorf("%s: %q, want %q", name, uris(got), want)
				}
			}
		}
	}
}

// TestPauseEndsLine: a pause after a line break ends the URIs that would
// go on past it, which without the pause go on.
func TestPauseEndsLine(t *testing.T) {
	for _, tt := range []struct {
		first, next string
		joined      string // without a pause
		paused      string
	}{
		{"see http://a.example/long-\n", "path x\n", "http://a.example/long-path", "http://a.example/long-"},
	} {
		if got := uris(slices.Collect(All([]byte(tt.first+tt.next), Options{}))); len(got) == 0 || got[0] != tt.joined {
			t.Errorf("%q %q at once: %q, want %s first", tt.first, tt.next, got, tt.joined)
		}
		var got []Match
		r := &pausingReader{steps: []string{tt.first, "", tt.next}, check: func(string) {
			if len(got) != 1 || got[0].URI != tt.paused {
				t.Errorf("%q: at the pause, %q; want %s", tt.first, uris(got), tt.paused)
			}
		}}
		s := NewScanner(r, Options{})
		for s.Scan() {
			got = append(got, s.Match())
		}
	}
}
