package htmltok

import (
	"bytes"
	"fmt"
	"hash/maphash"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/net/html"
)

// FuzzTokens checks that the fork reads any input as x/net/html's
// tokenizer does: the same tokens, of the same types and raw bytes, the
// same tag names and attributes, with the same calls to AllowCDATA and
// NextIsNotRawText; and that the spans it reports hold what x/net/html
// returns.
func FuzzTokens(f *testing.F) {
	for _, s := range []string{
		`<a href="x">t</a>`, `<p a=/>`, `<br/>`, `<a b=c/>`, `<A HREF=x Href=y>`, `<a =b>`,
		`<script><!--<script></script>--></script>x`, `<title>&amp;<b></title>`, `<plaintext><a>`,
		`<!-- c --!><!DOCTYPE html><?xml?></ ></>`, `<svg><![CDATA[x]]></svg>`, `<a x="1" x='2' y=3>`,
		`<a b c d e f g h i j k l m n o p q r s t u v w x y z a B>`, "<a\x00b c\x00=\x00>", `<a b="c`,
		`<textarea>x</textareax></textarea>`, "<a b='&amp;\r\n&lt' c=&gt;>", `<a/b/c=d/>`,
		"<a @b=1 `b=2 Ab=3 ab=4 ab/>", // one nameSig: a duplicate, and not
		"<!--a-b->c--!x-->y<!--->z<!-- -!> -- >--!-->", "<!--x-", "<!--x>-",
	} {
		f.Add([]byte(s), false, uint8(0))
		f.Add([]byte(s), true, uint8(1))
	}
	f.Fuzz(func(t *testing.T, in []byte, cdata bool, notRaw uint8) {
		compareTokens(t, in, cdata, notRaw)
	})
}

// TestTokensCorpus compares the two tokenizers on the HTML corpus, when
// ../../../shared is there.
func TestTokensCorpus(t *testing.T) {
	dir := filepath.Join("..", "..", "..", "shared", "corpora", "html")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no corpus at " + dir)
	}
	n := 0
	filepath.WalkDir(dir, func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() || (filepath.Ext(path) != ".html" && filepath.Ext(path) != ".htm") {
			return nil
		}
		if testing.Short() && n%8 != 0 {
			n++
			return nil
		}
		n++
		in, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(filepath.Base(path), func(t *testing.T) { compareTokens(t, in, false, 3) })
		return nil
	})
}

func compareTokens(t *testing.T, in []byte, cdata bool, notRaw uint8) {
	t.Helper()
	orig := bytes.Clone(in)
	x := html.NewTokenizer(bytes.NewReader(in))
	z := New(in)
	// y keeps some attributes only, and must read the same tokens.
	y := New(in)
	keep := func(name []byte) int { return len(name) % 2 * len(name) }
	y.SetFilter(keep)
	for i := 0; ; i++ {
		x.AllowCDATA(cdata)
		z.AllowCDATA(cdata)
		y.AllowCDATA(cdata)
		xt, zt := x.Next(), z.Next()
		if yt := y.Next(); yt != zt || y.Offset() != z.Offset() || len(y.Raw()) != len(z.Raw()) {
			t.Fatalf("%q: token %d: filtered %v %q, fork %v %q", in, i, yt, y.Raw(), zt, z.Raw())
		}
		compareFiltered(t, in, i, z, y, keep)
		xraw := bytes.Clone(x.Raw())
		if xt != zt || !bytes.Equal(xraw, z.Raw()) {
			t.Fatalf("%q: token %d: fork %v %q, x/net %v %q", in, i, zt, z.Raw(), xt, xraw)
		}
		if len(z.Raw()) > 0 && &z.Raw()[0] != &in[z.Offset()] {
			t.Fatalf("%q: token %d: Raw is not the input at Offset %d", in, i, z.Offset())
		}
		if xt == html.ErrorToken {
			break
		}
		switch xt {
		case html.StartTagToken, html.SelfClosingTagToken, html.EndTagToken:
			compareTag(t, in, i, x, z)
			if xt == html.StartTagToken && notRaw != 0 && i%int(notRaw) == 0 {
				x.NextIsNotRawText()
				z.NextIsNotRawText()
				y.NextIsNotRawText()
			}
		}
	}
	if !bytes.Equal(in, orig) {
		t.Fatalf("%q: the fork modified its input", orig)
	}
}

func compareTag(t *testing.T, in []byte, i int, x *html.Tokenizer, z *Tokenizer) {
	t.Helper()
	xname, more := x.TagName()
	if name := norm(z.TagName()); name != string(xname) {
		t.Fatalf("%q: token %d: fork name %q, x/net %q", in, i, name, xname)
	}
	attrs := z.Attrs()
	k := 0
	for ; more; k++ {
		var key, val []byte
		key, val, more = x.TagAttr()
		if k >= len(attrs) {
			t.Fatalf("%q: token %d: fork has %d attributes, x/net more", in, i, len(attrs))
		}
		a := attrs[k]
		if got := norm(in[a.Key.Start:a.Key.End]); got != string(key) {
			t.Fatalf("%q: token %d: attribute %d: fork key %q, x/net %q", in, i, k, got, key)
		}
		if want, ok := attrValue(in[a.Val.Start:a.Val.End]); ok && want != string(val) {
			t.Fatalf("%q: token %d: attribute %d: fork value %q (read %q), x/net %q", in, i, k, in[a.Val.Start:a.Val.End], want, val)
		}
		if a.Quote != 0 && (!a.HasValue || in[a.Val.Start-1] != a.Quote || int(a.Val.End) < len(in) && in[a.Val.End] != a.Quote) {
			t.Fatalf("%q: token %d: attribute %d: quote %q does not stand around the value", in, i, k, a.Quote)
		}
		if a.Key.End > a.Val.Start || a.Val.End > a.End || int(a.End) > z.Offset()+len(z.Raw()) {
			t.Fatalf("%q: token %d: attribute %d: spans out of order: %+v", in, i, k, a)
		}
	}
	if k != len(attrs) {
		t.Fatalf("%q: token %d: fork has %d attributes, x/net %d", in, i, len(attrs), k)
	}
}

// compareFiltered checks that y, with the filter keep, keeps those of
// z's attributes that keep accepts.
func compareFiltered(t *testing.T, in []byte, i int, z, y *Tokenizer, keep func([]byte) int) {
	t.Helper()
	var want []Attr
	for _, a := range z.Attrs() {
		if a.Rule != 1 {
			t.Fatalf("%q: token %d: rule %d without a filter", in, i, a.Rule)
		}
		if a.Rule = int32(keep(in[a.Key.Start:a.Key.End])); a.Rule != 0 {
			want = append(want, a)
		}
	}
	if got := y.Attrs(); !slices.Equal(got, want) || y.NumAttrs() != len(z.Attrs()) || z.NumAttrs() != len(z.Attrs()) {
		t.Fatalf("%q: token %d: filtered attributes %+v of %d, want %+v of %d", in, i, got, y.NumAttrs(), want, len(z.Attrs()))
	}
}

// norm returns a name as x/net/html returns it: NUL replaced, lowered.
func norm(b []byte) string {
	b = bytes.ReplaceAll(b, []byte{0}, []byte("\uFFFD"))
	lower(b)
	return string(b)
}

// attrValue returns the value x/net/html reads from the raw value b: the
// value of b written in a tag of its own, and whether b can be so written.
func attrValue(b []byte) (string, bool) {
	q := byte('"')
	if bytes.IndexByte(b, q) >= 0 {
		q = '\''
		if bytes.IndexByte(b, q) >= 0 {
			return "", false
		}
	}
	tag := append(append(append([]byte("<a b="), q), b...), q, '>')
	x := html.NewTokenizer(bytes.NewReader(tag))
	x.Next()
	x.TagName()
	_, val, _ := x.TagAttr()
	return string(val), true
}

// TestTokensHashCollisions compares the two tokenizers on tags of many
// attributes with a hash of names that collides all the time, so that
// duplicates are told by the names kept beside the table.
func TestTokensHashCollisions(t *testing.T) {
	defer func(h func(maphash.Seed, []byte) uint64) { nameHash = h }(nameHash)
	nameHash = func(_ maphash.Seed, b []byte) uint64 { return uint64(len(b) % 3) }
	var b strings.Builder
	b.WriteString("<p")
	for i := range 300 {
		fmt.Fprintf(&b, " a%d=%d", i%97, i)
		if i%50 == 0 {
			b.WriteString(" A1=dup b c B")
		}
	}
	b.WriteString(" a5/>x<br a=1 b=2 c=3 d=4 e=5 f=6 g=7 h=8 i=9 j=10 A=11 a5=12 j=13/>")
	compareTokens(t, []byte(b.String()), false, 0)
}
