package extract

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"

	"github.com/urix/urix/internal/htmltok"
)

// hostileHTML are page shapes that once took quadratic time or memory,
// each about n bytes long.
var hostileHTML = []struct {
	name string
	page func(n int) string
}{
	{"attributes", func(n int) string {
		var b strings.Builder
		b.WriteString("<p")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, " a%d=1", i)
		}
		return b.String() + ">"
	}},
	{"duplicate attributes", func(n int) string { return "<p " + strings.Repeat("a=1 ", n/4) + ">" }},
	{"foreign end tags", func(n int) string {
		return "<svg>" + strings.Repeat("<g>", n/7) + strings.Repeat("</x>", n/7)
	}},
	{"foreign nesting", func(n int) string {
		return "<math>" + strings.Repeat("<mi><svg><g>", n/24) + strings.Repeat("</g></svg></mi>", n/24)
	}},
	{"foreign break out", func(n int) string { return strings.Repeat("<svg>"+strings.Repeat("<g>", 50)+"<p>", n/158) }},
	{"base elements", func(n int) string { return strings.Repeat("<base href=x>\n", n/14) }},
	{"inert base elements", func(n int) string { return strings.Repeat("<template><base href=x></template>", n/34) }},
	{"long attribute", func(n int) string { return `<a href="` + strings.Repeat("a", n) + `">` }},
	{"references in attribute", func(n int) string { return `<a href="` + strings.Repeat("a&amp;", n/6) + `">` }},
	{"NUL in attribute", func(n int) string { return `<a href="` + strings.Repeat("\x00", n) + `">` }},
	{"ping", func(n int) string { return `<a ping="` + strings.Repeat("a ", n/2) + `">x</a>` }},
	{"srcset", func(n int) string { return `<img srcset="` + strings.Repeat("a 1x,", n/5) + `">` }},
	{"srcset descriptors", func(n int) string { return `<img srcset="a ` + strings.Repeat("1x ", n/3) + `">` }},
	{"CSS url", func(n int) string { return "<style>" + strings.Repeat("url(a) ", n/7) + "</style>" }},
	{"CSS escapes", func(n int) string { return `<p style="` + strings.Repeat(`url(\61) `, n/9) + `">` }},
	{"CSS comments", func(n int) string { return "<style>" + strings.Repeat("/*", n/2) + "</style>" }},
	{"style elements", func(n int) string { return strings.Repeat("<style>a{b:url(x)}</style>", n/26) }},
	{"comments", func(n int) string { return strings.Repeat("<!-- x -->", n/10) }},
	{"unclosed comments", func(n int) string { return strings.Repeat("<!--", n/4) }},
	{"references in text", func(n int) string { return "<p>" + strings.Repeat("&amp;http://a/ ", n/15) }},
	{"long reference name", func(n int) string { return "<p>&" + strings.Repeat("a", n) }},
	{"links", func(n int) string { return strings.Repeat("<a href=a>x</a>\n", n/16) }},
	{"meta refresh", func(n int) string {
		return `<meta content="0; url=` + strings.Repeat("a", n) + `" http-equiv=refresh>`
	}},
}

// TestHTMLLinear reads each hostile shape at n and 8n bytes and checks
// that the walk's steps and the bytes allocated by Links grow about 8
// times, not 64: linear time and memory, measured without a clock.
func TestHTMLLinear(t *testing.T) {
	const n = 32 << 10
	for _, tc := range hostileHTML {
		small, large := tc.page(n), tc.page(8*n)
		ss, sl := htmlSteps(small), htmlSteps(large)
		if sl > 8*ss+ss/2+64 {
			t.Errorf("%s: %d steps at %d bytes, %d at %d bytes: more than linear", tc.name, ss, len(small), sl, len(large))
		}
		as, al := allocated(func() { drainLinks(t, small, HTML) }), allocated(func() { drainLinks(t, large, HTML) })
		if al > 16*as+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", tc.name, as, len(small), al, len(large))
		}
	}
}

// TestTextLinear is TestHTMLLinear for text: the bytes allocated by
// Links.
func TestTextLinear(t *testing.T) {
	const n = 64 << 10
	for _, unit := range []string{"<", "(", "http://", "http://a/ ", "a:", `"`, "<http://a.example/", "<x:y>", "http://a.example/-\n", "&amp;", "\n"} {
		small, large := strings.Repeat(unit, n/len(unit)), strings.Repeat(unit, 8*n/len(unit))
		as, al := allocated(func() { drainLinks(t, small, Text) }), allocated(func() { drainLinks(t, large, Text) })
		if al > 16*as+64<<10 {
			t.Errorf("%q repeated: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", unit, as, len(small), al, len(large))
		}
	}
}

// htmlSteps returns the steps of a walk of page.
func htmlSteps(page string) int {
	p := parsePage([]byte(page), nil)
	p.walk(func(*htmlRef) bool { return true })
	return p.steps
}

func drainLinks(t *testing.T, in string, typ Type) {
	for _, err := range Links(strings.NewReader(in), Options{Type: typ, Base: "http://example.com/dir/"}) {
		if err != nil {
			t.Fatal(err)
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	// Two collections empty the sync.Pools (the walker's, the mbox
	// buffers'): f allocates what it needs itself, whatever ran before.
	// Otherwise a buffer grown by an earlier test made the small input's
	// count small and the test flaky.
	runtime.GC()
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// heapPeak tracks the peak of the live heap above the level when it was
// made, sampled every few calls of sample after a collection: what the
// scan holds, not the garbage a loaded machine's GC has not reached yet,
// which made an earlier version of this test flaky.
type heapPeak struct {
	base, peak uint64
	calls      int
}

func newHeapPeak() *heapPeak {
	h := &heapPeak{}
	h.base = liveHeap()
	return h
}

// liveHeap returns the bytes of the heap that are reachable.
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc
}

func (h *heapPeak) sample() {
	if h.calls++; h.calls%16384 != 1 {
		return
	}
	if live := liveHeap(); live > h.base {
		h.peak = max(h.peak, live-h.base)
	}
}

func (h *heapPeak) stop() uint64 {
	h.calls = 0
	h.sample()
	return h.peak
}

// TestHTMLMemory checks that the heap Links and Rewrite take for a page
// stays within maxHeapRatio times the page's size and a few MB for the
// GC's slack (the page itself not counted), for the shapes that took 57 to 165 times as much: long ping
// lists, srcset and CSS with many URLs, deep SVG, a page rewritten with
// every link changed, after a base element and without one. Rewrite holds the
// output after the base element in memory too, and a page up to
// maxTreeSize with a base element is parsed into a tree, so the page
// with a base is larger than that.
func TestHTMLMemory(t *testing.T) {
	const n = 1 << 20
	const maxHeapRatio, slack = 5, 4 << 20
	links := strings.Repeat("<a href=a>x</a>\n", maxTreeSize/16)
	pages := []struct{ name, page string }{
		{"ping", `<a ping="` + strings.Repeat("a ", n/2) + `">x</a>`},
		{"ping with a reference", `<a ping="&amp;` + strings.Repeat("a ", n/2) + `">x</a>`},
		{"srcset", `<img srcset="` + strings.Repeat("a 1x,", n/5) + `">`},
		{"CSS url", "<style>" + strings.Repeat("url(a) ", n/7) + "</style>"},
		{"CSS url in an attribute", `<p style="` + strings.Repeat("url(a) ", n/7) + `">`},
		{"SVG nesting", "<svg>" + strings.Repeat("<g>", n/3) + "<a href=a>x</a>"}, // sampled at its one link
		{"links", links[:n]},
		{"links after a base", "<base href=http://example.org/>" + links},
	}
	for _, tc := range pages {
		in := []byte(tc.page)
		h := newHeapPeak()
		for _, err := range Links(bytes.NewReader(in), Options{Type: HTML, Base: "http://example.com/dir/"}) {
			if err != nil {
				t.Fatal(err)
			}
			h.sample()
		}
		peak := h.stop()
		t.Logf("Links, %s: heap peak %.1f times the page", tc.name, float64(peak)/float64(len(in)))
		if peak > maxHeapRatio*uint64(len(in))+slack {
			t.Errorf("Links, %s: heap peaked at %d bytes for a %d-byte page, %.1f times", tc.name, peak, len(in), float64(peak)/float64(len(in)))
		}
		var out countWriter
		h = newHeapPeak()
		err := Rewrite(&out, bytes.NewReader(in), Options{Base: "http://example.com/dir/"}, func(l Link) (string, bool) {
			h.sample()
			return l.URI, true
		})
		if err != nil {
			t.Fatal(err)
		}
		peak = h.stop()
		t.Logf("Rewrite, %s: heap peak %.1f times the page, output %.1f times", tc.name, float64(peak)/float64(len(in)), float64(out)/float64(len(in)))
		if peak > maxHeapRatio*uint64(len(in))+uint64(out)+slack {
			t.Errorf("Rewrite, %s: heap peaked at %d bytes for a %d-byte page and %d bytes of output, %.1f times the page", tc.name, peak, len(in), out, float64(peak)/float64(len(in)))
		}
	}
}

// countWriter counts the bytes written to it.
type countWriter int

func (w *countWriter) Write(b []byte) (int, error) {
	*w += countWriter(len(b))
	return len(b), nil
}

// TestHTMLAttributeMemory checks that the bytes Links allocates for a
// start tag with many attributes stay within a multiple of the page: such
// a page once took 80 times its size, parseTag keeping every attribute
// and a map of their names, then about 38 times with x/net/html's
// tokenizer keeping every attribute and a map of their names. htmltok's
// keeps the attributes a rule reads alone, and a table of the names'
// hashes to tell duplicates: about 9 times.
func TestHTMLAttributeMemory(t *testing.T) {
	const n = 1 << 20
	const maxRatio = 16
	many := hostileHTML[0].page(n)
	pages := []struct{ name, page string }{
		{"attributes", many},
		{"attributes and a link", many[:len(many)-1] + " href=x style=url(y) HREF=z>"},
		{"duplicate rule attributes", "<p " + strings.Repeat("href=1 ", n/7) + ">"},
	}
	for _, tc := range pages {
		a := allocated(func() { drainLinks(t, tc.page, HTML) })
		t.Logf("%s: %d bytes allocated, %.1f times the page", tc.name, a, float64(a)/float64(len(tc.page)))
		if a > maxRatio*uint64(len(tc.page)) {
			t.Errorf("%s: %d bytes allocated for a %d-byte page, %.1f times", tc.name, a, len(tc.page), float64(a)/float64(len(tc.page)))
		}
	}
	tag := []byte(many)
	attrs := tagAttrs{names: new(nameCache)}
	z := htmltok.New(tag)
	z.SetFilter(ruleAttr)
	allocs := testing.AllocsPerRun(10, func() {
		z.Reset(tag)
		z.Next()
		readTag(z, 0, &attrs, new(int), false)
	})
	if allocs > 1 {
		t.Errorf("tokenizing and readTag of %d attributes: %.0f allocations, want at most 1", strings.Count(many, "="), allocs)
	}
}

// TestHTMLBaseTreeMemory checks that a page with a base element too large
// for a tree costs no tree: x/net/html copies the open formatting
// elements into each new paragraph, so the tree of "<b><p>x" repeated
// takes over 100 times the page (807 MB for 8 MB when maxTreeSize was 8
// MiB). The page is 4 MiB, a size real pages reach.
func TestHTMLBaseTreeMemory(t *testing.T) {
	page := []byte(`<base href="http://example.org/">` + strings.Repeat("<b><p>x", (4<<20)/7) + `<a href="a">x</a>`)
	n := 0
	got := allocated(func() {
		for l, err := range Links(bytes.NewReader(page), Options{Type: HTML}) {
			if err != nil {
				t.Fatal(err)
			}
			if l.Tag == "a" {
				n++
				if l.URI != "http://example.org/a" {
					t.Errorf("link %q, want http://example.org/a", l.URI)
				}
			}
		}
	})
	if n != 1 {
		t.Errorf("%d links of <a>, want 1", n)
	}
	if ratio := float64(got) / float64(len(page)); ratio > 10 {
		t.Errorf("a %d-byte page of formatting elements after a base allocates %d bytes, %.1f times the page; want at most 10", len(page), got, ratio)
	} else {
		t.Logf("%.1f times the page", ratio)
	}
}
