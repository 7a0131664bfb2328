package extract

import (
	"sort"
	"strings"

	"golang.org/x/net/html"
)

// rawAttr is an attribute of a start tag as it stands in the source: what
// the x/net/html tokenizer reads, with the byte spans it does not export,
// so that a value can be reported where it is written and replaced there.
type rawAttr struct {
	key        string // lower-case
	keyStart   int    // offset of the name in the tag
	valStart   int    // offset of the value in the tag, inside the quotes
	valEnd     int    // end of the value, before the closing quote
	quote      byte   // '"', '\'', or 0 for an unquoted or missing value
	hasValue   bool   // '=' present
	attrEndRaw int    // end of the attribute, after the closing quote
}

// parseTag splits the raw start tag t ("<name attr=value ...>") into its
// lower-case name and attributes, exactly as the x/net/html tokenizer's
// readTag does: same name, key and value boundaries, the first of
// duplicate attributes kept, nameless ones dropped. attrs is reused.
// The attributes read and compared are counted in *steps.
func parseTag(t []byte, attrs []rawAttr, steps *int) (string, []rawAttr) {
	attrs = attrs[:0]
	i := 1
	for i < len(t) && !isASCIISpace(t[i]) && t[i] != '/' && t[i] != '>' {
		i++
	}
	name := replaceNUL(lowerASCII(t[1:i]))
	i = skipSpace(t, i)
	seen := keySet{steps: steps}
	for i < len(t) && t[i] != '>' {
		var a rawAttr
		a.keyStart = i
		*steps++
		// Attribute name: an '=' as first character belongs to it.
		j := i
		for j < len(t) {
			c := t[j]
			j++
			if c == '=' && j == i+1 {
				continue
			}
			if c == '=' || isASCIISpace(c) || c == '/' || c == '>' {
				j--
				break
			}
		}
		keyEnd := j
		// Value.
		a.valStart, a.valEnd = j, j
		k := skipSpace(t, j)
		if k < len(t) {
			switch t[k] {
			case '/':
				k++
			case '=':
				a.hasValue = true
				k = skipSpace(t, k+1)
				if k < len(t) {
					switch q := t[k]; q {
					case '>':
					case '"', '\'':
						a.quote = q
						a.valStart = k + 1
						e := a.valStart
						for e < len(t) && t[e] != q {
							e++
						}
						a.valEnd = e
						k = min(e+1, len(t))
					default:
						a.valStart = k
						e := k
						for e < len(t) && !isASCIISpace(t[e]) && t[e] != '>' {
							e++
						}
						a.valEnd = e
						k = e
					}
				}
			}
		}
		a.attrEndRaw = k
		if keyEnd > a.keyStart {
			// Duplicates are told apart before NUL is replaced, as the
			// tokenizer does.
			a.key = lowerASCII(t[a.keyStart:keyEnd])
			if !seen.has(a.key, attrs) {
				attrs = append(attrs, a)
			}
		}
		if k == i { // no progress: cannot happen, but never loop forever
			k++
		}
		i = skipSpace(t, k)
	}
	for k := range attrs {
		attrs[k].key = replaceNUL(attrs[k].key)
	}
	return name, attrs
}

// keySet tells whether a tag has an attribute already: a scan of the few
// attributes most tags have, a map once they are many, so that a tag with
// n attributes takes O(n) time, not O(n²).
type keySet struct {
	m     map[string]struct{}
	steps *int // keys compared
}

const keySetScan = 16 // attributes scanned before a map is made

// has reports whether attrs, the attributes kept so far, hold key, and
// adds key to the set when they do not.
func (s *keySet) has(key string, attrs []rawAttr) bool {
	if s.m == nil {
		for _, b := range attrs {
			*s.steps++
			if b.key == key {
				return true
			}
		}
		if len(attrs) < keySetScan {
			return false
		}
		s.m = make(map[string]struct{}, 2*len(attrs))
		for _, b := range attrs {
			s.m[b.key] = struct{}{}
		}
		*s.steps += len(attrs)
	}
	*s.steps++
	if _, ok := s.m[key]; ok {
		return true
	}
	s.m[key] = struct{}{}
	return false
}

// replaceNUL replaces NUL with U+FFFD, as the tokenizer does in names and
// attribute values (HTML Living Standard §13.2.5.8, §13.2.5.33).
func replaceNUL(s string) string {
	if strings.IndexByte(s, 0) < 0 {
		return s
	}
	return strings.ReplaceAll(s, "\x00", "\uFFFD")
}

func skipSpace(t []byte, i int) int {
	for i < len(t) && isASCIISpace(t[i]) {
		i++
	}
	return i
}

// lowerASCII returns b as a string with ASCII letters lowered, as the
// tokenizer lowers tag and attribute names.
func lowerASCII(b []byte) string {
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			l := []byte(string(b))
			for j := i; j < len(l); j++ {
				if 'A' <= l[j] && l[j] <= 'Z' {
					l[j] += 'a' - 'A'
				}
			}
			return string(l)
		}
	}
	if s, ok := commonNames[string(b)]; ok {
		return s // no allocation for the names most tags are made of
	}
	return string(b)
}

var commonNames = func() map[string]string {
	m := map[string]string{}
	for _, s := range strings.Fields(`a abbr alt area article aside audio b base blockquote body br button
		charset cite class code content data dd div dl dt em embed figure footer form h1 h2 h3 h4 h5
		h6 head header height hr href html i id iframe img input label lang li link main media meta
		name nav noscript ol option p picture poster pre property rel role script section select
		sizes small source span src srcset strong style sup svg table target tbody td template th
		title tr type ul value video width`) {
		m[s] = s
	}
	return m
}()

// decoded is a text or attribute value with its character references
// decoded and newlines normalized, with a map back to the raw bytes.
type decoded struct {
	s string
	// pos maps s back to the raw bytes, nil when s is the raw text
	// itself; in, when not nil, maps those offsets back again (a value
	// decoded from the page's characters, see page.value).
	pos, in offsetMap
}

// raw returns the raw offset of s[i], for 0 <= i <= len(s).
func (d decoded) raw(i int) int {
	return d.in.raw(d.pos.raw(i))
}

// offsetMap maps the offsets of a decoded text back to the raw one. It
// holds a shift only where a character or reference was decoded to
// another length, so that it stays small next to the text: from shift.d
// on, decoded offsets map to raw ones from shift.r on, one for one, but
// never past the next shift's r (inside a character that grew). Before
// the first shift, offsets are the same.
type offsetMap []shift

type shift struct{ d, r int32 } // MaxHTMLSize fits

// raw returns the raw offset of decoded offset i.
func (m offsetMap) raw(i int) int {
	k := sort.Search(len(m), func(k int) bool { return int(m[k].d) > i })
	r := i
	if k > 0 {
		r = int(m[k-1].r) + i - int(m[k-1].d)
	}
	if k < len(m) {
		r = min(r, int(m[k].r))
	}
	return r
}

// add records that decoded offset d is at raw offset r, where a
// character or reference of another length ends.
func (m offsetMap) add(d, r int) offsetMap {
	at := d // where d maps to without a new shift
	if len(m) > 0 {
		at = int(m[len(m)-1].r) + d - int(m[len(m)-1].d)
	}
	if at == r {
		return m
	}
	return append(m, shift{int32(d), int32(r)})
}

// decode decodes raw as the tokenizer decodes an attribute value
// (attribute true) or text: CR LF and CR become LF, NUL in an attribute
// U+FFFD, then character
// references are replaced (HTML Living Standard §13.2.5.72), with the
// rule for attributes that a named reference without ';' followed by '='
// or an alphanumeric stays as written.
func decode[T ~string | ~[]byte](raw T, attribute bool) decoded {
	if !hasAmpOrCR(raw) && !(attribute && indexNUL(raw) >= 0) {
		return decoded{s: string(raw)}
	}
	var sb strings.Builder
	sb.Grow(len(raw))
	var pos offsetMap
	for i := 0; i < len(raw); {
		c := raw[i]
		switch {
		case c == 0 && attribute:
			sb.WriteString("\uFFFD")
			i++
			pos = pos.add(sb.Len(), i)
		case c == '\r':
			sb.WriteByte('\n')
			i++
			if i < len(raw) && raw[i] == '\n' {
				i++
				pos = pos.add(sb.Len(), i)
			}
		case c == '&':
			j := i + 1
			for j < len(raw) && (isAlnum(raw[j]) || raw[j] == '#' && j == i+1) {
				j++
			}
			if j < len(raw) && raw[j] == ';' {
				j++
			}
			chunk := string(raw[i:j])
			d := html.UnescapeString(chunk)
			keep := len(commonSuffix(d, chunk))
			if d == chunk {
				keep = len(chunk)
			} else if attribute && chunk[1] != '#' {
				// Attributes take a named reference only whole.
				if keep > 0 || chunk[len(chunk)-1] != ';' && j < len(raw) && raw[j] == '=' {
					d, keep = chunk, len(chunk)
				}
			}
			// The reference itself, then what the decoder left as it was.
			sb.WriteString(d[:len(d)-keep])
			pos = pos.add(sb.Len(), j-keep)
			sb.WriteString(d[len(d)-keep:])
			i = j
		default:
			sb.WriteByte(c)
			i++
		}
	}
	return decoded{s: sb.String(), pos: pos}
}

// indexNUL returns the index of the first NUL in b, -1 if there is none.
func indexNUL[T ~string | ~[]byte](b T) int {
	for i := 0; i < len(b); i++ {
		if b[i] == 0 {
			return i
		}
	}
	return -1
}

func hasAmpOrCR[T ~string | ~[]byte](b T) bool {
	for i := 0; i < len(b); i++ {
		if c := b[i]; c == '&' || c == '\r' {
			return true
		}
	}
	return false
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// commonSuffix returns the longest common suffix of a decoded reference d
// and the chunk it came from, shorter than d: the characters after the
// reference that the decoder left as they were.
func commonSuffix(d, chunk string) string {
	n := 0
	for n < len(d)-1 && n < len(chunk) && d[len(d)-1-n] == chunk[len(chunk)-1-n] {
		n++
	}
	return d[len(d)-n:]
}
