package rfc5322

import "testing"

func TestCommentEnd(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want int
	}{
		{"()", 2},
		{"(a) b", 3},
		{"(a (b) c) d", 9},
		{`(a \) b) c`, 8},
		{`(a \(b) c`, 7},
		{"(a (b) c", -1},
		{`(a\`, -1},
		{"", -1},
	} {
		if got := CommentEnd(tt.in); got != tt.want {
			t.Errorf("CommentEnd(%q) = %d, want %d", tt.in, got, tt.want)
		}
		if got := CommentEnd([]byte(tt.in)); got != tt.want {
			t.Errorf("CommentEnd([]byte(%q)) = %d, want %d", tt.in, got, tt.want)
		}
	}
}
