package delimit

import (
	"testing"

	"github.com/urix/urix/uri"
	_ "github.com/urix/urix/uri/psl" // the list the command and extract register
)

// TestKnownSuffix checks the abbreviated-URI host test with the public
// suffix list registered (as extract and the command have it) and without
// one (delimit alone), where a letters-only last label stands for it.
func TestKnownSuffix(t *testing.T) {
	tests := []struct {
		host           string
		withList, bare bool
	}{
		{"www.example.com", true, true},
		{"WWW.Example.COM.", true, true},
		{"www.example.co.uk", true, true},
		{"www.example.xn--p1ai", true, true}, // .рф
		{"www.example.invalid", false, true}, // not on the list
		{"www.github.io", true, true},        // a private suffix with a dot
		{"www.example.c0m", false, false},
		{"www.example.x", false, false},
		{"www", false, false},
		{"com", false, false},
	}
	list := uri.RegisteredPublicSuffix()
	if list == nil {
		t.Fatal("uri/psl registered no list")
	}
	for _, tt := range tests {
		if got := knownSuffix(tt.host); got != tt.withList {
			t.Errorf("with the list: knownSuffix(%q) = %v, want %v", tt.host, got, tt.withList)
		}
	}
	uri.RegisterPublicSuffix(nil)
	defer uri.RegisterPublicSuffix(list)
	for _, tt := range tests {
		if got := knownSuffix(tt.host); got != tt.bare {
			t.Errorf("without a list: knownSuffix(%q) = %v, want %v", tt.host, got, tt.bare)
		}
	}
}
