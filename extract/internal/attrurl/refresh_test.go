package attrurl

import "testing"

func TestRefresh(t *testing.T) {
	// HTML Living Standard §4.2.5.3, shared declarative refresh steps.
	tests := []struct {
		in     string
		want   string // "" when there is no URL
		prefix bool
		quote  byte
	}{
		{"5; URL=http://a/b", "http://a/b", true, 0},
		{"5;url=http://a/b", "http://a/b", true, 0},
		{"0; Url = 'x.html'", "x.html", true, '\''},
		{`0; URL="x.html" trailing`, "x.html", true, '"'},
		{"0;x.html", "x.html", false, 0},
		{"0, x.html", "x.html", false, 0},
		{"0 x.html  ", "x.html", false, 0},
		{"1.5; url=x", "x", true, 0},
		{".5; url=x", "x", true, 0},
		{"5", "", false, 0},
		{"5;", "", false, 0},
		{"x; url=y", "", false, 0},
		{"5x; url=y", "", false, 0},
		{"0; urlx.html", "urlx.html", false, 0},
	}
	for _, tc := range tests {
		u, prefix, quote, ok := Refresh(tc.in)
		got := ""
		if ok {
			got = tc.in[u.Start:u.End]
		}
		if got != tc.want || ok && (prefix != tc.prefix || quote != tc.quote) {
			t.Errorf("Refresh(%q) = %q prefix %v quote %q, want %q prefix %v quote %q", tc.in, got, prefix, quote, tc.want, tc.prefix, tc.quote)
		}
	}
}
