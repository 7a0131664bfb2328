package extract

import (
	"strings"
	"testing"
)

// TestLineCounter checks lineCounter.at against a count from the start
// of the text for offsets met in order, and again after one met out of
// order, and that ahead says how many bytes each call looks at.
func TestLineCounter(t *testing.T) {
	tests := []struct {
		text string
		offs []int
	}{
		{"", []int{0}},
		{"abc", []int{0, 1, 3}},
		{"a\nb\n\ncd\n", []int{0, 1, 2, 2, 4, 5, 6, 8}},
		{"\n\n\n", []int{3}},
		{"ab\ncd\nef", []int{7, 1, 4, 8}}, // 1 out of order
		{"a\r\nb", []int{2, 3, 4}},        // a CR is a byte of the line
	}
	for _, tt := range tests {
		lc := newLineCounter([]byte(tt.text))
		last := 0
		for _, off := range tt.offs {
			wantLine := strings.Count(tt.text[:off], "\n") + 1
			wantCol := off - (strings.LastIndexByte(tt.text[:off], '\n') + 1) + 1
			wantAhead := off - last
			if off < last {
				wantAhead = off
			}
			if got := lc.ahead(off); got != wantAhead {
				t.Errorf("%q: ahead(%d) = %d, want %d", tt.text, off, got, wantAhead)
			}
			line, col := lc.at(off)
			if line != wantLine || col != wantCol {
				t.Errorf("%q: at(%d) = %d:%d, want %d:%d", tt.text, off, line, col, wantLine, wantCol)
			}
			last = off
		}
	}
}
