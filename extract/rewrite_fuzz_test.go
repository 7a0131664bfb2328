package extract

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzRewriteIdentity checks on any input that a rewrite keeping every
// link gives the input back byte for byte, and that a rewrite replacing
// every link with an awkward value leaves a page where every link reads
// as that value: the escaping holds whatever the quoting around it.
func FuzzRewriteIdentity(f *testing.F) {
	for _, s := range []string{
		`<a href="x">`, `<a href='x' title=y>`, `<a href=x>`, `<img srcset="a 1x, b 2x">`,
		`<p style="background:url(a)">`, `<style>@import 'a'; b{c:url( d )}</style>`,
		`<meta http-equiv=refresh content="0; url='x'">`, `<base href=x><a href=y>`,
		`<a href="a&amp;b&copy=c">`, "<a\nhref\n=\nx\r\n>", `<noscript><img src=x></noscript>`,
		`<base href><a href>`, `<svg><title/><a href=x><style><a href=y>`, "<meta charset=windows-1252><a href=\"\xe9?q=&#233;\">",
	} {
		f.Add([]byte(s))
	}
	const awkward = `http://h/a'b"c&amp;d(e)f<g>\h`
	f.Fuzz(func(t *testing.T, page []byte) {
		var out bytes.Buffer
		if err := Rewrite(&out, bytes.NewReader(page), Options{}, func(Link) (string, bool) { return "", false }); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(out.Bytes(), page) {
			t.Fatalf("identity rewrite of %q gave %q", page, out.Bytes())
		}
		before := countRewritable(page)
		out.Reset()
		if err := Rewrite(&out, bytes.NewReader(page), Options{Keep: true}, func(l Link) (string, bool) {
			return awkward, l.Tag != "base"
		}); err != nil {
			t.Fatal(err)
		}
		n := 0
		for l, err := range Links(bytes.NewReader(out.Bytes()), Options{Type: HTML, Keep: true}) {
			if errors.Is(err, ErrInternal) {
				t.Fatalf("page %q rewritten to %q: %v", page, out.Bytes(), err)
			}
			if err != nil || l.Context == "html-text" || l.Tag == "base" || untouchable(l.Ref) || sameDocument(l) {
				continue
			}
			n++
			want := awkward
			if l.Tag == "meta" {
				want = "" // the refresh URL may need its quote percent-encoded
			}
			if want != "" && l.Ref != want {
				t.Fatalf("page %q rewritten to %q: %s/%s reads %q, want %q", page, out.Bytes(), l.Tag, l.Attr, l.Ref, want)
			}
		}
		if n != before {
			t.Fatalf("page %q rewritten to %q: %d links, %d before", page, out.Bytes(), n, before)
		}
	})
}

// countRewritable counts the links Rewrite offers to change.
func countRewritable(page []byte) int {
	n := 0
	for l, err := range Links(bytes.NewReader(page), Options{Type: HTML, Keep: true}) {
		if errors.Is(err, ErrInternal) {
			panic(err) // a bug the fuzzer must see, not a page without links
		}
		if err == nil && l.Context != "html-text" && l.Tag != "base" && !untouchable(l.Ref) && !sameDocument(l) {
			n++
		}
	}
	return n
}
