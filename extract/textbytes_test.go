package extract

import (
	"bytes"
	"fmt"
	"html"
	"math/rand"
	"strings"
	"testing"
)

// TestTextBytes checks textBytes, which looks at 8 bytes at a time, and
// colonOrAmp, hasAmpOrCR and plainValue against a byte by byte reading, on random texts of every
// length up to 40 with the bytes they look for anywhere.
func TestTextBytes(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	marks := []byte(":.<&\r\x00 a\x1b\x80\xff\x1f\x7f\x20\n\x0b\x8a\xa6\xa0\x81\x21\x27\x25")
	for range 100000 {
		b := make([]byte, r.Intn(41))
		for i := range b {
			b[i] = 'a'
			if r.Intn(8) == 0 {
				b[i] = marks[r.Intn(len(marks))]
			}
		}
		var want uint8
		for i, c := range []byte(":.<&\r") {
			if bytes.IndexByte(b, c) >= 0 {
				want |= 1 << i
			}
		}
		if got := textBytes(b, 0); got != want {
			t.Fatalf("textBytes(%q) = %05b, want %05b", b, got, want)
		}
		if got := textBytes(string(b), 0); got != want {
			t.Fatalf("textBytes(string %q) = %05b, want %05b", b, got, want)
		}
		if got := colonOrAmp(b); got != (want&(tColon|tAmp) != 0) {
			t.Fatalf("colonOrAmp(%q) = %v, want %v", b, got, !got)
		}
		if stop := uint8(1 << r.Intn(5)); textBytes(b, stop)&stop != want&stop {
			t.Fatalf("textBytes(%q, %05b) = %05b, want %05b", b, stop, textBytes(b, stop), want)
		}
		plain := bytes.IndexFunc(b, func(r rune) bool { return r >= 0x80 || r < 0x20 || r == '&' }) < 0
		if got := plainValue(b); got != plain {
			t.Fatalf("plainValue(%q) = %v, want %v", b, got, plain)
		}
		for _, nul := range []bool{false, true} {
			want := bytes.ContainsAny(b, "&\r") || nul && bytes.IndexByte(b, 0) >= 0
			if got := hasAmpOrCR(b, nul); got != want || hasAmpOrCR(string(b), nul) != want {
				t.Fatalf("hasAmpOrCR(%q, %v) = %v, want %v", b, nul, got, want)
			}
		}
	}
}

// TestCommonRef checks the references commonRef decodes without the
// decoder against html.UnescapeString, and decode with them against
// decode without them.
func TestCommonRef(t *testing.T) {
	for _, ref := range []string{"&nbsp;", "&amp;", "&lt;", "&gt;", "&quot;", "&#39;", "&copy;", "&reg;"} {
		if got, want := commonRef(ref), html.UnescapeString(ref); got != want || got == "" {
			t.Errorf("commonRef(%q) = %q, want %q", ref, got, want)
		}
	}
	for _, s := range []string{"&nbsp", "&amp", "&ampx;", "&#39", "&NBSP;", "&copy=", "x",
		"&#;", "&#x;", "&#0;", "&#x0;", "&#128;", "&#x80;", "&#4a;", "&#xg;", "&#1234567;", "&#-1;", "&# 1;"} {
		if got := commonRef(s); got != "" {
			t.Errorf("commonRef(%q) = %q, want none", s, got)
		}
	}
	// Every number of every ASCII character, decimal and hexadecimal,
	// with leading zeros.
	for x := range 0x90 {
		for _, ref := range []string{fmt.Sprintf("&#%d;", x), fmt.Sprintf("&#00%d;", x), fmt.Sprintf("&#x%x;", x), fmt.Sprintf("&#X%02X;", x)} {
			got := commonRef(ref)
			if want := html.UnescapeString(ref); got != want && (got != "" || x != 0 && x < 0x80) {
				t.Errorf("commonRef(%q) = %q, want %q", ref, got, want)
			}
		}
	}
}

// TestRefMayMark checks that a text without ':', '.' or '<' whose
// references refMayMark says cannot stand for one of them decodes to a
// text without them, on every reference of a name of up to 2 characters
// and on random texts of references, and that it finds those that do.
func TestRefMayMark(t *testing.T) {
	const marks = ":.<"
	check := func(b []byte) {
		t.Helper()
		if bytes.ContainsAny(b, marks) || refMayMark(b) {
			return
		}
		if d := decode(b, false).s; strings.ContainsAny(d, marks) {
			t.Fatalf("refMayMark(%q) = false, but it decodes to %q", b, d)
		}
	}
	const alnum = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789#;"
	for _, c := range alnum {
		for _, d := range alnum {
			check([]byte("&" + string(c) + string(d)))
			check([]byte("&" + string(c) + string(d) + ";"))
		}
	}
	pieces := []string{"&", "#", "x", "X", ";", "0", "5", "8", "3", "a", "A", "e", "col", "colon;", "period;",
		"lt", "LT", "nvlt;", "nbsp;", "amp;", "copy;", "Colon;", "46", "60", "2e", "3c", "4294967354", " "}
	r := rand.New(rand.NewSource(1))
	for range 100000 {
		var b []byte
		for range r.Intn(8) {
			b = append(b, pieces[r.Intn(len(pieces))]...)
		}
		check(b)
	}
	for _, s := range []string{"&colon;", "&period;", "&lt;", "&LT", "&lt", "a &nvlt; b", "&#58;", "&#x3A;",
		"&#X3c", "&#0046;", "&amp; &#x2e;", "&#4294967354;", "&#00000000058;"} {
		if !refMayMark([]byte(s)) {
			t.Errorf("refMayMark(%q) = false, want true", s)
		}
	}
	for _, s := range []string{"", "&", "&nbsp;", "&amp;&copy;", "&#8217;", "&#x2019;", "&Colon;", "&#;", "a&b"} {
		if refMayMark([]byte(s)) {
			t.Errorf("refMayMark(%q) = true, want false", s)
		}
	}
}
