package delimit

import (
	"bytes"
	"slices"
	"testing"
	"testing/iotest"

	"github.com/urix/urix/uri"
)

// FuzzScanner checks the invariants of any scan: spans inside the input,
// increasing and apart; every URI parses with package uri, as an absolute
// URI unless reported as relative; one-byte reads change nothing.
func FuzzScanner(f *testing.F) {
	f.Add([]byte("see <http://example.com/a-\n> b> and \"mailto:a@b.example\""), true)
	f.Add([]byte("(http://x.example/a_(b)) 'tel:+1' www.example.com/p"), true)
	f.Add([]byte("fe80::1:feed:x 2001:db8::aaa://h.example/ Note: http://a.example/ 0:http://b.example/"), false)
	f.Add([]byte("<<http://a.example/> <x:y><x:y/></x:z> <x:y> WWW.example.com. Ftp.example.org <</p/q>"), true)
	f.Fuzz(func(t *testing.T, in []byte, extra bool) {
		opts := Options{Abbreviated: extra, Relative: extra, MaxLength: 200}
		ms := slices.Collect(All(in, opts))
		var prev int64
		for _, m := range ms {
			if m.Start < prev || m.End <= m.Start || m.End > int64(len(in)) {
				t.Fatalf("%q: span [%d,%d) out of order or bounds (previous end %d)", in, m.Start, m.End, prev)
			}
			prev = m.End
			if len(m.URI) > opts.MaxLength {
				t.Errorf("%q: %q is longer than MaxLength", in, m.URI)
			}
			u, err := uri.Parse(m.URI)
			if err != nil {
				t.Errorf("%q: reported %q does not parse: %v", in, m.URI, err)
			} else if u.IsAbs() == m.Relative {
				t.Errorf("%q: %q has Relative=%v", in, m.URI, m.Relative)
			}
			if m.Alt != "" {
				if _, err := uri.Parse(m.Alt); err != nil {
					t.Errorf("%q: alternative %q does not parse: %v", in, m.Alt, err)
				}
			}
			line := 1 + bytes.Count(in[:m.Start], []byte{'\n'})
			col := int(m.Start) - (bytes.LastIndexByte(in[:m.Start], '\n') + 1) + 1
			if m.Line != line || m.Column != col {
				t.Errorf("%q: %q at %d:%d, want %d:%d", in, m.URI, m.Line, m.Column, line, col)
			}
		}
		if got := scanAll(t, iotest.OneByteReader(bytes.NewReader(in)), opts); !slices.Equal(got, ms) {
			t.Errorf("%q: one-byte reads give %v, whole input %v", in, got, ms)
		}
		// The colons and '<' that the finders pass over (a label, a hex
		// run, "<<") must lose nothing.
		if got := scanEveryTrigger(in, opts); !slices.Equal(got, ms) {
			t.Errorf("%q: every trigger looked at gives %v, the finders %v", in, got, ms)
		}
	})
}
