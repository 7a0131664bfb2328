package extract

import (
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/base"
	"github.com/urix/urix/uri"
)

// emitAll hands refs, as a scanner would, to the emit of the source opts
// describe, and returns what comes out.
func emitAll(t *testing.T, opts Options, refs ...Link) []Link {
	t.Helper()
	src, err := newSource(&opts)
	if err != nil {
		t.Fatalf("newSource(%+v): %v", opts, err)
	}
	var got []Link
	for _, l := range refs {
		src.emit(l, func(l Link, err error) bool {
			if err != nil {
				t.Fatalf("emit(%q): %v", l.Ref, err)
			}
			got = append(got, l)
			return true
		})
	}
	return got
}

func uris(links []Link) []string {
	var out []string
	for _, l := range links {
		out = append(out, l.URI)
	}
	return out
}

func text(ref string) Link { return Link{Ref: ref, Style: "bare", Context: "text"} }
func attr(ref string) Link {
	return Link{Ref: ref, Style: "html", Context: "html", Tag: "a", Attr: "href"}
}

func TestEmitResolves(t *testing.T) {
	got := emitAll(t, Options{Name: "page.html", Base: "http://a/b/c/d;p?q"},
		attr("g"), attr("../x"), attr("#s"), attr(""), attr("//g"), text("http://x.example/a/./b/../c"))
	want := []string{"http://a/b/c/g", "http://a/b/x", "http://a/b/c/d;p?q#s", "http://a/b/c/d;p?q", "http://g", "http://x.example/a/c"} // RFC 3986 §5.4.1, §5.2.2
	if !slices.Equal(uris(got), want) {
		t.Fatalf("resolved = %q, want %q", uris(got), want)
	}
	l := got[0]
	if l.File != "page.html" || l.Base != "http://a/b/c/d;p?q" || l.BaseSource != base.Retrieval || l.Ref != "g" || len(l.Warnings) != 0 {
		t.Errorf("link for g = %+v; want File page.html, Base http://a/b/c/d;p?q (retrieval), Ref g, no warnings", l)
	}
}

func TestEmitBaseLayers(t *testing.T) {
	tests := []struct {
		opts     Options
		wantBase string
		wantSrc  base.Source
	}{
		{Options{Name: "-", Default: "http://default.example/d/"}, "http://default.example/d/", base.Default},
		{Options{Name: "", Default: "http://default.example/d/"}, "http://default.example/d/", base.Default},
		{Options{Name: "/srv/www/p q.html", Default: "http://default.example/d/"}, "file:///srv/www/p%20q.html", base.Retrieval}, // §5.1.4 only when nothing else
		{Options{Name: "/srv/www/p.html", Base: "http://given.example/p"}, "http://given.example/p", base.Retrieval},
		{Options{Name: "-"}, "", base.None},
	}
	for _, tt := range tests {
		got := emitAll(t, tt.opts, attr("x"))
		if len(got) != 1 || got[0].Base != tt.wantBase || got[0].BaseSource != tt.wantSrc {
			t.Errorf("%+v: link = %+v; want base %q (%v)", tt.opts, got, tt.wantBase, tt.wantSrc)
		}
	}
}

// TestEmitBaseShared checks each link's Base where the copies of a
// source, which share the base string last made (baseString), take turns
// with different bases: a page's base element, its empty form actions
// (the document's URL) and its other links; the parts of a message with
// their own Content-Base or their message's.
func TestEmitBaseShared(t *testing.T) {
	tests := []struct {
		typ  Type
		in   string
		want []string // Ref|Base of each link
	}{
		{HTML, `<base href="http://b.example/d/"><form action=""><a href="x"></a></form><form action=""></form><a href="y">`,
			[]string{"http://b.example/d/|http://r.example/p", "|http://r.example/p", "x|http://b.example/d/", "|http://r.example/p", "y|http://b.example/d/"}},
		{Mail, "Content-Type: multipart/related; boundary=b\nContent-Base: http://m.example/\n\n" +
			"--b\nContent-Type: text/html\nContent-Base: http://p.example/\n\n<a href=\"1\">\n" +
			"--b\nContent-Type: text/html\n\n<a href=\"2\">\n" +
			"--b\nContent-Type: text/html\nContent-Base: http://q.example/\n\n<a href=\"3\">\n" +
			"--b\nContent-Type: text/plain\n\nhttp://t.example/4\n--b--\n",
			[]string{"http://m.example/|http://r.example/p", "http://p.example/|http://m.example/", "1|http://p.example/",
				"2|http://m.example/", "http://q.example/|http://m.example/", "3|http://q.example/", "http://t.example/4|http://m.example/"}},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tt.in), Options{Type: tt.typ, Base: "http://r.example/p"}) {
			if err != nil {
				t.Fatalf("%v: %v", tt.typ, err)
			}
			got = append(got, l.Ref+"|"+l.Base)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v: links (Ref|Base)\n%q\nwant\n%q", tt.typ, got, tt.want)
		}
	}
}

func TestEmitNoBase(t *testing.T) {
	got := emitAll(t, Options{Name: "-"}, attr("g/h"), attr("#frag"), text("http://a/b"))
	if len(got) != 3 {
		t.Fatalf("got %d links, want 3", len(got))
	}
	// §5.1, requirement C-18: nothing to resolve against; kept as written.
	if got[0].URI != "g/h" || len(got[0].Warnings) != 1 || !strings.HasPrefix(got[0].Warnings[0], "unresolved: ") {
		t.Errorf("relative with no base = %+v; want URI g/h and an unresolved warning", got[0])
	}
	if got[1].URI != "#frag" || len(got[1].Warnings) != 0 {
		t.Errorf("fragment with no base = %+v; want URI #frag, no warning (§4.4 same-document)", got[1])
	}
	if got[2].URI != "http://a/b" || got[2].Base != "" {
		t.Errorf("absolute with no base = %+v; want URI http://a/b and no base", got[2])
	}
}

func TestEmitKeep(t *testing.T) {
	got := emitAll(t, Options{Base: "http://a/b/c", Keep: true}, attr("../x"), attr(" y\n/z "), text("http://a/./b"))
	// As written: no resolution, no dot-segment removal.
	want := []string{"../x", " y\n/z ", "http://a/./b"}
	if !slices.Equal(uris(got), want) {
		t.Errorf("Keep: URIs = %q, want %q", uris(got), want)
	}
}

func TestEmitNormalize(t *testing.T) {
	got := emitAll(t, Options{Base: "HTTP://Example.COM:80/a/b", Normalize: true},
		text("HTTP://Example.COM:80/%7euser/./a/../b?%3f#%7E"), attr("%7e/c"))
	// §6.2.2.1 case, §6.2.2.2 unreserved decoded, §6.2.2.3 dot-segments, §6.2.3 default port.
	want := []string{"http://example.com/~user/b?%3F#~", "http://example.com/a/~/c"}
	if !slices.Equal(uris(got), want) {
		t.Errorf("Normalize: URIs = %q, want %q", uris(got), want)
	}
}

func TestEmitUnique(t *testing.T) {
	in := []Link{text("http://a.example/x"), attr("http://a.example/x"), text("HTTP://A.example:80/x"), text("http://a.example/%78"), text("http://a.example/y")}
	tests := []struct {
		unique Unique
		want   []string
	}{
		{UniqueNone, []string{"http://a.example/x", "http://a.example/x", "HTTP://A.example:80/x", "http://a.example/%78", "http://a.example/y"}},
		{UniqueExact, []string{"http://a.example/x", "HTTP://A.example:80/x", "http://a.example/%78", "http://a.example/y"}},
		{UniqueNormalized, []string{"http://a.example/x", "http://a.example/y"}}, // §6.2.2, §6.2.3 equivalent
	}
	for _, tt := range tests {
		if got := uris(emitAll(t, Options{Unique: tt.unique}, in...)); !slices.Equal(got, tt.want) {
			t.Errorf("Unique %d: URIs = %q, want %q", tt.unique, got, tt.want)
		}
	}
}

func TestEmitSchemes(t *testing.T) {
	in := []Link{text("http://a/"), text("HTTPS://b/"), text("mailto:x@y"), text("ftp://c/"), attr("rel")}
	got := uris(emitAll(t, Options{Name: "-", Schemes: []string{"https", "MAILTO:"}}, in...))
	if want := []string{"HTTPS://b/", "mailto:x@y"}; !slices.Equal(got, want) {
		t.Errorf("Schemes https,mailto: URIs = %q, want %q", got, want)
	}
	got = uris(emitAll(t, Options{Base: "http://base/", Schemes: []string{"http"}}, in...))
	if want := []string{"http://a/", "http://base/rel"}; !slices.Equal(got, want) {
		t.Errorf("Schemes http under an http base: URIs = %q, want %q (the scheme of the resolved URI counts)", got, want)
	}
}

func TestEmitAbsolute(t *testing.T) {
	in := []Link{attr("rel/x"), attr("//net/x"), attr("/abs/x"), attr("http://a/x"), text("http://[bad")}
	got := uris(emitAll(t, Options{Base: "http://base/", Absolute: true}, in...))
	if want := []string{"http://a/x"}; !slices.Equal(got, want) {
		t.Errorf("Absolute: URIs = %q, want %q", got, want)
	}
}

func TestEmitInvalid(t *testing.T) {
	got := emitAll(t, Options{Base: "http://base/"}, text("http://[bad"))
	if len(got) != 1 || got[0].URI != "http://[bad" || len(got[0].Warnings) != 1 || !strings.HasPrefix(got[0].Warnings[0], "invalid-reference: ") {
		t.Errorf("invalid reference = %+v; want it kept as written with an invalid-reference warning", got)
	}
}

func TestEmitRepairWarnings(t *testing.T) {
	got := emitAll(t, Options{Base: "http://a/b/"}, attr(`x\y z`))
	if len(got) != 1 || got[0].URI != "http://a/b/x/y%20z" || len(got[0].Warnings) != 2 {
		t.Fatalf(`attribute x\y z = %+v; want http://a/b/x/y%%20z with two repair warnings`, got)
	}
	// Text is not HTML: no browser repair, a backslash stays invalid.
	got = emitAll(t, Options{Base: "http://a/b/"}, text(`x\y`))
	if len(got) != 1 || got[0].URI != `x\y` {
		t.Errorf(`text x\y = %+v; want it kept as an invalid reference`, got)
	}
}

func TestEmitSecurityWarnings(t *testing.T) {
	in := []Link{text("http://www.bank.example@0x7f.1/")}
	if got := emitAll(t, Options{}, in...); len(got) != 1 || len(got[0].Warnings) != 0 {
		t.Errorf("without Warnings: %+v; want no warnings", got)
	}
	got := emitAll(t, Options{Warnings: true}, in...)
	if len(got) != 1 {
		t.Fatalf("got %d links, want 1", len(got))
	}
	u, _ := uri.Parse(in[0].Ref)
	var want []string
	for _, w := range u.SecurityWarnings() {
		want = append(want, w.String())
	}
	// §7.5 userinfo imitating a host, §7.3 a rare IPv4 form.
	if len(want) < 2 || !slices.Equal(got[0].Warnings, want) {
		t.Errorf("with Warnings: %q; want the URI's security warnings %q (at least 2)", got[0].Warnings, want)
	}
}

func TestEmitSourceWarnings(t *testing.T) {
	opts := Options{Base: "http://a/"}
	src, err := newSource(&opts)
	if err != nil {
		t.Fatal(err)
	}
	src.warnings = []string{"base: ignored"}
	var got []Link
	yield := func(l Link, err error) bool { got = append(got, l); return true }
	src.emit(attr("x y"), yield)
	src.emit(attr("z"), yield)
	if len(got) != 2 || len(got[0].Warnings) != 2 || got[0].Warnings[0] != "base: ignored" || len(got[1].Warnings) != 1 {
		t.Errorf("links = %+v; want the source warning first on each, and the repair on the first only", got)
	}
	if len(src.warnings) != 1 {
		t.Errorf("source warnings changed to %q", src.warnings)
	}
}

func TestLinksBadBase(t *testing.T) {
	var errs []error
	for l, err := range Links(strings.NewReader("http://a/"), Options{Type: Text, Base: "relative/only"}) {
		if err == nil {
			t.Errorf("link %+v after an invalid base", l)
		}
		errs = append(errs, err)
	}
	var e *Error
	if len(errs) != 1 || !errors.As(errs[0], &e) || !errors.Is(errs[0], uri.ErrNotAbsolute) {
		t.Errorf("errors = %v; want one *Error wrapping uri.ErrNotAbsolute", errs)
	}
}

func TestErrorString(t *testing.T) {
	tests := []struct {
		err  Error
		want string
	}{
		{Error{File: "in.mbox", Message: 3, Part: "2.1", Offset: 120, Err: errors.New("bad")}, "extract: in.mbox: message 3: part 2.1: offset 120: bad"},
		{Error{File: "a.html", Offset: -1, Err: errors.New("bad")}, "extract: a.html: bad"},
		{Error{Offset: -1, Err: errors.New("bad")}, "extract: bad"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
	cause := errors.New("cause")
	if e := (&Error{Err: cause}); !errors.Is(e, cause) {
		t.Error("errors.Is does not see through *Error")
	}
}

func TestLinksErrors(t *testing.T) {
	boom := errors.New("boom")
	for _, typ := range []Type{Auto, Text} {
		r := io.MultiReader(strings.NewReader("see http://a.example/ and "), iotest.ErrReader(boom))
		var got []string
		var errs []error
		for l, err := range Links(r, Options{Type: typ, Name: "in.txt"}) {
			if err != nil {
				errs = append(errs, err)
				continue
			}
			got = append(got, l.URI)
		}
		var e *Error
		// Auto meets the error while sniffing, before any link.
		if len(errs) != 1 || !errors.Is(errs[0], boom) || !errors.As(errs[0], &e) || e.File != "in.txt" {
			t.Errorf("type %v: links %q, errors %v; want one *Error for in.txt wrapping the read error", typ, got, errs)
		}
		if typ == Text && !slices.Equal(got, []string{"http://a.example/"}) {
			t.Errorf("text: links before the read error %q, want [http://a.example/]", got)
		}
	}
	for l, err := range Links(strings.NewReader("x"), Options{Type: Type(42)}) {
		if !errors.Is(err, ErrUnknownType) {
			t.Errorf("Type(42): %+v, %v; want ErrUnknownType", l, err)
		}
	}
}

// TestUniqueAcrossParts: Unique holds for the whole input, across the
// messages of an mbox and the parts scanners emit through copies of the
// source.
func TestUniqueAcrossParts(t *testing.T) {
	const mbox = "From a@example.com Sat Jan  3 01:05:34 1996\nFrom: a@example.com\nSubject: one\n\nsee http://dup.example/x and http://one.example/\n\n" +
		"From b@example.com Sat Jan  3 01:06:34 1996\nFrom: b@example.com\nSubject: two\n\nagain http://dup.example/x\n"
	var got []string
	for l, err := range Links(strings.NewReader(mbox), Options{Type: Mbox, Unique: UniqueExact}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.URI)
	}
	if want := []string{"http://dup.example/x", "http://one.example/"}; !slices.Equal(got, want) {
		t.Errorf("unique links of the mbox = %q, want %q", got, want)
	}
}

// TestEmitAllocs checks that emit allocates nothing for the common link,
// an absolute reference that resolving leaves as it is: its URI is the
// string it was parsed from, not a recomposed copy.
func TestEmitAllocs(t *testing.T) {
	opts := Options{Base: "http://example.com/docs/guide/index.html"}
	src, err := newSource(&opts)
	if err != nil {
		t.Fatal(err)
	}
	yield := func(Link, error) bool { return true }
	for _, l := range []Link{text("https://www.ietf.org/rfc/rfc3986.txt"), attr(" http://example.com/a/b?c=d#e "), attr("mailto:a@example.com")} {
		if n := testing.AllocsPerRun(100, func() { src.emit(l, yield) }); n != 0 {
			t.Errorf("emit(%q): %v allocations, want 0", l.Ref, n)
		}
	}
}
