package mimepart

import (
	"io"
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
