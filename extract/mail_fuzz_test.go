package extract

import (
	"bytes"
	"errors"
	"testing"
)

// FuzzMail scans arbitrary bytes as a message: no panic (not even one
// recovered as ErrInternal), every error an *Error of message 1, every
// link of message 1 with a part number.
func FuzzMail(f *testing.F) {
	f.Add([]byte("Content-Type: multipart/mixed; boundary=b\n\n--b\nContent-Type: text/html\n\n<a href=x>\n--b--\n"))
	f.Add([]byte("Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\nQ29udGVudC1UeXBlOiB0ZXh0L2h0bWwKCjxhIGhyZWY9eD4K\n"))
	f.Add([]byte("List-Help: <http://x/> (c (nested) \\) <http://y/>\nContent-Location: =?utf-8?q?a?=\n\n"))
	f.Add([]byte("Content-Type: text/plain; format=flowed; charset=iso-8859-1\nContent-Transfer-Encoding: quoted-printable\n\n> caf=E9 =\nhttp://x/a \n> b http://y/\n"))
	f.Add([]byte("From a Thu Aug 22 12:36:23 2002\nX-Url: http://h/\nContent-Transfer-Encoding: base64\n\naHR0cDovL2V4YW1wbGUub3JnLw==\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		for l, err := range Links(bytes.NewReader(b), Options{Type: Mail, Base: "http://example.org/"}) {
			if err != nil {
				var e *Error
				if !errors.As(err, &e) || e.Message != 1 || errors.Is(err, ErrInternal) {
					t.Fatalf("error %v: not an *Error of message 1", err)
				}
				continue
			}
			if l.Message != 1 || (l.Context != "header" && l.Part == "") {
				t.Fatalf("link %+v: message %d, part %q", l, l.Message, l.Part)
			}
			// Positions are in the input as stored.
			if l.Offset < 0 || l.Offset > int64(len(b)) {
				t.Fatalf("link %+v: offset out of the input of %d bytes", l, len(b))
			}
			before := b[:l.Offset]
			if line, col := bytes.Count(before, []byte("\n"))+1, len(before)-bytes.LastIndexByte(before, '\n'); l.Line != line || l.Column != col {
				t.Fatalf("link %+v: offset %d is at %d:%d", l, l.Offset, line, col)
			}
		}
	})
}

// FuzzMboxReader splits arbitrary bytes as an mbox: messages are numbered
// 1, 2, ... and hold no more bytes than the input.
func FuzzMboxReader(f *testing.F) {
	f.Add([]byte("From a@b Thu Aug 22 12:36:23 2002\nA: 1\n\n>From x\nFrom b@c Thu Aug 22 12:36:23 2002\n"))
	f.Add([]byte("\n\nFrom x\n"))
	f.Fuzz(func(t *testing.T, b []byte) {
		mr := newMboxReader(bytes.NewReader(b))
		total, n := 0, 0
		for mr.next() {
			n++
			if mr.index != n {
				t.Fatalf("message %d has index %d", n, mr.index)
			}
			if mr.off < 0 || mr.off > int64(len(b)) {
				t.Fatalf("message %d at offset %d of %d", n, mr.off, len(b))
			}
			total += len(mr.msg)
		}
		if total > len(b) {
			t.Fatalf("%d bytes of messages from %d of input", total, len(b))
		}
	})
}
