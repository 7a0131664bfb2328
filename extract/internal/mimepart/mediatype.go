package mimepart

import (
	"errors"
	"mime"
	"strings"
)

// simpleMediaType is mime.ParseMediaType for the values nearly every
// Content-Type holds, without its copies and its Unicode space tests:
// ASCII, "type/subtype", then "; name=value" parameters whose values are
// tokens or quoted strings without a backslash or line break, names
// without '*' (no RFC 2231 continuation), a name twice only with the
// same value, maybe a ";" at the end. It reports false for any other
// value, which mime.ParseMediaType reads (or rejects) instead.
func simpleMediaType(v string, params map[string]string) (mediatype string, _ map[string]string, ok bool) {
	i := skipSpace(v, 0)
	t := skipToken(v, i)
	if t == i || t == len(v) || v[t] != '/' {
		return "", nil, false
	}
	s := skipToken(v, t+1)
	if s == t+1 {
		return "", nil, false
	}
	mediatype = strings.ToLower(v[i:s]) // v itself when it has no uppercase
	if params == nil {
		params = map[string]string{}
	}
	clear(params)
	for j := skipSpace(v, s); j < len(v); j = skipSpace(v, j) {
		if v[j] != ';' {
			return "", nil, false
		}
		n := skipSpace(v, j+1)
		if n == len(v) {
			break // a ";" at the end
		}
		e := skipToken(v, n)
		if e == n {
			return "", nil, false
		}
		name := strings.ToLower(v[n:e])
		if strings.IndexByte(name, '*') >= 0 {
			return "", nil, false
		}
		q := skipSpace(v, e)
		if q == len(v) || v[q] != '=' {
			return "", nil, false
		}
		q = skipSpace(v, q+1)
		var value string
		if q < len(v) && v[q] == '"' {
			end := q + 1
			for end < len(v) && v[end] != '"' {
				if c := v[end]; c == '\\' || c == '\r' || c == '\n' || c >= 0x80 {
					return "", nil, false
				}
				end++
			}
			if end == len(v) {
				return "", nil, false
			}
			value, j = v[q+1:end], end+1
		} else {
			if j = skipToken(v, q); j == q {
				return "", nil, false
			}
			value = v[q:j]
		}
		if old, dup := params[name]; dup && old != value {
			return "", nil, false
		}
		params[name] = value
	}
	return mediatype, params, true
}

// skipSpace returns the offset of the first byte from i on in v that is
// not ASCII white space (unicode.IsSpace).
func skipSpace(v string, i int) int {
	for i < len(v) && (v[i] == ' ' || '\t' <= v[i] && v[i] <= '\r') {
		i++
	}
	return i
}

// skipToken returns the offset of the first byte from i on in v that is
// not a token character (RFC 2045 §5.1): ASCII, printable, not a
// tspecial.
func skipToken(v string, i int) int {
	for i < len(v) && isTokenChar(v[i]) {
		i++
	}
	return i
}

// isTokenChar reports whether c may be in a token (RFC 2045 §5.1).
func isTokenChar(c byte) bool { return tokenChars[c] }

// tokenChars is isTokenChar's table: one load a byte, where the tests of
// the ranges and tspecials were most of the cost of a boundary parameter.
var tokenChars = func() (t [256]bool) {
	for c := '!'; c < 0x7f; c++ {
		t[c] = !strings.ContainsRune(`()<>@,;:\"/[]?=`, c)
	}
	return t
}()

// maxMediaParams is the most parameters ParseMediaType reads: more than
// any real field has (RFC 2231 continuations of a long file name or URL
// included), and few enough that their map stays small. mime's map of
// the hundreds of thousands a hostile field can hold kept a live heap of
// 8 times the message.
const maxMediaParams = 1000

// errTooManyParams is ParseMediaType's error for a field of more than
// maxMediaParams parameters.
var errTooManyParams = errors.New("too many media type parameters")

// ParseMediaType is mime.ParseMediaType for a field of at most
// maxMediaParams parameters.
func ParseMediaType(v string) (string, map[string]string, error) {
	return ParseMediaTypeInto(v, nil)
}

// ParseMediaTypeInto is ParseMediaType returning params, emptied first,
// with the parameters of a simple value (most are): a program that reads
// many media types reuses one map. With params nil, or for another
// value, the map is a new one.
func ParseMediaTypeInto(v string, params map[string]string) (string, map[string]string, error) {
	if strings.Count(v, ";") > maxMediaParams {
		return "", nil, errTooManyParams
	}
	if mt, params, ok := simpleMediaType(v, params); ok {
		return mt, params, nil
	}
	return mime.ParseMediaType(v)
}

// LooseParam finds name=value in a header value that mime.ParseMediaType
// rejects: the first occurrence of the name (case-insensitive) followed by
// "=", then a quoted string or a token up to ";" or white space. Only
// ASCII letters are lowered: offsets in the lowered copy are offsets in v,
// which strings.ToLower does not keep for invalid UTF-8 or for letters
// such as U+212A KELVIN SIGN. lower is v so lowered.
func LooseParam(v, lower, name string) (string, bool) {
	for from := 0; ; {
		i := strings.Index(lower[from:], name)
		if i < 0 {
			return "", false
		}
		i += from
		from = i + len(name)
		if i > 0 && !strings.ContainsRune("; \t\r\n", rune(lower[i-1])) {
			continue
		}
		rest := strings.TrimLeft(v[from:], " \t\r\n")
		if !strings.HasPrefix(rest, "=") {
			continue
		}
		rest = strings.TrimLeft(rest[1:], " \t\r\n")
		if strings.HasPrefix(rest, `"`) {
			if j := strings.IndexByte(rest[1:], '"'); j >= 0 {
				return rest[1 : 1+j], true
			}
			return rest[1:], true
		}
		if j := strings.IndexAny(rest, "; \t\r\n"); j >= 0 {
			rest = rest[:j]
		}
		return rest, rest != ""
	}
}
