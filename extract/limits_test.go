package extract

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// TestLimitsInForce: each limit, changed, is the one applied, and the
// error past it names the new value, not the default.
func TestLimitsInForce(t *testing.T) {
	defer func(d, h, m, r, e, z int64) {
		MaxDocumentSize, MaxHTMLSize, MaxMessageSize, MaxRecordSize, MaxZipEntrySize, MaxZipSize = d, h, m, r, e, z
	}(MaxDocumentSize, MaxHTMLSize, MaxMessageSize, MaxRecordSize, MaxZipEntrySize, MaxZipSize)
	link := "see http://a.example/ "
	pad := func(n int) string { return link + strings.Repeat("x", n) + "\n" }
	mail := func(n int) string { return "From: a@b.example\r\nSubject: s\r\n\r\n" + pad(n) }
	tests := []struct {
		name  string
		limit *int64
		value int64
		opts  Options
		in    []byte
		err   error
		msg   string
	}{
		{"document", &MaxDocumentSize, 1000, Options{Type: Markdown}, []byte(pad(1000)), ErrDocumentTooLarge, "(MaxDocumentSize, 1000 bytes)"},
		{"html", &MaxHTMLSize, 4 << 10, Options{Type: HTML}, []byte(pad(5000)), ErrTooLarge, "(MaxHTMLSize, 4 KiB)"},
		{"mail", &MaxMessageSize, 3000, Options{Type: Mail}, []byte(mail(3000)), ErrMessageTooLarge, "over 3000 bytes"},
		{"mbox", &MaxMessageSize, 3000, Options{Type: Mbox}, []byte("From a@b Sat Jan  1 00:00:00 2000\n" + mail(3000)), ErrMessageTooLarge, "over 3000 bytes"},
		{"warc", &MaxRecordSize, 1000, Options{Type: WARC},
			[]byte(record("resource", "http://a.example/t", "text/plain", pad(1000))), ErrRecordTooLarge, "over 1000,"},
		{"zip entry", &MaxZipEntrySize, 1 << 10, Options{Type: OOXML}, docxWith(t, 2000), ErrZipBomb, "more than 1024 bytes"},
		{"zip", &MaxZipSize, 1500, Options{Type: OOXML}, docxWith(t, 2000), ErrZipBomb, "more than 1500 bytes"},
		{"pdf page", &MaxZipEntrySize, 1 << 10, Options{Type: PDF}, testPDF(bytes.Repeat([]byte("0 0 m "), 2<<10)), ErrPDFContentTooLarge, "(MaxZipEntrySize, 1 KiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def := *tt.limit
			defer func() { *tt.limit = def }()
			if _, errs := scanAll(tt.in, tt.opts); len(errs) > 0 {
				t.Fatalf("within the default limit: %v", errs)
			}
			*tt.limit = tt.value
			_, errs := scanAll(tt.in, tt.opts)
			if len(errs) == 0 || !errors.Is(errs[0], tt.err) || !strings.Contains(errs[0].Error(), tt.msg) {
				t.Fatalf("limit %d: errors %v, want %v naming %q", tt.value, errs, tt.err, tt.msg)
			}
		})
	}
	// Rewrite reads HTML under the same limit.
	MaxHTMLSize = 1000
	err := Rewrite(new(bytes.Buffer), strings.NewReader(pad(1000)), Options{}, func(Link) (string, bool) { return "", false })
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "(MaxHTMLSize, 1000 bytes)") {
		t.Errorf("Rewrite: %v, want ErrTooLarge naming 1000 bytes", err)
	}
}

// TestSizeText: limits are written in the largest unit they are a whole
// number of.
func TestSizeText(t *testing.T) {
	for n, want := range map[int64]string{1: "1 bytes", 1000: "1000 bytes", 1024: "1 KiB", 1536: "1536 bytes",
		64 << 20: "64 MiB", 256<<20 + 1<<10: "262145 KiB", 1 << 30: "1024 MiB"} {
		if got := sizeText(n); got != want {
			t.Errorf("sizeText(%d) = %q, want %q", n, got, want)
		}
	}
}
