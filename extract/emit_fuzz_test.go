package extract

import (
	"bytes"
	"errors"
	"testing"

	"github.com/urix/urix/uri"
)

// FuzzLinks scans arbitrary input of every type through emit: no panic, and
// every link resolved against a base is an absolute URI or a same-document
// reference, and parses; but a template ("http://0%d", "http://x/{a}"),
// which is reported as written, never resolved, and is no URI until it is
// filled in (StyleTemplate, delimit.Template).
func FuzzLinks(f *testing.F) {
	for _, s := range []string{
		"see <http://a.example/x y> and \"http://b/\"",
		"<a href=\"../x\">x</a><base href=\"http://h/d/\">",
		"From a@b Sat Jan  3 01:05:34 1996\nSubject: x\n\nhttp://x/\n",
		"Content-Base: \"http://h/\"\nContent-Type: text/html\nFrom: a@b\n\n<a href=g>",
		"http://0%d and http://x/{a}",
	} {
		for typ := range Mbox + 1 {
			f.Add([]byte(s), uint8(typ))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, typ uint8) {
		opts := Options{Type: Type(typ % uint8(Mbox+1)), Base: "http://base.example/d/p?q"}
		for l, err := range Links(bytes.NewReader(in), opts) {
			if errors.Is(err, ErrInternal) {
				t.Fatal(err) // a panic, recovered
			}
			if err != nil {
				continue
			}
			if l.Offset < 0 || l.Line < 1 || l.Column < 1 {
				t.Fatalf("link %+v: position out of range", l)
			}
			if l.Style == StyleTemplate {
				if l.URI != l.Ref {
					t.Fatalf("link %+v: a template not as written", l)
				}
				continue
			}
			u, err := uri.Parse(l.URI)
			if err != nil {
				if len(l.Warnings) == 0 {
					t.Fatalf("link %+v: URI does not parse (%v) and no warning says so", l, err)
				}
				continue
			}
			if !u.IsAbs() && len(l.Warnings) == 0 {
				t.Fatalf("link %+v: relative URI under an absolute base, no warning", l)
			}
		}
	})
}

// FuzzEmitURI checks emit's shortcuts (a URI string not built again when
// resolving and normalizing change nothing) against the general path:
// parse (as an attribute value or as written), resolve, normalize and
// recompose.
func FuzzEmitURI(f *testing.F) {
	for _, ref := range []string{"http://a/b", "http://a/./b", "HTTP://A/%7e", "g", "../g", "#f", "", " http://a/ b\t", `http:\\a\b`, "http:g", "mailto:x@y", "a:b/../c", "%zz"} {
		f.Add("http://a/b/c/d;p?q", ref, true, false)
		f.Add("", ref, false, true)
	}
	f.Fuzz(func(t *testing.T, baseStr, ref string, html, normalize bool) {
		opts := Options{Base: baseStr, Normalize: normalize}
		src, err := newSource(&opts)
		if err != nil {
			return
		}
		l := text(ref)
		parse := func(s string) (uri.URI, error) { return uri.Parse(s) }
		if html {
			l = attr(ref)
			parse = func(s string) (uri.URI, error) { u, _, err := src.base.ParseAttr(s); return u, err }
		}
		var got []Link
		src.emit(l, func(l Link, err error) bool { got = append(got, l); return true })
		if len(got) != 1 {
			t.Fatalf("emit(%q) yielded %d links, want 1", ref, len(got))
		}
		want := ref
		if r, err := parse(ref); err == nil {
			u, err := src.base.Resolve(r)
			if err != nil {
				u = r
			}
			if normalize {
				u = u.Normalize()
			}
			want = u.String()
		}
		if got[0].URI != want {
			t.Fatalf("emit(%q) under base %q (html %v, normalize %v) = %q, want %q", ref, baseStr, html, normalize, got[0].URI, want)
		}
	})
}
