package uri

import (
	"errors"
	"strings"
	"testing"
)

// literalRemoveDotSegments is RFC 3986 §5.2.4 transcribed step by step on
// two string buffers, slow and obvious, as the oracle for the in-place
// RemoveDotSegments.
func literalRemoveDotSegments(input string) string {
	output := ""
	for input != "" {
		switch {
		case strings.HasPrefix(input, "../"):
			input = input[3:]
		case strings.HasPrefix(input, "./"):
			input = input[2:]
		case strings.HasPrefix(input, "/./"):
			input = "/" + input[3:]
		case input == "/.":
			input = "/"
		case strings.HasPrefix(input, "/../"):
			input = "/" + input[4:]
			output = output[:max(strings.LastIndex(output, "/"), 0)]
		case input == "/..":
			input = "/"
			output = output[:max(strings.LastIndex(output, "/"), 0)]
		case input == "." || input == "..":
			input = ""
		default:
			end := strings.Index(input[1:], "/") + 1
			if end == 0 {
				end = len(input)
			}
			output += input[:end]
			input = input[end:]
		}
	}
	return output
}

func TestRemoveDotSegments(t *testing.T) {
	// Expected values traced by hand through §5.2.4.
	tests := []struct{ in, want string }{
		{"/a/b/c/./../../g", "/a/g"}, // §5.2.4 first trace
		{"mid/content=5/../6", "mid/6"},
		{"", ""},
		{"/", "/"},
		{".", ""},
		{"..", ""},
		{"./", ""},
		{"../", ""},
		{"/.", "/"},
		{"/..", "/"},
		{"/./", "/"},
		{"/../", "/"},
		{"../g", "g"},
		{"../../g", "g"},
		{"./../g", "g"},
		{"/../g", "/g"},
		{"/a/..", "/"},
		{"/a/b/..", "/a/"},
		{"/a/b/.", "/a/b/"},
		{"a/..", "/"}, // rule C leaves the "/" it substitutes
		{"a/../b", "/b"},
		{"a/./b", "a/b"},
		{"g.", "g."}, // §5.4.2: only complete segments are dots
		{".g", ".g"},
		{"g..", "g.."},
		{"..g", "..g"},
		{"/...", "/..."},
		{"/%2E%2E/g", "/%2E%2E/g"}, // no decoding (C-16)
		{"//", "//"},
		{"/..//g", "//g"},
		{"/a/..//g", "//g"},
		{"/.//g", "//g"},
		{"a//../b", "a/b"},
		{"/a/b/c/../../../../g", "/g"},
	}
	for _, tt := range tests {
		if got := RemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if got := literalRemoveDotSegments(tt.in); got != tt.want {
			t.Errorf("literal oracle(%q) = %q, want %q: the oracle is wrong", tt.in, got, tt.want)
		}
	}
}

// The in-place loop against the literal one on every path over a small
// alphabet, and on paths longer than the stack buffer.
func TestRemoveDotSegmentsExhaustive(t *testing.T) {
	alphabet := []string{"/", ".", "a", ".."}
	var paths []string
	var gen func(string, int)
	gen = func(p string, depth int) {
		paths = append(paths, p)
		if depth == 0 {
			return
		}
		for _, s := range alphabet {
			gen(p+s, depth-1)
		}
	}
	gen("", 7)
	long := strings.Repeat("/seg/./x/..", 60) + "/end"
	paths = append(paths, long, "rel"+long, strings.Repeat("../", 100)+"g")
	for _, p := range paths {
		if got, want := RemoveDotSegments(p), literalRemoveDotSegments(p); got != want {
			t.Errorf("RemoveDotSegments(%q) = %q, want %q", p, got, want)
		}
	}
	if len(paths) < 20000 {
		t.Errorf("only %d paths generated", len(paths))
	}
}

func TestResolveErrors(t *testing.T) {
	for _, base := range []string{"", "//a/b", "/b/c", "b/c", "#f"} {
		_, err := Resolve(parseRef(t, base), parseRef(t, "g"))
		var e *Error
		if !errors.As(err, &e) || !errors.Is(err, ErrNotAbsolute) || e.Op != "resolve" || e.Input != base {
			t.Errorf("Resolve(%q, g) error = %v, want *Error{Op: resolve, Input: %q} wrapping ErrNotAbsolute", base, err, base)
		}
		if _, err := ResolveNonStrict(parseRef(t, base), parseRef(t, "g")); !errors.Is(err, ErrNotAbsolute) {
			t.Errorf("ResolveNonStrict(%q, g) error = %v, want ErrNotAbsolute", base, err)
		}
	}
}

func TestResolve(t *testing.T) {
	tests := []struct {
		base, ref, want string
		nonStrict       bool
	}{
		// C-02: the base fragment is never inherited (§5.1, §5.2.2).
		{base: "http://a/b/c/d;p?q#frag", ref: "g", want: "http://a/b/c/g"},
		{base: "http://a/b/c/d;p?q#frag", ref: "", want: "http://a/b/c/d;p?q"},
		{base: "http://a/b/c/d;p?q#frag", ref: "#", want: "http://a/b/c/d;p?q#"},
		// Undefined vs empty query and fragment are kept (§5.2.2, §5.3).
		{base: "http://a/b?q", ref: "?", want: "http://a/b?"},
		{base: "http://a/b?", ref: "", want: "http://a/b?"},
		{base: "http://a/b?", ref: "c", want: "http://a/c"},
		{base: "http://a/b", ref: "c?#", want: "http://a/c?#"},
		// C-09: merge with an empty base path and an authority.
		{base: "http://a", ref: "g", want: "http://a/g"},
		{base: "http://a", ref: "../g", want: "http://a/g"},
		{base: "http://a?q", ref: "", want: "http://a?q"},
		// D-06: no authority in the base, none in the target.
		{base: "file:/x/y", ref: "g", want: "file:/x/g"},
		{base: "file:///x/y", ref: "g", want: "file:///x/g"},
		// C-03: a ref with a scheme loses its dot-segments and nothing else.
		{base: "http://a/b", ref: "http://a/../b/c", want: "http://a/b/c"},
		{base: "http://a/b", ref: "g:h/../i?x#y", want: "g:/i?x#y"},
		// C-04: network-path reference.
		{base: "http://u@a:1/b?q", ref: "//h/./c", want: "http://h/c"},
		{base: "http://a/b", ref: "//", want: "http://"},
		{base: "http://a/b", ref: "//@:", want: "http://@:"},
		// C-16: no decoding.
		{base: "http://a/b/c/d", ref: "%2E%2E/g", want: "http://a/b/c/%2E%2E/g"},
		// Rootless and empty base paths follow the literal algorithm.
		{base: "mailto:a@b", ref: "c@d", want: "mailto:c@d"},
		{base: "urn:x:y", ref: "#f", want: "urn:x:y#f"},
		{base: "foo:", ref: "a/../b", want: "foo:/b"},
		// The result recomposes without reading back differently (§5.3).
		{base: "f:/a", ref: ".//g", want: "f:/.//g"},
		{base: "f:/a/", ref: "..//g", want: "f:/.//g"},
		{base: "f:/a", ref: "/.//g?q", want: "f:/.//g?q"},
		{base: "f:/a", ref: "./b:c", want: "f:/b:c"},
		// An IPv6 zone is carried through untouched.
		{base: "http://[fe80::1%25en0]:8/a/b", ref: "../c", want: "http://[fe80::1%25en0]:8/c"},
		// C-13: non-strict resolution ignores a ref scheme equal to the
		// base's, case-insensitively (§3.1), and only then.
		{base: "http://a/b/c/d;p?q", ref: "http:g", want: "http://a/b/c/g", nonStrict: true},
		{base: "http://a/b/c/d;p?q", ref: "HTTP:g", want: "http://a/b/c/g", nonStrict: true},
		{base: "http://a/b/c/d;p?q", ref: "http:?y", want: "http://a/b/c/d;p?y", nonStrict: true},
		{base: "http://a/b/c/d;p?q", ref: "http://h/../g", want: "http://h/g", nonStrict: true},
		{base: "http://a/b/c/d;p?q", ref: "https:g", want: "https:g", nonStrict: true},
		{base: "http://a/b/c/d;p?q", ref: "HTTP:g", want: "HTTP:g"},
	}
	for _, tt := range tests {
		base, ref := parseRef(t, tt.base), parseRef(t, tt.ref)
		resolve, name := Resolve, "Resolve"
		if tt.nonStrict {
			resolve, name = ResolveNonStrict, "ResolveNonStrict"
		}
		got, err := resolve(base, ref)
		if err != nil {
			t.Errorf("%s(%q, %q): %v", name, tt.base, tt.ref, err)
			continue
		}
		if got.String() != tt.want {
			t.Errorf("%s(%q, %q) = %q, want %q", name, tt.base, tt.ref, got.String(), tt.want)
		}
	}
}

// Resolving a URI against anything gives it back with its dot-segments
// removed, and a resolved URI is a fixed point (§5.2.2, first branch).
func TestResolveFixedPoint(t *testing.T) {
	base := parseRef(t, "http://a/b/c/d;p?q")
	for _, ref := range []string{"g", "../g?", "#", "//h", "/./g/..", "f:/a/..//g"} {
		once, err := Resolve(base, parseRef(t, ref))
		if err != nil {
			t.Fatal(err)
		}
		twice, err := Resolve(parseRef(t, "x:y"), once)
		if err != nil || twice != once {
			t.Errorf("Resolve(x:y, %q) = %q, want it unchanged", once.String(), twice.String())
		}
	}
}

// Resolve builds at most the new path; the other components are shared.
func TestResolveAllocs(t *testing.T) {
	base := parseRef(t, "http://a/b/c/d;p?q")
	tests := []struct {
		ref  string
		want float64
	}{
		{"g;x?y#s", 1},
		{"../../g", 1},
		{"/g", 0},
		{"?y", 0},
		{"#s", 0},
		{"//g/h", 0},
	}
	for _, tt := range tests {
		ref := parseRef(t, tt.ref)
		got := testing.AllocsPerRun(100, func() {
			if _, err := Resolve(base, ref); err != nil {
				t.Fatal(err)
			}
		})
		if got > tt.want {
			t.Errorf("Resolve(base, %q): %v allocations, want at most %v", tt.ref, got, tt.want)
		}
	}
}

// Struct literals without Has fields resolve as their String() reads:
// a non-empty component is present.
func TestResolveLiteralValues(t *testing.T) {
	base := URI{Scheme: "http", Host: "a", Query: "q"}
	tests := []struct {
		ref  URI
		want string
	}{
		{URI{Path: "g"}, "http://a/g"},
		{URI{}, "http://a?q"},
		{URI{Query: "y"}, "http://a?y"},
		{URI{Host: "h", Path: "/./x"}, "http://h/x"},
	}
	for _, tt := range tests {
		got, err := Resolve(base, tt.ref)
		if err != nil || got.String() != tt.want {
			t.Errorf("Resolve(%#v, %#v) = %q, %v; want %q", base, tt.ref, got.String(), err, tt.want)
		}
	}
}
