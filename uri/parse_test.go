package uri

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Expected components come from the ABNF of RFC 3986 Appendix A, the
// examples of §1.1.2, §3 and §5.4, and requirements B-03 to B-48.
var parseTests = []struct {
	in   string
	want URI
}{
	// §3 and §1.1.2 examples.
	{"foo://example.com:8042/over/there?name=ferret#nose", URI{Scheme: "foo", Host: "example.com", Port: "8042", Path: "/over/there", Query: "name=ferret", Fragment: "nose", HasAuthority: true, HasPort: true, HasQuery: true, HasFragment: true}},
	{"urn:example:animal:ferret:nose", URI{Scheme: "urn", Path: "example:animal:ferret:nose"}},
	{"ftp://ftp.is.co.za/rfc/rfc1808.txt", URI{Scheme: "ftp", Host: "ftp.is.co.za", Path: "/rfc/rfc1808.txt", HasAuthority: true}},
	{"http://www.ietf.org/rfc/rfc2396.txt", URI{Scheme: "http", Host: "www.ietf.org", Path: "/rfc/rfc2396.txt", HasAuthority: true}},
	{"ldap://[2001:db8::7]/c=GB?objectClass?one", URI{Scheme: "ldap", Host: "[2001:db8::7]", Path: "/c=GB", Query: "objectClass?one", HasAuthority: true, HasQuery: true}},
	{"mailto:John.Doe@example.com", URI{Scheme: "mailto", Path: "John.Doe@example.com"}},
	{"news:comp.infosystems.www.servers.unix", URI{Scheme: "news", Path: "comp.infosystems.www.servers.unix"}},
	{"tel:+1-816-555-1212", URI{Scheme: "tel", Path: "+1-816-555-1212"}},
	{"telnet://192.0.2.16:80/", URI{Scheme: "telnet", Host: "192.0.2.16", Port: "80", Path: "/", HasAuthority: true, HasPort: true}},
	{"urn:oasis:names:specification:docbook:dtd:xml:4.1.2", URI{Scheme: "urn", Path: "oasis:names:specification:docbook:dtd:xml:4.1.2"}},
	{"http://www.ics.uci.edu/pub/ietf/uri/#Related", URI{Scheme: "http", Host: "www.ics.uci.edu", Path: "/pub/ietf/uri/", Fragment: "Related", HasAuthority: true, HasFragment: true}},
	{"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", URI{Scheme: "gopher", Host: "spinaltap.micro.umn.edu", Path: "/00/Weather/California/Los%20Angeles", HasAuthority: true}},
	{"http://www.math.uio.no/faq/compression-faq/part1.html", URI{Scheme: "http", Host: "www.math.uio.no", Path: "/faq/compression-faq/part1.html", HasAuthority: true}},
	{"mailto:mduerst@ifi.unizh.ch", URI{Scheme: "mailto", Path: "mduerst@ifi.unizh.ch"}},
	{"telnet://melvyl.ucop.edu/", URI{Scheme: "telnet", Host: "melvyl.ucop.edu", Path: "/", HasAuthority: true}},
	{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", URI{Scheme: "gopher", Host: "gopher.tc.umn.edu", Port: "70", Path: "/11/Mailing%20Lists/", HasAuthority: true, HasPort: true}},

	// Empty versus undefined components (B-03, B-04, B-40).
	{"http://a/b", URI{Scheme: "http", Host: "a", Path: "/b", HasAuthority: true}},
	{"http://a/b?", URI{Scheme: "http", Host: "a", Path: "/b", HasAuthority: true, HasQuery: true}},
	{"http://a/b#", URI{Scheme: "http", Host: "a", Path: "/b", HasAuthority: true, HasFragment: true}},
	{"http://a/b?#", URI{Scheme: "http", Host: "a", Path: "/b", HasAuthority: true, HasQuery: true, HasFragment: true}},
	{"http://a#?", URI{Scheme: "http", Host: "a", Fragment: "?", HasAuthority: true, HasFragment: true}},
	{"http://a?b", URI{Scheme: "http", Host: "a", Query: "b", HasAuthority: true, HasQuery: true}},
	{"http://a#f", URI{Scheme: "http", Host: "a", Fragment: "f", HasAuthority: true, HasFragment: true}},
	{"http:///x", URI{Scheme: "http", Path: "/x", HasAuthority: true}},
	{"file:///x", URI{Scheme: "file", Path: "/x", HasAuthority: true}},
	{"http://a:/", URI{Scheme: "http", Host: "a", Path: "/", HasAuthority: true, HasPort: true}},
	{"http://@a/", URI{Scheme: "http", Host: "a", Path: "/", HasAuthority: true, HasUserinfo: true}},
	{"http://@:/", URI{Scheme: "http", Path: "/", HasAuthority: true, HasUserinfo: true, HasPort: true}},
	{"ftp://foo:@host.com/", URI{Scheme: "ftp", Userinfo: "foo:", Host: "host.com", Path: "/", HasAuthority: true, HasUserinfo: true}},
	{"s://u:p:q@h", URI{Scheme: "s", Userinfo: "u:p:q", Host: "h", HasAuthority: true, HasUserinfo: true}},
	{"mailto:", URI{Scheme: "mailto"}},
	{"DAV:", URI{Scheme: "DAV"}},
	{"//", URI{HasAuthority: true}},
	{"///", URI{Path: "/", HasAuthority: true}},
	{"//g", URI{Host: "g", HasAuthority: true}}, // B-05: the authority wins
	{"?", URI{HasQuery: true}},
	{"#", URI{HasFragment: true}},
	{"", URI{}},
	{"?#", URI{HasQuery: true, HasFragment: true}},

	// Schemes and path forms (B-08, B-12, B-37, B-39).
	{"svn+ssh:x", URI{Scheme: "svn+ssh", Path: "x"}},
	{"z39.50s:x", URI{Scheme: "z39.50s", Path: "x"}},
	{"x-foo:bar", URI{Scheme: "x-foo", Path: "bar"}},
	{"HTTP://A/B", URI{Scheme: "HTTP", Host: "A", Path: "/B", HasAuthority: true}},
	{"foo:/bar", URI{Scheme: "foo", Path: "/bar"}},
	{"foo:bar", URI{Scheme: "foo", Path: "bar"}},
	{"this:that", URI{Scheme: "this", Path: "that"}},
	{"./this:that", URI{Path: "./this:that"}},
	{"a/b:c", URI{Path: "a/b:c"}},
	{"a?b:c", URI{Path: "a", Query: "b:c", HasQuery: true}},
	{"a#b:c", URI{Path: "a", Fragment: "b:c", HasFragment: true}},
	{"/a:b", URI{Path: "/a:b"}},
	{"g;x=1/../y", URI{Path: "g;x=1/../y"}},
	{"s:a//b", URI{Scheme: "s", Path: "a//b"}},
	{"s:/a//b", URI{Scheme: "s", Path: "/a//b"}},
	{"a_b", URI{Path: "a_b"}},
	{"1abc", URI{Path: "1abc"}},
	{"@x", URI{Path: "@x"}},
	{"%2F", URI{Path: "%2F"}},

	// Queries and fragments may hold '/', '?', ':' and '@' (§3.4, §3.5).
	{"s:?/?:@", URI{Scheme: "s", Query: "/?:@", HasQuery: true}},
	{"s:#/?:@", URI{Scheme: "s", Fragment: "/?:@", HasFragment: true}},
	{"http://www.yahoo.com?name=%00%01", URI{Scheme: "http", Host: "www.yahoo.com", Query: "name=%00%01", HasAuthority: true, HasQuery: true}},

	// Hosts (§3.2.2, B-20, B-25, B-27).
	{"http://www.yaho%6f.com/", URI{Scheme: "http", Host: "www.yaho%6f.com", Path: "/", HasAuthority: true}},
	{"http://a!$&'()*+,;=b/", URI{Scheme: "http", Host: "a!$&'()*+,;=b", Path: "/", HasAuthority: true}},
	{"http://256.256.256.256/", URI{Scheme: "http", Host: "256.256.256.256", Path: "/", HasAuthority: true}},
	{"http://[::1]:80/x", URI{Scheme: "http", Host: "[::1]", Port: "80", Path: "/x", HasAuthority: true, HasPort: true}},
	{"http://[fe80::1%25en0]/", URI{Scheme: "http", Host: "[fe80::1%25en0]", Path: "/", HasAuthority: true}},
	{"http://[fe80::1%25%65n0]:/", URI{Scheme: "http", Host: "[fe80::1%25%65n0]", Path: "/", HasAuthority: true, HasPort: true}},
	{"http://[v7.a:b]/", URI{Scheme: "http", Host: "[v7.a:b]", Path: "/", HasAuthority: true}},
	{"http://[V1.fe80::a+en1]", URI{Scheme: "http", Host: "[V1.fe80::a+en1]", HasAuthority: true}},
	{"http://a:99999999999/", URI{Scheme: "http", Host: "a", Port: "99999999999", Path: "/", HasAuthority: true, HasPort: true}},
	{"//[::1]?q", URI{Host: "[::1]", Query: "q", HasAuthority: true, HasQuery: true}},
	{"//u@[::1]:8#f", URI{Userinfo: "u", Host: "[::1]", Port: "8", Fragment: "f", HasAuthority: true, HasUserinfo: true, HasPort: true, HasFragment: true}},
}

func TestParse(t *testing.T) {
	for _, tt := range parseTests {
		got, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): unexpected error %v", tt.in, err)
			continue
		}
		if got != tt.want {
			t.Errorf("Parse(%q) =\n\t%#v\nwant\n\t%#v", tt.in, got, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("Parse(%q).String() = %q", tt.in, s)
		}
	}
}

// Offsets follow uriparser's convention (see conformance_parse_test.go):
// the first byte at which the input stops being a prefix of any valid
// URI reference, len(in) when the input is cut short.
var parseErrorTests = []struct {
	in     string
	offset int
	err    error
}{
	// Scheme and path-noscheme (B-08, B-12).
	{"1a:b", 2, ErrInvalidScheme},
	{"-a:b", 2, ErrInvalidScheme},
	{"+a:x", 2, ErrInvalidScheme},
	{".a:x", 2, ErrInvalidScheme},
	{"3com:x", 4, ErrInvalidScheme},
	{":", 0, ErrInvalidScheme},
	{"::", 0, ErrInvalidScheme},
	{":a", 0, ErrInvalidScheme},
	{"%41:b", 3, ErrInvalidScheme},
	{"a_b:c", 3, ErrInvalidScheme},
	{"a b:c", 1, ErrInvalidCharacter},

	// Percent-encoding.
	{"%", 1, ErrInvalidEscape},
	{"%2", 2, ErrInvalidEscape},
	{"%G1", 1, ErrInvalidEscape},
	{"%%", 1, ErrInvalidEscape},
	{"a%2g", 3, ErrInvalidEscape},
	{"http://a/?q=%zz", 13, ErrInvalidEscape},
	{"http://a/?q=%", 13, ErrInvalidEscape},
	{"http://a/#%", 11, ErrInvalidEscape},
	{"http://u%@a/", 9, ErrInvalidEscape},
	{"http://a%/", 9, ErrInvalidEscape},
	{"http://[fe80::1%25%zz]/", 19, ErrInvalidEscape},

	// Characters outside the URI alphabet, or out of place (B-30, B-43).
	{"http://a/ b", 9, ErrInvalidCharacter},
	{"http://a/\t", 9, ErrInvalidCharacter},
	{"http://a/\x00", 9, ErrInvalidCharacter},
	{"http://a/\u00fc", 9, ErrInvalidCharacter},
	{"http://a/b[1]", 10, ErrInvalidPath},
	{"http://a/?[x]", 10, ErrInvalidQuery},
	{"http://a/b#c#d", 12, ErrInvalidFragment},
	{"http://a/?<>", 10, ErrInvalidCharacter},
	{"http://a/#]", 10, ErrInvalidFragment},
	{"http://a/#a b", 11, ErrInvalidCharacter},
	{"a]", 1, ErrInvalidPath},
	{"a\\b", 1, ErrInvalidCharacter},
	{"[::1]", 0, ErrInvalidPath},

	// Authorities (B-14 to B-16, B-31).
	{"http://u@v@h/", 10, ErrInvalidHost},
	{"http://a@b@c/", 10, ErrInvalidHost},
	{"http://a]b/", 8, ErrInvalidHost},
	{"http://]/", 7, ErrInvalidHost},
	{"http://a^b/", 8, ErrInvalidCharacter},
	{"http://www yahoo.com", 10, ErrInvalidCharacter},
	{"http://h:8a/", 11, ErrInvalidPort}, // "h:8a" could still be a userinfo
	{"http://h:8a", 11, ErrInvalidPort},  // ... until the input ends
	{"http://a:80:80/", 14, ErrInvalidPort},
	{"http://u@h:8a/", 12, ErrInvalidPort}, // after '@' the port is known
	{"http://h:8 /", 10, ErrInvalidCharacter},
	{"http://[::1]x/", 12, ErrInvalidHost},
	{"http://[::1]:80@x/", 15, ErrInvalidPort},
	{"http://a[b/", 8, ErrInvalidHost},

	// IP literals (§3.2.2, RFC 6874, B-28, B-29).
	{"http://[]/", 8, ErrInvalidHost},
	{"http://[", 8, ErrInvalidHost},
	{"http://[::1", 11, ErrInvalidHost},
	{"http://[::1/", 11, ErrInvalidHost},
	{"http://[xyz]/", 8, ErrInvalidHost},
	{"http://[1:2:3:4:5:6:7:8:9]/", 23, ErrInvalidHost},
	{"http://[1::2::3]/", 13, ErrInvalidHost},
	{"http://[12345::]/", 12, ErrInvalidHost},
	{"http://[00000::1]/", 12, ErrInvalidHost},
	{"http://[1:2:3:4:5:6:7:8::]/", 23, ErrInvalidHost},
	{"http://[1:2:3:4:5:6:7::8]/", 23, ErrInvalidHost},
	{"http://[::ffff:192.0.2.256]/", 25, ErrInvalidHost},
	{"http://[1:2:3:4:5:1.2.3.4]/", 19, ErrInvalidHost},
	{"http://[:1::]/", 9, ErrInvalidHost},
	{"http://[1:::2]/", 11, ErrInvalidHost},
	{"http://[1:2]/", 11, ErrInvalidHost},
	{"http://[1:]/", 10, ErrInvalidHost},
	{"http://[::a.1.1.1]/", 11, ErrInvalidHost},
	{"http://[::01.1.1.1]/", 12, ErrInvalidHost},
	{"http://[::1.01.1.1]/", 13, ErrInvalidHost},
	{"http://[::1.1.1]/", 15, ErrInvalidHost},
	{"http://[::1.1.1.1.1]/", 17, ErrInvalidHost},
	{"http://[::1.1.1.1:1]/", 17, ErrInvalidHost},
	{"http://[fe80::1%en0]/", 16, ErrInvalidHost}, // RFC 4007 text form, not RFC 6874
	{"http://[fe80::1%2]/", 17, ErrInvalidHost},
	{"http://[fe80::1%25]/", 18, ErrInvalidHost},
	{"http://[fe80::1%25a:b]/", 19, ErrInvalidHost},
	{"http://[fe80%251]/", 12, ErrInvalidHost},
	{"http://[vG.x]/", 9, ErrInvalidHost},
	{"http://[v7.]/", 11, ErrInvalidHost},
	{"http://[v.x]/", 9, ErrInvalidHost},
	{"http://[v7x]/", 10, ErrInvalidHost},
	{"http://[v7.a/b]/", 12, ErrInvalidHost},
	{"http://[::1] /", 12, ErrInvalidCharacter},
	{"http://[::\x01]/", 10, ErrInvalidCharacter},
}

func TestParseError(t *testing.T) {
	for _, tt := range parseErrorTests {
		u, err := Parse(tt.in)
		if err == nil {
			t.Errorf("Parse(%q) = %#v, want error", tt.in, u)
			continue
		}
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("Parse(%q): error %v is not an *Error", tt.in, err)
			continue
		}
		if e.Offset != tt.offset || !errors.Is(err, tt.err) {
			t.Errorf("Parse(%q): %v; want %v at offset %d", tt.in, err, tt.err, tt.offset)
		}
		if e.Input != tt.in || e.Op != "parse" {
			t.Errorf("Parse(%q): error has Op %q, Input %q", tt.in, e.Op, e.Input)
		}
		if u != (URI{}) {
			t.Errorf("Parse(%q): returned %#v with the error, want the zero URI", tt.in, u)
		}
	}
}

func TestErrorMessage(t *testing.T) {
	_, err := Parse("http://a b/")
	const want = `uri: parse "http://a b/": invalid character at offset 8`
	if err == nil || err.Error() != want {
		t.Errorf("Parse(%q) error = %v, want %s", "http://a b/", err, want)
	}
}

func TestAuthority(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://u:p@h:80/x", "u:p@h:80"},
		{"http://@h:/x", "@h:"},
		{"file:///x", ""},
		{"//[::1]:8", "[::1]:8"},
		{"mailto:a@b", ""},
		{"a/b", ""},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := u.Authority(); got != tt.want {
			t.Errorf("Parse(%q).Authority() = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestIsAbs(t *testing.T) {
	tests := []struct {
		in   string
		want bool
	}{
		{"http://a/", true},
		{"a:", true},
		{"urn:x#f", true},
		{"//a/", false},
		{"/a", false},
		{"a", false},
		{"", false},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.in, err)
		}
		if got := u.IsAbs(); got != tt.want {
			t.Errorf("Parse(%q).IsAbs() = %v, want %v", tt.in, got, tt.want)
		}
	}
}

// String on URIs that no Parse produces: the recomposition must still
// parse back to the same components (§5.3 and the note on String).
func TestStringDisambiguates(t *testing.T) {
	tests := []struct {
		u    URI
		want string
		back URI // what want parses to, when it differs from u
	}{
		// f:/a + .//g: path "//g" without authority.
		{URI{Scheme: "f", Path: "//g"}, "f:/.//g", URI{Scheme: "f", Path: "/.//g"}},
		{URI{Path: "//g"}, "/.//g", URI{Path: "/.//g"}},
		// A first segment holding ':' in a relative path.
		{URI{Path: "a:b"}, "./a:b", URI{Path: "./a:b"}},
		{URI{Path: "a:b/c", HasQuery: true}, "./a:b/c?", URI{Path: "./a:b/c", HasQuery: true}},
		{URI{Path: "a/b:c"}, "a/b:c", URI{}},
		{URI{Scheme: "s", Path: "a:b"}, "s:a:b", URI{}},
		// An authority needs path-abempty.
		{URI{Host: "h", HasAuthority: true, Path: "x"}, "//h/x", URI{Host: "h", HasAuthority: true, Path: "/x"}},
		// Non-empty components count as present.
		{URI{Scheme: "http", Host: "a", Path: "/", Query: "q", Fragment: "f"}, "http://a/?q#f",
			URI{Scheme: "http", Host: "a", Path: "/", Query: "q", Fragment: "f", HasAuthority: true, HasQuery: true, HasFragment: true}},
		{URI{Scheme: "http", Userinfo: "u", Host: "a", Port: "1"}, "http://u@a:1",
			URI{Scheme: "http", Userinfo: "u", Host: "a", Port: "1", HasAuthority: true, HasUserinfo: true, HasPort: true}},
		{URI{HasAuthority: true, HasUserinfo: true, HasPort: true}, "//@:", URI{}},
		{URI{}, "", URI{}},
	}
	for _, tt := range tests {
		got := tt.u.String()
		if got != tt.want {
			t.Errorf("%#v.String() = %q, want %q", tt.u, got, tt.want)
			continue
		}
		back, err := Parse(got)
		if err != nil {
			t.Errorf("Parse(%q): %v", got, err)
			continue
		}
		want := tt.back
		if want == (URI{}) {
			want = tt.u
		}
		if back != want {
			t.Errorf("Parse(%q) = %#v, want %#v", got, back, want)
		}
	}
}

func TestTextMarshaling(t *testing.T) {
	type doc struct {
		Base URI `json:"base"`
	}
	in := `{"base":"http://a/b?"}`
	var d doc
	if err := json.Unmarshal([]byte(in), &d); err != nil {
		t.Fatalf("json.Unmarshal(%s): %v", in, err)
	}
	if !d.Base.HasQuery || d.Base.Path != "/b" {
		t.Errorf("json.Unmarshal(%s) = %#v", in, d.Base)
	}
	out, err := json.Marshal(d)
	if err != nil || string(out) != in {
		t.Errorf("json.Marshal(%#v) = %s, %v; want %s", d, out, err, in)
	}
	bad := `{"base":"http://a b/"}`
	err = json.Unmarshal([]byte(bad), &d)
	if !errors.Is(err, ErrInvalidCharacter) {
		t.Errorf("json.Unmarshal(%s) error = %v, want ErrInvalidCharacter", bad, err)
	}
}

func TestParseAllocs(t *testing.T) {
	for _, s := range []string{"http://u@[fe80::1%25en0]:80/a/b?q#f", "mailto:a@b", "../g;x?y#s"} {
		allocs := testing.AllocsPerRun(100, func() {
			if _, err := Parse(s); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("Parse(%q) allocates %v times, want 0", s, allocs)
		}
	}
}

// TestStringReparses recomposes every combination of a few valid component
// values, including the ambiguous ones String must fix, and checks that the
// result parses back to the same components, up to the fixes documented
// on String.
func TestStringReparses(t *testing.T) {
	type opt struct {
		s   string
		has bool
	}
	undefOrEmpty := []opt{{"", false}, {"", true}}
	n := 0
	for _, scheme := range []string{"", "s"} {
		for _, ui := range append(undefOrEmpty, opt{"u:p", true}) {
			for _, host := range []string{"", "h", "[::1]"} {
				for _, port := range append(undefOrEmpty, opt{"8", true}) {
					for _, auth := range []bool{false, true} {
						for _, path := range []string{"", "/", "a", "a:b", "//x", "/a:b", "a:b/c", ".", "./a:b", "//", "a//b"} {
							for _, q := range append(undefOrEmpty, opt{"q?/", true}) {
								for _, f := range append(undefOrEmpty, opt{"f", true}) {
									u := URI{Scheme: scheme, Userinfo: ui.s, HasUserinfo: ui.has, Host: host,
										Port: port.s, HasPort: port.has, HasAuthority: auth, Path: path,
										Query: q.s, HasQuery: q.has, Fragment: f.s, HasFragment: f.has}
									checkReparse(t, u)
									n++
								}
							}
						}
					}
				}
			}
		}
	}
	t.Logf("%d URIs recomposed", n)
}

func checkReparse(t *testing.T, u URI) {
	t.Helper()
	want := u
	want.HasUserinfo = u.HasUserinfo || u.Userinfo != ""
	want.HasPort = u.HasPort || u.Port != ""
	want.HasAuthority = u.HasAuthority || want.HasUserinfo || want.HasPort || u.Host != ""
	want.HasQuery = u.HasQuery || u.Query != ""
	want.HasFragment = u.HasFragment || u.Fragment != ""
	switch {
	case want.HasAuthority && u.Path != "" && u.Path[0] != '/':
		want.Path = "/" + u.Path
	case !want.HasAuthority && strings.HasPrefix(u.Path, "//"):
		want.Path = "/." + u.Path
	case !want.HasAuthority && u.Scheme == "" && strings.Contains(strings.SplitN(u.Path, "/", 2)[0], ":"):
		want.Path = "./" + u.Path
	}
	s := u.String()
	got, err := Parse(s)
	if err != nil || got != want {
		t.Errorf("%#v.String() = %q, which parses to %#v, %v; want %#v", u, s, got, err, want)
	}
}

func TestSchemeOf(t *testing.T) {
	tests := []struct{ in, want string }{
		{"http://a/b", "http"},
		{"HTTP:x", "HTTP"},
		{"a+b-c.d:", "a+b-c.d"},
		{"urn:isbn:1", "urn"},
		{"x1:", "x1"},
		{"1x:", ""},   // must start with ALPHA
		{"+a:", ""},   // likewise
		{":a", ""},    // empty scheme
		{"a b:c", ""}, // space is not a scheme character
		{"http", ""},  // no ':'
		{"./a:b", ""},
		{"http:\\\\host", "http"}, // stops at ':', whatever follows
		{"", ""},
	}
	for _, tt := range tests {
		if got := SchemeOf(tt.in); got != tt.want {
			t.Errorf("SchemeOf(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
