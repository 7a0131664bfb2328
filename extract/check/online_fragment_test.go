package check

import (
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// TestAnchorsLinear reads hostile pages of n and 8n bytes for their
// anchors, and looks for a missing fragment near them: the bytes allocated
// must grow no more than linearly.
func TestAnchorsLinear(t *testing.T) {
	const n = 16 << 10
	repeat := func(unit string) func(int) string {
		return func(size int) string { return strings.Repeat(unit, size/len(unit)) }
	}
	for _, tc := range []struct {
		name string
		page func(int) string
	}{
		{"many ids", func(size int) string {
			var b strings.Builder
			for i := 0; b.Len() < size; i++ {
				b.WriteString("<p id=a")
				b.WriteString(strings.Repeat("b", i%7))
				b.WriteString(strconv.Itoa(i))
				b.WriteString(">")
			}
			return b.String()
		}},
		{"one long id", func(size int) string { return `<p id="` + strings.Repeat("x", size) + `">` }},
		{"attributes", func(size int) string { return "<a" + strings.Repeat(" id=a name=b", size/12) + ">" }},
		{"unclosed tag", repeat("<a name=")},
		{"nesting", repeat("<div id=d>")},
		{"comment", func(size int) string { return "<!--" + strings.Repeat("<p id=x>", size/8) }},
	} {
		small, large := tc.page(n), tc.page(8*n)
		read := func(page string) func() {
			return func() {
				as, err := anchors(strings.NewReader(page))
				if err != nil {
					t.Fatal(err)
				}
				nearest(strings.Repeat("ab", 20), as)
			}
		}
		as, al := allocatedBy(read(small)), allocatedBy(read(large))
		if al > 16*as+64<<10 {
			t.Errorf("%s: %d bytes allocated at %d bytes, %d at %d bytes: more than linear", tc.name, as, len(small), al, len(large))
		}
	}
}

func allocatedBy(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

func TestNearOnline(t *testing.T) {
	have := []string{"installation", "install", "intro", "usage", strings.Repeat("install", 100)}
	got := nearest("instal", have)
	if len(got) == 0 || got[0] != "install" {
		t.Errorf("near(instal) = %q, want install first", got)
	}
	if got := nearest("zzz", have); len(got) != 0 {
		t.Errorf("near(zzz) = %q, want none", got)
	}
}
