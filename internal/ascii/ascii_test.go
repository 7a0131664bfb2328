package ascii

import "testing"

func TestValid(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"", true},
		{"http://a.example/", true},
		{"\x00\x7f", true},
		{"\x80", false},
		{"a\xffb", false},
		{"http://例え.jp/", false},
	} {
		if got := Valid(tt.in); got != tt.want {
			t.Errorf("Valid(%q) = %v, want %v", tt.in, got, tt.want)
		}
	}
}
