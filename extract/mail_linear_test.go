package extract

import (
	"encoding/base64"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// hostileMail are shapes of messages that made the walk of a message
// superlinear or its memory a large multiple of the message, and others
// like them, each with k of its unit.
var hostileMail = []struct {
	name string
	make func(k int) string
}{
	{"links on one header line", func(k int) string {
		return "Subject: x\nList-Help: " + strings.Repeat("<http://a/>,", k) + "\n\nb\n"
	}},
	{"distinct links on one header line", func(k int) string {
		var b strings.Builder
		b.WriteString("Subject: x\nList-Help: ")
		for i := range k {
			fmt.Fprintf(&b, "<http://a.example/%d>, ", i)
		}
		return b.String() + "\n\nb\n"
	}},
	{"Content-Location fields", func(k int) string {
		return "Subject: x\n" + strings.Repeat("Content-Location: http://a/\n", k) + "\nb\n"
	}},
	{"folded Content-Base and Content-Location fields", func(k int) string {
		return "Content-Base: http://a/" + strings.Repeat("\n b", k) + "\n" + strings.Repeat("Content-Location: http://x/\n\ty\n", k) + "\nb\n"
	}},
	{"short fields kept", func(k int) string {
		return strings.Repeat("Archived-At:\n", k) + "List-Help: <http://a/>\n\nb\n"
	}},
	{"header fields not kept", func(k int) string {
		return strings.Repeat("X-A: b\n", k) + "List-Help: <http://a/>\n\nb\n"
	}},
	{"a field folded over many lines", func(k int) string {
		return "List-Post: <http://a/" + strings.Repeat("\n a", k) + ">\n\nb\n"
	}},
	{"bare words in a list field", func(k int) string {
		return "List-Unsubscribe: " + strings.Repeat("a:b, ", k) + "\n\nb\n"
	}},
	{"many media type parameters", func(k int) string {
		return "Content-Type: text/plain" + strings.Repeat("; a=1", k) + "\n\nhttp://a/\n"
	}},
	{"many small parts", func(k int) string {
		return "Content-Type: multipart/mixed; boundary=b\n\n" + strings.Repeat("--b\n\nhttp://a/\n", k) + "--b--\n"
	}},
	{"lines that start as a delimiter", func(k int) string {
		return "Content-Type: multipart/mixed; boundary=b\n\n--b\n\n" + strings.Repeat("--bX\n", k) + "http://a/\n--b--\n"
	}},
	{"deep multipart nesting", func(k int) string {
		m := "Content-Type: text/plain\n\n" + strings.Repeat("http://a/ x\n", k)
		for d := range maxMIMEDepth - 1 {
			m = fmt.Sprintf("Content-Type: multipart/mixed; boundary=b%d\n\n--b%d\n%s\n--b%[2]d--\n", d, d, m)
		}
		return m
	}},
	{"nested quoted-printable messages", func(k int) string {
		m := "Content-Type: text/plain\n\n" + strings.Repeat("see http://a/b here\n", k)
		for range maxMIMEDepth - 1 {
			m = "Content-Type: message/rfc822\nContent-Transfer-Encoding: quoted-printable\n\n" + m
		}
		return m
	}},
	{"nested quoted-printable multiparts", func(k int) string {
		m := "Content-Type: text/plain\n\n" + strings.Repeat("see http://a/b here\n", k)
		for d := range maxMIMEDepth - 1 {
			m = fmt.Sprintf("Content-Type: multipart/mixed; boundary=q%d\nContent-Transfer-Encoding: quoted-printable\n\n--q%d\n%s\n--q%[2]d--\n", d, d, m)
		}
		return m
	}},
	{"nested base64 messages", func(k int) string {
		m := "Content-Type: text/plain\n\n" + strings.Repeat("see http://a/b here\n", k/8)
		for range 6 { // each level is 4/3 of the one inside
			m = "Content-Type: message/rfc822\nContent-Transfer-Encoding: base64\n\n" + base64.StdEncoding.EncodeToString([]byte(m))
		}
		return m
	}},
}

// mailCost scans in as a message, or an mbox of messages, and returns the
// walk's work count and the bytes allocated.
func mailCost(t *testing.T, typ Type, in string) (work int, alloc uint64) {
	t.Helper()
	src, err := newSource(&Options{})
	if err != nil {
		t.Fatal(err)
	}
	var w mailWalker
	yield := func(Link, error) bool { return true }
	alloc = allocated(func() {
		if typ == Mbox {
			w.scanMbox(strings.NewReader(in), src, yield)
		} else {
			w.scanMail(strings.NewReader(in), src, yield)
		}
	})
	return w.work, alloc
}

// TestMailLinear checks that the walk of a message, and of an mbox of
// such messages, takes time and memory linear in its size: at 8 times the
// size, the work count and the bytes allocated grow less than 20 times.
func TestMailLinear(t *testing.T) {
	const n = 1000
	check := func(name string, typ Type, small, large string) {
		w1, a1 := mailCost(t, typ, small)
		w8, a8 := mailCost(t, typ, large)
		if w1 == 0 || float64(w8)/float64(w1) > 8*2.5 || float64(a8)/float64(a1) > 8*2.5 {
			t.Errorf("%s: from %d to %d bytes, work %d to %d (%.1fx), allocated %d to %d (%.1fx); want both under 20x",
				name, len(small), len(large), w1, w8, float64(w8)/float64(w1), a1, a8, float64(a8)/float64(a1))
		}
	}
	const from = "From a@example.org Thu Aug 22 12:36:23 2002\n"
	for _, shape := range hostileMail {
		small, large := shape.make(n), shape.make(8*n)
		check(shape.name, Mail, small, large)
		check("mbox: "+shape.name, Mbox, from+small+from+small, from+large+from+large)
	}
	msg := from + "List-Help: <http://a/>\nContent-Type: multipart/mixed; boundary=b\n\n--b\n\nhttp://a/\n--b--\n"
	check("mbox: many messages", Mbox, strings.Repeat(msg, n/4), strings.Repeat(msg, 8*n/4))
}

// TestMailMemory checks that a message takes memory in proportion to its
// size, whatever its MIME structure: the live heap, sampled while its
// links are found, stays under 4 times the message and the buffers of
// the scanners (nearly 2 times for most shapes). Before, a message nested
// in quoted-printable parts took 60 times its size, and one of short
// header fields 6 times.
func TestMailMemory(t *testing.T) {
	const from = "From a@example.org Thu Aug 22 12:36:23 2002\n"
	const buffers = 128 << 10
	for _, shape := range hostileMail {
		msg := shape.make(8000)
		for _, typ := range []Type{Mail, Mbox} {
			in := msg
			if typ == Mbox {
				in = from + msg + from + msg
			}
			var before, now runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			peak, n := uint64(0), 0
			for _, err := range Links(strings.NewReader(in), Options{Type: typ}) {
				if err != nil {
					t.Errorf("%v: %s: %v", typ, shape.name, err)
				}
				if n++; n%2048 == 1 { // at the first link too
					runtime.GC()
					runtime.ReadMemStats(&now)
					peak = max(peak, now.HeapAlloc-min(now.HeapAlloc, before.HeapAlloc))
				}
			}
			if peak > 4*uint64(len(msg))+buffers {
				t.Errorf("%v: %s: %d bytes take %d bytes of heap (%.1fx), want at most 4x and %d", typ, shape.name, len(msg), peak, float64(peak)/float64(len(msg)), buffers)
			}
		}
	}
}
