package extract

import (
	"bytes"
	"errors"
	"testing"

	"github.com/urix/urix/uri"
)

// FuzzLinks scans arbitrary input of every type through emit: no panic, and
// every link resolved against a base is an absolute URI or a same-document
// reference, and parses.
func FuzzLinks(f *testing.F) {
	for _, s := range []string{
		"see <http://a.example/x y> and \"http://b/\"",
		"<a href=\"../x\">x</a><base href=\"http://h/d/\">",
		"From a@b Sat Jan  3 01:05:34 1996\nSubject: x\n\nhttp://x/\n",
		"Content-Base: \"http://h/\"\nContent-Type: text/html\nFrom: a@b\n\n<a href=g>",
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
