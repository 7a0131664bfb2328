package delimit

import (
	"strings"

	"github.com/urix/urix/uri"
)

// abbreviated looks at the '.' at t for "www." or "ftp." starting a host
// name with a known public suffix: an abbreviated URI (2003 draft of
// RFC 3986, appendix F), completed with the scheme its name suggests.
func (s *Scanner) abbreviated(t int64) outcome {
	b, q := s.buf, int(t-s.off)
	i := q - 3 - wwwDigits(b, q) // nextAbbreviation found "www", "www2" or "ftp"
	if i < max(0, int(s.floor-s.off)) {
		return s.fail(q + 1)
	}
	scheme := "ftp://"
	if b[i]|0x20 == 'w' {
		scheme = "http://"
	}
	// Not inside a word, a path or a mail address; Markdown emphasis
	// ("**www.example.com**") is markup around it.
	if i > 0 && (class[b[i-1]]&cScheme != 0 || strings.IndexByte("_@/%~=&?#$!*", b[i-1]) >= 0) && emphasisBefore(b, i) == nil {
		return s.fail(q + 1)
	}
	return s.run(i, q, Abbreviated, scheme, needHost)
}

// knownSuffix reports whether host ends in a public suffix and is more
// than that suffix. The list is the one registered with package uri
// (import github.com/urix/urix/uri/psl, as package extract and the command
// do), so that delimit does not link net/http, which the list's package
// brings. Without one, a last label of two or more ASCII letters (or an
// IDNA "xn--" label) stands for a suffix.
func knownSuffix(host string) bool {
	host = strings.ToLower(strings.TrimSuffix(host, "."))
	if list := uri.RegisteredPublicSuffix(); list != nil {
		suffix, icann := list(host)
		return (icann || strings.Contains(suffix, ".")) && len(host) > len(suffix)
	}
	dot := strings.LastIndexByte(host, '.')
	return dot > 0 && tldLike(host[dot+1:])
}

// tldLike reports whether label has the shape of a top-level domain.
func tldLike(label string) bool {
	if strings.HasPrefix(label, "xn--") {
		return len(label) > 4
	}
	for i := 0; i < len(label); i++ {
		if label[i] < 'a' || label[i] > 'z' {
			return false
		}
	}
	return len(label) >= 2
}

// wwwDigits returns the number of digits before the '.' at b[q] that
// follow "www", as numbered hosts have them ("www2.example.com"), or 0.
func wwwDigits(b []byte, q int) int {
	k := q
	for k > 0 && '0' <= b[k-1] && b[k-1] <= '9' {
		k--
	}
	if k == q || k < 3 || b[k-3]|0x20 != 'w' || b[k-2]|0x20 != 'w' || b[k-1]|0x20 != 'w' {
		return 0
	}
	return q - k
}
