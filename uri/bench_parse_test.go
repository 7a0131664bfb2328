package uri

import (
	"net/url"
	"testing"
)

// benchURIs is a mix of what the extractor meets: web links with queries
// and fragments, IP literals, mail and URN identifiers, relative refs.
var benchURIs = []string{
	"https://www.example.com/search?q=rfc+3986&hl=en&start=10#results",
	"http://user:pass@example.org:8080/a/b/c/d;p?q=1&r=2",
	"http://[2001:db8::7]:8080/index.html",
	"http://[::ffff:192.0.2.128]/",
	"http://192.0.2.16/cgi-bin/x.cgi?a=%20b",
	"mailto:John.Doe@example.com?subject=Hello%20there",
	"urn:oasis:names:specification:docbook:dtd:xml:4.1.2",
	"ftp://ftp.is.co.za/rfc/rfc1808.txt",
	"../../g;x?y#s",
	"/pub/ietf/uri/#Related",
	"//cdn.example.net/lib/v1.2.3/app.min.js",
	"g?y/./x",
}

func benchmarkParse(b *testing.B, parse func(string) error) {
	n := 0
	for _, s := range benchURIs {
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, s := range benchURIs {
			if err := parse(s); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(benchURIs)), "ns/uri")
}

// BenchmarkParse compares Parse with net/url.Parse on the same inputs; one
// op parses all of benchURIs.
func BenchmarkParse(b *testing.B) {
	b.Run("urix", func(b *testing.B) {
		benchmarkParse(b, func(s string) error { _, err := Parse(s); return err })
	})
	b.Run("net-url", func(b *testing.B) {
		benchmarkParse(b, func(s string) error { _, err := url.Parse(s); return err })
	})
}

func BenchmarkString(b *testing.B) {
	us := make([]URI, len(benchURIs))
	n := 0
	for i, s := range benchURIs {
		us[i], _ = Parse(s)
		n += len(s)
	}
	b.SetBytes(int64(n))
	b.ReportAllocs()
	for b.Loop() {
		for _, u := range us {
			_ = u.String()
		}
	}
}
