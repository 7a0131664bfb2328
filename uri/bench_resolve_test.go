package uri

import (
	"net/url"
	"testing"
)

// resolveBase and resolveRefs are the normal examples of RFC 3986 §5.4.1
// with a few abnormal ones of §5.4.2: what links in a page look like.
const resolveBase = "http://a/b/c/d;p?q"

var resolveRefs = []string{
	"g:h", "g", "./g", "g/", "/g", "//g", "?y", "g?y", "#s", "g#s", "g?y#s",
	";x", "g;x", "g;x?y#s", "", ".", "./", "..", "../", "../g", "../..",
	"../../", "../../g", "../../../g", "/./g", "g/../h", "g;x=1/./y",
}

// BenchmarkResolve compares Resolve with net/url's ResolveReference on the
// same pre-parsed base and references, each result recomposed to a
// string; one op resolves all of resolveRefs. (net/url departs from the
// RFC on some of them: see the issue and TestResolveUnionLiteral.)
func BenchmarkResolve(b *testing.B) {
	n := 0
	for _, s := range resolveRefs {
		n += len(s)
	}
	b.Run("urix", func(b *testing.B) {
		base, _ := Parse(resolveBase)
		refs := make([]URI, len(resolveRefs))
		for i, s := range resolveRefs {
			refs[i], _ = Parse(s)
		}
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, ref := range refs {
				t, err := Resolve(base, ref)
				if err != nil {
					b.Fatal(err)
				}
				_ = t.String()
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		base, _ := url.Parse(resolveBase)
		refs := make([]*url.URL, len(resolveRefs))
		for i, s := range resolveRefs {
			refs[i], _ = url.Parse(s)
		}
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, ref := range refs {
				_ = base.ResolveReference(ref).String()
			}
		}
	})
}

// normalizeURIs need every kind of normalization, or none.
var normalizeURIs = []string{
	"HTTP://www.EXAMPLE.com/",
	"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
	"http://example.com:80",
	"https://user@[2001:DB8:0::7]:443/a/%7euser/../b?q=%2f#%7E",
	"https://www.example.com/search?q=rfc+3986&hl=en&start=10#results",
	"http://192.0.2.16/cgi-bin/x.cgi?a=%20b",
	"mailto:John.Doe@example.com?subject=Hello%20there",
	"../../g;x?y#s",
}

// BenchmarkNormalize measures Parse, Normalize and String together beside
// net/url's url.Parse and URL.String on the same inputs. net/url has no
// normalization: its round trip lowercases the scheme and re-escapes the
// path, which is the nearest it comes and so the baseline; it does not
// lowercase hosts, decode unreserved escapes, remove dot-segments or
// default ports. "urix-normalize" is Normalize and String alone on
// pre-parsed values. One op handles all of normalizeURIs.
func BenchmarkNormalize(b *testing.B) {
	n := 0
	for _, s := range normalizeURIs {
		n += len(s)
	}
	b.Run("urix", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range normalizeURIs {
				u, err := Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				_ = u.Normalize().String()
			}
		}
	})
	b.Run("net-url", func(b *testing.B) {
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, s := range normalizeURIs {
				u, err := url.Parse(s)
				if err != nil {
					b.Fatal(err)
				}
				_ = u.String()
			}
		}
	})
	b.Run("urix-normalize", func(b *testing.B) {
		us := make([]URI, len(normalizeURIs))
		for i, s := range normalizeURIs {
			us[i], _ = Parse(s)
		}
		b.SetBytes(int64(n))
		b.ReportAllocs()
		for b.Loop() {
			for _, u := range us {
				_ = u.Normalize().String()
			}
		}
	})
}

// BenchmarkRelative measures Relative and String on pairs that need each
// kind of reference.
func BenchmarkRelative(b *testing.B) {
	base, _ := Parse(resolveBase)
	var targets []URI
	for _, s := range resolveRefs {
		ref, _ := Parse(s)
		t, _ := Resolve(base, ref)
		targets = append(targets, t)
	}
	b.ReportAllocs()
	for b.Loop() {
		for _, t := range targets {
			r, err := Relative(base, t)
			if err != nil {
				b.Fatal(err)
			}
			_ = r.String()
		}
	}
}
