package uri

import (
	"errors"
	"strings"
	"testing"
)

func TestCheckScheme(t *testing.T) {
	tests := []struct {
		uri  string
		want error  // nil, or the sentinel wrapped
		frag string // a part of the reason
		why  string
	}{
		// RFC 6068 §6.1, all valid but the one marked WRONG there.
		{"mailto:chris@example.com", nil, "", "§6.1"},
		{"mailto:infobot@example.com?subject=current-issue", nil, "", "§6.1"},
		{"mailto:infobot@example.com?body=send%20current-issue", nil, "", "§6.1"},
		{"mailto:infobot@example.com?body=send%20current-issue%0D%0Asend%20index", nil, "", "§6.1"},
		{"mailto:list@example.org?In-Reply-To=%3C3469A91.D10AF4C@example.com%3E", nil, "", "§6.1"},
		{"mailto:majordomo@example.com?body=subscribe%20bamboo-l", nil, "", "§6.1"},
		{"mailto:joe@example.com?cc=bob@example.com&body=hello", nil, "", "§6.1"},
		{"mailto:joe@example.com?cc=bob@example.com?body=hello", ErrInvalidQuery, `"?"`, "§6.1: WRONG, '?' twice"},
		{"mailto:gorby%25kremvax@example.com", nil, "", "§6.1"},
		{"mailto:unlikely%3Faddress@example.com?blat=foop", nil, "", "§6.1"},
		{"mailto:Mike%26family@example.org", nil, "", "§6.1"},
		// §6.2, quoted local parts.
		{"mailto:%22not%40me%22@example.org", nil, "", "§6.2"},
		{"mailto:%22oh%5C%5Cno%22@example.org", nil, "", "§6.2"},
		{"mailto:%22%5C%5C%5C%22it's%5C%20ugly%5C%5C%5C%22%22@example.org", nil, "", "§6.2"},
		// §6.3, UTF-8.
		{"mailto:user@example.org?subject=caf%C3%A9", nil, "", "§6.3"},
		{"mailto:user@example.org?subject=%3D%3Futf-8%3FQ%3Fcaf%3DC3%3DA9%3F%3D", nil, "", "§6.3"},
		{"mailto:user@example.org?subject=caf%C3%A9&body=caf%C3%A9", nil, "", "§6.3"},
		{"mailto:user@%E7%B4%8D%E8%B1%86.example.org?subject=Test&body=NATTO", nil, "", "§6.3"},
		// §2.
		{"mailto:addr1@an.example,addr2@an.example", nil, "", "§2 to"},
		{"mailto:?to=addr1@an.example,addr2@an.example", nil, "", "§2 [ to ]"},
		{"mailto:addr1@an.example?to=addr2@an.example", nil, "", "§2"},
		{"mailto:?subject=hello", nil, "", "§2: to is optional"},
		{"mailto:", nil, "", "§2: mailtoURI = \"mailto:\" [ to ] [ hfields ]"},
		{"MAILTO:a@example.org", nil, "", "scheme without case"},
		{"mailto:a@%5B192.0.2.1%5D", nil, "", "§2 domain literal"},
		{"mailto:a@%5B192.0.2.1", ErrInvalidPath, "domain literal", "§2 domain literal"},
		{"mailto:bob", ErrInvalidPath, "no '@'", "§2 addr-spec"},
		{"mailto:@example.org", ErrInvalidPath, "no local part", "§2 addr-spec"},
		{"mailto:bob@", ErrInvalidPath, "no domain", "§2 addr-spec"},
		{"mailto:a@b@c", ErrInvalidPath, `local part "a@b"`, "'@' is no atext"},
		{"mailto:a@example.org,", ErrInvalidPath, "empty address", "§2 to"},
		{"mailto:a@example.org;b@example.org", ErrInvalidPath, `";"`, "§2 rule 1"},
		{"mailto:a/b@example.org", ErrInvalidPath, `"/"`, "§2 rule 1"},
		{"mailto:a%2Fb@example.org", nil, "", "§2 rule 1, '/' is atext"},
		{"mailto:a=b@example.org", ErrInvalidPath, `"="`, "§2 rule 1"},
		{"mailto:john..doe@example.org", ErrInvalidPath, "empty dot-separated part", "§2 rule 2, obs-local-part"},
		{"mailto:.a@example.org", ErrInvalidPath, "empty dot-separated part", "RFC 5322 dot-atom"},
		{"mailto:a@example..org", ErrInvalidPath, "empty dot-separated part", "RFC 5322 dot-atom"},
		{"mailto:a@example.org.", ErrInvalidPath, "empty dot-separated part", "RFC 5322 dot-atom"},
		{"mailto:a%20b@example.org", ErrInvalidPath, `" "`, "§2 rule 3"},
		{"mailto:%22a%20b%22@example.org", ErrInvalidPath, "whitespace", "§2 rule 3"},
		{"mailto:%22ab@example.org", ErrInvalidPath, "not closed", "RFC 5322 quoted-string"},
		{"mailto:%22ab%22x@example.org", ErrInvalidPath, "no '@' after", "RFC 5322 quoted-string"},
		{"mailto:a(b)@example.org", ErrInvalidPath, `"("`, "§2: no comments"},
		{"mailto://a@example.org", ErrInvalidHost, "authority", "§2: no \"//\""},
		{"mailto:a@example.org?subject", ErrInvalidQuery, "not name=value", "§2 hfield"},
		{"mailto:a@example.org?=x", ErrInvalidQuery, "no name", "RFC 5322 §3.6.8 field-name"},
		{"mailto:a@example.org?a=b&&c=d", ErrInvalidQuery, "not name=value", "§2 hfields"},
		{"mailto:a@example.org?body=a=b", ErrInvalidQuery, `"="`, "§2 '=' reserved"},
		{"mailto:a@example.org?body=see%20http://example.org/", ErrInvalidQuery, `"/"`, "§2 qchar"},
		{"mailto:a@example.org#frag", nil, "", "fragments are the media type's"},

		// RFC 3966 §6, §7 and §8.
		{"tel:+1-201-555-0123", nil, "", "§6"},
		{"tel:7042;phone-context=example.com", nil, "", "§6"},
		{"tel:863-1234;phone-context=+1-914-555", nil, "", "§6"},
		{"tel:+1-212-555-0101", nil, "", "§7"},
		{"tel:1234;phone-context=munich.example.com", nil, "", "§8"},
		// §3.
		{"tel:+1-201-555-0123;ext=1234", nil, "", "§3 extension"},
		{"tel:+1-201-555-0123;isub=1411", nil, "", "§3 isdn-subaddress"},
		{"tel:+358-555-1234567;postd=pp22", nil, "", "§3 parameter (RFC 2806 §2.6 example)"},
		{"tel:+1234567890;phone-context=+1234;vnd.company.option=foo", ErrInvalidPath, `"."`, "RFC 2806's example; RFC 3966 §3 pname has no '.'"},
		{"tel:*1%23;phone-context=example.com", nil, "", "§3 local: '*', '#' encoded"},
		{"tel:ABC-12;phone-context=example.com.", nil, "", "§3 local: hex digits; domainname [ \".\" ]"},
		{"TEL:+(1)555.0123", nil, "", "§3 visual separators"},
		{"tel:5550123", ErrInvalidPath, "phone-context", "§5.1.5 a local number needs its context"},
		{"tel:+", ErrInvalidPath, "no digits", "§3 global-number-digits has a DIGIT"},
		{"tel:+-.()", ErrInvalidPath, "no digits", "§3"},
		{"tel:+1-800-FLOWERS", ErrInvalidPath, `"F"`, "§3 a global number is digits"},
		{"tel:%2B15550123", ErrInvalidPath, `"+"`, "§3: '+' as a delimiter is not encoded"},
		{"tel:0w003585551234567;phone-context=+3585551234", ErrInvalidPath, `"w"`, "§3: no pauses in RFC 3966"},
		{"tel:1234;phone-context=", ErrInvalidPath, "empty value", "§3 descriptor"},
		{"tel:1234;phone-context=-x.example", ErrInvalidPath, "label", "§3 domainlabel"},
		{"tel:1234;phone-context=example.1com", ErrInvalidPath, "top label", "§3 toplabel"},
		{"tel:1234;phone-context=+", ErrInvalidPath, "no digits", "§3 descriptor"},
		{"tel:+1234;ext=12;ext=13", ErrInvalidPath, "twice", "§3 at most once"},
		{"tel:+1234;ext=x", ErrInvalidPath, "extension", "§3 extension = 1*phonedigit"},
		{"tel:+1234;", ErrInvalidPath, "no name", "§3 pname = 1*(alphanum / \"-\")"},
		{"tel:+1234;a_b=1", ErrInvalidPath, `"_"`, "§3 pname"},
		{"tel:+1234;a=b,c", ErrInvalidPath, `","`, "§3 paramchar"},
		{"tel:+1234;a=", ErrInvalidPath, "empty value", "§3 pvalue = 1*paramchar"},
		{"tel:+1234;flag", nil, "", "§3 [\"=\" pvalue]"},
		{"tel://+1234", ErrInvalidHost, "authority", "§3 no \"//\""},

		// RFC 2806 §2 (fax, modem).
		{"fax:+358.555.1234567", nil, "", "RFC 2806 §2.3 example"},
		{"modem:+3585551234567;type=v32b?7e1;type=v110", nil, "", "RFC 2806 §2.4 example"},
		{"fax:0w003585551234567;phone-context=+3585551234", nil, "", "RFC 2806: pauses"},
		{"fax:5550123", ErrInvalidPath, "phone-context", "RFC 2806 area-specifier"},
		{"fax:5550123;phone-context=", ErrInvalidPath, "phone-context", "RFC 2806: network-prefix is 1*"},
		{"modem:+1-800-FLOWERS", ErrInvalidPath, `"F"`, "RFC 2806 base-phone-number"},

		{"http://example.org/a@b", nil, "", "other schemes unchecked"},
		{"a@b", nil, "", "a relative reference"},
	}
	for _, tt := range tests {
		u, err := Parse(tt.uri)
		if err != nil {
			t.Fatalf("Parse(%q): %v", tt.uri, err)
		}
		err = u.CheckScheme()
		if tt.want == nil {
			if err != nil {
				t.Errorf("%q (%s): %v, want nil", tt.uri, tt.why, err)
			}
			continue
		}
		var se *SchemeError
		if !errors.Is(err, tt.want) || !errors.As(err, &se) {
			t.Errorf("%q (%s): %v, want a *SchemeError wrapping %v", tt.uri, tt.why, err, tt.want)
			continue
		}
		if !strings.Contains(se.Reason, tt.frag) {
			t.Errorf("%q (%s): reason %q lacks %q", tt.uri, tt.why, se.Reason, tt.frag)
		}
		if want := "uri: " + strings.ToLower(u.Scheme) + " " + `"` + tt.uri + `": ` + se.Reason; err.Error() != want {
			t.Errorf("%q: message %q, want %q", tt.uri, err.Error(), want)
		}
	}
}

// TestCheckSchemeAllocs: a URI that passes costs no allocation, as delimit
// checks every mailto: and tel: candidate.
func TestCheckSchemeAllocs(t *testing.T) {
	for _, s := range []string{"mailto:joe@example.com?cc=bob@example.com&body=hello", "tel:863-1234;phone-context=+1-914-555;ext=12"} {
		u, _ := Parse(s)
		if n := testing.AllocsPerRun(100, func() { _ = u.CheckScheme() }); n != 0 {
			t.Errorf("%s: %v allocations, want 0", s, n)
		}
	}
}
