package ascii

import (
	"strings"
	"testing"
)

func TestLower(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"href", "href"},
		{"HREF", "href"},
		{"Content-Type: X@[Z]", "content-type: x@[z]"},
		{"\u212A", "\u212A"},   // KELVIN SIGN: strings.ToLower makes it "k"
		{"\u0130X", "\u0130x"}, // İ: strings.ToLower makes it "i̇"
		{"\xffA", "\xffa"},     // invalid UTF-8 stays, byte for byte
	} {
		if got := Lower([]byte(tc.in)); got != tc.want {
			t.Errorf("Lower(%q) = %q, want %q", tc.in, got, tc.want)
		}
		if len(tc.in) == len(tc.want) && !EqualLower([]byte(tc.in), tc.want) {
			t.Errorf("EqualLower(%q, %q) = false", tc.in, tc.want)
		}
	}
	for c := range 256 {
		b := []byte{byte(c)}
		if want := c < 0x80 && strings.ToLower(string(b)) == "a"; EqualLower(b, "a") != want {
			t.Errorf("EqualLower(%q, \"a\") = %v", b, !want)
		}
	}
	if EqualLower([]byte("rel"), "re") || EqualLower([]byte("re"), "rel") {
		t.Error("EqualLower of different lengths: true")
	}
}

func TestEqualFold(t *testing.T) {
	for _, c := range []struct {
		a, b string
		want bool
	}{
		{"NoFollow", "nofollow", true},
		{"HTTP", "http", true},
		{"", "", true},
		{"nofollow", "nofollowed", false},
		{"\u212a", "k", false}, // KELVIN SIGN: strings.EqualFold says equal
		{"a[", "A{", false},    // '[' and '{' differ by the case bit
	} {
		if got := EqualFold(c.a, c.b); got != c.want {
			t.Errorf("EqualFold(%q, %q) = %v, want %v", c.a, c.b, got, c.want)
		}
	}
}
