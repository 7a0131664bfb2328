package uri

import (
	"slices"
	"testing"

	"golang.org/x/net/publicsuffix"
)

// The tests of SecurityWarnings run with the list that package psl
// registers (psl itself imports uri, so the tests cannot import it).
func init() {
	RegisterPublicSuffix(publicsuffix.PublicSuffix)
}

// TestSecurityWarningsNoPublicSuffix checks that without a registered list
// an address in the userinfo is still reported and a name is not.
func TestSecurityWarningsNoPublicSuffix(t *testing.T) {
	saved := publicSuffix
	defer func() { publicSuffix = saved }()
	publicSuffix = nil
	for _, tt := range []struct {
		in   string
		want []string
	}{
		{"http://127.0.0.1@evil/", []string{"userinfo-present", "userinfo-host"}},
		{"http://www.bank.com@evil.example/", []string{"userinfo-present"}},
	} {
		if got := warningCodesOf(parseRef(t, tt.in).SecurityWarnings()); !slices.Equal(got, tt.want) {
			t.Errorf("without a public suffix list, Parse(%q).SecurityWarnings() = %q, want %q", tt.in, got, tt.want)
		}
	}
}
