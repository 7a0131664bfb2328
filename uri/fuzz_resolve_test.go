package uri

import (
	"errors"
	"strings"
	"testing"
)

// literalResolve is the pseudo-code of RFC 3986 §5.2.2 with §5.2.3 merge
// transcribed line by line, on plain strings, as the oracle for Resolve.
func literalResolve(base, r URI, strict bool) URI {
	var t URI
	if r.Scheme != "" && (strict || !strings.EqualFold(r.Scheme, base.Scheme)) {
		t = r
		t.Path = literalRemoveDotSegments(r.Path)
	} else {
		if r.HasAuthority {
			t.HasAuthority, t.HasUserinfo, t.HasPort = true, r.HasUserinfo, r.HasPort
			t.Userinfo, t.Host, t.Port = r.Userinfo, r.Host, r.Port
			t.Path = literalRemoveDotSegments(r.Path)
			t.Query, t.HasQuery = r.Query, r.HasQuery
		} else {
			if r.Path == "" {
				t.Path = base.Path
				if r.HasQuery {
					t.Query, t.HasQuery = r.Query, true
				} else {
					t.Query, t.HasQuery = base.Query, base.HasQuery
				}
			} else {
				if strings.HasPrefix(r.Path, "/") {
					t.Path = literalRemoveDotSegments(r.Path)
				} else {
					var merged string
					if base.HasAuthority && base.Path == "" {
						merged = "/" + r.Path
					} else {
						merged = base.Path[:strings.LastIndex(base.Path, "/")+1] + r.Path
					}
					t.Path = literalRemoveDotSegments(merged)
				}
				t.Query, t.HasQuery = r.Query, r.HasQuery
			}
			t.HasAuthority, t.HasUserinfo, t.HasPort = base.HasAuthority, base.HasUserinfo, base.HasPort
			t.Userinfo, t.Host, t.Port = base.Userinfo, base.Host, base.Port
		}
		t.Scheme = base.Scheme
	}
	t.Fragment, t.HasFragment = r.Fragment, r.HasFragment
	return t
}

func addResolveSeeds(f *testing.F) {
	for _, c := range [][2]string{
		{"http://a/b/c/d;p?q", "g"},
		{"http://a/b/c/d;p?q", "../../../g"},
		{"http://a/b/c/d;p?q", "//g?#"},
		{"http://a/b/c/d;p?q", "http:g"},
		{"http://a", "./a:b"},
		{"f:/a", ".//g"},
		{"foo:a/b", "../c"},
		{"mailto:a@b", "c@d?x"},
		{"http://[fe80::1%25en0]:8/a/", "..//b/./c/.."},
		{"s://h/a/./b/", "s://H/a/../b"},
	} {
		f.Add(c[0], c[1])
	}
}

// FuzzResolve checks Resolve and ResolveNonStrict against the literal
// transcription of §5.2, and that every target recomposes and parses back
// (§5.3) and, if dot-free, is a fixed point of resolution.
func FuzzResolve(f *testing.F) {
	addResolveSeeds(f)
	f.Fuzz(func(t *testing.T, baseStr, refStr string) {
		base, err1 := Parse(baseStr)
		ref, err2 := Parse(refStr)
		if err1 != nil || err2 != nil {
			return
		}
		if got, want := RemoveDotSegments(ref.Path), literalRemoveDotSegments(ref.Path); got != want {
			t.Fatalf("RemoveDotSegments(%q) = %q, want %q", ref.Path, got, want)
		}
		for _, strict := range []bool{true, false} {
			resolve := Resolve
			if !strict {
				resolve = ResolveNonStrict
			}
			got, err := resolve(base, ref)
			if base.Scheme == "" {
				if !errors.Is(err, ErrNotAbsolute) {
					t.Fatalf("resolve(%q, %q) error = %v, want ErrNotAbsolute", baseStr, refStr, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("resolve(%q, %q, strict %v): %v", baseStr, refStr, strict, err)
			}
			if want := literalResolve(base, ref, strict); got != want {
				t.Fatalf("resolve(%q, %q, strict %v) = %#v, want %#v", baseStr, refStr, strict, got, want)
			}
			s := got.String()
			back, err := Parse(s)
			if ambiguous(got) {
				got.Path = "/." + got.Path
			}
			if err != nil || back != got {
				t.Fatalf("resolve(%q, %q) = %q, which parses to %#v (%v)", baseStr, refStr, s, back, err)
			}
			// A target is a fixed point of resolution, unless its path
			// has dot-segments, which a same-document reference keeps from
			// the base ("#" against "a:.").
			if hasDotSegment(got.Path) {
				continue
			}
			if again, err := Resolve(base, back); err != nil || again.String() != s {
				t.Fatalf("Resolve(%q, %q) = %q, want it unchanged (%v)", baseStr, s, again.String(), err)
			}
		}
	})
}

// FuzzRelative checks the inverse property Resolve(base, Relative(base, t))
// == t as a value, and the other properties of checkRelative.
func FuzzRelative(f *testing.F) {
	for _, c := range [][2]string{
		{"http://a/b/c/d;p?q", "http://a/b/c/g"},
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p"},
		{"http://a/b/c/d;p?q", "http://a//g?#"},
		{"http://a/b/c/d;p?q", "http://a/b/c/g:h"},
		{"s://ex/a//b/c", "s://ex/a/b"},
		{"foo:a/b", "foo:x"},
		{"mailto:a@b?x", "mailto:c@d"},
		{"f:/a", "f:/.//g"},
		{"http://u@h:1", "http://u@h:1?q#f"},
		{"file:///a/b", "file:///a/b/./c"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, baseStr, targetStr string) {
		base, err1 := Parse(baseStr)
		target, err2 := Parse(targetStr)
		if err1 != nil || err2 != nil {
			return
		}
		if base.Scheme == "" || target.Scheme == "" {
			if _, err := Relative(base, target); !errors.Is(err, ErrNotAbsolute) {
				t.Fatalf("Relative(%q, %q) error = %v, want ErrNotAbsolute", baseStr, targetStr, err)
			}
			return
		}
		checkRelative(t, base, target)
	})
}

// FuzzNormalize checks that Normalize is idempotent, that a reference is
// Equal to its normal form, that the normal form parses back to itself,
// and that normalizing never changes what a reference resolves to.
func FuzzNormalize(f *testing.F) {
	for _, s := range []string{
		"eXAMPLE://a/./b/../b/%63/%7bfoo%7d",
		"HTTP://User@EXAMPLE.com:0080",
		"http://[2001:0DB8::0001%25En0]:/a/%2e%2E/b?%7e#%7E",
		"//h/a/..//x",
		"a/b/../../../c:d/.",
		"f:/a/..//g",
		"foo:./a:b/../c",
		"http://[v1.AB]/?%41",
	} {
		f.Add(s)
	}
	bases := []URI{
		{Scheme: "http", HasAuthority: true, Host: "h", Path: "/x/y/z", HasQuery: true, Query: "q"},
		{Scheme: "foo", Path: "/x/y"},
	}
	f.Fuzz(func(t *testing.T, s string) {
		u, err := Parse(s)
		if err != nil {
			return
		}
		n := u.Normalize()
		if again := n.Normalize(); again != n {
			t.Fatalf("Normalize(%q) = %#v, but normalized again %#v", s, n, again)
		}
		if !Equal(u, n) || !Equal(n, u) {
			t.Fatalf("Equal(%q, its normal form %q) = false", s, n.String())
		}
		if back, err := Parse(n.String()); err != nil || back != n {
			t.Fatalf("Normalize(%q) = %#v, whose string %q parses to %#v (%v)", s, n, n.String(), back, err)
		}
		// "%2E" is a dot-segment to Normalize but not to Resolve (§5.2
		// never decodes), so the two orders differ only there.
		if strings.Contains(strings.ToUpper(s), "%2E") {
			return
		}
		for _, base := range bases {
			r1, _ := Resolve(base, u)
			r2, _ := Resolve(base, n)
			if r1.Normalize() != r2.Normalize() {
				t.Fatalf("base %q: %q resolves to %q, its normal form %q to %q",
					base.String(), s, r1.Normalize().String(), n.String(), r2.Normalize().String())
			}
		}
	})
}
