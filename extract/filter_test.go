package extract

import (
	"errors"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestFilters: the filters on the URI, alone and together, on text and
// HTML, as Links applies them.
func TestFilters(t *testing.T) {
	const text = `http://a.example/x http://www.a.example/y http://evila.example/
https://www.b%C3%BCcher.example/ http://xn--bcher-kva.example/b http://Bücher.Example./c
HTTP://A.EXAMPLE./up ftp://a.example/f mailto:me@a.example http://[2001:db8::1]/v6
ftp://a.example/f;type=z ftp://a.example/g;type=a https://api.a.example/u/{user}
`
	const page = `<base href="http://a.example/d/"><a href="">e</a><a href=" # ">h</a>` +
		`<a href="#top">t</a><a href="p q">s</a><a href="x">r</a><a href="http://exa mple.com/">i</a>`
	tests := []struct {
		name string
		in   string
		opts Options
		want []string
	}{
		{"hosts", text, Options{Hosts: []string{"a.example", "bücher.example"}}, []string{
			"http://a.example/x", "http://www.a.example/y",
			"https://www.b%C3%BCcher.example/", "http://xn--bcher-kva.example/b", "http://xn--bcher-kva.example./c",
			"HTTP://A.EXAMPLE./up", "ftp://a.example/f", "ftp://a.example/f;type=z", "ftp://a.example/g;type=a",
		}},
		{"host as A-label, final dot, upper case", text, Options{Hosts: []string{"XN--BCHER-KVA.example."}}, []string{
			"https://www.b%C3%BCcher.example/", "http://xn--bcher-kva.example/b", "http://xn--bcher-kva.example./c",
		}},
		{"subdomain only", text, Options{Hosts: []string{"www.a.example"}}, []string{"http://www.a.example/y"}},
		{"exclude schemes", text, Options{ExcludeSchemes: []string{"FTP", "mailto:"}}, []string{
			"http://a.example/x", "http://www.a.example/y", "http://evila.example/",
			"https://www.b%C3%BCcher.example/", "http://xn--bcher-kva.example/b", "http://xn--bcher-kva.example./c",
			"HTTP://A.EXAMPLE./up", "http://[2001:db8::1]/v6", "https://api.a.example/u/{user}",
		}},
		{"exclude a template's scheme", text, Options{ExcludeSchemes: []string{"http", "https", "ftp"}}, []string{"mailto:me@a.example"}},
		{"match and exclude match", text, Options{Match: regexp.MustCompile(`a\.example`), ExcludeMatch: regexp.MustCompile(`/x$`),
			ExcludeSchemes: []string{"ftp", "mailto"}}, []string{
			"http://www.a.example/y", "http://evila.example/", // "evila.example" holds "a.example"
			"http://xn--bcher-kva.example/b", "http://xn--bcher-kva.example./c", // so does "kva.example"
			"https://api.a.example/u/{user}",
		}},
		{"only valid", text, Options{OnlyValid: true, Schemes: []string{"ftp", "mailto"}}, []string{
			"ftp://a.example/f", "mailto:me@a.example", "ftp://a.example/g;type=a",
		}},
		{"only valid and hosts", text, Options{OnlyValid: true, Hosts: []string{"a.example"}, Match: regexp.MustCompile(`^ftp:`)}, []string{
			"ftp://a.example/f", "ftp://a.example/g;type=a",
		}},
		{"an IP literal is no host name", text, Options{Hosts: []string{"db8"}}, nil},
		{"empty references", page, Options{Type: HTML, NoEmptyRefs: true}, []string{
			"http://a.example/d/", "http://a.example/d/#top", "http://a.example/d/p%20q", "http://a.example/d/x", "http://exa mple.com/",
		}},
		{"hosts on HTML: the repaired URI", page, Options{Type: HTML, Hosts: []string{"a.example"}}, []string{
			"http://a.example/d/", "http://a.example/d/", "http://a.example/d/#", "http://a.example/d/#top",
			"http://a.example/d/p%20q", "http://a.example/d/x",
		}},
		{"keep: the reference as written", page, Options{Type: HTML, Keep: true, OnlyValid: true, NoEmptyRefs: true}, []string{
			"http://a.example/d/", "#top", "x",
		}},
		{"keep, match on the reference", page, Options{Type: HTML, Keep: true, Match: regexp.MustCompile(`^#`)}, []string{"#top"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.opts.Type == Auto {
				tt.opts.Type = Text
			}
			var got []string
			for l, err := range Links(strings.NewReader(tt.in), tt.opts) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, l.URI)
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("got\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

// TestFilterHostErrors: a host that IDNA refuses is an error of Validate
// and of Links, before any link.
func TestFilterHostErrors(t *testing.T) {
	for _, h := range []string{"a b", ".", "x\u0000.example", "a/b"} {
		opts := Options{Type: Text, Hosts: []string{"ok.example", h}}
		err := opts.Validate()
		if !errors.Is(err, ErrHost) || !strings.Contains(err.Error(), strconv.Quote(h)) {
			t.Errorf("Validate with host %q: %v, want ErrHost naming it", h, err)
		}
		n := 0
		for l, err := range Links(strings.NewReader("http://ok.example/"), opts) {
			if n++; err == nil || !errors.Is(err, ErrHost) {
				t.Errorf("Links with host %q: %v %v, want ErrHost", h, l, err)
			}
		}
		if n != 1 {
			t.Errorf("Links with host %q: %d results, want the error alone", h, n)
		}
	}
	if err := (&Options{Hosts: []string{"bücher.example", "xn--bcher-kva.example."}}).Validate(); err != nil {
		t.Errorf("Validate: %v", err)
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
