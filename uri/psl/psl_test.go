package psl_test

import (
	"slices"
	"testing"

	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl"
)

// TestRegistered checks that importing psl lets SecurityWarnings tell a
// domain name in the userinfo from a user name.
func TestRegistered(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want bool
	}{
		{"http://www.bank.com@evil.example/", true},
		{"http://my-bank.co.uk@evil/", true},
		{"http://co.uk@evil/", false},
		{"ftp://john.doe@h/", false},
	} {
		u, err := uri.Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		var codes []string
		for _, w := range u.SecurityWarnings() {
			codes = append(codes, w.Code)
		}
		if got := slices.Contains(codes, "userinfo-host"); got != tt.want {
			t.Errorf("Parse(%q).SecurityWarnings() = %q; userinfo-host %v, want %v", tt.in, codes, got, tt.want)
		}
	}
}
