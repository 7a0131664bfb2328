package uri

import (
	"slices"
	"strings"
	"testing"
)

func TestSchemeWarnings(t *testing.T) {
	tests := []struct {
		uri   string
		codes []string
		req   string // requirement ID (spec/requirements.md §G) or RFC 1738 section
	}{
		// ftp (§3.2).
		{"ftp://h/a;b/c", []string{"ftp-path"}, "G-05"},
		{"ftp://h/a%3Bb/c", nil, "G-05"},
		{"ftp://h/f;type=x", []string{"ftp-type"}, "G-06"},
		{"ftp://h/f;type=", []string{"ftp-type"}, "G-06"},
		{"ftp://h/f;type=d", nil, "G-06"},
		{"ftp://h/f;TYPE=I", nil, "G-06, RFC 822 literals ignore case"},
		{"ftp://h/dir/f;type=a", nil, "G-06"},
		{"ftp://h/a;type=i/b", []string{"ftp-type"}, "G-06: ;type= ends the path"},
		{"ftp://myname@host.dom/%2Fetc/motd", nil, "G-08"},
		{"ftp://myname@host.dom//etc/motd", nil, "G-08"},
		{"ftp://test.com/%2Froot/a.txt", nil, "G-11"},
		{"ftp://host.com", nil, "G-12"},
		{"ftp://foo:bar@host/", nil, "G-01: login allowed"},
		{"ftp://u;x=1:p%3F&=@h/", nil, "§5 user/password characters"},
		{"ftp://u:p:q@h/", []string{"ftp-userinfo"}, "§5 password has no ':'"},
		{"ftp://u~@h/", []string{"ftp-userinfo"}, "§5 '~' is unsafe"},
		{"ftp://h:/", []string{"ftp-port"}, "G-03 port = 1*digit"},
		{"ftp://h:2121/x?y", nil, "§5 '?' is an fsegment character"},
		{"ftp://h/a~b", []string{"ftp-path"}, "A-08: '~' is national"},
		{"ftp:/x", []string{"ftp-host"}, "G-03: \"//\" login"},
		{"ftp://h_x/", []string{"ftp-host"}, "G-04"},
		{"ftp://localhost/", nil, "G-04"},
		{"ftp://192.0.2.1/", nil, "G-04 hostnumber"},

		// http (§3.3).
		{"http://u:p@h/", []string{"http-userinfo"}, "G-15"},
		{"http://u@h/", []string{"http-userinfo"}, "G-15, H-17"},
		{"http:g", []string{"http-host"}, "G-17"},
		{"HTTP:80", []string{"http-host"}, "G-17"},
		{"http:///x", []string{"http-host"}, "G-17"},
		{"http://h", nil, "G-16"},
		{"http://h/", nil, "G-16"},
		{"http://h:8080/p;x:y@z&a=b/c?q;r:s@t&u=v", nil, "G-14"},
		{"http://h/p?a/b", []string{"http-search"}, "G-14: '/' reserved in search"},
		{"http://h/p?a?b", []string{"http-search"}, "G-14: '?' reserved in search"},
		{"http://h/~user", []string{"http-path"}, "A-08"},
		{"http://h/a~b?c~d", []string{"http-path", "http-search"}, "A-08"},
		{"http://[2001:db8::7]/", nil, "RFC 2732 literal"},
		{"http://example.123/", []string{"http-host"}, "§5 toplabel starts with a letter"},
		{"http://-a.example/", []string{"http-host"}, "§5 domainlabel"},
		{"http://a-.example/", []string{"http-host"}, "§5 domainlabel"},
		{"http://a..example/", []string{"http-host"}, "§5 hostname"},
		{"http://www.XEROX.com", nil, "§5 hostname"},
		{"http://%65xample.com/", []string{"http-host"}, "§5 hostname has no escapes"},
		{"http://h:/", []string{"http-port"}, "§5 port"},
		{"https://u:p@h/~x", nil, "not an RFC 1738 scheme"},

		// gopher (§3.4).
		{"gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles", nil, "G-21"},
		{"gopher://gopher.tc.umn.edu:70/11/Mailing%20Lists/", nil, "G-21"},
		{"gopher://h", nil, "G-19"},
		{"gopher://h/", nil, "G-19"},
		{"gopher://h/1sel%0Dx", []string{"gopher-selector"}, "G-20"},
		{"gopher://h/1sel%0ax", []string{"gopher-selector"}, "G-20"},
		{"gopher://h/7sel%09search%0D%0A", nil, "G-22: CR/LF after the TAB belong to the search"},
		{"gopher://h/1sel%09%09+", nil, "G-23"},
		{"gopher://h/1+%091%0D%0A", nil, "G-24: a filled gopher+ form"},
		{"gopher://u@h/", []string{"gopher-userinfo"}, "G-18 hostport"},
		{"gopher://h/1a~b", []string{"gopher-path"}, "§5 xchar"},
		{"gopher://h/%09search", []string{"gopher-type"}, "G-18: <gophertype><selector>%09<search>"},
		{"gopher://h/7%09search", nil, "G-18: empty selector"},

		// mailto (§3.5).
		{"mailto:", []string{"mailto-address"}, "G-25"},
		{"mailto:user@example.com", nil, "G-25"},
		{"MAILTO:user@example.com", nil, "G-36: scheme case ignored"},
		{"mailto:a%25b@example.com", nil, "G-25: '%' as %25"},
		{"mailto:%22john%20doe%22@example.com", nil, "RFC 822 quoted-string"},
		{"mailto:first.last@%5B192.0.2.1%5D", nil, "RFC 822 domain-literal"},
		{"mailto:user", []string{"mailto-address"}, "RFC 822 addr-spec"},
		{"mailto:a@b,c@d", []string{"mailto-address"}, "one addr-spec"},
		{"mailto:a..b@c", []string{"mailto-address"}, "RFC 822 empty word"},
		{"mailto:a@b.", []string{"mailto-address"}, "RFC 822 empty sub-domain"},
		{"mailto:%3Ca@b%3E", []string{"mailto-address"}, "'<' is a special"},
		{"mailto://a@b", []string{"mailto-address"}, "no authority"},
		{"mailto:a~b@c", []string{"mailto-address"}, "§5 xchar"},
		{"mailto:a@b?subject=hi", nil, "RFC 6068 hfields are not checked"},

		// news (§3.6).
		{"news:comp.infosystems.www.servers.unix", nil, "G-26"},
		{"news:*", nil, "G-26"},
		{"news:1234@example.com", nil, "G-26 message-id"},
		{"news:a%20b@example.com", nil, "G-26 message-id"},
		{"news:%3Ca@b%3E", []string{"news-article"}, "G-26"},
		{"news:@example.com", []string{"news-article"}, "G-26"},
		{"news:a@b_c", []string{"news-article"}, "G-26 host"},
		{"news:1group", []string{"news-group"}, "G-26 group"},
		{"news:", []string{"news-group"}, "G-26"},
		{"news:comp.lang.c++", nil, "G-26 '+'"},
		{"news:a,b", []string{"news-group"}, "G-26"},
		{"news://h/g", []string{"news-authority"}, "G-27"},

		// nntp (§3.7).
		{"nntp://h/comp.x/12", nil, "G-28"},
		{"nntp://h/comp.x", nil, "G-28"},
		{"nntp://h:119/comp.x/12", nil, "G-28"},
		{"nntp://h/comp.x/12a", []string{"nntp-article"}, "G-28"},
		{"nntp://h/comp.x/", []string{"nntp-article"}, "G-28 1*digit"},
		{"nntp://h/g/1/2", []string{"nntp-article"}, "G-28"},
		{"nntp://u@h/g", []string{"nntp-userinfo"}, "G-28, H-17"},
		{"nntp://h", []string{"nntp-group"}, "G-28"},
		{"nntp://h/1x", []string{"nntp-group"}, "G-28"},

		// telnet (§3.8).
		{"telnet://u:p@h:23/", nil, "G-29"},
		{"telnet://h", nil, "G-29"},
		{"telnet://h/x", []string{"telnet-path"}, "G-29"},
		{"telnet://h/?x", []string{"telnet-path"}, "G-29"},
		{"telnet://u:p:q@h/", []string{"telnet-userinfo"}, "G-01"},

		// wais (§3.9).
		{"wais://h/db", nil, "G-30"},
		{"wais://h:210/db?query%20words", nil, "G-30"},
		{"wais://h/db/type/path%2Fx", nil, "G-30"},
		{"wais://h/", nil, "G-30 database = *uchar"},
		{"wais://h", []string{"wais-path"}, "G-30"},
		{"wais://h/db/type", []string{"wais-path"}, "G-30"},
		{"wais://h/db/t/p/q", []string{"wais-path"}, "G-30"},
		{"wais://h/db/t/p?x", []string{"wais-search"}, "G-30"},
		{"wais://h/d;b", []string{"wais-path"}, "G-30 uchar"},
		{"wais://h/db?a/b", []string{"wais-search"}, "G-30 search"},
		{"wais://u@h/db", []string{"wais-userinfo"}, "G-30 hostport"},

		// file (§3.10).
		{"file:///usr/home", nil, "G-31"},
		{"file://vms.host.edu/disk$user/my/notes/note12345.txt", nil, "G-31"},
		{"file://localhost/etc/motd", nil, "G-31"},
		{"file:/etc/motd", []string{"file-authority"}, "G-31"},
		{"file:motd", []string{"file-authority"}, "G-31"},
		{"file://h", []string{"file-path"}, "G-31"},
		{"file://u@h/x", []string{"file-host"}, "G-31"},
		{"file://h:1/x", []string{"file-host"}, "G-31"},
		{"file://h_1/x", []string{"file-host"}, "G-31"},
		{"file:///a;b", []string{"file-path"}, "G-31 fsegment"},

		// prospero (§3.11).
		{"prospero://host.dom//pros/name", nil, "G-33"},
		{"prospero://h/name;OBJECT-VERSION=3", nil, "G-33"},
		{"prospero://h/name;a=1;b=", nil, "G-33"},
		{"prospero://h/name;bad", []string{"prospero-field"}, "G-33"},
		{"prospero://h/name;", []string{"prospero-field"}, "G-33"},
		{"prospero://h/name;a=b=c", []string{"prospero-field"}, "G-33"},
		{"prospero://u@h/x", []string{"prospero-userinfo"}, "G-32, H-17"},
		{"prospero://h", []string{"prospero-path"}, "G-32"},
		{"prospero://h/a~b", []string{"prospero-path"}, "G-33 psegment"},

		// Other schemes get no scheme-specific checks (G-35, G-36).
		{"x-foo:anything~", nil, "G-34"},
		{"afs://h/~x", nil, "G-35"},
		{"urn:isbn:0451450523", nil, "G-36"},
		{"//h/~x", nil, "relative"},
	}
	for _, tt := range tests {
		ws := parseRef(t, tt.uri).SchemeWarnings()
		if got := warningCodesOf(ws); !slices.Equal(got, tt.codes) {
			t.Errorf("Parse(%q).SchemeWarnings() = %q, want %q (%s)", tt.uri, got, tt.codes, tt.req)
		}
		for _, w := range ws {
			if w.Message == "" || strings.ToLower(w.Message) != w.Message && !strings.Contains(w.Message, "\"") {
				t.Errorf("Parse(%q): warning %v: want a lowercase message", tt.uri, w)
			}
		}
	}
}

func BenchmarkSchemeWarnings(b *testing.B) {
	u, err := Parse("ftp://user:pass@ftp.example.com:2121/pub/dir/file.txt;type=i")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = u.SchemeWarnings()
	}
}
