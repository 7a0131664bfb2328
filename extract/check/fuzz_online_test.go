package check

import (
	"strings"
	"testing"
	"time"
)

// FuzzAnchors reads any bytes as HTML: no panic, every anchor is a
// non-empty string of the input's length at most, sorted without repeats.
func FuzzAnchors(f *testing.F) {
	for _, s := range []string{testPage, `<a name=x id=y>`, `<p id="a&amp;b">`, "<!--<p id=x>-->", "<p id=\x00>", `<svg><symbol id=s>`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if len(s) > 4096 {
			return
		}
		as, err := anchors(strings.NewReader(s))
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range as {
			if a == "" || i > 0 && as[i-1] >= a {
				t.Fatalf("anchors %q", as)
			}
		}
		nearest(s, as)
	})
}

// FuzzRetryAfter: no panic, never a negative wait.
func FuzzRetryAfter(f *testing.F) {
	for _, s := range []string{"0", "120", "Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "-1", "1e3", " 5 "} {
		f.Add(s)
	}
	now := time.Date(2026, 11, 29, 0, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, s string) {
		if d, ok := retryAfter(s, now); d < 0 || !ok && d != 0 {
			t.Fatalf("retryAfter(%q) = %v, %v", s, d, ok)
		}
	})
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(1994, 11, 6, 8, 49, 0, 0, time.UTC)
	for in, want := range map[string]time.Duration{
		"0": 0, "120": 2 * time.Minute, " 5 ": 5 * time.Second,
		"Sun, 06 Nov 1994 08:49:37 GMT":  37 * time.Second, // RFC 9110 §5.6.7: IMF-fixdate,
		"Sunday, 06-Nov-94 08:49:37 GMT": 37 * time.Second, // the obsolete RFC 850 form
		"Sun Nov  6 08:49:37 1994":       37 * time.Second, // and asctime's
		"Sun, 06 Nov 1994 08:48:00 GMT":  0,                // past: at once
		"-1":                             -1, "1e3": -1, "": -1, "soon": -1, "99999999999": -1,
	} {
		d, ok := retryAfter(in, now)
		if ok != (want >= 0) || ok && d != want {
			t.Errorf("retryAfter(%q) = %v, %v; want %v", in, d, ok, want)
		}
	}
}
