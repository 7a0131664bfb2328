package delimit

import "bytes"

// The kinds of trigger, the bytes that may start a match: the ':' after a
// scheme (a '<' or '"' before it is found from there), the '<' of a
// relative reference (only with Relative), and the '.' after "www" or
// "ftp" (only with Abbreviated).
const (
	colonTrigger = iota
	angleTrigger
	dotTrigger
)

// triggers keeps the next trigger of each kind (':', '<', '.') in the
// window, as its finder gives it, so that a kind found far ahead is not
// searched for again at each trigger of another kind.
type triggers struct {
	active   [3]bool
	finders  [3]func(b []byte, p int) int // the package's finders; a test puts plainer ones in
	found    [3]int64                     // offset of the next one, or -1: then none in [pos, searched)
	searched [3]int64
}

// newTriggers returns the triggers that opts make active, none found yet.
func newTriggers(opts Options) triggers {
	t := triggers{active: [3]bool{true, opts.Relative, opts.Abbreviated}, finders: finders}
	for k := range t.found {
		t.found[k] = -1
	}
	return t
}

// next returns the offset and kind of the first trigger at or after
// offset pos in the window b, whose first byte is at offset off, or -1.
func (t *triggers) next(b []byte, off, pos int64) (int64, int) {
	end := off + int64(len(b))
	best, kind := int64(-1), 0
	for k, on := range t.active {
		if !on {
			continue
		}
		f := t.found[k]
		if f >= 0 && f < pos {
			f, t.found[k], t.searched[k] = -1, -1, pos
		}
		if f < 0 && t.searched[k] < end {
			from := max(t.searched[k], pos)
			if i := t.finders[k](b, int(from-off)); i >= 0 {
				f = off + int64(i)
				t.found[k] = f
			} else {
				t.searched[k] = end
			}
		}
		if f >= 0 && (best < 0 || f < best) {
			best, kind = f, k
		}
	}
	return best, kind
}

// finders find the next trigger of each kind. Each passes over the bytes
// that plainly start nothing, as most do, in one loop: text has a '.'
// every few words.
var finders = [3]func(b []byte, p int) int{nextColonOnly, nextAngle, nextAbbreviation}

// nextAngle returns the index of the first '<' in b[p:] that may open a
// URI in <...>, or -1: one followed by a URI character, whitespace, NBSP,
// or the end of b; "<<" or "<>" open none.
func nextAngle(b []byte, p int) int {
	for {
		i := bytes.IndexByte(b[p:], '<')
		if i < 0 {
			return -1
		}
		q := p + i
		if q+1 == len(b) || class[b[q+1]]&(cURI|cSpace) != 0 || b[q+1] == 0xC2 {
			return q
		}
		p = q + 1
	}
}

// nextAbbreviation returns the index of the first '.' in b[p:] that ends
// "www" or "ftp", in any case, or "www" and digits, or -1.
func nextAbbreviation(b []byte, p int) int {
	for {
		i := bytes.IndexByte(b[p:], '.')
		if i < 0 {
			return -1
		}
		q := p + i
		if q >= 3 {
			w := b[q-3 : q : q]
			c0, c1, c2 := w[0]|0x20, w[1]|0x20, w[2]|0x20
			if c0 == 'w' && c1 == 'w' && c2 == 'w' || c0 == 'f' && c1 == 't' && c2 == 'p' || wwwDigits(b, q) > 0 {
				return q
			}
		}
		p = q + 1
	}
}
