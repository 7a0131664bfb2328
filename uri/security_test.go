package uri

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// warningCodesOf returns the codes of ws, in order.
func warningCodesOf(ws []Warning) []string {
	var cs []string
	for _, w := range ws {
		cs = append(cs, w.Code)
	}
	return cs
}

func TestSecurityWarnings(t *testing.T) {
	tests := []struct {
		uri   string
		codes []string
		msg   string // a substring of one of the messages, if set
		req   string // requirement ID (spec/requirements.md §H)
	}{
		// Rare IPv4 forms (RFC 3986 §7.4, 003 §7.3). Each value was checked
		// with glibc's inet_aton (Python socket.inet_aton); the trailing
		// dot and a bare "0x" are WHATWG URL additions glibc refuses.
		{"http://2130706433/", []string{"ipv4-dword"}, "read as 127.0.0.1", "H-07"},
		{"http://127.1/", []string{"ipv4-short"}, "read as 127.0.0.1", "H-07"},
		{"http://10.1.2/", []string{"ipv4-short"}, "read as 10.1.0.2", "H-07"},
		{"http://0x7f.0.0.1/", []string{"ipv4-hex"}, "read as 127.0.0.1", "H-07"},
		{"http://0177.0.0.1/", []string{"ipv4-octal"}, "read as 127.0.0.1", "H-07"},
		{"http://012.0.0.1/", []string{"ipv4-octal"}, "read as 10.0.0.1", "H-07: not 12.0.0.1"},
		{"http://0x7f000001/", []string{"ipv4-dword", "ipv4-hex"}, "read as 127.0.0.1", "H-07"},
		{"http://0x7f.1/", []string{"ipv4-short", "ipv4-hex"}, "read as 127.0.0.1", "H-07"},
		{"http://0X7F.0.0.1/", []string{"ipv4-hex"}, "read as 127.0.0.1", "H-07: 0X"},
		{"http://0xffffffff/", []string{"ipv4-dword", "ipv4-hex"}, "read as 255.255.255.255", "H-07"},
		{"http://4294967296/", []string{"numeric-reg-name"}, "", "H-08: above 32 bits"},
		{"http://1.16777216/", []string{"numeric-reg-name"}, "", "H-08: 24-bit part overflows"},
		{"http://127.0.0.1./", []string{"ipv4-trailing-dot"}, "read as 127.0.0.1", "H-07 (browsers)"},
		// Internationalized hosts (UTS #39 "Highly Restrictive", #14).
		{"http://xn--pypal-4ve.com/", []string{"mixed-script"}, "p\u0430ypal.com", "Latin with a Cyrillic a"},
		{"http://XN--PYPAL-4VE.com/", []string{"mixed-script"}, "mixes scripts", "A-labels in upper case"},
		{"http://xn--mller-kva.example/", nil, "", "Latin only: müller"},
		{"http://xn--e1afmkfd.xn--80akhbyknj4f/", nil, "", "Cyrillic only: пример.испытание"},
		{"http://xn--fsqu00a.xn--0zwm56d/", nil, "", "Han only"},
		{"http://xn--n8jub8754b.jp/", nil, "", "Han and kana, an allowed mix"},
		{"http://0x/", []string{"ipv4-dword", "ipv4-hex"}, "read as 0.0.0.0", "H-07 (browsers)"},
		{"http://%31%32%37.0.0.1/", []string{"ipv4-encoded"}, "read as 127.0.0.1", "H-07, H-09"},
		{"http://%30x7f.1/", []string{"ipv4-short", "ipv4-hex", "ipv4-encoded"}, "read as 127.0.0.1", "H-07"},
		{"http://192.168.01.1/", []string{"ipv4-octal"}, "read as 192.168.1.1", "H-08"},
		{"http://256.1.1.1/", []string{"numeric-reg-name"}, "256.1.1.1", "H-08"},
		{"http://1.2.3.4.5/", []string{"numeric-reg-name"}, "", "H-08"},
		{"http://08.0.0.1/", []string{"numeric-reg-name"}, "", "H-08: 8 is no octal digit"},
		{"http://127.0.0.1/", nil, "", "IPv4address"},
		{"http://[::1]/", nil, "", "IP literal"},
		{"http://[::ffff:127.0.0.1]/", nil, "", "IP literal"},
		{"http://example.com/", nil, "", "reg-name"},
		{"http://0x.example/", nil, "", "not numeric"},
		{"http://deadbeef/", nil, "", "hex without 0x is a name"},
		{"http://1e3/", nil, "", "not numeric"},
		{"http://./", nil, "", "dot only"},
		{"file:///etc/passwd", nil, "", "empty host"},

		// Userinfo (RFC 3986 §7.5, §7.6; 003 §7.4, §7.5).
		{"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
			[]string{"userinfo-present", "userinfo-host"}, "the authority is 10.0.0.1", "H-11, H-12"},
		{"http://www.bank.com@evil.example/", []string{"userinfo-present", "userinfo-host"}, "", "H-12"},
		{"http://www.bank.com:pw@evil/", []string{"userinfo-present", "userinfo-password", "userinfo-host"}, "", "H-10, H-12"},
		{"http://WWW.BANK.COM@evil/", []string{"userinfo-present", "userinfo-host"}, "", "H-12: case"},
		{"http://www%2Ebank%2Ecom@evil/", []string{"userinfo-present", "userinfo-host"}, "", "H-12: after decoding"},
		{"http://127.0.0.1@evil/", []string{"userinfo-present", "userinfo-host"}, "", "H-12: an address"},
		{"http://0x7f.1@evil/", []string{"userinfo-present", "userinfo-host"}, "", "H-12: a rare address"},
		{"http://www.bank.com-login@evil/", []string{"userinfo-present", "userinfo-host"}, "not www.bank.com as", "H-12: a name before '-'"},
		{"http://www.bank.com.evil.example@evil/", []string{"userinfo-present", "userinfo-host"}, "not www.bank.com as", "H-12: a name before '.'"},
		{"http://my-bank.co.uk@evil/", []string{"userinfo-present", "userinfo-host"}, "not my-bank.co.uk as", "H-12: two-label suffix"},
		{"http://login%20www.bank.com%2Fsecure@evil/", []string{"userinfo-present", "userinfo-host"}, "not www.bank.com as", "H-12: decoded"},
		{"http://co.uk@evil/", []string{"userinfo-present"}, "", "H-12: a bare public suffix names no host"},
		{"http://www.bank.com@%77%77%77.evil.example/", []string{"userinfo-present", "userinfo-host"}, "authority is www.evil.example, not www.bank.com", "H-11: the host decoded"},
		{"ftp://foo:bar@host/", []string{"userinfo-present", "userinfo-password"}, "", "H-10"},
		{"http://user:@h/", []string{"userinfo-present", "userinfo-password"}, "", "H-10: empty password"},
		{"ftp://anonymous@ftp.example/", []string{"userinfo-present"}, "authority is ftp.example", "H-11"},
		{"ftp://john.doe@h/", []string{"userinfo-present"}, "", "H-12: no public suffix"},
		{"http://@h/", nil, "", "empty userinfo"},

		// Real spam and phishing URIs, some shortened, from shared/corpora/email:
		// the SpamAssassin public corpus (in order, spam_2/00070.598f33a8...,
		// spam/00204.a008813d..., spam/00049.09e42d43...) and Jose Nazario's
		// phishing corpus (phishing0.mbox).
		{"http://1071396130/index2.htm", []string{"ipv4-dword"}, "read as 63.220.53.34", "H-07"},
		{"http://r.%6cycos.c%6fm%7c%72e%64ir@h%6fme.ea%72%74hli%6ek%2enet/~%6660",
			[]string{"userinfo-present", "userinfo-host"}, "not r.lycos.com as", "H-12"},
		{"http://%31%30%31%31@%34%2E%34%37%2E%39%36%2E%31%34%31/msga.html",
			[]string{"ipv4-encoded", "userinfo-present"}, "read as 4.47.96.141", "H-07, H-11"},
		{"http://169.254.236.44:1639/index.htm", []string{"port-nondefault"}, "1639", "H-01"},

		// Ports (003 §7.2).
		{"telnet://192.0.2.16:80/", []string{"port-nondefault", "port-cross-protocol"}, "reserved range", "H-01, H-02"},
		{"http://h:8080/", []string{"port-nondefault"}, "8080", "H-01"},
		{"gopher://h:25/", []string{"port-nondefault", "port-cross-protocol"}, "", "H-02"},
		{"https://h:110/", []string{"port-nondefault", "port-cross-protocol"}, "", "H-02"},
		{"HTTP://h:80/", nil, "", "default port, scheme case"},
		{"http://h:080/", nil, "", "default port with a leading zero"},
		{"http://h:/", nil, "", "empty port"},
		{"foo://h:25/", nil, "", "unknown scheme: no default known"},
		{"http://h:99999999999999999999999/", []string{"port-nondefault"}, "", "huge port"},

		// Encoded delimiters (RFC 3986 §7.2, §7.3).
		{"http://a/%00", []string{"encoded-nul"}, "path", "H-06"},
		{"http://a/?x=%0d%0a", []string{"encoded-crlf"}, "query", "H-03: lowercase too"},
		{"http://a/#%0A", []string{"encoded-crlf"}, "fragment", "H-03"},
		{"gopher://h/1+%091%0D%0A", []string{"encoded-crlf"}, "", "H-05: gopher+ forms too"},
		{"http://u%0D@h/", []string{"userinfo-present", "encoded-crlf"}, "", "H-03 in userinfo"},
		{"http://a/%0D%00", []string{"encoded-nul", "encoded-crlf"}, "", "H-03, H-06"},
		{"http://a/%252F", []string{"double-encoding"}, "", "H-14"},
		{"http://a/%2541", []string{"double-encoding"}, "", "H-14"},
		{"http://a/%25zz%25%30", nil, "", "not an escaped escape"},
		{"http://a/%20%2F%0B", nil, "", "harmless escapes"},
	}
	for _, tt := range tests {
		ws := parseRef(t, tt.uri).SecurityWarnings()
		if got := warningCodesOf(ws); !slices.Equal(got, tt.codes) {
			t.Errorf("Parse(%q).SecurityWarnings() = %q, want %q (%s)", tt.uri, got, tt.codes, tt.req)
			continue
		}
		if tt.msg != "" && !slices.ContainsFunc(ws, func(w Warning) bool { return strings.Contains(w.Message, tt.msg) }) {
			t.Errorf("Parse(%q).SecurityWarnings() = %v, want a message mentioning %q (%s)", tt.uri, ws, tt.msg, tt.req)
		}
		for _, w := range ws {
			if w.Message == "" || strings.HasPrefix(w.Message, "uri:") {
				t.Errorf("Parse(%q): warning %v: want a message without package prefix", tt.uri, w)
			}
		}
	}
}

func BenchmarkSecurityWarnings(b *testing.B) {
	for _, bc := range []struct{ name, s string }{
		{"clean", "https://www.example.com/path/to/page.html?q=1&r=%C3%A9#top"},
		{"hostile", "http://www.example.com&story=breaking_news@0x7f.1:8080/a%0D%0Ab?q=%252F"},
	} {
		u, err := Parse(bc.s)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = u.SecurityWarnings()
			}
		})
	}
}

func TestSecurityWarningsNoAlloc(t *testing.T) {
	u := parseRef(t, "https://www.example.com/path/to/page.html?q=1&r=%C3%A9#top")
	if n := testing.AllocsPerRun(100, func() { _ = u.SecurityWarnings() }); n != 0 {
		t.Errorf("SecurityWarnings of a harmless URI: %v allocations, want 0", n)
	}
}

func TestHostAddr(t *testing.T) {
	tests := []struct {
		uri, want string // want "" for no address
		req       string
	}{
		{"http://127.0.0.1/", "127.0.0.1", "§3.2.2 IPv4address"},
		{"http://0x7f.1/", "127.0.0.1", "H-09"},
		{"http://0177.0.0.1/", "127.0.0.1", "H-07"},
		{"http://2130706433/", "127.0.0.1", "H-07"},
		{"http://%31%32%37.1/", "127.0.0.1", "H-07 encoded"},
		{"http://10.1.2/", "10.1.0.2", "H-07"},
		{"http://[2001:DB8::7]/", "2001:db8::7", "§3.2.2 IPv6"},
		{"http://[fe80::1%25en0]/", "fe80::1%en0", "RFC 6874 zone"},
		{"http://[::ffff:127.0.0.1]/", "::ffff:127.0.0.1", "IPv4-mapped, as written"},
		{"http://[v1.x]/", "", "IPvFuture"},
		{"http://example.com/", "", "reg-name"},
		{"http://256.1.1.1/", "", "H-08: no address"},
		{"mailto:a@b", "", "no authority"},
	}
	for _, tt := range tests {
		addr, ok := parseRef(t, tt.uri).HostAddr()
		got := ""
		if ok {
			got = addr.String()
		}
		if got != tt.want {
			t.Errorf("Parse(%q).HostAddr() = %q, %v; want %q (%s)", tt.uri, got, ok, tt.want, tt.req)
		}
	}
}

// FuzzWarnings checks that every valid URI can be checked, that each
// warning has a code and a message, and that a CheckScheme error is a
// *SchemeError with a reason and a sentinel.
func FuzzWarnings(f *testing.F) {
	for _, s := range []string{
		"http://www.bank.com:pw@0x7f.1:25/%0D%00%2541",
		"ftp://u:p@h/a;type=x", "news:%3Ca@b%3E", "mailto:\"a\\\"b\"@[x]",
		"prospero://h/a;b=c;d", "wais://h/db/t/p?q", "gopher://h/1%0A%09x",
		"mailto:%22a%5C%22@b%22@x.example?cc=a@b&body=%3F", "tel:12;phone-context=a.b;ext=1;isub=x@y",
		"fax:+1p;x", "mailto:a@%5B1%5D,,",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		for _, w := range append(u.SecurityWarnings(), u.SchemeWarnings()...) {
			if w.Code == "" || w.Message == "" {
				t.Fatalf("Parse(%q): empty warning %+v", s, w)
			}
		}
		if addr, ok := u.HostAddr(); ok && !addr.IsValid() {
			t.Fatalf("Parse(%q).HostAddr() = %v, true", s, addr)
		}
		if err := u.CheckScheme(); err != nil {
			var se *SchemeError
			if !errors.As(err, &se) || se.Reason == "" || se.Err == nil {
				t.Fatalf("Parse(%q).CheckScheme() = %#v", s, err)
			}
		}
	})
}
