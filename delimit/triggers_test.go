package delimit

import (
	"cmp"
	"fmt"
	"slices"
	"testing"
)

type trigger struct {
	at   int64
	kind int
}

// wantTriggers returns the triggers at or after from in in, in order, found
// by calling each active finder from there and after each trigger.
func wantTriggers(in []byte, from int64, active [3]bool) []trigger {
	var want []trigger
	for k, on := range active {
		for p := int(from); on && p <= len(in); {
			q := finders[k](in, p)
			if q < 0 {
				break
			}
			want = append(want, trigger{int64(q), k})
			p = q + 1
		}
	}
	slices.SortFunc(want, func(a, b trigger) int { return cmp.Compare(a.at, b.at) })
	return want
}

// TestTriggersNext steps through the triggers of each input, from each
// starting offset, in a window that slides with the scan.
func TestTriggersNext(t *testing.T) {
	inputs := []string{
		"",
		"no trigger here",
		"see http://a.example/ and <b/c> or www.example.org.",
		"<<a> www.www. ftp.x <x:y> a:b:c <",
		"WWW.example.com FTP.example.com\n<\n>http:",
	}
	options := []Options{{}, {Relative: true}, {Abbreviated: true}, {Relative: true, Abbreviated: true}}
	for _, in := range inputs {
		for _, opts := range options {
			for _, slide := range []bool{false, true} {
				name := fmt.Sprintf("%q %+v slide=%v", in, opts, slide)
				b := []byte(in)
				tr := newTriggers(opts)
				want := wantTriggers(b, 0, tr.active)
				var got []trigger
				var off int64
				for pos := int64(0); ; {
					if slide {
						// The window starts before pos, as after fill: the
						// finders look back at most three bytes.
						off = max(0, pos-3)
					}
					at, kind := tr.next(b[off:], off, pos)
					if at < 0 {
						break
					}
					if at < pos {
						t.Fatalf("%s: trigger at %d before pos %d", name, at, pos)
					}
					got = append(got, trigger{at, kind})
					pos = at + 1
				}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: triggers %v, want %v", name, got, want)
				}
			}
		}
	}
}

// TestTriggersSkip moves pos past triggers already found, as a match does.
func TestTriggersSkip(t *testing.T) {
	in := []byte("<a/b> www.a.example <c/d> x:y <e/f> www.g.example")
	opts := Options{Relative: true, Abbreviated: true}
	for skip := int64(1); skip < int64(len(in)); skip++ {
		tr := newTriggers(opts)
		at, _ := tr.next(in, 0, 0)
		pos := at + skip
		got := []trigger{}
		for {
			at, kind := tr.next(in, 0, pos)
			if at < 0 {
				break
			}
			got = append(got, trigger{at, kind})
			pos = at + 1
		}
		want := append([]trigger{}, wantTriggers(in, skip, tr.active)...)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%q from %d: triggers %v, want %v", in, skip, got, want)
		}
	}
}
