package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/passert"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/testing/ptest"
)

func TestReverseHost(t *testing.T) {
	for _, tt := range []struct{ host, want string }{
		{"www.example.com", "com.example"},
		{"example.com", "com.example"},
		{"WWW.Example.COM.", "com.example"},
		{"www2.example.com", "com.example.www2"},
		{"a.b.www.example.com", "com.example.www.b.a"}, // only a leading www.
		{"bücher.de", "de.xn--bcher-kva"},
		{"BÜCHER.de", "de.xn--bcher-kva"},
		{"www.bücher.de", "de.xn--bcher-kva"},
		{"xn--bcher-kva.de", "de.xn--bcher-kva"},
		{"my_host.example.org", "org.example.my_host"}, // not STD3, but on the web
		{"localhost", "localhost"},
		{"org]example", ""},
		{"a<b.com", ""},
		{"a b.com", ""},
		{"192.168.0.1", ""},
		{"2001:db8::1", ""},
		{"127.1", ""},
		{"0x7f.0.0.1", ""},
		{"", ""},
		{".", ""},
	} {
		if got := reverseHost(tt.host); got != tt.want {
			t.Errorf("reverseHost(%q) = %q, want %q", tt.host, got, tt.want)
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
