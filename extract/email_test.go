package extract

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

func TestEmails(t *testing.T) {
	tests := []struct {
		in   string
		want []string // URI@line:column of each link
	}{
		{"write to bob@example.org.", []string{"mailto:bob@example.org@1:10"}},
		{"Bob <bob.smith+news@mail.example.co.uk>", []string{"mailto:bob.smith+news@mail.example.co.uk@1:6"}},
		{"a\nb\n  x_y-z@sub.example.com, then", []string{"mailto:x_y-z@sub.example.com@3:3"}},
		{"o'brien@example.ie", []string{"mailto:o'brien@example.ie@1:1"}},
		// Code markup around an address is not part of it.
		{"mail `bob@example.org` now", []string{"mailto:bob@example.org@1:7"}},
		// No public suffix, no dot, a bad label, a bad local part.
		{"root@localhost x@file.txt y@example z@-a.example.com w@a..example.com .v@example.com u.@example.com a..b@example.com", nil},
		// A URI's own: mailto:, userinfo, a query.
		{"mailto:carol@example.com http://dave@example.net/ https://a.example/?to=erin@example.org", []string{
			"mailto:carol@example.com@1:1", "http://dave@example.net/@1:26", "https://a.example/?to=erin@example.org@1:51"}},
		// Identifiers in the form of addresses.
		{"Message-ID: <CA123@mail.gmail.com>\nReferences: <a@b.example.com>\n  <c@d.example.com>\n> In-Reply-To: <q@r.example.org>\nreceived: from x by y.example.net id <z@y.example.net>\nContent-ID: <part1@example.com>\nok@example.org", []string{
			"mailto:ok@example.org@7:1"}},
		// A header block quoted with an indent, as exmh and nmh quote it;
		// an address folded under a From in such a block is one.
		{"    Date: Wed\n    From:   Chris <cwg@example.com>\n    Message-ID:  <1029.TMDA@deepeddy.example.com>\n\n  | text", []string{
			"mailto:cwg@example.com@2:20"}},
		{"    Message-ID: <a@b.example.com>\n    From: x\n        <y@example.com>", []string{"mailto:y@example.com@3:10"}},
		{" >  > References:\t<a@b.example.com>\n\t<c@d.example.com>", nil},
		{"    References: <a@b.example.com>\n      <urn:x@d.example.com>\n      <e@f.example.com>", []string{"urn:x@d.example.com@2:8"}},
		// The attribution line of MH and exmh names the message by its ID.
		{"In message <3703.1033@dimebox.example.com>, Hal writes:\n>in message <x@y.example.org> at z@example.org", []string{"mailto:z@example.org@2:34"}},
		// In order with the URIs around them.
		{"http://a.example/ bob@example.org <http://b.example/> eve@example.net", []string{
			"http://a.example/@1:1", "mailto:bob@example.org@1:19", "http://b.example/@1:36", "mailto:eve@example.net@1:55"}},
		{"an @ alone, a@ and @b.example.com, a@@b.example.com", nil},
		{"x@" + strings.Repeat("a", 300) + ".com", nil},
		{strings.Repeat("a", 70) + "@example.com", nil},
	}
	for _, tt := range tests {
		for _, oneByte := range []bool{false, true} {
			var r io.Reader = strings.NewReader(tt.in)
			if oneByte {
				r = iotest.OneByteReader(r)
			}
			var got []string
			for l, err := range Links(r, Options{Type: Text, Emails: true}) {
				if err != nil {
					t.Fatal(err)
				}
				got = append(got, fmt.Sprintf("%s@%d:%d", l.URI, l.Line, l.Column))
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("Links(%q, Emails, one-byte reads %v) = %q, want %q", tt.in, oneByte, got, tt.want)
			}
		}
	}
}

func TestEmailsOff(t *testing.T) {
	for l := range Links(strings.NewReader("bob@example.org"), Options{Type: Text}) {
		t.Errorf("without Emails: %q", l.URI)
	}
}

// TestEmailsLongInput: the finder's window stays bounded over input with
// no address, and positions stay right far into it.
func TestEmailsLongInput(t *testing.T) {
	in := strings.Repeat("no address on this line @ all\n", 10000) + "last bob@example.org\n"
	f := newEmailFinder(false)
	r, _ := withEmails(strings.NewReader(in), f, nil)
	buf := make([]byte, 4096)
	maxBuf := 0
	for {
		_, err := r.Read(buf)
		maxBuf = max(maxBuf, cap(f.buf))
		if err != nil {
			break
		}
	}
	f.close()
	if maxBuf > 4*4096 {
		t.Errorf("window grew to %d bytes", maxBuf)
	}
	if len(f.found) != 1 || f.found[0].line != 10001 || f.found[0].column != 6 {
		t.Errorf("found %+v, want bob@example.org at 10001:6", f.found)
	}
}

// FuzzEmailsContext: with Emails and Context, the links of a text do not
// depend on how the reader splits it, and every address is a mailto: URI
// whose Ref is in the text at its Offset.
func FuzzEmailsContext(f *testing.F) {
	for _, s := range []string{"bob@example.org", "a <b@c.example.com> mailto:d@e.example.net http://f@g.example.org/\nMessage-ID: <h@i.example.com>", "x@y.com.\n  z@w.example.co.uk"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		opts := Options{Type: Text, Emails: true, TextAround: true}
		var whole, split []Link
		for l, err := range Links(strings.NewReader(in), opts) {
			if err == nil {
				whole = append(whole, l)
			}
		}
		for l, err := range Links(iotest.OneByteReader(strings.NewReader(in)), opts) {
			if err == nil {
				split = append(split, l)
			}
		}
		if fmt.Sprint(whole) != fmt.Sprint(split) {
			t.Fatalf("Links(%q) whole:\n%v\none byte at a time:\n%v", in, whole, split)
		}
		for _, l := range whole {
			if l.Style == StyleEmail && (l.URI != "mailto:"+l.Ref || !strings.HasPrefix(in[l.Offset:], l.Ref)) {
				t.Errorf("Links(%q): address %+v", in, l)
			}
		}
	})
}
