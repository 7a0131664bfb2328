package mimepart

import (
	"maps"
	"math/rand/v2"
	"mime"
	"strings"
	"testing"
)

// TestSimpleMediaType checks simpleMediaType against mime.ParseMediaType
// on random values made of the pieces of real and broken Content-Types:
// where it reads a value, it must read it as ParseMediaType does, into a
// map reused from value to value.
func TestSimpleMediaType(t *testing.T) {
	parts := []string{"text/plain", "Text/HTML", "multipart/mixed", "text", "/", " ", "\t", "\r\n ", ";", "; ",
		"charset=", "Charset", "=", "us-ascii", `"ISO-8859-1"`, `""`, `"a;b"`, `"a\"b"`, "boundary", `"----=_Part_1"`,
		"name*", "*0", "format=flowed", "é", "\u00a0", "(comment)", "x", "\"", "=_x=", "DelSp=Yes"}
	r := rand.New(rand.NewPCG(9, 9))
	read := 0
	into := map[string]string{"stale": "x"} // reused: what it held must go
	for range 100000 {
		var b strings.Builder
		for range 1 + r.IntN(9) {
			b.WriteString(parts[r.IntN(len(parts))])
		}
		v := b.String()
		mt, params, ok := simpleMediaType(v, into)
		if !ok {
			continue
		}
		read++
		wantMT, wantParams, err := mime.ParseMediaType(v)
		if err != nil || mt != wantMT || !maps.Equal(params, wantParams) {
			t.Fatalf("simpleMediaType(%q) = %q %v, ParseMediaType gives %q %v %v", v, mt, params, wantMT, wantParams, err)
		}
	}
	for _, v := range []string{"text/plain", `text/html; charset="utf-8"`, "multipart/alternative;\r\n\tboundary=\"b1\"; ", "TEXT/PLAIN; Format=Flowed; delsp=yes"} {
		if _, _, ok := simpleMediaType(v, nil); !ok {
			t.Errorf("simpleMediaType(%q) not read", v)
		}
	}
	if read < 1000 {
		t.Errorf("only %d random values read", read)
	}
}

// TestTokenChars checks isTokenChar's table against RFC 2045 §5.1:
// token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>.
func TestTokenChars(t *testing.T) {
	const tspecials = `()<>@,;:\"/[]?=`
	for c := range 256 {
		want := c > ' ' && c < 0x7f && !strings.ContainsRune(tspecials, rune(c))
		if got := isTokenChar(byte(c)); got != want {
			t.Errorf("isTokenChar(%#x) = %v, want %v", c, got, want)
		}
	}
}
