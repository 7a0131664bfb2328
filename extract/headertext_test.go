package extract

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestHeaderTextLinks checks that the URIs in the text of any header
// field are found, with "Field: value" as their Text, except in the
// fields of identifiers and signatures, and that NoHeaders leaves out
// every header link.
func TestHeaderTextLinks(t *testing.T) {
	const msg = "Message-ID: <http://id.example/1@host>\n" +
		"References: <a@b> http://ref.example/\n" +
		"Received: from x (http://relay.example/) by y\n" +
		"DKIM-Signature: v=1; d=example.org; h=from:to; bh=http://sig.example/\n" +
		"ARC-Seal: i=1; cv=none; b=http://arc.example/\n" +
		"Authentication-Results: mx; dkim=pass header.i=http://auth.example/\n" +
		"X-Url: http://x-url.example/\n" +
		"X-Website: <https://site.example/>\n" +
		"Organization: Example Inc. (see http://org.example/about)\n" +
		"Subject: Re: read http://not-whole.example/ now\n" +
		"List-Id: News, http://list.example/ <news.list.example>\n" +
		"Date: Thu, 22 Aug 2002 12:36:23 +0100\n" +
		"To: Undisclosed-Recipient:;\n" +
		"Cc: \"http://cc.example/\" <a@b.example>\n" +
		"Content-Class: urn:content-classes:message\n" +
		"\n" +
		"body\n"
	const whole = "Subject: =?utf-8?Q?http://subject.example/a=5Fb?=\n\nbody\n"
	tests := []struct {
		name string
		in   string
		opts Options
		want []string
	}{
		{"fields", msg, Options{Type: Mail}, []string{
			"X-Url http://x-url.example/ 7:8 X-Url: http://x-url.example/",
			"X-Website https://site.example/ 8:13 X-Website: <https://site.example/>",
			"Organization http://org.example/about 9:33 Organization: Example Inc. (see http://org.example/about)",
			"List-Id http://list.example/ 11:16 List-Id: News, http://list.example/ <news.list.example>",
		}},
		{"subject", whole, Options{Type: Mail}, []string{
			"Subject http://subject.example/a_b 1:9 Subject: http://subject.example/a_b",
		}},
		// A base64 encoded word shows no ':' until it is decoded.
		{"encoded words", "X-Url: =?utf-8?b?aHR0cHM6Ly9leGFtcGxlLm9yZy9lbmM=?=\n" +
			"Subject: =?UTF-8?B?aHR0cHM6Ly9zdWJqZWN0LmV4YW1wbGUv?=\n\nbody\n", Options{Type: Mail}, []string{
			"X-Url https://example.org/enc 1:7 X-Url: https://example.org/enc",
			"Subject https://subject.example/ 2:9 Subject: https://subject.example/",
		}},
		{"no headers", msg + "List-Help: <http://help.example/>\n", Options{Type: Mail, NoHeaders: true}, nil},
		// --any-scheme reaches the text of header fields as it does the body's,
		// "s3:" too, though a digit comes before its ':'.
		{"any scheme", "X-Source: s3://bucket/key\nX-Repo: see git+ssh://git.example/r.git\n\nbody\n",
			Options{Type: Mail, AnyScheme: true}, []string{
				"X-Source s3://bucket/key 1:11 X-Source: s3://bucket/key",
				"X-Repo git+ssh://git.example/r.git 2:13 X-Repo: see git+ssh://git.example/r.git",
			}},
		{"registered schemes only", "X-Source: s3://bucket/key\nX-Repo: see git+ssh://git.example/r.git\n\nbody\n",
			Options{Type: Mail}, nil},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(tt.in), tt.opts) {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			if l.Context != ContextHeader {
				continue
			}
			got = append(got, fmt.Sprintf("%s %s %d:%d %s", l.Header, l.URI, l.Line, l.Column, l.Text))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s:\n got %q\nwant %q", tt.name, got, tt.want)
		}
	}
}

func TestFieldText(t *testing.T) {
	long := strings.Repeat("é", 150)
	token := strings.Repeat("x", 250)
	tests := []struct{ name, value, ref, want string }{
		{"X-Url", " http://example.org/\r\n", "http://example.org/", "X-Url: http://example.org/"},
		{"List-Id", " A list\r\n\thttp://example.org/ <a.example>", "http://example.org/", "List-Id: A list http://example.org/ <a.example>"},
		{"List-Unsubscribe", " <http://a.example/>,\r\n\t<mailto:b@example.org>", "http://a.example/", "List-Unsubscribe: <http://a.example/>, <mailto:b@example.org>"},
		{"Organization", " " + long, "", "Organization: " + strings.Repeat("é", 100) + "…"},
		// A link past the cut: the text is cut around it instead, so that
		// it shows the link (pick underlines it there).
		{"List-Unsubscribe", " <mailto:u-" + token + "@example.com>,\r\n <https://example.com/u?t=1>", "https://example.com/u?t=1",
			"List-Unsubscribe: …" + strings.Repeat("x", 158) + "@example.com>, <https://example.com/u?t=1>"},
	}
	for _, tt := range tests {
		if got := fieldText(tt.name, []byte(tt.value), tt.ref); got != tt.want {
			t.Errorf("fieldText(%q, %q, %q) = %q, want %q", tt.name, tt.value, tt.ref, got, tt.want)
		}
	}
}

// TestJoinFields checks joinFields against bytes.Join(bytes.Fields(v)) on
// values of white space, words and non-ASCII text.
func TestJoinFields(t *testing.T) {
	parts := []string{" ", "\t", "\r\n", "\v", "\f", "a", "bc", "\u00a0", "é", "\xff", "  "}
	r := rand.New(rand.NewPCG(15, 4))
	for range 5000 {
		var v []byte
		for range r.IntN(10) {
			v = append(v, parts[r.IntN(len(parts))]...)
		}
		if got, want := joinFields(v), bytes.Join(bytes.Fields(v), []byte(" ")); !bytes.Equal(got, want) {
			t.Fatalf("joinFields(%q) = %q, want %q", v, got, want)
		}
	}
}

// TestHeaderTextOptions checks that the text of header fields is scanned
// with the delimit options the user gave for bodies: a URI of an
// unregistered scheme is a header link with AnyScheme, as it is a body
// link, and none without; a relative reference in <...> with
// AngleRelative.
func TestHeaderTextOptions(t *testing.T) {
	const msg = "X-Repo: git+ssh://git.example/repo.git\nX-Docs: see <docs/a.html>\n\ngit+ssh://git.example/body.git\n"
	tests := []struct {
		name string
		opts Options
		want []string
	}{
		{"default", Options{Type: Mail}, nil},
		{"AnyScheme", Options{Type: Mail, AnyScheme: true}, []string{
			"header X-Repo git+ssh://git.example/repo.git",
			"text  git+ssh://git.example/body.git",
		}},
		{"AngleRelative", Options{Type: Mail, AngleRelative: true}, []string{"header X-Docs docs/a.html"}},
	}
	for _, tt := range tests {
		var got []string
		for l, err := range Links(strings.NewReader(msg), tt.opts) {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
				continue
			}
			got = append(got, fmt.Sprintf("%s %s %s", l.Context, l.Header, l.URI))
		}
		if strings.Join(got, "\n") != strings.Join(tt.want, "\n") {
			t.Errorf("%s, %q:\n got %q\nwant %q", tt.name, msg, got, tt.want)
		}
	}
}

// TestIdentifierFieldsInIDFields checks the relation of the two lists: a
// field whose value is an identifier (no e-mail address read from it in
// text) gives no header link either, and an address field, which gives
// no header link, still has its addresses read.
func TestIdentifierFieldsInIDFields(t *testing.T) {
	isIDField := func(name string) bool {
		return slices.ContainsFunc(idFields, func(f string) bool { return strings.EqualFold(f, name) })
	}
	for _, name := range identifierFields {
		if f := strings.TrimSuffix(name, ":"); !isIDField(f) {
			t.Errorf("identifierFields has %q, idFields does not", f)
		}
	}
	for _, f := range []string{"From", "To", "Cc", "Reply-To"} {
		if !isIDField(f) || slices.Contains(identifierFields, strings.ToLower(f)+":") {
			t.Errorf("%s: want in idFields only", f)
		}
	}
}

// TestFoldedValue checks foldedValue against what it does in one pass:
// unfold, then joinFields when tabs, line breaks or runs of spaces are
// left, on random values of white space, folding and text.
func TestFoldedValue(t *testing.T) {
	parts := []string{" ", "\t", "\r\n ", "\r\n\t", "\r", "\n", "\v", "\f", "a", "bc", "  ", "\u00a0", "é"}
	r := rand.New(rand.NewPCG(15, 5))
	for n := range 20000 {
		var v []byte
		for range r.IntN(12) {
			p := parts[r.IntN(len(parts))]
			if n%2 == 0 && p[0] >= 0x80 {
				continue // half the values ASCII
			}
			v = append(v, p...)
		}
		want := unfold(v)
		if bytes.ContainsAny(want, "\t\r\n") || bytes.Contains(want, []byte("  ")) {
			want = joinFields(want)
		}
		if got := foldedValue(make([]byte, 0, r.IntN(8)), v); !bytes.Equal(got, want) {
			t.Fatalf("foldedValue(%q) = %q, want %q", v, got, want)
		}
	}
}
