package extract

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/delimit"
)

func TestParseHeader(t *testing.T) {
	msg := "Received: from x\r\n\tby y\r\nContent-Type: text/html;\r\n charset=\"koi8-r\"\r\n" +
		"content-location : http://example.org/\r\n  dir/page.html\r\nX-Other: <http://no/>\r\n\r\nbody\r\n"
	h := parseHeader([]byte(msg), 0, len(msg))
	var names []string
	for _, f := range h.first[:h.n] {
		names = append(names, f.name)
	}
	if want := []string{"Content-Type", "Content-Location"}; !slices.Equal(names, want) {
		t.Errorf("fields: got %q, want %q", names, want)
	}
	if got := msg[h.body:]; got != "body\r\n" || h.malformed {
		t.Errorf("body: got %q (malformed %v), want %q", got, h.malformed, "body\r\n")
	}
	if v, _ := h.get("Content-Location"); v != "http://example.org/  dir/page.html" {
		t.Errorf("Content-Location unfolded: got %q", v)
	}
	if mt, p := h.mediaType("text/plain", nil); mt != "text/html" || p["charset"] != "koi8-r" {
		t.Errorf("media type: got %q %v", mt, p)
	}

	// A line that is not a field ends the header section.
	msg = "Subject: x\nthis is not a field\nList-Help: <http://x/>\n"
	h = parseHeader([]byte(msg), 0, len(msg))
	if got := msg[h.body:]; got != "this is not a field\nList-Help: <http://x/>\n" || !h.malformed {
		t.Errorf("malformed header: body %q, malformed %v", got, h.malformed)
	}
	// No empty line: all header, empty body.
	msg = "From sender Thu Aug 22 12:36:23 2002\nSubject: x"
	h = parseHeader([]byte(msg), 0, len(msg))
	if h.body != len(msg) || h.malformed {
		t.Errorf("header without body: body at %d of %d, malformed %v", h.body, len(msg), h.malformed)
	}
}

func TestMediaType(t *testing.T) {
	tests := []struct {
		value    string
		mt       string
		boundary string
		charset  string
	}{
		{`multipart/mixed; boundary="----=_NextPart_000"`, "multipart/mixed", "----=_NextPart_000", ""},
		{`Multipart/Alternative; BOUNDARY=abc`, "multipart/alternative", "abc", ""},
		// Lenient: a duplicate parameter, an unquoted tspecial, a
		// missing ';', what spam writes.
		{`text/html; charset=iso-8859-1; charset=iso-8859-1`, "text/html", "", "iso-8859-1"},
		{`multipart/related; boundary=--=_x=; type=text/html`, "multipart/related", "--=_x=", ""},
		{`text/plain charset=koi8-r`, "text/plain", "", "koi8-r"},
		{`text/html;; charset="windows-1252"`, "text/html", "", "windows-1252"},
		{`TEXT/PLAIN`, "text/plain", "", ""},
		{`garbage`, "text/plain", "", ""},
		// Bytes whose lowercase has another length (invalid UTF-8, the
		// Kelvin sign): offsets stay those of the value.
		{"\x91 BoundArY", "text/plain", "", ""},
		{"multipart/mixed; \x91\x91\x91; boundary=abc", "multipart/mixed", "abc", ""},
		{"text/plain; \u212a\u212a; charset=koi8-r", "text/plain", "", "koi8-r"},
	}
	for _, tt := range tests {
		msg := "Content-Type: " + tt.value + "\n\n"
		h := parseHeader([]byte(msg), 0, len(msg))
		mt, p := h.mediaType("text/plain", nil)
		if tt.mt == "" { // unreadable type, read as the default
			tt.mt = "text/plain"
		}
		if mt != tt.mt || p["boundary"] != tt.boundary || p["charset"] != tt.charset {
			t.Errorf("Content-Type: %s\n got %q %v\nwant %q boundary=%q charset=%q", tt.value, mt, p, tt.mt, tt.boundary, tt.charset)
		}
	}
}

// TestExternalBodyRefOffset checks the offset of the URL parameter when
// bytes before it change length when lowercased.
func TestExternalBodyRefOffset(t *testing.T) {
	for _, v := range []string{
		" message/external-body; x=\"\x91\x91\x91\x91\"; access-type=URL; URL=\"http://a/\"",
		" message/external-body; x=\"\u212a\u212a\u212a\"; access-type=URL; URL=\"http://a/\"",
	} {
		refs := slices.Collect(headerRefs(field{name: "Content-Type", value: []byte(v), off: 100}))
		if len(refs) != 1 || refs[0].off < 100 || !strings.HasPrefix(v[refs[0].off-100:], "http://a/") {
			t.Errorf("Content-Type: %q: refs %+v, want http://a/ at offset %d", v, refs, 100+strings.Index(v, "http"))
		}
	}
}

func TestHeaderRefs(t *testing.T) {
	tests := []struct {
		field string
		value string
		want  []string
		style string
	}{
		// RFC 2369 §3 examples.
		{"List-Help", "<mailto:list@host.com?subject=help> (List Instructions)", []string{"mailto:list@host.com?subject=help"}, "angle"},
		{"List-Help", "<ftp://ftp.host.com/list.txt> (FTP),\r\n    <mailto:list@host.com?subject=help>",
			[]string{"ftp://ftp.host.com/list.txt", "mailto:list@host.com?subject=help"}, "angle"},
		{"List-Unsubscribe", "(Use this command to get off the list)\r\n     <mailto:list-manager@host.com?body=unsubscribe%20list>",
			[]string{"mailto:list-manager@host.com?body=unsubscribe%20list"}, "angle"},
		{"List-Post", "NO (posting not allowed on this list)", nil, ""},
		// §2: white space inside the brackets is ignored.
		{"List-Archive", "<http://www.host.com/list/\r\n archive/>", []string{"http://www.host.com/list/archive/"}, "angle"},
		// A comment holding a bracket is a comment.
		{"List-Owner", "(see <http://not/>) <mailto:owner@host.com>", []string{"mailto:owner@host.com"}, "angle"},
		// RFC 5064.
		{"Archived-At", " <http://www.example.com/mail-archive/1234.html>", []string{"http://www.example.com/mail-archive/1234.html"}, "angle"},
		// Brackets left out.
		{"List-Unsubscribe", "http://example.org/u?id=1, mailto:u@example.org", []string{"http://example.org/u?id=1", "mailto:u@example.org"}, "bare"},
		// Content-Base and Content-Location (RFC 2110, RFC 2557).
		{"Content-Base", " http://www.ics.uci.edu/\r\n Test/a/b/c", []string{"http://www.ics.uci.edu/Test/a/b/c"}, "bare"},
		{"Content-Location", ` "images/logo.gif"`, []string{"images/logo.gif"}, "quoted"},
		{"Content-Location", " =?UTF-8?Q?http://example.org/caf=C3=A9?=", []string{"http://example.org/café"}, "bare"},
		// RFC 2017 §4 example: the URL folded over lines.
		{"Content-Type", " message/external-body; access-type=URL;\r\n URL=\"http://www.foo.com/\r\n bar\"", []string{"http://www.foo.com/bar"}, "quoted"},
		{"Content-Type", " message/external-body; access-type=anon-ftp; site=x; name=y", nil, ""},
		{"Content-Type", " text/html; url=\"http://no/\"", nil, ""},
		// In any case, and after white space that bytes.TrimSpace removes
		// (U+00A0 too).
		{"Content-Type", "\r\n\tMESSAGE/External-Body; ACCESS-TYPE=url; url=\"http://a/b\"", []string{"http://a/b"}, "quoted"},
		{"Content-Type", "\u00a0message/external-body; access-type=URL; URL=\"http://a/c\"", []string{"http://a/c"}, "quoted"},
		{"Content-Type", "", nil, ""},
	}
	for _, tt := range tests {
		f := field{name: tt.field, value: []byte(tt.value), off: 100}
		var got []string
		for r := range headerRefs(f) {
			got = append(got, r.ref)
			if string(r.style) != tt.style {
				t.Errorf("%s: %s: %q has style %q, want %q", tt.field, tt.value, r.ref, r.style, tt.style)
			}
			if r.off < 100 || r.off >= 100+len(tt.value) {
				t.Errorf("%s: %s: %q at offset %d, outside the value", tt.field, tt.value, r.ref, r.off)
			}
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%s: %s\n got %q\nwant %q", tt.field, tt.value, got, tt.want)
		}
	}
}

// TestMediaTypeManyParams checks that a Content-Type of very many
// parameters (RFC 2231 continuations) is read leniently, with memory in
// proportion to the field: mime.ParseMediaType's map of them took 12
// times the field.
func TestMediaTypeManyParams(t *testing.T) {
	var b strings.Builder
	b.WriteString("Content-Type: multipart/mixed; boundary=b")
	for i := range 100000 {
		fmt.Fprintf(&b, ";\n name*%d=a", i)
	}
	b.WriteString("\n\n")
	msg := b.String()
	h := parseHeader([]byte(msg), 0, len(msg))
	var mt string
	var p map[string]string
	alloc := allocated(func() { mt, p = h.mediaType("text/plain", nil) })
	if mt != "multipart/mixed" || p["boundary"] != "b" || len(p) != 1 {
		t.Errorf("100000 parameters: got %q and %d parameters, want multipart/mixed and boundary=b alone", mt, len(p))
	}
	// The lenient reading copies the field a few times (unfolded,
	// lowercased); the map took 12 times it.
	if alloc > 8*uint64(len(msg)) {
		t.Errorf("100000 parameters: %d bytes allocated for a field of %d, want at most 8x", alloc, len(msg))
	}
}

// TestFieldName checks where fieldName finds a name and its colon, and
// the lines that start no field.
func TestFieldName(t *testing.T) {
	tests := []struct {
		line, name string
		colon      int
	}{
		{"Subject: x", "Subject", 7},
		{"Subject : x", "Subject", 8},
		{"Subject\t \t: x: y", "Subject", 10},
		{"X-A:", "X-A", 3},
		{"a:b:c", "a", 1},
		{": x", "", 0},
		{"  : x", "", 2},
		{"Two words: x", "", 9},
		{"Tab\tword: x", "", 8},
		{" Lead: x", "", 5},
		{"no colon here", "", -1},
		{"", "", -1},
	}
	for _, tt := range tests {
		name, colon := fieldName([]byte(tt.line))
		if string(name) != tt.name || (name == nil) != (tt.name == "") || colon != tt.colon {
			t.Errorf("fieldName(%q) = %q, %d; want %q, %d", tt.line, name, colon, tt.name, tt.colon)
		}
	}
}

// TestNameEnd checks nameEnd, which reads eight bytes at a time, against
// a loop a byte at a time, on names of every length with each kind of
// byte after them: the ends, and the control, space-like and 8-bit bytes
// that do not end a name.
func TestNameEnd(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 13))
	kinds := []byte{' ', '\t', ':', 0, 1, '\r', '\n', 0x1f, '!', ';', '9', 0x7f, 0x80, 0xa0, 0xba, 0xff}
	for n := range 40 {
		for range 300 {
			line := make([]byte, n+r.IntN(20))
			for i := range line {
				line[i] = 'a' + byte(r.IntN(26))
				if r.IntN(10) == 0 {
					line[i] = kinds[r.IntN(len(kinds))]
				}
			}
			if n < len(line) {
				line[n] = kinds[r.IntN(len(kinds))]
			}
			want := 0
			for want < len(line) && line[want] != ' ' && line[want] != '\t' && line[want] != ':' {
				want++
			}
			if got := nameEnd(line); got != want {
				t.Fatalf("nameEnd(%q) = %d, want %d", line, got, want)
			}
		}
	}
}

// TestParseHeaderAll checks that parseHeaderAll keeps every field that
// may hold a link in order, and none past maxKeptFields, where fields
// reads them again, leaving out the same: those of identifiers and
// those with no scheme in their value.
func TestParseHeaderAll(t *testing.T) {
	for _, n := range []int{3, maxKeptFields, maxKeptFields + 1} {
		var msg strings.Builder
		for i := range n {
			fmt.Fprintf(&msg, "X-%d: v%d\n  see:\nX-Time: 12:00\nReceived: from x:y\n", i, i)
		}
		msg.WriteString("Content-Type: text/html\n\nbody\n")
		b := []byte(msg.String())
		h := parseHeaderAll(b, 0, len(b), make([]field, 0, 4), delimit.Options{})
		if kept := h.all != nil; kept != (n+1 <= maxKeptFields) {
			t.Errorf("%d fields: kept %v", n+1, kept)
		}
		var got []string
		h.fields(b, delimit.Options{}, func(f field) bool {
			got = append(got, string(f.raw)+":"+string(f.value))
			return true
		})
		if len(got) != n+1 || got[0] != "X-0: v0\n  see:" || got[n-1] != fmt.Sprintf("X-%d: v%d\n  see:", n-1, n-1) || got[n] != "Content-Type: text/html" {
			t.Errorf("%d fields: got %d, first %q, last %q", n+1, len(got), got[0], got[len(got)-1])
		}
		if mt, _ := h.mediaType("text/plain", nil); mt != "text/html" {
			t.Errorf("%d fields: media type %q", n+1, mt)
		}
	}
}

func TestUnfoldAll(t *testing.T) {
	for in, want := range map[string]string{
		"": "", "http://a/": "http://a/", "http://a/\r\n b": "http://a/b", " x\ty\n": "xy", "\r\n\t": "",
	} {
		if got := unfoldAll([]byte(in)); got != want {
			t.Errorf("unfoldAll(%q) = %q, want %q", in, got, want)
		}
	}
	// Each byte of a ref past the eight read at a time, at each place:
	// only the four of folding are removed.
	ref := "http://example.org/a/b?c=d"
	for i := range len(ref) + 1 {
		for _, c := range []byte{' ', '\t', '\r', '\n', 0, 1, 0x1f, '!', 0x7f, 0x80, 0xa0, 0xff} {
			in := ref[:i] + string([]byte{c}) + ref[i:]
			want := in
			if isFoldSpace(c) {
				want = ref
			}
			if got := unfoldAll([]byte(in)); got != want {
				t.Errorf("unfoldAll(%q) = %q, want %q", in, got, want)
			}
		}
	}
}

// TestIsName checks isName against strings.EqualFold on names made of the
// known field names' bytes, their other case, and the bytes that differ
// from them in bit 5 only.
func TestIsName(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	for _, f := range headerFields {
		for range 2000 {
			name := []byte(f)
			for i := range name {
				switch r.IntN(6) {
				case 0:
					name[i] ^= 0x20
				case 1:
					name[i] = "\r@`[{-_ſ"[r.IntN(9)]
				}
			}
			if r.IntN(20) == 0 {
				name = append(name, 'x')
			}
			if got, want := isName(f, name), strings.EqualFold(f, string(name)); got != want {
				t.Fatalf("isName(%q, %q) = %v, want %v", f, name, got, want)
			}
		}
	}
}

// TestLookupField checks lookupField against a search of the lists with
// strings.EqualFold, on the names of both lists, changed as TestIsName
// changes them, cut and lengthened, and on names of neither.
func TestLookupField(t *testing.T) {
	want := func(name string) (string, fieldKind) {
		for _, f := range headerFields {
			if strings.EqualFold(f, name) {
				return f, knownField
			}
		}
		for _, f := range idFields {
			if strings.EqualFold(f, name) {
				return f, idField
			}
		}
		if len(name) > 4 && strings.EqualFold(name[:4], "ARC-") {
			return "", idField
		}
		return "", otherField
	}
	check := func(name []byte) {
		t.Helper()
		wf, wk := want(string(name))
		// The name alone, and at the start of a line (read a word at a
		// time past the name).
		for _, line := range [][]byte{name, append(name[:len(name):len(name)], ": value"...)} {
			if f, kind := lookupField(line, len(name)); f != wf || kind != wk {
				t.Fatalf("lookupField(%q, %d) = %q, %d; want %q, %d", line, len(name), f, kind, wf, wk)
			}
		}
	}
	r := rand.New(rand.NewPCG(5, 11))
	names := append(headerFields[:], idFields...)
	names = append(names, "ARC-Seal", "arc-x", "ARC-", "Arc", "X-Spam-Status", "Subject", "a", "-", "X-Received-SPF", "Receive")
	for _, f := range names {
		check([]byte(f))
		check([]byte(strings.ToLower(f)))
		check([]byte(strings.ToUpper(f)))
		check([]byte(f[1:] + "x"))
		if len(f) > 1 {
			check([]byte(f[:len(f)-1]))
		}
		for range 200 {
			name := []byte(f)
			for i := range name {
				switch r.IntN(8) {
				case 0:
					name[i] ^= 0x20
				case 1:
					name[i] = "\r@`[{-_ſ"[r.IntN(9)]
				}
			}
			if r.IntN(10) == 0 {
				name = append(name, 'x')
			}
			check(name)
		}
	}
}
