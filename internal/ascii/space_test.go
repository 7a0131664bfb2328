package ascii

import (
	"strings"
	"testing"
)

func TestSpace(t *testing.T) {
	// Infra §4.6: ASCII whitespace is U+0009 TAB, U+000A LF, U+000C FF,
	// U+000D CR and U+0020 SPACE; U+000B VT is not.
	for c := range 256 {
		if got, want := IsSpace(byte(c)), strings.IndexByte("\t\n\f\r ", byte(c)) >= 0; got != want {
			t.Errorf("IsSpace(%#x) = %v, want %v", c, got, want)
		}
	}
	for _, tc := range []struct {
		s    string
		i, n int
	}{{"", 0, 0}, {" \t\f\r\nx", 0, 5}, {"a  b", 1, 3}, {"a\vb", 1, 1}, {"a  ", 1, 3}} {
		if got := SkipSpace(tc.s, tc.i); got != tc.n {
			t.Errorf("SkipSpace(%q, %d) = %d, want %d", tc.s, tc.i, got, tc.n)
		}
		if got := SkipSpace([]byte(tc.s), tc.i); got != tc.n {
			t.Errorf("SkipSpace([]byte(%q), %d) = %d, want %d", tc.s, tc.i, got, tc.n)
		}
	}
}
