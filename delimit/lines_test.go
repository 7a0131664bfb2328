package delimit

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"
)

// wantPosition returns the line and column of offset x in in, counted
// plainly.
func wantPosition(in []byte, x int64) (line, column int) {
	before := in[:x]
	return bytes.Count(before, []byte{'\n'}) + 1, int(x) - bytes.LastIndexByte(before, '\n')
}

func TestLineCountAdvance(t *testing.T) {
	for _, in := range []string{
		"",
		"one line",
		"\n\n\n",
		"a\nbb\n\nccc\n",
		"http://a.example/\nsee <http://b.example/>\n\n  mailto:x@y.example\n",
		strings.Repeat("a long line of text, longer than a word: "+strings.Repeat("x", 40)+"\n", 5),
	} {
		b := []byte(in)
		l := newLineCount()
		for x := int64(0); x <= int64(len(b)); x++ {
			l.advance(b, 0, x)
			gotLine, gotColumn := l.line, l.column(b, 0)
			wantLine, wantColumn := wantPosition(b, x)
			if gotLine != wantLine || gotColumn != wantColumn {
				t.Errorf("%q at %d: line %d column %d, want line %d column %d", in, x, gotLine, gotColumn, wantLine, wantColumn)
			}
		}
	}
}

// TestLineCountAhead moves the count ahead as colons and emit do, and the
// count itself to points before and after it, in a window that slides.
func TestLineCountAhead(t *testing.T) {
	inputs := map[string][]byte{
		"lines":      []byte(strings.Repeat("word: word\n", 200)),
		"blank":      []byte(strings.Repeat("\n", 500)),
		"long lines": []byte(strings.Repeat(strings.Repeat("ab:c ", 60)+"\n\n", 10)),
	}
	for name, in := range inputs {
		for seed := range uint64(20) {
			r := rand.New(rand.NewPCG(seed, 1))
			l := newLineCount()
			off := int64(0) // the window is in[off:]
			for step := 0; l.at < int64(len(in)); step++ {
				b := in[off:]
				end := int64(len(in))
				switch r.IntN(4) {
				case 0: // colons' search
					x := l.at + r.Int64N(end-l.at+1)
					l.aheadTo(b, off, x)
					y := x + r.Int64N(end-x+1)
					l.ahead(y, bytes.Count(in[x:y], []byte{'\n'}))
				case 1: // a match past at, no whitespace in it
					x := l.at + r.Int64N(end-l.at+1)
					l.advance(b, off, x)
					next := x + r.Int64N(min(40, end-x)+1)
					if bytes.IndexByte(in[x:next], '\n') < 0 {
						l.pastMatch(next, 0)
					}
				case 2: // fill drops the bytes before the new window
					if r.IntN(3) == 0 {
						x := l.at + r.Int64N(end-l.at+1)
						l.forget(b, off, x)
						off = x
					}
					continue
				case 3:
					l.advance(b, off, l.at+r.Int64N(end-l.at+1))
				}
				gotLine, gotColumn := l.line, l.column(in[off:], off)
				wantLine, wantColumn := wantPosition(in, l.at)
				if gotLine != wantLine || gotColumn != wantColumn {
					t.Fatalf("%s, seed %d, step %d, at %d: line %d column %d, want line %d column %d", name, seed, step, l.at, gotLine, gotColumn, wantLine, wantColumn)
				}
				if l.aheadAt > l.at {
					if want := bytes.Count(in[:l.aheadAt], []byte{'\n'}) + 1; l.aheadLine != want {
						t.Fatalf("%s, seed %d, step %d: line %d ahead at %d, want %d", name, seed, step, l.aheadLine, l.aheadAt, want)
					}
				}
			}
		}
	}
}
