package base

import (
	"bufio"
	"encoding/json"
	"errors"
	"net/textproto"
	"os"
	"strings"
	"testing"

	"golang.org/x/net/html"

	"github.com/urix/urix/uri"
)

func mustParse(t *testing.T, s string, src Source) Base {
	t.Helper()
	b, err := Parse(s, src)
	if err != nil {
		t.Fatalf("Parse(%q): %v", s, err)
	}
	return b
}

func TestParse(t *testing.T) {
	tests := []struct {
		in, want string
		wantErr  error
	}{
		{"http://a/b/c/d;p?q", "http://a/b/c/d;p?q", nil},
		{"http://a/b/c/d;p?q#frag", "http://a/b/c/d;p?q", nil}, // §5.1: fragment dropped
		{"  http://a/  ", "http://a/", nil},
		{"file:///home/u/t.html", "file:///home/u/t.html", nil},
		{"http://bücher.example/ü", "http://xn--bcher-kva.example/%C3%BC", nil}, // RFC 3987 §3.1
		{"mailto:a@b", "mailto:a@b", nil},
		{"/relative/path", "", uri.ErrNotAbsolute}, // §5.1: a base is absolute
		{"", "", uri.ErrNotAbsolute},
		{"http://[::1/", "", uri.ErrInvalidHost},
	}
	for _, tt := range tests {
		b, err := Parse(tt.in, Default)
		if tt.wantErr != nil {
			var e *Error
			if !errors.Is(err, tt.wantErr) || !errors.As(err, &e) || e.Source != Default {
				t.Errorf("Parse(%q) error = %v, want a *base.Error wrapping %v", tt.in, err, tt.wantErr)
			}
			continue
		}
		if err != nil || b.URI.String() != tt.want || b.Source != Default {
			t.Errorf("Parse(%q) = %q, %v, %v; want %q, default", tt.in, b.URI.String(), b.Source, err, tt.want)
		}
	}
}

func TestFromFile(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	dir, err := os.Getwd() // the working directory as the OS names it (symlinks resolved)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"t.html", "file://" + dir + "/t.html"},
		{"a b/c.html", "file://" + dir + "/a%20b/c.html"}, // §2.1: space is not allowed
		{"./x/../y.txt", "file://" + dir + "/y.txt"},
		{"/home/u/t.html", "file:///home/u/t.html"},
		{"/tmp/ü.txt", "file:///tmp/%C3%BC.txt"},              // §2.5: UTF-8 octets
		{"/tmp/日本.txt", "file:///tmp/%E6%97%A5%E6%9C%AC.txt"}, // §2.5
		{"/x/100%.txt", "file:///x/100%25.txt"},               // §2.4: '%' itself is encoded
		{"/x/a#b?c", "file:///x/a%23b%3Fc"},                   // gen-delims that end a path
		{"/x/a;b=c,d@e:f", "file:///x/a;b=c,d@e:f"},           // pchar keeps sub-delims, ':' and '@'
	}
	for _, tt := range tests {
		b, err := FromFile(tt.path)
		if err != nil || b.URI.String() != tt.want || b.Source != Retrieval {
			t.Errorf("FromFile(%q) = %q, %v, %v; want %q, retrieval", tt.path, b.URI.String(), b.Source, err, tt.want)
			continue
		}
		// The URI must be what it says: parsing it gives the same value.
		if u, err := uri.Parse(tt.want); err != nil || u != b.URI {
			t.Errorf("FromFile(%q): %q does not parse back to the same URI (%v)", tt.path, tt.want, err)
		}
	}
}

// seedHTML is the HTML example of the 1997 and 2003 drafts' appendix D
// (requirements D-08).
const seedHTML = `<!doctype html public "-//IETF//DTD HTML//EN">
<HTML><HEAD>
<TITLE>An example HTML document</TITLE>
<BASE href="http://www.ics.uci.edu/Test/a/b/c">
</HEAD><BODY>
... <A href="../x">a hypertext anchor</A> ...
</BODY></HTML>
`

func htmlBase(t *testing.T, outer Base, page string) (Base, error) {
	t.Helper()
	doc, err := html.Parse(strings.NewReader(page))
	if err != nil {
		t.Fatal(err)
	}
	return outer.HTML(doc)
}

func TestHTMLSeedExample(t *testing.T) {
	// Whatever the retrieval context, "../x" resolves against the
	// embedded base (D-08).
	for _, outer := range []Base{
		{},
		mustParse(t, "file:///home/u/t.html", Retrieval),
		mustParse(t, "http://other/p", Retrieval),
		mustParse(t, "http://default.example/", Default),
	} {
		b, err := htmlBase(t, outer, seedHTML)
		if err != nil || b.Source != Embedded || b.URI.String() != "http://www.ics.uci.edu/Test/a/b/c" {
			t.Errorf("seed page retrieved as %q: base %q (%v), %v; want http://www.ics.uci.edu/Test/a/b/c, embedded", outer.URI.String(), b.URI.String(), b.Source, err)
			continue
		}
		ref, _ := uri.Parse("../x")
		got, err := b.Resolve(ref)
		if err != nil || got.String() != "http://www.ics.uci.edu/Test/a/x" {
			t.Errorf("seed page retrieved as %q: ../x gives %q, %v; want http://www.ics.uci.edu/Test/a/x", outer.URI.String(), got.String(), err)
		}
	}
}

func TestHTML(t *testing.T) {
	retrieval := mustParse(t, "http://example.com/dir/page.html", Retrieval)
	tests := []struct {
		name, page string
		outer      Base
		want       string // "" for outer unchanged
		src        Source
		wantErr    bool
	}{
		{"absolute", `<base href="http://x.example/a/">`, retrieval, "http://x.example/a/", Embedded, false},
		{"relative resolved against retrieval", `<base href="sub/">`, retrieval, "http://example.com/dir/sub/", Embedded, false},
		{"network-path", `<base href="//cdn.example/s/">`, retrieval, "http://cdn.example/s/", Embedded, false},
		{"fragment dropped", `<base href="http://x.example/a#top">`, retrieval, "http://x.example/a", Embedded, false},
		{"empty href is the document", `<base href="">`, retrieval, "http://example.com/dir/page.html", Embedded, false},
		{"upper case names", `<BASE HREF="http://upper.example/">`, retrieval, "http://upper.example/", Embedded, false},
		{"mixed case names", `<Base Href="http://mixed.example/">`, retrieval, "http://mixed.example/", Embedded, false},
		{"first with href wins", `<base target="_blank"><base href="http://one.example/"><base href="http://two.example/">`, retrieval, "http://one.example/", Embedded, false},
		{"in body, tree order", `<html><head></head><body><p>x</p><base href="http://body.example/"></body></html>`, retrieval, "http://body.example/", Embedded, false},
		{"whitespace around href", "<base href=\" \n http://ws.example/a/ \t\">", retrieval, "http://ws.example/a/", Embedded, false},
		{"commented out base", `<head><!--<base href="https://commented.example/">--><base href="."></head>`, retrieval, "http://example.com/dir/", Embedded, false}, // as in corpus page base-032
		{"template contents are inert", `<template><base href="http://tpl.example/"></template><p>`, retrieval, "", Retrieval, false},
		{"svg base is not html base", `<svg><base href="http://svg.example/"></base></svg>`, retrieval, "", Retrieval, false},
		{"inert template base does not hide the real one", `<template><base href="http://tpl.example/"></template><base href="http://real.example/r/">`, retrieval, "http://real.example/r/", Embedded, false},
		{"svg base does not hide the real one", `<svg><base href="http://svg.example/"></base></svg><base href="http://real.example/s/">`, retrieval, "http://real.example/s/", Embedded, false},
		{"no base", `<p><a href="x">x</a>`, retrieval, "", Retrieval, false},
		{"base without href", `<base target="_top">`, retrieval, "", Retrieval, false},
		{"invalid href ignored, next layer serves", `<base href="http://[::1/">`, retrieval, "", Retrieval, true},
		{"data: base refused", `<base href="data:text/html,x">`, retrieval, "", Retrieval, true},
		{"javascript: base refused", `<base href="JavaScript:alert(1)">`, retrieval, "", Retrieval, true},
		{"port above 65535 refused", `<base href="http://h.example:99999/">`, retrieval, "", Retrieval, true},
		{"port 65535 taken", `<base href="http://h.example:0065535/">`, retrieval, "http://h.example:0065535/", Embedded, false},
		{"relative href with no outer base", `<base href="sub/">`, Base{}, "", None, true},
		{"relative href against default", `<base href="sub/">`, mustParse(t, "http://d.example/x/y", Default), "http://d.example/x/sub/", Embedded, false},
	}
	for _, tt := range tests {
		b, err := htmlBase(t, tt.outer, tt.page)
		want := tt.want
		if want == "" {
			want = tt.outer.URI.String()
		}
		if (err != nil) != tt.wantErr || b.URI.String() != want || b.Source != tt.src {
			t.Errorf("%s: HTML(%q) = %q, %v, err %v; want %q, %v, error %v", tt.name, tt.page, b.URI.String(), b.Source, err, want, tt.src, tt.wantErr)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.Source != Embedded {
				t.Errorf("%s: error %v is not a *base.Error about the embedded layer", tt.name, err)
			}
		}
	}
}

// TestInnerPort checks that an embedded base with a port above 65535, a
// failure for browsers (WHATWG URL Standard §4.4), leaves the outer layer
// in force, while a MIME header keeps RFC 3986's any digits (§3.2.3).
func TestInnerPort(t *testing.T) {
	outer := mustParse(t, "http://doc.example/p.html", Retrieval)
	tests := []struct {
		ref     string
		src     Source
		wantErr bool
	}{
		{"http://h.example:65535/", Embedded, false},
		{"http://h.example:65536/", Embedded, true},
		{"//h.example:100000/", Embedded, true},
		{"http://h.example:99999999999999999999/", Embedded, true},
		{"http://h.example:/", Embedded, false},
		{"http://h.example:99999/", Encapsulating, false},
	}
	for _, tt := range tests {
		b, err := outer.Inner(tt.ref, tt.src)
		if tt.wantErr {
			if !errors.Is(err, ErrPort) || b != outer {
				t.Errorf("Inner(%q, %v) = %q, %v; want the outer base and ErrPort", tt.ref, tt.src, b.URI.String(), err)
			}
		} else if err != nil || b.Source != tt.src {
			t.Errorf("Inner(%q, %v) = %q, %v, %v; want a %v base", tt.ref, tt.src, b.URI.String(), b.Source, err, tt.src)
		}
	}
}

func TestInnerNoBase(t *testing.T) {
	b, err := Base{}.Inner("sub/", Embedded)
	if !errors.Is(err, ErrNoBase) || !b.IsZero() {
		t.Errorf(`Base{}.Inner("sub/") = %v, %v; want the zero Base and ErrNoBase`, b, err)
	}
}

// header reads a raw MIME header the way net/mail and mime/multipart do
// (field names canonical, folded lines joined).
func header(t *testing.T, raw string) textproto.MIMEHeader {
	t.Helper()
	r := textproto.NewReader(bufio.NewReader(strings.NewReader(strings.ReplaceAll(raw, "\n", "\r\n") + "\r\n\r\n")))
	h, err := r.ReadMIMEHeader()
	if err != nil {
		t.Fatalf("header %q: %v", raw, err)
	}
	return h
}

func TestMIME(t *testing.T) {
	outer := mustParse(t, "http://www.ietf.cnri.reston.va.us/", Encapsulating)
	tests := []struct {
		name, raw string
		outer     Base
		want      string // "" for outer unchanged
		wantErr   bool
	}{
		// Requirements D-17 (seed 001 §5.1.1): folding whitespace removed.
		{"Content-Base folded", "Content-Base: http://www.ics.uci.edu/\n Test/a/b/c", Base{}, "http://www.ics.uci.edu/Test/a/b/c", false},
		{"field name case", "content-base: http://www.ics.uci.edu/Test/a/b/c", Base{}, "http://www.ics.uci.edu/Test/a/b/c", false},
		// RFC 2017 §3.1 URL-parameter: quoted, folded between words.
		{"Content-Base quoted and folded", "Content-Base: \"http://www.example.com/\n  some/long/\n  path/\"", Base{}, "http://www.example.com/some/long/path/", false},
		{"quoted-pair inside quotes", `Content-Base: "http://www.example.com/a\/b"`, Base{}, "http://www.example.com/a/b", false},
		// RFC 2557 §9.3: a relative Content-Location against the aggregate's.
		{"Content-Location relative", "Content-Location: images/ietflogo2.gif", outer, "http://www.ietf.cnri.reston.va.us/images/ietflogo2.gif", false},
		{"Content-Location folded onto next line", "Content-Location:\n         http://www.ietf.cnri.reston.va.us/images/ietflogo1.gif", outer, "http://www.ietf.cnri.reston.va.us/images/ietflogo1.gif", false},
		// RFC 2557 §4.1: content-location = [CFWS] URI [CFWS].
		{"comments around", "Content-Location: (the page) http://www.example.com/p.html (end)", Base{}, "http://www.example.com/p.html", false},
		{"URI ending in a parenthesis", "Content-Location: http://en.example.org/wiki/A_(b)", Base{}, "http://en.example.org/wiki/A_(b)", false},
		{"angle brackets", "Content-Base: <http://www.example.com/x/>", Base{}, "http://www.example.com/x/", false},
		// RFC 2557 §4.4.3: MIME encoding removed.
		{"encoded word", "Content-Location: =?us-ascii?Q?http://www.example.com/a=5Fb.html?=", Base{}, "http://www.example.com/a_b.html", false},
		{"encoded word with non-ASCII", "Content-Location: =?utf-8?Q?http://www.example.com/r=C3=A9sum=C3=A9.html?=", Base{}, "http://www.example.com/r%C3%A9sum%C3%A9.html", false},
		// Seed 001 §5.1.1: Content-Base before Content-Location.
		{"Content-Base wins", "Content-Location: http://loc.example/\nContent-Base: http://base.example/", Base{}, "http://base.example/", false},
		{"fragment dropped", "Content-Base: http://www.example.com/x#y", Base{}, "http://www.example.com/x", false},
		{"relative Content-Base resolved", "Content-Base: sub/", mustParse(t, "http://r.example/a/b", Retrieval), "http://r.example/a/sub/", false},
		{"invalid Content-Base gives way", "Content-Base: http://[bad/\nContent-Location: http://loc.example/", Base{}, "http://loc.example/", true},
		{"invalid Content-Location ignored", "Content-Location: http://[bad/", outer, "", true},
		{"relative with nothing around", "Content-Location: images/x.gif", Base{}, "", true},
		{"no base headers", "Content-Type: text/html", outer, "", false},
	}
	for _, tt := range tests {
		b, err := tt.outer.MIME(header(t, tt.raw))
		want, src := tt.want, Encapsulating
		if want == "" {
			want, src = tt.outer.URI.String(), tt.outer.Source
		}
		if (err != nil) != tt.wantErr || b.URI.String() != want || b.Source != src {
			t.Errorf("%s: MIME(%q) = %q, %v, err %v; want %q, %v, error %v", tt.name, tt.raw, b.URI.String(), b.Source, err, want, src, tt.wantErr)
		}
	}
}

func TestResolve(t *testing.T) {
	b := mustParse(t, "http://a/b/c/d;p?q", Retrieval)
	tests := []struct {
		base      Base
		ref, want string
		wantErr   error
	}{
		{b, "g", "http://a/b/c/g", nil},
		{b, "../x", "http://a/b/x", nil},
		{b, "#s", "http://a/b/c/d;p?q#s", nil},
		{mustParse(t, "file:/x/y", Retrieval), "g", "file:/x/g", nil},            // D-06: no authority, none added
		{mustParse(t, "mailto:a@b", Retrieval), "#s", "mailto:a@b#s", nil},       // C-17: a fragment still resolves
		{mustParse(t, "http://h/p#base-frag", Retrieval), "", "http://h/p", nil}, // C-02: base fragment ignored
		{Base{}, "#s", "#s", nil},                                                // §4.4 same-document, nothing to resolve
		{Base{}, "", "", nil},
		{Base{}, "http://a/./b/../c", "http://a/c", nil}, // §5.2.2: dot-segments of an absolute ref
		{Base{}, "g", "g", ErrNoBase},
		{Base{}, "?q", "?q", ErrNoBase},
	}
	for _, tt := range tests {
		ref, err := uri.Parse(tt.ref)
		if err != nil {
			t.Fatal(err)
		}
		got, err := tt.base.Resolve(ref)
		if !errors.Is(err, tt.wantErr) || got.String() != tt.want {
			t.Errorf("%q.Resolve(%q) = %q, %v; want %q, %v", tt.base.URI.String(), tt.ref, got.String(), err, tt.want, tt.wantErr)
		}
	}
}

func TestSourceText(t *testing.T) {
	got, err := json.Marshal(map[string]Source{"a": Embedded, "b": Encapsulating, "c": Retrieval, "d": Default})
	if err != nil || string(got) != `{"a":"embedded","b":"encapsulating","c":"retrieval","d":"default"}` {
		t.Errorf("JSON of sources = %s, %v", got, err)
	}
}

func TestErrorMessage(t *testing.T) {
	_, err1 := Parse("/rel", Default)
	_, err2 := Base{}.Resolve(uri.URI{Path: "g"})
	_, err3 := Base{}.Inner("x", Embedded)
	for _, tt := range []struct {
		err  error
		want string
	}{
		{err1, `base: parse default base "/rel": not an absolute URI`},
		{err2, `base: resolve "g": no base URI`},
		{err3, `base: parse embedded base "x": no base URI`},
	} {
		if tt.err == nil || tt.err.Error() != tt.want {
			t.Errorf("error = %v, want %s", tt.err, tt.want)
		}
	}
	if got := Source(9).String(); got != "source(9)" {
		t.Errorf("Source(9).String() = %q", got)
	}
}
