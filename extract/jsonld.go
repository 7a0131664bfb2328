package extract

import (
	"encoding/json"
	"mime"
	"slices"
	"strings"
)

// jsonLDKeys are the keys of a JSON-LD object (schema.org's vocabulary
// and JSON-LD's own @id) whose string values, or the strings of an array
// they hold, are URLs, absolute or relative, resolved against the page's
// base like its attributes (JSON-LD 1.1 §4.1.2: relative IRIs are
// resolved against the document's base).
var jsonLDKeys = []string{"url", "@id", "image", "contentUrl", "thumbnailUrl", "embedUrl", "logo", "sameAs"}

// maxJSONLD is the largest JSON-LD script read, in bytes, and
// maxJSONLDDepth the deepest nesting of its objects and arrays: a larger
// or deeper one is read up to there, the rest left out.
const (
	maxJSONLD      = 1 << 20
	maxJSONLDDepth = 64
)

// jsonLDElem is the rawTextElements entry of a JSON-LD script: not an
// element name, since a name holds no space.
const jsonLDElem = "script ld+json"

// isJSONLD reports whether a script element with attributes attrs is
// JSON-LD: its type's essence is application/ld+json.
func isJSONLD(attrs []rawAttr, raw []byte) bool {
	for _, a := range attrs {
		if a.key == "type" {
			mt, _, err := mime.ParseMediaType(decode(raw[a.valStart:a.valEnd], true).s)
			return err == nil && mt == "application/ld+json"
		}
	}
	return false
}

// jsonFrame is an object or array being read in a JSON-LD script.
type jsonFrame struct {
	object  bool
	wantKey bool   // an object's next string is a key
	name    string // an object's last key; an array's, the key of the array
	urls    bool   // an array whose strings are URLs
}

// holdsURL reports whether a string value in frame f is a URL.
func (f *jsonFrame) holdsURL() bool {
	if f.object {
		return !f.wantKey && slices.Contains(jsonLDKeys, f.name)
	}
	return f.urls
}

// jsonLD hands out the URLs of the JSON-LD script raw at offset start
// (see jsonLDKeys), read with encoding/json token by token, so that each
// has its place in the page; blank node identifiers ("_:b0"), empty
// strings and names are not URLs (jsonLDURL). Invalid JSON is read up to
// the error, and nothing is reported about it: pages carry broken
// JSON-LD, and it is not HTML's to check.
func (p *page) jsonLD(raw []byte, start int) {
	if len(raw) > maxJSONLD {
		raw = raw[:maxJSONLD]
	}
	val := p.chars(raw)
	dec := json.NewDecoder(strings.NewReader(val.s))
	var stack []jsonFrame
	for !p.stopped {
		off := int(dec.InputOffset())
		tok, err := dec.Token()
		if err != nil {
			return
		}
		p.steps++
		var top *jsonFrame
		if len(stack) > 0 {
			top = &stack[len(stack)-1]
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '}' || t == ']' {
				stack = stack[:len(stack)-1]
				valueDone(stack)
				continue
			}
			if len(stack) >= maxJSONLDDepth {
				return
			}
			f := jsonFrame{object: t == '{', wantKey: t == '{'}
			if top != nil && t == '[' {
				f.name, f.urls = top.name, top.holdsURL()
			}
			stack = append(stack, f)
		case string:
			if top != nil && top.object && top.wantKey {
				top.name, top.wantKey = t, false
				continue
			}
			if top != nil && top.holdsURL() && jsonLDURL(top.name, t) {
				p.jsonURL(val, start, off, int(dec.InputOffset()), top.name, t)
			}
			valueDone(stack)
		default:
			valueDone(stack)
		}
	}
}

// jsonLDURL reports whether s, the value of the JSON key name, can be a
// URL: not a blank node identifier ("_:b0"), not empty, no white space
// inside. Pages' data is sloppy ("sameAs": "" or a person's name), and such a value,
// resolved as a relative reference, would name the page itself or a path
// that does not exist.
func jsonLDURL(name, s string) bool {
	s = strings.TrimSpace(s)
	return s != "" && !strings.ContainsAny(s, " \t\r\n") && !(name == "@id" && strings.HasPrefix(s, "_:"))
}

// valueDone records that a value of the innermost object was read: a key
// comes next.
func valueDone(stack []jsonFrame) {
	if len(stack) > 0 && stack[len(stack)-1].object {
		stack[len(stack)-1].wantKey = true
	}
}

// jsonURL hands out the JSON string s, a URL under key, read from the
// script val at offset start between offsets from (after the token
// before it) and end (after its closing quote).
func (p *page) jsonURL(val decoded, start, from, end int, key, s string) {
	q := from
	for q < end && val.s[q] != '"' {
		q++ // white space, ',' and ':' before the string
	}
	if q >= end-1 {
		return
	}
	ref := &p.ref
	*ref = htmlRef{
		ref: s, tag: "script", attr: key, kind: kindJSON, valStart: -1, valEnd: -1,
		start: start + val.raw(q+1), end: start + val.raw(end-1),
	}
	p.add(ref)
}

// jsonEscape escapes the URL v for a JSON string in a script element:
// quotes and backslashes, and '<', '>' and '&' as \u escapes, so that it
// cannot end the script.
func jsonEscape(v string) string {
	b, _ := json.Marshal(v)
	return string(b[1 : len(b)-1])
}
