package xmlscan

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/internal/fuzzlimit"
)

// stdTokens returns the tokens encoding/xml reads from in, one a line,
// consecutive text as one, and its error.
func stdTokens(in []byte) (string, error) {
	d := xml.NewDecoder(bytes.NewReader(in))
	var out strings.Builder
	var text []byte
	flush := func() {
		if len(text) > 0 {
			out.WriteString("T " + string(text) + "\n")
			text = text[:0]
		}
	}
	for {
		t, err := d.Token()
		if err == io.EOF {
			flush()
			return out.String(), nil
		}
		if err != nil {
			return out.String(), err
		}
		switch e := t.(type) {
		case xml.StartElement:
			flush()
			out.WriteString("S {" + e.Name.Space + "}" + e.Name.Local)
			for _, a := range e.Attr {
				out.WriteString(" {" + a.Name.Space + "}" + a.Name.Local + "=" + a.Value + ";")
			}
			out.WriteString("\n")
		case xml.EndElement:
			flush()
			out.WriteString("E {" + e.Name.Space + "}" + e.Name.Local + "\n")
		case xml.CharData:
			text = append(text, e...)
		}
	}
}

// scanTokens is stdTokens with a Scanner reading r.
func scanTokens(r io.Reader) (string, error) {
	s := NewScanner(r)
	var out strings.Builder
	var text []byte
	flush := func() {
		if len(text) > 0 {
			out.WriteString("T " + string(text) + "\n")
			text = text[:0]
		}
	}
	for {
		switch s.Next() {
		case EOF:
			flush()
			return out.String(), s.Err()
		case Start:
			flush()
			out.WriteString("S {" + s.Space() + "}" + string(s.Local()))
			for i := range s.Attrs() {
				out.WriteString(" {" + s.AttrSpace(i) + "}" + string(s.AttrLocal(i)) + "=" + string(s.AttrValue(i)) + ";")
			}
			out.WriteString("\n")
		case End:
			flush()
			out.WriteString("E {" + s.Space() + "}" + string(s.Local()) + "\n")
		case Text:
			text = append(text, s.Text()...)
		}
	}
}

// cases are inputs both readers accept, each a feature of XML.
var cases = []string{
	`<a/>`,
	`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>` + "\r\n" + `<a x='1' y="2"/>`,
	`<a xmlns="urn:d" xmlns:p="urn:p"><p:b p:c="1" d="2"><c/></p:b><q:e q:f="3"/></a>`,
	`<a xmlns:p="urn:1"><b xmlns:p="urn:2"><p:c/></b><p:c/></a>`,
	`<a xmlns:p="urn:1"><p:b xmlns:p=""><p:c/></p:b></a>`,
	`<a xml:lang="en" xmlns:xml="urn:x"/>`,
	`<a x="&lt;&gt;&amp;&apos;&quot;&#65;&#x42;&#x1F600;">t &amp; &#xD; &#10;</a>`,
	"<a x=\"1\r\n2\r3\">1\r\n2\r3\n</a>",
	`<a><![CDATA[x < y & z]]>]<![CDATA[]]><![CDATA[a]]b]]]></a>`,
	"<a><![CDATA[1\r\n2]]></a>",
	`<!DOCTYPE a [<!ENTITY e "x>y"> <!-- c > --> <!ELEMENT a ANY>]><a>x</a>`,
	`<a><!-- a comment - with > --><?pi data ?><?pi?>text</a>`,
	`<a   x = "1"	y='2'
	/><b></b  >`,
	`<a:b:c/>`[:0] + `<a:/><:b/><a: x:="1"/>`,
	`<w:t xml:space="preserve"> https://x.example/a?b=1&amp;c=2 </w:t>`,
	`<a x="1"y="2"/>`,
	`text outside<a/>more`,
	`<a>` + strings.Repeat("x", 100000) + `&amp;` + strings.Repeat("y", 100000) + "\r\n</a>",
	`<a>` + strings.Repeat("<b c='d'>e</b>", 10000) + `</a>`,
	`<a><![CDATA[` + strings.Repeat("]", 70000) + `]]></a>`,
	`<a><!--` + strings.Repeat("-x", 70000) + `--></a>`,
	`<a b="` + strings.Repeat("v", 100000) + `"/>`,
}

// TestSame checks that the Scanner reads the same tokens as encoding/xml
// from inputs that use each feature of XML, whole and one byte a read.
func TestSame(t *testing.T) {
	for i, in := range cases {
		want, err := stdTokens([]byte(in))
		if err != nil {
			t.Fatalf("case %d: encoding/xml: %v", i, err)
		}
		for _, r := range []io.Reader{strings.NewReader(in), iotest.OneByteReader(strings.NewReader(in)), iotest.HalfReader(strings.NewReader(in))} {
			got, err := scanTokens(r)
			if err != nil || got != want {
				t.Errorf("case %d (%.40q): error %v\n%s\nwant\n%s", i, in, err, clip(got), clip(want))
			}
		}
	}
}

func clip(s string) string {
	if len(s) > 400 {
		return s[:400] + "..."
	}
	return s
}

// TestSameParts reads the XML parts of the documents of extract's test
// data (written by LibreOffice, pandoc, Word) with both readers.
func TestSameParts(t *testing.T) {
	parts := 0
	for _, dir := range []string{"../../testdata/docs", "../../testdata/writers"} {
		files, _ := filepath.Glob(dir + "/*")
		for _, f := range files {
			zr, err := zip.OpenReader(f)
			if err != nil {
				continue
			}
			for _, zf := range zr.File {
				if !strings.HasSuffix(zf.Name, ".xml") && !strings.HasSuffix(zf.Name, ".rels") && !strings.HasSuffix(zf.Name, ".opf") {
					continue
				}
				rc, _ := zf.Open()
				in, _ := io.ReadAll(rc)
				rc.Close()
				want, err := stdTokens(in)
				if err != nil {
					continue
				}
				parts++
				if got, err := scanTokens(bytes.NewReader(in)); err != nil || got != want {
					t.Errorf("%s %s: error %v, tokens differ", f, zf.Name, err)
				}
			}
			zr.Close()
		}
	}
	if parts < 20 {
		t.Errorf("read %d parts, want the test documents'", parts)
	}
}

// TestErrors checks that what encoding/xml rejects in the structure is
// an error, at its place.
func TestErrors(t *testing.T) {
	for _, tc := range []struct{ in, msg string }{
		{`<a>`, "line 1: unexpected EOF"},
		{`<a><b></a>`, "line 1: element <b> closed by </a>"},
		{"<a>\n</b>", "line 2: element <a> closed by </b>"},
		{`</a>`, "unexpected end element </a>"},
		{`<a x=1/>`, "unquoted or missing attribute value"},
		{`<a x/>`, "attribute name without ="},
		{`<a x="<"/>`, "unescaped < inside quoted string"},
		{`<a>&foo;</a>`, "invalid character entity &foo;"},
		{`<a>&amp</a>`, "invalid character entity &amp (no semicolon)"},
		{`<a>&#0;</a>`, "invalid character entity &#0;"},
		{`<a>&#x110000;</a>`, "invalid character entity"},
		{`<a x="&bad;"/>`, "invalid character entity &bad;"},
		{`<a><!-- a -- b --></a>`, `invalid sequence "--" not allowed in comments`},
		{`<a><![CDATA[x</a>`, "unexpected EOF"},
		{`<a><!-- x</a>`, "unexpected EOF"},
		{`<?xml version="1.0" encoding="UTF-16"?><a/>`, `xml: encoding "UTF-16" declared`},
		{`<?xml version="1.1"?><a/>`, `unsupported version "1.1"`},
		{`<a b="1" c="2"`, "unexpected EOF"},
		{`<a></a b>`, "invalid characters between </a and >"},
		{`<a:b:c/>`, "expected element name"},
		{`<a/ >`, "expected /> in element"},
		{strings.Repeat("<a>", MaxDepth+1), "nested deeper"},
		{`<a b="` + strings.Repeat("v", MaxTag) + `"/>`, "tag longer than"},
	} {
		_, stdErr := stdTokens([]byte(tc.in))
		_, err := scanTokens(strings.NewReader(tc.in))
		var se *SyntaxError
		if !errors.As(err, &se) || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("%.40q: error %v, want %q (encoding/xml: %v)", tc.in, err, tc.msg, stdErr)
		}
	}
	errRead := errors.New("read failed")
	_, err := scanTokens(io.MultiReader(strings.NewReader("<a>"), iotest.ErrReader(errRead)))
	if !errors.Is(err, errRead) {
		t.Errorf("a read error: got %v", err)
	}
}

// hostile are inputs of n bytes shaped to make a reader go back over
// what it read: long tags, text, comments and references cut at every
// read.
var hostile = []struct {
	name string
	doc  func(n int) string
}{
	{"long tag", func(n int) string { return "<a b=\"" + strings.Repeat("v", n) + "\"/>" }},
	{"many attributes", func(n int) string { return "<a" + strings.Repeat(` b="c"`, n/6) + "/>" }},
	{"tags", func(n int) string { return "<r>" + strings.Repeat("<a b='1'/>", n/10) + "</r>" }},
	{"deep", func(n int) string {
		return strings.Repeat("<a>", min(n/3, MaxDepth)) + strings.Repeat("x", n/2) + strings.Repeat("</a>", min(n/3, MaxDepth))
	}},
	{"text refs", func(n int) string { return "<a>" + strings.Repeat("&amp;x&#65;", n/10) + "</a>" }},
	{"CRs", func(n int) string { return "<a>" + strings.Repeat("\r", n) + "</a>" }},
	{"cdata", func(n int) string { return "<a><![CDATA[" + strings.Repeat("]]", n/2) + "]]></a>" }},
	{"comment", func(n int) string { return "<a><!--" + strings.Repeat("-a", n/2) + "--></a>" }},
	{"pi", func(n int) string { return "<a><?p " + strings.Repeat("??", n/2) + "?></a>" }},
	{"doctype", func(n int) string { return "<!DOCTYPE a [" + strings.Repeat("<x '>'>", n/7) + "]><a/>" }},
	{"decl", func(n int) string { return "<?xml " + strings.Repeat(" ", n) + "?><a/>" }},
}

// TestLinear reads each hostile shape at n and 8n bytes, whole and in
// reads of half what is asked, and checks that the bytes examined again
// (Work) are at most 4 a byte of input at both sizes, and that the bytes
// allocated grow about 8 times, not 64.
func TestLinear(t *testing.T) {
	const n = 256 << 10
	for _, tc := range hostile {
		for _, oneByte := range []bool{false, true} {
			var work, alloc [2]int64
			for k, size := range []int{n, 8 * n} {
				in := tc.doc(size)
				var r io.Reader = strings.NewReader(in)
				if oneByte {
					r = iotest.HalfReader(r)
				}
				var m0, m1 runtime.MemStats
				runtime.ReadMemStats(&m0)
				s := NewScanner(r)
				for s.Next() != EOF {
					s.Text()
					if s.kind == Start {
						for i := range s.Attrs() {
							s.AttrValue(i)
						}
					}
				}
				runtime.ReadMemStats(&m1)
				if err := s.Err(); err != nil {
					t.Fatalf("%s: %v", tc.name, err)
				}
				work[k], alloc[k] = s.Work, int64(m1.TotalAlloc-m0.TotalAlloc)
			}
			if work[0] > 4*int64(len(tc.doc(n)))+bufSize || work[1] > 4*int64(len(tc.doc(8*n)))+bufSize {
				t.Errorf("%s (half reads %v): work %d at n, %d at 8n: more than linear", tc.name, oneByte, work[0], work[1])
			}
			if alloc[1] > 16*alloc[0]+1<<20 {
				t.Errorf("%s (half reads %v): %d bytes allocated at n, %d at 8n: more than linear", tc.name, oneByte, alloc[0], alloc[1])
			}
		}
	}
}

// FuzzSame checks that what encoding/xml reads without error the Scanner
// reads too, with the same tokens, names, namespaces, attributes and
// text, in one read or one byte a read.
func FuzzSame(f *testing.F) {
	for _, c := range cases {
		if len(c) < 1024 {
			f.Add([]byte(c))
		}
	}
	if b, err := os.ReadFile("testdata/seed.xml"); err == nil {
		f.Add(b)
	}
	fuzzlimit.Minimize()
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 4<<10 {
			return
		}
		want, stdErr := stdTokens(in)
		got, err := scanTokens(bytes.NewReader(in))
		if got2, err2 := scanTokens(iotest.OneByteReader(bytes.NewReader(in))); got2 != got || (err == nil) != (err2 == nil) {
			t.Fatalf("one byte a read: %q, %v; whole: %q, %v", got2, err2, got, err)
		}
		if stdErr == nil && err != nil {
			t.Fatalf("encoding/xml reads it, the Scanner fails: %v\n%s", err, want)
		}
		if stdErr == nil && err == nil && got != want {
			t.Fatalf("tokens differ:\n%s\nwant\n%s", got, want)
		}
	})
}
