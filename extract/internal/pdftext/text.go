package pdftext

import (
	"bytes"
	"cmp"
	"encoding/hex"
	"iter"
	"slices"
	"sort"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/urix/urix/extract/internal/pdfobj"
	"github.com/urix/urix/internal/rfc5322"
)

// CMap is a font's ToUnicode map (ISO 32000-1 §9.10.3): character
// codes of size bytes to text. The ranges of bfrange are kept as ranges,
// not a code each: a 5 KB CMap of 1000 ranges of 65536 codes would
// otherwise fill a map of 65 million.
type CMap struct {
	size   int
	chars  map[uint32]string
	ranges []pdfRange // sorted by lo
}

// pdfRange maps the codes lo to hi to consecutive text: that of lo is
// the UTF-16 units dst, and each next code adds one to the last unit.
type pdfRange struct {
	lo, hi uint32
	dst    []uint16
}

// Fonts returns the ToUnicode map of a font of the resources res by
// its resource name, nil for a font without one. A font is looked up when
// the content selects it, and each map is read once for the document,
// kept in cmaps by its stream: a page's content selects only so many
// fonts, where its resources may list millions shared by every page. A
// map's stream is decoded to at most limit bytes.
func Fonts(doc *pdfobj.Reader, res pdfobj.Dict, cmaps map[pdfobj.Ref]*CMap, limit int64) func(string) *CMap {
	fd, _ := doc.Dict(res["Font"])
	return func(name string) *CMap {
		f, _ := doc.Dict(fd[pdfobj.Name(name)])
		ref, ok := f["ToUnicode"].(pdfobj.Ref)
		if !ok {
			return nil
		}
		if m, ok := cmaps[ref]; ok {
			return m
		}
		cmaps[ref] = nil
		o, _ := doc.Resolve(ref)
		if s, ok := o.(pdfobj.Stream); ok {
			if b, err := doc.Decode(s, limit); err == nil {
				cmaps[ref] = parseCMap(b)
			}
		}
		return cmaps[ref]
	}
}

// parseCMap reads the bfchar and bfrange sections of a ToUnicode CMap.
func parseCMap(b []byte) *CMap {
	m := &CMap{size: 1, chars: map[uint32]string{}}
	toks := slices.Collect(pdfTokens(b))
	for i := 0; i < len(toks); i++ {
		switch string(toks[i]) {
		case "beginbfchar":
			for i++; i+1 < len(toks) && string(toks[i]) != "endbfchar"; i += 2 {
				m.set(toks[i], 0, toks[i+1])
			}
		case "beginbfrange":
			for i++; i+2 < len(toks) && string(toks[i]) != "endbfrange"; i += 3 {
				lo, hi := hexCode(toks[i]), hexCode(toks[i+1])
				if len(toks[i+2]) < 2 {
					continue
				}
				if hi < lo || hi-lo > 0xffff {
					continue
				}
				if toks[i+2][0] == '[' {
					// An array of destinations, one a code.
					k := uint32(0)
					for d := range pdfTokens(toks[i+2][1 : len(toks[i+2])-1]) {
						m.set(toks[i], k, d)
						k++
					}
					continue
				}
				if u := utf16Units(toks[i+2]); u != nil {
					m.size = codeSize(toks[i])
					m.ranges = append(m.ranges, pdfRange{lo, hi, u})
				}
			}
		}
	}
	slices.SortStableFunc(m.ranges, func(a, b pdfRange) int { return cmp.Compare(a.lo, b.lo) })
	return m
}

// set maps the code src+delta to the UTF-16BE text dst.
func (m *CMap) set(src []byte, delta uint32, dst []byte) {
	m.size = codeSize(src)
	if u := utf16Units(dst); u != nil {
		m.chars[hexCode(src)+delta] = string(utf16.Decode(u))
	}
}

// codeSize returns the size in bytes, 1 to 4, of the hex string src.
func codeSize(src []byte) int {
	return max(1, min((len(src)-2+1)/2, 4))
}

// utf16Units returns the UTF-16BE code units of the hex string dst, nil
// if it holds none or is not hex.
func utf16Units(dst []byte) []uint16 {
	u, err := hex.DecodeString(string(bytes.Trim(dst, "<>")))
	if err != nil || len(u)%2 != 0 || len(u) == 0 {
		return nil
	}
	units := make([]uint16, len(u)/2)
	for i := range units {
		units[i] = uint16(u[2*i])<<8 | uint16(u[2*i+1])
	}
	return units
}

// appendText appends the text of code to dst, nothing if the map has
// none.
func (m *CMap) appendText(dst []byte, code uint32) []byte {
	if s, ok := m.chars[code]; ok {
		return append(dst, s...)
	}
	// The last range that starts at or before code.
	i := sort.Search(len(m.ranges), func(i int) bool { return m.ranges[i].lo > code }) - 1
	if i < 0 || code > m.ranges[i].hi {
		return dst
	}
	r := m.ranges[i]
	for k := 0; k < len(r.dst); k++ {
		u := rune(r.dst[k])
		if k == len(r.dst)-1 {
			u += rune(code - r.lo)
		} else if utf16.IsSurrogate(u) && k+2 < len(r.dst) {
			k++
			u = utf16.DecodeRune(u, rune(r.dst[k]))
		} else if utf16.IsSurrogate(u) {
			k++ // a pair whose low half the code moves
			u = utf16.DecodeRune(u, rune(r.dst[k])+rune(code-r.lo))
		}
		dst = utf8.AppendRune(dst, u)
	}
	return dst
}

// hexCode returns the number a hex string token <...> holds.
func hexCode(tok []byte) uint32 {
	n, _ := strconv.ParseUint(string(bytes.Trim(tok, "<>")), 16, 32)
	return uint32(n)
}

// decode returns the text the string s shows in a font with the map m
// (Latin-1 without one).
func (m *CMap) decode(dst, s []byte) []byte {
	if m == nil {
		return appendLatin1(dst, s)
	}
	for i := 0; i+m.size <= len(s); i += m.size {
		var code uint32
		for _, c := range s[i : i+m.size] {
			code = code<<8 | uint32(c)
		}
		dst = m.appendText(dst, code)
	}
	return dst
}

// Latin1 returns the text of the Latin-1 bytes b: the bytes of a URI
// action past 7-bit ASCII (ISO 32000-1 §12.6.4.7), as they are read.
func Latin1(b []byte) string { return string(appendLatin1(nil, b)) }

// appendLatin1 appends the text of the Latin-1 bytes s to dst.
func appendLatin1(dst, s []byte) []byte {
	for _, c := range s {
		dst = utf8.AppendRune(dst, rune(c))
	}
	return dst
}

// Text returns the text a content stream shows, one line where the
// text moves down (see extract.scanPDF), a URI wrapped over two lines put
// together again (see joinWrapped).
func Text(content []byte, fonts func(name string) *CMap) []byte {
	var text []byte
	var font *CMap
	var y, lastY float64
	shown := false
	var lines []pdfLine
	var ops [][]byte // the operands of the next operator
	show := func(s []byte) {
		if shown && y != lastY {
			text = append(text, '\n')
		}
		if !shown || y != lastY {
			lines = append(lines, pdfLine{len(text), y})
		}
		shown, lastY = true, y
		text = font.decode(text, s)
	}
	for t := range pdfTokens(content) {
		if !isPDFOperator(t) {
			if len(ops) == pdfMaxOperands {
				// No operator read here takes more: keep the last ones.
				ops = append(ops[:0], ops[len(ops)-6:]...)
			}
			ops = append(ops, t)
			continue
		}
		switch string(t) {
		case "Tf":
			if len(ops) >= 2 && ops[len(ops)-2][0] == '/' && fonts != nil {
				font = fonts(string(ops[len(ops)-2][1:]))
			}
		case "BT":
			y = 0
		case "Td", "TD":
			if len(ops) >= 2 {
				y += pdfNumber(ops[len(ops)-1])
			}
		case "Tm":
			if len(ops) >= 6 {
				y = pdfNumber(ops[len(ops)-1])
			}
		case "T*":
			y -= 1
		case "Tj", "'", "\"":
			if string(t) != "Tj" {
				y -= 1
			}
			if len(ops) > 0 {
				show(pdfString(ops[len(ops)-1]))
			}
		case "TJ":
			if len(ops) > 0 && ops[len(ops)-1][0] == '[' {
				for e := range pdfTokens(ops[len(ops)-1][1 : len(ops[len(ops)-1])-1]) {
					if e[0] == '(' || e[0] == '<' {
						show(pdfString(e))
					} else if pdfNumber(e) < -200 && shown {
						text = append(text, ' ') // a wide gap: a space
					}
				}
			}
		}
		ops = ops[:0]
	}
	return joinWrapped(text, lines)
}

// Rect is the rectangle of an annotation (§12.5.2, Rect): lower left
// and upper right corners, y upwards.
type Rect struct{ x1, y1, x2, y2 float64 }

// AnnotRect returns the Rect of the annotation a, a zero one if it has
// none that reads.
func AnnotRect(doc *pdfobj.Reader, a pdfobj.Object) Rect {
	d, _ := doc.Dict(a)
	o, _ := doc.Resolve(d["Rect"])
	arr, _ := o.(pdfobj.Array)
	if len(arr) != 4 {
		return Rect{}
	}
	var v [4]float64
	for i, o := range arr {
		switch n, _ := doc.Resolve(o); n := n.(type) {
		case int64:
			v[i] = float64(n)
		case float64:
			v[i] = n
		default:
			return Rect{}
		}
	}
	return Rect{min(v[0], v[2]), min(v[1], v[3]), max(v[0], v[2]), max(v[1], v[3])}
}

// ContinuedBy reports whether r2 is the part of a link on the line after
// that of r, as chromium writes a link wrapped over lines: an annotation
// per line, the next one starting left of where r ends, its top at most
// half a line below r's bottom and above r's middle. (The same URI linked
// again at the start of the next line reads the same: it is reported
// once.)
func (r Rect) ContinuedBy(r2 Rect) bool {
	h := r.y2 - r.y1
	return h > 0 && r2.x1 < r.x2 && r2.y2 <= (r.y1+r.y2)/2 && r2.y2 >= r.y1-h/2
}

// pdfLine is a line of a page's text: where it starts in the text, and
// its place on the page.
type pdfLine struct {
	start int
	y     float64
}

// joinWrapped returns text with the line feeds inside the URIs that the
// writer wrapped removed. A PDF does not say where a line breaks inside a
// word, and a bare URI (one no link annotation covers) that chromium or
// LibreOffice wrapped would end at the line's end. A line feed is taken
// out when the line before it ends in a URI, not in the punctuation of a
// sentence, and the next line follows at the page's line pitch (not after
// a paragraph's gap) and goes on with the URI: its first word, its own
// trailing punctuation left out, holds "/", "?", "=", "&", "#", "%" or
// "." (a path, a query, a file name) and no "://" of its own. A URI that
// ends at the end of a line and a sentence's next word stay apart ("now",
// "and"); a URI cut in its last path segment before a word without such
// a character is left cut.
func joinWrapped(text []byte, lines []pdfLine) []byte {
	if len(lines) < 2 || !bytes.Contains(text, []byte("://")) {
		return text
	}
	pitch := 0.0
	for i := 1; i < len(lines); i++ {
		if d := abs(lines[i].y - lines[i-1].y); d > 0 && (pitch == 0 || d < pitch) {
			pitch = d
		}
	}
	out := text[:0:0]
	last := 0
	uri := false // the last word of line i, with what it goes on from, is a URI
	joined := false
	for i := 0; i+1 < len(lines); i++ {
		line := text[lines[i].start : lines[i+1].start-1]
		word := line[bytes.LastIndexAny(line, " \t")+1:]
		if !joined || len(word) < len(line) {
			uri = false // a word of its own
		}
		uri = uri || bytes.Contains(word, []byte("://")) || bytes.HasPrefix(word, []byte("www."))
		next := text[lines[i+1].start:pdfLineEnd(text, lines, i+1)]
		joined = uri && abs(lines[i+1].y-lines[i].y) <= pitch*1.3 && wrapsURI(word, next)
		if joined {
			end := lines[i+1].start - 1 // the line feed
			out = append(out, text[last:end]...)
			last = end + 1
		}
	}
	if last == 0 {
		return text
	}
	return append(out, text[last:]...)
}

// pdfLineEnd returns the end of line i of text, before its line feed.
func pdfLineEnd(text []byte, lines []pdfLine, i int) int {
	if i+1 < len(lines) {
		return lines[i+1].start - 1
	}
	return len(text)
}

// wrapsURI reports whether the URI that ends with word, at the end of a
// line, goes on at the start of the line next (see joinWrapped).
func wrapsURI(word, next []byte) bool {
	if len(word) == 0 || len(next) == 0 || next[0] == ' ' {
		return false
	}
	if r, _ := utf8.DecodeLastRune(word); bytes.ContainsRune([]byte(".,;!)]'\""), r) {
		return false
	}
	first := next
	if i := bytes.IndexAny(next, " \t"); i >= 0 {
		first = next[:i]
	}
	return !bytes.Contains(first, []byte("://")) && bytes.ContainsAny(bytes.TrimRight(first, ".,;:!?)]'\""), "/?=&#%.")
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// pdfMaxOperands is how many operands Text holds: Tm, the operator it
// reads with the most, takes 6.
const pdfMaxOperands = 16

func isPDFOperator(t []byte) bool {
	c := t[0]
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '\'' || c == '"'
}

func pdfNumber(t []byte) float64 {
	f, _ := strconv.ParseFloat(string(t), 64)
	return f
}

// pdfString returns the bytes of a string token, (...) or <...>.
func pdfString(t []byte) []byte {
	b, _ := pdfobj.Unquote(t)
	return b
}

// pdfTokens yields the tokens of PDF content (§7.2, §7.8.2): a string
// (...) with its parentheses and escapes, a hex string <...>, an array
// [...] whole, a dictionary << >> delimiter, a name /N, a number or an
// operator. Comments and the data of inline images are left out. The
// tokens are yielded one by one, not gathered: a content stream may hold
// tens of millions.
func pdfTokens(b []byte) iter.Seq[[]byte] {
	return func(yield func([]byte) bool) {
		for i := 0; ; {
			var start int
			if start, i = pdfNextToken(b, i); start < 0 || !yield(b[start:i]) {
				return
			}
		}
	}
}

// pdfNextToken returns the start and end of the first token in b[i:], a
// start of -1 if there is none.
func pdfNextToken(b []byte, i int) (start, end int) {
	for i < len(b) {
		c := b[i]
		switch {
		case pdfWhite(c):
			i++
			continue
		case c == '%':
			for i < len(b) && b[i] != '\n' && b[i] != '\r' {
				i++
			}
			continue
		case c == '(':
			return i, pdfStringEnd(b, i)
		case c == '<' && i+1 < len(b) && b[i+1] == '<', c == '>' && i+1 < len(b) && b[i+1] == '>':
			return i, i + 2
		case c == '<':
			end := i
			for end < len(b) && b[end] != '>' {
				end++
			}
			return i, min(end+1, len(b))
		case c == '[':
			return i, pdfArrayEnd(b, i)
		}
		end := i + 1
		for end < len(b) && !pdfWhite(b[end]) && !pdfDelimiter(b[end]) {
			end++
		}
		if string(b[i:end]) != "ID" {
			return i, end
		}
		// Inline image data: up to "EI" after white space.
		n := bytes.Index(b[end:], []byte("\nEI"))
		if n < 0 {
			break
		}
		i = end + n + 3
	}
	return -1, len(b)
}

// pdfWhite reports whether c is white space (§7.2.2, Table 1).
func pdfWhite(c byte) bool {
	return c == ' ' || c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == 0
}

// pdfDelimiter reports whether c is a delimiter (§7.2.2, Table 2).
func pdfDelimiter(c byte) bool {
	switch c {
	case '(', ')', '<', '>', '[', ']', '{', '}', '/', '%':
		return true
	}
	return false
}

// pdfStringEnd returns the offset after the string (...) at b[i], the
// end of b if it is not closed. A literal string (§7.3.4.2) nests
// parentheses and "\" quotes the byte after it, as an RFC 5322 comment
// does.
func pdfStringEnd(b []byte, i int) int {
	if n := rfc5322.CommentEnd(b[i:]); n >= 0 {
		return i + n
	}
	return len(b)
}

// pdfArrayEnd returns the offset after the array [...] at b[i].
func pdfArrayEnd(b []byte, i int) int {
	depth := 0
	for i < len(b) {
		switch b[i] {
		case '(':
			i = pdfStringEnd(b, i)
			continue
		case '[':
			depth++
		case ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
		i++
	}
	return len(b)
}
