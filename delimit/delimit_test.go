package delimit

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// uris returns the URI of each match.
func uris(ms []Match) []string {
	out := []string{}
	for _, m := range ms {
		out = append(out, m.URI)
	}
	return out
}

// TestWorkedExamples checks the worked examples of requirements.md §E.2,
// taken from the appendix "Delimiting a URI in Context" of the seeds and
// of RFC 1738 and RFC 3986: exactly these URIs, in this order.
func TestWorkedExamples(t *testing.T) {
	tests := []struct {
		id, in string
		want   []string
	}{
		{"E-W1 (2003 draft / RFC 2396 App. E)",
			"Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n" +
				"but you can probably pick it up from <ftp://ds.internic.\n" +
				"net/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n" +
				"ietf/uri/historical.html#WARNING>.\n",
			[]string{"http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/",
				"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}},
		{"E-W1s (seed 003 after stripping)",
			`Yes, Jim, I found it under "http://www.w3.org/Addressing/", but you can probably pick it up from . Note the warning in . contains the URI references http://www.w3.org/Addressing/ ftp://ds.internic.net/rfc/ http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING`,
			[]string{"http://www.w3.org/Addressing/", "http://www.w3.org/Addressing/",
				"ftp://ds.internic.net/rfc/", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}},
		{"E-W2 (1997 draft, seed 001)",
			`Yes, Jim, I found it under "http://www.w3.org/pub/WWW/", but you can probably pick it up from <ftp://ds.internic. net/rfc/>. Note the warning in <http://ds.internic.net/ instructions/overview.html#WARNING>.`,
			[]string{"http://www.w3.org/pub/WWW/", "ftp://ds.internic.net/rfc/",
				"http://ds.internic.net/instructions/overview.html#WARNING"}},
		{"E-W2b (seed 001 §E)",
			`within double-quotes "http://test.com/", angle brackets <http://test.com/>, or just using whitespace http://test.com/ These wrappers`,
			[]string{"http://test.com/", "http://test.com/", "http://test.com/"}},
		{"E-W3 (RFC 1738 Appendix)",
			"Yes, Jim, I found it under <URL:ftp://info.cern.ch/pub/www/doc;\n" +
				"type=d> but you can probably pick it up from <URL:ftp://ds.in\n" +
				"ternic.net/rfc>.  Note the warning in <URL:http://ds.internic.\n" +
				"net/instructions/overview.html#WARNING>.\n",
			[]string{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc",
				"http://ds.internic.net/instructions/overview.html#WARNING"}},
		{"E-W3z (seed 002 Appendix)",
			"是的,Jim,我发现它在<URL:ftp://info.cern.ch/pub/www/doc;type=d>上,但是你可\n能能够从<URL:ftp://ds.internic.net/rfc>那儿获得它。请注意\n<URL:http://ds.internic.net/instructions/overview.html#WARNING>上的警告。",
			[]string{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc",
				"http://ds.internic.net/instructions/overview.html#WARNING"}},
		{"E-W4 (RFC 3986 App. C, seed 004)",
			"      Yes, Jim, I found it under \"http://www.w3.org/Addressing/\", but you \n" +
				"can probably pick it up from <ftp://foo.example.com/rfc/>.  Note the\n" +
				" warning in <http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>.\n",
			[]string{"http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/",
				"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}},
		{"E-W4 (RFC 3986 App. C as printed)",
			"   Yes, Jim, I found it under \"http://www.w3.org/Addressing/\",\n" +
				"   but you can probably pick it up from <ftp://foo.example.\n" +
				"   com/rfc/>.  Note the warning in <http://www.ics.uci.edu/pub/\n" +
				"   ietf/uri/historical.html#WARNING>.\n",
			[]string{"http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/",
				"http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"}},
		{"E-W6 (seed 002 §3.1)",
			"例如:<URL:ftp://@host.com/>的用户名为空并且没有密码,<\u00a0\nURL:ftp://host.com/>没有用户名,而<URL:ftp://foo:@host.com/>的用户名是“foo”\n",
			[]string{"ftp://@host.com/", "ftp://host.com/", "ftp://foo:@host.com/"}},
		{"E-W6 (seed 002 §3.2.2, §3.6, §3.10, §3.11)",
			"例如,URL<URL:ftp://myname@host.dom/%2Fetc/motd>被FTP解释为\n" +
				"如果<newsgroup-name>是“*”(例如:<URL:news:*>),那么\n" +
				"<URL:file://vms.host.edu/disk$user/my/notes/note12345.txt>\n" +
				"<URL:prospero://host.dom//pros/name>表示<hsoname>为“/pros/name”)。",
			[]string{"ftp://myname@host.dom/%2Fetc/motd", "news:*",
				"file://vms.host.edu/disk$user/my/notes/note12345.txt", "prospero://host.dom//pros/name"}},
	}
	for _, tt := range tests {
		got := uris(slices.Collect(All([]byte(tt.in), Options{})))
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s:\n got %q\nwant %q", tt.id, got, tt.want)
		}
	}
}

// TestRFC1738References checks E-W5: the reference list of RFC 1738 (from
// the Chinese translation, seed 002) with its <URL:...> broken across lines.
func TestRFC1738References(t *testing.T) {
	b, err := os.ReadFile("testdata/rfc1738-zh-references.txt")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"ftp://ds.internic.net/rfc/rfc1436.txt;type=a",
		"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt",
		"ftp://ds.internic.net/rfc/rfc1630.txt",
		"ftp://info.cern.ch/pub/www/doc/http-spec.txt.Z",
		"ftp://ds.internic.net/rfc/rfc1123.txt",
		"ftp://ds.internic.net/rfc/rfc822.txt",
		"ftp://quake.think.com/pub/wais/doc/protspec.txt",
		"ftp://ds.internic.net/rfc/rfc1036.txt",
		"ftp://quake.think.com/pub/wais/doc/doc-ids.txt",
		"ftp://ds.internic.net/rfc/rfc977.txt",
		"ftp://ds.internic.net/internet-drafts/draft-ietf-uri-irl-fun-req-02.txt",
		"ftp://ds.internic.net/rfc/rfc1034.txt",
		"ftp://prospero.isi.edu/pub/prospero/doc/prospero-protocol.PS.Z",
		"ftp://ds.internic.net/rfc/rfc959.txt",
		"ftp://ds.internic.net/rfc/rfc1737.txt",
		"ftp://ds.internic.net/rfc/rfc1625.txt",
		"ftp://uu.psi.com/wp/nir.txt",
	}
	ms := slices.Collect(All(b, Options{}))
	if got := uris(ms); !slices.Equal(got, want) {
		t.Fatalf("got %q\nwant %q", got, want)
	}
	for _, i := range []int{1, 10, 12} {
		if !ms[i].Joined || ms[i].Style != AngleURL {
			t.Errorf("%s: Joined=%v Style=%v, want joined angle-url", ms[i].URI, ms[i].Joined, ms[i].Style)
		}
	}
}

// TestRules pins down each rule of issue 3 and requirements.md §E.1; want
// lists "URI style" pairs, with " alt=..." for a hyphen at a line break.
func TestRules(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		// Rule 1: <...>.
		{"E-02 whitespace and NBSP removed", "<ftp://ds.internic.\n   net/rfc/>", []string{"ftp://ds.internic.net/rfc/ angle"}},
		{"E-03 URL: any case, space", "<URL:ftp://a/b> <url: ftp://a/c> <Url:ftp://a/d>",
			[]string{"ftp://a/b angle-url", "ftp://a/c angle-url", "ftp://a/d angle-url"}},
		{"E-05 fragment inside", "<URL:http://ds.internic.net/instructions/overview.html#WARNING>",
			[]string{"http://ds.internic.net/instructions/overview.html#WARNING angle-url"}},
		{"E-06 NBSP and newline before URL:", "<\u00a0\nURL:ftp://host.com/>", []string{"ftp://host.com/ angle-url"}},
		{"E-07 break before /", "<URL:ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol\n       /Gopher+/Gopher+.txt>",
			[]string{"ftp://boombox.micro.umn.edu/pub/gopher/gopher_protocol/Gopher+/Gopher+.txt angle-url"}},
		{"E-07 break mid-label", "<URL:ftp://ds.in\nternic.net/rfc>", []string{"ftp://ds.internic.net/rfc angle-url"}},
		{"E-07 break after ;", "<URL:ftp://info.cern.ch/pub/www/doc;\ntype=d>", []string{"ftp://info.cern.ch/pub/www/doc;type=d angle-url"}},
		{"E-22 escapes untouched", "<http://a/b%20\n c>", []string{"http://a/b%20c angle"}},
		{"any scheme in brackets (001 §F.2)", "<foo:/bar> and <foo:bar>", []string{"foo:/bar angle", "foo:bar angle"}},
		{"E-16 HTML tags yield nothing, quoted href does",
			`<TITLE>x</TITLE> <A href="../x"> <BASE href="http://www.ics.uci.edu/Test/a/b/c">`,
			[]string{"http://www.ics.uci.edu/Test/a/b/c quoted"}},
		{"E-16 placeholders, empty, bracketed address", "<scheme> <host> <> < uri@bunyip.com> <user@example.com>", nil},
		{"E-17 layout forms", "<scheme>:<scheme-specific-part> <first>/<second>;<third>?<fourth> <user>:<password>@<host>:<port>\n" +
			"http://<host>:<port>/<path>?<searchpart>\nftp://<host>:<port>/ <cwd1>/<cwd2>/.../<cwdN>/ <name>;type=<typecode>\n" +
			"file://<host>/<path> gopher://<host>:<port>/<gopher-path> telnet://<user>:<password>@<host>:<port>/\n" +
			"wais://<host>:<port>/<database> prospero://<host>:<port>/<hsoname>;<field>=<value>\nmailto:<rfc822-addr-spec> news:<newsgroup-name>", nil},
		{"E-19 unclosed < falls back to bare", "see <http://example.com/a and more\n\nlater>", []string{"http://example.com/a bare"}},
		{"unclosed < bounded by the next <", "<http://a.example/ <http://b.example/>", []string{"http://a.example/ bare", "http://b.example/ angle"}},
		{"bracket with prose inside is not joined", "<see http://example.com/ for more>", []string{"http://example.com/ bare"}},
		{"URI of an unknown scheme needs brackets", "foo:bar and <foo:bar>", []string{"foo:bar angle"}},
		{"http:g is no http URI even in brackets", "<http:g> <http://>", nil},
		{"line break right after the scheme (RFC 1630, RFC 5870)", "<ftp:\n     //quake.think.com/pub/wais/doc/doc-ids.txt> <geo:\n 66.0,30;u=6.5>",
			[]string{"ftp://quake.think.com/pub/wais/doc/doc-ids.txt angle", "geo:66.0,30;u=6.5 angle"}},
		{"line break right after the scheme, blanks before it and CRLF", "<geo: \t\r\n 66.0,30> <ftp:\r\n //a.example/>",
			[]string{"geo:66.0,30 angle", "ftp://a.example/ angle"}},
		{"a blank line after the scheme ends the brackets", "<geo:\n\n66,30> <geo:\n  \n66,30> <geo:\r\n\r\n66,30>", nil},
		{"labels before URIs", "Name:  <http://a.example/>\nURL:\t\"http://b.example/\"\nSee:\n\n  http://c.example/",
			[]string{"http://a.example/ angle", "http://b.example/ quoted", "http://c.example/ bare"}},
		{"prose in brackets", "<Anchor: #AttList> <key-list: string-list>", nil},
		{"XML elements with a namespace prefix", "<xhtml:div>\n  <xhtml:em>x</xhtml:em>\n</xhtml:div> <ds:Sig/> <foo:bar>",
			[]string{"foo:bar angle"}},
		{"XML element names with capitals (RFC 9321 prose)", "the <ds:Object> element holds <svt:SignatureValidationToken>, an <xsd:complexType>",
			nil},
		{"scheme broken at a line break", "<ht\n tp://example.org/a> <URL:ft\n  p://ftp.example/x> <urn:ie\n\ttf:rfc:3986>",
			[]string{"http://example.org/a angle", "ftp://ftp.example/x angle-url", "urn:ietf:rfc:3986 angle"}},
		{"a word before a URI on the next line is no broken scheme", "<see\nhttp://x.example/>", []string{"http://x.example/ bare"}},

		// Rule 2: quote markers.
		{"quote markers removed", "> see <http://example.com/very/\n> > long/path> ok",
			[]string{"http://example.com/very/long/path angle"}},
		{"quote markers >>", ">> <http://example.com/a/\n>>b/c>", []string{"http://example.com/a/b/c angle"}},
		{"unquoted line: > at line start closes", "<http://example.com/a/\n> text", []string{"http://example.com/a/ angle"}},

		// Rule 3: "...".
		{"E-11 quoted", `under "http://www.w3.org/Addressing/", but`, []string{"http://www.w3.org/Addressing/ quoted"}},
		{"E-12 no joining across lines in quotes", "\"http://example.com/a\nb\"", []string{"http://example.com/a bare"}},
		{"quoted text that is not a URI", `"user:password" "Note: x" "http:g" "g:h"`, nil},
		{"quoted keeps trailing punctuation", `"http://example.com/a."`, []string{"http://example.com/a. quoted"}},

		// Rule 4: bare URIs.
		{"non-URIs", `Note: Re: EMail: timbl@w3.org g:h http:g 10:30 std::vector C:\dir HTTP:80 dereference:x this:that`, nil},
		{"E-18 seed text", "EMail: timbl@w3.org dereference:解引用 HEXDIG:十六进制 R:URI引用 \"user:password\" (比如 this:that) HTTP:80 g:h http:g", nil},
		{"E-15 empty host", "URI前缀http://)。 and http:// and http://?q", nil},
		{"E-13 ends at non-ASCII", "“http://localhost/”。", []string{"http://localhost/ bare"}},
		{"E-13 ends at delimiters, unbalanced braces", "http://a.example/x<y http://b.example/x>y http://c.example/x\"y http://d.example/x{y http://f.example/x\\y http://h.example/x`y http://i.example/x}y",
			[]string{"http://a.example/x bare", "http://b.example/x bare", "http://c.example/x bare", "http://d.example/x bare",
				"http://f.example/x bare", "http://h.example/x bare", "http://i.example/x bare"}},
		{"| ends, ^ repaired", "http://e.example/x|y http://g.example/x^y",
			[]string{"http://e.example/x bare", "http://g.example/x%5Ey bare"}},
		{"E-14 trailing punctuation", "accessed at http://www.ietf.org/ietf/1id-abstracts.txt. The http://a.example/b, http://a.example/c; http://a.example/d: http://a.example/e! http://a.example/f? http://a.example/g* http://a.example/h'",
			[]string{"http://www.ietf.org/ietf/1id-abstracts.txt bare", "http://a.example/b bare", "http://a.example/c bare", "http://a.example/d bare",
				"http://a.example/e bare", "http://a.example/f bare", "http://a.example/g bare", "http://a.example/h bare"}},
		{"E-14 quote before", "return 'http://127.0.0.1/a/b/hello/world'", []string{"http://127.0.0.1/a/b/hello/world bare"}},
		{"unbalanced closers dropped", "(see http://x.example/a) [http://x.example/b] http://x.example/c_(d)",
			[]string{"http://x.example/a bare", "http://x.example/b bare", "http://x.example/c_(d) bare"}},
		{"opened after ( ends at the matching )", "(http://x.example/a_(b))c", []string{"http://x.example/a_(b) bare"}},
		{"opened after ' ends at the next ' that ends a word", "'http://x.example/a'b' 'http://x.example/c'.", []string{"http://x.example/a'b bare", "http://x.example/c bare"}},
		{"schemes without authority", "mailto:mduerst@ifi.unizh.ch news:comp.infosystems.www.servers.unix urn:oasis:names:specification:docbook:dtd:xml:4.1.2 tel:+1-816-555-1212 sip:alice@example.com geo:13.4125,103.8667 magnet:?xt=urn:btih:abc data:,Hello",
			[]string{"mailto:mduerst@ifi.unizh.ch bare", "news:comp.infosystems.www.servers.unix bare", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2 bare",
				"tel:+1-816-555-1212 bare", "sip:alice@example.com bare", "geo:13.4125,103.8667 bare", "magnet:?xt=urn:btih:abc bare", "data:,Hello bare"}},
		{"E-27 example list", "ftp://ftp.is.co.za/rfc/rfc1808.txt -- ftp scheme\ntelnet://melvyl.ucop.edu/ -- telnet",
			[]string{"ftp://ftp.is.co.za/rfc/rfc1808.txt bare", "telnet://melvyl.ucop.edu/ bare"}},
		{"E-28 URI: labels", "URI: http://www.w3.org/People/Berners-Lee/\nURI: http://www.apache.org/~fielding/",
			[]string{"http://www.w3.org/People/Berners-Lee/ bare", "http://www.apache.org/~fielding/ bare"}},
		{"E-29 file", "file:///usr/home and ftp://test.com/%2Froot/a.txt", []string{"file:///usr/home bare", "ftp://test.com/%2Froot/a.txt bare"}},
		{"E-30 userinfo trick", "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
			[]string{"http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm bare"}},
		{"word boundary", "_http://example.com xhttp://example.com text:http://example.com/ a@http://vk.com",
			[]string{"http://example.com/ bare", "http://vk.com bare"}},
		{"invalid hosts", "http://.example.com http://-example.com http://example.com_ http://a..b", nil},
		{"scheme any case", "HTTP://GOOGLE.COM", []string{"HTTP://GOOGLE.COM bare"}},
		{"telephone numbers are global or have a context (RFC 3966 §3, RFC 2806 §2)",
			"Tel:27 83 6919246 Fax:0760-2317010 Fax:______ tel:+ tel:+1-816-555-1212 tel:7042;phone-context=example.com modem:+3585551234567;type=v32b",
			[]string{"tel:+1-816-555-1212 bare", "tel:7042;phone-context=example.com bare", "modem:+3585551234567;type=v32b bare"}},
		{"mailto: and tel: as written, not only as RFC 6068 and RFC 3966 allow (uri.URI.CheckScheme judges them)",
			"[mailto:list-bounces+whisper=oz.example@python.example] tel:+1-800-FLOWERS fax:0w00358;phone-context=+358 mailto:bar",
			[]string{"mailto:list-bounces+whisper=oz.example@python.example bare", "tel:+1-800-FLOWERS bare", "fax:0w00358;phone-context=+358 bare"}},
		{"code, markup and smileys after a scheme's name", "Net::DNS::Resolver, for example:&nbsp; If, things:)- ok \"Example:&#RE;\"", nil},

		// Rule 5: URL: before a bare URI.
		{"E-04 URL: outside brackets", "在URL:http://www.acl.lanl.gov/URI/archive/uri-archive.index.html。",
			[]string{"http://www.acl.lanl.gov/URI/archive/uri-archive.index.html bare"}},

		// Rule 6: hyphen at a line break.
		{"E-08 in brackets", "<http://example.com/foo-\n  bar>", []string{"http://example.com/foo-bar angle alt=http://example.com/foobar"}},
		{"E-08 bare", "see http://example.com/foo-\n  bar now", []string{"http://example.com/foo-bar bare alt=http://example.com/foobar"}},
		{"E-08 quoted mail", "> see http://example.com/foo-\n> bar now", []string{"http://example.com/foo-bar bare alt=http://example.com/foobar"}},
		{"hyphen before a new URI is no break", "http://example.com/a-\nhttp://example.com/b",
			[]string{"http://example.com/a- bare", "http://example.com/b bare"}},
		{"hyphen before a blank line", "http://example.com/a-\n\nnext", []string{"http://example.com/a- bare"}},
		{"hyphen in a line is kept", "http://example.com/a- b", []string{"http://example.com/a- bare"}},
		{"hyphen before an aside", "see http://example.com/a-\n(http://example.org/) next",
			[]string{"http://example.com/a- bare", "http://example.org/ bare"}},
		{"hyphen whose joined reading is no URI", "mailto:a@b.ex-\n,x next", []string{"mailto:a@b.ex- bare"}},
	}
	for _, tt := range tests {
		if got := styled(tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s: %q\n got %q\nwant %q", tt.name, tt.in, got, tt.want)
		}
	}
}

func TestAbbreviated(t *testing.T) {
	tests := []struct{ in, want string }{
		{"see www.w3.org/Addressing/.", "http://www.w3.org/Addressing/"},
		{"ftp.is.co.za/rfc/", "ftp://ftp.is.co.za/rfc/"},
		{"(www.example.com)", "http://www.example.com"},
		{"WWW.EXAMPLE.CO.UK", "http://WWW.EXAMPLE.CO.UK"},
		{"www.example.invalid", ""},
		{"www.com", "http://www.com"},
		{"wwwx.example.com foo.www.example.com a/www.example.com", ""},
		{"http://www.example.com/", "http://www.example.com/"}, // bare, not abbreviated
	}
	for _, tt := range tests {
		got := strings.Join(uris(slices.Collect(All([]byte(tt.in), Options{Abbreviated: true}))), " ")
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.in, got, tt.want)
		}
		if off := slices.Collect(All([]byte(tt.in), Options{})); len(off) > 0 && off[0].Style == Abbreviated {
			t.Errorf("%q: abbreviated URI reported without the option", tt.in)
		}
	}
	ms := slices.Collect(All([]byte("x www.w3.org/Addressing/"), Options{Abbreviated: true}))
	if len(ms) != 1 || ms[0].Style != Abbreviated || ms[0].Start != 2 || ms[0].End != 24 {
		t.Errorf("abbreviated match = %+v, want style abbreviated, span [2,24)", ms)
	}
}

func TestRelative(t *testing.T) {
	in := "<index.html> <../up/a.txt> <a/b?c#d> <TITLE> </p> <br/> <user@example.com> <see ./foo> <URL:foo/bar>\n<x/\n  y> <key-list: string-list>"
	want := []string{"index.html", "../up/a.txt", "a/b?c#d", "foo/bar", "x/y"}
	ms := slices.Collect(All([]byte(in), Options{Relative: true}))
	if got := uris(ms); !slices.Equal(got, want) {
		t.Fatalf("got %q, want %q", got, want)
	}
	for _, m := range ms {
		if !m.Relative {
			t.Errorf("%s: Relative = false", m.URI)
		}
	}
	if ms := slices.Collect(All([]byte(in), Options{})); len(ms) != 0 {
		t.Errorf("without Relative: got %q, want none", uris(ms))
	}
	// "http:" with the option is still no relative reference.
	if ms := slices.Collect(All([]byte("<http:g>"), Options{Relative: true})); len(ms) != 0 {
		t.Errorf("<http:g> with Relative: got %q", uris(ms))
	}
}

func TestSpans(t *testing.T) {
	in := "line one\n  see <URL: http://a.example/x\n y>, \"mailto:a@b.example\" and\nhttp://c.example/-\n  d."
	want := []Match{
		{URI: "http://a.example/xy", Ref: "http://a.example/xy", Start: 21, End: 42, Line: 2, Column: 13, Style: AngleURL, Joined: true},
		{URI: "mailto:a@b.example", Ref: "mailto:a@b.example", Start: 46, End: 64, Line: 3, Column: 7, Style: Quoted},
		{URI: "http://c.example/-d", Ref: "http://c.example/-d", Start: 70, End: 92, Line: 4, Column: 1, Style: Bare, Joined: true, Alternatives: []string{"http://c.example/d"}},
	}
	got := slices.Collect(All([]byte(in), Options{}))
	if !equalMatches(got, want) {
		t.Fatalf("%q:\n got %+v\nwant %+v", in, got, want)
	}
	for _, m := range got {
		t.Logf("%q", in[m.Start:m.End])
	}
}

// TestLineNumbers checks lines and columns where the ':' the search stops
// at is not in the match ("URL:"), where line breaks come between it and
// the match, and inside and after matches.
func TestLineNumbers(t *testing.T) {
	in := "a\n<URL:\n  http://a.example/>\n\nsee http://b.example/ and\n  \"http://c.example/\"\n" +
		"<http://d.example/\n> <http://e.\n  example/> x:y http://f.example/"
	want := [][2]int{{3, 3}, {5, 5}, {6, 4}, {7, 2}, {8, 4}, {9, 17}}
	for name, ms := range map[string][]Match{
		"All":               slices.Collect(All([]byte(in), Options{})),
		"one byte a read":   scanAll(t, iotest.OneByteReader(strings.NewReader(in)), Options{}),
		"every trigger":     scanEveryTrigger([]byte(in), Options{}),
		"all options (All)": slices.Collect(All([]byte(in), Options{Abbreviated: true, Relative: true})),
	} {
		var got [][2]int
		for _, m := range ms {
			got = append(got, [2]int{m.Line, m.Column})
		}
		if !slices.Equal(got, want) {
			t.Errorf("%s: got lines and columns %v, want %v", name, got, want)
		}
	}
}

func TestMaxLength(t *testing.T) {
	long := "http://example.com/" + strings.Repeat("a", 100)
	in := long + " http://short.example/ <" + long + "> \"" + long + "\" mailto:" + strings.Repeat("b", 200) + "@x.example"
	got := uris(slices.Collect(All([]byte(in), Options{MaxLength: 50})))
	if want := []string{"http://short.example/"}; !slices.Equal(got, want) {
		t.Errorf("MaxLength 50: got %q, want %q", got, want)
	}
	if got := slices.Collect(All([]byte(in), Options{MaxLength: len(long)})); len(got) != 4 {
		t.Errorf("MaxLength %d: got %d matches, want 4", len(long), len(got))
	}
	// Default bound: a run longer than DefaultMaxLength is dropped whole,
	// not split, and the scan goes on after it.
	huge := "http://example.com/" + strings.Repeat("x:", DefaultMaxLength) + " http://after.example/"
	if got := uris(slices.Collect(All([]byte(huge), Options{}))); !slices.Equal(got, []string{"http://after.example/"}) {
		t.Errorf("huge run: got %q", got)
	}
}

// chunkReader returns its data in pieces of random sizes.
type chunkReader struct {
	data []byte
	rng  *rand.Rand
}

func (r *chunkReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data), 1+r.rng.IntN(700))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

// scanEveryTrigger returns the matches in b when the rules look at every
// '<' and every ':' after a scheme character, the hex runs that nextColon
// skips and the colons that noURIAfter rules out for what follows them
// included: what the finders pass over must not matter.
func scanEveryTrigger(b []byte, opts Options) []Match {
	s := NewScanner(bytes.NewReader(b), opts)
	s.colonOnly = false
	s.finders[colonTrigger] = func(b []byte, p int) int {
		for ; p < len(b); p++ {
			if b[p] == ':' && p > 0 && class[b[p-1]]&cScheme != 0 {
				return p
			}
		}
		return -1
	}
	s.finders[angleTrigger] = func(b []byte, p int) int {
		if i := bytes.IndexByte(b[p:], '<'); i >= 0 {
			return p + i
		}
		return -1
	}
	var ms []Match
	for s.Scan() {
		ms = append(ms, s.Match())
	}
	return ms
}

// equalMatches reports whether a and b hold the same matches.
func equalMatches(a, b []Match) bool {
	return slices.EqualFunc(a, b, func(x, y Match) bool { return reflect.DeepEqual(x, y) })
}

func scanAll(t testing.TB, r io.Reader, opts Options) []Match {
	t.Helper()
	var ms []Match
	s := NewScanner(r, opts)
	for s.Scan() {
		ms = append(ms, s.Match())
	}
	if err := s.Err(); err != nil {
		t.Fatal(err)
	}
	return ms
}

// chunkInputs are texts where matches straddle any chunk boundary.
func chunkInputs(t *testing.T) map[string][]byte {
	ins := map[string][]byte{}
	files, _ := filepath.Glob("testdata/*.txt")
	files = append(files, "testdata/conformance/urlview/text", "testdata/conformance/uri-find/sciencenews.eml")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ins[f] = b
	}
	// Long enough to slide the window several times.
	var big bytes.Buffer
	for i := 0; big.Len() < 3*minWindow; i++ {
		big.WriteString("> quoted <http://example.com/a-\n> b/" + strings.Repeat("c", i%300) + "> and \"mailto:x@y.example\" www.example.com/p-\n q http://x.example/(a)) 'tel:+1'\n")
	}
	ins["synthetic"] = big.Bytes()
	return ins
}

func TestChunking(t *testing.T) {
	for _, opts := range []Options{{}, {Abbreviated: true, Relative: true}, {MaxLength: 40}} {
		for name, in := range chunkInputs(t) {
			want := slices.Collect(All(in, opts))
			if len(want) == 0 {
				t.Errorf("%s: no matches, the test would prove nothing", name)
			}
			if got := scanAll(t, iotest.OneByteReader(bytes.NewReader(in)), opts); !equalMatches(got, want) {
				t.Errorf("%s %+v: one-byte reads give %d matches, whole input %d", name, opts, len(got), len(want))
			}
			for seed := range uint64(3) {
				r := &chunkReader{in, rand.New(rand.NewPCG(seed, 1))}
				if got := scanAll(t, r, opts); !equalMatches(got, want) {
					for i := range min(len(got), len(want)) {
						if !reflect.DeepEqual(got[i], want[i]) {
							t.Logf("first difference: got %+v, want %+v", got[i], want[i])
							break
						}
					}
					t.Errorf("%s %+v seed %d: random chunks give different matches", name, opts, seed)
				}
			}
		}
	}
}

func TestReadError(t *testing.T) {
	boom := errors.New("boom")
	r := io.MultiReader(strings.NewReader("see http://a.example/ and "), iotest.ErrReader(boom))
	s := NewScanner(r, Options{})
	var got []string
	for s.Scan() {
		got = append(got, s.Match().URI)
	}
	if !errors.Is(s.Err(), boom) {
		t.Errorf("Err() = %v, want %v", s.Err(), boom)
	}
	if !slices.Equal(got, []string{"http://a.example/"}) {
		t.Errorf("before the error: got %q", got)
	}
	if s.Scan() {
		t.Error("Scan after the end returned true")
	}
}

func TestStyleString(t *testing.T) {
	want := map[Style]string{Bare: "bare", Angle: "angle", AngleURL: "angle-url", Quoted: "quoted", Abbreviated: "abbreviated", 9: "Style(9)"}
	for s, w := range want {
		if s.String() != w {
			t.Errorf("Style(%d).String() = %q, want %q", s, s.String(), w)
		}
	}
}

// TestCloseTag checks closeTag, which remembers its searches, against
// bytes.Index on the same ranges, in increasing and random order.
func TestCloseTag(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for n := range 2000 {
		b := make([]byte, 1+r.IntN(64))
		for i := range b {
			b[i] = "</a"[r.IntN(3)]
		}
		s := NewScanner(nil, Options{})
		s.buf = b
		for range 20 {
			i := r.IntN(len(b) + 1)
			if n%2 == 0 {
				i = min(len(b), i/4+int(s.tagFrom)) // mostly forward, as scans go
			}
			lim := i + r.IntN(len(b)-i+1)
			want := bytes.Index(b[i:lim], []byte("</"))
			if want >= 0 {
				want += i
			}
			if got := s.closeTag(i, lim); got != want {
				t.Fatalf("%q: closeTag(%d, %d) = %d, want %d", b, i, lim, got, want)
			}
		}
	}
}

// styled returns each match of All in in, with default options, as "URI
// style", and " alt=ALT" after it when it has one.
func styled(in string) []string {
	var got []string
	for m := range All([]byte(in), Options{}) {
		g := m.URI + " " + m.Style.String()
		for _, alt := range m.Alternatives {
			g += " alt=" + alt
		}
		got = append(got, g)
	}
	return got
}
