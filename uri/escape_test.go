package uri

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestEscape(t *testing.T) {
	tests := []struct {
		in   string
		c    Component
		want string
		why  string
	}{
		// Unreserved characters are never escaped (§2.3; A-26).
		{"~user", Path, "~user", "A-26"},
		{"AZaz09-._~", Host, "AZaz09-._~", "§2.3 unreserved"},
		{"5", PathSegment, "5", "A-26, I-05: no %35"},
		// '%' is always data here (§2.4; A-17).
		{"100%", Query, "100%25", "A-17"},
		{"%20", Path, "%2520", "A-20: raw data is escaped again"},
		// Uppercase hex, UTF-8 octets (§2.1, §2.5; ).
		{" ", Query, "%20", "A-16"},
		{"{", Path, "%7B", "A-16"},
		{"é", Path, "%C3%A9", "A-16"},
		{"À", Fragment, "%C3%80", "A-28"},
		{"ア", PathSegment, "%E3%82%A2", "A-28"},
		{"\x00\x7f\xff", Query, "%00%7F%FF", "§2.1 any octet"},
		// Per-component reserved sets (§3.2.1–§3.5; A-18).
		{"a/b", PathSegment, "a%2Fb", "A-18"},
		{"a/b", Path, "a/b", "§3.3"},
		{"a/b?c", Query, "a/b?c", "A-18"},
		{"a/b?c", Fragment, "a/b?c", "§3.5"},
		{"a?b", Path, "a%3Fb", "§3.3: '?' ends the path"},
		{"a#b", Fragment, "a%23b", "§3.5: '#' is not a fragment character"},
		{"a#b", Query, "a%23b", "§3.4"},
		{"user:pw", Userinfo, "user:pw", "§3.2.1"},
		{"a@b", Userinfo, "a%40b", "§3.2.1: '@' ends the userinfo"},
		{"a@b:c", PathSegment, "a@b:c", "§3.3 pchar"},
		{"a:b", Host, "a%3Ab", "§3.2.2: ':' starts the port"},
		{"a@b", Host, "a%40b", "§3.2.2"},
		{"[::1]", Host, "%5B%3A%3A1%5D", "§3.2.2: brackets only around IP literals"},
		{"!$&'()*+,;=", Host, "!$&'()*+,;=", "§2.2 sub-delims"},
		{"!$&'()*+,;=", Userinfo, "!$&'()*+,;=", "§2.2 sub-delims"},
		{`"<>\^` + "`{|}", Query, "%22%3C%3E%5C%5E%60%7B%7C%7D", "A-10, A-11"},
		{"", Path, "", "empty"},
		{"a b", Component(0), "%61%20%62", "unknown component encodes all"},
	}
	for _, tt := range tests {
		if got := Escape(tt.in, tt.c); got != tt.want {
			t.Errorf("Escape(%q, %v) = %q, want %q (%s)", tt.in, tt.c, got, tt.want, tt.why)
		}
	}
}

// TestEscapeLiteralSets checks every byte against the ABNF sets of RFC 3986
// written out by hand, independently of charClass.
func TestEscapeLiteralSets(t *testing.T) {
	const unreserved = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~"
	const subDelims = "!$&'()*+,;="
	sets := map[Component]string{
		Userinfo:    unreserved + subDelims + ":",
		Host:        unreserved + subDelims,
		PathSegment: unreserved + subDelims + ":@",
		Path:        unreserved + subDelims + ":@/",
		Query:       unreserved + subDelims + ":@/?",
		Fragment:    unreserved + subDelims + ":@/?",
	}
	for c, set := range sets {
		for b := 0; b < 256; b++ {
			s := string([]byte{byte(b)})
			got := Escape(s, c)
			if strings.IndexByte(set, byte(b)) >= 0 {
				if got != s {
					t.Errorf("Escape(%q, %v) = %q, want it kept", s, c, got)
				}
			} else if want := fmt.Sprintf("%%%02X", b); got != want {
				t.Errorf("Escape(%q, %v) = %q, want %q", s, c, got, want)
			}
		}
	}
}

func TestEscapeNoAlloc(t *testing.T) {
	for _, s := range []string{"", "plain-segment", "a/b/c;p=1", "~user/x@y:z"} {
		if n := testing.AllocsPerRun(100, func() { _ = Escape(s, Path) }); n != 0 {
			t.Errorf("Escape(%q, Path): %v allocations, want 0", s, n)
		}
		if n := testing.AllocsPerRun(100, func() { _, _ = Unescape(s) }); n != 0 {
			t.Errorf("Unescape(%q): %v allocations, want 0", s, n)
		}
	}
}

func TestUnescape(t *testing.T) {
	tests := []struct {
		in, want string
		why      string
	}{
		{"", "", "empty"},
		{"abc", "abc", "nothing to do"},
		{"%3a%3A", "::", "A-15: hex is case-insensitive"},
		{"a%2Fb", "a/b", "A-19: decoding a component"},
		{"%2541", "%41", "A-20: one level only"},
		{"%C3%A9", "é", "A-28"},
		{"%FF%00", "\xff\x00", "A-29: no charset assumed"},
		{"+", "+", "'+' is not a space in RFC 3986"},
	}
	for _, tt := range tests {
		got, err := Unescape(tt.in)
		if err != nil || got != tt.want {
			t.Errorf("Unescape(%q) = %q, %v; want %q (%s)", tt.in, got, err, tt.want, tt.why)
		}
	}
}

func TestUnescapeErrors(t *testing.T) {
	// "%G1", "%2" at the end, a lone '%' and "%%" are bad escapes;
	// the offset is that of the '%'.
	tests := []struct {
		in  string
		off int
	}{
		{"%G1", 0},
		{"ab%2", 2},
		{"%", 0},
		{"%%", 0},
		{"a%20%%41", 4},
		{"x%1g", 1},
	}
	for _, tt := range tests {
		got, err := Unescape(tt.in)
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrInvalidEscape) {
			t.Errorf("Unescape(%q) = %q, %v; want an *Error wrapping ErrInvalidEscape", tt.in, got, err)
			continue
		}
		if e.Offset != tt.off || e.Input != tt.in || e.Op != "unescape" {
			t.Errorf("Unescape(%q): error %+v, want offset %d", tt.in, *e, tt.off)
		}
		if !strings.HasPrefix(err.Error(), "uri: ") {
			t.Errorf("Unescape(%q): message %q lacks the package prefix", tt.in, err)
		}
	}
}

// peerDifference is a row of a peer's vectors where urix answers otherwise on
// purpose; testdata/conformance/escape_iri_differences.json gives each
// one with its reason.
type peerDifference struct {
	Input, Peer, URIx, Reason string
	BeforeUnicode             string `json:"before_unicode"`
}

// readPeerDifferences returns the deliberate differences listed for key, by input.
func readPeerDifferences(t *testing.T, key string) map[string]peerDifference {
	t.Helper()
	var all map[string]json.RawMessage
	readVectors(t, "escape_iri_differences.json", &all)
	var rows []peerDifference
	if err := json.Unmarshal(all[key], &rows); err != nil || len(rows) == 0 {
		t.Fatalf("escape_iri_differences.json: no %q rows (%v)", key, err)
	}
	m := make(map[string]peerDifference)
	for _, d := range rows {
		if d.Reason == "" {
			t.Errorf("escape_iri_differences.json: %s row %q gives no reason", key, d.Input)
		}
		m[d.Input] = d
	}
	return m
}

// TestEscapePythonRFC3986 runs python-hyper/rfc3986's encode_component
// rows (a path with '/' kept), but for the listed deliberate differences.
func TestEscapePythonRFC3986(t *testing.T) {
	var v struct {
		EncodeComponent []struct{ Input, Expected string } `json:"encode_component"`
	}
	readVectors(t, "python_rfc3986_vectors.json", &v)
	diffs := readPeerDifferences(t, "encode_component")
	same := 0
	for _, row := range v.EncodeComponent {
		want := row.Expected
		if d, ok := diffs[row.Input]; ok {
			if d.Peer != row.Expected || d.URIx == row.Expected {
				t.Errorf("difference %q: listed as %q vs %q, vectors say %q", row.Input, d.Peer, d.URIx, row.Expected)
			}
			want = d.URIx
			delete(diffs, row.Input)
		} else {
			same++
		}
		if got := Escape(row.Input, Path); got != want {
			t.Errorf("Escape(%q, Path) = %q, want %q (python: %q)", row.Input, got, want, row.Expected)
		}
	}
	wantRows(t, "python encode_component (same as python)", same, 6)
	for in := range diffs {
		t.Errorf("listed difference %q is not in the vectors", in)
	}
}

// TestUnescapeUriparser runs uriparser's unescape rows that keep line
// breaks and '+' as they are (the RFC 3986 behaviour), but for the listed
// deliberate differences: malformed escapes, which Unescape reports.
func TestUnescapeUriparser(t *testing.T) {
	var v struct {
		Unescape []struct {
			Input, Expected string
			PlusToSpace     bool   `json:"plus_to_space"`
			BreakConversion string `json:"break_conversion"`
		} `json:"unescape"`
	}
	readVectors(t, "uriparser_vectors.json", &v)
	diffs := readPeerDifferences(t, "unescape")
	same := 0
	for _, row := range v.Unescape {
		if row.PlusToSpace || row.BreakConversion != "URI_BR_DONT_TOUCH" {
			continue // form decoding and line-break rewriting are not RFC 3986
		}
		got, err := Unescape(row.Input)
		if d, ok := diffs[row.Input]; ok {
			delete(diffs, row.Input)
			var e *Error
			if d.Peer != row.Expected || !errors.As(err, &e) || !errors.Is(err, ErrInvalidEscape) || e.Offset != strings.IndexByte(row.Input, '%') {
				t.Errorf("Unescape(%q) = %q, %v; want ErrInvalidEscape at the '%%' (uriparser: %q)", row.Input, got, err, row.Expected)
			}
			continue
		}
		same++
		if err != nil || got != row.Expected {
			t.Errorf("Unescape(%q) = %q, %v; want %q", row.Input, got, err, row.Expected)
		}
	}
	wantRows(t, "uriparser unescape (same as uriparser)", same, 16)
	for in := range diffs {
		t.Errorf("listed difference %q is not in the vectors", in)
	}
}

func TestEscapeUnescapeRoundTrip(t *testing.T) {
	inputs := []string{"", "a b/c?d#e@f:g", "100%", "%41", "日本語", "\x00\xff", "[v1.x]"}
	for _, s := range inputs {
		for c := Userinfo; c <= Fragment; c++ {
			got, err := Unescape(Escape(s, c))
			if err != nil || got != s {
				t.Errorf("Unescape(Escape(%q, %v)) = %q, %v", s, c, got, err)
			}
		}
	}
}

func FuzzEscape(f *testing.F) {
	for _, s := range []string{"", "a/b?c#d", "100%", "é", "%41", "\x00\r\n"} {
		f.Add(s, uint8(Path))
	}
	f.Fuzz(func(t *testing.T, s string, c uint8) {
		comp := Userinfo + Component(c%6)
		e := Escape(s, comp)
		got, err := Unescape(e)
		if err != nil || got != s {
			t.Fatalf("Unescape(Escape(%q, %v)) = %q, %v", s, comp, got, err)
		}
		// The escaped text is made of the component's characters and
		// well-formed escapes only (§2.1).
		for i := 0; i < len(e); i++ {
			if charClass[e[i]]&componentClass[comp] != 0 {
				continue
			}
			if e[i] != '%' || hexValue(e, i+1) < 0 || hexValue(e, i+2) < 0 || strings.ToUpper(e[i:i+3]) != e[i:i+3] {
				t.Fatalf("Escape(%q, %v) = %q: bad byte at %d", s, comp, e, i)
			}
			i += 2
		}
		if Escape(e, comp) == e && strings.Contains(e, "%") {
			t.Fatalf("Escape(%q, %v) = %q left '%%' unescaped on a second pass", s, comp, e)
		}
	})
}

func BenchmarkEscape(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"clean", "/search/results/page-2/index.html"},
		{"dirty", "/docs/résumé 2024/{draft} #1.pdf"},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.SetBytes(int64(len(bc.s)))
			b.ReportAllocs()
			for b.Loop() {
				_ = Escape(bc.s, Path)
			}
		})
	}
}

func BenchmarkUnescape(b *testing.B) {
	s := "/docs/r%C3%A9sum%C3%A9%202024/%7Bdraft%7D%20%231.pdf"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_, _ = Unescape(s)
	}
}
