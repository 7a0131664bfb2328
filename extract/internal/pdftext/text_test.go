package pdftext

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
)

// TestTextMemory checks that reading a content stream allocates in
// proportion to the text it shows, not to the number of its tokens: a
// stream of a million operands shows nothing.
func TestTextMemory(t *testing.T) {
	for _, tc := range []struct {
		name    string
		content []byte
	}{
		{"operands", bytes.Repeat([]byte("1 "), 1<<20)},
		{"operators", bytes.Repeat([]byte("q Q "), 1<<19)},
	} {
		var m0, m1 runtime.MemStats
		runtime.ReadMemStats(&m0)
		text := Text(tc.content, nil)
		runtime.ReadMemStats(&m1)
		if len(text) != 0 {
			t.Errorf("%s: text %q, want none", tc.name, text[:min(len(text), 20)])
		}
		if got := m1.TotalAlloc - m0.TotalAlloc; got > uint64(len(tc.content)) {
			t.Errorf("%s: allocated %d bytes for %d of content, want at most as many", tc.name, got, len(tc.content))
		}
	}
}

// TestCMapRanges checks that the ranges of a ToUnicode CMap are kept
// as ranges: 64 ranges of 65536 codes take memory for 64, not for four
// million codes; and that codes still map to their text.
func TestCMapRanges(t *testing.T) {
	var b strings.Builder
	b.WriteString("begincmap\n64 beginbfrange\n")
	for i := range 64 {
		fmt.Fprintf(&b, "<%04X0000> <%04XFFFF> <0041>\n", i, i)
	}
	b.WriteString("endbfrange\n2 beginbfrange\n<00400000> <00400002> <D83DDE00>\n<00410000> <00410001> [<0078> <0079>]\nendbfrange\n")
	b.WriteString("1 beginbfchar\n<00000001> <263A>\nendbfchar\nendcmap\n")
	var m0, m1 runtime.MemStats
	runtime.ReadMemStats(&m0)
	m := parseCMap([]byte(b.String()))
	runtime.ReadMemStats(&m1)
	if got := m1.TotalAlloc - m0.TotalAlloc; got > 1<<20 {
		t.Errorf("parseCMap allocated %d bytes for 64 ranges, want at most 1 MiB", got)
	}
	for _, tc := range []struct {
		code []byte
		want string
	}{
		{[]byte{0, 0, 0, 0}, "A"},
		{[]byte{0, 0, 0, 1}, "☺"}, // bfchar
		{[]byte{0, 0, 0, 2}, "C"},
		{[]byte{0, 5, 0, 25}, "Z"},
		{[]byte{0, 0x40, 0, 2}, "😂"}, // U+1F600 + 2, a surrogate pair
		{[]byte{0, 0x41, 0, 1}, "y"}, // an array of destinations
		{[]byte{0, 0x50, 0, 0}, ""},  // in no range
	} {
		if got := string(m.decode(nil, tc.code)); got != tc.want {
			t.Errorf("code % x: %q, want %q", tc.code, got, tc.want)
		}
	}
}

// TestJoinWrapped: a line feed comes out of a URI that goes on at the next
// line, not after a URI that ends there.
func TestJoinWrapped(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		ys    []float64
		want  string
	}{
		{[]string{"See https://a.example/long/", "path/x.html now."}, nil, "See https://a.example/long/path/x.html now."},
		{[]string{"See https://a.example/p?", "x=1&y=2 now."}, nil, "See https://a.example/p?x=1&y=2 now."},
		{[]string{"https://a.example/ve", "ry/long/", "path.html ok"}, nil, "https://a.example/very/long/path.html ok"},
		{[]string{"See https://a.example/x", "and more."}, nil, "See https://a.example/x\nand more."},
		{[]string{"See https://a.example/x.", "Next/one."}, nil, "See https://a.example/x.\nNext/one."},
		{[]string{"See https://a.example/", "https://b.example/"}, nil, "See https://a.example/\nhttps://b.example/"},
		{[]string{"See https://a.example/", "path/x.html"}, []float64{10, 40}, "See https://a.example/\npath/x.html"}, // a paragraph's gap
		{[]string{"No URI at/", "path/x.html"}, nil, "No URI at/\npath/x.html"},
	} {
		var text []byte
		var lines []pdfLine
		for i, l := range tc.lines {
			if i > 0 {
				text = append(text, '\n')
			}
			y := float64(10 * i)
			if tc.ys != nil {
				y = tc.ys[i]
			}
			lines = append(lines, pdfLine{len(text), y})
			text = append(text, l...)
		}
		if tc.ys != nil { // the page's line pitch is 10
			lines = append(lines, pdfLine{len(text) + 1, tc.ys[len(tc.ys)-1] + 10})
			text = append(text, "\nz"...)
			tc.want += "\nz"
		}
		if got := string(joinWrapped(text, lines)); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.lines, got, tc.want)
		}
	}
}
