package mimepart

import (
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
)

func TestFlowed(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		delSp bool
		want  string
	}{
		{"soft breaks join (RFC 3676 §4.2)",
			"See the page at \r\nhttp://example.org/a \r\nfor more.\r\nNext line.\r\n", false,
			"See the page at http://example.org/a for more.\nNext line.\n"},
		{"DelSp=yes removes the space (§4.2)",
			"http://example.org/a/very/lo \r\nng/path and \r\nmore\r\n", true,
			"http://example.org/a/very/long/path andmore\n"},
		{"signature separator is fixed (§4.3)",
			"text \r\n-- \r\nsig \r\nnature\r\n", false,
			"text -- \nsig nature\n"},
		{"quote depth, written once per paragraph (§4.5)",
			">> quoted \r\n>> text\r\n>>> deeper \r\n>>>line\r\n", false,
			">> quoted text\n>>> deeper line\n"},
		{"flowed line before a depth change is fixed (§4.5)",
			"> depth one \r\n>> depth two\r\n", false,
			"> depth one \n>> depth two\n"},
		{"space-stuffing removed (§4.4)",
			" From the start\r\n  two spaces\r\n", false,
			"From the start\n two spaces\n"},
		{"last line flowed, no final break", "open \r\nend \r\n", false, "open end \n"},
		{"LF line ends", "a \nb\n", false, "a b\n"},
	}
	for _, tt := range tests {
		got, err := io.ReadAll(iotest.OneByteReader(NewFlowedReader(strings.NewReader(tt.in), tt.delSp)))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
		}
		if string(got) != tt.want {
			t.Errorf("%s: unwrapping %q\n got %q\nwant %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestFlowedLongLine checks that a line longer than the buffer passes
// through whole.
func TestFlowedLongLine(t *testing.T) {
	long := strings.Repeat("x", 5*flowedBufSize+17)
	in := "> " + long + " \r\n> end\r\n"
	got, err := io.ReadAll(NewFlowedReader(strings.NewReader(in), false))
	if want := "> " + long + " end\n"; err != nil || string(got) != want {
		t.Errorf("long line: got %d bytes (%v), want %d", len(got), err, len(want))
	}
}

// checkAppendFlowed checks AppendFlowed against a FlowedReader of in.
func checkAppendFlowed(t *testing.T, in string, delSp bool) {
	t.Helper()
	want := NewFlowedReader(strings.NewReader(in), delSp).AppendTo([]byte("x"))
	if got := AppendFlowed([]byte("x"), []byte(in), delSp); string(got) != string(want) {
		t.Fatalf("AppendFlowed(%q, %v) = %q, want %q", in, delSp, got[1:], want[1:])
	}
}

// TestAppendFlowed checks AppendFlowed against the reader on texts of
// quoted, stuffed, flowed and fixed lines, with and without a last line
// break, and lines of about the reader's buffer size, which it gives in
// pieces.
func TestAppendFlowed(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	pieces := []string{
		"a", " ", ">", ">> ", "-- ", "\n", "\r\n", "\r", "text ", "word",
		strings.Repeat("y", flowedBufSize-3), strings.Repeat("z", flowedBufSize-1), strings.Repeat("w", flowedBufSize),
	}
	for range 3000 {
		var sb strings.Builder
		for range rng.IntN(12) {
			sb.WriteString(pieces[rng.IntN(len(pieces))])
		}
		checkAppendFlowed(t, sb.String(), false)
		checkAppendFlowed(t, sb.String(), true)
	}
}

func FuzzAppendFlowed(f *testing.F) {
	f.Add("> quoted \r\n> text\r\n -- \r\nsig \n", false)
	f.Fuzz(func(t *testing.T, in string, delSp bool) {
		checkAppendFlowed(t, in, delSp)
	})
}
