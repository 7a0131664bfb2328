package delimit

import (
	"bytes"
	"fmt"
	"slices"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/uri"
)

// FuzzScanner checks the invariants of any scan: spans inside the input,
// increasing and apart; every URI parses with package uri, as an absolute
// URI unless reported as relative, and every template is its Ref and
// parses once its expressions are filled in; Ref is the input span less
// the whitespace and quote or comment markers removed; one-byte reads
// change nothing.
func FuzzScanner(f *testing.F) {
	f.Add([]byte("see <http://example.com/a-\n> b> and \"mailto:a@b.example\""), true)
	f.Add([]byte("(http://x.example/a_(b)) 'tel:+1' www.example.com/p"), true)
	f.Add([]byte("fe80::1:feed:x 2001:db8::aaa://h.example/ Note: http://a.example/ 0:http://b.example/"), false)
	f.Add([]byte("<<http://a.example/> <x:y><x:y/></x:z> <x:y> WWW.example.com. Ftp.example.org <</p/q>"), true)
	f.Add([]byte("See https://de.wikipedia.org/wiki/K\xc3\xb6ln \xe8\xae\xbf\xe9\x97\xaehttp://example.com\xe6\x9f\xa5 <http://b.example/\xe6\x9d\xb1|x> \"http://c.example/\xc3\xa9\""), true)
	f.Add([]byte("http://t.example/l?ids[]=1 https://e.example/#a#b http://e.example/100% _https://e.example/b_ 'http://x/Fermat's_L', s3://b/k"), true)
	f.Add([]byte("https://example.org[Site] link:https://x.example/a[t] http://a_b.example.com/ \xe2\x80\x8bhttp://z.example/a\xe2\x80\xae"), false)
	f.Add([]byte("fa https://fa.example/می‌خ x/ന്‍ 见http://example.com/中文?q=中 搜http://b.example/s?wd=中文 Intel·ligència http://e.example/a!🙂 http://x/'a' http://y/( —"), true)
	f.Add([]byte("<https://s.example/a|Label x> https://example.com's **https://e.example/a**です 请~~https://e.example/o~~已"), false)
	f.Add([]byte("M=https://m.example,b https://x:%[1]s@g.example/r https://e.example/p[Docs] ?a[]=1 https://a.example/u/{user}/k ${a b} {{ id }} %{v} %s\n// https://c.example/a-\n// b ## Info:Configure https://c.example/在这 data:x\n# http://d.example/a-  "), false)
	f.Fuzz(func(t *testing.T, in []byte, extra bool) {
		opts := Options{Abbreviated: extra, Relative: extra, AnyScheme: extra, MaxLength: 200}
		orig := string(in)
		ms := slices.Collect(All(in, opts))
		if string(in) != orig {
			t.Fatalf("%q: All wrote into its input", orig)
		}
		// AllString scans orig in place, which is safe only because All
		// writes nothing.
		if got := slices.Collect(AllString(orig, opts)); !equalMatches(got, ms) {
			t.Fatalf("%q: AllString gives\n%v\nAll gives\n%v", orig, got, ms)
		}
		var prev int64
		for _, m := range ms {
			if m.Start < prev || m.End <= m.Start || m.End > int64(len(in)) {
				t.Fatalf("%q: span [%d,%d) out of order or bounds (previous end %d)", in, m.Start, m.End, prev)
			}
			prev = m.End
			if len(m.URI) > opts.MaxLength {
				t.Errorf("%q: %q is longer than MaxLength", in, m.URI)
			}
			u, err := parseReported(m, m.URI)
			if err != nil {
				t.Errorf("%q: reported %q does not parse: %v", in, m.URI, err)
			} else if u.IsAbs() == m.Relative {
				t.Errorf("%q: %q has Relative=%v", in, m.URI, m.Relative)
			}
			for _, alt := range m.Alternatives {
				if _, err := parseReported(m, alt); err != nil {
					t.Errorf("%q: alternative %q does not parse: %v", in, alt, err)
				}
			}
			if !refOfSpan(m.Ref, in[m.Start:m.End], m.Joined) {
				t.Errorf("%q: Ref %q is not the span %q less removed whitespace", in, m.Ref, in[m.Start:m.End])
			}
			line := 1 + bytes.Count(in[:m.Start], []byte{'\n'})
			col := int(m.Start) - (bytes.LastIndexByte(in[:m.Start], '\n') + 1) + 1
			if m.Line != line || m.Column != col {
				t.Errorf("%q: %q at %d:%d, want %d:%d", in, m.URI, m.Line, m.Column, line, col)
			}
		}
		if got := scanAll(t, iotest.OneByteReader(bytes.NewReader(in)), opts); !equalMatches(got, ms) {
			t.Errorf("%q: one-byte reads give %v, whole input %v", in, got, ms)
		}
		// The colons and '<' that the finders pass over (a label, a hex
		// run, "<<") must lose nothing.
		if got := scanEveryTrigger(in, opts); !equalMatches(got, ms) {
			t.Errorf("%q: every trigger looked at gives %v, the finders %v", in, got, ms)
		}
	})
}

// refOfSpan reports whether ref is the span of input it was found in, or,
// when joined, the span less some whitespace, NBSP and quote markers.
func refOfSpan(ref string, span []byte, joined bool) bool {
	if !joined {
		return ref == string(span)
	}
	k := 0
	for _, c := range span {
		if k < len(ref) && ref[k] == c {
			k++
			continue
		}
		if class[c]&cSpace == 0 && c != 0xC2 && c != 0xA0 && !isPrefixByte(c) {
			return false
		}
	}
	return k == len(ref)
}

// isPrefixByte reports whether c may be in the quote or comment prefix of
// a line (linePrefix), which a URI wrapped across lines does not hold.
func isPrefixByte(c byte) bool {
	return c == '>' || c == '/' || c == '!' || c == '#' || c == ';' || c == '*' || c == '-'
}

// parseReported parses text, the URI or the Alt of m: a template once its
// expressions are filled in, and then as mapped, when it is one.
func parseReported(m Match, text string) (uri.URI, error) {
	if m.Style != Template {
		return uri.Parse(text)
	}
	if m.URI != m.Ref {
		return uri.URI{}, fmt.Errorf("template %q is not its Ref %q", m.URI, m.Ref)
	}
	filled, ok := fillTemplate([]byte(text))
	if !ok {
		return uri.URI{}, fmt.Errorf("template %q holds no expression", text)
	}
	u, _, _, err := parseOrMap(filled)
	return u, err
}
