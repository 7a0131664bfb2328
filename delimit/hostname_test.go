package delimit

import (
	"strings"
	"testing"
)

// TestHostWarning: a host with '_' has its warning once, in every style
// that finds it, and a host without none.
func TestHostWarning(t *testing.T) {
	warn := hostWarning("a_b.example")
	tests := []struct {
		name, in string
		opts     Options
		want     string // the warnings of the one match
	}{
		{"angle", "see <http://a_b.example/x> now", Options{}, warn},
		{"angle relative", "see <//a_b.example/x> now", Options{Relative: true}, warn},
		{"quoted", `see "http://a_b.example/x" now`, Options{}, warn},
		{"run", "see http://a_b.example/x now", Options{}, warn},
		{"run, then another warning", "see http://a_b.example/\u200bx now", Options{}, warn + "\n" + invisibleWarning('\u200b', true)},
		{"angle, joined", "see <http://a_b.exa\n mple/x>", Options{}, warn},
		{"no underscore", "see <http://ab.example/x> and \"http://ab.example/x\"", Options{}, ""},
	}
	for _, tt := range tests {
		s := NewScanner(strings.NewReader(tt.in), tt.opts)
		var got []string
		for s.Scan() {
			got = append(got, strings.Join(s.Match().Warnings, "\n"))
		}
		for _, w := range got {
			if w != tt.want {
				t.Errorf("%s: %q: warnings %q, want %q", tt.name, tt.in, w, tt.want)
			}
		}
		if len(got) == 0 {
			t.Errorf("%s: %q: no match", tt.name, tt.in)
		}
	}
}
