package extract

import "strings"

// simpleMediaType is mime.ParseMediaType for the values nearly every
// Content-Type holds, without its copies and its Unicode space tests:
// ASCII, "type/subtype", then "; name=value" parameters whose values are
// tokens or quoted strings without a backslash or line break, names
// without '*' (no RFC 2231 continuation), a name twice only with the
// same value, maybe a ";" at the end. It reports false for any other
// value, which mime.ParseMediaType reads (or rejects) instead.
func simpleMediaType(v string) (mediatype string, params map[string]string, ok bool) {
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
	params = map[string]string{}
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
func isTokenChar(c byte) bool {
	if c <= ' ' || c >= 0x7f {
		return false
	}
	switch c {
	case '(', ')', '<', '>', '@', ',', ';', ':', '\\', '"', '/', '[', ']', '?', '=':
		return false
	}
	return true
}
