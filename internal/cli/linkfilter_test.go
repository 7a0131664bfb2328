package cli

import (
	"testing"

	"github.com/urix/urix/extract"
)

// TestLinkFilterOnlyValidHost checks --only-valid with --host, which share
// one parse of the URI: a link passes only when it passes both.
func TestLinkFilterOnlyValidHost(t *testing.T) {
	f := &linkFilter{hosts: []string{"example.com"}, onlyValid: true}
	for _, tt := range []struct {
		uri  string
		want bool
	}{
		{"http://www.example.com/a", true},
		{"http://example.org/a", false},       // another host
		{"ftp://example.com/f;type=z", false}, // a type code RFC 1738 lacks
		{"ftp://example.com/f;type=a", true},
		{"mailto:a@example.com", false}, // no host
		{"http://exa mple.com/", false}, // not a URI
	} {
		if got := f.keep(extract.Link{URI: tt.uri}); got != tt.want {
			t.Errorf("keep(%q) = %v, want %v", tt.uri, got, tt.want)
		}
	}
	valid := &linkFilter{onlyValid: true}
	for _, tt := range []struct {
		uri  string
		want bool
	}{
		{"http://example.org/a", true},
		{"ftp://example.org/f;type=z", false},
		{"mailto:", false},
		{"http://exa mple.com/", false},
	} {
		if got := valid.keep(extract.Link{URI: tt.uri}); got != tt.want {
			t.Errorf("--only-valid alone: keep(%q) = %v, want %v", tt.uri, got, tt.want)
		}
	}
}

// TestEmptyRef: an empty reference and a bare "#", with the white space
// HTML strips around a URL, name nothing; any other reference names
// something, a fragment or a path.
func TestEmptyRef(t *testing.T) {
	for _, ref := range []string{"", "#", " # ", "\t\n", "\f#\r"} {
		if !emptyRef(ref) {
			t.Errorf("emptyRef(%q) = false", ref)
		}
	}
	for _, ref := range []string{"#a", "##", ".", "?", "#%20", "x#", "./"} {
		if emptyRef(ref) {
			t.Errorf("emptyRef(%q) = true", ref)
		}
	}
}
