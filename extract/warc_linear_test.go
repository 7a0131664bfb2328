package extract

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// warcResponse returns a response record of target holding the HTTP
// response head and body.
func warcResponse(target, head, body string) string {
	return record("response", target, "application/http;msgtype=response", "HTTP/1.1 "+head+"\r\n\r\n"+body)
}

// cutRecord returns a response record whose Content-Length runs 5 MB past
// its block of one link, i: a record cut short, as a crawler killed
// while writing leaves it.
func cutRecord(i int) string {
	return fmt.Sprintf("WARC/1.1\r\nWARC-Type: response\r\nWARC-Target-URI: http://b.example/\r\nContent-Length: 5000000\r\n\r\nhttp://x.example/%d\r\n", i)
}

// gzipWhole returns s in one gzip member.
func gzipWhole(s string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	z.Write([]byte(s))
	z.Close()
	return b.String()
}

// repeatRecords returns f(0) ... f(k-1) joined, each in a gzip member of
// its own if members (made by one writer: a writer each took seconds).
func repeatRecords(k int, members bool, f func(int) string) string {
	var b bytes.Buffer
	z := gzip.NewWriter(&b)
	for i := range k {
		if !members {
			b.WriteString(f(i))
			continue
		}
		z.Reset(&b)
		z.Write([]byte(f(i)))
		z.Close()
	}
	return b.String()
}

// hostileWARC are shapes of WARC files that took time or output
// quadratic in their size, and others like them, each with k of its unit.
// Each ends with a good record whose link is "http://g.example/good".
var hostileWARC = []struct {
	name string
	make func(k int) string
}{
	{"a Link field of many link-values", func(k int) string {
		return warcResponse("http://h.example/", "200 OK\r\nLink: "+strings.TrimSuffix(strings.Repeat(`<http://l.example/a>; rel="x", `, k), ", "), "")
	}},
	{"a Link field folded many times", func(k int) string {
		return warcResponse("http://h.example/", "200 OK\r\nLink: <a>"+strings.Repeat(",\r\n <http://l.example/b>", k), "")
	}},
	{"WARC/1.x repeated", func(k int) string { return strings.Repeat("WARC/1.x", k) }},
	{"WARC/1.1 repeated on a line", func(k int) string { return strings.Repeat("WARC/1.1 ", k) + "\r\n" }},
	{"version lines repeated", func(k int) string { return strings.Repeat("WARC/1.1\r\n", k) }},
	{"header fields that hold a version", func(k int) string {
		return "WARC/1.1\r\n" + strings.Repeat("X: WARC/1.1\r\n", k)
	}},
	{"records cut short", func(k int) string { return repeatRecords(k, false, cutRecord) }},
	{"records cut short, whole-file gzip", func(k int) string { return gzipWhole(repeatRecords(k, false, cutRecord)) }},
	{"records cut short, per-record gzip", func(k int) string { return repeatRecords(k, true, cutRecord) }},
	// Junk after the records, for the last of them to run into, not into
	// the good record after them.
	{"Content-Length too long, inside the file", func(k int) string {
		return strings.Repeat("WARC/1.1\r\nWARC-Type: response\r\nContent-Length: 100000\r\n\r\n", k) + strings.Repeat("x", 100000)
	}},
	{"Content-Length too long, with a digest", func(k int) string {
		return strings.Repeat("WARC/1.1\r\nWARC-Type: metadata\r\nWARC-Block-Digest: sha1:AAAA\r\nContent-Length: 100000\r\n\r\n", k) + strings.Repeat("x", 100000)
	}},
	{"gzip magic repeated", func(k int) string { return strings.Repeat("\x1f\x8b\x08", k) }},
}

// goodTail is the good record after each hostile shape: read once the
// damage is behind.
var goodTail = warcResponse("http://g.example/", "200 OK\r\nContent-Type: text/html", `<a href="/good">`)

// warcCost scans in as WARC and returns the bytes its windows looked at,
// the bytes allocated, the bytes of its links' Text, its links and its
// errors.
func warcCost(t *testing.T, in string) (work int, alloc uint64, text int, links []string, errs []error) {
	t.Helper()
	src, err := newSource(&Options{Name: "t.warc"})
	if err != nil {
		t.Fatal(err)
	}
	w := newWARCScanner(src, func(l Link, err error) bool {
		if err != nil {
			errs = append(errs, err)
			return true
		}
		text += len(l.Text)
		links = append(links, l.URI)
		return true
	})
	alloc = allocated(func() { w.scan(strings.NewReader(in)) })
	return w.work, alloc, text, links, errs
}

// TestWARCLinear checks that a WARC file takes time, memory and output
// linear in its size, however malformed: at 8 times the size, the bytes
// looked at, the bytes allocated and the bytes of Link.Text grow about 8
// times. Before, a Link field of n link-values gave each its whole value
// as Text (n² bytes out), and recovery tried each "WARC/1." from the
// byte after a malformed record's start, reading what it had read again:
// 8 times the records cut short took 25 times as long. Each shape is also
// one damaged region, one error, and the good record after it is read.
func TestWARCLinear(t *testing.T) {
	const n = 1000
	for _, shape := range hostileWARC {
		small, large := shape.make(n), shape.make(8*n)
		if strings.HasPrefix(small, "\x1f\x8b") {
			small, large = small+gzipWhole(goodTail), large+gzipWhole(goodTail)
		} else {
			small, large = small+goodTail, large+goodTail
		}
		w1, a1, t1, _, _ := warcCost(t, small)
		w8, a8, t8, links, errs := warcCost(t, large)
		ratio := func(a, b int) float64 { return float64(b) / float64(max(a, 1)) }
		if w1 == 0 || ratio(w1, w8) > 10 || ratio(int(a1), int(a8)) > 10 || ratio(t1, t8) > 10 {
			t.Errorf("%s: from %d to %d bytes: looked at %d to %d bytes (%.1fx), allocated %d to %d (%.1fx), text %d to %d (%.1fx); want all under 10x",
				shape.name, len(small), len(large), w1, w8, ratio(w1, w8), a1, a8, ratio(int(a1), int(a8)), t1, t8, ratio(t1, t8))
		}
		if !slices.Contains(links, "http://g.example/good") {
			t.Errorf("%s: the record after the damage is not read: %d links", shape.name, len(links))
		}
		damaged := !strings.HasPrefix(shape.name, "a Link field")
		if damaged && len(errs) != 1 || !damaged && len(errs) != 0 {
			t.Errorf("%s: %d errors, want %d: %v", shape.name, len(errs), map[bool]int{true: 1}[damaged], errs[:min(len(errs), 3)])
		}
		for _, err := range errs {
			var e *Error
			if !errors.As(err, &e) || !errors.Is(err, ErrWARC) || e.Offset != 0 || !strings.Contains(err.Error(), "the next record read is at offset") {
				t.Errorf("%s: error %v, want ErrWARC at offset 0 saying where the next record is", shape.name, err)
			}
		}
	}
}
