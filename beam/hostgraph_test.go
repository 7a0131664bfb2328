package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"

	"github.com/urix/urix/extract"
)

func TestHostNode(t *testing.T) {
	long := strings.Repeat("a", 64)
	for _, tt := range []struct{ uri, want string }{
		{"http://www.example.com/", "com.example"},
		{"http://example.com", "com.example"},
		{"HTTP://WWW.Example.COM./", "com.example"},
		{"https://user:pw@Example.org:8080/x", "org.example"},
		{"http://www2.example.com/", "com.example.www2"},
		{"http://a.b.www.example.com/", "com.example.www.b.a"}, // only a leading www.
		{"http://www.com/", "com.www"},                         // www. goes when two labels stay
		{"http://bücher.de/", "de.xn--bcher-kva"},              // an IRI, as text may hold
		{"http://BÜCHER.de/", "de.xn--bcher-kva"},
		{"http://www.bücher.de/", "de.xn--bcher-kva"},
		{"http://xn--bcher-kva.de/", "de.xn--bcher-kva"},
		{"http://www.b%C3%BCcher.de/", "de.xn--bcher-kva"},
		{"http://my_host.example.org/", "org.example.my_host"}, // not STD3, but on the web
		{"http://" + long[:63] + ".com/", "com." + long[:63]},
		{"http://" + long + ".com/", ""},
		{"http://localhost/", ""},       // one label
		{"http://example.invalid/", ""}, // no such TLD
		{"http://1.1.1.256/", ""},       // nor a numeric one; no IPv4 either
		{"http://org]example/", ""},
		{"http://a<b.com/", ""},
		{"http://a%20b.com/", ""},
		{"http://a%zzb.com/", ""},
		{"http://192.168.0.1/", ""},
		{"http://[2001:db8::1]/", ""},
		{"http://[v1.x]/", ""},
		{"http://127.1/", ""},
		{"http://0x7f.0.0.1/", ""},
		{"http://2130706433/", ""},
		{"http://%31%32%37.0.0.1/", ""},
		{"http://127.0.0.1./", ""},
		{"http:///x", ""},
		{"http://./", ""},
		{"mailto:a@example.com", ""},
		{"ftp://example.com/", ""},
		{"/relative", ""},
	} {
		u, ok := parseHTTP(tt.uri)
		got := ""
		if ok {
			got = hostNode(u)
		}
		if got != tt.want {
			t.Errorf("hostNode(%q) = %q, want %q", tt.uri, got, tt.want)
		}
	}
}

// TestDomainNode: registered domains by the ICANN section of the public
// suffix list, checked against its rules by hand: co.uk; *.kawasaki.jp
// with !city.kawasaki.jp; github.io (private section: not used); рф
// (xn--p1ai) and 公司.香港 (xn--55qx5d.xn--j6w193g), whose other labels
// are пример (xn--e1afmkfd) and 例子 (xn--fsqu00a).
func TestDomainNode(t *testing.T) {
	for _, tt := range []struct{ uri, want string }{
		{"http://www.example.com/", "com.example"},
		{"http://a.b.example.com/", "com.example"},
		{"http://shop.example.co.uk/", "uk.co.example"},
		{"http://example.co.uk/", "uk.co.example"},
		{"http://co.uk/", ""},     // a public suffix
		{"http://www.co.uk/", ""}, // www. goes first, as in the host graph
		{"https://alice.github.io/", "io.github"},
		{"https://github.io/", "io.github"},
		{"http://a.b.city.kawasaki.jp/", "jp.kawasaki.city"},
		{"http://x.kawasaki.jp/", ""},
		{"http://a.x.kawasaki.jp/", "jp.kawasaki.x.a"},
		{"http://www.пример.рф/", "xn--p1ai.xn--e1afmkfd"},
		{"http://a.xn--e1afmkfd.xn--p1ai/", "xn--p1ai.xn--e1afmkfd"},
		{"http://рф/", ""},
		{"http://www.例子.公司.香港/", "xn--j6w193g.xn--55qx5d.xn--fsqu00a"},
		{"http://公司.香港/", ""},
		{"http://my_host.example.org/", "org.example"},
		{"http://localhost/", ""},
		{"http://127.1/", ""},
	} {
		u, ok := parseHTTP(tt.uri)
		if !ok {
			t.Fatalf("parseHTTP(%q) failed", tt.uri)
		}
		if got := domainNode(hostNode(u)); got != tt.want {
			t.Errorf("domainNode(hostNode(%q)) = %q, want %q", tt.uri, got, tt.want)
		}
	}
}

// TestHostGraphPages: a page gives an edge once even when its links do
// not come in a row, as in an HTML file whose og:url comes before its
// <base href> and whose base element has the file's base; other pages of
// the same file (messages of an mbox) and other records give theirs.
func TestHostGraphPages(t *testing.T) {
	var g hostGraph
	for i, c := range []struct {
		file, record, target, base, uri string
		want                            string
	}{
		{"f1", "", "", "https://a.com/", "https://b.com/", "com.a\tcom.b"},
		{"f1", "", "", "file:///f1", "https://a.com/", ""},
		{"f1", "", "", "https://a.com/", "https://b.com/x", ""},
		{"f1", "", "", "https://c.com/", "https://b.com/", "com.c\tcom.b"},
		{"f1", "", "", "https://a.com/", "https://b.com/y", ""},
		{"f2", "", "", "https://a.com/", "https://b.com/", "com.a\tcom.b"},
		{"w", "<urn:1>", "https://a.com/", "https://x.com/", "https://b.com/", "com.a\tcom.b"},
		{"w", "<urn:1>", "https://a.com/", "https://x.com/", "https://b.com/z", ""},
		{"w", "<urn:2>", "https://a.com/", "https://a.com/", "https://b.com/", "com.a\tcom.b"},
	} {
		l := extract.Link{File: c.file, WARCRecord: c.record, WARCTarget: c.target, Base: c.base, URI: c.uri}
		e, ok := g.edge(l, false)
		if ok != (c.want != "") || e != c.want {
			t.Errorf("link %d: edge %q, %v; want %q", i, e, ok, c.want)
		}
	}
}

// TestHostGraph: the host graph of a small crawl of 3 pages on 2 hosts,
// its edges written by hand: www. and the bare host are one host, IDN
// hosts in ASCII, IP addresses, self-links and other schemes dropped, an
// edge counted once a page however many links give it.
func TestHostGraph(t *testing.T) {
	page1 := `<html><head><meta charset="utf-8"></head><body>
<a href="http://example.com/b">self, without www.</a>
<a href="c.html">self, relative</a>
<a href="https://www.other.org/x">other</a>
<a href="https://other.org/y">other again</a>
<a href="HTTP://WWW.Other.ORG./z">other, once more</a>
<a href="http://bücher.de/">IDN</a>
<a href="http://192.168.0.1/">IPv4</a>
<a href="http://[2001:db8::1]/">IPv6</a>
<a href="mailto:a@other.org">mail</a>
<a href="ftp://files.net/">ftp</a>
</body></html>`
	page2 := `<html><body><a href="http://other.org/">other</a> <a href="http://www.b%C3%BCcher.de/">IDN, www.</a></body></html>`
	page3 := `<html><body><a href="http://www.example.com/">example</a> <a href="/self">self</a>
<a href="http://127.1/">IPv4, short</a> <a href="http://xn--bcher-kva.de/">IDN in ASCII</a></body></html>`
	warc := warcRec("warcinfo", "info", "", "software: urix test\r\n") +
		warcRec("request", "q1", "http://www.example.com/a.html", "GET /a.html HTTP/1.1\r\nHost: www.example.com\r\n\r\n") +
		warcRec("response", "r1", "http://www.example.com/a.html", httpBlock("text/html; charset=utf-8", page1)) +
		warcRec("response", "r2", "http://example.com/b", httpBlock("text/html", page2)) +
		warcRec("response", "r3", "https://other.org/", httpBlock("text/html", page3))
	name := filepath.Join(t.TempDir(), "crawl.warc")
	if err := os.WriteFile(name, []byte(warc), 0o666); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"com.example\torg.other\t2",        // pages 1 and 2
		"com.example\tde.xn--bcher-kva\t2", // pages 1 and 2
		"org.other\tcom.example\t1",
		"org.other\tde.xn--bcher-kva\t1",
	}
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{name}, Mode: ModeHostGraph})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
}

// TestDomainGraph: the domain graph of a crawl of 6 pages, its edges
// written by hand from the rules of TestDomainNode: hosts of one
// registered domain are one node, links within it are self-links, a
// public suffix (co.uk, x.kawasaki.jp, 公司.香港) is no node as source or
// target, an edge is counted once a page.
func TestDomainGraph(t *testing.T) {
	pageA := `<html><head><meta charset="utf-8"></head><body>
<a href="http://shop.example.co.uk/">same domain</a>
<a href="https://alice.github.io/">github.io</a> <a href="https://bob.github.io/x">github.io again</a>
<a href="http://co.uk/">a suffix</a> <a href="http://www.пример.рф/">IDN</a>
<a href="http://例子.公司.香港/">IDN suffix</a> <a href="http://公司.香港/">IDN suffix itself</a>
<a href="http://localhost/">one label</a> <a href="http://127.1/">IPv4</a>
<a href="http://a.b.city.kawasaki.jp/">exception</a></body></html>`
	pageB := `<html><body><a href="https://bob.github.io/">same domain</a>
<a href="http://example.co.uk/">back</a> <a href="http://x.kawasaki.jp/">a suffix</a></body></html>`
	pageC := `<html><body><a href="http://example.com/">from a suffix</a></body></html>`
	pageD := `<html><body><a href="http://other.example.co.uk/">co.uk</a> <a href="https://www.github.io/">io</a></body></html>`
	pageE := `<html><body><a href="https://carol.github.io/">github.io</a></body></html>`
	pageF := `<html><body><a href="/x">relative</a> <a href="http://www.example.co.uk/">same domain</a></body></html>`
	warc := warcRec("warcinfo", "info", "", "software: urix test\r\n") +
		warcRec("response", "a", "http://www.example.co.uk/a.html", httpBlock("text/html; charset=utf-8", pageA)) +
		warcRec("response", "b", "https://alice.github.io/", httpBlock("text/html", pageB)) +
		warcRec("response", "c", "http://co.uk/", httpBlock("text/html", pageC)) +
		warcRec("response", "d", "http://xn--e1afmkfd.xn--p1ai/", httpBlock("text/html", pageD)) +
		warcRec("response", "e", "http://shop.example.co.uk/", httpBlock("text/html", pageE)) +
		warcRec("response", "f", "http://example.co.uk/f", httpBlock("text/html", pageF))
	name := filepath.Join(t.TempDir(), "crawl.warc")
	if err := os.WriteFile(name, []byte(warc), 0o666); err != nil {
		t.Fatal(err)
	}
	want := []string{
		"uk.co.example\tio.github\t2", // pages a and e
		"uk.co.example\txn--p1ai.xn--e1afmkfd\t1",
		"uk.co.example\txn--j6w193g.xn--55qx5d.xn--fsqu00a\t1",
		"uk.co.example\tjp.kawasaki.city\t1",
		"io.github\tuk.co.example\t1",
		"xn--p1ai.xn--e1afmkfd\tuk.co.example\t1",
		"xn--p1ai.xn--e1afmkfd\tio.github\t1",
	}
	p, s := beam.NewPipelineWithRoot()
	lines, _, err := Extract(s, Config{Input: []string{name}, Mode: ModeDomainGraph})
	if err != nil {
		t.Fatal(err)
	}
	passert.EqualsList(s, lines, want)
	if err := ptest.Run(p); err != nil {
		t.Fatal(err)
	}
}
