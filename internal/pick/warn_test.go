package pick

import (
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/extract"
)

func TestWarnings(t *testing.T) {
	html := func(uri, text string) extract.Link {
		return extract.Link{URI: uri, Ref: uri, Text: text, Style: extract.StyleHTML, Context: extract.ContextHTML, Tag: "a"}
	}
	tests := []struct {
		name string
		link extract.Link
		want []string // codes
	}{
		{"anchor text shows another host", html("http://evil.example/x", "https://www.bank.example/login"), []string{"text-host"}},
		{"anchor text a bare domain", html("http://evil.example/x", "Log in at paypal.com now"), []string{"text-host"}},
		{"anchor text the same site", html("https://www.bank.example/login", "bank.example"), nil},
		{"anchor text no host", html("http://evil.example/x", "Click here"), nil},
		{"anchor text a file name", html("http://evil.example/x", "index.html"), nil},
		{"anchor text an address", html("http://evil.example/x", "write to bob@bank.example"), nil},
		{"a line of text holding the link", extract.Link{URI: "http://evil.example/", Text: "not https://bank.example/ but http://evil.example/", Style: extract.StyleBare, Context: extract.ContextText}, nil},
		{"cyrillic lookalikes", html("http://xn--80ak6aa92e.com/", ""), []string{"homograph"}},
		{"mixed latin and cyrillic", html("http://p\u0430ypal.example/", ""), []string{"homograph"}},
		{"greek word", html("http://\u03b5\u03bb\u03bb\u03ac\u03b4\u03b1.example/", ""), nil},
		{"german idn", html("http://b\u00fccher.example/", ""), nil},
		{"ip literal", html("http://[2001:db8::1]/", "https://bank.example/"), []string{"text-host"}},
	}
	for _, tt := range tests {
		var got []string
		for _, w := range Warnings(tt.link) {
			code, _, _ := strings.Cut(w, ":")
			got = append(got, code)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: Warnings(%q, text %q) = %q, want codes %q", tt.name, tt.link.URI, tt.link.Text, Warnings(tt.link), tt.want)
		}
	}
}
