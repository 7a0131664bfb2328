package extract

import (
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestTextGolden scans the documents of testdata/text (see SOURCES.md
// there) and checks the links against their golden files and against the
// URI lists the specifications give.
func TestTextGolden(t *testing.T) {
	tests := []struct {
		golden, input string
		opts          Options
		want          []string // resolved URIs, from the source named in SOURCES.md
		styles        []string
	}{
		{"text/rfc3986-appc.txt", "text/rfc3986-appc.txt", Options{},
			[]string{"http://www.w3.org/Addressing/", "ftp://foo.example.com/rfc/", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"},
			[]string{"quoted", "angle", "angle"}},
		{"text/rfc3986-examples.txt", "text/rfc3986-examples.txt", Options{},
			[]string{"ftp://ftp.is.co.za/rfc/rfc1808.txt", "http://www.ietf.org/rfc/rfc2396.txt", "ldap://[2001:db8::7]/c=GB?objectClass?one", "mailto:John.Doe@example.com", "news:comp.infosystems.www.servers.unix", "tel:+1-816-555-1212", "telnet://192.0.2.16:80/", "urn:oasis:names:specification:docbook:dtd:xml:4.1.2"},
			[]string{"bare", "bare", "bare", "bare", "bare", "bare", "bare", "bare"}},
		{"text/rfc2369-examples.txt", "text/rfc2369-examples.txt", Options{}, rfc2369, repeat("angle", len(rfc2369))},
		// Unique: the three repeated URLs once.
		{"text/rfc2369-unique", "text/rfc2369-examples.txt", Options{Unique: UniqueExact}, rfc2369Unique, repeat("angle", len(rfc2369Unique))},
		{"text/rfc2396-appe.txt", "text/rfc2396-appe.txt", Options{},
			[]string{"http://www.w3.org/Addressing/", "ftp://ds.internic.net/rfc/", "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING"},
			[]string{"quoted", "angle", "angle"}},
		{"text/seed001-appe.txt", "text/seed001-appe.txt", Options{},
			[]string{"http://www.w3.org/pub/WWW/", "ftp://ds.internic.net/rfc/", "http://ds.internic.net/instructions/overview.html#WARNING"},
			[]string{"quoted", "angle", "angle"}},
		{"text/seed001-wrappers.txt", "text/seed001-wrappers.txt", Options{},
			[]string{"http://test.com/", "http://test.com/", "http://test.com/"},
			[]string{"quoted", "angle", "bare"}},
		{"text/rfc1738-appendix.txt", "text/rfc1738-appendix.txt", Options{},
			[]string{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc", "http://ds.internic.net/instructions/overview.html#WARNING"},
			[]string{"angle-url", "angle-url", "angle-url"}},
		{"text/seed002-appendix-zh.txt", "text/seed002-appendix-zh.txt", Options{},
			[]string{"ftp://info.cern.ch/pub/www/doc;type=d", "ftp://ds.internic.net/rfc", "http://ds.internic.net/instructions/overview.html#WARNING"},
			[]string{"angle-url", "angle-url", "angle-url"}},
		// Without AngleRelative and Abbreviated, only absolute URIs;
		// dot-segments go (RFC 3986 §5.2.2).
		{"text/relative.txt", "text/relative.txt", Options{Base: "http://example.org/tool/doc/index.html"},
			[]string{"ftp://ftp.example.org/pub/tool-1.2.tar.gz", "http://example.org/a/c"},
			[]string{"angle", "angle"}},
		// With them, relative references in <...> resolve against the
		// base (§5.2, §5.4), and www. gains http:// (2003 draft App. F).
		{"text/relative-options", "text/relative.txt", Options{Base: "http://example.org/tool/doc/index.html", AngleRelative: true, Abbreviated: true},
			[]string{"http://example.org/tool/notes/1.2.html", "ftp://ftp.example.org/pub/tool-1.2.tar.gz", "http://example.org/tool/doc/faq.html#install", "http://www.example.org/tool/", "http://example.org/a/c"},
			[]string{"angle", "angle", "angle", "abbreviated", "angle"}},
		// Keep: as written.
		{"text/relative-keep", "text/relative.txt", Options{Base: "http://example.org/tool/doc/index.html", AngleRelative: true, Keep: true},
			[]string{"../notes/1.2.html", "ftp://ftp.example.org/pub/tool-1.2.tar.gz", "./faq.html#install", "http://example.org/a/./b/../c"},
			[]string{"angle", "angle", "angle", "angle"}},
		// Absolute drops the relative ones even when they resolve.
		{"text/relative-absolute", "text/relative.txt", Options{Base: "http://example.org/tool/doc/index.html", AngleRelative: true, Absolute: true},
			[]string{"ftp://ftp.example.org/pub/tool-1.2.tar.gz", "http://example.org/a/c"},
			[]string{"angle", "angle"}},
	}
	for _, tt := range tests {
		tt.opts.Type = Text
		links := checkGoldenFileAs(t, tt.golden, tt.input, tt.opts)
		var got, styles []string
		for _, l := range links {
			got = append(got, l.URI)
			styles = append(styles, string(l.Style))
		}
		if !slices.Equal(got, tt.want) || !slices.Equal(styles, tt.styles) {
			t.Errorf("%s: URIs %q, styles %q; want %q, %q", tt.golden, got, styles, tt.want, tt.styles)
		}
	}
}

// rfc2369 lists the URLs of the examples of RFC 2369 §3, in order.
var rfc2369 = []string{
	"mailto:list@host.com?subject=help",
	"mailto:list-manager@host.com?body=info",
	"mailto:list-info@host.com",
	"http://www.host.com/list/",
	"mailto:list-info@host.com",
	"ftp://ftp.host.com/list.txt",
	"mailto:list@host.com?subject=help",
	"mailto:list@host.com?subject=unsubscribe",
	"mailto:list-manager@host.com?body=unsubscribe%20list",
	"mailto:list-off@host.com",
	"http://www.host.com/list.cgi?cmd=unsub&lst=list",
	"mailto:list-request@host.com?subject=unsubscribe",
	"mailto:list@host.com?subject=subscribe",
	"mailto:list-request@host.com?subject=subscribe",
	"mailto:list-manager@host.com?body=subscribe%20list",
	"mailto:list-on@host.com",
	"http://www.host.com/list.cgi?cmd=sub&lst=list",
	"mailto:list-manager@host.com?body=subscribe%20list",
	"mailto:list@host.com",
	"mailto:moderator@host.com",
	"mailto:moderator@host.com?subject=list%20posting",
	"mailto:listmom@host.com",
	"mailto:grant@foo.bar",
	"mailto:josh@foo.bar?Subject=list",
	"mailto:archive@host.com?subject=index%20list",
	"ftp://ftp.host.com/pub/list/archive/",
	"http://www.host.com/list/archive/",
}

// rfc2369Unique is rfc2369 without the repeats (entries 5, 7 and 18).
var rfc2369Unique = slices.Concat(rfc2369[:4], rfc2369[5:6], rfc2369[7:17], rfc2369[18:])

func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// TestTextPositions checks Offset, Line and Column against the input,
// and that the reader's chunking does not matter.
func TestTextPositions(t *testing.T) {
	const in = "first line\n  see <http://a.example/x> and\n\"http://b.example/y\"\n"
	var whole, oneByte []Link
	for l, err := range Links(strings.NewReader(in), Options{Type: Text, Name: "-"}) {
		if err != nil {
			t.Fatal(err)
		}
		whole = append(whole, l)
	}
	for l, err := range Links(iotest.OneByteReader(strings.NewReader(in)), Options{Type: Text, Name: "-"}) {
		if err != nil {
			t.Fatal(err)
		}
		oneByte = append(oneByte, l)
	}
	if !slices.EqualFunc(whole, oneByte, func(a, b Link) bool { return a.URI == b.URI && a.Offset == b.Offset }) {
		t.Errorf("one-byte reads give %+v, whole reads %+v", oneByte, whole)
	}
	want := []struct {
		uri          string
		line, column int
	}{{"http://a.example/x", 2, 8}, {"http://b.example/y", 3, 2}}
	if len(whole) != len(want) {
		t.Fatalf("got %d links, want %d: %+v", len(whole), len(want), whole)
	}
	for i, w := range want {
		l := whole[i]
		if l.URI != w.uri || l.Line != w.line || l.Column != w.column || in[l.Offset:l.Offset+int64(len(w.uri))] != w.uri || l.Context != "text" {
			t.Errorf("link %d = %+v; want %s at line %d column %d, offset of its text, context text", i, l, w.uri, w.line, w.column)
		}
	}
}

// TestTextAlternatives: a line break right after a hyphen leaves two
// readings (RFC 3986 Appendix C); both come out, resolved.
func TestTextAlternatives(t *testing.T) {
	in := "The page <http://example.com/long-\n   name.html> moved.\n"
	var got []Link
	for l, err := range Links(strings.NewReader(in), Options{Type: Text}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l)
	}
	if len(got) != 1 || got[0].URI != "http://example.com/long-name.html" || !slices.Equal(got[0].Alternatives, []string{"http://example.com/longname.html"}) {
		t.Errorf("links = %+v; want http://example.com/long-name.html with the alternative http://example.com/longname.html", got)
	}
}
