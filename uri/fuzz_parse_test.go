package uri

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// abnfURIReference is RFC 3986 Appendix A transcribed rule by rule into a
// regular expression, with the IP-literal of RFC 6874 §2. It is an oracle
// written independently of the parser: RE2 decides membership exactly,
// whatever the ambiguity of the alternatives.
var abnfURIReference = regexp.MustCompile(`^(?:` + abnfURI + `|` + abnfRelativeRef + `)$`)

// abnfHost matches host = IP-literal / IPv4address / reg-name; the first
// group is set for an IP-literal, the second for an IPv4address.
var abnfHost = regexp.MustCompile(`^(?:(` + abnfIPLiteral + `)|(` + abnfIPv4 + `)|` + abnfRegName + `)$`)

// appendixB is the regular expression of RFC 3986 Appendix B that splits
// any string into the five components.
var appendixB = regexp.MustCompile(`^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?`)

const (
	abnfPct         = `%[0-9A-Fa-f]{2}`
	abnfUnreserved  = `A-Za-z0-9\-._~`
	abnfSubDelims   = `!$&'()*+,;=`
	abnfPchar       = `(?:[` + abnfUnreserved + abnfSubDelims + `:@]|` + abnfPct + `)`
	abnfScheme      = `[A-Za-z][A-Za-z0-9+\-.]*`
	abnfUserinfo    = `(?:[` + abnfUnreserved + abnfSubDelims + `:]|` + abnfPct + `)*`
	abnfH16         = `[0-9A-Fa-f]{1,4}`
	abnfDecOctet    = `(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9][0-9]|[0-9])`
	abnfIPv4        = abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet + `\.` + abnfDecOctet
	abnfLs32        = `(?:` + abnfH16 + `:` + abnfH16 + `|` + abnfIPv4 + `)`
	abnfIPv6        = `(?:` + `(?:` + abnfH16 + `:){6}` + abnfLs32 + `|::(?:` + abnfH16 + `:){5}` + abnfLs32 + `|(?:` + abnfH16 + `)?::(?:` + abnfH16 + `:){4}` + abnfLs32 + `|(?:(?:` + abnfH16 + `:){0,1}` + abnfH16 + `)?::(?:` + abnfH16 + `:){3}` + abnfLs32 + `|(?:(?:` + abnfH16 + `:){0,2}` + abnfH16 + `)?::(?:` + abnfH16 + `:){2}` + abnfLs32 + `|(?:(?:` + abnfH16 + `:){0,3}` + abnfH16 + `)?::` + abnfH16 + `:` + abnfLs32 + `|(?:(?:` + abnfH16 + `:){0,4}` + abnfH16 + `)?::` + abnfLs32 + `|(?:(?:` + abnfH16 + `:){0,5}` + abnfH16 + `)?::` + abnfH16 + `|(?:(?:` + abnfH16 + `:){0,6}` + abnfH16 + `)?::` + `)`
	abnfZoneID      = `(?:[` + abnfUnreserved + `]|` + abnfPct + `)+`
	abnfIPvFuture   = `[vV][0-9A-Fa-f]+\.[` + abnfUnreserved + abnfSubDelims + `:]+`
	abnfIPLiteral   = `\[(?:` + abnfIPv6 + `(?:%25` + abnfZoneID + `)?|` + abnfIPvFuture + `)\]`
	abnfRegName     = `(?:[` + abnfUnreserved + abnfSubDelims + `]|` + abnfPct + `)*`
	abnfAuthority   = `(?:` + abnfUserinfo + `@)?(?:` + abnfIPLiteral + `|` + abnfIPv4 + `|` + abnfRegName + `)(?::[0-9]*)?`
	abnfSegment     = abnfPchar + `*`
	abnfSegmentNz   = abnfPchar + `+`
	abnfSegmentNzNc = `(?:[` + abnfUnreserved + abnfSubDelims + `@]|` + abnfPct + `)+`
	abnfPathAbempty = `(?:/` + abnfSegment + `)*`
	abnfPathAbs     = `/(?:` + abnfSegmentNz + abnfPathAbempty + `)?`
	abnfQuery       = `(?:` + abnfPchar + `|[/?])*`
	abnfTail        = `(?:\?` + abnfQuery + `)?(?:#` + abnfQuery + `)?` // fragment has the query's syntax
	abnfURI         = abnfScheme + `:(?://` + abnfAuthority + abnfPathAbempty + `|` + abnfPathAbs + `|` + abnfSegmentNz + abnfPathAbempty + `|)` + abnfTail
	abnfRelativeRef = `(?://` + abnfAuthority + abnfPathAbempty + `|` + abnfPathAbs + `|` + abnfSegmentNzNc + abnfPathAbempty + `|)` + abnfTail
)

// checkAgainstOracles checks Parse(s) against the ABNF and Appendix B
// regular expressions, and the round trip of §5.3.
func checkAgainstOracles(t *testing.T, s string) {
	t.Helper()
	u, err := Parse(s)
	valid := abnfURIReference.MatchString(s)
	if err != nil {
		var e *Error
		switch {
		case valid:
			t.Errorf("Parse(%q): %v, but the ABNF matches", s, err)
		case !errors.As(err, &e) || e.Input != s || e.Offset < 0 || e.Offset > len(s):
			t.Errorf("Parse(%q): malformed error %#v", s, err)
			return
		}
		// The offset is the end of the longest prefix that some valid
		// reference starts with: cut there, s is fine until it ends, and
		// one byte more already fails at the same place.
		if _, err := Parse(s[:e.Offset]); err != nil && err.(*Error).Offset != e.Offset {
			t.Errorf("Parse(%q): %v; but Parse(%q): %v", s, e, s[:e.Offset], err)
		}
		if e.Offset < len(s) {
			if _, err := Parse(s[:e.Offset+1]); err == nil || err.(*Error).Offset != e.Offset {
				t.Errorf("Parse(%q): %v; but Parse(%q): %v", s, e, s[:e.Offset+1], err)
			}
		}
		return
	}
	if !valid {
		t.Errorf("Parse(%q) = %#v, but the ABNF does not match", s, u)
		return
	}

	m := appendixB.FindStringSubmatch(s)
	want := URI{
		Scheme: m[2], Path: m[5], Query: m[7], Fragment: m[9],
		HasAuthority: m[3] != "", HasQuery: m[6] != "", HasFragment: m[8] != "",
	}
	if got := (URI{Scheme: u.Scheme, Path: u.Path, Query: u.Query, Fragment: u.Fragment,
		HasAuthority: u.HasAuthority, HasQuery: u.HasQuery, HasFragment: u.HasFragment}); got != want {
		t.Errorf("Parse(%q) = %#v; Appendix B gives %#v", s, u, want)
	}
	if u.Authority() != m[4] {
		t.Errorf("Parse(%q).Authority() = %q; Appendix B gives %q", s, u.Authority(), m[4])
	}
	if u.HasAuthority {
		h := abnfHost.FindStringSubmatch(u.Host)
		switch {
		case h == nil:
			t.Errorf("Parse(%q): host %q does not match the ABNF", s, u.Host)
		case h[1] != "" && u.HostKind() != IPv6 && u.HostKind() != IPvFuture,
			h[2] != "" && u.HostKind() != IPv4,
			h[1] == "" && h[2] == "" && u.HostKind() != RegName:
			t.Errorf("Parse(%q).HostKind() = %v for host %q", s, u.HostKind(), u.Host)
		}
	}

	r := u.String()
	if r != s {
		t.Errorf("Parse(%q).String() = %q", s, r)
	}
	if again, err := Parse(r); err != nil || again != u {
		t.Errorf("Parse(%q) = %#v, %v; want %#v", r, again, err, u)
	}
}

func FuzzParse(f *testing.F) {
	for _, tt := range parseTests {
		f.Add(tt.in)
	}
	for _, tt := range parseErrorTests {
		f.Add(tt.in)
	}
	f.Fuzz(checkAgainstOracles)
}

// TestParseOracles runs the oracles of FuzzParse over every table input and
// over single-byte edits of them, so the default test run explores the
// neighbourhood of each grammar rule without the fuzzer.
func TestParseOracles(t *testing.T) {
	var inputs []string
	for _, tt := range parseTests {
		inputs = append(inputs, tt.in)
	}
	for _, tt := range parseErrorTests {
		inputs = append(inputs, tt.in)
	}
	const alphabet = ":/?#[]@%.25vV0aF!~ "
	n := 0
	for _, s := range inputs {
		checkAgainstOracles(t, s)
		n++
		for i := 0; i <= len(s); i++ {
			if i < len(s) {
				checkAgainstOracles(t, s[:i]+s[i+1:]) // deletion
				n++
			}
			for _, c := range []byte(alphabet) {
				checkAgainstOracles(t, s[:i]+string(c)+s[i:]) // insertion
				n++
				if i < len(s) {
					checkAgainstOracles(t, s[:i]+string(c)+s[i+1:]) // substitution
					n++
				}
			}
		}
	}
	t.Logf("%d inputs checked against the ABNF", n)
}

// TestParseOraclesRuns puts each character that can end or interrupt a
// run (a delimiter, '%' with and without its digits, a byte no URI holds)
// at every offset of a long run in each component, so that it falls at
// each place of the word-at-a-time scan (eight bytes, four, one).
func TestParseOraclesRuns(t *testing.T) {
	const run = "abcdefghijklmnopqrstuvwx" // 24 bytes: three rounds of eight
	templates := []string{"http://%s/p", "http://%s", "http://u%s@h/", "//%s:80/", "http://h/%s", "http://h%s", "p%s", "/%s?q", "?%s#f", "#%s", "s:%s", "http:%s", "https:%s", "httpz:%s", "HTTP:%s", "http%s"}
	stops := []string{"", ":", "@", "/", "?", "#", "[", " ", "\x80", "%", "%4", "%41", "%g1", "%41%42"}
	n := 0
	for _, tmpl := range templates {
		for k := 0; k <= len(run); k++ {
			for _, stop := range stops {
				for _, tail := range []string{"", "z", run} {
					checkAgainstOracles(t, strings.Replace(tmpl, "%s", run[:k]+stop+tail, 1))
					n++
				}
			}
		}
	}
	t.Logf("%d runs checked against the ABNF", n)
}

// TestParseOraclesIPv6 checks IP literals made of 1 to 10 pieces joined
// by ':', where an empty piece makes "::" or ":::", an IPv4 piece may
// stand in any position, and a zone may follow. This covers each ABNF
// alternative with too few, enough and too many pieces.
func TestParseOraclesIPv6(t *testing.T) {
	n := 0
	var gen func(pieces []string, addr string, left int, suffixes []string)
	gen = func(pieces []string, addr string, left int, suffixes []string) {
		for _, suffix := range suffixes {
			checkAgainstOracles(t, "//["+addr+suffix+"]")
			n++
		}
		if left == 0 {
			return
		}
		for _, p := range pieces {
			if addr == "" {
				gen(pieces, p, left-1, suffixes)
			} else {
				gen(pieces, addr+":"+p, left-1, suffixes)
			}
		}
	}
	gen([]string{"a", "", "1.2.3.4"}, "", 10, []string{""})
	gen([]string{"a", "", "1.2.3.4", "12345", "01.2.3.4", "1.2.3"}, "", 5, []string{"", "%25e", "%e", "%25"})
	t.Logf("%d IP literals checked against the ABNF", n)
}
