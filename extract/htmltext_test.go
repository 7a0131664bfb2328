package extract

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestHTMLLinkText checks the Link.Text of HTML links: an anchor's text,
// white space collapsed and at most maxLinkText bytes, an image's alt,
// and nothing for others; with the links still in document order.
func TestHTMLLinkText(t *testing.T) {
	long := strings.Repeat("é", 150) // 300 bytes
	tests := []struct {
		page string
		want []string // uri=text of each link
	}{
		{`<a href=a>  the <b>big</b>
		 doc&amp;s </a>`, []string{"a=the big doc&s"}},
		{`<a href=a>one<a href=b>two</a> after`, []string{"a=one", "b=two"}},
		{`<a href=a>x<br>y</a>`, []string{"a=x y"}},
		{`<a href=a>unclosed`, []string{"a=unclosed"}},
		{`<a href=a><script>var s = "no"</script>yes</a>`, []string{"a=yes"}},
		{`<a href=a><img src=i alt=" an  image ">pic</a><a name=n>not a link</a>`, []string{"a=pic", "i=an image"}},
		{`<a href=a ping=p style="background:url(c)">t</a>`, []string{"a=t", "p=t", "c=t"}},
		{`<a href=a>http://b.example/ text</a>`, []string{"a=http://b.example/ text", "http://b.example/="}},
		{`<link href=l><area href=r alt=x><img srcset="s 1x, s2 2x" alt=S>`, []string{"l=", "r=", "s=S", "s2=S"}},
		{`<a href=a>` + long + `</a>`, []string{"a=" + long[:maxLinkText]}},
		{`<a href=a>x` + long + `</a>`, []string{"a=x" + long[:maxLinkText-2]}},
	}
	for _, tc := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tc.page), Options{Type: HTML}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.URI+"="+l.Text)
			if len(l.Text) > maxLinkText || !utf8.ValidString(l.Text) {
				t.Errorf("%s: text %q: over %d bytes or not UTF-8", tc.page, l.Text, maxLinkText)
			}
		}
		if fmt.Sprint(got) != fmt.Sprint(tc.want) {
			t.Errorf("%s:\n got %q\nwant %q", tc.page, got, tc.want)
		}
	}
}

// TestHTMLLinkTextBounded checks that the links of an <a> element wait
// for its text in bounded memory: an anchor holding very many images and
// no text goes out when the batch is full, with the links in order.
func TestHTMLLinkTextBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<a href=a>`)
	for i := range 10 * maxAnchorBatch {
		fmt.Fprintf(&b, `<img src=%d>`, i)
	}
	b.WriteString(`late text</a>`)
	p := parsePage([]byte(b.String()), nil)
	n, maxBatch := 0, 0
	p.walk(func(r *htmlRef) bool {
		maxBatch = max(maxBatch, len(p.batch))
		if n == 0 && (r.ref != "a" || r.text != "") {
			t.Errorf("first value %q text %q, want a without text", r.ref, r.text)
		}
		if n > 0 && r.ref != fmt.Sprint(n-1) {
			t.Fatalf("value %d is %q: out of order", n, r.ref)
		}
		n++
		return true
	})
	if n != 10*maxAnchorBatch+1 || maxBatch > maxAnchorBatch+refBatch {
		t.Errorf("%d values, batch up to %d; want %d, at most %d", n, maxBatch, 10*maxAnchorBatch+1, maxAnchorBatch+refBatch)
	}
}

// TestHTMLLinkTextOptions checks that the text of an <a> element does not
// depend on the options that say which text nodes can hold a URI: the
// text nodes that cannot, though walk does not hand them out, count
// among the values held while it reads the text (maxAnchorBatch), as
// every text node with ':', '.', '<' or '&' did before (see page.text).
func TestHTMLLinkTextOptions(t *testing.T) {
	for _, inner := range []string{"<textarea>a.b</textarea>", "<title>1 < 2</title>", "<textarea>a:b</textarea>"} {
		page := `<a href="http://x.example/">head ` + strings.Repeat(inner, maxAnchorBatch+10) + ` tail</a>`
		for _, opts := range []Options{{}, {Abbreviated: true}, {AngleRelative: true}, {Abbreviated: true, AngleRelative: true}} {
			opts.Type = HTML
			var got []string
			for l, err := range Links(strings.NewReader(page), opts) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, l.Text)
			}
			// The batch is full before " tail": the text read so far.
			if len(got) != 1 || got[0] != "head" {
				t.Errorf("%d × %s, Abbreviated %v, AngleRelative %v: texts %q, want [head]", maxAnchorBatch+10, inner, opts.Abbreviated, opts.AngleRelative, got)
			}
		}
	}
}

// TestNoText scans the fixtures with and without Options.NoText: the
// links must be the same, with no Text (an anchor's text, an alt, a
// header field, the text around a link) in the second scan.
func TestNoText(t *testing.T) {
	texts := 0
	files := checkLeftOut(t, []string{"html/*.html", "html/*/*.html", "mail/*.eml", "mbox/*.mbox", "saved/*.html", "markdown/*.md"},
		[]Options{{}, {TextAround: true, Emails: true}},
		func(o *Options) { o.NoText = true },
		func(l *Link) {
			if l.Text != "" {
				texts++
				l.Text = ""
			}
		})
	if files < 30 || texts < 100 {
		t.Fatalf("%d files, %d links with a text: too few to tell", files, texts)
	}
}

// checkLeftOut scans each fixture the patterns match under each of opts
// (named for the file), then again with set applied to the options: the
// second scan's links must be the first's once clear has removed from
// them what set leaves out. clear sees every link of the first scans.
// It returns the number of files.
func checkLeftOut(t *testing.T, patterns []string, opts []Options, set func(*Options), clear func(*Link)) int {
	t.Helper()
	var files []string
	for _, pattern := range patterns {
		more, err := filepath.Glob(filepath.Join("testdata", pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, more...)
	}
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		scan := func(o Options, clear func(*Link)) []string {
			var out []string
			for l, err := range Links(bytes.NewReader(b), o) {
				if clear != nil {
					clear(&l)
				}
				out = append(out, fmt.Sprintf("%+v %v", l, err))
			}
			return out
		}
		for _, o := range opts {
			o.Name = name
			want := scan(o, clear)
			set(&o)
			if got := scan(o, nil); !slices.Equal(got, want) {
				t.Errorf("%s %+v:\n%s\nwant\n%s", name, o, strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
		}
	}
	return len(files)
}
