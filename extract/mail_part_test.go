package extract

import (
	"encoding/base64"
	"errors"
	"fmt"
	"strings"
	"testing"
)

func TestChildPart(t *testing.T) {
	tests := []struct {
		num  string
		k    int
		want string
	}{
		{"", 1, "1"},
		{"", 12, "12"},
		{"2", 1, "2.1"},
		{"2.10", 3, "2.10.3"},
	}
	for _, tt := range tests {
		if got := childPart(tt.num, tt.k); got != tt.want {
			t.Errorf("childPart(%q, %d) = %q, want %q", tt.num, tt.k, got, tt.want)
		}
	}
}

// TestMailPushPop checks that the buffer of a message and of a multipart
// sent in base64, pushed when decoded, is popped when their walk ends,
// also when it panics: the part after them has its header link at its
// offset and line in the input, and the walker holds no buffer after the
// message.
func TestMailPushPop(t *testing.T) {
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	inner := "Content-Type: multipart/mixed; boundary=\"i\"\nContent-Transfer-Encoding: base64\n\n" +
		b64("--i\n\nhttp://a.example/\n--i\n\nhttp://b.example/\n--i--\n")
	msg := "Content-Type: multipart/mixed; boundary=\"b\"\n\n--b\nContent-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n" +
		b64(inner) + "\n--b\nContent-Location: http://after.example/\n\nhttp://c.example/\n--b--\n"
	at := strings.Index(msg, "http://after.example/")
	line := strings.Count(msg[:at], "\n") + 1
	after := fmt.Sprintf("2|http://after.example/|%d|%d:%d", at, line, len("Content-Location: ")+1)
	tests := []struct {
		name  string
		panic string // the part whose walk panics, at its nth start
		nth   int
		want  []string
		err   string // the part of the error
	}{
		{"no panic", "", 0, []string{"1.1|http://a.example/", "1.2|http://b.example/", after, "2|http://c.example/"}, ""},
		{"panic in the decoded multipart", "1.1", 1, []string{"1.2|http://b.example/", after, "2|http://c.example/"}, "1.1"},
		// Part 1 starts as a part, then as its body, then as the message
		// decoded from it.
		{"panic in the decoded message", "1", 3, []string{after, "2|http://c.example/"}, "1"},
	}
	t.Cleanup(func() { testHookPart = nil })
	for _, tt := range tests {
		n := 0
		testHookPart = func(s *source) {
			if s.part != tt.panic {
				return
			}
			if n++; n == tt.nth {
				panic("boom")
			}
		}
		src, err := newSource(&Options{})
		if err != nil {
			t.Fatal(err)
		}
		var w mailWalker
		var got []string
		var errs []error
		w.scanMail(strings.NewReader(msg), src, func(l Link, err error) bool {
			switch {
			case err != nil:
				errs = append(errs, err)
			case l.Header != "":
				got = append(got, fmt.Sprintf("%s|%s|%d|%d:%d", l.Part, l.Ref, l.Offset, l.Line, l.Column))
			default:
				got = append(got, l.Part+"|"+l.Ref)
			}
			return true
		})
		checkLinks(t, tt.name, got, tt.want)
		var e *Error
		switch {
		case tt.err == "" && len(errs) > 0:
			t.Errorf("%s: errors %v, want none", tt.name, errs)
		case tt.err != "" && (len(errs) != 1 || !errors.As(errs[0], &e) || !errors.Is(e, ErrInternal) || e.Part != tt.err || e.Offset != -1):
			t.Errorf("%s: errors %v, want one *Error wrapping ErrInternal in part %s at offset -1 (decoded)", tt.name, errs, tt.err)
		}
		if len(w.outer) != 0 || w.buf != nil {
			t.Errorf("%s: after the message, the walker holds %d outer buffers and a buffer of %d bytes, want none", tt.name, len(w.outer), len(w.buf))
		}
	}
}
