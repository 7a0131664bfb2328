package uri

import (
	"errors"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

func TestFromIRI(t *testing.T) {
	tests := []struct {
		iri, want, why string
	}{
		// RFC 3987 §3.1 examples.
		{"http://r\u00e9sum\u00e9.example.org", "http://xn--rsum-bpad.example.org", "RFC 3987 §3.1"},
		{"http://www.example.org/red%09ros\u00e9#red", "http://www.example.org/red%09ros%C3%A9#red", "RFC 3987 §3.1"},
		// RFC 3987 §3.2.1: the IRI of "http://www.example.org/D%C3%BCrst".
		{"http://www.example.org/D\u00fcrst", "http://www.example.org/D%C3%BCrst", "RFC 3987 §3.2.1"},
		// A CJK path and query, an emoji (four UTF-8 octets), a fragment.
		{"http://example.com/日本語/ページ?q=検索#節", "http://example.com/%E6%97%A5%E6%9C%AC%E8%AA%9E/%E3%83%9A%E3%83%BC%E3%82%B8?q=%E6%A4%9C%E7%B4%A2#%E7%AF%80", "A-28"},
		{"http://example.com/😀", "http://example.com/%F0%9F%98%80", "U+1F600, plane 1"},
		{"mailto:j\u00fcrgen@example.com", "mailto:j%C3%BCrgen@example.com", "no authority"},
		{"//b\u00fccher.example/x", "//xn--bcher-kva.example/x", "network-path reference"},
		{"d\u00e9j\u00e0/vu", "d%C3%A9j%C3%A0/vu", "relative path"},
		// NFC first (§3.1 step 1): e + U+0301 is é.
		{"http://example.com/caf\u0065\u0301", "http://example.com/caf%C3%A9", "NFC"},
		// Existing escapes and ASCII stay as written.
		{"http://Example.COM/%7e/%c3%a9?x=%2F", "http://Example.COM/%7e/%c3%a9?x=%2F", "ASCII untouched"},
		{"http://a/b", "http://a/b", "ASCII"},
		{"", "", "empty"},
		// Userinfo is percent-encoded, never IDNA-converted; ports stay.
		{"ftp://j\u00fcrgen:pw@b\u00fccher.de:2121/", "ftp://j%C3%BCrgen:pw@xn--bcher-kva.de:2121/", "userinfo, port"},
		// iprivate is allowed in the query only (§2.2).
		{"http://a/?\ue000", "http://a/?%EE%80%80", "iprivate in iquery"},
		// An IP literal is left alone.
		{"http://[::1]/\u00e9", "http://[::1]/%C3%A9", "IP literal"},
		// The IDNA rows of web-platform-tests url/resources/urltestdata.json
		// (hostnames agree; WHATWG would also add the path "/").
		{"http://\u00e9@\u00e9", "http://%C3%A9@xn--9ca", "WPT"},
		{"http://你好你好", "http://xn--6qqa088eba", "WPT"},
		{"https://fa\u00df.ExAmPlE/", "https://xn--fa-hia.example/", "WPT: nontransitional, lowercased"},
		// A host IDNA refuses is percent-encoded (§3.1 step 2).
		{"http://a_b.\u00e9x/", "http://a_b.%C3%A9x/", "IDNA refuses '_' (STD3)"},
	}
	for _, tt := range tests {
		got, err := FromIRI(tt.iri)
		if err != nil || got != tt.want {
			t.Errorf("FromIRI(%q) = %q, %v; want %q (%s)", tt.iri, got, err, tt.want, tt.why)
			continue
		}
		if _, err := Parse(got); err != nil {
			t.Errorf("FromIRI(%q) = %q does not parse: %v", tt.iri, got, err)
		}
	}
}

func TestFromIRIErrors(t *testing.T) {
	tests := []struct {
		iri    string
		input  string // the Input of the error: the IRI in NFC
		off    int
		reason error
	}{
		{"http://a/\ue000", "", 9, ErrInvalidCharacter},                           // iprivate outside the query
		{"http://a/\u202eevil", "", 9, ErrInvalidCharacter},                       // RLO, §4.1
		{"http://a/\u200fx", "", 9, ErrInvalidCharacter},                          // RLM, §4.1
		{"http://a/\u0085", "", 9, ErrInvalidCharacter},                           // C1 control, not ucschar
		{"http://a/\ufffe", "", 9, ErrInvalidCharacter},                           // noncharacter
		{"http://a/\xff", "", 9, ErrInvalidCharacter},                             // invalid UTF-8
		{"h\u00e9:x", "", 1, ErrInvalidScheme},                                    // scheme is ASCII
		{"http://a:8\u00e9/", "", 10, ErrInvalidPort},                             // port is digits
		{"http://[::\u00e9]/", "", 10, ErrInvalidHost},                            // IP literal is ASCII
		{"http://\u00e9.example/a b", "", 19, ErrInvalidCharacter},                // invalid ASCII stays invalid, offset in the IRI
		{"http://a/\u00e9\u00e9/<", "", 14, ErrInvalidCharacter},                  // after two encoded characters
		{"http://a/\u00e9%zz", "", 12, ErrInvalidEscape},                          // bad escape after a converted character
		{"http://a/e\u0301%", "http://a/\u00e9%", 12, ErrInvalidEscape},           // offset in the NFC form
		{"a b", "", 1, ErrInvalidCharacter},                                       // pure ASCII
		{"http://a/\u00e9#\u00e9#", "", 14, ErrInvalidFragment},                   // second '#'
		{"http://\u00e9\u00e9:80x/", "", 15, ErrInvalidPort},                      // "80x@h" could still be a userinfo; over the host
		{"http://\u00e9@\u00e9@/", "", 12, ErrInvalidHost},                        // two '@'
		{"\u00e9:x", "", 0, ErrInvalidScheme},                                     // ':' in the first segment
		{"//x/\u00e9?\ue000#\ue000", "", 11, ErrInvalidCharacter},                 // iprivate in the fragment
		{"http://a/?\U000F0000\u0000", "", 14, ErrInvalidCharacter},               // NUL after iprivate
		{"http://a/%\u00e9", "", 10, ErrInvalidEscape},                            // '%' before a non-ASCII character
		{"http://\u00e9x\u00e9/\u00e9\u00e9\u00e9 ", "", 19, ErrInvalidCharacter}, // offsets after IDNA
	}
	for _, tt := range tests {
		got, err := FromIRI(tt.iri)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("FromIRI(%q) = %q, %v; want an *Error", tt.iri, got, err)
			continue
		}
		input := tt.input
		if input == "" {
			input = tt.iri
		}
		if e.Op != "fromiri" || e.Input != input || e.Offset != tt.off || !errors.Is(err, tt.reason) {
			t.Errorf("FromIRI(%q): error %+v, want input %q, offset %d, %v", tt.iri, *e, input, tt.off, tt.reason)
		}
	}
}

// TestFromIRIPythonRFC3986 runs python-hyper/rfc3986's iri_to_uri rows,
// which use UTS #46 nontransitional IDNA as FromIRI does.
func TestFromIRIPythonRFC3986(t *testing.T) {
	var v struct {
		IRIToURI []struct{ IRI, URI string } `json:"iri_to_uri"`
	}
	readVectors(t, "python_rfc3986_vectors.json", &v)
	diffs := readPeerDifferences(t, "iri_to_uri")
	major, minor := unicodeVersion(idna.UnicodeVersion)
	n, same := 0, 0
	for _, row := range v.IRIToURI {
		want := row.URI
		if d, ok := diffs[row.IRI]; ok {
			delete(diffs, row.IRI)
			if d.Peer != row.URI {
				t.Errorf("difference %q: listed peer %q, vectors say %q", row.IRI, d.Peer, row.URI)
			}
			// The peerDifference holds only for IDNA tables older than listed.
			if bMajor, bMinor := unicodeVersion(d.BeforeUnicode); major < bMajor || major == bMajor && minor < bMinor {
				want = d.URIx
			}
		}
		if want == row.URI {
			same++
		}
		got, err := FromIRI(row.IRI)
		if err != nil || got != want {
			t.Errorf("FromIRI(%q) = %q, %v; want %q (python: %q)", row.IRI, got, err, want, row.URI)
		}
		n++
	}
	for in := range diffs {
		t.Errorf("listed difference %q is not in the vectors", in)
	}
	wantRows(t, "python iri_to_uri", n, 10)
	t.Logf("python iri_to_uri: %d rows as python, %d differ by the UTS #46 version (%s)", same, n-same, idna.UnicodeVersion)
}

func TestToIRI(t *testing.T) {
	tests := []struct {
		uri, want, why string
	}{
		// RFC 3987 §3.2.1 examples.
		{"http://www.example.org/D%C3%BCrst", "http://www.example.org/D\u00fcrst", "§3.2.1"},
		{"http://www.example.org/D%FCrst", "http://www.example.org/D%FCrst", "§3.2.1: not UTF-8"},
		{"http://xn--99zt52a.example.org/%e2%80%ae", "http://\u7d0d\u8c46.example.org/%e2%80%ae", "§3.2.1: RLO stays encoded"},
		{"http://xn--rsum-bpad.example.org/red%09ros%C3%A9#red", "http://r\u00e9sum\u00e9.example.org/red%09ros\u00e9#red", "§3.1 reversed; %09 stays"},
		// Never ASCII, never reserved.
		{"http://a/%41%2F%3F%25%20", "http://a/%41%2F%3F%25%20", "ASCII escapes stay"},
		// Spaces, format characters and private use stay encoded.
		{"http://a/%C2%A0x", "http://a/%C2%A0x", "NBSP"},
		{"http://a/%E2%80%8B", "http://a/%E2%80%8B", "ZWSP (Cf)"},
		{"http://a/%E3%80%80", "http://a/%E3%80%80", "ideographic space"},
		{"http://a/?%EE%80%80", "http://a/?%EE%80%80", "private use"},
		{"http://a/%C2%85", "http://a/%C2%85", "C1 control"},
		// Not NFC, or a combining mark after a delimiter: stays.
		{"http://a/e%CC%81", "http://a/e%CC%81", "decomposed é"},
		{"http://a/x=%CC%B8", "http://a/x=%CC%B8", "'=' + U+0338 would compose to ≠"},
		{"http://a/%E2%84%AB", "http://a/%E2%84%AB", "U+212B is not NFC"},
		{"http://a/%C3%A9%CC%81", "http://a/\u00e9\u0301", "é + U+0301 is NFC"},
		// Bidi rule of §4.2 per stretch.
		{"http://a/%D7%90%D7%91/x", "http://a/\u05d0\u05d1/x", "Hebrew segment"},
		{"http://a/%D7%90%D7%91.html", "http://a/%D7%90%D7%91.html", "RTL mixed with LTR"},
		// Truncated or overlong sequences stay.
		{"http://a/%E6%97", "http://a/%E6%97", "truncated"},
		{"http://a/%C0%AF", "http://a/%C0%AF", "overlong '/'"},
		{"http://a/%ED%A0%80", "http://a/%ED%A0%80", "surrogate"},
		// A percent-encoded host is not decoded; a bad A-label is kept.
		{"http://%C3%A9.example/", "http://%C3%A9.example/", "pct host"},
		{"http://xn--a.example/", "http://xn--a.example/", "invalid A-label"},
		{"http://XN--BCHER-KVA.de/", "http://XN--BCHER-KVA.de/", "uppercase A-label would not round-trip"},
		// Mixed scripts in a label stay A-labels (UTS #39 Highly Restrictive).
		{"http://xn--pypal-4ve.com/", "http://xn--pypal-4ve.com/", "Latin with Cyrillic U+0430"},
		{"http://xn--eckwd4c7cu47r2wf.jp/", "http://ドメイン名例.jp/", "Katakana with Han is allowed"},
		{"http://xn--3e0bk47br7k.kr/", "http://한국어.kr/", "Hangul"},
		{"http://xn--wgv71a119e.xn--bcher-kva.example/", "http://日本語.bücher.example/", "per label"},
		// A whole-script confusable passes that level; browsers go further.
		{"http://xn--80ak6aa92e.com/", "http://\u0430\u0440\u0440\u04cf\u0435.com/", "all Cyrillic"},
		{"http://u:p%C3%A9@xn--bcher-kva.de:81/%F0%9F%98%80?q=%E6%A4%9C#%E7%AF%80", "http://u:p\u00e9@b\u00fccher.de:81/\U0001F600?q=\u691c#\u7bc0", "every component"},
		{"http://a/b", "http://a/b", "nothing to do"},
	}
	for _, tt := range tests {
		if got := ToIRI(tt.uri); got != tt.want {
			t.Errorf("ToIRI(%q) = %q, want %q (%s)", tt.uri, got, tt.want, tt.why)
		}
	}
}

// FromIRI(ToIRI(s)) uppercases only the escapes ToIRI decoded, so a URI
// mixing the cases of hex digits comes back mixed (FuzzIRI found the
// fuzzed row); both forms are equivalent (RFC 3986 §6.2.2.1).
func TestIRIRoundTripEscapeCase(t *testing.T) {
	tests := []struct{ uri, iri, back string }{
		{"s:%c3%a9%2f", "s:\u00e9%2f", "s:%C3%A9%2f"},
		{"http://a/%e2%80%ae%c3%a9", "http://a/%e2%80%ae\u00e9", "http://a/%e2%80%ae%C3%A9"}, // RLO stays encoded
		{"http://a/%FA%aF/%c7%80", "http://a/%FA%aF/\u01c0", "http://a/%FA%aF/%C7%80"},
		{"http://xn--bcher-kva.d7/%FA%aF%c7%8000000000000000000",
			"http://b\u00fccher.d7/%FA%aF\u01c000000000000000000",
			"http://xn--bcher-kva.d7/%FA%aF%C7%8000000000000000000"},
	}
	for _, tt := range tests {
		iri := ToIRI(tt.uri)
		back, err := FromIRI(iri)
		if iri != tt.iri || err != nil || back != tt.back {
			t.Errorf("FromIRI(ToIRI(%q)) = FromIRI(%q) = %q, %v; want FromIRI(%q) = %q", tt.uri, iri, back, err, tt.iri, tt.back)
		}
		if upperEscapes(back) != upperEscapes(tt.uri) {
			t.Errorf("FromIRI(ToIRI(%q)) = %q differs by more than the case of escapes", tt.uri, back)
		}
	}
}

// unicodeVersion splits "15.0.0" into 15 and 0.
func unicodeVersion(v string) (major, minor int) {
	parts := strings.Split(v, ".")
	major, _ = strconv.Atoi(parts[0])
	if len(parts) > 1 {
		minor, _ = strconv.Atoi(parts[1])
	}
	return major, minor
}

// upperEscapes uppercases the hex digits of every escape in s.
func upperEscapes(s string) string {
	b := []byte(s)
	for i := 0; i+2 < len(b); i++ {
		if b[i] == '%' {
			copy(b[i+1:i+3], strings.ToUpper(string(b[i+1:i+3])))
		}
	}
	return string(b)
}

func FuzzIRI(f *testing.F) {
	for _, s := range []string{
		"http://www.example.org/D%C3%BCrst",
		"http://xn--99zt52a.example.org/%e2%80%ae",
		"http://xn--bcher-kva.de/%F0%9F%98%80?%EE%80%80#%CC%81",
		"http://r\u00e9sum\u00e9.example.org/",
		"foo:%D7%90/%D7%91.x",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if _, err := Parse(s); err == nil {
			// A URI comes back from its display form (ToIRI doc) up to
			// the case of hex digits, which is equivalent (RFC 3986
			// §6.2.2.1) and which RFC 3987 §3.2 allows to differ: the
			// escapes ToIRI decoded come back uppercase (§3.1 step 2.2),
			// the ones it kept as written, so "%c3%a9%2f" gives
			// "%C3%A9%2f", neither s nor s with every escape uppercased.
			iri := ToIRI(s)
			back, err := FromIRI(iri)
			if err != nil || upperEscapes(back) != upperEscapes(s) {
				t.Fatalf("FromIRI(ToIRI(%q)) = FromIRI(%q) = %q, %v", s, iri, back, err)
			}
		}
		u, err := FromIRI(s)
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Offset < 0 || e.Offset > len(e.Input) {
				t.Fatalf("FromIRI(%q): error %v outside its input", s, err)
			}
			return
		}
		if _, err := Parse(u); err != nil {
			t.Fatalf("FromIRI(%q) = %q, which does not parse: %v", s, u, err)
		}
		for i := 0; i < len(u); i++ {
			if u[i] >= utf8.RuneSelf {
				t.Fatalf("FromIRI(%q) = %q holds non-ASCII", s, u)
			}
		}
	})
}

func BenchmarkFromIRI(b *testing.B) {
	s := "http://b\u00fccher.example/\u65e5\u672c\u8a9e/p\u00e1gina?q=\u691c\u7d22"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := FromIRI(s); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkToIRI(b *testing.B) {
	s := "http://xn--bcher-kva.example/%E6%97%A5%E6%9C%AC%E8%AA%9E/p%C3%A1gina?q=%E6%A4%9C%E7%B4%A2"
	b.SetBytes(int64(len(s)))
	b.ReportAllocs()
	for b.Loop() {
		_ = ToIRI(s)
	}
}
