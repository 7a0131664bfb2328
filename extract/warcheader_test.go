package extract

import (
	"errors"
	"io"
	"testing"
)

func TestParseWARCHeader(t *testing.T) {
	head := "WARC/1.1\r\nWARC-Type: response\r\nWARC-Record-ID: <urn:uuid:1>\r\nContent-Length: 5\r\n\r\n"
	for _, tt := range []struct {
		in   string
		n    int
		err  error
		typ  string
		size string
	}{
		{head + "hello\r\n\r\n", len(head), nil, "response", "5"},
		{head, len(head), nil, "response", "5"},
		{head[:len(head)-2], 0, io.ErrUnexpectedEOF, "", ""},
		{head[:20], 0, io.ErrUnexpectedEOF, "", ""},
		{"WARC/1.0\nContent-Length: 0\n\n", 28, nil, "", "0"},
		{"WARC/2.0\r\n\r\n", 0, ErrWARC, "", ""},
		{"HTTP/1.1 200 OK\r\n\r\n", 0, ErrWARC, "", ""},
		{"WARC/1.0\r\nno colon here\r\n\r\n", 0, ErrWARC, "", ""},
	} {
		fields, n, err := ParseWARCHeader([]byte(tt.in))
		if !errors.Is(err, tt.err) || n != tt.n || fields["warc-type"] != tt.typ || fields["content-length"] != tt.size {
			t.Errorf("ParseWARCHeader(%q) = %v, %d, %v; want type %q, length %q, %d, %v", tt.in, fields, n, err, tt.typ, tt.size, tt.n, tt.err)
		}
	}
}
