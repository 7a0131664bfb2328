package extract

import (
	"strings"
	"testing"
)

// TestHyperlinkField reads the HYPERLINK fields Word and LibreOffice
// write (ECMA-376 Part 1 §17.16.5.25).
func TestHyperlinkField(t *testing.T) {
	for _, tc := range []struct {
		code, ref string
		hyperlink bool
	}{
		{` HYPERLINK "https://e.example/p" \l "frag"`, "https://e.example/p#frag", true},
		{` HYPERLINK "https://e.example/chapter 2.html" \l "s"`, "https://e.example/chapter 2.html#s", true},
		{`HYPERLINK https://e.example/bare`, "https://e.example/bare", true},
		{`hyperlink \l "top"`, "#top", true},
		{`HYPERLINK "https://e.example/q" \o "a tip" \t "_blank"`, "https://e.example/q", true},
		{`HYPERLINK "https://e.example/#in" \l "other"`, "https://e.example/#in", true},
		{`HYPERLINK "C:\\docs\\a \"b\".doc"`, `C:\docs\a "b".doc`, true},
		{`HYPERLINK ""`, "", true},
		{`HYPERLINK`, "", true},
		{` PAGEREF _Toc1 \h `, "", false},
		{`INCLUDEPICTURE "https://e.example/p.png"`, "", false},
		{``, "", false},
		{`HYPERLINK "unclosed`, "unclosed", true},
	} {
		ref, hyperlink := hyperlinkField(tc.code)
		if ref != tc.ref || hyperlink != tc.hyperlink {
			t.Errorf("hyperlinkField(%q) = %q, %v, want %q, %v", tc.code, ref, hyperlink, tc.ref, tc.hyperlink)
		}
	}
}

// TestAnchorShowsHref: the text of an <a> element that shows the href's
// URI is not reported again; text that shows another is.
func TestAnchorShowsHref(t *testing.T) {
	for _, tc := range []struct {
		in   string
		opts Options
		want string
	}{
		{`<a href="https://x.example/a">https://x.example/a</a>`, Options{}, "https://x.example/a"},
		{`<a href="https://x.example">see HTTPS://X.example/ here</a>`, Options{}, "https://x.example"},
		{`<a href="/a">https://base.example/a</a>`, Options{}, "https://base.example/a"},
		{`<a href="https://good.example/">https://evil.example/</a>`, Options{}, "https://good.example/ https://evil.example/"},
		{`<a href="https://x.example/a">https://x.example/a</a>`, Options{Keep: true}, "https://x.example/a"},
		{`<a href="mailto:a@b.example">a@b.example</a>`, Options{Emails: true}, "mailto:a@b.example"},
		{`<a href="https://x.example/a">x</a> https://x.example/a`, Options{}, "https://x.example/a https://x.example/a"},
		{`<a name="n">https://x.example/a</a>`, Options{}, "https://x.example/a"},
		// Raw HTML in Markdown: the anchor's text up to its end tag, or
		// its paragraph's end.
		{"A <a href=\"https://x.example/\">https://x.example/</a> https://x.example/", Options{Type: Markdown}, "https://x.example/ https://x.example/"},
		{"A <a href=\"https://x.example/\">https://x.example/ and\n\nhttps://x.example/ again.", Options{Type: Markdown}, "https://x.example/ https://x.example/"},
		{"A <a href=\"https://x.example/\">*see* https://y.example/</a>", Options{Type: Markdown}, "https://x.example/ https://y.example/"},
	} {
		if tc.opts.Type == Auto {
			tc.opts.Type = HTML
		}
		tc.opts.Base = "https://base.example/"
		var got []string
		for l, err := range Links(strings.NewReader(tc.in), tc.opts) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.URI)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestRSTGrid reads grid tables: cells that span columns, a table without
// its bottom border, and hostile shapes in linear time.
func TestRSTGrid(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"+------+------+\n| `a <https:/ |\n| /a.ex/>`__  |\n+------+------+\n", "https://a.ex/"}, // a cell over both columns
		{"+--------+------+\n| `a <ht | x    |\n| tps:// | y    |\n| b.ex/> |      |\n| `__    |      |\n", "https://b.ex/"},
		{"+-----------+\n| see https |\n| ://c.ex/d |\n+-----------+\n", "https://c.ex/d"}, // pandoc's chunks of a bare URL
		{"  +---------------+\n  | e@example.org |\n  +---------------+\n", "mailto:e@example.org"},
		{"+-------+\n| alpha |\n| gamma |\n+-------+\n", ""}, // cell-wide words, no URL: apart
	} {
		var got []string
		for l, err := range Links(strings.NewReader(tc.in), Options{Type: RST}) {
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, l.URI)
		}
		if strings.Join(got, " ") != tc.want {
			t.Errorf("%q: got %q, want %q", tc.in, got, tc.want)
		}
	}
	for _, shape := range []func(n int) string{
		func(n int) string { return strings.Repeat("+-", n/2) + "+\n" + strings.Repeat("|\n", n/2) },
		func(n int) string { return strings.Repeat("+-", n/4) + "+\n" + strings.Repeat("| ", n/4) + "\n" },
		func(n int) string { return "+" + strings.Repeat("-", n/2) + "+\n" + strings.Repeat("| x|\n", n/8) },
		func(n int) string { return "+----------+\n| https:/x |\n" + strings.Repeat("| yyyyyyyy |\n", n/13) },
	} {
		steps := func(in string) int {
			src, err := newSource(&Options{})
			if err != nil {
				t.Fatal(err)
			}
			s := &rstScan{docScan: newDocScan([]byte(in), src, func(Link, error) bool { return true }, ContextRSTText), skip: -1, literalAfter: -1}
			s.eachLine(s.line)
			return s.steps
		}
		small, large := shape(4096), shape(8*4096)
		if ss, sl := steps(small), steps(large); sl > 8*ss+ss/2+64 {
			t.Errorf("%.20q...: %d steps at %d bytes, %d at %d: more than linear", small, ss, len(small), sl, len(large))
		}
	}
}
