package extract

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/urix/urix/extract/internal/mimepart"
)

// linkSummary is what the structure tests compare of a link.
func linkSummary(l Link) string {
	s := fmt.Sprintf("%s|%s|%s", l.Part, l.Ref, l.URI)
	if l.Header != "" {
		s += "|" + l.Header
	}
	return s
}

func scanMailString(t *testing.T, msg string, opts Options) (links []string, errs []error) {
	t.Helper()
	if opts.Type == Auto {
		opts.Type = Mail
	}
	for l, err := range Links(strings.NewReader(msg), opts) {
		if err != nil {
			errs = append(errs, err)
			continue
		}
		links = append(links, linkSummary(l))
	}
	return links, errs
}

func checkLinks(t *testing.T, name string, got, want []string) {
	t.Helper()
	for i := range max(len(got), len(want)) {
		var g, w string
		if i < len(got) {
			g = got[i]
		}
		if i < len(want) {
			w = want[i]
		}
		if g != w {
			t.Errorf("%s: link %d\n got %s\nwant %s", name, i+1, g, w)
		}
	}
}

// TestMailStructure checks the MIME walk: part numbers (IMAP style), the
// base of each part (RFC 3986 §5.1.2 with RFC 2110/2557 headers,
// inherited down multiparts and message/rfc822), header links, transfer
// encodings, and the parts that are skipped.
func TestMailStructure(t *testing.T) {
	msg := strings.ReplaceAll(`From: a@example.org
List-Unsubscribe: <mailto:leave@example.org>,
 <http://example.org/leave>
Content-Type: multipart/mixed; boundary="outer"
Content-Base: http://example.org/base/

preamble <a href="http://preamble.example/">
--outer
Content-Type: multipart/alternative; boundary="outer-inner"

--outer-inner
Content-Type: text/html; charset=iso-8859-1
Content-Transfer-Encoding: quoted-printable

<a href=3D"rel/one.html">x</a><a href=3D"http://exa=
mple.org/two?a=3D1">
--outer-inner
Content-Type: text/html
Content-Location: http://other.example/dir/page.html

<img src="pic.png">
--outer-inner--
--outer
Content-Type: message/rfc822

Subject: inner
Archived-At: <http://archive.example/1>
Content-Type: text/html
Content-Transfer-Encoding: base64

PGEgaHJlZj0ieC5odG1sIj4K
--outer
Content-Type: image/png
Content-Transfer-Encoding: base64

PGEgaHJlZj0iaHR0cDovL25vdC5zY2FubmVkLyI+
--outer
Content-Type: application/octet-stream

<a href="http://not.scanned/">
--outer--
epilogue <a href="http://epilogue.example/">
`, "\n", "\r\n")
	got, errs := scanMailString(t, msg, Options{Base: "http://retrieval.example/mail/1"})
	checkLinks(t, "structure", got, []string{
		"|mailto:leave@example.org|mailto:leave@example.org|List-Unsubscribe",
		"|http://example.org/leave|http://example.org/leave|List-Unsubscribe",
		"|http://example.org/base/|http://example.org/base/|Content-Base",
		"1.1|rel/one.html|http://example.org/base/rel/one.html",
		"1.1|http://example.org/two?a=1|http://example.org/two?a=1",
		"1.2|http://other.example/dir/page.html|http://other.example/dir/page.html|Content-Location",
		"1.2|pic.png|http://other.example/dir/pic.png",
		"2|http://archive.example/1|http://archive.example/1|Archived-At",
		"2.1|x.html|http://example.org/base/x.html",
	})
	if len(errs) > 0 {
		t.Errorf("structure: errors %v", errs)
	}
}

// TestMailParts checks part numbering and bases in other shapes.
func TestMailParts(t *testing.T) {
	tests := []struct {
		name string
		msg  string
		want []string
		errs []string // substrings of the errors, in order
	}{
		{"single part: the body is part 1",
			"Content-Type: text/html\n\n<a href=\"a.html\">",
			[]string{"1|a.html|http://retrieval.example/mail/a.html"}, nil},
		{"no Content-Type, not text: nothing",
			"Content-Type: image/gif\n\n<a href=\"a.html\">", nil, nil},
		{"relative Content-Location resolved against the outer base",
			"Content-Location: sub/page.html\nContent-Type: text/html\n\n<a href=\"a.html\">",
			[]string{"|sub/page.html|http://retrieval.example/mail/sub/page.html|Content-Location",
				"1|a.html|http://retrieval.example/mail/sub/a.html"}, nil},
		{"Content-Base wins over Content-Location, which resolves against it",
			"Content-Location: page.html\nContent-Base: http://b.example/x/\nContent-Type: text/html\n\n<a href=\"a.html\">",
			[]string{"|page.html|http://b.example/x/page.html|Content-Location",
				"|http://b.example/x/|http://b.example/x/|Content-Base",
				"1|a.html|http://b.example/x/a.html"}, nil},
		{"a part's header overrides, a sibling inherits",
			"Content-Type: multipart/related; boundary=b\nContent-Base: http://m.example/\n\n--b\nContent-Type: text/html\nContent-Base: http://p.example/\n\n<a href=\"1\">\n--b\nContent-Type: text/html\n\n<a href=\"2\">\n--b--\n",
			[]string{"|http://m.example/|http://m.example/|Content-Base",
				"1|http://p.example/|http://p.example/|Content-Base",
				"1|1|http://p.example/1", "2|2|http://m.example/2"}, nil},
		{"digest parts default to message/rfc822 (RFC 2046 §5.1.5)",
			"Content-Type: multipart/digest; boundary=d\n\n--d\n\nArchived-At: <http://a.example/1>\nContent-Type: text/html\n\n<a href=\"x\">\n--d--\n",
			[]string{"1|http://a.example/1|http://a.example/1|Archived-At", "1.1|x|http://retrieval.example/mail/x"}, nil},
		{"message/rfc822 that is multipart: its parts are N.1, N.2",
			"Content-Type: multipart/mixed; boundary=o\n\n--o\nContent-Type: message/rfc822\n\nContent-Type: multipart/alternative; boundary=i\n\n--i\nContent-Type: text/html\n\n<a href=\"a\">\n--i\nContent-Type: text/html\n\n<a href=\"b\">\n--i--\n--o--\n",
			[]string{"1.1|a|http://retrieval.example/mail/a", "1.2|b|http://retrieval.example/mail/b"}, nil},
		{"missing closing delimiter: last part read to the end, not an error",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<a href=\"a\">\n--b\nContent-Type: text/html\n\n<a href=\"b\">\n",
			[]string{"1|a|http://retrieval.example/mail/a", "2|b|http://retrieval.example/mail/b"}, nil},
		{"a boundary that prefixes a nested one, and padding after a delimiter",
			"Content-Type: multipart/mixed; boundary=b\n\n--b \t\nContent-Type: multipart/mixed; boundary=b2\n\n--b2\nContent-Type: text/html\n\n<a href=\"a\">\n--b2--\n--b--\n",
			[]string{"1.1|a|http://retrieval.example/mail/a"}, nil},
		{"base64 multipart body (not allowed, but seen)",
			"Content-Type: multipart/mixed; boundary=b\nContent-Transfer-Encoding: base64\n\nLS1iCkNvbnRlbnQtVHlwZTogdGV4dC9odG1sCgo8YSBocmVmPSJhIj4KLS1iLS0K\n",
			[]string{"1|a|http://retrieval.example/mail/a"}, nil},
		{"message/external-body with access-type URL (RFC 2017)",
			"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: message/external-body; access-type=URL;\n URL=\"http://example.org/\n big.iso\"\n\nContent-Type: application/octet-stream\n\n--b--\n",
			[]string{"1|http://example.org/big.iso|http://example.org/big.iso|Content-Type"}, nil},
		// The part's charset is the document's encoding, in which the
		// query of a URL is written (WHATWG URL Standard §4.4), over
		// its <meta> (HTML §13.2.3.1).
		{"query in the part's charset",
			"Content-Type: text/html; charset=windows-1252\n\n<meta charset=koi8-r><a href=\"?q=&#233;\xe9\">",
			[]string{"1|?q=%E9%E9|http://retrieval.example/mail/1?q=%E9%E9"}, nil},
		{"query in UTF-8 whatever the <meta>",
			"Content-Type: text/html; charset=utf-8\n\n<meta charset=windows-1252><a href=\"?q=&#233;\">",
			[]string{"1|?q=é|http://retrieval.example/mail/1?q=%C3%A9"}, nil},
		{"invalid Content-Base: reported, the outer base stays",
			"Content-Base: http://[bad/\nContent-Type: text/html\n\n<a href=\"a\">",
			[]string{"|http://[bad/|http://[bad/|Content-Base", "1|a|http://retrieval.example/mail/a"},
			[]string{"Content-Base"}},
	}
	for _, tt := range tests {
		got, errs := scanMailString(t, tt.msg, Options{Base: "http://retrieval.example/mail/1"})
		checkLinks(t, tt.name, got, tt.want)
		if len(errs) != len(tt.errs) {
			t.Errorf("%s: errors %v, want %d", tt.name, errs, len(tt.errs))
			continue
		}
		for i, err := range errs {
			var e *Error
			if !errors.As(err, &e) || e.Message != 1 {
				t.Errorf("%s: error %v is not an *Error of message 1", tt.name, err)
			}
			if !strings.Contains(err.Error(), tt.errs[i]) {
				t.Errorf("%s: error %q does not mention %q", tt.name, err, tt.errs[i])
			}
		}
	}
}

// TestMailErrors checks that broken structure is reported with ErrMIME
// and that the scan goes on; the errors after which every byte was still
// read match ErrRecovered, the one that skips a part does not.
func TestMailErrors(t *testing.T) {
	// Each message/rfc822 body is the next message: 40 levels deep.
	nested := strings.Repeat("Content-Type: message/rfc822\n\n", 40) + "Content-Type: text/html\n\n<a href=\"deep\">"
	tests := []struct {
		name, msg string
		recovered bool
	}{
		{"no boundary", "Content-Type: multipart/mixed\n\n<a href=\"a\">", true},
		{"boundary not found", "Content-Type: multipart/mixed; boundary=zz\n\nhttp://example.org/", true},
		{"header cut", "Subject: a\nnot a field\nX-Y: z\n\nhttp://example.org/", true},
		{"nested too deep", nested, false},
	}
	for _, tt := range tests {
		_, errs := scanMailString(t, tt.msg, Options{})
		if len(errs) == 0 || !errors.Is(errs[0], ErrMIME) {
			t.Errorf("%s: errors %v, want ErrMIME", tt.name, errs)
			continue
		}
		if got := errors.Is(errs[0], ErrRecovered); got != tt.recovered {
			t.Errorf("%s: errors.Is(%v, ErrRecovered) = %v, want %v", tt.name, errs[0], got, tt.recovered)
		}
	}
}

// TestMailWarnings checks that what was guessed about a part (an unknown
// charset, an unknown transfer encoding, a missing close-delimiter) is
// said on each of its links.
func TestMailWarnings(t *testing.T) {
	tests := []struct {
		msg, want string
	}{
		{"Content-Type: text/html; charset=default_charset\n\n<a href=\"http://example.org/\">", `charset: unknown charset "default_charset"`},
		{"Content-Type: text/html\nContent-Transfer-Encoding: x-uuencode\n\n<a href=\"http://example.org/\">", `transfer-encoding: unknown Content-Transfer-Encoding "x-uuencode"`},
		{"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<a href=\"http://example.org/\">\n", `mime-unclosed: multipart/mixed ends without its closing delimiter "--b--"`},
	}
	for _, tt := range tests {
		n := 0
		for l, err := range Links(strings.NewReader(tt.msg), Options{Type: Mail}) {
			if err != nil {
				t.Errorf("%q: %v", tt.msg, err)
				continue
			}
			n++
			if !slices.ContainsFunc(l.Warnings, func(w string) bool { return strings.HasPrefix(w, tt.want) }) {
				t.Errorf("%q: warnings %q, want one starting %q", tt.msg, l.Warnings, tt.want)
			}
		}
		if n != 1 {
			t.Errorf("%q: %d links, want 1", tt.msg, n)
		}
	}
}

func TestFindDelimiter(t *testing.T) {
	tests := []struct {
		body    string
		at      int
		closing bool
	}{
		{"--b\nx", 0, false},
		{"text\r\n--b\r\nx", 6, false},
		{"text --b\n--b--\n", 9, true},      // not at a line start, then closing
		{"--bb\n--b \t\r\n", 5, false},      // a longer boundary is not this one
		{"--b-x\n--b--epilogue\n", 6, true}, // "--b-x" is not a delimiter; closing may be followed by anything
		{"x--b\n-- b\n", -1, false},         // none
		{"--b", 0, false},                   // at the very end, no line break
		{"prefix\n--b--", 7, true},
	}
	for _, tt := range tests {
		at, _, closing := findDelimiter([]byte(tt.body), 0, []byte("--b"))
		if at != tt.at || (at >= 0 && closing != tt.closing) {
			t.Errorf("findDelimiter(%q) = %d, %v; want %d, %v", tt.body, at, closing, tt.at, tt.closing)
		}
	}
}

// TestHeaderLinkPositions checks Offset, Line and Column of header links:
// in the raw message, folding and earlier parts decoded in place
// notwithstanding.
func TestHeaderLinkPositions(t *testing.T) {
	tests := []struct {
		msg                  string
		offset, line, column int
	}{
		{"Subject: x\r\nList-Help: (c)\r\n <mailto:a@example.org>\r\n\r\nbody", 30, 3, 3},
		{"Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Transfer-Encoding: quoted-printable\n\na=\nb=\nc\n--b\nContent-Location: http://x/\n\n--b--\n",
			122, 10, 19},
	}
	for _, tt := range tests {
		var got []Link
		for l, err := range Links(strings.NewReader(tt.msg), Options{Type: Mail}) {
			if err != nil {
				t.Errorf("%q: %v", tt.msg, err)
			} else if l.Context == "header" {
				got = append(got, l)
			}
		}
		if len(got) != 1 || got[0].Offset != int64(tt.offset) || got[0].Line != tt.line || got[0].Column != tt.column {
			t.Errorf("%q: header links %+v, want one at offset %d, line %d, column %d", tt.msg, got, tt.offset, tt.line, tt.column)
		}
	}
}

// unescapeFrom returns line without its first ">" if it is a ">From "
// line escaped by an mbox writer (any number of ">"): the test corpus
// mbox escapes with it the lines a reader would unescape (the reader
// itself unescapes in place, see mboxReader.setMessage).
func unescapeFrom(line []byte) ([]byte, bool) {
	if len(line) < 6 || line[0] != '>' {
		return line, false
	}
	i := 1
	for i < len(line) && line[i] == '>' {
		i++
	}
	if !bytes.HasPrefix(line[i:], []byte("From ")) {
		return line, false
	}
	return line[1:], true
}

// TestMailWalkerReuse checks that a walker kept from input to input
// (mailWalkers) carries nothing of one input into the next: once reset,
// after each fixture, it holds nothing but empty buffers and the reader
// of its format=flowed cursor, reset (see leftovers); and each fixture scanned
// after all the others gives the links and errors it gives scanned first.
func TestMailWalkerReuse(t *testing.T) {
	files, err := filepath.Glob("testdata/mail/*.eml")
	if err != nil || len(files) < 2 {
		t.Fatalf("fixtures: %v, %v", files, err)
	}
	files = append(files, "testdata/mbox/sample.mbox")
	w := new(mailWalker)
	for _, name := range files {
		data, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		src, err := newSource(&Options{Name: name})
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		yield := func(Link, error) bool { n++; return true }
		if strings.HasSuffix(name, ".mbox") {
			w.scanMbox(bytes.NewReader(data), src, yield)
		} else {
			w.scanMail(bytes.NewReader(data), src, yield)
		}
		if n == 0 || len(w.msg)+len(w.mbox.buf) == 0 {
			t.Fatalf("%s: %d links and errors, nothing read: the walk is not what the test checks", name, n)
		}
		if !w.reset() {
			t.Fatalf("%s: reset drops the walker", name)
		}
		if left := leftovers(reflect.ValueOf(w).Elem(), "mailWalker"); len(left) > 0 {
			t.Errorf("after %s, reset leaves:\n%s", name, strings.Join(left, "\n"))
		}
	}
	cursorReader := !reflect.ValueOf(w.flowedPos).FieldByName("f").IsNil()
	if cap(w.flowedText) == 0 || !cursorReader || cap(w.dec) == 0 || cap(w.mbox.buf) == 0 {
		t.Errorf("the fixtures did not fill the buffers kept: flowed %d, cursor %v, dec %d, mbox %d",
			cap(w.flowedText), cursorReader, cap(w.dec), cap(w.mbox.buf))
	}

	scan := func(name string) string {
		f, err := os.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var b strings.Builder
		for l, err := range Links(f, Options{Name: name}) {
			fmt.Fprintf(&b, "%+v %v\n", l, err)
		}
		return b.String()
	}
	first := make(map[string]string)
	for _, f := range files {
		first[f] = scan(f)
	}
	for _, f := range slices.Backward(files) {
		if got := scan(f); got != first[f] {
			t.Errorf("%s scanned after the others:\n%s\nwant, scanned first:\n%s", f, got, first[f])
		}
	}
}

// leftovers returns the paths of what v, a walker reset, still holds of
// an input: a value that is not zero (or, in a bufio.Reader, not as
// bufio.NewReader makes it), a slice that is not empty, an element in the
// capacity of a slice of values with pointers that is not zero (it would
// keep input alive), a pointer other than to the flowedReader and the
// bufio.Reader a walker keeps. The bytes in the capacity of a buffer are
// the input's, but nothing reads them.
func leftovers(v reflect.Value, path string) []string {
	return leftoversFrom(v, reflect.Zero(v.Type()), path)
}

// freshReader is a bufio.Reader as made, for leftovers.
var freshReader = reflect.ValueOf(bufio.NewReaderSize(nil, 16)).Elem()

func leftoversFrom(v, fresh reflect.Value, path string) []string {
	var left []string
	switch v.Kind() {
	case reflect.Struct:
		if v.Type() == freshReader.Type() {
			fresh = freshReader
		}
		for i := range v.NumField() {
			f := v.Type().Field(i)
			if v.Type() == freshReader.Type() && f.Name == "buf" {
				continue // bytes, not read: r and w say so
			}
			left = append(left, leftoversFrom(v.Field(i), fresh.Field(i), path+"."+f.Name)...)
		}
	case reflect.Array:
		for i := range v.Len() {
			left = append(left, leftoversFrom(v.Index(i), fresh.Index(i), fmt.Sprintf("%s[%d]", path, i))...)
		}
	case reflect.Slice:
		if v.Len() > 0 {
			return []string{fmt.Sprintf("%s: %d elements", path, v.Len())}
		}
		if hasPointers(v.Type().Elem()) {
			all := v.Slice(0, v.Cap())
			for i := range all.Len() {
				if !all.Index(i).IsZero() {
					left = append(left, fmt.Sprintf("%s[%d] in the capacity: not zero", path, i))
				}
			}
		}
	case reflect.Pointer:
		switch {
		case v.IsNil():
		case v.Type() == reflect.TypeFor[*mimepart.FlowedReader]() || v.Type() == reflect.TypeFor[*bufio.Reader]():
			left = leftoversFrom(v.Elem(), reflect.Zero(v.Type().Elem()), path)
		default:
			left = []string{path + ": a pointer kept"}
		}
	case reflect.Map:
		if v.Len() > 0 {
			left = []string{path + ": a map not empty"}
		}
	case reflect.Interface, reflect.Func, reflect.Chan:
		if !v.IsNil() {
			left = []string{path + ": not nil"}
		}
	default:
		if !v.Equal(fresh) {
			left = []string{fmt.Sprintf("%s: %v, not %v", path, v, fresh)}
		}
	}
	return left
}

// hasPointers reports whether values of type t hold pointers.
func hasPointers(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Float32, reflect.Float64, reflect.Complex64, reflect.Complex128:
		return false
	case reflect.Array:
		return hasPointers(t.Elem())
	case reflect.Struct:
		for i := range t.NumField() {
			if hasPointers(t.Field(i).Type) {
				return true
			}
		}
		return false
	}
	return true
}
