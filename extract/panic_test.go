package extract

import (
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"testing"
)

// TestMailPanicRecovered checks that a panic in the walk of one part or
// message is an *Error for that part, wrapping ErrInternal, and that the
// other parts and messages are scanned: a bug costs no more than the part
// it is in.
func TestMailPanicRecovered(t *testing.T) {
	const from = "From a@example.org Thu Aug 22 12:36:23 2002\n"
	multipart := "List-Help: <http://h.example/%d>\nContent-Type: multipart/mixed; boundary=b\n\n" +
		"--b\n\nhttp://a.example/%[1]d/1\n--b\n\nhttp://a.example/%[1]d/2\n--b\n\nhttp://a.example/%[1]d/3\n--b--\n"
	var mbox strings.Builder
	for i := 1; i <= 5; i++ {
		fmt.Fprintf(&mbox, from+multipart, i)
	}
	mbox.WriteString(from + "List-Help: <http://h.example/6>\n\nhttp://a.example/6/1\n") // its body is part 1
	tests := []struct {
		name      string
		message   int
		part      string
		lost      []string // the links not reported
		errOffset int64
	}{
		{"a part", 3, "2", []string{"3|2|http://a.example/3/2"}, -1},
		{"a message", 2, "", []string{"2||http://h.example/2", "2|1|http://a.example/2/1", "2|2|http://a.example/2/2", "2|3|http://a.example/2/3"}, int64(len(from)*2 + len(fmt.Sprintf(multipart, 1)))},
		{"a part of a multipart", 4, "1", []string{"4|1|http://a.example/4/1"}, -1},
		{"the body of a message", 6, "1", []string{"6|1|http://a.example/6/1"}, -1},
	}
	var all []string
	for i := 1; i <= 5; i++ {
		all = append(all, fmt.Sprintf("%d||http://h.example/%d", i, i))
		for k := 1; k <= 3; k++ {
			all = append(all, fmt.Sprintf("%d|%d|http://a.example/%d/%d", i, k, i, k))
		}
	}
	all = append(all, "6||http://h.example/6", "6|1|http://a.example/6/1")
	t.Cleanup(func() { testHookPart = nil })
	for _, tt := range tests {
		testHookPart = func(s *source) {
			if s.message == tt.message && s.part == tt.part {
				panic("boom")
			}
		}
		var got []string
		var errs []error
		for l, err := range Links(strings.NewReader(mbox.String()), Options{Type: Mbox, Name: "box"}) {
			if err != nil {
				errs = append(errs, err)
				continue
			}
			got = append(got, fmt.Sprintf("%d|%s|%s", l.Message, l.Part, l.URI))
		}
		want := slices.DeleteFunc(slices.Clone(all), func(s string) bool { return slices.Contains(tt.lost, s) })
		checkLinks(t, tt.name, got, want)
		var e *Error
		if len(errs) != 1 || !errors.As(errs[0], &e) || !errors.Is(e, ErrInternal) {
			t.Fatalf("%s: errors %v, want one *Error wrapping ErrInternal", tt.name, errs)
		}
		if e.File != "box" || e.Message != tt.message || e.Part != tt.part || !strings.Contains(e.Error(), "boom") {
			t.Errorf("%s: error %q, want one of box, message %d, part %q, saying boom", tt.name, e, tt.message, tt.part)
		}
		if tt.errOffset >= 0 && e.Offset != tt.errOffset {
			t.Errorf("%s: error at offset %d, want %d", tt.name, e.Offset, tt.errOffset)
		}
	}
}

// TestLinksPanicRecovered checks that a panic in any scanner ends the
// scan of its input with an *Error wrapping ErrInternal, after the links
// found before it, and that a panic of the loop body is not taken for one.
func TestLinksPanicRecovered(t *testing.T) {
	saved := scanners[Text]
	t.Cleanup(func() { scanners[Text] = saved })
	scanners[Text] = func(r io.Reader, src *source, yield func(Link, error) bool) bool {
		if !src.emit(Link{Ref: "http://a.example/"}, yield) {
			return false
		}
		var m map[string]int
		m["x"] = 1 // a nil map: a bug
		return true
	}
	var got []string
	for l, err := range Links(strings.NewReader("x"), Options{Type: Text, Name: "f.txt"}) {
		if err != nil {
			got = append(got, err.Error())
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrInternal) || e.File != "f.txt" {
				t.Errorf("error %v: not an *Error of f.txt wrapping ErrInternal", err)
			}
			continue
		}
		got = append(got, l.URI)
	}
	if len(got) != 2 || got[0] != "http://a.example/" || !strings.Contains(got[1], "assignment to entry in nil map (in extract.TestLinksPanicRecovered.func2") {
		t.Errorf("got %q, want the link, then the panic with where it happened", got)
	}

	for _, typ := range []Type{Text, Mail} {
		func() {
			defer func() {
				if r := recover(); r != "loop body" {
					t.Errorf("%v: recovered %v, want the panic of the loop body", typ, r)
				}
			}()
			for range Links(strings.NewReader("Subject: x\n\nhttp://a.example/\n"), Options{Type: typ}) {
				panic("loop body")
			}
		}()
	}
}

// panicReader panics when it is read, as a bug under Rewrite would.
type panicReader struct{}

func (panicReader) Read([]byte) (int, error) { panic("bad reader") }

// TestRewritePanicRecovered checks that a panic in Rewrite is an *Error
// wrapping ErrInternal, and that a panic of the caller's f goes on up.
func TestRewritePanicRecovered(t *testing.T) {
	err := Rewrite(io.Discard, panicReader{}, Options{Name: "p.html"}, func(Link) (string, bool) { return "", false })
	var e *Error
	if !errors.As(err, &e) || !errors.Is(err, ErrInternal) || e.File != "p.html" || !strings.Contains(err.Error(), "bad reader (in extract.panicReader.Read") {
		t.Errorf("Rewrite with a reader that panics: %v, want an *Error of p.html wrapping ErrInternal, naming panicReader.Read", err)
	}
	defer func() {
		if r := recover(); r != "caller" {
			t.Errorf("recovered %v, want the panic of f", r)
		}
	}()
	Rewrite(io.Discard, strings.NewReader(`<a href="x">`), Options{}, func(Link) (string, bool) { panic("caller") })
	t.Error("Rewrite returned after f panicked")
}
