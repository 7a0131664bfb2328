package uri

import (
	"errors"
	"strings"
	"testing"
)

// IPv6 forms of §3.2.2, one or more per ABNF alternative, and dec-octet
// edges in both IPv4address and embedded ls32 position.
func TestParseIPv6Forms(t *testing.T) {
	valid := []string{
		"1:2:3:4:5:6:7:8",     // 6( h16 ":" ) ls32
		"1:2:3:4:5:6:1.2.3.4", // ... with IPv4 ls32
		"::2:3:4:5:6:7:8",     // "::" 5( h16 ":" ) ls32
		"::2:3:4:5:6:1.2.3.4", //
		"1::3:4:5:6:7:8",      // [ h16 ] "::" 4( h16 ":" ) ls32
		"::3:4:5:6:7:8",       //
		"1:2::4:5:6:7:8",      // [ *1( h16 ":" ) h16 ] "::" 3( h16 ":" ) ls32
		"1:2:3::5:6:7:8",      // ... *2 ... 2( h16 ":" ) ls32
		"1:2:3:4::6:7:8",      // ... *3 ... h16 ":" ls32
		"1:2:3:4:5::7:8",      // ... *4 ... ls32
		"1:2:3:4:5::1.2.3.4",  //
		"::1.2.3.4",           //
		"1:2:3:4:5:6::8",      // ... *5 ... h16
		"::8",                 //
		"1:2:3:4:5:6:7::",     // ... *6 ... "::"
		"1::",                 //
		"::",                  //
		"2001:DB8::7",         // hex is case-insensitive
		"abcd:EF01:2345:6789:abcd:EF01:2345:6789",
		"0:0:0:0:0:0:0:1",
		"::ffff:0.9.10.99",       // dec-octet edges
		"::ffff:100.199.200.249", //
		"::ffff:250.255.0.0",     //
		"1:2:3:4:5:6:255.255.255.255",
	}
	for _, a := range valid {
		in := "//[" + a + "]"
		u, err := Parse(in)
		if err != nil {
			t.Errorf("Parse(%q): %v", in, err)
			continue
		}
		if u.HostKind() != IPv6 {
			t.Errorf("Parse(%q).HostKind() = %v, want IPv6", in, u.HostKind())
		}
	}
}

func TestHostKind(t *testing.T) {
	tests := []struct {
		in   string
		kind HostKind
		zone string
	}{
		{"/a", NoHost, ""},
		{"mailto:a@b", NoHost, ""},
		{"file:///x", RegName, ""},
		{"//example.com", RegName, ""},
		{"//192.0.2.16", IPv4, ""},
		{"//0.0.0.0", IPv4, ""},
		{"//9.10.99.100", IPv4, ""},
		{"//199.200.249.250", IPv4, ""},
		{"//255.255.255.255", IPv4, ""},
		// Not dec-octets (B-20, B-21): reg-names.
		{"//256.1.1.1", RegName, ""},
		{"//1.2.3.04", RegName, ""},
		{"//01.2.3.4", RegName, ""},
		{"//00.0.0.0", RegName, ""},
		{"//1.2.3", RegName, ""},
		{"//1.2.3.4.5", RegName, ""},
		{"//1.2.3.4.", RegName, ""},
		{"//300.0.0.0", RegName, ""},
		{"//1.2.3.%34", RegName, ""},
		{"//[::1]", IPv6, ""},
		{"//[fe80::1%25en0]", IPv6, "en0"},
		{"//[fe80::1%25%65n0]:8", IPv6, "%65n0"},
		{"//[v1.x]", IPvFuture, ""},
		{"//[V1.x]", IPvFuture, ""},
	}
	for _, tt := range tests {
		u, err := Parse(tt.in)
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.in, err)
			continue
		}
		if k := u.HostKind(); k != tt.kind {
			t.Errorf("Parse(%q).HostKind() = %v, want %v", tt.in, k, tt.kind)
		}
		if z := u.Zone(); z != tt.zone {
			t.Errorf("Parse(%q).Zone() = %q, want %q", tt.in, z, tt.zone)
		}
	}
	if s := IPvFuture.String(); s != "IPvFuture" {
		t.Errorf("IPvFuture.String() = %q", s)
	}
	if s := HostKind(9).String(); s != "HostKind(9)" {
		t.Errorf("HostKind(9).String() = %q", s)
	}
}

// TestCharClasses checks the generated table against the character sets
// as RFC 3986 spells them out (§2.2, §2.3, §3.1, Appendix A).
func TestCharClasses(t *testing.T) {
	const (
		alpha      = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
		digit      = "0123456789"
		hexdig     = digit + "ABCDEFabcdef"
		unreserved = alpha + digit + "-._~"
		genDelims  = ":/?#[]@"
		subDelims  = "!$&'()*+,;="
	)
	classes := []struct {
		name    string
		class   uint16
		members string
	}{
		{"ALPHA", classAlpha, alpha},
		{"DIGIT", classDigit, digit},
		{"HEXDIG", classHexdig, hexdig},
		{"unreserved", classUnreserved, unreserved},
		{"gen-delims", classGenDelims, genDelims},
		{"sub-delims", classSubDelims, subDelims},
		{"reserved", classReserved, genDelims + subDelims},
		{"scheme", classScheme, alpha + digit + "+-."},
		{"userinfo", classUserinfo, unreserved + subDelims + ":"},
		{"reg-name", classRegName, unreserved + subDelims},
		{"segment-nz-nc", classSegmentNc, unreserved + subDelims + "@"},
		{"pchar", classPchar, unreserved + subDelims + ":@"},
		{"path", classPath, unreserved + subDelims + ":@/"},
		{"query", classQuery, unreserved + subDelims + ":@/?"},
		{"fragment", classFragment, unreserved + subDelims + ":@/?"},
	}
	for _, c := range classes {
		for b := 0; b < 256; b++ {
			want := b < 128 && strings.IndexByte(c.members, byte(b)) >= 0
			if got := charClass[b]&c.class != 0; got != want {
				t.Errorf("byte %q in %s: %v, want %v", rune(b), c.name, got, want)
			}
		}
	}
}

// TestASCIIHost: hosts in the form they compare in. The A-labels are
// RFC 3492's and IANA's test names (bücher: RFC 5890's usual example;
// 例え.テスト: IANA's IDN test domain).
func TestASCIIHost(t *testing.T) {
	for _, c := range []struct {
		in, want string
		bad      bool
	}{
		{"Example.COM", "example.com", false},
		{"www.example.com.", "www.example.com", false},
		{"B%C3%BCcher.Example.", "xn--bcher-kva.example", false},
		{"bücher.example", "xn--bcher-kva.example", false},
		{"XN--BCHER-KVA.example", "xn--bcher-kva.example", false},
		{"例え.テスト", "xn--r8jz45g.xn--zckzah", false},
		{"My_Host.Example", "my_host.example", true},
		{"%zz.Example", "%zz.example", true},
	} {
		got, err := ASCIIHost(c.in)
		if got != c.want || (err != nil) != c.bad || err != nil && !errors.Is(err, ErrInvalidHost) {
			t.Errorf("ASCIIHost(%q) = %q, %v; want %q, error %v", c.in, got, err, c.want, c.bad)
		}
	}
}
