package extract

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"
)

// watLine is a link of a WAT file as testdata/wat/sample.links has it.
func watLine(l Link) string {
	return strings.Join([]string{l.URI, l.Ref, l.Tag, l.Attr, l.Rel, l.Text, l.Base, l.BaseSource.String(), l.WARCRecord, l.WARCTarget, l.WARCDate}, "\t")
}

// watLinks returns the links and errors of in, one a line as watLine
// writes them, an error as "error\t", the record's ID and target, and
// its message.
func watLinks(t *testing.T, in []byte, opts Options) []string {
	t.Helper()
	var got []string
	for l, err := range Links(bytes.NewReader(in), opts) {
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrWAT) {
				t.Errorf("error %v, want an *Error wrapping ErrWAT", err)
			}
			got = append(got, "error\t"+e.WARCRecord+" "+e.WARCTarget+": "+e.Err.Error())
			continue
		}
		switch {
		case l.Context == ContextHTTPHeader:
			if want := map[string]Style{"Link": StyleAngle, "Location": StyleBare}[l.Header]; l.Style != want || want == "" {
				t.Errorf("%s: header %q, style %s, want Link and angle or Location and bare", l.URI, l.Header, l.Style)
			}
		case l.Context != ContextHTML && l.Tag != "meta" || l.Style != StyleHTML:
			t.Errorf("%s: context %s, style %s, want html, html", l.URI, l.Context, l.Style)
		}
		got = append(got, watLine(l))
	}
	return got
}

// TestWATSample reads the hand-made WAT file testdata/wat/sample.warc.wat
// (a warcinfo record; a page with a base href, relative links, an image,
// a form and links with text; an image, no HTML; a record whose JSON is
// cut short; a page with no base whose Head comes after its Links; a
// redirect whose Headers hold a Location and Link fields, one of them
// with JSON escapes) and
// checks its links against testdata/wat/sample.links, written by hand
// from the JSON: resolved against Head.Base, else the target, with the
// record ID, target and date of the response the WAT record describes.
// The damaged record is one error naming it, and the page after it is
// read. The same records in per-record gzip, as Common Crawl's
// .warc.wat.gz files are, and found by name or by content, give the same.
func TestWATSample(t *testing.T) {
	in, err := os.ReadFile("testdata/wat/sample.warc.wat")
	if err != nil {
		t.Fatal(err)
	}
	golden, err := os.ReadFile("testdata/wat/sample.links")
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, line := range strings.Split(strings.TrimSpace(string(golden)), "\n") {
		if !strings.HasPrefix(line, "#") {
			want = append(want, line)
		}
	}
	var records [][]byte
	for _, r := range bytes.SplitAfter(in, []byte("\r\n\r\nWARC/1.0")) {
		records = append(records, r)
	}
	// SplitAfter left each "WARC/1.0" at the end of the record before.
	var members []string
	for i, r := range records {
		if i > 0 {
			r = append([]byte("WARC/1.0"), r...)
		}
		if i < len(records)-1 {
			r = r[:len(r)-len("WARC/1.0")]
		}
		members = append(members, string(r))
	}
	if len(members) != 6 || strings.Join(members, "") != string(in) {
		t.Fatalf("the sample splits into %d records, want 6", len(members))
	}
	if *update {
		var b strings.Builder
		for _, line := range strings.SplitAfter(string(golden), "\n") {
			if strings.HasPrefix(line, "#") {
				b.WriteString(line)
			}
		}
		for _, line := range watLinks(t, in, Options{Name: "sample.warc.wat"}) {
			b.WriteString(line + "\n")
		}
		if err := os.WriteFile("testdata/wat/sample.links", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		t.Log("testdata/wat/sample.links rewritten: check each line against the JSON by hand")
		return
	}
	gz := gzipMembers(members...)
	for _, c := range []struct {
		name string
		in   []byte
		opts Options
	}{
		{"plain, by name", in, Options{Name: "sample.warc.wat", Type: WARC}},
		{"plain, by content", in, Options{Name: "sample"}},
		{"per-record gzip, by name", gz, Options{Name: "CC-MAIN-sample.warc.wat.gz"}},
		{"per-record gzip, by content", gz, Options{Name: "-"}},
		{"metadata asked for", in, Options{Name: "sample.warc.wat", WARCRecords: []string{"metadata"}}},
	} {
		got := watLinks(t, c.in, c.opts)
		if len(got) != len(want) {
			t.Errorf("%s: %d lines, want %d:\n%s", c.name, len(got), len(want), strings.Join(got, "\n"))
			continue
		}
		for i := range want {
			w, g := want[i], got[i]
			if strings.HasPrefix(w, "error\t") && strings.HasPrefix(g, w) || g == w {
				continue
			}
			t.Errorf("%s: line %d:\n got %q\nwant %q", c.name, i+1, g, w)
		}
	}
	// Response records only: the WAT records are not read.
	if got := watLinks(t, in, Options{Name: "sample.warc.wat", WARCRecords: []string{"response"}}); len(got) != 0 {
		t.Errorf("WARCRecords response: %d links, want none: %q", len(got), got)
	}
}

// TestWATOffsets checks that a WAT link's Offset is in its record's
// block, at its entry: what a user seeks to in the file.
func TestWATOffsets(t *testing.T) {
	in, err := os.ReadFile("testdata/wat/sample.warc.wat")
	if err != nil {
		t.Fatal(err)
	}
	for l, err := range Links(bytes.NewReader(in), Options{Name: "sample.warc.wat"}) {
		if err != nil {
			continue
		}
		entry := in[l.Offset:min(int(l.Offset)+300, len(in))]
		if l.Context == ContextHTTPHeader {
			if !bytes.HasPrefix(entry, []byte(l.Ref)) {
				t.Errorf("%s %s at offset %d: the block there is %q", l.Header, l.Ref, l.Offset, entry[:30])
			}
			continue
		}
		if l.Tag != "link" && !bytes.Contains(entry[:min(len(entry), 120)], []byte(`"url": "`+l.Ref+`"`)) {
			t.Errorf("%s at offset %d: the entry there is %q", l.Ref, l.Offset, entry[:60])
		}
		if l.WARCOffset <= 0 || l.Offset <= l.WARCOffset {
			t.Errorf("%s: offset %d, record at %d", l.Ref, l.Offset, l.WARCOffset)
		}
	}
}

// watRecord returns a WAT metadata record whose JSON is envelope, the
// JSON of an Envelope.
func watRecord(target, envelope string) string {
	return record("metadata", target, "application/json", `{"Envelope":`+envelope+`}`)
}

// watPage returns the Envelope of a page of target whose HTML-Metadata
// holds links, the JSON of its Links, and head, that of its Head.
func watPage(target, head, links string) string {
	return `{"WARC-Header-Metadata":{"WARC-Target-URI":"` + target + `","WARC-Record-ID":"<urn:x>"},` +
		`"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Head":` + head + `,"Links":` + links + `}}}}`
}

// hostileWAT are shapes of WAT JSON, each with k of its unit, in one
// record; damaged says that the shape is an error.
var hostileWAT = []struct {
	name    string
	damaged bool
	make    func(k int) string
}{
	{"many links", false, func(k int) string {
		return watPage("http://h.example/", `{}`, "["+strings.TrimSuffix(strings.Repeat(`{"path":"A@/href","url":"a","text":"t"},`, k), ",")+"]")
	}},
	{"a long text", false, func(k int) string {
		return watPage("http://h.example/", `{}`, `[{"path":"A@/href","url":"a","text":"`+strings.Repeat("t", 100*k)+`"}]`)
	}},
	{"deep nesting in a value skipped", false, func(k int) string {
		return `{"Container":` + strings.Repeat("[", k) + strings.Repeat("]", k) + `,"X":` + watPage("http://h.example/", `{}`, `[]`) + `}`
	}},
	{"deep nesting in a link", false, func(k int) string {
		return watPage("http://h.example/", `{}`, `[{"url":"a","x":`+strings.Repeat(`{"a":`, k)+"1"+strings.Repeat("}", k)+`}]`)
	}},
	{"many keys skipped", false, func(k int) string {
		return `{"Format":"WARC",` + strings.Repeat(`"k":{"a":[1,"b",null]},`, k) + `"Payload-Metadata":{}}`
	}},
	{"nesting past the limit", true, func(k int) string {
		return `{"Container":` + strings.Repeat("[", 20*k) + `}`
	}},
	{"many Link fields", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{`+strings.TrimSuffix(strings.Repeat(`"Link":"<a>; rel=x",`, k), ",")+`}`)
	}},
	{"a Link field of many link-values", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{"Link":"`+strings.TrimSuffix(strings.Repeat(`<a>; t=\"\u00e9, <no>\", `, k), ", ")+`"}`)
	}},
	{"a Link field of many escapes", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{"Link":"<a>; t=\"`+strings.Repeat(`\ud83d\ude00\"`, k)+`\", <b>"}`)
	}},
	{"many Location fields", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{`+strings.Repeat(`"Location":"/r",`, k)+`"X":1},"Response-Message":{"Status":"301"}`)
	}},
	{"Locations held for a status after many links", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{"Location":[`+strings.TrimSuffix(strings.Repeat(`"/r",`, k), ",")+
			`]},"HTML-Metadata":{"Head":{},"Links":[`+strings.TrimSuffix(strings.Repeat(`{"path":"A@/href","url":"a"},`, k), ",")+
			`]},"Response-Message":{"Status":"301"}`)
	}},
	{"Locations held for a status, many Headers after them", false, func(k int) string {
		return watResponse("http://h.example/", `"Headers":{"Location":[`+strings.TrimSuffix(strings.Repeat(`"/r",`, k), ",")+`]}`+
			strings.Repeat(`,"Headers":{"Link":"<l>"}`, k)+`,"Response-Message":{"Status":"301"}`)
	}},
	{"many base elements", false, func(k int) string {
		return watPage("http://h.example/", `{"Base":"b/"`+strings.Repeat(`,"Base":"c/"`, k)+`}`, `[{"url":"a"}]`)
	}},
}

// TestWATLinear checks that a WAT record takes time, memory and output
// linear in its size, however hostile its JSON: at 8 times the size, the
// bytes and header fields looked at, the bytes allocated and the bytes of
// Link.Text grow about 8 times; a shape damaged is one error, and the
// good record after it is read. Before, the Locations held for a status
// after them were looked at again after each entry of Links: 8 times the
// record took 35 times as long.
func TestWATLinear(t *testing.T) {
	const n = 1000
	good := watRecord("http://g.example/", watPage("http://g.example/", `{}`, `[{"path":"A@/href","url":"/good"}]`))
	for _, shape := range hostileWAT {
		small := watRecord("http://h.example/", shape.make(n)) + good
		large := watRecord("http://h.example/", shape.make(8*n)) + good
		w1, a1, t1, _, _ := warcCost(t, small)
		w8, a8, t8, links, errs := warcCost(t, large)
		ratio := func(a, b int) float64 { return float64(b) / float64(max(a, 1)) }
		if ratio(w1, w8) > 10 || ratio(int(a1), int(a8)) > 10 || ratio(t1, t8) > 10 {
			t.Errorf("%s: from %d to %d bytes: looked at %d to %d (%.1fx), allocated %d to %d (%.1fx), text %d to %d (%.1fx); want under 10x",
				shape.name, len(small), len(large), w1, w8, ratio(w1, w8), a1, a8, ratio(int(a1), int(a8)), t1, t8, ratio(t1, t8))
		}
		if a8 > a1 && a8-a1 > uint64(50*(len(large)-len(small))) {
			t.Errorf("%s: %d bytes allocated for %d more bytes of input", shape.name, a8-a1, len(large)-len(small))
		}
		t.Logf("%s: %d to %d bytes: looked at %d to %d (%.1fx), allocated %d to %d (%.1fx), text %d to %d",
			shape.name, len(small), len(large), w1, w8, ratio(w1, w8), a1, a8, ratio(int(a1), int(a8)), t1, t8)
		if !slices.Contains(links, "http://g.example/good") {
			t.Errorf("%s: the record after it is not read: %d links", shape.name, len(links))
		}
		if shape.damaged && (len(errs) != 1 || !errors.Is(errs[0], ErrWAT)) || !shape.damaged && len(errs) != 0 {
			t.Errorf("%s: errors %v, want %d wrapping ErrWAT", shape.name, errs, map[bool]int{true: 1}[shape.damaged])
		}
	}
}

// TestWATPath checks the element and attribute of WAT paths.
func TestWATPath(t *testing.T) {
	for _, c := range []struct{ path, tag, attr string }{
		{"A@/href", "a", "href"},
		{"IMG@/src", "img", "src"},
		{"FORM@/action", "form", "action"},
		{"LINK@/href", "link", "href"},
		{"IMG@/data-src", "img", "data-src"},
		{"STYLE/#text", "style", ""},
		{"", "", ""},
	} {
		if tag, attr := watPath(c.path); tag != c.tag || attr != c.attr {
			t.Errorf("watPath(%q) = %q, %q; want %q, %q", c.path, tag, attr, c.tag, c.attr)
		}
	}
}

// TestWATAsText documents what reading a WAT record as text gives: the
// bare URIs of its JSON, absolute ones only, none of them resolved.
func TestWATAsText(t *testing.T) {
	page := watPage("http://h.example/d/p", `{}`, `[{"path":"A@/href","url":"q"},{"path":"IMG@/src","url":"i.png"},`+
		`{"path":"FORM@/action","url":"/s"},{"path":"A@/href","url":"http://o.example/"}]`)
	in := watRecord("http://h.example/d/p", page)
	var wat, text []string
	for l, err := range Links(strings.NewReader(in), Options{Name: "t.warc"}) {
		if err == nil {
			wat = append(wat, l.URI)
		}
	}
	rec := record("metadata", "http://h.example/d/p", "text/plain", `{"Envelope":`+page+`}`)
	for l, err := range Links(strings.NewReader(rec), Options{Name: "t.warc", WARCRecords: []string{"metadata"}}) {
		if err == nil {
			text = append(text, l.URI)
		}
	}
	want := []string{"http://h.example/d/q", "http://h.example/d/i.png", "http://h.example/s", "http://o.example/"}
	if !slices.Equal(wat, want) {
		t.Errorf("as WAT: %q, want %q", wat, want)
	}
	found := 0
	for _, u := range want {
		if slices.Contains(text, u) {
			found++
		}
	}
	if found != 1 {
		t.Errorf("as text: %q, %d of the 4 links; want 1", text, found)
	}
}

// TestWATEntries checks the entries of Links one by one: one without a
// url is no link (a WAT writer leaves url out where the attribute is
// absent), an empty one is href="" (RFC 3986 §5.2.2: the base itself,
// without its fragment), the text wins over the alt, the element and
// attribute come from the path in any case, and the context is HTML
// input's: html-meta for og:url (not for a description), html-lazy for
// data-src.
func TestWATEntries(t *testing.T) {
	page := watPage("http://h.example/d/p#f", `{"Title":"x","Metas":[{"name":"description","content":"d"},{"property":"og:url","content":"/canon"}]}`, `[{"path":"A@/href","text":"no url"},{"path":"A@/href","url":""},`+
		`{"path":"IMG@/src","url":"x.png","alt":"X"},{"path":"Img@/Data-Src","url":"y","text":"T","alt":"A"}]`)
	var got []string
	for l, err := range Links(strings.NewReader(watRecord("http://h.example/d/p", page)), Options{Name: "t.warc"}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.URI+" "+string(l.Context)+" "+l.Tag+" "+l.Attr+" "+l.Text)
	}
	want := []string{"http://h.example/canon html-meta meta content ", "http://h.example/d/p html a href ",
		"http://h.example/d/x.png html img src X", "http://h.example/d/y html-lazy img data-src T"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestWATName checks that Common Crawl's WAT names are WARC input, and
// that .wat alone, WebAssembly's text format, is not.
func TestWATName(t *testing.T) {
	for name, want := range map[string]Type{
		"CC-MAIN-20261101-00000.warc.wat.gz": WARC,
		"x.warc.wat":                         WARC,
		"add.wat":                            Text,
	} {
		if got := Detect(name, []byte("(module (func))\n")); got != want {
			t.Errorf("Detect(%q) = %v, want %v", name, got, want)
		}
	}
}

// FuzzWAT reads a WAT record of any JSON: no panic, every link's offset
// inside the input, and the good record after it read.
func FuzzWAT(f *testing.F) {
	f.Add(watPage("http://h.example/", `{"Base":"b/","Link":[{"path":"LINK@/href","url":"s.css"}]}`, `[{"path":"A@/href","url":"a","text":"t"}]`))
	f.Add(`{"X":[[[{}]]],"Payload-Metadata":{"HTTP-Response-Metadata":{"HTML-Metadata":{"Links":[{"url":1}]}}}}`)
	f.Add(`{"WARC-Header-Metadata":[],"Payload-Metadata":"x"}`)
	f.Add(watResponse("http://h.example/", `"Response-Message":{"Status":"301"},"Headers":{"Location":"/r","Link":["<a>; t=\"\u00e9, <no>\", <\ud83d\ude00>",1]}`))
	f.Add(watResponse("http://h.example/", `"Headers":{"Link":"<a\\>, <"},"Response-Message":{"Status":"3xx"}`))
	good := watRecord("http://g.example/", watPage("http://g.example/", `{}`, `[{"path":"A@/href","url":"/good"}]`))
	f.Fuzz(func(t *testing.T, envelope string) {
		in := watRecord("http://h.example/", envelope) + good
		var found bool
		for l, err := range Links(strings.NewReader(in), Options{Name: "f.warc"}) {
			if err != nil {
				continue
			}
			if l.Offset < 0 || l.Offset > int64(len(in)) {
				t.Fatalf("%s at offset %d of %d bytes", l.URI, l.Offset, len(in))
			}
			found = found || l.URI == "http://g.example/good"
		}
		if !found {
			t.Fatal("the record after it is not read")
		}
	})
}

// TestWATOtherJSON checks that JSON with no Envelope is no WAT: nothing
// by default, text when metadata records are asked for.
func TestWATOtherJSON(t *testing.T) {
	in := record("metadata", "http://h.example/", "application/json", `{"see":"http://x.example/"}`)
	for _, c := range []struct {
		records []string
		want    int
	}{{nil, 0}, {[]string{"metadata"}, 1}} {
		n := 0
		for l, err := range Links(strings.NewReader(in), Options{Name: "t.warc", WARCRecords: c.records}) {
			if err != nil || l.URI != "http://x.example/" || l.Context != ContextText {
				t.Errorf("%v: %+v, %v", c.records, l, err)
			}
			n++
		}
		if n != c.want {
			t.Errorf("%v: %d links, want %d", c.records, n, c.want)
		}
	}
}

// TestWATRel checks Link.Rel from a WAT entry's rel, which ia-web-commons
// writes for A@/href, AREA@/href and LINK@/href (Head.Link) entries:
// trimmed as in HTML input, and only on those.
func TestWATRel(t *testing.T) {
	page := watPage("http://h.example/", `{"Link":[{"path":"LINK@/href","url":"s.css","rel":"stylesheet"}]}`,
		`[{"path":"A@/href","url":"a","text":"t","rel":" nofollow UGC "},{"path":"AREA@/href","url":"m","rel":"noopener"},`+
			`{"path":"A@/href","url":"b"},{"path":"IMG@/src","url":"i.png","rel":"nofollow"}]`)
	var got []string
	for l, err := range Links(strings.NewReader(watRecord("http://h.example/", page)), Options{Name: "t.warc"}) {
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, l.Ref+":"+l.Rel)
	}
	want := []string{"s.css:stylesheet", "a:nofollow UGC", "m:noopener", "b:", "i.png:"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestLinkRel: the rel of a link-value, from the examples of RFC 8288 §3.5
// and the parameter syntax of §3 (BWS around "=", quoted-pairs, the first
// rel only, per §3.3).
func TestLinkRel(t *testing.T) {
	for _, c := range []struct{ entry, want string }{
		{`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`, "previous"},
		{`</>; rel="http://example.net/foo"`, "http://example.net/foo"},
		{`</terms>; rel="copyright"; anchor="#foo"`, "copyright"},
		{`</TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`, "next"},
		{`<http://example.org/>; rel="start http://example.net/relation/other"`, "start http://example.net/relation/other"},
		{`<a>;rel=next;rel=prev`, "next"},
		{`<a>; title="x;rel=no"; REL = up`, "up"},
		{`<a>; title="a \"q\"; rel=no"; rel="x\"y"`, `x"y`},
		{`<a>; rel`, ""},
		{"<a>; rel=\" next\tprev \"", "next\tprev"},
		{`<a>; rel="unterminated`, "unterminated"},
		{`<a>`, ""},
		{`<a; rel=no`, ""},
		{`<a>; rel=" next "`, "next"},
		{`<a>; rel="next ` + strings.Repeat("x", 300) + `"`, "next"}, // bounded as HTML's
	} {
		if got := linkRel(c.entry); got != c.want {
			t.Errorf("linkRel(%s) = %q, want %q", c.entry, got, c.want)
		}
	}
}

// watResponse returns the Envelope of a response of target whose
// HTTP-Response-Metadata is meta, the JSON of its members.
func watResponse(target, meta string) string {
	return `{"WARC-Header-Metadata":{"WARC-Target-URI":"` + target + `","WARC-Record-ID":"<urn:r>"},` +
		`"Payload-Metadata":{"HTTP-Response-Metadata":{` + meta + `}}}`
}

// TestWATHeaders: the links of the Link and Location fields of a WAT
// record's Headers, written by hand from RFC 8288 §3 (link-values split
// at commas outside quoted strings, "<" ">" around the target only) and
// RFC 9110 §10.2.2 (Location in a 3xx), resolved against the target.
func TestWATHeaders(t *testing.T) {
	const target = "http://h.example/a/b"
	for _, c := range []struct {
		name, envelope string
		want           []string // URI and Text
	}{
		{"redirect", watResponse(target, `"Response-Message":{"Status":"302"},"Headers":{"Location":" ../c?d#e "}`),
			[]string{"http://h.example/c?d#e", "Location: ../c?d#e"}},
		{"status as a number", watResponse(target, `"Response-Message":{"Status":307},"Headers":{"location":"/x"}`),
			[]string{"http://h.example/x", "Location: /x"}},
		{"status after the headers", watResponse(target, `"Headers":{"Location":"/x"},"Response-Message":{"Status":"301"}`),
			[]string{"http://h.example/x", "Location: /x"}},
		{"not a redirect", watResponse(target, `"Response-Message":{"Status":"201"},"Headers":{"Location":"/x"}`), nil},
		{"no status", watResponse(target, `"Headers":{"Location":"/x","Link":"</l>"}`),
			[]string{"http://h.example/l", "Link: </l>"}},
		{"several link-values", watResponse(target, `"Headers":{"Link":"<a>; rel=next, <https://o.example/>;rel=\"x y\",<>"}`),
			[]string{"http://h.example/a/a", "Link: <a>; rel=next", "https://o.example/", `Link: <https://o.example/>;rel="x y"`, target, "Link: <>"}},
		{"quoted comma, < and escaped quote", watResponse(target, `"Headers":{"Link":"<a>; title=\"x, <no>, \\\"<no>\\\"\", <b>"}`),
			[]string{"http://h.example/a/a", `Link: <a>; title="x, <no>, \"<no>\""`, "http://h.example/a/b", "Link: <b>"}},
		{"unterminated", watResponse(target, `"Headers":{"Link":"<a>, <b"}`),
			[]string{"http://h.example/a/a", "Link: <a>"}},
		{"field twice, any case", watResponse(target, `"Headers":{"LINK":"<a>","link":"<c>"}`),
			[]string{"http://h.example/a/a", "Link: <a>", "http://h.example/a/c", "Link: <c>"}},
		{"an array", watResponse(target, `"Headers":{"Link":["<a>",1,{"x":"<no>"},"<c>"]}`),
			[]string{"http://h.example/a/a", "Link: <a>", "http://h.example/a/c", "Link: <c>"}},
		{"values not strings", watResponse(target, `"Headers":{"Link":{"a":"<no>"},"Location":null},"Response-Message":{"Status":"301"}`), nil},
		{"header fields other than Link and Location", watResponse(target, `"Headers":{"Content-Location":"/no","Refresh":"0; url=/no"}`), nil},
		{"target after the payload", `{"Payload-Metadata":{"HTTP-Response-Metadata":{"Headers":{"Link":"<a>"}}},"WARC-Header-Metadata":{"WARC-Target-URI":"` + target + `"}}`,
			[]string{"http://h.example/a/a", "Link: <a>"}},
		{"not the base of the page", watResponse(target, `"Headers":{"Link":"<a>"},"HTML-Metadata":{"Head":{"Base":"http://b.example/"},"Links":[{"path":"A@/href","url":"a"}]}`),
			[]string{"http://h.example/a/a", "Link: <a>", "http://b.example/a", ""}},
		{"the headers after the page", watResponse(target, `"HTML-Metadata":{"Links":[{"path":"A@/href","url":"a"}]},"Headers":{"Link":"<c>"}`),
			[]string{"http://h.example/a/a", "", "http://h.example/a/c", "Link: <c>"}},
	} {
		in := watRecord(target, c.envelope)
		var got []string
		for l, err := range Links(strings.NewReader(in), Options{Name: "t.warc"}) {
			if err != nil {
				t.Errorf("%s: %v", c.name, err)
				continue
			}
			got = append(got, l.URI, l.Text)
			if l.Context == ContextHTTPHeader && (l.Base != target || l.BaseSource.String() != "retrieval") {
				t.Errorf("%s: %s: base %s (%s), want the target", c.name, l.URI, l.Base, l.BaseSource)
			}
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, c.want)
		}
	}
}

// TestJSONStep checks jsonStep against encoding/json: at each step through
// the text of a JSON string, the bytes of value counted so far are those
// that encoding/json decodes the text read so far to.
func TestJSONStep(t *testing.T) {
	for _, raw := range []string{
		`plain`, `a\"b\\c\/d\n`, `caf\u00e9`, `\u2014`, `\ud83d\ude00x`, `\ud83dx`, `\ude00`,
		`\ud83d\u0041`, `\ud83d\ud83d\ude00`, "caf\xc3\xa9", "a\xffb", "\xe2\x82", `\u00`,
	} {
		checkJSONStep(t, raw)
	}
}

func checkJSONStep(t *testing.T, raw string) {
	decoded := func(s string) (string, bool) {
		var v string
		err := json.Unmarshal([]byte(`"`+s+`"`), &v)
		return v, err == nil
	}
	if _, ok := decoded(raw); !ok {
		return // no JSON string: the decoder reports the damage
	}
	i := 0
	for j := 0; j < len(raw); {
		rawLen, valueLen := jsonStep([]byte(raw[j:]))
		i, j = i+valueLen, j+rawLen
		if v, ok := decoded(raw[:j]); ok && len(v) != i {
			t.Errorf("%q: %q decodes to %d bytes, jsonStep counts %d", raw, raw[:j], len(v), i)
		}
	}
}

// FuzzJSONStep: jsonStep counts what encoding/json decodes, on any text.
func FuzzJSONStep(f *testing.F) {
	for _, s := range []string{`caf\u00e9`, `\ud83d\ude00`, `\ud83dx`, "a\xffb", `a\"b`} {
		f.Add(s)
	}
	f.Fuzz(checkJSONStep)
}
